//===- MatmulTest.cpp - Tests of runtime/Matmul ---------------------------===//
//
// Calls tnp_matmul_float64 as compiled code does (three 3-d memrefs,
// expanded) on layouts the lowering can pass: transposed views, strides
// with no unit (copied), broadcast rows (stride 0), empty sizes, and
// products the runtime splits across threads; each against plain loops.
//
//===----------------------------------------------------------------------===//

#include "runtime/Matmul.h"

#include "runtime/HostAllocator.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace tnp::runtime;

namespace {

using MatmulFn = void (*)(double *, double *, int64_t, int64_t, int64_t,
                          int64_t, int64_t, int64_t, int64_t, double *,
                          double *, int64_t, int64_t, int64_t, int64_t, int64_t,
                          int64_t, int64_t, double *, double *, int64_t,
                          int64_t, int64_t, int64_t, int64_t, int64_t, int64_t);

void *symbol(const std::vector<std::pair<std::string, void *>> &symbols,
             const std::string &name) {
  for (const auto &[n, address] : symbols)
    if (n == name)
      return address;
  return nullptr;
}

/// A [batch, rows, cols] view into `data`.
struct View {
  double *data;
  int64_t batch, rows, cols, batchStride, rowStride, colStride;
  double at(int64_t b, int64_t i, int64_t j) const {
    return data[b * batchStride + i * rowStride + j * colStride];
  }
};

/// Buffer of `n` values 0, 1, ..., n-1 taken mod 7 and shifted: small
/// integers, so every product is exact.
std::vector<double> values(int64_t n) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = static_cast<double>(i % 7) - 3;
  return v;
}

/// out = lhs @ rhs through tnp_matmul_float64, checked against loops.
void expectProduct(const View &l, const View &r) {
  auto fn = reinterpret_cast<MatmulFn>(
      symbol(matmulSymbols(), std::string(kMatmulPrefix) + "float64"));
  ASSERT_NE(fn, nullptr);
  int64_t batch = l.batch, m = l.rows, k = l.cols, n = r.cols;
  std::vector<double> out(batch * m * n + 1, -99.0);
  fn(l.data, l.data, 0, batch, m, k, l.batchStride, l.rowStride, l.colStride,
     r.data, r.data, 0, batch, k, n, r.batchStride, r.rowStride, r.colStride,
     out.data(), out.data(), 0, batch, m, n, m * n, n, 1);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double want = 0;
        for (int64_t p = 0; p < k; ++p)
          want += l.at(b, i, p) * r.at(b, p, j);
        ASSERT_EQ(out[b * m * n + i * n + j], want)
            << "batch " << b << " at (" << i << ", " << j << ")";
      }
  // Nothing past the result is written.
  EXPECT_EQ(out.back(), -99.0);
}

TEST(MatmulTest, RowMajorAndTransposedViews) {
  std::vector<double> a = values(17 * 9), b = values(9 * 5);
  expectProduct({a.data(), 1, 17, 9, 0, 9, 1}, {b.data(), 1, 9, 5, 0, 5, 1});
  // a as a 9 x 17 matrix read transposed; b as 5 x 9 read transposed.
  expectProduct({a.data(), 1, 17, 9, 0, 1, 17}, {b.data(), 1, 9, 5, 0, 1, 9});
}

TEST(MatmulTest, StridesWithoutAUnitOneAreCopied) {
  std::vector<double> a = values(2 * 17 * 2 * 9), b = values(3 * 9 * 5);
  // Every other row and column of a 34 x 18 matrix; b's columns every 3rd.
  expectProduct({a.data(), 1, 17, 9, 0, 36, 2}, {b.data(), 1, 9, 5, 0, 15, 3});
}

TEST(MatmulTest, BroadcastRowsAndBatches) {
  std::vector<double> a = values(9), b = values(9 * 5);
  // One row of a read for all 4 rows (stride 0), one b for 3 batches.
  expectProduct({a.data(), 3, 4, 9, 0, 0, 1}, {b.data(), 3, 9, 5, 0, 5, 1});
}

TEST(MatmulTest, EmptySizes) {
  std::vector<double> a = values(8), b = values(8);
  // k = 0: zeros; m = 0 or n = 0: nothing written.
  expectProduct({a.data(), 1, 4, 0, 0, 0, 1}, {b.data(), 1, 0, 2, 0, 2, 1});
  expectProduct({a.data(), 1, 0, 2, 0, 2, 1}, {b.data(), 1, 2, 3, 0, 3, 1});
  expectProduct({a.data(), 1, 3, 2, 0, 2, 1}, {b.data(), 1, 2, 0, 0, 0, 1});
}

TEST(MatmulTest, LargeProductsSplitAcrossThreadsExactly) {
  // 2^22 multiply-adds and more: split by rows, by columns, by batches.
  std::vector<double> a = values(257 * 129), b = values(129 * 255);
  expectProduct({a.data(), 1, 257, 129, 0, 129, 1},
                {b.data(), 1, 129, 255, 0, 255, 1});
  std::vector<double> c = values(65 * 513), d = values(513 * 257);
  expectProduct({c.data(), 1, 65, 513, 0, 513, 1},
                {d.data(), 1, 513, 257, 0, 257, 1});
  std::vector<double> e = values(8 * 64 * 128), f = values(8 * 128 * 64);
  expectProduct({e.data(), 8, 64, 128, 64 * 128, 128, 1},
                {f.data(), 8, 128, 64, 128 * 64, 64, 1});
}

TEST(MatmulTest, CompiledCodeAllocationsRoundTrip) {
  auto symbols = compiledCodeAllocatorSymbols();
  auto alloc = reinterpret_cast<void *(*)(int64_t)>(
      symbol(symbols, "_mlir_memref_to_llvm_alloc"));
  auto release = reinterpret_cast<void (*)(void *)>(
      symbol(symbols, "_mlir_memref_to_llvm_free"));
  ASSERT_NE(alloc, nullptr);
  ASSERT_NE(release, nullptr);
  for (int64_t bytes :
       {int64_t(0), int64_t(1), int64_t(100), int64_t(1) << 20}) {
    void *p = alloc(bytes);
    ASSERT_NE(p, nullptr);
    // 64-byte aligned, as blocks of the host allocator are.
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % HostAllocator::kAlignment, 0u);
    std::memset(p, 7, bytes);
    release(p);
  }
  EXPECT_EQ(alloc(-1), nullptr);
  release(nullptr);
}

} // namespace
