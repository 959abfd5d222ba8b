//===- FakeCublas.cpp - cuBLAS's strided batched gemm, on the host --------===//
//
// Built as libcublas.so.13 beside the fake driver (FakeDriver.cpp): the
// entry points runtime/cuda/Blas.cpp opens, computing BLAS's column-major
// gemm by its definition, so that tnp's mapping of row-major products onto
// cuBLAS (operand order, transposition, leading dimensions, batch strides)
// is checked on any machine.
//
//===----------------------------------------------------------------------===//

namespace {

int dummy;

/// C = alpha op(A) op(B) + beta C, column-major, per batch.
template <typename T>
int gemm(int transa, int transb, int m, int n, int k, const T *alpha,
         const T *a, int lda, long long strideA, const T *b, int ldb,
         long long strideB, const T *beta, T *c, int ldc, long long strideC,
         int batch) {
  for (int p = 0; p < batch; ++p)
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        T sum = 0;
        for (int l = 0; l < k; ++l) {
          T x = transa ? a[p * strideA + l + i * lda]
                       : a[p * strideA + i + l * lda];
          T y = transb ? b[p * strideB + j + l * ldb]
                       : b[p * strideB + l + j * ldb];
          sum += x * y;
        }
        T &out = c[p * strideC + i + j * ldc];
        out = *alpha * sum + (*beta == 0 ? T(0) : *beta * out);
      }
  return 0;
}

} // namespace

extern "C" {

int cublasCreate_v2(void **handle) {
  *handle = &dummy;
  return 0;
}
int cublasSetStream_v2(void *, void *) { return 0; }
const char *cublasGetStatusName(int) { return "CUBLAS_STATUS_SUCCESS"; }
int cublasSgemmStridedBatched(void *, int transa, int transb, int m, int n,
                              int k, const float *alpha, const float *a,
                              int lda, long long strideA, const float *b,
                              int ldb, long long strideB, const float *beta,
                              float *c, int ldc, long long strideC, int batch) {
  return gemm(transa, transb, m, n, k, alpha, a, lda, strideA, b, ldb, strideB,
              beta, c, ldc, strideC, batch);
}
int cublasDgemmStridedBatched(void *, int transa, int transb, int m, int n,
                              int k, const double *alpha, const double *a,
                              int lda, long long strideA, const double *b,
                              int ldb, long long strideB, const double *beta,
                              double *c, int ldc, long long strideC,
                              int batch) {
  return gemm(transa, transb, m, n, k, alpha, a, lda, strideA, b, ldb, strideB,
              beta, c, ldc, strideC, batch);
}

} // extern "C"
