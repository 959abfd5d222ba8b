//===- ReductionBatch.cpp - batching rules of reductions and dot_general --===//
//
// A reduction's axes move past the batch. dot_general batches both operands
// with one more batch dimension; with one operand batched the batch is a
// free dimension of it, moved to the front of the result after.
//
//===----------------------------------------------------------------------===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"
#include "dialect/ops/OpUtils.h"

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::batching;

LogicalResult
ReduceOp::buildBatched(OpBuilder &b, ValueRange operands,
                       ArrayRef<std::optional<int64_t>>,
                       SmallVectorImpl<Value> &results,
                       SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value v = ReduceOp::create(b, getLoc(), getKind(), operands[0],
                             shifted(getAxes(), false));
  return batchedResult(v, results, resultDims);
}

LogicalResult
ScanOp::buildBatched(OpBuilder &b, ValueRange operands,
                     ArrayRef<std::optional<int64_t>>,
                     SmallVectorImpl<Value> &results,
                     SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value v = ScanOp::create(b, getLoc(), getKind(), operands[0], getAxis() + 1);
  return batchedResult(v, results, resultDims);
}

/// argmax/argmin along the axis past the batch.
template <typename OpT>
static LogicalResult
batchArgReduce(OpT op, OpBuilder &b, ValueRange operands, int64_t size,
               SmallVectorImpl<Value> &results,
               SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value v = OpT::create(b, op.getLoc(), withBatch(op.getType(), size),
                        operands[0], op.getAxis() + 1);
  return batchedResult(v, results, resultDims);
}

LogicalResult
ArgmaxOp::buildBatched(OpBuilder &b, ValueRange operands,
                       ArrayRef<std::optional<int64_t>> dims,
                       SmallVectorImpl<Value> &results,
                       SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  return batchArgReduce(*this, b, operands, batchSize(operands, dims), results,
                        resultDims);
}

LogicalResult
ArgminOp::buildBatched(OpBuilder &b, ValueRange operands,
                       ArrayRef<std::optional<int64_t>> dims,
                       SmallVectorImpl<Value> &results,
                       SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  return batchArgReduce(*this, b, operands, batchSize(operands, dims), results,
                        resultDims);
}

LogicalResult DotGeneralOp::buildBatched(
    OpBuilder &b, ValueRange operands, ArrayRef<std::optional<int64_t>> dims,
    SmallVectorImpl<Value> &results,
    SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value lhs = operands[0], rhs = operands[1];
  bool lhsBatched = dims[0].has_value(), rhsBatched = dims[1].has_value();
  bool both = lhsBatched && rhsBatched;
  auto move = [&](ArrayRef<int64_t> v, bool batched, bool isBatchList) {
    if (!batched)
      return SmallVector<int64_t>(v);
    return shifted(v, both && isBatchList);
  };
  SmallVector<int64_t> lhsBatch = move(getLhsBatch(), lhsBatched, true);
  SmallVector<int64_t> rhsBatch = move(getRhsBatch(), rhsBatched, true);
  SmallVector<int64_t> lhsContract =
      move(getLhsContracting(), lhsBatched, false);
  SmallVector<int64_t> rhsContract =
      move(getRhsContracting(), rhsBatched, false);
  ArrayRef<int64_t> lhsShape = shapeOf(lhs), rhsShape = shapeOf(rhs);
  SmallVector<int64_t> lhsFree =
      dimsOutside(lhsShape.size(), lhsBatch, lhsContract);
  SmallVector<int64_t> rhsFree =
      dimsOutside(rhsShape.size(), rhsBatch, rhsContract);
  SmallVector<int64_t> shape;
  for (int64_t d : lhsBatch)
    shape.push_back(lhsShape[d]);
  for (int64_t d : lhsFree)
    shape.push_back(lhsShape[d]);
  for (int64_t d : rhsFree)
    shape.push_back(rhsShape[d]);
  Value v = DotGeneralOp::create(b, getLoc(), getType().clone(shape), lhs, rhs,
                                 lhsBatch, rhsBatch, lhsContract, rhsContract);
  // Where the batch is: the first batch dimension, lhs's first free one, or
  // rhs's first free one.
  int64_t at = both ? 0
               : lhsBatched
                   ? static_cast<int64_t>(lhsBatch.size())
                   : static_cast<int64_t>(lhsBatch.size() + lhsFree.size());
  return batchedResult(moveToFront(b, getLoc(), v, at), results, resultDims);
}
