//===- Axes.h - NumPy's axis arguments --------------------------*- C++ -*-===//

#ifndef TNP_LIB_AXES_H
#define TNP_LIB_AXES_H

#include <cstdint>

namespace tnp::detail {

/// `axis` in [-rank, rank) as a non-negative axis, or NumPy's AxisError
/// ("axis 2 is out of bounds for array of dimension 2"), prefixed by
/// "<argument>: " where NumPy names the argument (np.diagonal's axis1).
int64_t normalizeAxis(int64_t axis, int64_t rank,
                      const char *argument = nullptr);

} // namespace tnp::detail

#endif // TNP_LIB_AXES_H
