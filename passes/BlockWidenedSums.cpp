//===- BlockWidenedSums.cpp - tnp-block-widened-sums ----------------------===//
//
// A float32 sum accumulates in float64 (see ReductionLowering.cpp), which
// costs a conversion and twice the adds per element. This pass sums blocks
// of at most kBlock elements in float32 and adds each block's sum to the
// float64 accumulator (see Passes.td for why that is as accurate as NumPy);
// a sum across rows, blocks of kRowBlock rows into a float32 row.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPBLOCKWIDENEDSUMSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Trips of a block summed in float32. LLVM vectorizes such a loop with
/// four 16-lane accumulators on AVX-512, so each lane adds 16 elements, as
/// each of NumPy's eight pairwise-sum accumulators does in its blocks of
/// 128; the lanes then combine as a tree.
constexpr int64_t kBlock = 1024;

/// `acc' = extf(x : f32) + acc` in an innermost loop whose one iter_arg,
/// a float64, is that sum's accumulator.
struct WidenedSum {
  arith::AddFOp add;
  arith::ExtFOp ext;
};

std::optional<WidenedSum> widenedSumOf(affine::AffineForOp loop) {
  if (loop.getNumRegionIterArgs() != 1)
    return std::nullopt;
  BlockArgument acc = loop.getRegionIterArgs().front();
  if (!acc.getType().isF64() || !acc.hasOneUse())
    return std::nullopt;
  auto add = dyn_cast<arith::AddFOp>(*acc.getUsers().begin());
  if (!add || add->getBlock() != loop.getBody() ||
      !add.getResult().hasOneUse() ||
      *add->getUsers().begin() != loop.getBody()->getTerminator() ||
      !arith::bitEnumContainsAll(add.getFastmath(),
                                 arith::FastMathFlags::reassoc))
    return std::nullopt;
  Value addend = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  auto ext = addend.getDefiningOp<arith::ExtFOp>();
  if (!ext || !ext.getIn().getType().isF32() || !ext->hasOneUse())
    return std::nullopt;
  bool innermost =
      !loop.getBody()
           ->walk([](affine::AffineForOp) { return WalkResult::interrupt(); })
           .wasInterrupted();
  if (!innermost)
    return std::nullopt;
  return WidenedSum{add, ext};
}

/// Makes `loop` run the block of `blockTrips` trips from `start`:
/// [start, min(start + blockTrips * step, ub)).
void runOneBlock(affine::AffineForOp loop, Value start, int64_t blockTrips) {
  MLIRContext *ctx = loop.getContext();
  AffineMap ub = loop.getUpperBoundMap();
  SmallVector<AffineExpr> ends{getAffineDimExpr(0, ctx) +
                               blockTrips * loop.getStepAsInt()};
  // Where the trips are a whole number of blocks no block is clipped.
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (!trips || *trips % blockTrips != 0)
    for (AffineExpr e : ub.getResults())
      ends.push_back(e.shiftDims(ub.getNumDims(), 1));
  SmallVector<Value> endOperands{start};
  llvm::append_range(endOperands, loop.getUpperBoundOperands());
  loop.setUpperBound(
      endOperands,
      AffineMap::get(ub.getNumDims() + 1, ub.getNumSymbols(), ends, ctx));
  loop.setLowerBound(start, AffineMap::getMultiDimIdentityMap(1, ctx));
}

/// Wraps `loop` in a loop over its blocks of `kBlock` trips, which carries
/// the accumulator from block to block: `loop` then runs one block,
/// [t, min(t + kBlock * step, ub)).
void splitIntoBlocks(affine::AffineForOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  int64_t blockStep = kBlock * loop.getStepAsInt();
  auto outer = affine::AffineForOp::create(
      b, loc, loop.getLowerBoundOperands(), loop.getLowerBoundMap(),
      loop.getUpperBoundOperands(), loop.getUpperBoundMap(), blockStep,
      loop.getInits(), [](OpBuilder &b, Location loc, Value, ValueRange acc) {
        affine::AffineYieldOp::create(b, loc, acc);
      });
  loop.getResult(0).replaceAllUsesWith(outer.getResult(0));
  Operation *yield = outer.getBody()->getTerminator();
  loop->moveBefore(yield);
  yield->setOperand(0, loop.getResult(0));
  loop.getInitsMutable()[0].set(outer.getRegionIterArgs().front());

  runOneBlock(loop, outer.getInductionVar(), kBlock);
}

/// Makes `loop` sum in float32 from zero, and adds its result, widened, to
/// the float64 value it started from.
void sumInFloat32(affine::AffineForOp loop, WidenedSum sum) {
  IRRewriter rewriter(loop);
  Location loc = loop.getLoc();
  Type f32 = rewriter.getF32Type();
  Value start = loop.getInits().front();
  arith::FastMathFlagsAttr flags = sum.add.getFastmathAttr();
  loop.getInitsMutable()[0].set(
      arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(0)));
  BlockArgument acc = loop.getRegionIterArgs().front();
  acc.setType(f32);
  loop.getResult(0).setType(f32);

  rewriter.setInsertionPoint(sum.add);
  Value add = arith::AddFOp::create(rewriter, sum.add.getLoc(), sum.ext.getIn(),
                                    acc, flags);
  rewriter.replaceAllUsesWith(sum.add.getResult(), add);
  rewriter.eraseOp(sum.add);
  rewriter.eraseOp(sum.ext);

  rewriter.setInsertionPointAfter(loop);
  auto widened = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(),
                                       loop.getResult(0));
  Value total = arith::AddFOp::create(rewriter, loc, start, widened, flags);
  rewriter.replaceAllUsesExcept(loop.getResult(0), total, widened);
}

/// Rows a block of a sum across rows (`acc[j] = extf(x[i, j]) + acc[j]`
/// in a loop over i) adds in float32: each element of the float32 row adds
/// 16, as each lane of a block along a row does.
constexpr int64_t kRowBlock = 16;

/// A sum across the trips of an outer loop, through memory: the loop's
/// body is a perfect nest whose innermost body is exactly
/// `a = load acc[idx]; w = extf(load x); s = addf(w, a) reassoc;
/// store s, acc[idx]` with acc a float64 allocation and idx
/// independent of the outer loop (a float32 sum along axis 0): acc is an
/// allocation, whose sizes are known before the loop.
struct RowSum {
  affine::AffineLoadOp accLoad;
  affine::AffineStoreOp accStore;
  arith::AddFOp add;
  arith::ExtFOp ext;
};

std::optional<RowSum> rowSumOf(affine::AffineForOp loop) {
  if (loop.getNumRegionIterArgs() != 0 ||
      !llvm::hasSingleElement(loop.getBody()->without_terminator()))
    return std::nullopt;
  auto inner = dyn_cast<affine::AffineForOp>(loop.getBody()->front());
  while (inner && inner.getNumRegionIterArgs() == 0 &&
         llvm::hasSingleElement(inner.getBody()->without_terminator()) &&
         isa<affine::AffineForOp>(inner.getBody()->front()))
    inner = cast<affine::AffineForOp>(inner.getBody()->front());
  if (!inner || inner.getNumRegionIterArgs() != 0)
    return std::nullopt;
  Block *body = inner.getBody();
  if (std::distance(body->begin(), body->end()) != 6)
    return std::nullopt;
  auto store =
      dyn_cast<affine::AffineStoreOp>(body->getTerminator()->getPrevNode());
  if (!store)
    return std::nullopt;
  auto add = store.getValueToStore().getDefiningOp<arith::AddFOp>();
  if (!add || !add.getType().isF64() ||
      !arith::bitEnumContainsAll(add.getFastmath(),
                                 arith::FastMathFlags::reassoc))
    return std::nullopt;
  auto accLoad = add.getRhs().getDefiningOp<affine::AffineLoadOp>();
  auto ext = add.getLhs().getDefiningOp<arith::ExtFOp>();
  if (!accLoad || !ext) {
    accLoad = add.getLhs().getDefiningOp<affine::AffineLoadOp>();
    ext = add.getRhs().getDefiningOp<arith::ExtFOp>();
  }
  if (!accLoad || !ext || !ext.getIn().getType().isF32() ||
      !ext.getIn().getDefiningOp<affine::AffineLoadOp>() ||
      accLoad.getMemRef() != store.getMemRef() ||
      accLoad.getAffineMap() != store.getAffineMap() ||
      !llvm::equal(accLoad.getMapOperands(), store.getMapOperands()) ||
      llvm::is_contained(store.getMapOperands(), loop.getInductionVar()) ||
      !accLoad->hasOneUse() || !ext->hasOneUse() || !add->hasOneUse())
    return std::nullopt;
  auto alloc = store.getMemRef().getDefiningOp<memref::AllocOp>();
  if (!alloc || !alloc.getType().getLayout().isIdentity())
    return std::nullopt;
  // At least two blocks: a loop over one block would be a one-trip loop,
  // which the vectorizer turns into an invalid broadcasting store.
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (trips && *trips <= static_cast<uint64_t>(kRowBlock))
    return std::nullopt;
  return RowSum{accLoad, store, add, ext};
}

/// Builds, at `b`, a copy of the loops between `outer` (exclusive) and
/// `innermostOp` around a body that `body` builds, given the originals'
/// induction variables mapped to the copies'.
void cloneNestAround(affine::AffineForOp outer, Operation *innermostOp,
                     OpBuilder &b,
                     function_ref<void(OpBuilder &, IRMapping &)> body) {
  SmallVector<affine::AffineForOp> loops;
  for (Operation *op = innermostOp->getParentOp(); op != outer;
       op = op->getParentOp())
    loops.push_back(cast<affine::AffineForOp>(op));
  std::reverse(loops.begin(), loops.end());
  IRMapping ivs;
  OpBuilder::InsertionGuard guard(b);
  for (affine::AffineForOp l : loops) {
    auto copy = affine::AffineForOp::create(
        b, l.getLoc(), l.getLowerBoundOperands(), l.getLowerBoundMap(),
        l.getUpperBoundOperands(), l.getUpperBoundMap(), l.getStepAsInt());
    ivs.map(l.getInductionVar(), copy.getInductionVar());
    b.setInsertionPointToStart(copy.getBody());
  }
  body(b, ivs);
}

/// Sums the rows of `loop` in blocks of kRowBlock into a float32 copy of
/// the accumulator, from zero, and adds each block's sums, widened, to the
/// float64 accumulator.
void sumRowsInFloat32(affine::AffineForOp loop, RowSum sum) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  auto accType = cast<MemRefType>(sum.accStore.getMemRef().getType());
  auto alloc = sum.accStore.getMemRef().getDefiningOp<memref::AllocOp>();
  Value partial = memref::AllocOp::create(
      b, loc, MemRefType::get(accType.getShape(), b.getF32Type()),
      alloc.getDynamicSizes(), alloc.getAlignmentAttr());

  // for t in blocks: partial = 0; rows t..; acc += extf(partial).
  int64_t blockStep = kRowBlock * loop.getStepAsInt();
  auto blocks = affine::AffineForOp::create(
      b, loc, loop.getLowerBoundOperands(), loop.getLowerBoundMap(),
      loop.getUpperBoundOperands(), loop.getUpperBoundMap(), blockStep);
  b.setInsertionPointToStart(blocks.getBody());
  AffineMap map = sum.accStore.getAffineMap();
  cloneNestAround(loop, sum.accStore, b, [&](OpBuilder &b, IRMapping &ivs) {
    Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0));
    SmallVector<Value> operands;
    for (Value v : sum.accStore.getMapOperands())
      operands.push_back(ivs.lookupOrDefault(v));
    affine::AffineStoreOp::create(b, loc, zero, partial, map, operands);
  });
  loop->moveBefore(blocks.getBody()->getTerminator());
  cloneNestAround(loop, sum.accStore, b, [&](OpBuilder &b, IRMapping &ivs) {
    SmallVector<Value> operands;
    for (Value v : sum.accStore.getMapOperands())
      operands.push_back(ivs.lookupOrDefault(v));
    Value p = affine::AffineLoadOp::create(b, loc, partial, map, operands);
    Value a = affine::AffineLoadOp::create(b, loc, sum.accStore.getMemRef(),
                                           map, operands);
    Value w = arith::ExtFOp::create(b, loc, b.getF64Type(), p);
    Value s = arith::AddFOp::create(b, loc, a, w, sum.add.getFastmathAttr());
    affine::AffineStoreOp::create(b, loc, s, sum.accStore.getMemRef(), map,
                                  operands);
  });

  // The rows of one block, into partial in float32.
  runOneBlock(loop, blocks.getInductionVar(), kRowBlock);

  IRRewriter rewriter(sum.add);
  Value p = affine::AffineLoadOp::create(rewriter, loc, partial, map,
                                         sum.accLoad.getMapOperands());
  Value s = arith::AddFOp::create(rewriter, sum.add.getLoc(), sum.ext.getIn(),
                                  p, sum.add.getFastmathAttr());
  sum.accStore.getMemrefMutable().set(partial);
  sum.accStore.getValueMutable().set(s);
  rewriter.eraseOp(sum.add);
  rewriter.eraseOp(sum.ext);
  rewriter.eraseOp(sum.accLoad);

  b.setInsertionPointAfter(blocks);
  memref::DeallocOp::create(b, loc, partial);
}

struct TnpBlockWidenedSumsPass
    : mlir::tnp::impl::TnpBlockWidenedSumsPassBase<TnpBlockWidenedSumsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<affine::AffineForOp, WidenedSum>> sums;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (std::optional<WidenedSum> sum = widenedSumOf(loop))
        sums.push_back({loop, *sum});
    });
    for (auto [loop, sum] : sums) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (!trips || *trips > static_cast<uint64_t>(kBlock))
        splitIntoBlocks(loop);
      sumInFloat32(loop, sum);
    }
    SmallVector<std::pair<affine::AffineForOp, RowSum>> rowSums;
    getOperation().walk([&](affine::AffineForOp loop) {
      if (std::optional<RowSum> sum = rowSumOf(loop))
        rowSums.push_back({loop, *sum});
    });
    for (auto [loop, sum] : rowSums)
      sumRowsInFloat32(loop, sum);
  }
};

} // namespace
