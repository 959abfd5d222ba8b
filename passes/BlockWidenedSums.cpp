//===- BlockWidenedSums.cpp - tnp-block-widened-sums ----------------------===//
//
// A float32 sum accumulates in float64 (see ReductionLowering.cpp), which
// costs a conversion and twice the adds per element. This pass sums blocks
// of at most kBlock elements in float32 and adds each block's sum to the
// float64 accumulator (see Passes.td for why that is as accurate as NumPy).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
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

/// Wraps `loop` in a loop over its blocks of `kBlock` trips, which carries
/// the accumulator from block to block: `loop` then runs one block,
/// [t, min(t + kBlock * step, ub)).
void splitIntoBlocks(affine::AffineForOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  MLIRContext *ctx = b.getContext();
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

  Value start = outer.getInductionVar();
  AffineMap ub = loop.getUpperBoundMap();
  SmallVector<AffineExpr> ends{getAffineDimExpr(0, ctx) + blockStep};
  // Where the trips are a whole number of blocks no block is clipped.
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (!trips || *trips % kBlock != 0)
    for (AffineExpr e : ub.getResults())
      ends.push_back(e.shiftDims(ub.getNumDims(), 1));
  SmallVector<Value> endOperands{start};
  llvm::append_range(endOperands, loop.getUpperBoundOperands());
  loop.setUpperBound(
      endOperands,
      AffineMap::get(ub.getNumDims() + 1, ub.getNumSymbols(), ends, ctx));
  loop.setLowerBound(start, b.getDimIdentityMap());
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
  }
};

} // namespace
