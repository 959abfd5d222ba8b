//===- Reductions.cpp - NumPy's reductions over tnp.reduce/argmax ---------===//

#include <tnp/reductions.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/math.h>

#include "lib/ArrayImpl.h"
#include "lib/Axes.h"
#include "lib/Literals.h"
#include "lib/Primitives.h"

#include <algorithm>
#include <complex>
#include <numeric>
#include <string>

using namespace tnp;
using namespace tnp::detail;
using prim::Reduce;

namespace {

/// A strong array: C++ scalars become 0-d arrays of their dtype, as
/// np.asarray makes them.
ndarray strong(const ndarray &x) {
  return x.is_weak() ? literalAs(x, x.dtype()) : x;
}

/// The number of elements the reduction over `axes` combines.
int64_t countOf(const shape_t &shape, const std::vector<int64_t> &axes) {
  int64_t n = 1;
  for (int64_t a : axes)
    n *= shape[a];
  return n;
}

/// total / n in total's (inexact) dtype, divided in the widest dtype of its
/// kind and rounded once, as NumPy divides by its count. The count must not
/// promote (as a weak literal above 65535 it is uint32 to NumPy's
/// value-based rules, which would make a float32 mean float64), nor take
/// total's dtype (10^7 is inf in float16).
ndarray divideByCount(const ndarray &total, int64_t n) {
  tnp::dtype wide = total.dtype().is_complex() ? complex128 : float64;
  return prim::convert(prim::convert(total, wide) / full({}, n, wide),
                       total.dtype());
}

/// prim::reduce over sorted `axes` (none: x itself). Size-1 axes are
/// reshaped away rather than reduced: one element is its own sum, product
/// and extremum, and the CPU pipeline cannot yet vectorize a reduction over a
/// static size-1 innermost axis.
ndarray reduceOver(Reduce kind, const ndarray &x,
                   const std::vector<int64_t> &axes) {
  const shape_t &in = x.shape();
  shape_t shape;
  std::vector<int64_t> remaining;
  for (size_t d = 0; d < in.size(); ++d) {
    bool reduced = std::binary_search(axes.begin(), axes.end(), int64_t(d));
    if (reduced && in[d] == 1)
      continue;
    if (reduced)
      remaining.push_back(shape.size());
    shape.push_back(in[d]);
  }
  ndarray y = shape.size() == in.size() ? x : prim::reshape(x, shape);
  return remaining.empty() ? y : prim::reduce(kind, y, remaining);
}

/// np.add.reduce's default dtype: bool and narrow integers widen to 64 bits.
tnp::dtype sumDType(tnp::dtype t) {
  switch (t.id()) {
  case dtype::code::bool_:
  case dtype::code::int8:
  case dtype::code::int16:
  case dtype::code::int32:
    return int64;
  case dtype::code::uint8:
  case dtype::code::uint16:
  case dtype::code::uint32:
    return uint64;
  default:
    return t;
  }
}

bool isHalf(tnp::dtype t) { return t == float16 || t == bfloat16; }

/// The real dtype of a complex one.
tnp::dtype realOf(tnp::dtype t) {
  return t == complex64 ? float32 : t == complex128 ? float64 : t;
}

/// An accumulating reduction (sum or prod) in `dtype`.
ndarray accumulate(Reduce kind, const ndarray &a, const Axis &axis,
                   bool keepdims, std::optional<tnp::dtype> dtype,
                   bool legacyScalar = true) {
  std::vector<int64_t> axes = normalizeAxes(axis, a.ndim(), legacyScalar);
  ndarray x = prim::convert(a, dtype.value_or(sumDType(a.dtype())));
  ndarray r = reduceOver(kind, x, axes);
  return keepDims(r, a.shape(), axes, keepdims);
}

/// np.cumsum / np.cumprod.
ndarray cumulative(Reduce kind, const ndarray &a, std::optional<int64_t> axis,
                   std::optional<tnp::dtype> dtype) {
  ndarray x = prim::convert(strong(a), dtype.value_or(sumDType(a.dtype())));
  if (!axis)
    return prim::scan(kind, prim::reshape(x, {x.size()}), 0);
  return prim::scan(kind, x, normalizeAxis(*axis, x.ndim()));
}

/// np.max / np.min.
ndarray extremum(bool isMax, const ndarray &a, const Axis &axis,
                 bool keepdims) {
  const char *name = isMax ? "max" : "min";
  std::vector<int64_t> axes = normalizeAxes(axis, a.ndim(), true);
  if (a.dtype().is_complex())
    throw NotImplementedError(std::string("tnp.") + name +
                              ": complex arrays (ordered lexicographically "
                              "by NumPy) are not supported");
  for (int64_t d : axes)
    if (a.shape()[d] == 0)
      throw ValueError(std::string("zero-size array to reduction operation ") +
                       (isMax ? "maximum" : "minimum") +
                       " which has no identity");
  ndarray x = strong(a);
  if (axes.empty())
    return keepDims(x, a.shape(), axes, keepdims);
  // The primitive's max/min take no bool: over bools they are any/all.
  Reduce kind = x.dtype().is_bool() ? (isMax ? Reduce::Any : Reduce::All)
                                    : (isMax ? Reduce::Max : Reduce::Min);
  return keepDims(reduceOver(kind, x, axes), a.shape(), axes, keepdims);
}

/// np.argmax / np.argmin.
ndarray argExtremum(bool isMax, const ndarray &a, std::optional<int64_t> axis,
                    bool keepdims) {
  const char *name = isMax ? "argmax" : "argmin";
  if (a.dtype().is_complex())
    throw NotImplementedError(std::string("tnp.") + name +
                              ": complex arrays (ordered lexicographically "
                              "by NumPy) are not supported");
  ndarray x = strong(a);
  shape_t kept(a.ndim(), 1);
  int64_t ax = 0;
  if (!axis) {
    x = x.reshape({-1});
  } else {
    // A 0-d array is taken as 1-d, as NumPy does.
    if (x.ndim() == 0)
      x = x.reshape({1});
    ax = normalizeAxis(*axis, x.ndim());
    kept = a.shape();
    if (a.ndim() > 0)
      kept[ax] = 1;
  }
  if (x.shape()[ax] == 0)
    throw ValueError(std::string("attempt to get ") + name +
                     " of an empty sequence");
  ndarray r;
  if (x.shape()[ax] == 1) {
    // The one element is the extremum (and a size-1 axis is not one the
    // CPU pipeline can vectorize yet).
    shape_t shape(x.shape());
    shape.erase(shape.begin() + ax);
    r = zeros(shape, int64);
  } else {
    r = isMax ? prim::argmax(x, ax) : prim::argmin(x, ax);
  }
  return keepdims ? prim::reshape(r, kept) : r;
}

/// np.any / np.all.
ndarray logical(bool isAny, const ndarray &a, const Axis &axis, bool keepdims) {
  std::vector<int64_t> axes = normalizeAxes(axis, a.ndim(), true);
  ndarray x = strong(a);
  if (!x.dtype().is_bool())
    x = not_equal(x, 0);
  ndarray r = reduceOver(isAny ? Reduce::Any : Reduce::All, x, axes);
  return keepDims(r, a.shape(), axes, keepdims);
}

/// np.var's squared deviations' sum over `axes` (kept as size 1), divided by
/// max(N - ddof, 0): NumPy's _var.
ndarray variance(const ndarray &a, const Axis &axis,
                 const StdOptions &options) {
  std::vector<int64_t> axes = normalizeAxes(axis, a.ndim(), false);
  tnp::dtype in = a.dtype();
  // Bool and integers compute in float64; inexact dtypes in their own.
  tnp::dtype compute = in.is_bool() || in.is_integer() ? float64 : in;
  ndarray x = prim::convert(a, compute);
  int64_t n = countOf(a.shape(), axes);
  ndarray mean = divideByCount(
      keepDims(reduceOver(Reduce::Sum, x, axes), a.shape(), axes, true), n);
  ndarray dev = x - mean;
  ndarray squares;
  if (compute.is_complex()) {
    // |d|^2 as re*re + im*im (NumPy's fast path for complex).
    tnp::dtype real = realOf(compute);
    ndarray re = prim::convert(dev, real);
    ndarray im = prim::convert(dev * std::complex<double>(0, -1), real);
    squares = re * re + im * im;
  } else {
    squares = dev * dev;
  }
  ndarray total = reduceOver(Reduce::Sum, squares, axes);
  int64_t dof = std::max<int64_t>(n - options.ddof, 0);
  return keepDims(divideByCount(total, dof), a.shape(), axes, options.keepdims);
}

} // namespace

ndarray tnp::sum(const ndarray &a, Axis axis, bool keepdims) {
  return accumulate(Reduce::Sum, a, axis, keepdims, std::nullopt);
}

ndarray tnp::prod(const ndarray &a, Axis axis, bool keepdims) {
  return accumulate(Reduce::Prod, a, axis, keepdims, std::nullopt);
}

ndarray tnp::cumsum(const ndarray &a, std::optional<int64_t> axis,
                    std::optional<tnp::dtype> dtype) {
  return cumulative(Reduce::Sum, a, axis, dtype);
}

ndarray tnp::cumprod(const ndarray &a, std::optional<int64_t> axis,
                     std::optional<tnp::dtype> dtype) {
  return cumulative(Reduce::Prod, a, axis, dtype);
}

ndarray tnp::mean(const ndarray &a, Axis axis, bool keepdims) {
  tnp::dtype in = a.dtype();
  tnp::dtype compute = in.is_bool() || in.is_integer() ? float64
                       : isHalf(in)                    ? float32
                                                       : in;
  std::vector<int64_t> axes = normalizeAxes(axis, a.ndim(), false);
  ndarray total = accumulate(Reduce::Sum, a, axis, keepdims, compute,
                             /*legacyScalar=*/false);
  ndarray m = divideByCount(total, countOf(a.shape(), axes));
  return isHalf(in) ? prim::convert(m, in) : m;
}

ndarray tnp::max(const ndarray &a, Axis axis, bool keepdims) {
  return extremum(true, a, axis, keepdims);
}
ndarray tnp::amax(const ndarray &a, Axis axis, bool keepdims) {
  return extremum(true, a, axis, keepdims);
}
ndarray tnp::min(const ndarray &a, Axis axis, bool keepdims) {
  return extremum(false, a, axis, keepdims);
}
ndarray tnp::amin(const ndarray &a, Axis axis, bool keepdims) {
  return extremum(false, a, axis, keepdims);
}

ndarray tnp::argmax(const ndarray &a, std::optional<int64_t> axis,
                    bool keepdims) {
  return argExtremum(true, a, axis, keepdims);
}
ndarray tnp::argmin(const ndarray &a, std::optional<int64_t> axis,
                    bool keepdims) {
  return argExtremum(false, a, axis, keepdims);
}

ndarray tnp::any(const ndarray &a, Axis axis, bool keepdims) {
  return logical(true, a, axis, keepdims);
}
ndarray tnp::all(const ndarray &a, Axis axis, bool keepdims) {
  return logical(false, a, axis, keepdims);
}

ndarray tnp::var(const ndarray &a, Axis axis, const StdOptions &options) {
  return variance(a, axis, options);
}

ndarray tnp::std(const ndarray &a, Axis axis, const StdOptions &options) {
  return sqrt(variance(a, axis, options));
}
