//===- indexing.h - NumPy's indexing and functional updates -----*- C++ -*-===//
//
// x[i, j, ...] is spelled x(i, j, ...) or x[{i, j, ...}], with NumPy's
// meaning for every kind of index:
//
//   x(1, tnp::newaxis, tnp::slice(1, 3), tnp::ellipsis) // x[1, None, 1:3, ...]
//   x[{tnp::slice(), {true, false, true}}]              // x[:, (True, False,
//   True)] x(1, tnp::asarray({0, 0, 1}), idx)                  // x[1, [0, 0,
//   1], idx] x(tnp::slice(tnp::none, tnp::none, -1))             // x[::-1]
//
// Arrays are immutable, so x[i] = v is x.at(i).set(v) (JAX's x.at[i].set(v)),
// which returns the updated array.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_INDEXING_H
#define TNP_INDEXING_H

#include <tnp/ndarray.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <vector>

namespace tnp {

/// Python's None where a slice bound or axis is missing.
inline constexpr std::nullopt_t none = std::nullopt;

/// np.newaxis (None in an index): a new axis of size 1.
struct newaxis_t {};
inline constexpr newaxis_t newaxis{};

/// Python's Ellipsis (`...` in an index): as many `:` as the other indices
/// leave axes.
struct ellipsis_t {};
inline constexpr ellipsis_t ellipsis{};

/// Python's slice: slice() is `:`, slice(stop) `:stop`, slice(start, stop,
/// step) `start:stop:step`; a missing bound is tnp::none. Negative bounds
/// count from the end; a step may be negative, never zero (ValueError).
struct slice {
  std::optional<int64_t> start, stop, step;

  slice() = default;
  explicit slice(std::optional<int64_t> stop) : stop(stop) {}
  slice(std::optional<int64_t> start, std::optional<int64_t> stop,
        std::optional<int64_t> step = std::nullopt)
      : start(start), stop(stop), step(step) {}
};

/// One index of an indexing expression: an integer, a slice, newaxis,
/// ellipsis, a Python bool (a 0-d boolean index), an integer or bool
/// ndarray, or a braced list of integers or bools (an array, as NumPy reads
/// a list or a tuple nested in the index).
namespace detail {
/// A Python bool in an index: a 0-d bool array.
ndarray boolIndex(bool b);
} // namespace detail

class index_item {
public:
  enum class kind { integer, slice, newaxis, ellipsis, array };

  template <typename I,
            std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>,
                             int> = 0>
  index_item(I i) : kind_(kind::integer), integer_(static_cast<int64_t>(i)) {}
  /// Exactly bool: a float or pointer must not convert to a bool index.
  template <typename B, std::enable_if_t<std::is_same_v<B, bool>, int> = 0>
  index_item(B b) : index_item(detail::boolIndex(b)) {}
  index_item(tnp::slice s) : kind_(kind::slice), slice_(s) {}
  index_item(newaxis_t) : kind_(kind::newaxis) {}
  index_item(ellipsis_t) : kind_(kind::ellipsis) {}
  index_item(const ndarray &array) : kind_(kind::array), array_(array) {}
  template <typename T> index_item(std::initializer_list<T> values);

  kind which() const { return kind_; }
  int64_t integer() const { return integer_; }
  const tnp::slice &as_slice() const { return slice_; }
  const ndarray &array() const { return array_; }

private:
  kind kind_;
  int64_t integer_ = 0;
  tnp::slice slice_;
  ndarray array_;
};

/// The functional form of x[index] = v and its in-place variants, as JAX's
/// x.at[index]: each method returns a new array, x unchanged. Values take x's
/// dtype and broadcast to the shape of x[index] (ValueError otherwise).
///
/// Repeated indices: set() stores one of the values (on the CPU the last, as
/// NumPy's x[index] = v); add/multiply/min/max combine every value, as
/// np.add.at does (not as x[index] += v, which NumPy applies once).
class indexed_update {
public:
  indexed_update(ndarray array, std::vector<index_item> index)
      : array_(std::move(array)), index_(std::move(index)) {}

  /// x[index], as a read.
  ndarray get() const;
  /// x[index] = values.
  ndarray set(const ndarray &values) const;
  /// np.add.at / multiply.at / minimum.at / maximum.at. bool arrays take
  /// only set (TypeError); complex arrays take no min/max (TypeError).
  ndarray add(const ndarray &values) const;
  ndarray multiply(const ndarray &values) const;
  ndarray min(const ndarray &values) const;
  ndarray max(const ndarray &values) const;

private:
  ndarray array_;
  std::vector<index_item> index_;
};

namespace detail {
/// x[items...] (the implementation of ndarray::operator() and operator[]).
ndarray getitem(const ndarray &x, const std::vector<index_item> &items);
/// The array a braced list of integers or bools stands for.
ndarray indexArray(const std::vector<int64_t> &values);
ndarray indexArray(const std::vector<bool> &values);
} // namespace detail

template <typename T>
index_item::index_item(std::initializer_list<T> values) : kind_(kind::array) {
  static_assert(std::is_integral_v<T>,
                "a braced index list holds integers or bools");
  if constexpr (std::is_same_v<T, bool>)
    array_ = detail::indexArray(std::vector<bool>(values));
  else
    array_ =
        detail::indexArray(std::vector<int64_t>(values.begin(), values.end()));
}

template <typename... I> ndarray ndarray::operator()(const I &...items) const {
  return detail::getitem(*this, {index_item(items)...});
}

template <typename... I> indexed_update ndarray::at(const I &...items) const {
  return indexed_update(*this, {index_item(items)...});
}

/// np.take(a, indices, axis): elements of the flattened array (no axis) or
/// along `axis`; the result has the shape of a with that axis replaced by
/// indices' shape. Out-of-range indices are an IndexError (mode='raise').
ndarray take(const ndarray &a, const ndarray &indices,
             std::optional<int64_t> axis = std::nullopt);

/// np.take_along_axis(arr, indices, axis): indices has arr's rank (ValueError
/// otherwise) and broadcasts against it off `axis`; no axis takes from the
/// flattened array with 1-d indices.
ndarray take_along_axis(const ndarray &arr, const ndarray &indices,
                        std::optional<int64_t> axis);

/// np.nonzero(a): for each axis, the int64 indices of the elements that are
/// not zero, in row-major order. A 0-d a counts as 1-d (NumPy's deprecated
/// behaviour).
std::vector<ndarray> nonzero(const ndarray &a);

/// np.argwhere(a): the indices of the non-zero elements, one row each
/// (shape (N, a.ndim())), int64.
ndarray argwhere(const ndarray &a);

/// np.where(condition) with one argument: np.nonzero(condition).
std::vector<ndarray> where(const ndarray &condition);

/// np.flatnonzero(a): the indices of the non-zero elements of a.ravel().
ndarray flatnonzero(const ndarray &a);

/// np.diagonal(a, offset, axis1, axis2): the diagonal of the (axis1, axis2)
/// planes, as a new last axis; the other axes stay in order. ValueError for
/// rank < 2 or axis1 == axis2.
ndarray diagonal(const ndarray &a, int64_t offset = 0, int64_t axis1 = 0,
                 int64_t axis2 = 1);

/// np.diag_indices(n, ndim): ndim copies of arange(n), the index of the
/// main diagonal of an n x n x ... array.
std::vector<ndarray> diag_indices(int64_t n, int64_t ndim = 2);
/// np.ix_(args): the 1-d (integer or bool) args as an open mesh, arg i
/// along axis i, for indexing the cross product.
std::vector<ndarray> ix_(const std::vector<ndarray> &args);
/// np.compress(condition, a, axis): the slices along axis (of the
/// flattened a without one) where the 1-d condition is true. Its values
/// must be known (eager, or a constant of the trace), as for a mask.
ndarray compress(const ndarray &condition, const ndarray &a,
                 std::optional<int64_t> axis = std::nullopt);

} // namespace tnp

#endif // TNP_INDEXING_H
