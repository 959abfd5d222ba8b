//===- StridedCopy.h - the copy memref.copy lowers to -----------*- C++ -*-===//
//
// memref.copy between memrefs not both known to be contiguous (a slice of
// a concatenation's result, a padded operand's interior) lowers to a call
// of `memrefCopy(elemSize, src, dst)` with unranked descriptors. MLIR's own
// (CRunnerUtils) copies one element per memcpy call: 3.5 ns per element
// here, a concatenation of two 1024^2 float32 arrays took 7 ms against
// NumPy's 0.7. tnp binds the symbol to this copy instead, which copies the
// innermost dimensions both sides hold contiguously as one run.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_STRIDEDCOPY_H
#define TNP_RUNTIME_STRIDEDCOPY_H

#include <cstdint>
#include <string>
#include <utility>

namespace tnp::runtime {

/// The symbol and address of the copy, for the JIT to resolve.
std::pair<std::string, void *> stridedCopySymbol();

/// Copies the `rank`-d array of `sizes` from `src` to `dst` (elements of
/// `elementBytes` bytes, strides in elements), as memref.copy does.
void copyStrided(int64_t elementBytes, int64_t rank, const int64_t *sizes,
                 const char *src, const int64_t *srcStrides, char *dst,
                 const int64_t *dstStrides);

} // namespace tnp::runtime

#endif // TNP_RUNTIME_STRIDEDCOPY_H
