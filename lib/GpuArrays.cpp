//===- GpuArrays.cpp - eager arrays in a GPU's memory ---------------------===//

#include "lib/GpuArrays.h"

#include <tnp/errors.h>

#include "lib/Format.h"
#include "lib/Session.h"

#include "runtime/Buffer.h"
#include "runtime/cuda/DeviceRuntime.h"

#include "llvm/ADT/SmallVector.h"

#include <cstring>

using namespace tnp;
using namespace tnp::detail;
namespace cuda = tnp::runtime::cuda;

GpuBuffer::~GpuBuffer() {
  if (external) {
    // Its owner may reuse the memory at once: the calls queued on it first.
    // A fault of theirs was reported to the reads that needed them.
    (void)cuda::synchronize(device);
    external();
  } else {
    cuda::release(data);
  }
}

void tnp::detail::throwIfFailed(const cuda::Status &status,
                                const std::string &what) {
  if (status.ok())
    return;
  if (status.outOfMemory)
    throw MemoryError(what + ": " + status.error);
  throw DeviceError(what + ": " + status.error);
}

namespace {
/// An array of `shape` and `dtype` over `block`, placed on its GPU.
std::shared_ptr<ArrayImpl> arrayIn(std::shared_ptr<GpuBuffer> block,
                                   shape_t shape, tnp::dtype dtype) {
  auto impl = arrayOver(std::move(shape), dtype, nullptr);
  impl->device = DeviceId{DeviceKind::GPU, block->device};
  impl->gpu = std::move(block);
  return impl;
}
} // namespace

std::shared_ptr<ArrayImpl>
tnp::detail::allocateOnGpu(shape_t shape, tnp::dtype dtype, int device) {
  auto block = std::make_shared<GpuBuffer>();
  block->device = device;
  block->bytes = checkedBytes(shape, dtype);
  cuda::Status status;
  block->data = cuda::allocate(device, block->bytes, status);
  throwIfFailed(status, "tnp: an array with shape " + formatShape(shape) +
                            " and data type " + std::string(dtype.name()) +
                            " on GPU:" + std::to_string(device));
  return arrayIn(std::move(block), std::move(shape), dtype);
}

std::shared_ptr<ArrayImpl>
tnp::detail::wrapOnGpu(void *data, shape_t shape, tnp::dtype dtype, int device,
                       std::function<void()> release) {
  auto block = std::make_shared<GpuBuffer>();
  block->device = device;
  block->data = data;
  block->bytes = checkedBytes(shape, dtype);
  block->external = std::move(release);
  return arrayIn(std::move(block), std::move(shape), dtype);
}

std::shared_ptr<ArrayImpl> tnp::detail::copyToGpu(const ArrayImpl &a,
                                                  int device) {
  std::shared_ptr<ArrayImpl> moved = allocateOnGpu(a.shape, a.dtype, device);
  moved->weak = a.weak;
  moved->madeInTrace = a.madeInTrace;
  size_t bytes = a.size * a.dtype.itemsize();
  std::string what = "tnp: copying an array to GPU:" + std::to_string(device);
  // A buffer of tnp's holding the block's values from its start becomes its
  // host copy (neither is written once made): the copy from it is queued,
  // not waited for (the runtime holds the buffer until it has run), and a
  // literal placed on the GPU is read back without one. Memory tnp does not
  // own is its owner's to change or free.
  if (a.buffer && !a.buffer->isExternal() && a.byteOffset == 0) {
    moved->gpu->host = a.buffer;
    throwIfFailed(cuda::enqueueCopy(device, moved->gpu->data, a.buffer->data(),
                                    bytes, a.buffer),
                  what);
  } else {
    throwIfFailed(cuda::copy(device, moved->gpu->data, a.data(), bytes), what);
  }
  return moved;
}

void tnp::detail::moveToGpu(llvm::MutableArrayRef<const ArrayImpl *> arrays,
                            int device,
                            std::vector<std::shared_ptr<ArrayImpl>> &copies) {
  for (const ArrayImpl *&a : arrays)
    if (!a->gpu || a->gpu->device != device)
      a = copies.emplace_back(copyToGpu(*a, device)).get();
}

std::shared_ptr<ArrayImpl> tnp::detail::toHost(const ArrayImpl &a) {
  std::shared_ptr<ArrayImpl> copy = allocateArray(a.shape, a.dtype);
  std::memcpy(copy->mutableData(), a.data(), a.size * a.dtype.itemsize());
  return copy;
}

const void *ArrayImpl::gpuValuesOnHost() const {
  GpuBuffer &block = *gpu;
  std::lock_guard<std::mutex> lock(block.mutex);
  if (!block.host) {
    auto host = runtime::Buffer::allocate(block.bytes);
    if (!host) {
      llvm::consumeError(host.takeError());
      throw MemoryError("tnp: no host memory for a copy of " +
                        std::to_string(block.bytes) +
                        " bytes from GPU:" + std::to_string(block.device));
    }
    throwIfFailed(
        cuda::copy(block.device, (*host)->data(), block.data, block.bytes),
        "tnp: copying an array from GPU:" + std::to_string(block.device));
    block.host = std::move(*host);
  }
  return static_cast<const char *>(block.host->data()) + byteOffset;
}

void tnp::detail::waitForGpu(const ArrayImpl &a) {
  if (!a.gpu)
    return;
  throwIfFailed(cuda::synchronize(a.gpu->device),
                "tnp: waiting for GPU:" + std::to_string(a.gpu->device));
}

std::shared_ptr<const ArrayImpl>
tnp::detail::settled(std::shared_ptr<const ArrayImpl> a) {
  if (!a || a->device.kind != DeviceKind::GPU || a->gpu || a->tracer)
    return a;
  return copyToGpu(*a, a->device.index);
}

void tnp::detail::callOnGpu(const runtime::CompiledFunction &function,
                            llvm::ArrayRef<const ArrayImpl *> arrays,
                            int device) {
  llvm::SmallVector<runtime::ArrayView, 8> views;
  for (const ArrayImpl *a : arrays) {
    runtime::ArrayView view;
    view.data = static_cast<const char *>(a->gpu->data) + a->byteOffset;
    view.shape = a->shape;
    view.dtype = a->dtype;
    view.device = runtime::Device::Gpu;
    views.push_back(view);
  }
  cuda::beginCall(device);
  callCompiled(function, views);
  throwIfFailed(cuda::endCall(),
                "tnp: a call on GPU:" + std::to_string(device));
}
