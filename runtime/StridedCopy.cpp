//===- StridedCopy.cpp - copies between strided layouts -------------------===//

#include "runtime/StridedCopy.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

using namespace tnp::runtime;

namespace {

/// Calls `body` with std::integral_constant<size_t, B> where elements of
/// `bytes` bytes have a fixed-size path (a memcpy of B bytes is a load and a
/// store), else with B = 0.
template <typename Body> void withFixedSize(size_t bytes, Body body) {
  switch (bytes) {
  case 1:
    return body(std::integral_constant<size_t, 1>());
  case 2:
    return body(std::integral_constant<size_t, 2>());
  case 4:
    return body(std::integral_constant<size_t, 4>());
  case 8:
    return body(std::integral_constant<size_t, 8>());
  case 16:
    return body(std::integral_constant<size_t, 16>());
  default:
    return body(std::integral_constant<size_t, 0>());
  }
}

/// Copies `count` runs of `bytes` bytes, `srcStep` and `dstStep` bytes
/// apart.
void copyRuns(size_t bytes, int64_t count, const char *src, int64_t srcStep,
              char *dst, int64_t dstStep) {
  // By value: through a char * store, captured references would be reloaded
  // on every element (a[::2, ::2] of 1024^2 float32: 219 -> 141 us).
  withFixedSize(bytes, [=](auto fixed) {
    constexpr size_t kFixed = decltype(fixed)::value;
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * dstStep, src + i * srcStep,
                  kFixed ? kFixed : bytes);
  });
}

/// Writes each of `count` elements of `bytes` bytes, `srcStep` bytes apart
/// from `src`, `copies` times in a row from `dst` on: rows whose innermost
/// dimension is a broadcast (np.repeat's), without a call per element.
void spreadElements(size_t bytes, int64_t count, int64_t copies,
                    const char *src, int64_t srcStep, char *dst) {
  withFixedSize(bytes, [=](auto fixed) {
    constexpr size_t kFixed = decltype(fixed)::value;
    size_t size = kFixed ? kFixed : bytes;
    char *out = dst;
    for (int64_t i = 0; i < count; ++i)
      for (int64_t k = 0; k < copies; ++k, out += size)
        std::memcpy(out, src + i * srcStep, kFixed ? kFixed : bytes);
  });
}

/// Repeats the `filled` bytes at `dst` until `total` bytes are written,
/// doubling what each copy takes.
void repeatBytes(char *dst, size_t filled, size_t total) {
  while (filled < total) {
    size_t chunk = std::min(filled, total - filled);
    std::memcpy(dst + filled, dst, chunk);
    filled += chunk;
  }
}

/// copyToRowMajor from dimension `d` on: `slabBytes[d]` bytes of `dst` per
/// index of dimension d - 1; from dimension `whole` on, the source is as
/// contiguous as `dst` and is copied as one block.
void copyFrom(size_t d, size_t whole, const char *src, char *dst,
              llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> strides,
              llvm::ArrayRef<size_t> slabBytes) {
  if (d == whole) {
    std::memcpy(dst, src, slabBytes[d]);
    return;
  }
  if (strides[d] == 0) {
    copyFrom(d + 1, whole, src, dst, shape, strides, slabBytes);
    repeatBytes(dst, slabBytes[d + 1], slabBytes[d]);
    return;
  }
  if (d + 2 == shape.size() && strides[d + 1] == 0) {
    spreadElements(slabBytes.back(), shape[d], shape[d + 1], src, strides[d],
                   dst);
    return;
  }
  if (d + 1 == shape.size()) {
    copyRuns(slabBytes.back(), shape[d], src, strides[d], dst,
             slabBytes.back());
    return;
  }
  for (int64_t i = 0; i < shape[d]; ++i)
    copyFrom(d + 1, whole, src + i * strides[d], dst + i * slabBytes[d + 1],
             shape, strides, slabBytes);
}

/// The bytes of a row-major array of `shape` per index of each dimension:
/// slabs[d] holds dimensions d, d + 1, ... (slabs[rank]: one element).
llvm::SmallVector<size_t, 9> slabsOf(size_t item,
                                     llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<size_t, 9> slabs(shape.size() + 1);
  slabs[shape.size()] = item;
  for (size_t d = shape.size(); d-- > 0;)
    slabs[d] = slabs[d + 1] * shape[d];
  return slabs;
}

extern "C" void tnp_memref_copy(int64_t elementBytes,
                                UnrankedMemRefType<char> *src,
                                UnrankedMemRefType<char> *dst) {
  DynamicMemRefType<char> from(*src), to(*dst);
  llvm::SmallVector<int64_t, 8> fromStrides, toStrides;
  for (int64_t d = 0; d < from.rank; ++d) {
    fromStrides.push_back(from.strides[d] * elementBytes);
    toStrides.push_back(to.strides[d] * elementBytes);
  }
  copyStrided(elementBytes, llvm::ArrayRef<int64_t>(from.sizes, from.rank),
              from.data + from.offset * elementBytes, fromStrides,
              to.data + to.offset * elementBytes, toStrides);
}

} // namespace

void tnp::runtime::copyToRowMajor(size_t item, llvm::ArrayRef<int64_t> shape,
                                  const char *src,
                                  llvm::ArrayRef<int64_t> srcStrides,
                                  char *dst) {
  llvm::SmallVector<size_t, 9> slabs = slabsOf(item, shape);
  if (slabs[0] == 0)
    return;
  // The dimensions from `whole` on step through the source as they do
  // through `dst` (a dimension of size 1 steps nowhere).
  size_t whole = shape.size();
  while (whole > 0 &&
         (shape[whole - 1] == 1 ||
          srcStrides[whole - 1] == static_cast<int64_t>(slabs[whole])))
    --whole;
  copyFrom(0, whole, src, dst, shape, srcStrides, slabs);
}

void tnp::runtime::copyStrided(size_t item, llvm::ArrayRef<int64_t> shape,
                               const char *src,
                               llvm::ArrayRef<int64_t> srcStrides, char *dst,
                               llvm::ArrayRef<int64_t> dstStrides) {
  llvm::SmallVector<size_t, 9> slabs = slabsOf(item, shape);
  if (slabs[0] == 0)
    return;
  bool rowMajor = true;
  for (size_t d = 0; d < shape.size(); ++d)
    rowMajor &=
        shape[d] == 1 || dstStrides[d] == static_cast<int64_t>(slabs[d + 1]);
  if (rowMajor)
    return copyToRowMajor(item, shape, src, srcStrides, dst);
  // The innermost dimensions both sides hold contiguously are one run; a
  // dimension of size 1 has no stride to keep.
  int64_t inner = shape.size();
  size_t run = item;
  while (inner > 0) {
    int64_t d = inner - 1;
    if (shape[d] != 1 && (srcStrides[d] != static_cast<int64_t>(run) ||
                          dstStrides[d] != static_cast<int64_t>(run)))
      break;
    run *= shape[d];
    --inner;
  }
  // Dimension `last` is walked by copyRuns, the ones before it by `at`
  // (inner > 0: a wholly contiguous dst is row-major).
  int64_t last = inner - 1;
  llvm::SmallVector<int64_t, 8> at(last, 0);
  for (;;) {
    copyRuns(run, shape[last], src, srcStrides[last], dst, dstStrides[last]);
    int64_t d = last - 1;
    for (; d >= 0; --d) {
      src += srcStrides[d];
      dst += dstStrides[d];
      if (++at[d] < shape[d])
        break;
      src -= shape[d] * srcStrides[d];
      dst -= shape[d] * dstStrides[d];
      at[d] = 0;
    }
    if (d < 0)
      return;
  }
}

std::pair<std::string, void *> tnp::runtime::stridedCopySymbol() {
  return {"memrefCopy", reinterpret_cast<void *>(&tnp_memref_copy)};
}
