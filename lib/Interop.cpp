//===- Interop.cpp - arrays over memory tnp does not own ------------------===//

#include <tnp/interop.h>

#include "lib/ArrayImpl.h"
#include "lib/Format.h"

#include <cstring>

using namespace tnp;
using namespace tnp::detail;

ndarray tnp::from_buffer(const void *data, const shape_t &shape,
                         tnp::dtype dtype, std::function<void()> release) {
  uint64_t bytes = dtype.itemsize();
  for (int64_t d : shape) {
    if (d < 0)
      throw ValueError("from_buffer: negative dimensions are not allowed: " +
                       formatShape(shape));
    if (__builtin_mul_overflow(bytes, uint64_t(d), &bytes))
      throw ValueError("from_buffer: shape " + formatShape(shape) + " of " +
                       std::string(dtype.name()) + " overflows the size");
  }
  if (!data && bytes > 0)
    throw ValueError("from_buffer: null data for shape " + formatShape(shape));
  if (reinterpret_cast<uintptr_t>(data) % buffer_alignment != 0 || !data) {
    // Copied, once, as TF-NumPy copies a NumPy array that is not aligned.
    auto impl = allocateArray(shape, dtype);
    if (bytes > 0)
      std::memcpy(impl->mutableData(), data, bytes);
    if (release)
      release();
    return ndarray(std::move(impl));
  }
  auto buffer = runtime::Buffer::wrap(const_cast<void *>(data), bytes,
                                      std::move(release));
  if (!buffer)
    throw ValueError("from_buffer: " + llvm::toString(buffer.takeError()));
  return ndarray(arrayOver(shape, dtype, std::move(*buffer)));
}
