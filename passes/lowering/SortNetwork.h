//===- SortNetwork.h - tnp.sort's rows by a sorting network -----*- C++ -*-===//
//
// Where there is no runtime sort to call (GPU kernels, code that
// mlir-runner runs), tnp.sort lowers to a compare-exchange network in
// generated loops (SortNetwork.cpp); SortLowering.cpp picks it.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_LOWERING_SORTNETWORK_H
#define TNP_PASSES_LOWERING_SORTNETWORK_H

#include "mlir/IR/Builders.h"

namespace mlir::tnp {

/// The rows along `axis` of `keys` (a tensor of tnp's dtype `dtype`, with
/// `dynamicSizes`) sorted stably in NumPy's order, and, with
/// `withPermutation`, the int64 permutation that sorts them (null
/// otherwise).
std::pair<Value, Value> buildSortNetwork(OpBuilder &b, Location loc, Value keys,
                                         Type dtype, int64_t axis,
                                         bool withPermutation,
                                         ValueRange dynamicSizes);

} // namespace mlir::tnp

#endif // TNP_PASSES_LOWERING_SORTNETWORK_H
