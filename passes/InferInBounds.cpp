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

/// The largest value an index takes, if bounded by constants: a constant,
/// the induction variable of a loop with constant bounds (its last trip's
/// value), or an affine.apply growing with such operands. Indices are
/// never negative here (loops from a constant lower bound at least 0).
std::optional<int64_t> largestValue(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  if (auto loop = affine::getForInductionVarOwner(value)) {
    if (!loop.hasConstantBounds() || loop.getConstantLowerBound() < 0)
      return std::nullopt;
    int64_t lb = loop.getConstantLowerBound(),
            ub = loop.getConstantUpperBound(), step = loop.getStepAsInt();
    if (ub <= lb)
      return std::nullopt;
    return lb + (ub - lb - 1) / step * step;
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
