//===- StridedCopy.cpp - the copy memref.copy lowers to -------------------===//

#include "runtime/StridedCopy.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "llvm/ADT/SmallVector.h"

#include <cstring>

using namespace tnp::runtime;

namespace {

/// Copies `count` runs of `Bytes` bytes, `srcStep` and `dstStep` bytes
/// apart: a fixed-size memcpy is a load and a store.
template <size_t Bytes>
void copyRuns(int64_t count, const char *src, int64_t srcStep, char *dst,
              int64_t dstStep) {
  for (int64_t i = 0; i < count; ++i)
    std::memcpy(dst + i * dstStep, src + i * srcStep, Bytes);
}

void copyRuns(size_t bytes, int64_t count, const char *src, int64_t srcStep,
              char *dst, int64_t dstStep) {
  switch (bytes) {
  case 1:
    return copyRuns<1>(count, src, srcStep, dst, dstStep);
  case 2:
    return copyRuns<2>(count, src, srcStep, dst, dstStep);
  case 4:
    return copyRuns<4>(count, src, srcStep, dst, dstStep);
  case 8:
    return copyRuns<8>(count, src, srcStep, dst, dstStep);
  case 16:
    return copyRuns<16>(count, src, srcStep, dst, dstStep);
  default:
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * dstStep, src + i * srcStep, bytes);
  }
}

extern "C" void tnp_memref_copy(int64_t elementBytes,
                                UnrankedMemRefType<char> *src,
                                UnrankedMemRefType<char> *dst) {
  DynamicMemRefType<char> from(*src), to(*dst);
  copyStrided(elementBytes, from.rank, from.sizes,
              from.data + from.offset * elementBytes, from.strides,
              to.data + to.offset * elementBytes, to.strides);
}

} // namespace

void tnp::runtime::copyStrided(int64_t elementBytes, int64_t rank,
                               const int64_t *sizes, const char *src,
                               const int64_t *srcStrides, char *dst,
                               const int64_t *dstStrides) {
  for (int64_t d = 0; d < rank; ++d)
    if (sizes[d] == 0)
      return;
  // The innermost dimensions both sides hold contiguously are one run of
  // `run` elements; a dimension of size 1 has no stride to keep.
  int64_t run = 1, inner = rank;
  while (inner > 0) {
    int64_t d = inner - 1;
    if (sizes[d] != 1 && (srcStrides[d] != run || dstStrides[d] != run))
      break;
    run *= sizes[d];
    --inner;
  }
  size_t runBytes = run * elementBytes;
  if (inner == 0) {
    std::memcpy(dst, src, runBytes);
    return;
  }
  // Dimension `last` is walked by copyRuns, the ones before it by `at`.
  int64_t last = inner - 1;
  llvm::SmallVector<int64_t, 8> at(last, 0);
  for (;;) {
    copyRuns(runBytes, sizes[last], src, srcStrides[last] * elementBytes, dst,
             dstStrides[last] * elementBytes);
    int64_t d = last - 1;
    for (; d >= 0; --d) {
      src += srcStrides[d] * elementBytes;
      dst += dstStrides[d] * elementBytes;
      if (++at[d] < sizes[d])
        break;
      src -= sizes[d] * srcStrides[d] * elementBytes;
      dst -= sizes[d] * dstStrides[d] * elementBytes;
      at[d] = 0;
    }
    if (d < 0)
      return;
  }
}

std::pair<std::string, void *> tnp::runtime::stridedCopySymbol() {
  return {"memrefCopy", reinterpret_cast<void *>(&tnp_memref_copy)};
}
