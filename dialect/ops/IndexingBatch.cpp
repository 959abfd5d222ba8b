//===- IndexingBatch.cpp - batching rules of gather and scatter -----------===//
//
// Batched indices into an unbatched operand gather as they are: the batch
// is one more leading index dimension. A batched operand becomes one more
// addressed axis, its position in each index row given by an iota column.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::batching;

/// `indices` (batched, B x b... x K) with a first column holding each row's
/// batch position: B x b... x (K + 1).
static Value withBatchColumn(OpBuilder &b, Location loc, Value indices) {
  auto type = cast<RankedTensorType>(indices.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.back() = 1;
  Value position = IotaOp::create(b, loc, type.clone(shape), 0);
  return ConcatenateOp::create(b, loc, ValueRange{position, indices},
                               type.getRank() - 1);
}

LogicalResult
GatherOp::buildBatched(OpBuilder &b, ValueRange operands,
                       ArrayRef<std::optional<int64_t>> dims,
                       SmallVectorImpl<Value> &results,
                       SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Location loc = getLoc();
  int64_t size = batchSize(operands, dims);
  Type type = withBatch(getType(), size);
  if (!dims[0])
    return batchedResult(
        GatherOp::create(b, loc, type, operands[0], operands[1], getAxes()),
        results, resultDims);
  Value indices =
      withBatchColumn(b, loc, batched(b, loc, operands[1], dims[1], size));
  return batchedResult(GatherOp::create(b, loc, type, operands[0], indices,
                                        shifted(getAxes(), true)),
                       results, resultDims);
}

LogicalResult
ScatterOp::buildBatched(OpBuilder &b, ValueRange operands,
                        ArrayRef<std::optional<int64_t>> dims,
                        SmallVectorImpl<Value> &results,
                        SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  Location loc = getLoc();
  int64_t size = batchSize(operands, dims);
  Value operand = batched(b, loc, operands[0], dims[0], size);
  Value indices =
      withBatchColumn(b, loc, batched(b, loc, operands[1], dims[1], size));
  Value updates = batched(b, loc, operands[2], dims[2], size);
  return batchedResult(ScatterOp::create(b, loc, operand.getType(), getKind(),
                                         operand, indices, updates,
                                         shifted(getAxes(), true)),
                       results, resultDims);
}
