//===- DeviceRuntime.h - GPU buffers, copies and calls ----------*- C++ -*-===//
//
// What tnp's runtime does on a GPU, over the driver (Driver.h): a caching
// allocator per device (freed blocks are kept by size class for the next
// allocation, as eager chains free and allocate the same sizes in turn, and
// are handed back when the device runs out of memory), one stream per
// device, copies, and the functions compiled host code calls (the mgpu*
// ABI that MLIR's gpu-to-llvm emits, GpuCalls.cpp). Compiled code cannot
// throw: the first failure of a call is kept (beginCall/endCall) and the
// calls after it do nothing, so a failed allocation never reaches a kernel.
// A call returns with its work queued on the stream, as JAX and PyTorch
// dispatch: what reads device memory from the host (copy, synchronize)
// waits for it, and a kernel's fault is reported there.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_CUDA_DEVICERUNTIME_H
#define TNP_RUNTIME_CUDA_DEVICERUNTIME_H

#include "runtime/cuda/Driver.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tnp::runtime::cuda {

/// `bytes` of `device`'s memory (256-byte aligned), or nullptr with the
/// reason in `status` (outOfMemory once the cache was handed back too).
void *allocate(int device, size_t bytes, Status &status);
/// Takes back a block from allocate() into its device's cache.
void release(void *block);
/// Hands every cached block of `device` back to the driver, once its stream
/// is done with them; if that wait fails, they stay cached.
Status trim(int device);
/// Bytes held in `device`'s cache.
size_t cachedBytes(int device);

/// `device`'s stream, created at first use: every launch and copy of tnp
/// runs on it in order.
CUstream stream(int device, Status &status);
/// Waits for what was queued on `device`'s stream, then lets go of what
/// the copies queued before read (enqueueCopy's `keep`).
Status synchronize(int device);
/// Waits for all work on `device` in its primary context, tnp's and other
/// libraries' (a DLPack consumer's, on its own streams).
Status synchronizeDevice(int device);
/// Queues a copy of `bytes` between any two of host and device memory
/// (unified addressing) on `device`'s stream, after the work queued there;
/// host memory at `dst` must not be read before it has run. `src` must hold
/// its values until then: `keep` (what owns it, if anything) is held until
/// a wait for the stream (synchronize, copy) has seen the copy run.
Status enqueueCopy(int device, void *dst, const void *src, size_t bytes,
                   std::shared_ptr<const void> keep = nullptr);
/// enqueueCopy, then waits for it.
Status copy(int device, void *dst, const void *src, size_t bytes);

/// Compiled code called on this thread runs on `device` from here on; the
/// failure kept from an earlier call is dropped.
void beginCall(int device);
/// The first failure since beginCall, or ok; the call's work may still be
/// queued.
Status endCall();

/// For the functions compiled code calls (the mgpu* ones, the products of
/// Blas.h): the device of this thread's call, whether nothing has failed
/// in it yet, and keeping its first failure (a later one is dropped).
int callDevice();
bool callOk();
void failCall(Status status);

/// The mgpu* functions by name, for the JIT to bind in compiled code.
std::vector<std::pair<std::string, void *>> compiledCodeSymbols();

} // namespace tnp::runtime::cuda

#endif // TNP_RUNTIME_CUDA_DEVICERUNTIME_H
