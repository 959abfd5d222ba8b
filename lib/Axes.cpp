//===- Axes.cpp - NumPy's axis arguments ----------------------------------===//

#include "lib/Axes.h"

#include <tnp/errors.h>

#include "lib/Primitives.h"

#include <algorithm>
#include <numeric>
#include <string>

using namespace tnp;

int64_t tnp::detail::normalizeAxis(int64_t axis, int64_t rank,
                                   const char *argument) {
  if (axis < -rank || axis >= rank)
    throw AxisError((argument ? std::string(argument) + ": " : "") + "axis " +
                    std::to_string(axis) +
                    " is out of bounds for array of dimension " +
                    std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

std::vector<int64_t> tnp::detail::normalizeAxes(const Axis &axis, int64_t rank,
                                                bool legacyScalar) {
  std::vector<int64_t> axes;
  if (axis.is_none()) {
    axes.resize(rank);
    std::iota(axes.begin(), axes.end(), 0);
    return axes;
  }
  if (legacyScalar && rank == 0 && axis.is_int() &&
      (axis.axes()[0] == 0 || axis.axes()[0] == -1))
    return axes;
  for (int64_t a : axis.axes())
    axes.push_back(normalizeAxis(a, rank));
  std::vector<bool> seen(rank);
  for (int64_t a : axes) {
    if (seen[a])
      throw ValueError("duplicate value in 'axis'");
    seen[a] = true;
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

ndarray tnp::detail::keepDims(const ndarray &result, const shape_t &shape,
                              const std::vector<int64_t> &axes, bool keepdims) {
  if (!keepdims)
    return result;
  shape_t kept(shape);
  for (int64_t a : axes)
    kept[a] = 1;
  return prim::reshape(result, kept);
}
