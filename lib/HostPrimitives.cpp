//===- HostPrimitives.cpp - eager primitives made without a kernel --------===//

#include "lib/HostPrimitives.h"

#include "lib/GpuArrays.h"

#include "lib/Literals.h"
#include "runtime/StridedCopy.h"

#include <vector>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// Writes 0, 1, ..., count - 1 as T's at `dst`.
template <typename T> void writeIndices(void *dst, int64_t count) {
  T *out = static_cast<T *>(dst);
  for (int64_t i = 0; i < count; ++i)
    out[i] = static_cast<T>(i);
}

} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::viewOf(const Call &call,
                                               int64_t offset) {
  const ArrayImpl &a = *call.inputs[0];
  auto view = std::make_shared<ArrayImpl>(a);
  view->shape = call.resultShape;
  view->size = numElements(call.resultShape);
  view->weak = false;
  view->device = currentPlacement();
  view->byteOffset += offset * a.dtype.itemsize();
  // A view placed on the CPU of an array on a GPU reads the host copy.
  if (view->gpu && view->device.kind == DeviceKind::CPU) {
    view->data();
    view->buffer = view->gpu->host;
    view->gpu = nullptr;
  }
  return view;
}

std::shared_ptr<ArrayImpl> tnp::detail::broadcastOnHost(const Call &call) {
  const ArrayImpl &a = *call.inputs[0];
  const shape_t &out = call.resultShape;
  std::shared_ptr<ArrayImpl> result = allocateArray(out, a.dtype);
  // The input's dimensions aligned to the result's last ones; those of
  // size 1 do not step.
  size_t rank = out.size(), skipped = rank - a.shape.size();
  std::vector<int64_t> byteStrides(rank, 0);
  int64_t stride = static_cast<int64_t>(a.dtype.itemsize());
  for (size_t d = rank; d-- > skipped;) {
    int64_t size = a.shape[d - skipped];
    byteStrides[d] = size == 1 ? 0 : stride;
    stride *= size;
  }
  runtime::copyToRowMajor(a.dtype.itemsize(), out,
                          static_cast<const char *>(a.data()), byteStrides,
                          static_cast<char *>(result->mutableData()));
  return result;
}

std::shared_ptr<ArrayImpl> tnp::detail::iotaOnHost(const Call &call) {
  int64_t dim = call.attrs[0];
  const shape_t &out = call.resultShape;
  // The indices along `dim` as an array of that one dimension, broadcast.
  shape_t lineShape(out.size(), 1);
  lineShape[dim] = out[dim];
  std::shared_ptr<ArrayImpl> line = allocateArray(lineShape, call.resultDType);
  void *data = line->mutableData();
  switch (call.resultDType.id()) {
  case dtype::code::int32:
    writeIndices<int32_t>(data, out[dim]);
    break;
  case dtype::code::int64:
    writeIndices<int64_t>(data, out[dim]);
    break;
  case dtype::code::float32:
    writeIndices<float>(data, out[dim]);
    break;
  case dtype::code::float64:
    writeIndices<double>(data, out[dim]);
    break;
  default:
    for (int64_t i = 0; i < out[dim]; ++i)
      writeScalar(static_cast<char *>(data) + i * call.resultDType.itemsize(),
                  call.resultDType, Scalar{Scalar::Kind::Int, i, {}});
  }
  if (lineShape == out)
    return line;
  Call broadcast = call;
  broadcast.inputs[0] = line.get();
  broadcast.numInputs = 1;
  return broadcastOnHost(broadcast);
}

std::shared_ptr<ArrayImpl> tnp::detail::sliceOnHost(const Call &call,
                                                    const int64_t *start,
                                                    const int64_t *strides) {
  const ArrayImpl &a = *call.inputs[0];
  std::shared_ptr<ArrayImpl> result = allocateArray(call.resultShape, a.dtype);
  size_t rank = a.shape.size();
  std::vector<int64_t> byteStrides(rank);
  const char *src = static_cast<const char *>(a.data());
  int64_t stride = static_cast<int64_t>(a.dtype.itemsize());
  for (size_t d = rank; d-- > 0;) {
    src += start[d] * stride;
    byteStrides[d] = strides[d] * stride;
    stride *= a.shape[d];
  }
  runtime::copyToRowMajor(a.dtype.itemsize(), call.resultShape, src,
                          byteStrides,
                          static_cast<char *>(result->mutableData()));
  return result;
}
