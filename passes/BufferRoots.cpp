//===- BufferRoots.cpp - the buffers memref views come from ---------------===//

#include "passes/BufferRoots.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
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
    return isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return isa_and_present<memref::AllocOp, memref::AllocaOp>(
      root.getDefiningOp());
}
