//===- ArrayImpl.cpp - what an eager ndarray holds ------------------------===//

#include "lib/ArrayImpl.h"

#include <tnp/errors.h>

#include "lib/Format.h"
#include "lib/Tracer.h"

#include "llvm/Support/Error.h"

#include <cstdio>

using namespace tnp;
using namespace tnp::detail;

int64_t tnp::detail::numElements(const shape_t &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::shared_ptr<ArrayImpl>
tnp::detail::arrayOver(shape_t shape, tnp::dtype dtype,
                       std::shared_ptr<runtime::Buffer> buffer) {
  auto impl = std::make_shared<ArrayImpl>();
  impl->madeInTrace = activeTraceId();
  impl->device = currentPlacement();
  impl->size = numElements(shape);
  impl->shape = std::move(shape);
  impl->dtype = dtype;
  impl->buffer = std::move(buffer);
  return impl;
}

uint64_t tnp::detail::checkedBytes(const shape_t &shape, tnp::dtype dtype,
                                   const char *api) {
  std::string prefix = api ? std::string(api) + ": " : std::string();
  // Every dimension is checked before any product: (2^62, 2^62, 0) is as
  // wrong as (2^62, 2^62), and -1 * -1 is no size.
  for (int64_t d : shape)
    if (d < 0)
      throw ValueError(prefix + "negative dimensions are not allowed: " +
                       formatShape(shape));
  // As NumPy: the nonzero dimensions' product must fit, even when a zero
  // makes the array empty (no element count along the way then overflows).
  uint64_t bytes = dtype.itemsize();
  bool empty = false;
  for (int64_t d : shape)
    if (d == 0)
      empty = true;
    else if (__builtin_mul_overflow(bytes, uint64_t(d), &bytes) ||
             bytes > uint64_t(INT64_MAX))
      throw ValueError(prefix + "array is too big; `arr.size * " +
                       "arr.dtype.itemsize` is larger than the maximum " +
                       "possible size: shape " + formatShape(shape) + " of " +
                       std::string(dtype.name()));
  return empty ? 0 : bytes;
}

namespace {
/// NumPy's size in binary units, three significant digits: "8.00 TiB".
std::string binarySize(uint64_t bytes) {
  const char *units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = double(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 6) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  if (unit == 0)
    std::snprintf(text, sizeof(text), "%llu bytes", (unsigned long long)bytes);
  else
    std::snprintf(text, sizeof(text),
                  value < 10    ? "%.2f %s"
                  : value < 100 ? "%.1f %s"
                                : "%.0f %s",
                  value, units[unit]);
  return text;
}
} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::allocateArray(shape_t shape,
                                                      tnp::dtype dtype) {
  uint64_t bytes = checkedBytes(shape, dtype);
  auto buffer = runtime::Buffer::allocate(bytes);
  if (!buffer) {
    llvm::consumeError(buffer.takeError());
    throw MemoryError("Unable to allocate " + binarySize(bytes) +
                      " for an array with shape " + formatShape(shape) +
                      " and data type " + std::string(dtype.name()));
  }
  return arrayOver(std::move(shape), dtype, std::move(*buffer));
}

const ArrayImpl &tnp::detail::implOf(const ndarray &a) {
  if (!a.impl())
    throw ValueError("tnp: use of an empty ndarray handle");
  return *a.impl();
}

void ArrayImpl::throwTraced(const std::string &what) {
  throw ConcretizationTypeError(
      what + ": the values of a traced array are not known while tnp::trace "
             "records a function (only its shape and dtype are)");
}
