//===- Blas.h - the BLAS the products call, opened at run time --*- C++ -*-===//
//
// The products (runtime/Matmul.cpp) call a BLAS opened with dlopen at the
// first one rather than linked:
//
// - TNP_BLAS, where set, names the library (a file name dlopen searches
//   for, or a path); whether it is MKL or OpenBLAS shows in its symbols
//   (another CBLAS is called as it is, its threads left to it).
// - Otherwise, on Intel CPUs, MKL's libmkl_rt where dlopen finds it (a
//   system MKL, or LD_LIBRARY_PATH naming pip's): on an Emerald Rapids Xeon
//   its products split in two panels on 2 cores ran 10-25% faster in
//   float64 (and 5-15% in float32) than OpenBLAS 0.3.21's, level with
//   PyTorch's. MKL must run sequentially (tnp splits products on its own
//   workers) with 32-bit integers: where the process chose MKL's threading
//   or interface layer otherwise before tnp, OpenBLAS is used instead. The
//   layers tnp sets hold for the process: a host program calling the same
//   libmkl_rt later runs sequentially too, as one calling the same OpenBLAS
//   runs on one thread.
// - Otherwise Debian's OpenBLAS, libopenblas.so.0.
//
// OpenBLAS picks its kernels for the CPU when it loads, from a table of CPU
// models, and a model newer than its release gets its oldest x86-64
// kernels. Debian's OpenBLAS 0.3.21 took an Emerald Rapids Xeon (family 6,
// model 207) for a Prescott: SSE3 kernels, float32 products 5-8x slower
// than with its AVX-512 ones. Where OPENBLAS_CORETYPE is unset, it is set
// for the load from the CPU's own features (AVX-512: SkylakeX; AVX2 and
// FMA: Haswell, or Zen on AMD), the kernels 0.3.21 picks for every such CPU
// it knows. A newer OpenBLAS's newer targets (SapphireRapids, say) are then
// not chosen by itself: a user's OPENBLAS_CORETYPE wins. Setting and
// removing it (once per process, at the first product) races with another
// thread reading the environment at that moment: setenv is not
// thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_BLAS_H
#define TNP_RUNTIME_BLAS_H

#include <cblas.h>

#include <string>

namespace tnp::runtime {

struct Blas {
  decltype(&cblas_sgemm) sgemm = nullptr;
  decltype(&cblas_dgemm) dgemm = nullptr;
  decltype(&cblas_cgemm) cgemm = nullptr;
  decltype(&cblas_zgemm) zgemm = nullptr;
  /// Why the products run as loops instead; empty when a BLAS loaded.
  std::string unavailable;
  /// "OpenBLAS <config>, <kernels> kernels", "<MKL's version>, sequential"
  /// or "<library>, a CBLAS", for benchmarks to print.
  std::string description;
};

/// The BLAS above, loaded at the first call and run on one thread.
const Blas &blas();

} // namespace tnp::runtime

#endif // TNP_RUNTIME_BLAS_H
