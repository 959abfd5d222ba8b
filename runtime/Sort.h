//===- Sort.h - the row sorts tnp.sort lowers to ----------------*- C++ -*-===//
//
// tnp.sort lowers to calls of these functions, one row at a time (the rows
// run in parallel loops of compiled code). Each dtype has two, named by
// NumPy's dtype name:
//
//   tnp_sort_<dtype>(row)           sorts the row in place
//   tnp_argsort_<dtype>(keys, perm) writes the permutation that sorts keys
//                                   into perm (int64), keys unchanged
//
// Rows are 1-d memrefs in MLIR's expanded calling convention (allocated,
// aligned, offset, size, stride). Both sorts are stable and use NumPy's
// order: NaNs last, -0.0 equal to 0.0, complex numbers by real then
// imaginary part with NaNs after the rest (as numpy/_core/npysort orders
// them).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_SORT_H
#define TNP_RUNTIME_SORT_H

#include <string>
#include <utility>
#include <vector>

namespace tnp::runtime {

inline constexpr const char *kSortPrefix = "tnp_sort_";
inline constexpr const char *kArgsortPrefix = "tnp_argsort_";

/// Every sort function, by its name, for the JIT to resolve.
std::vector<std::pair<std::string, void *>> sortSymbols();

} // namespace tnp::runtime

#endif // TNP_RUNTIME_SORT_H
