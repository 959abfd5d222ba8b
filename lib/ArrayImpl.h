//===- ArrayImpl.h - what an eager ndarray holds ----------------*- C++ -*-===//

#ifndef TNP_LIB_ARRAYIMPL_H
#define TNP_LIB_ARRAYIMPL_H

#include <tnp/ndarray.h>

#include "lib/Devices.h"

#include "runtime/Buffer.h"

#include <memory>
#include <string>

namespace tnp::detail {

class Tracer;
struct GpuBuffer;

/// An array: a contiguous row-major buffer (in host memory, or a GPU's:
/// lib/GpuArrays.h), its shape and dtype; or, while
/// tnp::trace records a function, a traced value (no buffer), whose shape
/// and dtype alone are known. Immutable once made, so handles share it.
struct ArrayImpl : std::enable_shared_from_this<ArrayImpl> {
  shape_t shape;
  tnp::dtype dtype = float64;
  /// A C++ scalar literal: promotes as a Python scalar does.
  bool weak = false;
  int64_t size = 1;
  std::shared_ptr<runtime::Buffer> buffer;
  /// Where the array starts in the buffer: a view (x[2], x[1:3]) shares its
  /// base's buffer, which is never written once made.
  size_t byteOffset = 0;
  /// The tracer recording this value (null for an eager array), and the
  /// value (an mlir::Value's opaque pointer) in its function.
  Tracer *tracer = nullptr;
  void *value = nullptr;
  /// Where the array is placed (lib/Devices.h).
  DeviceId device;
  /// For an array whose values are in a GPU's memory: that memory (then
  /// `buffer` is null, and byteOffset counts from this block's start).
  std::shared_ptr<GpuBuffer> gpu;
  /// The trace during which this eager array was computed (0: none): such
  /// arrays are constants of that trace, not captures.
  uint64_t madeInTrace = 0;

  /// The values in host memory: a GPU array's are copied back at the
  /// first read.
  const void *data() const {
    if (gpu)
      return gpuValuesOnHost();
    if (!buffer)
      throwTraced("reading its values");
    return static_cast<const char *>(buffer->data()) + byteOffset;
  }
  /// Throws ConcretizationTypeError: `what` needs values a traced array has
  /// not got.
  [[noreturn]] static void throwTraced(const std::string &what);
  const void *gpuValuesOnHost() const;
  void *mutableData() const {
    return static_cast<char *>(buffer->data()) + byteOffset;
  }
};

/// The product of the dimensions.
int64_t numElements(const shape_t &shape);

/// The bytes of an array of `shape` and `dtype`: the one size rule of every
/// array made. ValueError (prefixed with `api` when given) for a negative
/// dimension, or a size past int64 ("array is too big", as NumPy says).
uint64_t checkedBytes(const shape_t &shape, tnp::dtype dtype,
                      const char *api = nullptr);

/// An eager array of `shape` and `dtype` over `buffer`.
std::shared_ptr<ArrayImpl> arrayOver(shape_t shape, tnp::dtype dtype,
                                     std::shared_ptr<runtime::Buffer> buffer);

/// A new, uninitialized array: checkedBytes's errors, MemoryError when the
/// memory cannot be allocated.
std::shared_ptr<ArrayImpl> allocateArray(shape_t shape, tnp::dtype dtype);

/// The implementation of a handle; ValueError for an empty handle.
const ArrayImpl &implOf(const ndarray &a);

} // namespace tnp::detail

#endif // TNP_LIB_ARRAYIMPL_H
