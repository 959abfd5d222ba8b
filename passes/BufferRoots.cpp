//===- BufferRoots.cpp - the buffers memref views come from ---------------===//

#include "passes/BufferRoots.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value tnp::rootOf(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

bool tnp::isDistinctBuffer(Value root) {
  if (auto arg = dyn_cast<BlockArgument>(root))
    return arg.getOwner()->isEntryBlock() &&
           isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return isa_and_present<memref::AllocOp, memref::AllocaOp>(
      root.getDefiningOp());
}

bool tnp::isOnlyStoredInto(Value buffer) {
  return llvm::all_of(buffer.getUsers(), [&](Operation *user) {
    if (auto write = dyn_cast<vector::TransferWriteOp>(user))
      return write.getBase() == buffer && write.getValueToStore() != buffer;
    if (auto store = dyn_cast<affine::AffineStoreOp>(user))
      return store.getValueToStore() != buffer;
    if (isa<memref::DimOp>(user))
      return true;
    return isa<affine::AffineVectorStoreOp, memref::StoreOp>(user) &&
           user->getOperand(0) != buffer;
  });
}
