//===- Searching.cpp - take, nonzero, diagonal and friends ----------------===//
//
// NumPy's indexing functions, each an index expression (lib/IndexPlan.h) or
// one tnp.gather: nothing here loops over elements on the host.
//
//===----------------------------------------------------------------------===//

#include <tnp/indexing.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>

#include "lib/ArrayImpl.h"
#include "lib/Axes.h"
#include "lib/IndexPlan.h"
#include "lib/Primitives.h"

#include <algorithm>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// `n` elements from 0 (int64), shaped to broadcast along `axis` of `rank`.
ndarray positionsAlong(int64_t n, int64_t axis, int64_t rank) {
  shape_t shape(rank, 1);
  shape[axis] = n;
  return prim::iota(shape, axis, int64);
}

} // namespace

ndarray tnp::take(const ndarray &a, const ndarray &indices,
                  std::optional<int64_t> axis) {
  if (!indices.dtype().is_integer())
    throw TypeError(std::string("take: indices must be integers, got ") +
                    std::string(indices.dtype().name()));
  if (!axis)
    return ravel(a)(indices);
  std::vector<index_item> items(normalizeAxis(*axis, a.ndim()), slice());
  items.push_back(indices);
  return getitem(a, items);
}

ndarray tnp::take_along_axis(const ndarray &arr, const ndarray &indices,
                             std::optional<int64_t> axis) {
  if (!indices.dtype().is_integer())
    throw IndexError("`indices` must be an integer array");
  if (!axis) {
    if (indices.ndim() != 1)
      throw ValueError("when axis=None, `indices` must have a single "
                       "dimension.");
    return ravel(arr)(indices);
  }
  int64_t rank = arr.ndim();
  if (indices.ndim() != rank)
    throw ValueError("`indices` and `arr` must have the same number of "
                     "dimensions");
  int64_t ax = normalizeAxis(*axis, rank);
  // arr[i0, ..., indices, ...], each i an iota along its own axis: all
  // arrays, next to each other, so the result has their broadcast shape.
  std::vector<index_item> items;
  for (int64_t d = 0; d < rank; ++d)
    items.push_back(d == ax ? indices
                            : positionsAlong(arr.shape()[d], d, rank));
  return getitem(arr, items);
}

ndarray tnp::argwhere(const ndarray &a) {
  if (a.ndim() == 0 && !implOf(a).tracer)
    return zeros({a.astype(bool_).item<bool>() ? 1 : 0, 0}, int64);
  return nonzeroPositions(a, /*perAxis=*/false).front();
}

std::vector<ndarray> tnp::nonzero(const ndarray &a) {
  return nonzeroPositions(a, /*perAxis=*/true);
}

std::vector<ndarray> tnp::where(const ndarray &condition) {
  return nonzero(condition);
}

ndarray tnp::flatnonzero(const ndarray &a) { return nonzero(ravel(a)).front(); }

ndarray tnp::diagonal(const ndarray &a, int64_t offset, int64_t axis1,
                      int64_t axis2) {
  int64_t rank = a.ndim();
  if (rank < 2)
    throw ValueError("diag requires an array of at least two dimensions");
  int64_t a1 = normalizeAxis(axis1, rank, "axis1");
  int64_t a2 = normalizeAxis(axis2, rank, "axis2");
  if (a1 == a2)
    throw ValueError("axis1 and axis2 cannot be the same");
  int64_t rows = a.shape()[a1], cols = a.shape()[a2];
  int64_t first = std::max<int64_t>(-offset, 0);
  int64_t second = std::max<int64_t>(offset, 0);
  int64_t n = std::max<int64_t>(std::min(rows - first, cols - second), 0);
  shape_t rest;
  for (int64_t d = 0; d < rank; ++d)
    if (d != a1 && d != a2)
      rest.push_back(a.shape()[d]);
  if (n == 0) {
    rest.push_back(0);
    return zeros(rest, a.dtype());
  }
  ndarray i = prim::iota({n, 1}, 0, int64);
  ndarray indices = prim::concatenate({i + first, i + second}, 1);
  // gather puts the diagonal first; NumPy puts it last.
  ndarray g = prim::gather(a, indices, {a1, a2});
  if (rank == 2)
    return g;
  std::vector<int64_t> permutation;
  for (int64_t d = 1; d < rank - 1; ++d)
    permutation.push_back(d);
  permutation.push_back(0);
  return prim::transpose(g, permutation);
}

ndarray tnp::compress(const ndarray &condition, const ndarray &a,
                      std::optional<int64_t> axis) {
  if (condition.ndim() != 1)
    throw ValueError("condition must be a 1-d array");
  // The indices of the true values; one past the axis is take's IndexError.
  return take(axis ? a : ravel(a), nonzero(condition)[0],
              axis ? normalizeAxis(*axis, a.ndim()) : 0);
}
