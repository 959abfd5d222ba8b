//===- Matmul.cpp - the BLAS products tnp.dot_general lowers to -----------===//

#include "runtime/Matmul.h"
#include "runtime/Blas.h"
#include "runtime/Workers.h"

#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

using namespace tnp::runtime;

namespace {

/// gemm of each dtype: C = A @ B, A and B as `transA`/`transB` say, row-major.
void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k,
          const float *a, int lda, const float *b, int ldb, float *c, int ldc) {
  blas().sgemm(CblasRowMajor, ta, tb, m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c,
               ldc);
}
void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k,
          const double *a, int lda, const double *b, int ldb, double *c,
          int ldc) {
  blas().dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c,
               ldc);
}
template <typename R>
void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k,
          const std::complex<R> *a, int lda, const std::complex<R> *b, int ldb,
          std::complex<R> *c, int ldc) {
  // Complex gemm takes its scalars by pointer.
  const std::complex<R> one = 1, zero = 0;
  auto complexGemm = std::is_same_v<R, float> ? blas().cgemm : blas().zgemm;
  complexGemm(CblasRowMajor, ta, tb, m, n, k, &one, a, lda, b, ldb, &zero, c,
              ldc);
}

constexpr int64_t kBlasMax = std::numeric_limits<int>::max();

/// A `rows` x `cols` matrix as gemm reads it: its data, whether transposed,
/// its leading dimension.
template <typename T> struct BlasMatrix {
  const T *data;
  CBLAS_TRANSPOSE trans;
  int64_t ld;
};

/// A copy's memory, from malloc: a copy that does not fit in memory makes
/// the product fall back to loops rather than abort.
struct Scratch {
  void *data = nullptr;
  ~Scratch() { std::free(data); }
};

/// The matrix at `data` with strides `rowStride` and `colStride` as gemm
/// reads it, or a contiguous copy in `scratch` when neither stride is 1
/// (or a stride is 0: a broadcast); none if the copy's memory is lacking.
template <typename T>
std::optional<BlasMatrix<T>> asBlasMatrix(const T *data, int64_t rows,
                                          int64_t cols, int64_t rowStride,
                                          int64_t colStride, Scratch &scratch) {
  // A stride along a dimension of size 1 is never used.
  if (rows == 1)
    rowStride = std::max<int64_t>(cols, 1);
  if (cols == 1)
    colStride = 1;
  if (colStride == 1 && rowStride >= std::max<int64_t>(cols, 1))
    return BlasMatrix<T>{data, CblasNoTrans, rowStride};
  if (rowStride == 1 && colStride >= std::max<int64_t>(rows, 1))
    return BlasMatrix<T>{data, CblasTrans, colStride};
  if (rows * cols >
      std::numeric_limits<int64_t>::max() / static_cast<int64_t>(sizeof(T)))
    return std::nullopt;
  std::free(scratch.data);
  scratch.data = std::malloc(sizeof(T) * rows * cols);
  auto *copy = static_cast<T *>(scratch.data);
  if (!copy)
    return std::nullopt;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      copy[i * cols + j] = data[i * rowStride + j * colStride];
  return BlasMatrix<T>{copy, CblasNoTrans, std::max<int64_t>(cols, 1)};
}

/// out = lhs @ rhs by loops, for sizes gemm's int cannot hold (or copies
/// memory cannot).
template <typename T>
void multiplyByLoops(const T *lhs, int64_t m, int64_t k, int64_t lrs,
                     int64_t lcs, const T *rhs, int64_t n, int64_t rrs,
                     int64_t rcs, T *out, int64_t ors, int64_t ocs) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      T acc = 0;
      for (int64_t p = 0; p < k; ++p)
        acc += lhs[i * lrs + p * lcs] * rhs[p * rrs + j * rcs];
      out[i * ors + j * ocs] = acc;
    }
}

/// Products of fewer multiply-adds run on the calling thread. With workers
/// that sleep between jobs, waking one cost tens of microseconds, and a
/// 128^2 float32 product (44 us) split in two took 70-100; with workers
/// polling between jobs (runtime/Workers.cpp) it takes 27.
constexpr int64_t kParallelMultiplyAdds = int64_t(1) << 20;

/// Rows or columns a panel of a split product starts at a multiple of:
/// OpenBLAS's register blocks.
constexpr int64_t kPanelAlign = 16;

/// o = a @ x for one batch, split into panels of rows (or columns, when
/// there are more of them) across the workers when it is large enough.
template <typename T>
void gemmPanels(const BlasMatrix<T> &a, const BlasMatrix<T> &x, int64_t m,
                int64_t n, int64_t k, T *o, int64_t ors, int64_t panels) {
  bool byRows = m >= n;
  int64_t extent = byRows ? m : n;
  int64_t blocks = (extent + kPanelAlign - 1) / kPanelAlign;
  panels = std::max<int64_t>(1, std::min(panels, blocks));
  runChunks(panels, [&](int64_t p) {
    int64_t begin = std::min(extent, blocks * p / panels * kPanelAlign);
    int64_t end = std::min(extent, blocks * (p + 1) / panels * kPanelAlign);
    if (begin == end)
      return;
    // Row i of op(a) starts at row i of a, or at column i when transposed;
    // likewise column j of op(x).
    const T *aPanel = a.data, *xPanel = x.data;
    T *oPanel = o;
    if (byRows) {
      aPanel += a.trans == CblasNoTrans ? begin * a.ld : begin;
      oPanel += begin * ors;
    } else {
      xPanel += x.trans == CblasNoTrans ? begin : begin * x.ld;
      oPanel += begin;
    }
    int64_t rows = byRows ? end - begin : m, cols = byRows ? n : end - begin;
    gemm(a.trans, x.trans, rows, cols, k, aPanel, a.ld, xPanel, x.ld, oPanel,
         ors);
  });
}

/// tnp_matmul_<dtype>: three 3-d memrefs, expanded.
template <typename T>
void matmul(T *, T *lhsAligned, int64_t lhsOffset, int64_t batch, int64_t m,
            int64_t k, int64_t lbs, int64_t lrs, int64_t lcs, T *,
            T *rhsAligned, int64_t rhsOffset, int64_t, int64_t, int64_t n,
            int64_t rbs, int64_t rrs, int64_t rcs, T *, T *outAligned,
            int64_t outOffset, int64_t, int64_t, int64_t, int64_t obs,
            int64_t ors, int64_t ocs) {
  const T *lhs = lhsAligned + lhsOffset, *rhs = rhsAligned + rhsOffset;
  T *out = outAligned + outOffset;
  bool fitsBlas = blas().unavailable.empty() && m <= kBlasMax &&
                  n <= kBlasMax && k <= kBlasMax && ocs == 1 &&
                  ors >= std::max<int64_t>(n, 1) && ors <= kBlasMax &&
                  lrs <= kBlasMax && lcs <= kBlasMax && rrs <= kBlasMax &&
                  rcs <= kBlasMax;
  // In double: the product of four sizes may pass int64.
  double multiplyAdds = static_cast<double>(batch) * m * n * k;
  int64_t threads = multiplyAdds < kParallelMultiplyAdds
                        ? 1
                        : static_cast<int64_t>(workerThreads());
  // Many small products run whole, several at once; fewer split each.
  int64_t batchChunks = batch >= threads ? threads : 1;
  int64_t panels = batchChunks == 1 ? threads : 1;
  runChunks(batchChunks, [&](int64_t c) {
    Scratch lhsCopy, rhsCopy;
    for (int64_t b = batch * c / batchChunks,
                 end = batch * (c + 1) / batchChunks;
         b < end; ++b) {
      const T *l = lhs + b * lbs, *r = rhs + b * rbs;
      T *o = out + b * obs;
      if (!fitsBlas) {
        multiplyByLoops(l, m, k, lrs, lcs, r, n, rrs, rcs, o, ors, ocs);
        continue;
      }
      if (m == 0 || n == 0)
        continue;
      if (k == 0) {
        for (int64_t i = 0; i < m; ++i)
          std::fill_n(o + i * ors, n, T(0));
        continue;
      }
      std::optional<BlasMatrix<T>> a = asBlasMatrix(l, m, k, lrs, lcs, lhsCopy);
      std::optional<BlasMatrix<T>> x = asBlasMatrix(r, k, n, rrs, rcs, rhsCopy);
      if (!a || !x) {
        multiplyByLoops(l, m, k, lrs, lcs, r, n, rrs, rcs, o, ors, ocs);
        continue;
      }
      gemmPanels(*a, *x, m, n, k, o, ors, panels);
    }
  });
}

template <typename T>
void addDType(std::vector<std::pair<std::string, void *>> &symbols,
              std::string_view dtype) {
  symbols.push_back({std::string(kMatmulPrefix) + std::string(dtype),
                     reinterpret_cast<void *>(&matmul<T>)});
}

} // namespace

std::vector<std::pair<std::string, void *>> tnp::runtime::matmulSymbols() {
  std::vector<std::pair<std::string, void *>> symbols;
  addDType<float>(symbols, kMatmulDTypes[0]);
  addDType<double>(symbols, kMatmulDTypes[1]);
  addDType<std::complex<float>>(symbols, kMatmulDTypes[2]);
  addDType<std::complex<double>>(symbols, kMatmulDTypes[3]);
  return symbols;
}

std::string tnp::runtime::matmulBackend() {
  const Blas &loaded = blas();
  if (!loaded.unavailable.empty())
    return loaded.unavailable + ": loops";
  return loaded.description + ", in panels on " +
         std::to_string(workerThreads()) + " threads";
}
