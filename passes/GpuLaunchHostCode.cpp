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
gpu::LaunchOp launchOnOneThread(ArrayRef<Operation *> ops, Operation *before) {
  OpBuilder b(before);
  Location loc = ops.front()->getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  b.setInsertionPointToEnd(&launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(b, loc);
  for (Operation *op : ops)
    op->moveBefore(terminator);
  return launch;
}

/// The values `run` (ops of `block`) defines that are used outside it.
SmallVector<Value> escaping(ArrayRef<Operation *> run, Block &block) {
  SmallVector<Value> values;
  for (Operation *op : run)
    for (Value v : op->getResults())
      if (llvm::any_of(v.getUsers(), [&](Operation *user) {
            return !llvm::is_contained(run, block.findAncestorOpInBlock(*user));
          }))
        values.push_back(v);
  return values;
}

/// A device buffer of `type` for the whole call of `fn`: allocated at
/// entry, freed at each return.
Value allocateForCall(func::FuncOp fn, MemRefType type) {
  OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
  Value buffer = gpu::AllocOp::create(b, fn.getLoc(), type,
                                      /*asyncToken=*/Type(), ValueRange(),
                                      ValueRange(), ValueRange())
                     .getMemref();
  fn.walk([&](func::ReturnOp ret) {
    OpBuilder before(ret);
    gpu::DeallocOp::create(before, ret.getLoc(), /*asyncToken=*/Type(),
                           ValueRange(), buffer);
  });
  return buffer;
}

/// Whether `op` reads a value `run` defines.
bool dependsOn(Operation *op, ArrayRef<Operation *> run) {
  return llvm::any_of(op->getOperands(), [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && llvm::is_contained(run, def);
  });
}

/// Whether `op` is or holds what only the host does: a launch, an
/// allocation, a copy, a free, a call.
bool isHostWork(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<gpu::LaunchOp, memref::AllocOp, memref::DeallocOp,
                   memref::CopyOp, func::CallOp>(inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
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
        copy = allocateForCall(fn, read.getType());
        OpBuilder b(&entry, std::next(copy.getDefiningOp()->getIterator()));
        auto host = cast<memref::GetGlobalOp>(b.clone(*read));
        gpu::MemcpyOp::create(b, read.getLoc(), /*asyncToken=*/Type(),
                              ValueRange(), copy, host.getResult());
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
    // Host control flow (a traced loop or cond, the ownership choices of
    // buffer deallocation): its regions are host code too.
    if (op->getNumRegions() != 0 && isHostWork(op)) {
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
    // do not depend on them stay on the host, before it. What host code
    // past them reads (a while loop's condition) is copied back.
    SmallVector<Operation *> run = {op};
    Operation *next = op->getNextNode();
    Block &block = *op->getBlock();
    while (next && !escaping(run, block).empty() &&
           !next->hasTrait<OpTrait::IsTerminator>() &&
           !isa<gpu::GPUDialect>(next->getDialect()) && !isHostWork(next)) {
      if (!isMemoryEffectFree(next) || dependsOn(next, run))
        run.push_back(next);
      next = next->getNextNode();
    }
    func::FuncOp fn = getOperation();
    SmallVector<Value> reads = escaping(run, block), deviceCopies;
    for (Value v : reads) {
      if (!v.getType().isIntOrIndexOrFloat())
        return op->emitOpError("reads a ")
               << v.getType()
               << " from device memory into the host: not supported on the "
                  "GPU";
      // One buffer per read for the whole call, which each trip of a loop
      // reuses: the stack grows not, nor does the device allocate.
      auto type = MemRefType::get({}, v.getType());
      Value device = allocateForCall(fn, type);
      OpBuilder beforeNext(next);
      run.push_back(memref::StoreOp::create(beforeNext, v.getLoc(), v, device));
      deviceCopies.push_back(device);
    }
    gpu::LaunchOp launch = launchOnOneThread(run, next);
    b.setInsertionPoint(next);
    for (auto [v, device] : llvm::zip(reads, deviceCopies)) {
      OpBuilder atEntry = OpBuilder::atBlockBegin(&fn.getBody().front());
      Value host = memref::AllocaOp::create(atEntry, v.getLoc(),
                                            cast<MemRefType>(device.getType()));
      // Zero unless the copy happens: after a failed launch the runtime
      // skips the rest of the call, and a loop on the value then ends.
      OpBuilder beforeLaunch(launch);
      memref::StoreOp::create(
          beforeLaunch, v.getLoc(),
          arith::ConstantOp::create(beforeLaunch, v.getLoc(), v.getType(),
                                    beforeLaunch.getZeroAttr(v.getType())),
          host);
      gpu::MemcpyOp::create(b, v.getLoc(), /*asyncToken=*/Type(), ValueRange(),
                            host, device);
      Value read = memref::LoadOp::create(b, v.getLoc(), host);
      v.replaceUsesWithIf(read, [&](OpOperand &use) {
        return !launch->isProperAncestor(use.getOwner());
      });
    }
    return next;
  }
};

} // namespace
