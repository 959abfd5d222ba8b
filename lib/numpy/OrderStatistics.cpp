//===- OrderStatistics.cpp - median, quantile, percentile, NaN forms ------===//
//
// Each reads a sorted copy of the reduced slices: the axes reduced are moved
// last and merged into one, tnp.sort sorts along it, and the statistic
// gathers its order positions there. NaNs sort last, so a slice holds a NaN
// where its last element is one, and holds `n - count(NaN)` numbers.
//
//===----------------------------------------------------------------------===//

#include <tnp/sorting.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/promotion.h>

#include "lib/ArrayImpl.h"
#include "lib/Axes.h"
#include "lib/Primitives.h"

#include <algorithm>
#include <limits>
#include <string>

using namespace tnp;
using namespace tnp::detail;

namespace {

enum class Method { Linear, Lower, Higher, Nearest, Midpoint };

Method parseMethod(std::string_view method) {
  if (method == "linear")
    return Method::Linear;
  if (method == "lower")
    return Method::Lower;
  if (method == "higher")
    return Method::Higher;
  if (method == "nearest")
    return Method::Nearest;
  if (method == "midpoint")
    return Method::Midpoint;
  for (const char *other :
       {"inverted_cdf", "averaged_inverted_cdf", "closest_observation",
        "interpolated_inverted_cdf", "hazen", "weibull", "median_unbiased",
        "normal_unbiased"})
    if (method == other)
      throw NotImplementedError("quantile: method '" + std::string(method) +
                                "' is not supported; use linear, lower, "
                                "higher, nearest or midpoint");
  throw ValueError("'" + std::string(method) +
                   "' is not a valid method. Use one of: linear, lower, "
                   "higher, nearest, midpoint, inverted_cdf, "
                   "averaged_inverted_cdf, closest_observation, "
                   "interpolated_inverted_cdf, hazen, weibull, "
                   "median_unbiased, normal_unbiased");
}

/// The dtype a mean of `dtype` values has: float64 for bool and integers.
tnp::dtype inexact(tnp::dtype dtype) {
  return dtype.is_bool() || dtype.is_integer() ? float64 : dtype;
}

/// `a`'s slices along the reduced axes, sorted: shape `rest` + (n,), and the
/// shape a statistic of each has (`kept`: with keepdims, the reduced axes
/// as 1).
struct Sorted {
  ndarray values;
  shape_t rest, kept;
  int64_t n = 1;
};

Sorted sortedSlices(const ndarray &a, const Axis &axis, bool keepdims) {
  ndarray x = a.is_weak() ? a.astype(a.dtype()) : a;
  std::vector<int64_t> axes = normalizeAxes(axis, x.ndim(), false);
  Sorted s;
  std::vector<int64_t> order;
  for (int64_t d = 0; d < x.ndim(); ++d) {
    bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) {
      order.push_back(d);
      s.rest.push_back(x.shape()[d]);
    }
    if (!reduced || keepdims)
      s.kept.push_back(reduced ? 1 : x.shape()[d]);
  }
  for (int64_t d : axes) {
    order.push_back(d);
    s.n *= x.shape()[d];
  }
  shape_t merged = s.rest;
  merged.push_back(s.n);
  s.values = reshape(transpose(x, order), merged);
  int64_t last = static_cast<int64_t>(s.rest.size());
  if (s.n > 1)
    s.values = prim::sort(s.values, last);
  return s;
}

/// The count of numbers (not NaN) in each sorted slice, as (rest..., 1).
ndarray numbersIn(const Sorted &s) {
  return s.n - sum(isnan(s.values), -1, /*keepdims=*/true).astype(int64);
}

/// NaN of `dtype`, where `where` holds, else `x`.
ndarray nanWhere(const ndarray &where, const ndarray &x) {
  return tnp::where(
      where,
      ndarray(std::numeric_limits<double>::quiet_NaN()).astype(x.dtype()), x);
}

/// NumPy's _lerp: a + (b - a) * t, from b's side where t >= 0.5, so that
/// t = 1 gives b exactly.
ndarray lerp(const ndarray &a, const ndarray &b, const ndarray &t) {
  ndarray diff = b - a;
  return where(t >= 0.5, b - diff * (1 - t), a + diff * t);
}

ndarray quantileOf(const ndarray &a, const ndarray &q, const Axis &axis,
                   std::string_view methodName, bool keepdims, bool skipNaN,
                   const char *range) {
  Method method = parseMethod(methodName);
  if (a.dtype().is_complex())
    throw TypeError("a must be an array of real numbers");
  if (!implOf(q).tracer && !all((q >= 0) & (q <= 1)).item<bool>())
    throw ValueError(std::string(range));
  Sorted s = sortedSlices(a, axis, keepdims);
  if (s.n == 0)
    throw IndexError("index -1 is out of bounds for axis 0 with size 0");
  bool interpolates = method == Method::Linear || method == Method::Midpoint;
  tnp::dtype dtype =
      interpolates ? result_type({inexact(a.dtype()), q}) : a.dtype();
  // Positions along the last axis: (m,) for every slice alike, or
  // (rest..., m) where NaNs shorten each slice differently.
  ndarray count = skipNaN ? numbersIn(s) : ndarray(s.n);
  ndarray position = ravel(q.astype(float64)) * (count - 1);
  ndarray lower = floor(position), upper = lower + 1, gamma;
  switch (method) {
  case Method::Linear:
    gamma = position - lower;
    break;
  case Method::Lower:
    upper = lower;
    break;
  case Method::Higher:
    lower = upper = ceil(position);
    break;
  case Method::Nearest:
    lower = upper = round(position);
    break;
  case Method::Midpoint:
    upper = ceil(position);
    gamma = ndarray(0.5);
    break;
  }
  ndarray last = maximum(count - 1, 0);
  auto at = [&](const ndarray &index) {
    ndarray i = minimum(maximum(index, 0), last).astype(int64);
    return skipNaN ? take_along_axis(s.values, i, -1) : take(s.values, i, -1);
  };
  ndarray result = at(lower).astype(dtype);
  if (interpolates)
    result = lerp(result, at(upper).astype(dtype), gamma.astype(dtype));
  // Only floats hold NaNs (and an integer result could not hold one).
  if (skipNaN && a.dtype().is_floating())
    result = nanWhere(count == 0, result);
  else if (a.dtype().is_floating())
    result =
        nanWhere(isnan(take(s.values, full({1}, s.n - 1, int64), -1)), result);
  // (rest..., m) to q's shape, then the kept shape.
  shape_t shape = q.shape();
  shape.insert(shape.end(), s.kept.begin(), s.kept.end());
  return reshape(moveaxis(result, -1, 0), shape);
}

ndarray medianOf(const ndarray &a, const Axis &axis, bool keepdims,
                 bool skipNaN) {
  Sorted s = sortedSlices(a, axis, keepdims);
  tnp::dtype dtype = inexact(a.dtype());
  ndarray nan = ndarray(std::numeric_limits<double>::quiet_NaN()).astype(dtype);
  if (s.n == 0)
    return full(s.kept, nan, dtype);
  ndarray result;
  if (skipNaN) {
    // The middle one or two of each slice's numbers.
    ndarray count = numbersIn(s);
    ndarray low = maximum(floor_divide(count - 1, 2), 0);
    ndarray high = minimum(floor_divide(count, 2), s.n - 1);
    result = (take_along_axis(s.values, low, -1).astype(dtype) +
              take_along_axis(s.values, high, -1).astype(dtype)) /
             2;
    result = nanWhere(count == 0, result);
  } else {
    ndarray low = take(s.values, ndarray((s.n - 1) / 2), -1).astype(dtype);
    result =
        s.n % 2
            ? low
            : (low + take(s.values, ndarray(s.n / 2), -1).astype(dtype)) / 2;
    if (!a.dtype().is_bool() && !a.dtype().is_integer())
      result = nanWhere(isnan(take(s.values, ndarray(s.n - 1), -1)), result);
  }
  return reshape(result, s.kept);
}

} // namespace

ndarray tnp::median(const ndarray &a, Axis axis, bool keepdims) {
  return medianOf(a, axis, keepdims, false);
}
ndarray tnp::nanmedian(const ndarray &a, Axis axis, bool keepdims) {
  return medianOf(a, axis, keepdims, true);
}

ndarray tnp::quantile(const ndarray &a, const ndarray &q, Axis axis,
                      std::string_view method, bool keepdims) {
  return quantileOf(a, q, axis, method, keepdims, false,
                    "Quantiles must be in the range [0, 1]");
}
ndarray tnp::nanquantile(const ndarray &a, const ndarray &q, Axis axis,
                         std::string_view method, bool keepdims) {
  return quantileOf(a, q, axis, method, keepdims, true,
                    "Quantiles must be in the range [0, 1]");
}
ndarray tnp::percentile(const ndarray &a, const ndarray &q, Axis axis,
                        std::string_view method, bool keepdims) {
  return quantileOf(a, q / 100, axis, method, keepdims, false,
                    "Percentiles must be in the range [0, 100]");
}
ndarray tnp::nanpercentile(const ndarray &a, const ndarray &q, Axis axis,
                           std::string_view method, bool keepdims) {
  return quantileOf(a, q / 100, axis, method, keepdims, true,
                    "Percentiles must be in the range [0, 100]");
}
