//===- GpuArrays.h - eager arrays in a GPU's memory -------------*- C++ -*-===//
//
// An array placed on a GPU (lib/Devices.h) holds its values in that GPU's
// memory, from the caching allocator of runtime/cuda/. Values made on the
// host under a GPU's scope (literals, host copies) move there when the array
// is handed out (ndarray's constructor) or read by a GPU call. A host read
// (to_vector, item, data(), printing) copies the values back once, into a
// host buffer kept beside them: arrays never change once made.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_GPUARRAYS_H
#define TNP_LIB_GPUARRAYS_H

#include "lib/ArrayImpl.h"

#include "runtime/CallingConvention.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tnp::runtime::cuda {
struct Status;
} // namespace tnp::runtime::cuda

namespace tnp::detail {

/// A block of a GPU's memory, shared by an array and its views.
struct GpuBuffer {
  int device = 0;
  void *data = nullptr;
  size_t bytes = 0;
  /// The host copy of the block, made at the first host read.
  std::mutex mutex;
  std::shared_ptr<runtime::Buffer> host;
  /// For memory tnp does not own (a DLPack import): how it is given back.
  std::function<void()> external;

  GpuBuffer() = default;
  GpuBuffer(const GpuBuffer &) = delete;
  GpuBuffer &operator=(const GpuBuffer &) = delete;
  /// Hands the block back to its device's cache (or calls `external`).
  ~GpuBuffer();
};

/// Throws a failed GPU call's `status`, after `what`: MemoryError when the
/// device ran out of memory, else DeviceError (the driver call and CUDA's
/// error name).
void throwIfFailed(const runtime::cuda::Status &status,
                   const std::string &what);

/// A new, uninitialized array in GPU `device`'s memory.
std::shared_ptr<ArrayImpl> allocateOnGpu(shape_t shape, tnp::dtype dtype,
                                         int device);

/// An array over `bytes` of GPU `device`'s memory at `data`, which tnp does
/// not own and never writes: `release` is called once when the last array
/// using it is gone.
std::shared_ptr<ArrayImpl> wrapOnGpu(void *data, shape_t shape,
                                     tnp::dtype dtype, int device,
                                     std::function<void()> release);

/// A copy of `a` in GPU `device`'s memory.
std::shared_ptr<ArrayImpl> copyToGpu(const ArrayImpl &a, int device);

/// Points each of `arrays` whose values are not in GPU `device`'s memory at
/// a copy there, which `copies` keeps: a call's operands from elsewhere.
void moveToGpu(llvm::MutableArrayRef<const ArrayImpl *> arrays, int device,
               std::vector<std::shared_ptr<ArrayImpl>> &copies);

/// Waits until the calls queued on the GPU holding `a`'s values are done
/// (they return before their kernels run); nothing for other arrays.
void waitForGpu(const ArrayImpl &a);

/// A copy of `a` (whose values are in a GPU's memory) in host memory.
std::shared_ptr<ArrayImpl> toHost(const ArrayImpl &a);

/// Where an array handed out must live: on its GPU when placed on one, the
/// values moved there if they were made on the host; else as it is.
std::shared_ptr<const ArrayImpl> settled(std::shared_ptr<const ArrayImpl> a);

/// Calls `function`, compiled for GPU `device`, on `arrays` (its inputs,
/// then its results' buffers), all in that GPU's memory; waits for it, and
/// throws its first failure (throwIfFailed).
void callOnGpu(const runtime::CompiledFunction &function,
               llvm::ArrayRef<const ArrayImpl *> arrays, int device);

} // namespace tnp::detail

#endif // TNP_LIB_GPUARRAYS_H
