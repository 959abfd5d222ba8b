//===- BlasProducts.h - which matrix products call BLAS ---------*- C++ -*-===//
//
// The one rule for which tnp.dot_general lowers to the runtime's BLAS
// product (runtime/Matmul.h) rather than to generated loops. The lowering
// applies it; eager dispatch asks it too, since a BLAS call splits itself
// across tnp's threads and must not also be split by rows.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_LOWERING_BLASPRODUCTS_H
#define TNP_PASSES_LOWERING_BLASPRODUCTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::tnp {

/// Products of fewer multiply-adds than this stay generated loops, whose
/// epilogues fuse and which skip a call's fixed cost (measured with
/// tnp-bench-matmul: see docs/lowering.md).
inline constexpr int64_t kBlasMinMultiplyAdds = 1 << 15;

/// Whether a tnp.dot_general of dtype `dtype` (NumPy's name) lowers to a
/// BLAS call: a dtype the runtime multiplies, one free and one contracting
/// dimension on each side and at most one batch dimension, and at least
/// kBlasMinMultiplyAdds multiply-adds (`multiplyAdds`: none when a size is
/// dynamic, as in eager kernels, which then always call BLAS). On a `gpu`,
/// the GPU runtime's dtypes (cuBLAS).
bool lowersToBlas(llvm::StringRef dtype, int64_t lhsRank, int64_t rhsRank,
                  llvm::ArrayRef<int64_t> lhsBatch,
                  llvm::ArrayRef<int64_t> lhsContracting,
                  std::optional<int64_t> multiplyAdds, bool gpu = false);

} // namespace mlir::tnp

#endif // TNP_PASSES_LOWERING_BLASPRODUCTS_H
