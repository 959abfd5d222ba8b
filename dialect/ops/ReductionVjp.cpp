//===- ReductionVjp.cpp - reverse-mode rules of reductions and dot --------===//
//
// max/min reductions split the cotangent evenly among the elements equal to
// the extremum, as JAX does. prod divides by the operand, so an operand with
// zeros gets non-finite cotangents (JAX's rule handles that case; ours does
// not yet, docs/autodiff.md).
//
//===----------------------------------------------------------------------===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/OpUtils.h"
#include "dialect/ops/VjpBuilders.h"

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::vjp;

LogicalResult ReduceOp::buildVjp(OpBuilder &b, ValueRange cts,
                                 SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value x = getOperand();
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> kept = complement(type.getRank(), getAxes());
  auto spread = [&](Value v) { return broadcast(b, loc, v, type, kept); };
  switch (getKind()) {
  case ReduceKind::Sum:
    out.push_back(spread(cts[0]));
    return success();
  case ReduceKind::Prod:
    out.push_back(make<DivOp>(
        b, loc, spread(make<MulOp>(b, loc, cts[0], getResult())), x));
    return success();
  case ReduceKind::Max:
  case ReduceKind::Min: {
    Type boolType = type.clone(b.getI1Type());
    Value at = indicator(
        b, loc, EqOp::create(b, loc, boolType, x, spread(getResult())), type);
    Value count = ReduceOp::create(b, loc, ReduceKind::Sum, at, getAxes());
    Value share = make<DivOp>(b, loc, cts[0], count);
    out.push_back(make<MulOp>(b, loc, spread(share), at));
    return success();
  }
  case ReduceKind::Any:
  case ReduceKind::All:
    return noCotangents(*this, out);
  }
  llvm_unreachable("a reduce kind");
}

// A prefix sum's transpose is the suffix sum: the prefix sum of the reversed
// cotangent, reversed.
LogicalResult ScanOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  int64_t axis = getAxis();
  auto suffixSum = [&](Value v) -> Value {
    Value reversed = ReverseOp::create(b, loc, v, ArrayRef<int64_t>{axis});
    Value sum = ScanOp::create(b, loc, ReduceKind::Sum, reversed, axis);
    return ReverseOp::create(b, loc, sum, ArrayRef<int64_t>{axis});
  };
  switch (getKind()) {
  case ReduceKind::Sum:
    out.push_back(suffixSum(cts[0]));
    return success();
  case ReduceKind::Prod:
    out.push_back(
        make<DivOp>(b, loc, suffixSum(make<MulOp>(b, loc, cts[0], getResult())),
                    getOperand()));
    return success();
  case ReduceKind::Any:
  case ReduceKind::All:
    return noCotangents(*this, out);
  case ReduceKind::Max:
  case ReduceKind::Min:
    return emitOpError("has no VJP rule for a running ")
           << stringifyReduceKind(getKind());
  }
  llvm_unreachable("a reduce kind");
}

namespace {

struct DotDims {
  ArrayRef<int64_t> xBatch, yBatch, xContract, yContract;
};

/// The cotangent of dot_general's `x` operand given `g`, the result's: JAX's
/// _dot_general_transpose_lhs. `swapped`: x is the rhs, so the result holds
/// y's free dimensions before x's.
Value transposeDot(OpBuilder &b, Location loc, Value g, Value x, Value y,
                   const DotDims &dims, bool swapped) {
  auto xType = cast<RankedTensorType>(x.getType());
  ArrayRef<int64_t> gShape = shapeOf(g), yShape = shapeOf(y);
  SmallVector<int64_t> xKept =
      dimsOutside(xType.getRank(), dims.xContract, dims.xBatch);
  SmallVector<int64_t> yKept =
      dimsOutside(yShape.size(), dims.yContract, dims.yBatch);
  int64_t batch = dims.xBatch.size();
  int64_t yFirst = swapped ? batch : batch + xKept.size();
  SmallVector<int64_t> gBatch, gY;
  for (int64_t i = 0; i < batch; ++i)
    gBatch.push_back(i);
  for (size_t i = 0; i < yKept.size(); ++i)
    gY.push_back(yFirst + i);
  SmallVector<int64_t> order(dims.yContract.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](int64_t l, int64_t r) {
    return dims.yContract[l] < dims.yContract[r];
  });
  // The product g . y holds batch, x's free, then x's contracting
  // dimensions (y's free ones, in increasing order); y . g the same with
  // the last two groups swapped. Either may already be x's layout.
  SmallVector<int64_t> batchShape, freeShape, contractShape, contracted;
  for (int64_t d : gBatch)
    batchShape.push_back(gShape[d]);
  for (int64_t d : dimsOutside(gShape.size(), gBatch, gY))
    freeShape.push_back(gShape[d]);
  for (int64_t i : order) {
    contracted.push_back(dims.xContract[i]);
    contractShape.push_back(yShape[dims.yContract[i]]);
  }
  auto layout = [&](ArrayRef<int64_t> first, ArrayRef<int64_t> second) {
    SmallVector<int64_t> dimsOf(dims.xBatch);
    dimsOf.append(first.begin(), first.end());
    dimsOf.append(second.begin(), second.end());
    return dimsOf;
  };
  auto isIdentity = [](ArrayRef<int64_t> v) {
    for (size_t i = 0; i < v.size(); ++i)
      if (v[i] != static_cast<int64_t>(i))
        return false;
    return true;
  };
  SmallVector<int64_t> source = layout(xKept, contracted);
  SmallVector<int64_t> shape(batchShape);
  shape.append(freeShape.begin(), freeShape.end());
  shape.append(contractShape.begin(), contractShape.end());
  // y . g needs no transpose; it is taken unless its innermost (vectorized)
  // dimension is narrower than g . y's: a product 2 wide and a transpose
  // of it cost less than one 64 wide (dW2 of the seed's MLP).
  if (isIdentity(layout(contracted, xKept)) &&
      (shape.empty() || xType.getShape().back() >= shape.back()))
    return DotGeneralOp::create(b, loc, xType, y, g, dims.yBatch, gBatch, yKept,
                                gY);
  Value product = DotGeneralOp::create(b, loc, xType.clone(shape), g, y, gBatch,
                                       dims.yBatch, gY, yKept);
  if (isIdentity(source))
    return product;
  SmallVector<int64_t> permutation(source.size());
  for (size_t i = 0; i < source.size(); ++i)
    permutation[source[i]] = i;
  return TransposeOp::create(b, loc, product, permutation);
}

} // namespace

LogicalResult DotGeneralOp::buildVjp(OpBuilder &b, ValueRange cts,
                                     SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  DotDims dims{getLhsBatch(), getRhsBatch(), getLhsContracting(),
               getRhsContracting()};
  DotDims swapped{dims.yBatch, dims.xBatch, dims.yContract, dims.xContract};
  out.append({transposeDot(b, loc, cts[0], getLhs(), getRhs(), dims, false),
              transposeDot(b, loc, cts[0], getRhs(), getLhs(), swapped, true)});
  return success();
}
