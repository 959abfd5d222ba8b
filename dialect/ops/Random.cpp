//===- Random.cpp - rules of random_bits ----------------------------------===//

#include "dialect/TnpOps.h"

using namespace mlir;
using namespace mlir::tnp;

LogicalResult RandomBitsOp::verify() {
  auto key = cast<RankedTensorType>(getKey().getType());
  if (key.getShape() != ArrayRef<int64_t>{2})
    return emitOpError("key must be tensor<2xui32>, got ") << key;
  if (!getType().hasStaticShape())
    return emitOpError("result shape must be static, got ") << getType();
  return success();
}

// Random bits depend on the key's bits, not smoothly on anything.
LogicalResult RandomBitsOp::buildVjp(OpBuilder &, ValueRange,
                                     SmallVectorImpl<Value> &out) {
  out.push_back(Value());
  return success();
}

// One key gives every lane the same bits (the op is unbatched); per-lane
// keys need a Threefry per lane, which the op does not express: tnp-batch's
// loop fallback covers that.
LogicalResult RandomBitsOp::buildBatched(
    OpBuilder &, ValueRange, ArrayRef<std::optional<int64_t>>,
    SmallVectorImpl<Value> &, SmallVectorImpl<std::optional<int64_t>> &) {
  return emitOpError("has no batching rule for batched keys");
}
