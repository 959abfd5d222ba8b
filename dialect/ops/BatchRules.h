//===- BatchRules.h - what the batching rules share -------------*- C++ -*-===//
//
// tnp-batch keeps every batched value's batch dimension in front, so a rule
// sees operands that are batched at 0 or not at all, and returns results of
// the same kind. These helpers add the batch to types, values and
// dimension lists.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_OPS_BATCHRULES_H
#define TNP_DIALECT_OPS_BATCHRULES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::tnp::batching {

/// The batch size: dimension 0 of the first batched operand.
int64_t batchSize(ValueRange operands, ArrayRef<std::optional<int64_t>> dims);
/// `type` with a leading batch dimension of `size`.
RankedTensorType withBatch(Type type, int64_t size);
/// `v` batched: itself when `dim` says it is, else broadcast along a new
/// leading dimension of `size`.
Value batched(OpBuilder &b, Location loc, Value v, std::optional<int64_t> dim,
              int64_t size);
/// `dims` moved past the batch dimension (each + 1), after a 0 for it when
/// `withBatchDim`.
SmallVector<int64_t> shifted(ArrayRef<int64_t> dims, bool withBatchDim);
/// `v` with dimension `from` moved to the front.
Value moveToFront(OpBuilder &b, Location loc, Value v, int64_t from);
/// Reports `result` batched at 0.
LogicalResult batchedResult(Value result, SmallVectorImpl<Value> &results,
                            SmallVectorImpl<std::optional<int64_t>> &dims);

/// The rule of ops whose operands all have the result's shape (elementwise
/// ops, convert): every operand batched, the op rebuilt with batched types.
LogicalResult batchAlike(Operation *op, OpBuilder &b, ValueRange operands,
                         ArrayRef<std::optional<int64_t>> operandBatchDims,
                         SmallVectorImpl<Value> &results,
                         SmallVectorImpl<std::optional<int64_t>> &resultDims);

} // namespace mlir::tnp::batching

#endif // TNP_DIALECT_OPS_BATCHRULES_H
