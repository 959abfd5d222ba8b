//===- DLPack.cpp - DLPack import and export ------------------------------===//

#include <tnp/device.h>
#include <tnp/dlpack.h>
#include <tnp/errors.h>
#include <tnp/interop.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"
#include "lib/GpuArrays.h"
#include "lib/HostPrimitives.h"
#include "runtime/StridedCopy.h"
#include "runtime/cuda/DeviceRuntime.h"

#include <cstring>
#include <memory>
#include <vector>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// DLPack's kDLBool (added in DLPack 0.8; Debian's header is 0.6).
constexpr uint8_t kBoolCode = 6;

DLDataType dlpackType(tnp::dtype dtype) {
  uint8_t code = dtype.is_bool()       ? kBoolCode
                 : dtype == bfloat16   ? uint8_t(kDLBfloat)
                 : dtype.is_complex()  ? uint8_t(kDLComplex)
                 : dtype.is_floating() ? uint8_t(kDLFloat)
                 : dtype.is_unsigned() ? uint8_t(kDLUInt)
                                       : uint8_t(kDLInt);
  return {code, static_cast<uint8_t>(dtype.itemsize() * 8), 1};
}

std::optional<tnp::dtype> tnpType(DLDataType type) {
  if (type.lanes != 1)
    return std::nullopt;
  for (int i = 0; i < tnp::dtype::count; ++i) {
    tnp::dtype candidate(static_cast<tnp::dtype::code>(i));
    DLDataType t = dlpackType(candidate);
    if (t.code == type.code && t.bits == type.bits)
      return candidate;
  }
  return std::nullopt;
}

/// What an exported tensor holds: the array (its memory) and the shape and
/// strides the DLTensor points to.
struct Exported {
  std::shared_ptr<const ArrayImpl> array;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
  DLManagedTensor managed;
};

void deleteExported(DLManagedTensor *self) {
  auto *exported = static_cast<Exported *>(self->manager_ctx);
  // A GPU consumer may let go with its own kernels still reading the
  // memory, which tnp's cache would hand out next: they finish first. A
  // fault of theirs is the consumer's to report.
  if (const GpuBuffer *gpu = exported->array->gpu.get())
    (void)tnp::runtime::cuda::synchronizeDevice(gpu->device);
  delete exported;
}

/// Calls a tensor's deleter once, whatever happens to the import.
struct Owned {
  DLManagedTensor *tensor;
  ~Owned() {
    if (tensor && tensor->deleter)
      tensor->deleter(tensor);
  }
  DLManagedTensor *release() { return std::exchange(tensor, nullptr); }
};

} // namespace

DLManagedTensor *tnp::to_dlpack(const ndarray &a) {
  const ArrayImpl &impl = implOf(a);
  // A GPU array's device memory, once the calls queued on it have run (its
  // consumer may read it on another stream); else the host's (traced:
  // data() throws here).
  waitForGpu(impl);
  void *data = impl.gpu ? static_cast<char *>(impl.gpu->data) + impl.byteOffset
                        : const_cast<void *>(impl.data());
  auto exported = std::make_unique<Exported>();
  exported->array = a.impl();
  exported->shape = impl.shape;
  exported->strides = a.strides();
  for (int64_t &s : exported->strides)
    s /= static_cast<int64_t>(impl.dtype.itemsize());
  DLTensor &t = exported->managed.dl_tensor;
  t.data = data;
  t.device =
      impl.gpu ? DLDevice{kDLCUDA, impl.gpu->device} : DLDevice{kDLCPU, 0};
  t.ndim = static_cast<int32_t>(impl.shape.size());
  t.dtype = dlpackType(impl.dtype);
  t.shape = exported->shape.data();
  t.strides = exported->strides.data();
  t.byte_offset = 0;
  exported->managed.manager_ctx = exported.get();
  exported->managed.deleter = deleteExported;
  return &exported.release()->managed;
}

ndarray tnp::from_dlpack(DLManagedTensor *tensor) {
  if (!tensor)
    throw ValueError("from_dlpack: null tensor");
  Owned owned{tensor};
  const DLTensor &t = tensor->dl_tensor;
  bool onGpu = t.device.device_type == kDLCUDA;
  int gpus =
      onGpu ? static_cast<int>(config::list_physical_devices("GPU").size()) : 0;
  if (t.device.device_type != kDLCPU &&
      !(onGpu && t.device.device_id >= 0 && t.device.device_id < gpus))
    throw DeviceError("from_dlpack: the tensor is on DLPack device type " +
                      std::to_string(t.device.device_type) + " (id " +
                      std::to_string(t.device.device_id) +
                      "); tnp reads CPU tensors (kDLCPU) and tensors on its "
                      "GPUs (kDLCUDA, " +
                      std::to_string(gpus) + " here)");
  std::optional<tnp::dtype> dtype = tnpType(t.dtype);
  if (!dtype)
    throw TypeError("from_dlpack: no tnp dtype for DLPack type code " +
                    std::to_string(t.dtype.code) + ", " +
                    std::to_string(t.dtype.bits) + " bits, " +
                    std::to_string(t.dtype.lanes) + " lanes");
  shape_t shape(t.shape, t.shape + t.ndim);
  int64_t itemsize = static_cast<int64_t>(dtype->itemsize());
  // Strides in elements; null means row-major.
  shape_t strides(t.ndim);
  bool contiguous = true;
  int64_t expected = 1;
  checkedBytes(shape, *dtype, "from_dlpack");
  for (int i = t.ndim - 1; i >= 0; --i) {
    strides[i] = t.strides ? t.strides[i] : expected;
    contiguous &= shape[i] == 1 || strides[i] == expected;
    expected *= shape[i];
  }
  const char *data = static_cast<const char *>(t.data) + t.byte_offset;
  if (onGpu) {
    if (!contiguous)
      throw NotImplementedError(
          "from_dlpack: tnp imports GPU tensors that are row-major and "
          "contiguous only, not strides " +
          formatShape(strides) + " of shape " + formatShape(shape));
    DLManagedTensor *keep = owned.release();
    return ndarray(wrapOnGpu(const_cast<char *>(data), shape, *dtype,
                             t.device.device_id, [keep] {
                               if (keep->deleter)
                                 keep->deleter(keep);
                             }));
  }
  if (contiguous) {
    DLManagedTensor *keep = owned.release();
    return from_buffer(data, shape, *dtype, [keep] {
      if (keep->deleter)
        keep->deleter(keep);
    });
  }
  // Strided: copied in row-major order, once.
  auto impl = allocateArray(shape, *dtype);
  for (int64_t &stride : strides)
    stride *= itemsize;
  runtime::copyToRowMajor(itemsize, shape, data, strides,
                          static_cast<char *>(impl->mutableData()));
  return ndarray(std::move(impl));
}
