//===- InferInBounds.cpp - tnp-infer-in-bounds ----------------------------===//
//
// Marks vector transfers in bounds where loop bounds prove it (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/VectorInterfaces.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPINFERINBOUNDSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// An upper bound on an index: `constant` + `coefficient` * `symbol`, where
/// `symbol` (if any) is a size known only at run time.
struct Bound {
  int64_t constant = 0;
  Value symbol;
  int64_t coefficient = 0;
};

/// a + b, if they have at most one symbol between them.
std::optional<Bound> add(const Bound &a, const Bound &b) {
  if (a.symbol && b.symbol && a.symbol != b.symbol)
    return std::nullopt;
  return Bound{a.constant + b.constant, a.symbol ? a.symbol : b.symbol,
               a.coefficient + b.coefficient};
}

std::optional<Bound> largestValue(Value value);

/// The largest value `expr` takes over `operands`' values, if every operand
/// has a known largest value and `expr` grows with each (sums and products
/// by non-negative constants).
std::optional<Bound> largestValue(AffineExpr expr, ValueRange operands,
                                  unsigned numDims) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return Bound{constant.getValue()};
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return largestValue(operands[dim.getPosition()]);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return largestValue(operands[numDims + symbol.getPosition()]);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<Bound> lhs = largestValue(binary.getLHS(), operands, numDims);
  std::optional<Bound> rhs = largestValue(binary.getRHS(), operands, numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return add(*lhs, *rhs);
  case AffineExprKind::Mul:
    // One side is a constant: it must not flip the order.
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getRHS());
        c && c.getValue() >= 0)
      return Bound{lhs->constant * c.getValue(), lhs->symbol,
                   lhs->coefficient * c.getValue()};
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// The last trip's value of a loop from `lb` to `ub` (constants) by `step`.
std::optional<Bound> lastTrip(int64_t lb, int64_t ub, int64_t step) {
  if (lb < 0 || ub <= lb)
    return std::nullopt;
  return Bound{lb + (ub - lb - 1) / step * step};
}

/// The last trip's value of a loop whose bounds move together (a chunk of
/// a parallel loop, from d0 to d0 + C): the largest upper bound less one
/// step, where C is a whole number of steps.
std::optional<Bound> lastTripOfChunk(affine::AffineForOp loop) {
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
  std::optional<Bound> upper = largestValue(
      ub.getResult(0), loop.getUpperBoundOperands(), ub.getNumDims());
  if (!upper)
    return std::nullopt;
  upper->constant -= step;
  return upper;
}

/// The last trip's value of a loop from a constant at least 0 to a size
/// known at run time: at most that size less one.
std::optional<Bound> lastTripBelowSize(affine::AffineForOp loop) {
  if (!loop.hasConstantLowerBound() || loop.getConstantLowerBound() < 0)
    return std::nullopt;
  AffineMap ub = loop.getUpperBoundMap();
  ValueRange operands = loop.getUpperBoundOperands();
  if (ub.getNumResults() != 1 || operands.size() != 1 ||
      !isa<AffineDimExpr, AffineSymbolExpr>(ub.getResult(0)))
    return std::nullopt;
  return Bound{-1, operands.front(), 1};
}

/// The largest value an index takes: a constant, the induction variable of
/// a loop with constant bounds or of a chunk of one (its last trip's
/// value), of a loop up to a run-time size (that size less one), or an
/// affine.apply growing with such operands. Indices are never negative here
/// (loops from a constant lower bound at least 0).
std::optional<Bound> largestValue(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return Bound{*constant};
  if (auto loop = affine::getForInductionVarOwner(value)) {
    if (loop.hasConstantBounds())
      return lastTrip(loop.getConstantLowerBound(),
                      loop.getConstantUpperBound(), loop.getStepAsInt());
    if (std::optional<Bound> chunk = lastTripOfChunk(loop))
      return chunk;
    return lastTripBelowSize(loop);
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

/// C, where `size` counts the whole chunks of C elements along dimension
/// `dim` of `base` (its size divided by C, as an argmax views a row of
/// unknown length); 0 otherwise.
int64_t chunkOf(Value size, Value base, int64_t dim) {
  auto quotient = size.getDefiningOp<arith::DivUIOp>();
  if (!quotient)
    return 0;
  auto extent = quotient.getLhs().getDefiningOp<memref::DimOp>();
  std::optional<int64_t> chunk = getConstantIntValue(quotient.getRhs());
  if (!extent || extent.getSource() != base ||
      extent.getConstantIndex() != dim || !chunk || *chunk <= 0)
    return 0;
  return *chunk;
}

/// Whether `transfer` (one dimension, along the innermost) provably stays
/// within its buffer: its largest index plus its length fits a static
/// dimension, or, run-time size included, a dynamic one it walks in whole
/// chunks of at least the size's coefficient.
bool provablyInBounds(VectorTransferOpInterface transfer) {
  VectorType vectorType = transfer.getVectorType();
  auto shaped = cast<ShapedType>(transfer.getBase().getType());
  if (vectorType.getRank() != 1 || transfer.getMask() ||
      !transfer.getPermutationMap().isMinorIdentity() || !shaped.hasRank() ||
      shaped.getRank() == 0)
    return false;
  std::optional<Bound> last = largestValue(transfer.getIndices().back());
  if (!last)
    return false;
  int64_t end = last->constant + vectorType.getDimSize(0);
  int64_t dim = shaped.getRank() - 1;
  if (!last->symbol)
    return !shaped.isDynamicDim(dim) && end <= shaped.getDimSize(dim);
  // end + coefficient * chunks <= chunk * chunks <= the dimension.
  int64_t chunk = chunkOf(last->symbol, transfer.getBase(), dim);
  return chunk > 0 && last->coefficient >= 0 && last->coefficient <= chunk &&
         end <= 0;
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
