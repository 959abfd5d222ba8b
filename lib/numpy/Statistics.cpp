//===- Statistics.cpp - NaN-skipping sums, counts, averages, histograms ---===//
//
// np.nansum ... np.histogram as formulas of the reductions, where and
// searchsorted: they trace, batch and differentiate as their parts do.
//
//===----------------------------------------------------------------------===//

#include <tnp/reductions.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/promotion.h>
#include <tnp/sorting.h>

#include "lib/ArrayImpl.h"
#include "lib/Axes.h"
#include "lib/Primitives.h"

#include <cmath>
#include <sstream>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// `a` with its NaNs replaced by `fill` (integers and bool have none).
ndarray withoutNaNs(const ndarray &a, double fill) {
  if (!a.dtype().is_inexact())
    return a;
  return where(isnan(a), ndarray(fill), a);
}

/// x[start:stop] along `axis` (in range, 0 <= start <= stop <= size).
ndarray along(const ndarray &x, int64_t axis, int64_t start, int64_t stop) {
  std::vector<int64_t> begin(x.ndim(), 0), end = x.shape(),
                                           strides(x.ndim(), 1);
  begin[axis] = start;
  end[axis] = stop;
  return prim::slice(x, begin, end, strides);
}

} // namespace

ndarray tnp::nansum(const ndarray &a, Axis axis, bool keepdims) {
  return sum(withoutNaNs(a, 0.0), axis, keepdims);
}

ndarray tnp::nanprod(const ndarray &a, Axis axis, bool keepdims) {
  return prod(withoutNaNs(a, 1.0), axis, keepdims);
}

ndarray tnp::nanmean(const ndarray &a, Axis axis, bool keepdims) {
  if (!a.dtype().is_inexact())
    return mean(a, axis, keepdims);
  // NumPy divides its sum by the count in the widest dtype of the kind and
  // casts back; an all-NaN slice is 0/0.
  ndarray total = nansum(a, axis, keepdims);
  ndarray count = count_nonzero(logical_not(isnan(a)), axis, keepdims);
  tnp::dtype wide = a.dtype().is_complex() ? complex128 : float64;
  return (total.astype(wide) / count.astype(wide)).astype(total.dtype());
}

ndarray tnp::count_nonzero(const ndarray &a, Axis axis, bool keepdims) {
  return sum(a.astype(bool_), axis, keepdims).astype(int64);
}

ndarray tnp::ptp(const ndarray &a, Axis axis, bool keepdims) {
  // The maximum first, whose error NumPy raises for an empty axis.
  ndarray hi = amax(a, axis, keepdims);
  return subtract(hi, amin(a, axis, keepdims));
}

ndarray tnp::average(const ndarray &a, Axis axis,
                     const std::optional<ndarray> &weights, bool keepdims) {
  if (!weights)
    return mean(a, axis, keepdims);
  ndarray w = *weights;
  tnp::dtype t = result_type({a.dtype(), w.dtype()});
  if (!a.dtype().is_inexact())
    t = result_type({t, float64});
  if (a.shape() != w.shape()) {
    if (axis.is_none())
      throw TypeError(
          "Axis must be specified when shapes of a and weights differ.");
    if (w.ndim() != 1)
      throw TypeError("1D weights expected when shapes of a and weights "
                      "differ.");
    if (!axis.is_int())
      throw TypeError("1D weights need an int axis when shapes of a and "
                      "weights differ.");
    int64_t ax = normalizeAxis(axis.axes()[0], a.ndim());
    if (w.shape()[0] != a.shape()[ax])
      throw ValueError("Length of weights not compatible with specified "
                       "axis.");
    shape_t shape(a.ndim(), 1);
    shape[ax] = w.shape()[0];
    w = w.reshape(shape);
  }
  ndarray scale = sum(broadcast_to(w, a.shape()).astype(t), axis, keepdims);
  if (!implOf(scale).tracer && any(scale == 0.0).item<bool>())
    throw ZeroDivisionError("Weights sum to zero, can't be normalized");
  return sum(multiply(a.astype(t), w.astype(t)), axis, keepdims) / scale;
}

ndarray tnp::diff(const ndarray &a, int64_t n, int64_t axis,
                  const std::optional<ndarray> &prepend,
                  const std::optional<ndarray> &append) {
  if (n == 0)
    return a;
  if (n < 0)
    throw ValueError("order must be non-negative but got " + std::to_string(n));
  if (a.ndim() == 0)
    throw ValueError("diff requires input that is at least one dimensional");
  int64_t ax = normalizeAxis(axis, a.ndim());
  // A scalar prepend or append is broadcast to one slice along the axis.
  auto slab = [&](const ndarray &v) {
    if (v.ndim() != 0)
      return v;
    shape_t shape = a.shape();
    shape[ax] = 1;
    return broadcast_to(v, shape);
  };
  ndarray x = a;
  if (prepend || append) {
    std::vector<ndarray> parts;
    if (prepend)
      parts.push_back(slab(*prepend));
    parts.push_back(a);
    if (append)
      parts.push_back(slab(*append));
    x = concatenate(parts, ax);
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t size = x.shape()[ax];
    if (size == 0)
      break;
    ndarray hi = along(x, ax, 1, size), lo = along(x, ax, 0, size - 1);
    x = x.dtype().is_bool() ? not_equal(hi, lo) : subtract(hi, lo);
  }
  return x;
}

namespace {

/// NumPy's equal-width bin edges: `bins` steps of linspace from the range
/// (the data's, widened by 0.5 either side when it is one value), in the
/// result dtype of the range and the data (float64 for integers).
ndarray uniformEdges(const ndarray &a, int64_t bins,
                     std::optional<std::pair<double, double>> range) {
  if (bins < 1)
    throw ValueError("`bins` must be positive, when an integer");
  ndarray first, last;
  // np.result_type(float, float, a): the range's Python floats do not
  // widen an inexact array.
  tnp::dtype t = a.dtype().is_inexact() ? a.dtype() : float64;
  if (range) {
    auto [lo, hi] = *range;
    if (lo > hi)
      throw ValueError("max must be larger than min in range parameter.");
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
      std::ostringstream os;
      os << "supplied range of [" << lo << ", " << hi << "] is not finite";
      throw ValueError(os.str());
    }
    first = full({}, lo, float64);
    last = full({}, hi, float64);
  } else if (a.size() == 0) {
    first = full({}, 0.0, float64);
    last = full({}, 1.0, float64);
  } else {
    first = amin(a).astype(float64);
    last = amax(a).astype(float64);
    if (!implOf(first).tracer && !(std::isfinite(first.item<double>()) &&
                                   std::isfinite(last.item<double>()))) {
      std::ostringstream os;
      os << "autodetected range of [" << first.item<double>() << ", "
         << last.item<double>() << "] is not finite";
      throw ValueError(os.str());
    }
  }
  ndarray same = first == last;
  first = where(same, first - 0.5, first);
  last = where(same, last + 0.5, last);
  ndarray steps = prim::iota({bins + 1}, 0, float64);
  ndarray edges = steps * ((last - first) / double(bins)) + first;
  return where(steps == double(bins), last, edges).astype(t);
}

/// Edges given as an array: 1-d and (where they hold values) increasing.
ndarray checkedEdges(const ndarray &bins) {
  if (bins.ndim() != 1)
    throw ValueError("`bins` must be 1d, when an array");
  if (!implOf(bins).tracer && bins.size() > 1 &&
      any(less(along(bins, 0, 1, bins.size()),
               along(bins, 0, 0, bins.size() - 1)))
          .item<bool>())
    throw ValueError("`bins` must increase monotonically, when an array");
  return bins;
}

/// histogram's check of `a` against its weights.
void checkWeights(const ndarray &a, const std::optional<ndarray> &weights) {
  if (weights && weights->shape() != a.shape())
    throw ValueError("weights should have the same shape as a.");
}

/// NumPy's density: n / db / n.sum(), the sum in the counts' dtype.
ndarray densityOf(const ndarray &counts, const ndarray &edges) {
  return counts / diff(edges).astype(float64) / sum(counts);
}

/// The counts of `a` (flattened) in equal-width bins between `edges`:
/// [e_i, e_i+1), the last bin closed; values outside (and NaN) are not
/// counted. As np.bincount: int64 counts, weights summed in float64
/// (complex128) and rounded once to their dtype.
std::pair<ndarray, ndarray> countUniform(const ndarray &a, const ndarray &edges,
                                         const std::optional<ndarray> &weights,
                                         bool density) {
  checkWeights(a, weights);
  int64_t bins = edges.size() - 1;
  tnp::dtype t = result_type({a.dtype(), edges.dtype()});
  ndarray x = ravel(a).astype(t), e = edges.astype(t);
  ndarray lo = along(e, 0, 0, 1).reshape({}),
          hi = along(e, 0, bins, bins + 1).reshape({});
  ndarray index = searchsorted(e, x, "right") - 1;
  index = where(x == hi, ndarray(bins - 1), index);
  ndarray keep = logical_and(x >= lo, x <= hi);
  ndarray w = weights ? ravel(*weights) : ones({a.size()}, int64);
  tnp::dtype sumIn = !weights                 ? int64
                     : w.dtype().is_complex() ? complex128
                                              : float64;
  w = where(keep, w, zeros_like(w)).astype(sumIn);
  ndarray counts = zeros({bins}, sumIn)
                       .at(clip(index, 0, bins - 1))
                       .add(w)
                       .astype(weights ? weights->dtype() : int64);
  return {density ? densityOf(counts, edges) : counts, edges};
}

/// The counts of `a` in bins of given edges, as NumPy counts them: the
/// cumulative (weight) sums of the sorted values, in the weights' dtype,
/// differenced at the edges (the last one inclusive).
std::pair<ndarray, ndarray> countByEdges(const ndarray &a, const ndarray &edges,
                                         const std::optional<ndarray> &weights,
                                         bool density) {
  checkWeights(a, weights);
  tnp::dtype counted = weights ? weights->dtype() : int64;
  int64_t bins = edges.size() - 1;
  if (bins < 1)
    return {zeros({0}, counted), edges};
  tnp::dtype t = result_type({a.dtype(), edges.dtype()});
  ndarray x = ravel(a).astype(t), e = edges.astype(t);
  ndarray order = argsort(x, 0, "stable");
  ndarray sorted = take(x, order);
  ndarray cumulative = weights
                           ? concatenate({zeros({1}, weights->dtype()),
                                          cumsum(take(ravel(*weights), order))})
                           : arange(a.size() + 1);
  ndarray at =
      concatenate({searchsorted(sorted, along(e, 0, 0, bins), "left"),
                   searchsorted(sorted, along(e, 0, bins, bins + 1), "right")});
  ndarray counts = diff(take(cumulative, at)).astype(counted);
  return {density ? densityOf(counts, edges) : counts, edges};
}

} // namespace

ndarray
tnp::histogram_bin_edges(const ndarray &a, int64_t bins,
                         std::optional<std::pair<double, double>> range) {
  return uniformEdges(a, bins, range);
}

ndarray tnp::histogram_bin_edges(const ndarray &a, const ndarray &bins) {
  return checkedEdges(bins);
}

std::pair<ndarray, ndarray>
tnp::histogram(const ndarray &a, int64_t bins,
               std::optional<std::pair<double, double>> range,
               const std::optional<ndarray> &weights, bool density) {
  return countUniform(a, uniformEdges(a, bins, range), weights, density);
}

std::pair<ndarray, ndarray>
tnp::histogram(const ndarray &a, const ndarray &bins,
               const std::optional<ndarray> &weights, bool density) {
  return countByEdges(a, checkedEdges(bins), weights, density);
}
