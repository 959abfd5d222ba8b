//===- ArrayImpl.h - what an eager ndarray holds ----------------*- C++ -*-===//

#ifndef TNP_LIB_ARRAYIMPL_H
#define TNP_LIB_ARRAYIMPL_H

#include <tnp/ndarray.h>

#include "runtime/Buffer.h"

#include <memory>

namespace tnp::detail {

/// An eager array: a contiguous row-major buffer, its shape and dtype.
/// Immutable once made, so handles share it freely.
struct ArrayImpl {
  shape_t shape;
  tnp::dtype dtype = float64;
  /// A C++ scalar literal: promotes as a Python scalar does.
  bool weak = false;
  int64_t size = 1;
  std::shared_ptr<runtime::Buffer> buffer;

  const void *data() const { return buffer->data(); }
  void *mutableData() const { return buffer->data(); }
};

/// The product of the dimensions.
int64_t numElements(const shape_t &shape);

/// A new, uninitialized array (throws on allocation failure).
std::shared_ptr<ArrayImpl> allocateArray(shape_t shape, tnp::dtype dtype);

/// The implementation of a handle; ValueError for an empty handle.
const ArrayImpl &implOf(const ndarray &a);

} // namespace tnp::detail

#endif // TNP_LIB_ARRAYIMPL_H
