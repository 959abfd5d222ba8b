//===- ndarray.h - tnp::ndarray, NumPy's array ------------------*- C++ -*-===//
//
// A value-semantics handle to an immutable, contiguous (row-major) array on a
// device. Copies are cheap and share the buffer; no copy can be changed
// through another (`a += b` rebinds `a`).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_NDARRAY_H
#define TNP_NDARRAY_H

#include <tnp/dtype.h>

#include <complex>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace tnp {

using shape_t = std::vector<int64_t>;

class index_item;
class indexed_update;

namespace detail {
struct ArrayImpl;
template <typename T>
inline constexpr bool is_scalar_v =
    std::is_arithmetic_v<T> || std::is_same_v<T, std::complex<float>> ||
    std::is_same_v<T, std::complex<double>>;
} // namespace detail

class ndarray {
public:
  /// An empty handle; every use but assignment throws ValueError.
  ndarray();
  /// A C++ scalar as a *weak* 0-d array: it promotes as a Python scalar does
  /// (`x * 2` keeps x's dtype, `int_array * 1.5` is float64). Integers are
  /// int64, floating values float64, complex values complex128, bool bool.
  template <typename S, typename = std::enable_if_t<detail::is_scalar_v<S>>>
  ndarray(S value) : ndarray(fromScalar(value)) {}

  ndarray(const ndarray &) = default;
  ndarray(ndarray &&) noexcept = default;
  ndarray &operator=(const ndarray &) & = default;
  ndarray &operator=(ndarray &&) &noexcept = default;
  /// Arrays are immutable: `x(1) = v` does not compile. Write
  /// `x = x.at(1).set(v)` (tnp/indexing.h).
  template <typename T> ndarray &operator=(T &&) && = delete;

  /// np.ndarray.shape, ndim, size, dtype.
  const shape_t &shape() const;
  int64_t ndim() const;
  int64_t size() const;
  tnp::dtype dtype() const;
  /// np.ndarray.strides: bytes between elements along each axis (tnp's
  /// arrays are row-major and contiguous).
  shape_t strides() const;
  /// The device holding the buffer, TF-style:
  /// "/job:localhost/replica:0/task:0/device:CPU:0".
  std::string device() const;
  /// Whether this is a weak literal (a C++ scalar).
  bool is_weak() const;

  /// np.ndarray.T: the axes reversed.
  ndarray T() const;
  /// np.reshape; one dimension may be -1.
  ndarray reshape(const shape_t &newShape) const;
  /// np.ravel.
  ndarray ravel() const;
  /// np.ndarray.astype (unsafe casting, as NumPy's default).
  ndarray astype(tnp::dtype t) const;
  /// np.transpose; empty axes reverses them.
  ndarray transpose(const std::vector<int64_t> &axes = {}) const;
  /// np.squeeze: all size-1 axes, or the given one.
  ndarray squeeze(std::optional<int64_t> axis = std::nullopt) const;

  /// NumPy's x[i0, i1, ...]: integers, slices, newaxis, ellipsis, bools and
  /// integer or bool arrays (tnp/indexing.h), with NumPy's basic and advanced
  /// indexing rules. Out-of-range integers are an IndexError.
  template <typename... I> ndarray operator()(const I &...items) const;
  /// x[{i0, i1, ...}], the same as x(i0, i1, ...), where braced lists of
  /// integers or bools stand for arrays: x[{slice(), {true, false}}].
  ndarray operator[](std::initializer_list<index_item> items) const;
  /// x[i] with one index.
  ndarray operator[](const index_item &item) const;
  /// JAX's x.at[index]: functional updates (set, add, multiply, min, max).
  template <typename... I> indexed_update at(const I &...items) const;
  indexed_update at(std::initializer_list<index_item> items) const;

  /// The one element as T (np.ndarray.item); ValueError unless size() == 1.
  template <typename T> T item() const;
  /// The elements, in row-major order, converted to T.
  template <typename T> std::vector<T> to_vector() const;
  /// The raw bytes (row-major, dtype().itemsize() each).
  const void *data() const;
  /// JAX's block_until_ready: waits until the GPU holding this array has
  /// run what was queued on it (a GPU call returns with its kernels queued;
  /// host reads wait by themselves), and returns the array. Timings of GPU
  /// work need it; nothing to wait for elsewhere.
  const ndarray &block_until_ready() const;

  /// `explicit operator bool`: the truth of a one-element array, as Python's
  /// bool(a); ValueError otherwise ("The truth value of an array with more
  /// than one element is ambiguous").
  explicit operator bool() const;

  /// Internal: the implementation, for tnp's own library.
  const std::shared_ptr<const detail::ArrayImpl> &impl() const { return impl_; }
  explicit ndarray(std::shared_ptr<const detail::ArrayImpl> impl);

private:
  static ndarray fromScalar(bool v);
  static ndarray fromScalar(int64_t v);
  /// Above int64's range a literal is uint64, as a Python int is.
  static ndarray fromUnsigned(uint64_t v);
  static ndarray fromScalar(double v);
  static ndarray fromScalar(std::complex<double> v);
  template <typename S> static ndarray fromScalar(S v) {
    if constexpr (std::is_same_v<S, bool>)
      return fromScalar(static_cast<bool>(v));
    else if constexpr (std::is_integral_v<S> && std::is_unsigned_v<S>)
      return fromUnsigned(static_cast<uint64_t>(v));
    else if constexpr (std::is_integral_v<S>)
      return fromScalar(static_cast<int64_t>(v));
    else if constexpr (std::is_floating_point_v<S>)
      return fromScalar(static_cast<double>(v));
    else
      return fromScalar(std::complex<double>(v));
  }

  std::shared_ptr<const detail::ArrayImpl> impl_;
};

/// A shape as Python prints the tuple: "(5, 3)", "(15,)", "()".
std::string to_string(const shape_t &shape);

/// NumPy's repr: `array([[1., 2.],\n       [3., 4.]], dtype=float32)`.
std::string repr(const ndarray &a);
/// NumPy's str: `[[1. 2.]\n [3. 4.]]`.
std::string str(const ndarray &a);
/// Prints str(a), as print(a) does.
std::ostream &operator<<(std::ostream &os, const ndarray &a);

} // namespace tnp

#endif // TNP_NDARRAY_H
