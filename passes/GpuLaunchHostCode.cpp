//===- GpuLaunchHostCode.cpp - tnp-gpu-launch-host-code -------------------===//

#include "passes/Passes.h"

#include "runtime/Matmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPGPULAUNCHHOSTCODEPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Moves `ops` (in order, in one block) into a gpu.launch of one block of
/// one thread, placed before `before`.
void launchOnOneThread(ArrayRef<Operation *> ops, Operation *before) {
  OpBuilder b(before);
  Location loc = ops.front()->getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  b.setInsertionPointToEnd(&launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(b, loc);
  for (Operation *op : ops)
    op->moveBefore(terminator);
}

/// Whether a value `run` defines is used outside it.
bool escapes(ArrayRef<Operation *> run, Block &block) {
  for (Operation *op : run)
    for (Operation *user : op->getUsers())
      if (!llvm::is_contained(run, block.findAncestorOpInBlock(*user)))
        return true;
  return false;
}

/// Whether `op` reads a value `run` defines.
bool dependsOn(Operation *op, ArrayRef<Operation *> run) {
  return llvm::any_of(op->getOperands(), [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && llvm::is_contained(run, def);
  });
}

/// Whether `op` holds a launch: host control flow, which stays on the host.
bool holdsLaunch(Operation *op) {
  return op->getNumRegions() != 0 && op->walk([](gpu::LaunchOp) {
                                         return WalkResult::interrupt();
                                       }).wasInterrupted();
}

struct TnpGpuLaunchHostCodePass
    : public mlir::tnp::impl::TnpGpuLaunchHostCodePassBase<
          TnpGpuLaunchHostCodePass> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    copyGlobalsToDevice(fn);
    if (failed(moveOffHost(fn.getBody().front())))
      return signalPassFailure();
  }

  /// Constant globals live in host memory: each one the function reads is
  /// copied into a device buffer at entry, freed at each return.
  void copyGlobalsToDevice(func::FuncOp fn) {
    SmallVector<memref::GetGlobalOp> reads;
    fn.walk([&](memref::GetGlobalOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        reads.push_back(op);
    });
    Block &entry = fn.getBody().front();
    llvm::StringMap<Value> copies;
    for (memref::GetGlobalOp read : reads) {
      Value &copy = copies[read.getName()];
      if (!copy) {
        OpBuilder b = OpBuilder::atBlockBegin(&entry);
        auto host = cast<memref::GetGlobalOp>(b.clone(*read));
        copy = gpu::AllocOp::create(b, read.getLoc(), read.getType(),
                                    /*asyncToken=*/Type(), ValueRange(),
                                    ValueRange(), ValueRange())
                   .getMemref();
        gpu::MemcpyOp::create(b, read.getLoc(), /*asyncToken=*/Type(),
                              ValueRange(), copy, host.getResult());
        fn.walk([&](func::ReturnOp ret) {
          OpBuilder before(ret);
          gpu::DeallocOp::create(before, ret.getLoc(), /*asyncToken=*/Type(),
                                 ValueRange(), copy);
        });
      }
      read.replaceAllUsesWith(copy);
      read.erase();
    }
  }

  LogicalResult moveOffHost(Block &block) {
    for (Operation *op = &block.front(); op;) {
      FailureOr<Operation *> next = moveOffHost(op);
      if (failed(next))
        return failure();
      op = *next;
    }
    return success();
  }

  /// Rewrites or moves `op` (and the ops after it that go with it) and
  /// returns the next op of its block to visit.
  FailureOr<Operation *> moveOffHost(Operation *op) {
    Operation *after = op->getNextNode();
    OpBuilder b(op);
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      auto device = gpu::AllocOp::create(
          b, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
          ValueRange(), alloc.getDynamicSizes(), alloc.getSymbolOperands());
      alloc.replaceAllUsesWith(device.getMemref());
      alloc.erase();
      return after;
    }
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      gpu::DeallocOp::create(b, dealloc.getLoc(), /*asyncToken=*/Type(),
                             ValueRange(), dealloc.getMemref());
      dealloc.erase();
      return after;
    }
    if (auto copy = dyn_cast<memref::CopyOp>(op)) {
      gpu::MemcpyOp::create(b, copy.getLoc(), /*asyncToken=*/Type(),
                            ValueRange(), copy.getTarget(), copy.getSource());
      copy.erase();
      return after;
    }
    if (isa<gpu::GPUDialect>(op->getDialect()) || isa<func::ReturnOp>(op) ||
        isMemoryEffectFree(op))
      return after;
    // Host control flow around launches (a choice on a size): its regions
    // are host code too.
    if (holdsLaunch(op)) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (failed(moveOffHost(block)))
            return failure();
      return after;
    }
    // The GPU runtime's products (cuBLAS) take device buffers and queue
    // their work on the device's stream.
    if (auto call = dyn_cast<func::CallOp>(op);
        call && call.getCallee().starts_with(::tnp::runtime::kGpuMatmulPrefix))
      return after;
    if (auto call = dyn_cast<func::CallOp>(op)) {
      call.emitOpError("calls the host function @")
          << call.getCallee() << ", which has no GPU version";
      return failure();
    }
    // The ops up to the last use of what `op` reads (a 0-d result's load,
    // convert and store) run in the same launch; pure ops in between that
    // do not depend on them stay on the host, before it.
    SmallVector<Operation *> run = {op};
    Operation *next = op->getNextNode();
    while (escapes(run, *op->getBlock())) {
      if (!next || next->hasTrait<OpTrait::IsTerminator>() ||
          isa<gpu::GPUDialect>(next->getDialect()) ||
          isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp>(next) ||
          holdsLaunch(next)) {
        op->emitOpError(
            "reads device memory into the host: not supported on the GPU");
        return failure();
      }
      if (!isMemoryEffectFree(next) || dependsOn(next, run))
        run.push_back(next);
      next = next->getNextNode();
    }
    launchOnOneThread(run, next);
    return next;
  }
};

} // namespace
