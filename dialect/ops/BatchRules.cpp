//===- BatchRules.cpp - what the batching rules share ---------------------===//

#include "dialect/ops/BatchRules.h"

#include "dialect/TnpOps.h"

using namespace mlir;
using namespace mlir::tnp;

int64_t batching::batchSize(ValueRange operands,
                            ArrayRef<std::optional<int64_t>> dims) {
  for (auto [v, d] : llvm::zip(operands, dims))
    if (d)
      return cast<RankedTensorType>(v.getType()).getDimSize(*d);
  llvm_unreachable("a batching rule runs with a batched operand");
}

RankedTensorType batching::withBatch(Type type, int64_t size) {
  auto tensor = cast<RankedTensorType>(type);
  SmallVector<int64_t> shape{size};
  shape.append(tensor.getShape().begin(), tensor.getShape().end());
  return tensor.clone(shape);
}

Value batching::batched(OpBuilder &b, Location loc, Value v,
                        std::optional<int64_t> dim, int64_t size) {
  if (dim)
    return v;
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    dims.push_back(d + 1);
  return BroadcastInDimOp::create(b, loc, withBatch(type, size), v, dims);
}

SmallVector<int64_t> batching::shifted(ArrayRef<int64_t> dims,
                                       bool withBatchDim) {
  SmallVector<int64_t> out;
  if (withBatchDim)
    out.push_back(0);
  for (int64_t d : dims)
    out.push_back(d + 1);
  return out;
}

Value batching::moveToFront(OpBuilder &b, Location loc, Value v, int64_t from) {
  if (from == 0)
    return v;
  int64_t rank = cast<RankedTensorType>(v.getType()).getRank();
  SmallVector<int64_t> perm{from};
  for (int64_t d = 0; d < rank; ++d)
    if (d != from)
      perm.push_back(d);
  return TransposeOp::create(b, loc, v, perm);
}

LogicalResult
batching::batchedResult(Value result, SmallVectorImpl<Value> &results,
                        SmallVectorImpl<std::optional<int64_t>> &dims) {
  results.push_back(result);
  dims.push_back(0);
  return success();
}

LogicalResult
batching::batchAlike(Operation *op, OpBuilder &b, ValueRange operands,
                     ArrayRef<std::optional<int64_t>> operandBatchDims,
                     SmallVectorImpl<Value> &results,
                     SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  int64_t size = batchSize(operands, operandBatchDims);
  OperationState state(op->getLoc(), op->getName());
  for (auto [v, d] : llvm::zip(operands, operandBatchDims))
    state.addOperands(batched(b, op->getLoc(), v, d, size));
  for (Type t : op->getResultTypes())
    state.addTypes(withBatch(t, size));
  state.addAttributes(op->getAttrs());
  return batchedResult(b.create(state)->getResult(0), results, resultDims);
}
