//===- reductions.h - sums, extrema, statistics -----------------*- C++ -*-===//
//
// NumPy's reductions: np.sum, np.mean, np.max, np.argmax, np.std, ... Each
// takes NumPy's `axis` (every axis, one, or several) and `keepdims`:
//
//   tnp::sum(x)                          // np.sum(x)
//   tnp::sum(x, 1)                       // np.sum(x, axis=1)
//   tnp::sum(x, {0, 2}, /*keepdims=*/true) // np.sum(x, axis=(0, 2),
//   keepdims=True) tnp::std(x, 0, {/*ddof=*/1})         // np.std(x, axis=0,
//   ddof=1)
//
// Axes out of range are tnp::AxisError, repeated ones ValueError, as NumPy's.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_REDUCTIONS_H
#define TNP_REDUCTIONS_H

#include <tnp/ndarray.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace tnp {

/// NumPy's `axis` argument: None (std::nullopt, every axis), an int, or a
/// tuple of ints (`{0, 2}`; `{}` is the empty tuple, reducing no axis).
/// Negative axes count from the end.
class Axis {
public:
  /// axis=None.
  Axis(std::nullopt_t) {}
  /// axis=None when empty, else the int.
  Axis(std::optional<int64_t> axis) {
    if (axis)
      axes_ = std::vector<int64_t>{*axis}, single_ = true;
  }
  /// axis=n.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> &&
                                                    !std::is_same_v<I, bool>>>
  Axis(I axis)
      : axes_(std::vector<int64_t>{static_cast<int64_t>(axis)}), single_(true) {
  }
  /// axis=(a, b, ...).
  Axis(std::initializer_list<int64_t> axes)
      : axes_(std::vector<int64_t>(axes)) {}
  Axis(std::vector<int64_t> axes) : axes_(std::move(axes)) {}

  /// Whether this is axis=None.
  bool is_none() const { return !axes_; }
  /// Whether this is one int rather than a tuple.
  bool is_int() const { return single_; }
  /// The axes as given (empty for None).
  const std::vector<int64_t> &axes() const {
    static const std::vector<int64_t> none;
    return axes_ ? *axes_ : none;
  }

private:
  std::optional<std::vector<int64_t>> axes_;
  bool single_ = false;
};

/// np.sum. Bool and integers narrower than 64 bits sum as int64 (unsigned
/// ones as uint64); other dtypes keep theirs. An empty sum is 0.
ndarray sum(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
/// np.prod, with np.sum's dtypes. An empty product is 1.
ndarray prod(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
/// np.cumsum / np.cumprod along one axis, or over the flattened array; the
/// dtypes are np.sum's unless `dtype` is given.
ndarray cumsum(const ndarray &a, std::optional<int64_t> axis = std::nullopt,
               std::optional<tnp::dtype> dtype = std::nullopt);
ndarray cumprod(const ndarray &a, std::optional<int64_t> axis = std::nullopt,
                std::optional<tnp::dtype> dtype = std::nullopt);
/// np.mean: float64 for bool and integers; float16 (and bfloat16) accumulate
/// in float32 and return their own dtype. An empty mean is NaN.
ndarray mean(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);

/// np.max (np.amax) and np.min (np.amin): the dtype is kept and NaN
/// propagates. An empty axis is a ValueError ("zero-size array to reduction
/// operation maximum which has no identity"). Complex arrays, which NumPy
/// orders lexicographically, are a NotImplementedError.
ndarray max(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
ndarray amax(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
ndarray min(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
ndarray amin(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);

/// np.argmax / np.argmin: int64 indices of the first extremum (the first NaN
/// if there is one) along one axis, or in the flattened array. An empty axis
/// is a ValueError ("attempt to get argmax of an empty sequence"). Complex
/// arrays are a NotImplementedError.
ndarray argmax(const ndarray &a, std::optional<int64_t> axis = std::nullopt,
               bool keepdims = false);
ndarray argmin(const ndarray &a, std::optional<int64_t> axis = std::nullopt,
               bool keepdims = false);

/// np.any / np.all: bool, testing elements != 0 (NaN is true). Empty: any is
/// false, all true.
ndarray any(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
ndarray all(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);

/// The keyword arguments of tnp::std and tnp::var after `axis`.
struct StdOptions {
  /// Delta degrees of freedom: the divisor is N - ddof (at least 0). NumPy
  /// also takes a float here.
  int64_t ddof = 0;
  bool keepdims = false;
};

/// np.var / np.std (NumPy's two-pass algorithm): float64 for bool and
/// integers, the real dtype for complex, else the input's dtype. An empty
/// reduction is NaN; N - ddof <= 0 divides by 0 (inf or NaN), as NumPy does.
ndarray var(const ndarray &a, Axis axis = std::nullopt,
            const StdOptions &options = {});
ndarray std(const ndarray &a, Axis axis = std::nullopt,
            const StdOptions &options = {});

// Sums that skip NaNs, counts, averages, differences and histograms
// (lib/numpy/Statistics.cpp).
/// np.nansum / np.nanprod: NaNs count as 0 (1 in a product).
ndarray nansum(const ndarray &a, Axis axis = std::nullopt,
               bool keepdims = false);
ndarray nanprod(const ndarray &a, Axis axis = std::nullopt,
                bool keepdims = false);
/// np.nanmean: the mean of the values that are not NaN (NaN where none is).
ndarray nanmean(const ndarray &a, Axis axis = std::nullopt,
                bool keepdims = false);
/// np.count_nonzero: int64 counts of the elements that are not 0.
ndarray count_nonzero(const ndarray &a, Axis axis = std::nullopt,
                      bool keepdims = false);
/// np.ptp: max - min (NumPy's TypeError for bool).
ndarray ptp(const ndarray &a, Axis axis = std::nullopt, bool keepdims = false);
/// np.average(a, axis, weights, keepdims): the mean, or sum(a w) / sum(w)
/// (float64 for bool and integers). 1-d weights with an int axis weigh that
/// axis. Weights that sum to zero are a ZeroDivisionError (eagerly).
ndarray average(const ndarray &a, Axis axis = std::nullopt,
                const std::optional<ndarray> &weights = std::nullopt,
                bool keepdims = false);
/// np.diff(a, n, axis, prepend, append): the n-th differences along axis
/// (not_equal for bool).
ndarray diff(const ndarray &a, int64_t n = 1, int64_t axis = -1,
             const std::optional<ndarray> &prepend = std::nullopt,
             const std::optional<ndarray> &append = std::nullopt);
/// np.histogram(a, bins, range, weights, density): the counts (int64, or
/// the weights' dtype) of the flattened array in `bins` equal-width bins
/// over `range` (the data's by default), and the bin edges; the last bin
/// includes its right edge.
std::pair<ndarray, ndarray>
histogram(const ndarray &a, int64_t bins = 10,
          std::optional<std::pair<double, double>> range = std::nullopt,
          const std::optional<ndarray> &weights = std::nullopt,
          bool density = false);
/// np.histogram with the bin edges given (1-d, increasing).
std::pair<ndarray, ndarray>
histogram(const ndarray &a, const ndarray &bins,
          const std::optional<ndarray> &weights = std::nullopt,
          bool density = false);
/// np.histogram_bin_edges(a, bins, range): histogram's edges.
ndarray histogram_bin_edges(
    const ndarray &a, int64_t bins = 10,
    std::optional<std::pair<double, double>> range = std::nullopt);
ndarray histogram_bin_edges(const ndarray &a, const ndarray &bins);

} // namespace tnp

#endif // TNP_REDUCTIONS_H
