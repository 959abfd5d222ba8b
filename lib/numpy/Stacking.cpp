//===- Stacking.cpp - atleast_*, h/v/dstack and split, append, tile, repeat
//===//
//
// NumPy's joining and repeating helpers over reshape, broadcast_to,
// concatenate, split and take: they trace, batch and differentiate as those
// do.
//
//===----------------------------------------------------------------------===//

#include <tnp/manipulation.h>

#include <tnp/errors.h>
#include <tnp/indexing.h>

#include "lib/Axes.h"

using namespace tnp;
using namespace tnp::detail;

namespace {

/// `a` with at least `rank` dimensions, as np.atleast_Nd pads: (n,) is
/// (1, n) in 2-d and (1, n, 1) in 3-d, (m, n) is (m, n, 1).
ndarray atLeast(const ndarray &a, int64_t rank) {
  shape_t shape = a.shape();
  if (static_cast<int64_t>(shape.size()) >= rank)
    return a;
  if (shape.empty())
    return a.reshape(shape_t(rank, 1));
  if (rank == 2 || shape.size() == 1)
    shape.insert(shape.begin(), 1);
  if (rank == 3)
    shape.push_back(1);
  return a.reshape(shape);
}

std::vector<ndarray> eachAtLeast(const std::vector<ndarray> &arrays,
                                 int64_t rank) {
  std::vector<ndarray> result;
  for (const ndarray &a : arrays)
    result.push_back(atLeast(a, rank));
  return result;
}

/// NumPy's ValueError of hsplit/vsplit/dsplit below their rank.
void checkSplitRank(const ndarray &a, int64_t rank, const char *name) {
  if (a.ndim() < rank)
    throw ValueError(std::string(name) + " only works on arrays of " +
                     std::to_string(rank) + " or more dimensions");
}

/// np.split along `axis` of an array of at least `rank` dimensions.
template <typename Cuts>
std::vector<ndarray> splitAbove(const ndarray &a, int64_t rank,
                                const char *name, int64_t axis,
                                const Cuts &cuts) {
  checkSplitRank(a, rank, name);
  return split(a, cuts, axis);
}

int64_t hsplitAxis(const ndarray &a) {
  checkSplitRank(a, 1, "hsplit");
  return a.ndim() > 1 ? 1 : 0;
}

void checkRepeats(int64_t repeats) {
  if (repeats < 0)
    throw ValueError("negative dimensions are not allowed");
}

} // namespace

ndarray tnp::atleast_1d(const ndarray &a) { return atLeast(a, 1); }
ndarray tnp::atleast_2d(const ndarray &a) { return atLeast(a, 2); }
ndarray tnp::atleast_3d(const ndarray &a) { return atLeast(a, 3); }
std::vector<ndarray> tnp::atleast_1d(const std::vector<ndarray> &arrays) {
  return eachAtLeast(arrays, 1);
}
std::vector<ndarray> tnp::atleast_2d(const std::vector<ndarray> &arrays) {
  return eachAtLeast(arrays, 2);
}
std::vector<ndarray> tnp::atleast_3d(const std::vector<ndarray> &arrays) {
  return eachAtLeast(arrays, 3);
}

ndarray tnp::hstack(const std::vector<ndarray> &tup) {
  std::vector<ndarray> arrays = eachAtLeast(tup, 1);
  // 1-d arrays join along their only axis, others along the second.
  return concatenate(arrays,
                     !arrays.empty() && arrays.front().ndim() == 1 ? 0 : 1);
}
ndarray tnp::vstack(const std::vector<ndarray> &tup) {
  return concatenate(eachAtLeast(tup, 2), 0);
}
ndarray tnp::dstack(const std::vector<ndarray> &tup) {
  return concatenate(eachAtLeast(tup, 3), 2);
}

std::vector<ndarray> tnp::hsplit(const ndarray &a, int64_t sections) {
  return split(a, sections, hsplitAxis(a));
}
std::vector<ndarray> tnp::hsplit(const ndarray &a,
                                 const std::vector<int64_t> &indices) {
  return split(a, indices, hsplitAxis(a));
}
std::vector<ndarray> tnp::vsplit(const ndarray &a, int64_t sections) {
  return splitAbove(a, 2, "vsplit", 0, sections);
}
std::vector<ndarray> tnp::vsplit(const ndarray &a,
                                 const std::vector<int64_t> &indices) {
  return splitAbove(a, 2, "vsplit", 0, indices);
}
std::vector<ndarray> tnp::dsplit(const ndarray &a, int64_t sections) {
  return splitAbove(a, 3, "dsplit", 2, sections);
}
std::vector<ndarray> tnp::dsplit(const ndarray &a,
                                 const std::vector<int64_t> &indices) {
  return splitAbove(a, 3, "dsplit", 2, indices);
}

ndarray tnp::append(const ndarray &arr, const ndarray &values,
                    std::optional<int64_t> axis) {
  if (!axis)
    return concatenate({arr.ravel(), values.ravel()}, 0);
  return concatenate({arr, values}, *axis);
}

ndarray tnp::tile(const ndarray &A, const std::vector<int64_t> &reps) {
  for (int64_t r : reps)
    checkRepeats(r);
  shape_t shape = A.shape();
  std::vector<int64_t> r = reps;
  if (shape.size() < r.size())
    shape.insert(shape.begin(), r.size() - shape.size(), 1);
  r.insert(r.begin(), shape.size() - r.size(), 1);
  // Each dimension s becomes (r, s), broadcast from (1, s), then merged.
  shape_t spread, tiled, result;
  for (size_t d = 0; d < shape.size(); ++d) {
    spread.insert(spread.end(), {1, shape[d]});
    tiled.insert(tiled.end(), {r[d], shape[d]});
    result.push_back(r[d] * shape[d]);
  }
  return broadcast_to(A.reshape(spread), tiled).reshape(result);
}

ndarray tnp::tile(const ndarray &A, int64_t reps) {
  return tile(A, std::vector<int64_t>{reps});
}

ndarray tnp::repeat(const ndarray &a, int64_t repeats,
                    std::optional<int64_t> axis) {
  checkRepeats(repeats);
  ndarray x = axis ? a : a.ravel();
  int64_t ax = axis ? normalizeAxis(*axis, x.ndim()) : 0;
  // Each element of the axis becomes `repeats` in a row: (.., s, 1, ..)
  // broadcast to (.., s, repeats, ..), then merged.
  shape_t shape = x.shape(), spread = shape, result = shape;
  spread.insert(spread.begin() + ax + 1, 1);
  shape.insert(shape.begin() + ax + 1, repeats);
  result[ax] *= repeats;
  return broadcast_to(x.reshape(spread), shape).reshape(result);
}

ndarray tnp::repeat(const ndarray &a, const std::vector<int64_t> &repeats,
                    std::optional<int64_t> axis) {
  if (repeats.size() == 1)
    return repeat(a, repeats.front(), axis);
  ndarray x = axis ? a : a.ravel();
  int64_t ax = axis ? normalizeAxis(*axis, x.ndim()) : 0;
  int64_t n = x.shape()[ax];
  if (static_cast<int64_t>(repeats.size()) != n)
    throw ValueError("operands could not be broadcast together with shape (" +
                     std::to_string(n) + ",) (" +
                     std::to_string(repeats.size()) + ",)");
  // The counts are known: the positions they repeat are a constant.
  std::vector<int64_t> positions;
  for (int64_t i = 0; i < n; ++i) {
    if (repeats[i] < 0)
      throw ValueError("repeats may not contain negative values.");
    positions.insert(positions.end(), repeats[i], i);
  }
  return take(x, indexArray(positions), ax);
}
