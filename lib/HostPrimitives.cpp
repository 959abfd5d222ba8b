//===- HostPrimitives.cpp - eager primitives made without a kernel --------===//

#include "lib/HostPrimitives.h"

#include "lib/Literals.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// Repeats the `filled` bytes at `dst` until `total` bytes are written,
/// doubling what each copy takes.
void repeatBytes(char *dst, size_t filled, size_t total) {
  while (filled < total) {
    size_t chunk = std::min(filled, total - filled);
    std::memcpy(dst + filled, dst, chunk);
    filled += chunk;
  }
}

/// Writes the broadcast of `src` (dimensions `in`, 1 where it broadcasts,
/// row-major strides `inStrides` in bytes) to `dst` (dimensions `out`,
/// slabs of `slabBytes[d]` bytes per index of dimension d - 1) from
/// dimension `d` on; from `whole` on the two agree and are copied as one
/// block. A broadcast dimension is written once and repeated.
void broadcastFrom(int d, int whole, const char *src, char *dst,
                   const shape_t &in, const shape_t &out,
                   const std::vector<size_t> &inStrides,
                   const std::vector<size_t> &slabBytes) {
  if (d == whole) {
    std::memcpy(dst, src, slabBytes[d]);
    return;
  }
  if (in[d] == 1) {
    broadcastFrom(d + 1, whole, src, dst, in, out, inStrides, slabBytes);
    repeatBytes(dst, slabBytes[d + 1], slabBytes[d]);
    return;
  }
  for (int64_t i = 0; i < out[d]; ++i)
    broadcastFrom(d + 1, whole, src + i * inStrides[d],
                  dst + i * slabBytes[d + 1], in, out, inStrides, slabBytes);
}

/// Copies `count` elements of `item` bytes, `stride` bytes apart, from
/// `src` to consecutive places at `dst`.
void gather(const char *src, char *dst, int64_t count, int64_t stride,
            size_t item) {
  auto typed = [&](auto element) {
    using T = decltype(element);
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * sizeof(T), src + i * stride, sizeof(T));
  };
  switch (item) {
  case 1:
    return typed(uint8_t());
  case 2:
    return typed(uint16_t());
  case 4:
    return typed(uint32_t());
  case 8:
    return typed(uint64_t());
  default:
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * item, src + i * stride, item);
  }
}

/// Writes the slice of `src` (byte strides `inStrides` of its dimensions
/// times the slice's `steps`) of dimensions `out` to `dst` (`slabBytes[d]`
/// bytes per index of dimension d - 1) from dimension `d` on.
void sliceFrom(size_t d, const char *src, char *dst, const shape_t &out,
               const std::vector<int64_t> &inSteps,
               const std::vector<size_t> &slabBytes) {
  size_t item = slabBytes.back();
  if (d + 1 == out.size()) {
    if (inSteps[d] == static_cast<int64_t>(item))
      std::memcpy(dst, src, out[d] * item);
    else
      gather(src, dst, out[d], inSteps[d], item);
    return;
  }
  for (int64_t i = 0; i < out[d]; ++i)
    sliceFrom(d + 1, src + i * inSteps[d], dst + i * slabBytes[d + 1], out,
              inSteps, slabBytes);
}

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
  view->byteOffset += offset * a.dtype.itemsize();
  return view;
}

std::shared_ptr<ArrayImpl> tnp::detail::broadcastOnHost(const Call &call) {
  const ArrayImpl &a = *call.inputs[0];
  const shape_t &out = call.resultShape;
  std::shared_ptr<ArrayImpl> result = allocateArray(out, a.dtype);
  if (result->size == 0)
    return result;
  int rank = static_cast<int>(out.size());
  // The input's dimensions aligned to the result's last ones.
  shape_t in(rank, 1);
  std::copy(a.shape.begin(), a.shape.end(), in.end() - a.shape.size());
  size_t item = a.dtype.itemsize();
  std::vector<size_t> inStrides(rank), slabBytes(rank + 1);
  slabBytes[rank] = item;
  size_t stride = item;
  for (int d = rank - 1; d >= 0; --d) {
    inStrides[d] = stride;
    stride *= in[d];
    slabBytes[d] = slabBytes[d + 1] * out[d];
  }
  int whole = rank;
  while (whole > 0 && in[whole - 1] == out[whole - 1])
    --whole;
  broadcastFrom(0, whole, static_cast<const char *>(a.data()),
                static_cast<char *>(result->mutableData()), in, out, inStrides,
                slabBytes);
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
  const shape_t &out = call.resultShape;
  std::shared_ptr<ArrayImpl> result = allocateArray(out, a.dtype);
  size_t item = a.dtype.itemsize();
  const char *src = static_cast<const char *>(a.data());
  if (out.empty()) {
    std::memcpy(result->mutableData(), src, item);
    return result;
  }
  if (result->size == 0)
    return result;
  size_t rank = out.size();
  std::vector<int64_t> inSteps(rank);
  std::vector<size_t> slabBytes(rank + 1);
  slabBytes[rank] = item;
  int64_t stride = static_cast<int64_t>(item);
  for (size_t d = rank; d-- > 0;) {
    src += start[d] * stride;
    inSteps[d] = strides[d] * stride;
    stride *= a.shape[d];
    slabBytes[d] = slabBytes[d + 1] * out[d];
  }
  sliceFrom(0, src, static_cast<char *>(result->mutableData()), out, inSteps,
            slabBytes);
  return result;
}
