//===- ShapeBatch.cpp - batching rules of creation and data movement ------===//
//
// With the batch in front, each rule shifts the op's dimension attributes
// past it and keeps the batch whole (a slice takes all of it, a transpose
// leaves it first).
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"
#include "dialect/ops/OpUtils.h"

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::batching;

// Ops without operands never see a batch: tnp-batch keeps them as they are.
LogicalResult ConstantOp::buildBatched(
    OpBuilder &, ValueRange, ArrayRef<std::optional<int64_t>>,
    SmallVectorImpl<Value> &, SmallVectorImpl<std::optional<int64_t>> &) {
  return emitOpError("has no operands to batch");
}

LogicalResult IotaOp::buildBatched(OpBuilder &, ValueRange,
                                   ArrayRef<std::optional<int64_t>>,
                                   SmallVectorImpl<Value> &,
                                   SmallVectorImpl<std::optional<int64_t>> &) {
  return emitOpError("has no operands to batch");
}

LogicalResult
ConvertOp::buildBatched(OpBuilder &b, ValueRange operands,
                        ArrayRef<std::optional<int64_t>> dims,
                        SmallVectorImpl<Value> &results,
                        SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  return batchAlike(*this, b, operands, dims, results, resultDims);
}

LogicalResult BroadcastInDimOp::buildBatched(
    OpBuilder &b, ValueRange operands, ArrayRef<std::optional<int64_t>> dims,
    SmallVectorImpl<Value> &results,
    SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  int64_t size = batchSize(operands, dims);
  Value v = BroadcastInDimOp::create(b, getLoc(), withBatch(getType(), size),
                                     operands[0], shifted(getDims(), true));
  return batchedResult(v, results, resultDims);
}

LogicalResult
ReshapeOp::buildBatched(OpBuilder &b, ValueRange operands,
                        ArrayRef<std::optional<int64_t>> dims,
                        SmallVectorImpl<Value> &results,
                        SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  int64_t size = batchSize(operands, dims);
  Value v =
      ReshapeOp::create(b, getLoc(), withBatch(getType(), size), operands[0]);
  return batchedResult(v, results, resultDims);
}

LogicalResult
TransposeOp::buildBatched(OpBuilder &b, ValueRange operands,
                          ArrayRef<std::optional<int64_t>>,
                          SmallVectorImpl<Value> &results,
                          SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value v = TransposeOp::create(b, getLoc(), operands[0],
                                shifted(getPermutation(), true));
  return batchedResult(v, results, resultDims);
}

LogicalResult
SliceOp::buildBatched(OpBuilder &b, ValueRange operands,
                      ArrayRef<std::optional<int64_t>> dims,
                      SmallVectorImpl<Value> &results,
                      SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  int64_t size = batchSize(operands, dims);
  SmallVector<int64_t> start{0}, limit{size}, strides{1};
  start.append(getStart().begin(), getStart().end());
  limit.append(getLimit().begin(), getLimit().end());
  strides.append(getStrides().begin(), getStrides().end());
  Value v = SliceOp::create(b, getLoc(), operands[0], start, limit, strides);
  return batchedResult(v, results, resultDims);
}

LogicalResult
ReverseOp::buildBatched(OpBuilder &b, ValueRange operands,
                        ArrayRef<std::optional<int64_t>>,
                        SmallVectorImpl<Value> &results,
                        SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value v =
      ReverseOp::create(b, getLoc(), operands[0], shifted(getDims(), false));
  return batchedResult(v, results, resultDims);
}

LogicalResult ConcatenateOp::buildBatched(
    OpBuilder &b, ValueRange operands, ArrayRef<std::optional<int64_t>> dims,
    SmallVectorImpl<Value> &results,
    SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  int64_t size = batchSize(operands, dims);
  SmallVector<Value> inputs;
  for (auto [v, d] : llvm::zip(operands, dims))
    inputs.push_back(batched(b, getLoc(), v, d, size));
  Value v = ConcatenateOp::create(b, getLoc(), inputs, getDimension() + 1);
  return batchedResult(v, results, resultDims);
}

// A batched padding value would need a pad per lane: no rule (tnp-batch's
// loop fallback covers it).
LogicalResult
PadOp::buildBatched(OpBuilder &b, ValueRange operands,
                    ArrayRef<std::optional<int64_t>> dims,
                    SmallVectorImpl<Value> &results,
                    SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  if (dims[1])
    return emitOpError("has no batching rule for a batched padding value");
  auto withZero = [](ArrayRef<int64_t> v) {
    SmallVector<int64_t> out{0};
    out.append(v.begin(), v.end());
    return out;
  };
  Value v =
      PadOp::create(b, getLoc(), operands[0], operands[1], withZero(getLow()),
                    withZero(getHigh()), withZero(getInterior()));
  return batchedResult(v, results, resultDims);
}
