//===- Random.cpp - rules of random_bits ----------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"

using namespace mlir;
using namespace mlir::tnp;

LogicalResult RandomBitsOp::verify() {
  auto key = cast<RankedTensorType>(getKey().getType());
  if (key.getRank() < 1 || key.getShape().back() != 2)
    return emitOpError("key must be tensor<2xui32> or a batch of them "
                       "(K x 2), got ")
           << key;
  if (!getType().hasStaticShape())
    return emitOpError("result shape must be static, got ") << getType();
  ArrayRef<int64_t> batch = key.getShape().drop_back();
  if (!getType().getShape().take_front(batch.size()).equals(batch) ||
      getType().getRank() < static_cast<int64_t>(batch.size()))
    return emitOpError("a batch of keys of shape ")
           << key << " gives results whose shape starts with it, got "
           << getType();
  return success();
}

// Batched keys are a batch of keys: one more leading key dimension. (One
// unbatched key gives every element the same bits, as a loop would.)
LogicalResult RandomBitsOp::buildBatched(
    OpBuilder &b, ValueRange operands, ArrayRef<std::optional<int64_t>> dims,
    SmallVectorImpl<Value> &results,
    SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Value v = RandomBitsOp::create(
      b, getLoc(),
      batching::withBatch(getType(), batching::batchSize(operands, dims)),
      operands[0]);
  return batching::batchedResult(v, results, resultDims);
}
