//===- interop.h - arrays over memory tnp does not own ----------*- C++ -*-===//
//
// Handing tnp existing memory and reading tnp's memory in place: from_buffer
// wraps aligned memory without a copy (and copies, once, memory that is not
// aligned, as TF-NumPy does with NumPy arrays), views out through data(),
// strides() and std::span. See docs/interop.md.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_INTEROP_H
#define TNP_INTEROP_H

#include <tnp/dtype.h>
#include <tnp/errors.h>
#include <tnp/ndarray.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#if __cplusplus >= 202002L && __has_include(<span>)
#include <span>
#endif

namespace tnp {

/// The alignment memory needs for tnp to use it in place: 64 bytes, a cache
/// line and the widest vector (AVX-512) its kernels load.
inline constexpr std::size_t buffer_alignment = 64;

/// Wraps `data`, `shape` row-major elements of `dtype`, as an array. When
/// `data` is aligned to `buffer_alignment` the array uses the memory in place
/// (no copy) and `release` is called once, when the last array using it is
/// gone; the memory must stay valid and unchanged until then, and tnp never
/// writes it. Otherwise the elements are copied, once, into tnp's memory, and
/// `release` is called before from_buffer returns, as it is when from_buffer
/// throws: ValueError for a negative dimension, a size that overflows, or
/// null `data` with elements.
ndarray from_buffer(const void *data, const shape_t &shape, tnp::dtype dtype,
                    std::function<void()> release = nullptr);

/// from_buffer over memory whose lifetime `owner` holds: the array keeps
/// `owner` alive for as long as it uses the memory.
template <typename Owner>
ndarray from_buffer(const void *data, const shape_t &shape, tnp::dtype dtype,
                    std::shared_ptr<Owner> owner) {
  return from_buffer(data, shape, dtype, [owner = std::move(owner)] {});
}

/// An allocator whose memory tnp uses in place: vectors with it become arrays
/// without a copy (`from_vector`).
template <typename T> struct aligned_allocator {
  using value_type = T;
  aligned_allocator() = default;
  template <typename U> aligned_allocator(const aligned_allocator<U> &) {}
  T *allocate(std::size_t n) {
    if (n > std::size_t(-1) / sizeof(T))
      throw std::bad_array_new_length();
    return static_cast<T *>(
        ::operator new(n * sizeof(T), std::align_val_t(buffer_alignment)));
  }
  void deallocate(T *p, std::size_t) {
    ::operator delete(p, std::align_val_t(buffer_alignment));
  }
  template <typename U> bool operator==(const aligned_allocator<U> &) const {
    return true;
  }
  template <typename U> bool operator!=(const aligned_allocator<U> &) const {
    return false;
  }
};

/// A std::vector that tnp can take without copying.
template <typename T>
using aligned_vector = std::vector<T, aligned_allocator<T>>;

/// The array of `values` (moved in) with `shape` (default: 1-d). Zero-copy
/// when the vector's memory is aligned (always with `aligned_vector`); the
/// array then owns the vector. np.asarray of a list copies; this is
/// np.frombuffer over memory handed over.
template <typename T, typename Allocator>
ndarray from_vector(std::vector<T, Allocator> &&values,
                    std::optional<shape_t> shape = std::nullopt) {
  static_assert(!std::is_same_v<T, bool>,
                "std::vector<bool> packs bits: use std::vector<uint8_t> and "
                "astype(tnp::bool_)");
  auto owner = std::make_shared<std::vector<T, Allocator>>(std::move(values));
  shape_t dims = shape.value_or(shape_t{static_cast<int64_t>(owner->size())});
  const void *data = owner->data();
  return from_buffer(data, dims, dtype_of<T>(), std::move(owner));
}

#if __cplusplus >= 202002L && __has_include(<span>)
/// The elements of `a` in place, row-major (C++20). TypeError unless T is
/// `a`'s dtype; the span is valid while `a` (or any array sharing its memory)
/// lives.
template <typename T> std::span<const T> span(const ndarray &a) {
  if (dtype_of<T>() != a.dtype())
    throw TypeError("tnp::span<" + std::string(dtype_of<T>().name()) +
                    "> of an array of dtype " + std::string(a.dtype().name()));
  return {static_cast<const T *>(a.data()), static_cast<std::size_t>(a.size())};
}
#endif

} // namespace tnp

#endif // TNP_INTEROP_H
