//===- InferInBounds.cpp - tnp-infer-in-bounds ----------------------------===//
//
// Marks vector transfers in bounds where loop bounds prove it (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/VectorInterfaces.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPINFERINBOUNDSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

std::optional<int64_t> largestValue(Value value);

/// The largest value `expr` takes over `operands`' values, if every operand
/// has a known largest value and `expr` grows with each (sums and products
/// by non-negative constants).
std::optional<int64_t> largestValue(AffineExpr expr, ValueRange operands,
                                    unsigned numDims) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue();
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return largestValue(operands[dim.getPosition()]);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return largestValue(operands[numDims + symbol.getPosition()]);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = largestValue(binary.getLHS(), operands, numDims);
  std::optional<int64_t> rhs = largestValue(binary.getRHS(), operands, numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return *lhs + *rhs;
  case AffineExprKind::Mul:
    // One side is a constant: it must not flip the order.
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getRHS());
        c && c.getValue() >= 0)
      return *lhs * *rhs;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The last trip's value of a loop from `lb` to `ub` (constants) by `step`.
std::optional<int64_t> lastTrip(int64_t lb, int64_t ub, int64_t step) {
  if (lb < 0 || ub <= lb)
    return std::nullopt;
  return lb + (ub - lb - 1) / step * step;
}

/// The last trip's value of a loop whose bounds move together (a chunk of
/// a parallel loop, from d0 to d0 + C): the largest upper bound less one
/// step, where C is a whole number of steps.
std::optional<int64_t> lastTripOfChunk(affine::AffineForOp loop) {
  AffineMap lb = loop.getLowerBoundMap(), ub = loop.getUpperBoundMap();
  int64_t step = loop.getStepAsInt();
  if (lb.getNumResults() != 1 || ub.getNumResults() != 1 ||
      lb.getNumDims() != ub.getNumDims() ||
      !llvm::equal(loop.getLowerBoundOperands(), loop.getUpperBoundOperands()))
    return std::nullopt;
  auto span = dyn_cast<AffineConstantExpr>(simplifyAffineExpr(
      ub.getResult(0) - lb.getResult(0), ub.getNumDims(), ub.getNumSymbols()));
  if (!span || span.getValue() <= 0 || span.getValue() % step)
    return std::nullopt;
  std::optional<int64_t> upper = largestValue(
      ub.getResult(0), loop.getUpperBoundOperands(), ub.getNumDims());
  if (!upper)
    return std::nullopt;
  return *upper - step;
}

/// The largest value an index takes, if bounded by constants: a constant,
/// the induction variable of a loop with constant bounds or of a chunk of
/// one (its last trip's value), or an affine.apply growing with such
/// operands. Indices are never negative here (loops from a constant lower
/// bound at least 0).
std::optional<int64_t> largestValue(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  if (auto loop = affine::getForInductionVarOwner(value)) {
    if (!loop.hasConstantBounds())
      return lastTripOfChunk(loop);
    return lastTrip(loop.getConstantLowerBound(), loop.getConstantUpperBound(),
                    loop.getStepAsInt());
  }
  if (auto loop = affine::getAffineParallelInductionVarOwner(value)) {
    unsigned d = cast<BlockArgument>(value).getArgNumber();
    AffineMap lbMap = loop.getLowerBoundMap(d),
              ubMap = loop.getUpperBoundMap(d);
    if (lbMap.getNumResults() != 1 || ubMap.getNumResults() != 1)
      return std::nullopt;
    auto lb = dyn_cast<AffineConstantExpr>(lbMap.getResult(0));
    auto ub = dyn_cast<AffineConstantExpr>(ubMap.getResult(0));
    if (!lb || !ub)
      return std::nullopt;
    return lastTrip(lb.getValue(), ub.getValue(), loop.getSteps()[d]);
  }
  if (auto apply = value.getDefiningOp<affine::AffineApplyOp>()) {
    AffineMap map = apply.getAffineMap();
    return largestValue(map.getResult(0), apply.getMapOperands(),
                        map.getNumDims());
  }
  return std::nullopt;
}

/// Whether `transfer` (one dimension, along the innermost of a static
/// one) provably stays within its buffer.
bool provablyInBounds(VectorTransferOpInterface transfer) {
  VectorType vectorType = transfer.getVectorType();
  auto shaped = cast<ShapedType>(transfer.getBase().getType());
  if (vectorType.getRank() != 1 || transfer.getMask() ||
      !transfer.getPermutationMap().isMinorIdentity() || !shaped.hasRank() ||
      shaped.getRank() == 0 || shaped.isDynamicDim(shaped.getRank() - 1))
    return false;
  std::optional<int64_t> last = largestValue(transfer.getIndices().back());
  return last && *last + vectorType.getDimSize(0) <=
                     shaped.getDimSize(shaped.getRank() - 1);
}

struct TnpInferInBoundsPass
    : mlir::tnp::impl::TnpInferInBoundsPassBase<TnpInferInBoundsPass> {
  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](VectorTransferOpInterface transfer) {
      if (!transfer.isDimInBounds(0) && provablyInBounds(transfer))
        transfer->setAttr(transfer.getInBoundsAttrName(),
                          b.getBoolArrayAttr({true}));
    });
  }
};

} // namespace
