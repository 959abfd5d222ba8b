//===- Blas.cpp - cuBLAS products over device buffers ---------------------===//

#include "runtime/cuda/Blas.h"

#include "runtime/cuda/DeviceRuntime.h"

#include "runtime/Matmul.h"

#include <dlfcn.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <mutex>
#include <optional>
#include <type_traits>

using namespace tnp::runtime;
using namespace tnp::runtime::cuda;

namespace {

using cublasHandle_t = struct cublasContext *;
using cublasStatus_t = int;
// cublasOperation_t
constexpr int kNoTranspose = 0, kTranspose = 1;

/// cuBLAS's entry points, opened once.
struct Cublas {
  std::string unavailable;
  cublasStatus_t (*create)(cublasHandle_t *) = nullptr;
  cublasStatus_t (*setStream)(cublasHandle_t, CUstream) = nullptr;
  const char *(*statusName)(cublasStatus_t) = nullptr;
  cublasStatus_t (*sgemm)(cublasHandle_t, int, int, int, int, int,
                          const float *, const float *, int, long long,
                          const float *, int, long long, const float *, float *,
                          int, long long, int) = nullptr;
  cublasStatus_t (*dgemm)(cublasHandle_t, int, int, int, int, int,
                          const double *, const double *, int, long long,
                          const double *, int, long long, const double *,
                          double *, int, long long, int) = nullptr;
  std::mutex mutex;
  /// One handle per device, made at its first product.
  std::vector<cublasHandle_t> handles;

  static Cublas &get() {
    static Cublas *cublas = new Cublas();
    return *cublas;
  }

  Cublas() {
    void *library = nullptr;
    for (const char *name :
         {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11"})
      if ((library = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
        break;
    if (!library) {
      const char *reason = dlerror();
      unavailable = std::string("cuBLAS could not be loaded (") +
                    (reason ? reason : "libcublas.so.13, .12, .11") + ")";
      return;
    }
    create =
        reinterpret_cast<decltype(create)>(dlsym(library, "cublasCreate_v2"));
    setStream = reinterpret_cast<decltype(setStream)>(
        dlsym(library, "cublasSetStream_v2"));
    statusName = reinterpret_cast<decltype(statusName)>(
        dlsym(library, "cublasGetStatusName"));
    sgemm = reinterpret_cast<decltype(sgemm)>(
        dlsym(library, "cublasSgemmStridedBatched"));
    dgemm = reinterpret_cast<decltype(dgemm)>(
        dlsym(library, "cublasDgemmStridedBatched"));
    if (!create || !setStream || !sgemm || !dgemm)
      unavailable = "cuBLAS lacks cublasCreate_v2, cublasSetStream_v2 or the "
                    "strided batched gemms";
  }

  Status check(cublasStatus_t status, const char *call) const {
    if (status == 0)
      return Status();
    const char *name = statusName ? statusName(status) : nullptr;
    return Status{std::string(call) + ": " +
                  (name ? name : "cuBLAS status " + std::to_string(status))};
  }

  /// `device`'s handle on its stream, or the failure.
  std::optional<cublasHandle_t> handle(int device, Status &status) {
    if (!unavailable.empty()) {
      status = Status{unavailable};
      return std::nullopt;
    }
    CUstream queue = stream(device, status);
    if (!status.ok())
      return std::nullopt;
    std::lock_guard<std::mutex> lock(mutex);
    if (handles.size() <= size_t(device))
      handles.resize(device + 1, nullptr);
    if (!handles[device]) {
      status = check(create(&handles[device]), "cublasCreate");
      if (!status.ok())
        return std::nullopt;
    }
    status = check(setStream(handles[device], queue), "cublasSetStream");
    if (!status.ok())
      return std::nullopt;
    return handles[device];
  }
};

/// A row-major matrix view as cuBLAS's column-major operand: its
/// transposition flag and leading dimension, if one stride is 1.
struct Operand {
  int op;
  int64_t ld;
};

std::optional<Operand> asOperand(int64_t rows, int64_t cols, int64_t rowStride,
                                 int64_t colStride) {
  // Row-major with unit column stride is the column-major transpose: cuBLAS
  // computes out^T = rhs^T lhs^T, so such an operand is taken as is.
  if (colStride == 1 || cols == 1)
    return Operand{kNoTranspose, std::max<int64_t>({rowStride, cols, 1})};
  if (rowStride == 1 || rows == 1)
    return Operand{kTranspose, std::max<int64_t>({colStride, rows, 1})};
  return std::nullopt;
}

bool fitsInt(std::initializer_list<int64_t> values) {
  for (int64_t v : values)
    if (v > INT_MAX)
      return false;
  return true;
}

/// tnp_gpu_matmul_<dtype>: out[b] = lhs[b] @ rhs[b], three 3-d memrefs,
/// expanded as MLIR's calling convention passes them.
template <typename T>
void matmul(T *, T *lhsAligned, int64_t lhsOffset, int64_t batch, int64_t m,
            int64_t k, int64_t lbs, int64_t lrs, int64_t lcs, T *,
            T *rhsAligned, int64_t rhsOffset, int64_t, int64_t, int64_t n,
            int64_t rbs, int64_t rrs, int64_t rcs, T *, T *outAligned,
            int64_t outOffset, int64_t, int64_t, int64_t, int64_t obs,
            int64_t ors, int64_t ocs) {
  if (!callOk() || batch == 0 || m == 0 || n == 0)
    return;
  Cublas &cublas = Cublas::get();
  Status status;
  std::optional<cublasHandle_t> handle = cublas.handle(callDevice(), status);
  if (!handle) {
    failCall(status);
    return;
  }
  // Column-major: out^T (n x m) = rhs^T (n x k) * lhs^T (k x m).
  std::optional<Operand> a = asOperand(k, n, rrs, rcs);
  std::optional<Operand> b = asOperand(m, k, lrs, lcs);
  if (!a || !b || (ocs != 1 && n != 1)) {
    failCall(Status{"tnp_gpu_matmul: an operand has no unit stride"});
    return;
  }
  int64_t ldc = std::max<int64_t>({ors, n, 1});
  if (!fitsInt({m, n, k, a->ld, b->ld, ldc, batch})) {
    failCall(Status{"tnp_gpu_matmul: a size passes cuBLAS's 32-bit integers"});
    return;
  }
  const T one = 1, zero = 0;
  const T *lhs = lhsAligned + lhsOffset, *rhs = rhsAligned + rhsOffset;
  T *out = outAligned + outOffset;
  auto gemm = [&](auto fn) {
    return fn(*handle, a->op, b->op, int(n), int(m), int(k), &one, rhs,
              int(a->ld), rbs, lhs, int(b->ld), lbs, &zero, out, int(ldc), obs,
              int(batch));
  };
  if constexpr (std::is_same_v<T, float>)
    failCall(cublas.check(gemm(cublas.sgemm), "cublasSgemmStridedBatched"));
  else
    failCall(cublas.check(gemm(cublas.dgemm), "cublasDgemmStridedBatched"));
}

} // namespace

extern "C" {
void tnp_gpu_matmul_float32(float *a0, float *a1, int64_t a2, int64_t a3,
                            int64_t a4, int64_t a5, int64_t a6, int64_t a7,
                            int64_t a8, float *b0, float *b1, int64_t b2,
                            int64_t b3, int64_t b4, int64_t b5, int64_t b6,
                            int64_t b7, int64_t b8, float *c0, float *c1,
                            int64_t c2, int64_t c3, int64_t c4, int64_t c5,
                            int64_t c6, int64_t c7, int64_t c8) {
  matmul<float>(a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6,
                b7, b8, c0, c1, c2, c3, c4, c5, c6, c7, c8);
}
void tnp_gpu_matmul_float64(double *a0, double *a1, int64_t a2, int64_t a3,
                            int64_t a4, int64_t a5, int64_t a6, int64_t a7,
                            int64_t a8, double *b0, double *b1, int64_t b2,
                            int64_t b3, int64_t b4, int64_t b5, int64_t b6,
                            int64_t b7, int64_t b8, double *c0, double *c1,
                            int64_t c2, int64_t c3, int64_t c4, int64_t c5,
                            int64_t c6, int64_t c7, int64_t c8) {
  matmul<double>(a0, a1, a2, a3, a4, a5, a6, a7, a8, b0, b1, b2, b3, b4, b5, b6,
                 b7, b8, c0, c1, c2, c3, c4, c5, c6, c7, c8);
}
}

std::vector<std::pair<std::string, void *>>
tnp::runtime::cuda::gpuMatmulSymbols() {
  // The names compiled code calls (runtime/Matmul.h), which the
  // functions above also carry for code linked ahead of time.
  static_assert(
      std::is_same_v<decltype(tnp_gpu_matmul_float32), GpuMatmul<float>> &&
      std::is_same_v<decltype(tnp_gpu_matmul_float64), GpuMatmul<double>>);
  std::string prefix = kGpuMatmulPrefix;
  return {
      {prefix + "float32", reinterpret_cast<void *>(&tnp_gpu_matmul_float32)},
      {prefix + "float64", reinterpret_cast<void *>(&tnp_gpu_matmul_float64)}};
}
