//===- Blas.h - cuBLAS products over device buffers -------------*- C++ -*-===//
//
// tnp_gpu_matmul_float32/float64 (runtime/Matmul.h's GPU products): the
// arguments of the CPU's tnp_matmul_* (three 3-d memrefs, expanded), over
// device buffers, computed by cuBLAS's strided batched gemm on the device's
// stream. cuBLAS is opened with dlopen at the first product
// (libcublas.so.13, .12, .11), so that tnp builds without it; a missing
// cuBLAS, an operand with no unit stride or a size past cuBLAS's 32-bit
// integers fail the call (DeviceRuntime.h's kept failure).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_CUDA_BLAS_H
#define TNP_RUNTIME_CUDA_BLAS_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tnp::runtime::cuda {

/// The type of tnp_gpu_matmul_<T>: lhs, rhs and result as 3-d memrefs,
/// expanded (allocated, aligned, offset, 3 sizes, 3 strides), as compiled
/// code passes them.
template <typename T>
using GpuMatmul = void(T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t,
                       int64_t, int64_t, T *, T *, int64_t, int64_t, int64_t,
                       int64_t, int64_t, int64_t, int64_t, T *, T *, int64_t,
                       int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);

/// The product functions by name, for the JIT to bind in compiled code.
std::vector<std::pair<std::string, void *>> gpuMatmulSymbols();

} // namespace tnp::runtime::cuda

#endif // TNP_RUNTIME_CUDA_BLAS_H
