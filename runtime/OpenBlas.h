//===- OpenBlas.h - OpenBLAS, opened for the products -----------*- C++ -*-===//
//
// The products (runtime/Matmul.cpp) call OpenBLAS, opened with dlopen at the
// first one rather than linked: OpenBLAS picks its kernels for the CPU when
// it loads, from a table of CPU models, and a model newer than its release
// gets its oldest x86-64 kernels. Debian's OpenBLAS 0.3.21 took an Emerald
// Rapids Xeon (family 6, model 207) for a Prescott: SSE3 kernels, float32
// products 5-8x slower than with its AVX-512 ones. Where OPENBLAS_CORETYPE
// is unset, it is set for the load from the CPU's own features (AVX-512:
// SkylakeX; AVX2 and FMA: Haswell, or Zen on AMD), the kernels 0.3.21
// picks for every such CPU it knows. A newer OpenBLAS's newer targets
// (SapphireRapids, say) are then not chosen by itself: a user's
// OPENBLAS_CORETYPE wins. Setting and removing it (once per process, at
// the first product) races with another thread reading the environment at
// that moment: setenv is not thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_OPENBLAS_H
#define TNP_RUNTIME_OPENBLAS_H

#include <cblas.h>

#include <string>

namespace tnp::runtime {

struct OpenBlas {
  decltype(&cblas_sgemm) sgemm = nullptr;
  decltype(&cblas_dgemm) dgemm = nullptr;
  decltype(&cblas_cgemm) cgemm = nullptr;
  decltype(&cblas_zgemm) zgemm = nullptr;
  /// Why the products run as loops instead; empty when OpenBLAS loaded.
  std::string unavailable;
  /// "OpenBLAS <config>, <kernels>" for benchmarks to print.
  std::string description;
};

/// OpenBLAS, loaded at the first call and set to one thread (tnp splits
/// products on its own workers).
const OpenBlas &openBlas();

} // namespace tnp::runtime

#endif // TNP_RUNTIME_OPENBLAS_H
