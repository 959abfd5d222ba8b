//===- Rearranging.cpp - flip, roll, moveaxis, swapaxes, rot90 ------------===//
//
// Reorderings of elements written over reverse, slice, concatenate and
// transpose: they trace, batch and differentiate as those do.
//
//===----------------------------------------------------------------------===//

#include <tnp/manipulation.h>

#include <tnp/errors.h>

#include "lib/Axes.h"
#include "lib/Primitives.h"

#include <algorithm>
#include <numeric>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// `axes` normalized (AxisError prefixed with `argument` where NumPy names
/// it), ValueError for a repeated one as NumPy's normalize_axis_tuple words
/// it.
std::vector<int64_t> normalizeAxes(const std::vector<int64_t> &axes,
                                   int64_t rank,
                                   const char *argument = nullptr) {
  std::vector<int64_t> result;
  for (int64_t axis : axes) {
    int64_t a = normalizeAxis(axis, rank, argument);
    if (std::find(result.begin(), result.end(), a) != result.end())
      throw ValueError(argument ? std::string("repeated axis in `") + argument +
                                      "` argument"
                                : std::string("repeated axis"));
    result.push_back(a);
  }
  return result;
}

/// `a` rolled by `shift` along the normalized axis `axis`: its last `shift`
/// elements first.
ndarray rollAxis(const ndarray &a, int64_t shift, int64_t axis) {
  int64_t n = a.shape()[axis];
  if (n == 0 || shift % n == 0)
    return a;
  int64_t s = ((shift % n) + n) % n;
  std::vector<ndarray> parts = split(a, std::vector<int64_t>{n - s}, axis);
  return concatenate({parts[1], parts[0]}, axis);
}

} // namespace

ndarray tnp::flip(const ndarray &m, std::optional<int64_t> axis) {
  if (axis)
    return flip(m, std::vector<int64_t>{*axis});
  std::vector<int64_t> all(m.ndim());
  std::iota(all.begin(), all.end(), 0);
  return flip(m, all);
}

ndarray tnp::flip(const ndarray &m, const std::vector<int64_t> &axis) {
  std::vector<int64_t> axes = normalizeAxes(axis, m.ndim());
  return axes.empty() ? m : prim::reverse(m, axes);
}

ndarray tnp::fliplr(const ndarray &m) {
  if (m.ndim() < 2)
    throw ValueError("Input must be >= 2-d.");
  return flip(m, int64_t(1));
}

ndarray tnp::flipud(const ndarray &m) {
  if (m.ndim() < 1)
    throw ValueError("Input must be >= 1-d.");
  return flip(m, int64_t(0));
}

ndarray tnp::roll(const ndarray &a, int64_t shift,
                  std::optional<int64_t> axis) {
  if (!axis)
    return rollAxis(a.ravel(), shift, 0).reshape(a.shape());
  return rollAxis(a, shift, normalizeAxis(*axis, a.ndim()));
}

ndarray tnp::roll(const ndarray &a, const std::vector<int64_t> &shift,
                  const std::vector<int64_t> &axis) {
  if (shift.size() != axis.size() && shift.size() != 1 && axis.size() != 1)
    throw ValueError("shape mismatch: objects cannot be broadcast to a single "
                     "shape.  Mismatch is between arg 0 with shape (" +
                     std::to_string(shift.size()) +
                     ",) and arg 1 with shape (" + std::to_string(axis.size()) +
                     ",).");
  ndarray result = a;
  // Shifts and axes broadcast against each other (an empty one broadcasts
  // to nothing); an axis named twice rolls by the sum of its shifts.
  size_t rolls =
      shift.empty() || axis.empty() ? 0 : std::max(shift.size(), axis.size());
  for (size_t i = 0; i < rolls; ++i)
    result = rollAxis(result, shift[shift.size() == 1 ? 0 : i],
                      normalizeAxis(axis[axis.size() == 1 ? 0 : i], a.ndim()));
  return result;
}

ndarray tnp::moveaxis(const ndarray &a, int64_t source, int64_t destination) {
  return moveaxis(a, std::vector<int64_t>{source},
                  std::vector<int64_t>{destination});
}

ndarray tnp::moveaxis(const ndarray &a, const std::vector<int64_t> &source,
                      const std::vector<int64_t> &destination) {
  std::vector<int64_t> from = normalizeAxes(source, a.ndim(), "source");
  std::vector<int64_t> to = normalizeAxes(destination, a.ndim(), "destination");
  if (from.size() != to.size())
    throw ValueError("`source` and `destination` arguments must have the "
                     "same number of elements");
  std::vector<int64_t> order;
  for (int64_t d = 0; d < a.ndim(); ++d)
    if (std::find(from.begin(), from.end(), d) == from.end())
      order.push_back(d);
  std::vector<std::pair<int64_t, int64_t>> moves;
  for (size_t i = 0; i < from.size(); ++i)
    moves.push_back({to[i], from[i]});
  std::sort(moves.begin(), moves.end());
  for (auto [dest, src] : moves)
    order.insert(order.begin() + dest, src);
  return a.transpose(order);
}

ndarray tnp::swapaxes(const ndarray &a, int64_t axis1, int64_t axis2) {
  int64_t a1 = normalizeAxis(axis1, a.ndim(), "axis1");
  int64_t a2 = normalizeAxis(axis2, a.ndim(), "axis2");
  std::vector<int64_t> order(a.ndim());
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[a1], order[a2]);
  return a.transpose(order);
}

ndarray tnp::rot90(const ndarray &m, int64_t k,
                   const std::vector<int64_t> &axes) {
  if (axes.size() != 2)
    throw ValueError("len(axes) must be 2.");
  int64_t rank = m.ndim();
  if (axes[0] == axes[1] || std::abs(axes[0] - axes[1]) == rank)
    throw ValueError("Axes must be different.");
  if (axes[0] >= rank || axes[0] < -rank || axes[1] >= rank || axes[1] < -rank)
    throw ValueError(
        "Axes=(" + std::to_string(axes[0]) + ", " + std::to_string(axes[1]) +
        ") out of range for array of ndim=" + std::to_string(rank) + ".");
  int64_t a0 = normalizeAxis(axes[0], rank), a1 = normalizeAxis(axes[1], rank);
  k = ((k % 4) + 4) % 4;
  if (k == 0)
    return m;
  if (k == 2)
    return flip(m, std::vector<int64_t>{a0, a1});
  std::vector<int64_t> order(rank);
  std::iota(order.begin(), order.end(), 0);
  std::swap(order[a0], order[a1]);
  return k == 1 ? flip(m, a1).transpose(order) : flip(m.transpose(order), a1);
}
