//===- sorting.h - sorting, searching sorted arrays, order statistics -----===//
//
// np.sort and np.argsort run tnp.sort, a stable sort in NumPy's order: NaNs
// last, -0.0 equal to 0.0, complex numbers by real then imaginary part. Every
// `kind` NumPy names gives that one stable sort. searchsorted (and
// digitize and interp over it) merges the searched values into the sorted
// array with one more sort; median, quantile and percentile (and their
// NaN-skipping forms) read sorted copies.
//
//   tnp::sort(x)                      // np.sort(x), along the last axis
//   tnp::argsort(x, 0)                // np.argsort(x, axis=0)
//   tnp::searchsorted(edges, v, "right")
//   tnp::quantile(x, 0.9, 1)          // np.quantile(x, 0.9, axis=1)
//
//===----------------------------------------------------------------------===//

#ifndef TNP_SORTING_H
#define TNP_SORTING_H

#include <tnp/ndarray.h>
#include <tnp/reductions.h>

#include <cstdint>
#include <optional>
#include <string_view>

namespace tnp {

/// np.sort: a sorted copy along `axis` (std::nullopt: of the flattened
/// array). `kind` is "quicksort", "mergesort", "heapsort" or "stable"
/// (ValueError otherwise); all are stable.
ndarray sort(const ndarray &a, std::optional<int64_t> axis = -1,
             std::string_view kind = "quicksort");
/// np.argsort: the int64 indices that sort `a` along `axis`, stable.
ndarray argsort(const ndarray &a, std::optional<int64_t> axis = -1,
                std::string_view kind = "quicksort");

/// np.searchsorted: for each element of `v`, the int64 index where it would
/// go in the sorted 1-d `a` to keep it sorted: before equal elements
/// (side "left") or after them ("right"), in sort's order (NaN last).
/// `sorter` is argsort(a) where `a` itself is not sorted.
ndarray searchsorted(const ndarray &a, const ndarray &v,
                     std::string_view side = "left",
                     const std::optional<ndarray> &sorter = std::nullopt);
/// np.digitize: the index of the bin of `bins` (1-d, increasing or
/// decreasing) each element of `x` falls in; `right` closes bins on the
/// right. Bins that are not monotonic are a ValueError (checked where `bins`
/// holds values, not while tracing).
ndarray digitize(const ndarray &x, const ndarray &bins, bool right = false);
/// np.interp: the piecewise-linear interpolant through (xp, fp) at `x`;
/// `xp` increasing (or, with `period`, any order). Below xp[0] it is `left`
/// (default fp[0]), above xp[-1] `right` (default fp[-1]).
ndarray interp(const ndarray &x, const ndarray &xp, const ndarray &fp,
               std::optional<double> left = std::nullopt,
               std::optional<double> right = std::nullopt,
               std::optional<double> period = std::nullopt);

/// np.median: the middle element of each sorted slice, or the mean of the
/// middle two; NaN where the slice holds a NaN (or is empty). Integers and
/// bool give float64.
ndarray median(const ndarray &a, Axis axis = std::nullopt,
               bool keepdims = false);
/// np.quantile of a real array: `q` in [0, 1] (ValueError otherwise,
/// checked where q holds values), a scalar or an array whose shape leads
/// the result's. `method` is "linear", "lower", "higher", "nearest" or
/// "midpoint" (NumPy's other estimators are NotImplementedError).
ndarray quantile(const ndarray &a, const ndarray &q, Axis axis = std::nullopt,
                 std::string_view method = "linear", bool keepdims = false);
/// np.percentile: quantile at q / 100.
ndarray percentile(const ndarray &a, const ndarray &q, Axis axis = std::nullopt,
                   std::string_view method = "linear", bool keepdims = false);
/// np.nanmedian, np.nanquantile, np.nanpercentile: NaNs skipped; a slice of
/// NaNs only gives NaN.
ndarray nanmedian(const ndarray &a, Axis axis = std::nullopt,
                  bool keepdims = false);
ndarray nanquantile(const ndarray &a, const ndarray &q,
                    Axis axis = std::nullopt,
                    std::string_view method = "linear", bool keepdims = false);
ndarray nanpercentile(const ndarray &a, const ndarray &q,
                      Axis axis = std::nullopt,
                      std::string_view method = "linear",
                      bool keepdims = false);

} // namespace tnp

#endif // TNP_SORTING_H
