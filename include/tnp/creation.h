//===- creation.h - making arrays -------------------------------*- C++ -*-===//

#ifndef TNP_CREATION_H
#define TNP_CREATION_H

#include <tnp/ndarray.h>

#include <initializer_list>
#include <optional>
#include <string_view>
#include <type_traits>
#include <vector>

namespace tnp {

namespace detail {
/// C++ integer literals are Python ints in initializer lists: int64.
template <typename T>
using literal_t = std::conditional_t<std::is_same_v<T, int>, int64_t, T>;
void throwRagged(size_t rows);
} // namespace detail

/// np.empty, np.zeros, np.ones, np.full (dtype defaults as NumPy's: float64,
/// or for full the value's dtype).
ndarray empty(const shape_t &shape, tnp::dtype dtype = float64);
ndarray zeros(const shape_t &shape, tnp::dtype dtype = float64);
ndarray ones(const shape_t &shape, tnp::dtype dtype = float64);
ndarray full(const shape_t &shape, const ndarray &fill_value,
             std::optional<tnp::dtype> dtype = std::nullopt);
/// np.zeros_like / np.ones_like.
ndarray zeros_like(const ndarray &a);
ndarray ones_like(const ndarray &a);
/// np.empty_like / np.full_like(a, fill_value, dtype): a's shape, and its
/// dtype unless `dtype` is given; fill_value broadcasts to the shape.
ndarray empty_like(const ndarray &prototype,
                   std::optional<tnp::dtype> dtype = std::nullopt);
ndarray full_like(const ndarray &a, const ndarray &fill_value,
                  std::optional<tnp::dtype> dtype = std::nullopt);
/// np.copy, as tnp.copy in TF: arrays are immutable, so the copy is `a`
/// itself (C++ scalars become 0-d arrays, as np.asarray makes them), unless
/// a device_scope places it on another device (docs/devices.md).
ndarray copy(const ndarray &a);

/// np.arange(stop), np.arange(start, stop, step): int64 when all arguments
/// are integers, else float64 (float32 under prefer_float32), unless dtype
/// is given.
ndarray arange(const ndarray &stop);
ndarray arange(const ndarray &start, const ndarray &stop,
               const ndarray &step = 1,
               std::optional<tnp::dtype> dtype = std::nullopt);
/// np.linspace(start, stop, num, endpoint), float64 (float32 under
/// prefer_float32) unless dtype is given.
ndarray linspace(double start, double stop, int64_t num = 50,
                 bool endpoint = true,
                 std::optional<tnp::dtype> dtype = std::nullopt);
/// np.logspace(start, stop, num, endpoint, base): base ** linspace(start,
/// stop, num, endpoint), computed in float64; np.geomspace(start, stop,
/// num, endpoint): the geometric sequence from start to stop (both nonzero;
/// exact at the ends). float64 (float32 under prefer_float32) unless dtype
/// is given.
ndarray logspace(double start, double stop, int64_t num = 50,
                 bool endpoint = true, double base = 10.0,
                 std::optional<tnp::dtype> dtype = std::nullopt);
ndarray geomspace(double start, double stop, int64_t num = 50,
                  bool endpoint = true,
                  std::optional<tnp::dtype> dtype = std::nullopt);

/// np.eye(N, M, k) and np.identity(n).
ndarray eye(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0,
            tnp::dtype dtype = float64);
ndarray identity(int64_t n, tnp::dtype dtype = float64);

// Building matrices and grids (lib/numpy/Matrices.cpp).
/// np.tri(N, M, k): ones at and below diagonal k of an N x M matrix.
ndarray tri(int64_t N, std::optional<int64_t> M = std::nullopt, int64_t k = 0,
            tnp::dtype dtype = float64);
/// np.tril / np.triu: m below (above) diagonal k, inclusive, of its last two
/// axes; zeros elsewhere. A 1-d m is the rows of a square matrix.
ndarray tril(const ndarray &m, int64_t k = 0);
ndarray triu(const ndarray &m, int64_t k = 0);
/// np.diag(v, k): the matrix with a 1-d v on diagonal k, or a 2-d v's
/// diagonal k. np.diagflat: diag of the flattened v.
ndarray diag(const ndarray &v, int64_t k = 0);
ndarray diagflat(const ndarray &v, int64_t k = 0);
/// np.vander(x, N, increasing): the columns x**(N-1) ... x**0 (or
/// ascending), in x's dtype promoted with int64.
ndarray vander(const ndarray &x, std::optional<int64_t> N = std::nullopt,
               bool increasing = false);
/// np.meshgrid(xi, indexing, sparse): coordinate arrays of the grid the 1-d
/// (flattened) xi span; "xy" indexing swaps the first two axes, and sparse
/// grids keep size-1 axes instead of broadcasting.
std::vector<ndarray> meshgrid(const std::vector<ndarray> &xi,
                              std::string_view indexing = "xy",
                              bool sparse = false);

/// np.asarray of an array (itself, or converted to dtype); of a C++ scalar a
/// (non-weak) 0-d array: asarray(1) is int64, asarray(1.) float64 (float32
/// under prefer_float32), asarray(true) bool.
ndarray asarray(const ndarray &a,
                std::optional<tnp::dtype> dtype = std::nullopt);
/// np.array / np.asarray from data in row-major order, with a shape.
template <typename T>
ndarray asarray(const std::vector<T> &values, const shape_t &shape,
                std::optional<tnp::dtype> dtype = std::nullopt);
template <typename T>
ndarray asarray(const T *values, const shape_t &shape,
                std::optional<tnp::dtype> dtype = std::nullopt);
/// From a 1-d vector or initializer list: np.asarray([1, 2, 3]).
template <typename T>
ndarray asarray(const std::vector<T> &values,
                std::optional<tnp::dtype> dtype = std::nullopt) {
  return asarray(values, {static_cast<int64_t>(values.size())}, dtype);
}
template <typename T>
ndarray asarray(std::initializer_list<T> values,
                std::optional<tnp::dtype> dtype = std::nullopt) {
  return asarray(
      std::vector<detail::literal_t<T>>(values.begin(), values.end()), dtype);
}
/// From nested initializer lists: np.asarray([[1, 2], [3, 4]]). Rows of
/// different lengths are a ValueError.
template <typename T>
ndarray asarray(std::initializer_list<std::initializer_list<T>> rows,
                std::optional<tnp::dtype> dtype = std::nullopt) {
  std::vector<detail::literal_t<T>> values;
  size_t width = rows.size() ? rows.begin()->size() : 0;
  for (const auto &row : rows) {
    if (row.size() != width)
      detail::throwRagged(rows.size());
    values.insert(values.end(), row.begin(), row.end());
  }
  return asarray(
      values, {static_cast<int64_t>(rows.size()), static_cast<int64_t>(width)},
      dtype);
}
/// np.array: the same as asarray (arrays are immutable, so copies are free).
template <typename... Args> ndarray array(Args &&...args) {
  return asarray(std::forward<Args>(args)...);
}
/// np.asanyarray and np.ascontiguousarray: asarray (tnp has no subclasses,
/// and every array is contiguous to the user).
template <typename... Args> ndarray asanyarray(Args &&...args) {
  return asarray(std::forward<Args>(args)...);
}
template <typename... Args> ndarray ascontiguousarray(Args &&...args) {
  return asarray(std::forward<Args>(args)...);
}

/// np.array of braced lists, which a forwarding template cannot take.
template <typename T>
ndarray array(std::initializer_list<T> values,
              std::optional<tnp::dtype> dtype = std::nullopt) {
  return asarray(values, dtype);
}
template <typename T>
ndarray array(std::initializer_list<std::initializer_list<T>> rows,
              std::optional<tnp::dtype> dtype = std::nullopt) {
  return asarray(rows, dtype);
}

} // namespace tnp

#endif // TNP_CREATION_H
