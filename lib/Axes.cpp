//===- Axes.cpp - NumPy's axis arguments ----------------------------------===//

#include "lib/Axes.h"

#include <tnp/errors.h>

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
