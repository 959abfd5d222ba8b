//===- Matmul.h - the BLAS products tnp.dot_general lowers to ---*- C++ -*-===//
//
// A matrix product of float or complex dtype whose operands each have one
// free and one contracting dimension (and at most one batch dimension)
// lowers to one call of
//
//   tnp_matmul_<dtype>(lhs, rhs, out)   out[b] = lhs[b] @ rhs[b]
//
// lhs [batch, m, k], rhs [batch, k, n] and out [batch, m, n] are 3-d memrefs
// in MLIR's expanded calling convention (allocated, aligned, offset, sizes,
// strides), views of the operands with any strides: a transposed operand is
// a view, which BLAS reads as transposed, not a copy. The function calls
// the gemm of MKL or OpenBLAS (runtime/Blas.h), on one thread, per batch or
// per panel of rows or columns on tnp's workers (runtime/Workers.h), copies
// an operand that has no unit stride, and computes sizes beyond BLAS's
// 32-bit integers (or every size, where no BLAS could be loaded) with plain
// loops.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_MATMUL_H
#define TNP_RUNTIME_MATMUL_H

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tnp::runtime {

inline constexpr const char *kMatmulPrefix = "tnp_matmul_";

/// The dtypes (NumPy's names) the runtime multiplies: BLAS's s, d, c, z.
inline constexpr std::array<std::string_view, 4> kMatmulDTypes = {
    "float32", "float64", "complex64", "complex128"};

/// Whether the runtime has a product for `dtype`.
inline bool hasMatmul(std::string_view dtype) {
  return std::find(kMatmulDTypes.begin(), kMatmulDTypes.end(), dtype) !=
         kMatmulDTypes.end();
}

/// On a GPU the same products over device buffers are
///   tnp_gpu_matmul_<dtype>(lhs, rhs, out)
/// (runtime/cuda/Blas.h): cuBLAS's gemm, queued on the device's stream.
inline constexpr const char *kGpuMatmulPrefix = "tnp_gpu_matmul_";

/// The dtypes the GPU runtime multiplies: cuBLAS's s and d.
inline bool hasGpuMatmul(std::string_view dtype) {
  return dtype == "float32" || dtype == "float64";
}

/// Every product function, by its name, for the JIT to resolve.
std::vector<std::pair<std::string, void *>> matmulSymbols();

/// The BLAS the products call and its threads, for benchmarks to print.
std::string matmulBackend();

} // namespace tnp::runtime

#endif // TNP_RUNTIME_MATMUL_H
