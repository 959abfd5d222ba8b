//===- Axes.h - NumPy's axis arguments --------------------------*- C++ -*-===//

#ifndef TNP_LIB_AXES_H
#define TNP_LIB_AXES_H

#include <tnp/ndarray.h>
#include <tnp/reductions.h>

#include <cstdint>
#include <vector>

namespace tnp::detail {

/// `axis` in [-rank, rank) as a non-negative axis, or NumPy's AxisError
/// ("axis 2 is out of bounds for array of dimension 2"), prefixed by
/// "<argument>: " where NumPy names the argument (np.diagonal's axis1).
int64_t normalizeAxis(int64_t axis, int64_t rank,
                      const char *argument = nullptr);

/// The axes `axis` names, in range and sorted, as NumPy's ufunc reductions
/// read them: every axis's bounds first, then repeats (ValueError).
/// `legacyScalar` lets a single int 0 or -1 through on a 0-d array, as ufunc
/// reductions (but not np.mean/std/var) do.
std::vector<int64_t> normalizeAxes(const Axis &axis, int64_t rank,
                                   bool legacyScalar);

/// A reduction's result over `axes` of an array of `shape`, reshaped to keep
/// the reduced axes as size 1 when `keepdims`.
ndarray keepDims(const ndarray &result, const shape_t &shape,
                 const std::vector<int64_t> &axes, bool keepdims);

} // namespace tnp::detail

#endif // TNP_LIB_AXES_H
