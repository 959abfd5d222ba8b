//===- Sort.cpp - rules of sort -------------------------------------------===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"
#include "dialect/ops/OpUtils.h"

using namespace mlir;
using namespace mlir::tnp;

// Runs before the operands' type constraints are verified (while parsing):
// a key that is no ranked tensor is an error here, not a cast.
LogicalResult SortOp::inferReturnTypes(MLIRContext *ctx,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  ValueRange operands = adaptor.getOperands();
  llvm::append_range(inferred, operands.getTypes());
  if (!adaptor.getIndices() || operands.empty())
    return success();
  auto keys = dyn_cast<RankedTensorType>(operands.front().getType());
  if (!keys)
    return emitOptionalError(location,
                             "'tnp.sort' op operand #0 must be a "
                             "ranked tensor, got ",
                             operands.front().getType());
  inferred.push_back(keys.clone(IntegerType::get(ctx, 64)));
  return success();
}

LogicalResult SortOp::verify() {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value v : getOperands())
    shapes.push_back(shapeOf(v));
  return inferSortShape(shapes, getAxis(), diagnose(opError(*this)));
}

// Result i is operand i permuted by p = argsort(operand 0), so operand i's
// cotangent is result i's permuted back: sorted by the keys p (whose
// argsort is p's inverse). Keys and indices are not differentiable.
LogicalResult SortOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  int64_t axis = getAxis();
  Value perm = getIndices()
                   ? getResults().back()
                   : SortOp::create(b, loc, getOperands().take_front(), axis,
                                    /*indices=*/true)
                         .getResults()
                         .back();
  SmallVector<Value> unsortOperands = {perm};
  SmallVector<unsigned> differentiable;
  for (auto [i, ct] : llvm::enumerate(cts.take_front(getNumOperands()))) {
    if (!isa<FloatType>(getElementTypeOrSelf(ct.getType())))
      continue;
    unsortOperands.push_back(ct);
    differentiable.push_back(i);
  }
  out.assign(getNumOperands(), Value());
  if (differentiable.empty())
    return success();
  auto unsorted = SortOp::create(b, loc, unsortOperands, axis, false);
  for (auto [k, i] : llvm::enumerate(differentiable))
    out[i] = unsorted.getResult(k + 1);
  return success();
}

// Every operand batched, the sort along the axis past the batch.
LogicalResult
SortOp::buildBatched(OpBuilder &b, ValueRange operands,
                     ArrayRef<std::optional<int64_t>> operandBatchDims,
                     SmallVectorImpl<Value> &results,
                     SmallVectorImpl<std::optional<int64_t>> &resultDims) {
  int64_t size = batching::batchSize(operands, operandBatchDims);
  SmallVector<Value> batched;
  for (auto [v, dim] : llvm::zip(operands, operandBatchDims))
    batched.push_back(batching::batched(b, getLoc(), v, dim, size));
  auto sorted =
      SortOp::create(b, getLoc(), batched, getAxis() + 1, getIndices());
  for (Value r : sorted.getResults()) {
    results.push_back(r);
    resultDims.push_back(0);
  }
  return success();
}
