//===- Sorting.cpp - sort, argsort and the searches of sorted arrays ------===//

#include <tnp/sorting.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/promotion.h>

#include "lib/ArrayImpl.h"
#include "lib/Axes.h"
#include "lib/Format.h"
#include "lib/Primitives.h"

#include <cmath>
#include <string>

using namespace tnp;
using namespace tnp::detail;

namespace {

void checkKind(std::string_view kind) {
  if (kind != "quicksort" && kind != "mergesort" && kind != "heapsort" &&
      kind != "stable")
    throw ValueError("sort kind must be one of 'quick', 'heap', or 'stable' "
                     "(got '" +
                     std::string(kind) + "')");
}

/// `a` (a 0-d array for a C++ scalar) and the axis to sort along: the
/// flattened array's for axis=None.
std::pair<ndarray, int64_t> sortOperand(const ndarray &a,
                                        std::optional<int64_t> axis) {
  ndarray x = a.is_weak() ? a.astype(a.dtype()) : a;
  if (!axis)
    return {ravel(x), 0};
  return {x, normalizeAxis(*axis, x.ndim())};
}

void checkSearchable(const ndarray &a, const char *function) {
  if (a.dtype().is_complex())
    throw NotImplementedError(std::string(function) +
                              ": complex values are not supported");
}

/// Whether the array holds values (an eager array, not a traced one).
bool concrete(const ndarray &a) { return !implOf(a).tracer; }

} // namespace

ndarray tnp::sort(const ndarray &a, std::optional<int64_t> axis,
                  std::string_view kind) {
  checkKind(kind);
  auto [x, ax] = sortOperand(a, axis);
  return prim::sort(x, ax);
}

ndarray tnp::argsort(const ndarray &a, std::optional<int64_t> axis,
                     std::string_view kind) {
  checkKind(kind);
  auto [x, ax] = sortOperand(a, axis);
  return prim::argsort(x, ax);
}

// A merge of a and v by one stable sort of both: where v comes before a,
// equal elements of v sort before those of a (side "left": v's index counts
// the elements of a below it) and after them where it comes after (side
// "right": those at or below it). An element of v then lands after the
// elements of a it counts, and its index is the running count of a's
// elements at its place, carried back to v's order by a sort by the
// permutation (which applies the permutation's inverse).
ndarray tnp::searchsorted(const ndarray &a, const ndarray &v,
                          std::string_view side,
                          const std::optional<ndarray> &sorter) {
  if (side != "left" && side != "right")
    throw ValueError("search side must be 'left' or 'right' (got '" +
                     std::string(side) + "')");
  if (a.ndim() != 1)
    throw ValueError("searchsorted: a must be 1-d, got shape " +
                     formatShape(a.shape()));
  ndarray sorted = a;
  if (sorter) {
    if (sorter->shape() != a.shape())
      throw ValueError("sorter.size must equal a.size");
    sorted = take(a, *sorter);
  }
  tnp::dtype common = result_type({sorted, v});
  ndarray values = ravel(v.astype(common));
  int64_t n = a.shape()[0], m = values.shape()[0];
  if (m == 0 || n == 0)
    return zeros(v.shape(), int64);
  bool left = side == "left";
  ndarray merged = left ? concatenate({values, sorted.astype(common)})
                        : concatenate({sorted.astype(common), values});
  ndarray order = prim::argsort(merged, 0);
  // 1 where the sorted element is one of a's, counted up to each place.
  ndarray fromA = left ? order >= m : order < n;
  ndarray below = cumsum(fromA.astype(int64)) - fromA.astype(int64);
  ndarray back = prim::sortBy(order, below, 0);
  ndarray counts = left ? back(slice(0, m)) : back(slice(n, n + m));
  return reshape(counts, v.shape());
}

ndarray tnp::digitize(const ndarray &x, const ndarray &bins, bool right) {
  if (bins.ndim() != 1)
    throw ValueError("digitize: bins must be 1-d, got shape " +
                     formatShape(bins.shape()));
  if (x.dtype().is_complex())
    throw TypeError("x may not be complex");
  checkSearchable(bins, "digitize");
  int64_t n = bins.shape()[0];
  std::string_view side = right ? "left" : "right";
  ndarray increasing = searchsorted(bins, x, side);
  if (n < 2)
    return increasing;
  ndarray reversed = flip(bins, 0);
  ndarray decreasing = n - searchsorted(reversed, x, side);
  ndarray head = bins(slice(1, std::nullopt)),
          tail = bins(slice(std::nullopt, -1));
  if (concrete(bins)) {
    if (all(head >= tail).item<bool>())
      return increasing;
    if (all(head <= tail).item<bool>())
      return decreasing;
    throw ValueError("bins must be monotonically increasing or decreasing");
  }
  return where(bins(n - 1) >= bins(0), increasing, decreasing);
}

ndarray tnp::interp(const ndarray &x, const ndarray &xp, const ndarray &fp,
                    std::optional<double> left, std::optional<double> right,
                    std::optional<double> period) {
  if (xp.ndim() != 1 || fp.ndim() != 1)
    throw ValueError("Data points must be 1-D sequences");
  if (xp.shape()[0] != fp.shape()[0])
    throw ValueError("fp and xp are not of the same length.");
  if (xp.shape()[0] == 0)
    throw ValueError("array of sample points is empty");
  checkSearchable(x, "interp");
  checkSearchable(xp, "interp");
  checkSearchable(fp, "interp");
  ndarray at = x.astype(float64), xs = xp.astype(float64),
          ys = fp.astype(float64);
  if (period) {
    if (*period == 0)
      throw ValueError("period must be a non-zero value");
    double p = std::abs(*period);
    left = right = std::nullopt;
    at = remainder(at, p);
    xs = remainder(xs, p);
    ndarray order = argsort(xs);
    xs = take(xs, order);
    ys = take(ys, order);
    xs =
        concatenate({xs(slice(-1, std::nullopt)) - p, xs, xs(slice(0, 1)) + p});
    ys = concatenate({ys(slice(-1, std::nullopt)), ys, ys(slice(0, 1))});
  }
  int64_t n = xs.shape()[0];
  ndarray first = ys(0), last = ys(n - 1);
  ndarray below = left ? ndarray(*left) : first;
  ndarray above = right ? ndarray(*right) : last;
  ndarray inside = first;
  if (n > 1) {
    // The segment [xs[j], xs[j + 1]] holding each x, as NumPy's C loop
    // computes in it: exact at its left end, from the right end where the
    // slope overflows, flat where both ends are equal.
    ndarray j = clip(searchsorted(xs, at, "right") - 1, 0, n - 2);
    ndarray x0 = take(xs, j), x1 = take(xs, j + 1);
    ndarray y0 = take(ys, j), y1 = take(ys, j + 1);
    ndarray slope = (y1 - y0) / (x1 - x0);
    ndarray r = where(at == x0, y0, slope * (at - x0) + y0);
    r = where(isnan(r), slope * (at - x1) + y1, r);
    inside = where(isnan(r) & (y1 == y0), y0, r);
  }
  ndarray result = where(at == xs(n - 1), last, inside);
  result = where(at > xs(n - 1), above, result);
  result = where(at < xs(0), below, result);
  return where(isnan(at), at, result);
}
