//===- GpuElideWaits.cpp - tnp-gpu-elide-waits ----------------------------===//

#include "passes/BufferRoots.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPGPUELIDEWAITSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The values that flow into `v` where it is a result or a region argument
/// of a region-branching op (a loop's carried buffer, a choice's result);
/// none where it is neither (or a loop's induction variable).
SmallVector<Value> incoming(Value v) {
  SmallVector<Value> values;
  if (auto result = dyn_cast<OpResult>(v)) {
    if (auto op = dyn_cast<RegionBranchOpInterface>(result.getOwner()))
      op.getPredecessorValues(RegionSuccessor(op, op->getResults()),
                              result.getResultNumber(), values);
    return values;
  }
  auto arg = cast<BlockArgument>(v);
  auto op = dyn_cast<RegionBranchOpInterface>(arg.getOwner()->getParentOp());
  if (!op)
    return values;
  for (RegionBranchPoint point : op.getAllRegionBranchPoints()) {
    SmallVector<RegionSuccessor> successors;
    op.getSuccessorRegions(point, successors);
    for (RegionSuccessor successor : successors) {
      ValueRange inputs = successor.getSuccessorInputs();
      auto input = llvm::find(inputs, v);
      if (successor.getSuccessor() != arg.getParentRegion() ||
          input == inputs.end())
        continue;
      op.getPredecessorValues(successor, input - inputs.begin(), values);
      return values;
    }
  }
  return values;
}

/// Whether `memref` is a view of device memory: of a `gpu.alloc` or an
/// argument of the function (the runtime passes a GPU call its buffers on
/// the device), directly or through loops and choices. Other memory (a
/// stack slot, a constant global) may be the host's. `seen` breaks cycles
/// of carried values: what else flows in decides.
bool isDeviceMemory(Value memref, DenseSet<Value> &seen) {
  Value root = tnp::rootOf(memref);
  if (root.getDefiningOp<gpu::AllocOp>())
    return true;
  auto arg = dyn_cast<BlockArgument>(root);
  if (arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    return true;
  if (!seen.insert(root).second)
    return true;
  SmallVector<Value> values = incoming(root);
  return !values.empty() &&
         llvm::all_of(values, [&](Value v) { return isDeviceMemory(v, seen); });
}

/// Whether `memref` is a view of a constant global: host memory that never
/// changes, and lives as long as the module (whose unload waits for the
/// stream).
bool isConstantGlobal(Value memref) {
  auto get = tnp::rootOf(memref).getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return false;
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant();
}

/// Whether the host must wait for `copy` before going on: it writes memory
/// that may be the host's (which the host may read next), or reads memory
/// that may be the host's and may change.
bool needsWait(gpu::MemcpyOp copy) {
  DenseSet<Value> seen;
  if (!isDeviceMemory(copy.getDst(), seen))
    return true;
  return !isDeviceMemory(copy.getSrc(), seen) &&
         !isConstantGlobal(copy.getSrc());
}

struct TnpGpuElideWaitsPass
    : public mlir::tnp::impl::TnpGpuElideWaitsPassBase<TnpGpuElideWaitsPass> {
  void runOnOperation() override {
    getOperation().walk([](Block *block) { elideWaits(*block); });
  }

  /// Erases the host waits of `block` (not of blocks nested in it) but
  /// those after a copy that needs one.
  static void elideWaits(Block &block) {
    bool hostCopy = false;
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto copy = dyn_cast<gpu::MemcpyOp>(op))
        hostCopy |= needsWait(copy);
      auto wait = dyn_cast<gpu::WaitOp>(op);
      if (!wait || wait.getAsyncToken())
        continue;
      if (!hostCopy)
        wait.erase();
      hostCopy = false;
    }
  }
};

} // namespace
