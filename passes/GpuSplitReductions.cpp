//===- GpuSplitReductions.cpp - tnp-gpu-split-reductions ------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPGPUSPLITREDUCTIONSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Threads that share a reduction of everything (a first level), then the
/// threads that reduce their partials (a second), and threads per output
/// element of a reduction that keeps dimensions.
constexpr int64_t kPartsAlone = 32768, kPartsOfPartials = 256,
                  kPartsPerElement = 32;
/// Fewer elements per output than this stay in one thread.
constexpr int64_t kMinReduced = 256;
/// This many outputs, or more, are threads enough.
constexpr int64_t kManyOutputs = 65536;

/// The op of `op`'s body that folds its one output's value with a value
/// computed from the inputs, where reassociating it is allowed: integer
/// sums and products, min and max, bitwise and/or/xor, float sums and
/// products marked reassoc. Null otherwise.
Operation *reassociableCombiner(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0)
    return nullptr;
  // Broadcast reads (a row's mean as [1, n]) index 0.
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return nullptr;
  Block &body = op.getRegion().front();
  BlockArgument acc = body.getArguments().back();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Operation *combiner = yield.getValues()[0].getDefiningOp();
  if (!combiner || !acc.hasOneUse() || combiner->getNumOperands() != 2 ||
      *acc.getUsers().begin() != combiner ||
      combiner->getOperand(0) == combiner->getOperand(1))
    return nullptr;
  if (isa<arith::AddFOp, arith::MulFOp>(combiner)) {
    auto flags =
        cast<arith::ArithFastMathInterface>(combiner).getFastMathFlagsAttr();
    if (!flags || !arith::bitEnumContainsAll(flags.getValue(),
                                             arith::FastMathFlags::reassoc))
      return nullptr;
  } else if (!isa<arith::AddIOp, arith::MulIOp, arith::MaxSIOp, arith::MinSIOp,
                  arith::MaxUIOp, arith::MinUIOp, arith::MaxNumFOp,
                  arith::MinNumFOp, arith::MaximumFOp, arith::MinimumFOp,
                  arith::AndIOp, arith::OrIOp, arith::XOrIOp>(combiner)) {
    return nullptr;
  }
  return arith::getNeutralElement(combiner) ? combiner : nullptr;
}

/// Folds `value` into `acc` with a clone of `combiner`, whose operand from
/// the body's output (`out`) takes `acc` and whose other operand `value`.
Value combine(OpBuilder &b, Operation *combiner, BlockArgument out, Value acc,
              Value value) {
  IRMapping mapping;
  for (Value operand : combiner->getOperands())
    mapping.map(operand, operand == out ? acc : value);
  return b.clone(*combiner, mapping)->getResult(0);
}

/// Partial results in a new buffer [outer..., parts] ([parts, outer...]
/// with `partsFirst`): thread (outer, p) folds the elements p, p + parts,
/// p + 2 parts, ... below `count`, which `element(outer ivs, k)` gives, into
/// the combiner's neutral element. The innermost dimension runs on
/// consecutive threads: p where the elements of an output are contiguous,
/// the last outer one where outputs are (partsFirst).
Value partials(OpBuilder &b, Location loc, ArrayRef<Value> outer, Value count,
               int64_t parts, bool partsFirst, Operation *combiner,
               BlockArgument out,
               function_ref<Value(OpBuilder &, ValueRange, Value)> element) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value step = arith::ConstantIndexOp::create(b, loc, parts);
  SmallVector<Value> upper(outer);
  upper.insert(partsFirst ? upper.begin() : upper.end(), step);
  SmallVector<int64_t> shape(upper.size(), ShapedType::kDynamic);
  shape[partsFirst ? 0 : outer.size()] = parts;
  Value buffer = memref::AllocOp::create(
      b, loc, MemRefType::get(shape, out.getType()), SmallVector<Value>(outer));
  auto neutral = cast<TypedAttr>(*arith::getNeutralElement(combiner));
  Value init = arith::ConstantOp::create(b, loc, neutral);
  SmallVector<Value> lower(upper.size(), zero), ones(upper.size(), one);
  scf::ParallelOp::create(
      b, loc, lower, upper, ones,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        Value p = partsFirst ? ivs.front() : ivs.back();
        ValueRange outerIvs = partsFirst ? ivs.drop_front() : ivs.drop_back();
        auto loop = scf::ForOp::create(
            nb, nloc, p, count, step, ValueRange{init},
            [&](OpBuilder &fb, Location floc, Value k, ValueRange accs) {
              Value v = element(fb, outerIvs, k);
              scf::YieldOp::create(fb, floc,
                                   combine(fb, combiner, out, accs[0], v));
            });
        memref::StoreOp::create(nb, nloc, loop.getResult(0), buffer, ivs);
      });
  return buffer;
}

/// Splits `op`, a reduction with few outputs and many elements per output
/// (a sum of everything, a row sum of few rows), among threads: partial
/// results of strided shares of each output's elements, then (for a
/// reduction of everything, twice) the partials folded into the output.
void split(linalg::GenericOp op, Operation *combiner) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Block &body = op.getRegion().front();
  BlockArgument out = body.getArguments().back();
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
  SmallVector<unsigned> outerDims, reducedDims;
  op.getParallelDims(outerDims);
  op.getReductionDims(reducedDims);
  SmallVector<Value> outer;
  for (unsigned d : outerDims)
    outer.push_back(getValueOrCreateConstantIndexOp(b, loc, ranges[d].size));
  Value count;
  for (unsigned d : reducedDims) {
    Value size = getValueOrCreateConstantIndexOp(b, loc, ranges[d].size);
    count = count ? arith::MulIOp::create(b, loc, count, size) : size;
  }

  // The loop's induction variables at outer ivs and linear reduced index k.
  auto loopIvs = [&](OpBuilder &nb, ValueRange outerIvs, Value k) {
    SmallVector<Value> ivs(ranges.size());
    for (auto [d, iv] : llvm::zip(outerDims, outerIvs))
      ivs[d] = iv;
    // Row-major: the last reduced dimension varies fastest; the first takes
    // what the others leave (k is below their product).
    for (unsigned d : llvm::reverse(ArrayRef(reducedDims).drop_front())) {
      Value size = getValueOrCreateConstantIndexOp(nb, loc, ranges[d].size);
      ivs[d] = arith::RemUIOp::create(nb, loc, k, size);
      k = arith::DivUIOp::create(nb, loc, k, size);
    }
    ivs[reducedDims.front()] = k;
    return ivs;
  };
  auto operandIndices = [&](OpBuilder &nb, AffineMap map, ArrayRef<Value> ivs) {
    SmallVector<Value> indices;
    for (AffineExpr e : map.getResults())
      indices.push_back(
          isa<AffineDimExpr>(e)
              ? ivs[cast<AffineDimExpr>(e).getPosition()]
              : arith::ConstantIndexOp::create(
                    nb, loc, cast<AffineConstantExpr>(e).getValue())
                    .getResult());
    return indices;
  };
  // The body's value before the combiner, at one element.
  auto element = [&](OpBuilder &nb, ValueRange outerIvs, Value k) {
    SmallVector<Value> ivs = loopIvs(nb, outerIvs, k);
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands())
      mapping.map(
          body.getArgument(input->getOperandNumber()),
          memref::LoadOp::create(
              nb, loc, input->get(),
              operandIndices(nb, op.getMatchingIndexingMap(input), ivs)));
    for (Operation &inner : body.without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(inner))
        mapping.map(index.getResult(), ivs[index.getDim()]);
      else if (&inner != combiner)
        nb.clone(inner, mapping);
    }
    Value operand = combiner->getOperand(0) == out ? combiner->getOperand(1)
                                                   : combiner->getOperand(0);
    return mapping.lookupOrDefault(operand);
  };
  bool alone = outer.empty();
  // Outputs along the last loop dimension (a column sum of row-major data)
  // are what consecutive threads read.
  bool partsFirst = !alone && outerDims.back() + 1 == ranges.size();
  Value first =
      partials(b, loc, outer, count, alone ? kPartsAlone : kPartsPerElement,
               partsFirst, combiner, out, element);
  SmallVector<Value> buffers{first};
  int64_t parts = alone ? kPartsAlone : kPartsPerElement;
  if (alone) {
    Value firstCount = arith::ConstantIndexOp::create(b, loc, kPartsAlone);
    buffers.push_back(
        partials(b, loc, outer, firstCount, kPartsOfPartials,
                 /*partsFirst=*/false, combiner, out,
                 [&](OpBuilder &nb, ValueRange, Value k) -> Value {
                   return memref::LoadOp::create(nb, loc, first, k);
                 }));
    parts = kPartsOfPartials;
  }
  // Each output element: its value (the reduction's initial one) folded
  // with its partials.
  Value last = buffers.back();
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap outMap = op.getMatchingIndexingMap(init);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value partCount = arith::ConstantIndexOp::create(b, loc, parts);
  auto fold = [&](OpBuilder &nb, Location nloc, ValueRange outerIvs) {
    SmallVector<Value> ivs(ranges.size(), zero);
    for (auto [d, iv] : llvm::zip(outerDims, outerIvs))
      ivs[d] = iv;
    SmallVector<Value> at = operandIndices(nb, outMap, ivs);
    Value start = memref::LoadOp::create(nb, nloc, init->get(), at);
    auto loop = scf::ForOp::create(
        nb, nloc, zero, partCount, one, ValueRange{start},
        [&](OpBuilder &fb, Location floc, Value p, ValueRange accs) {
          SmallVector<Value> index(outerIvs);
          index.insert(partsFirst ? index.begin() : index.end(), p);
          Value v = memref::LoadOp::create(fb, floc, last, index);
          scf::YieldOp::create(fb, floc,
                               combine(fb, combiner, out, accs[0], v));
        });
    memref::StoreOp::create(nb, nloc, loop.getResult(0), init->get(), at);
  };
  if (alone)
    fold(b, loc, {});
  else
    scf::ParallelOp::create(b, loc, SmallVector<Value>(outer.size(), zero),
                            outer, SmallVector<Value>(outer.size(), one), fold);
  for (Value buffer : buffers)
    memref::DeallocOp::create(b, loc, buffer);
  op.erase();
}

/// Whether `op` has few outputs (statically under kManyOutputs, or
/// unknown) and, where it is known, at least kMinReduced elements for
/// each.
bool worthSplitting(linalg::GenericOp op) {
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> kinds = op.getIteratorTypesArray();
  int64_t outputs = 1, reduced = 1;
  bool outputsKnown = true, reducedKnown = true;
  for (auto [size, kind] : llvm::zip(sizes, kinds)) {
    bool known = !ShapedType::isDynamic(size);
    if (kind == utils::IteratorType::parallel) {
      outputsKnown &= known;
      outputs *= known ? size : 1;
    } else {
      reducedKnown &= known;
      reduced *= known ? size : 1;
    }
  }
  return !(outputsKnown && outputs >= kManyOutputs) &&
         !(reducedKnown && reduced < kMinReduced);
}

struct TnpGpuSplitReductionsPass
    : public mlir::tnp::impl::TnpGpuSplitReductionsPassBase<
          TnpGpuSplitReductionsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, Operation *>> work;
    getOperation().walk([&](linalg::GenericOp op) {
      if (Operation *combiner = reassociableCombiner(op))
        if (worthSplitting(op))
          work.push_back({op, combiner});
    });
    for (auto [op, combiner] : work)
      split(op, combiner);
    // The reductions left (many outputs, or a combiner that may not be
    // reassociated) run one thread per output: their reduced loops go
    // innermost. A reduced loop outside a parallel one would stay on the
    // host around the kernel, one launch per trip (a column sum of a tall
    // array: a launch per row).
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](linalg::GenericOp op) {
      SmallVector<unsigned> parallel, reduced;
      op.getParallelDims(parallel);
      op.getReductionDims(reduced);
      if (reduced.empty() || parallel.empty() ||
          reduced.front() > parallel.back())
        return;
      SmallVector<unsigned> order(parallel);
      llvm::append_range(order, reduced);
      rewriter.setInsertionPoint(op);
      (void)linalg::interchangeGenericOp(rewriter, op, order);
    });
  }
};

} // namespace
