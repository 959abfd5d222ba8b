//===- main.cpp - tnp-gpu-exec: tnp's GPU code run on a GPU ---------------===//
//
// Runs the functions of kernels.mlir, compiled at build time by
// tnp-gpu-pipeline, through tnp's GPU runtime (runtime/cuda/) and checks
// each result against a reference computed here, on the host. Without a
// driver or a GPU it prints "skipped: no GPU (<why>)" and succeeds: never a
// silent pass. `--bench` times the GPU sigmoid beside a device-to-device copy
// of the same bytes, the product of two 4096^2 matrices, and a tiny call.
// `--host-only` runs what needs no kernel, for the fake driver of
// test/gpu/fake/: the cuBLAS products, and the failures a call keeps (a
// launch the driver refuses, a device out of memory, a failed wait).
//
//===----------------------------------------------------------------------===//

#include "runtime/cuda/DeviceRuntime.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace tnp::runtime::cuda;

namespace {

/// MLIR's memref descriptor (the C interface's layout).
template <typename T, int N> struct Memref {
  T *allocated = nullptr;
  T *aligned = nullptr;
  int64_t offset = 0;
  int64_t sizes[N > 0 ? N : 1] = {};
  int64_t strides[N > 0 ? N : 1] = {};
};
template <typename T> struct Memref<T, 0> {
  T *allocated = nullptr;
  T *aligned = nullptr;
  int64_t offset = 0;
};

} // namespace

extern "C" {
void _mlir_ciface_sigmoid(Memref<float, 1> *x, Memref<float, 1> *out);
void _mlir_ciface_tanh_exp(Memref<double, 1> *r, Memref<double, 1> *x);
void _mlir_ciface_row_sum(Memref<float, 1> *r, Memref<float, 2> *x);
void _mlir_ciface_total(Memref<float, 0> *r, Memref<float, 1> *x);
// The runtime's launch, as compiled code calls it (DeviceRuntime.cpp).
void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedBytes, CUstream stream,
                      void **params, void **extra, size_t paramCount);
void _mlir_ciface_row_argmax(Memref<int64_t, 1> *r, Memref<float, 2> *x);
void _mlir_ciface_argmax_all(Memref<int64_t, 0> *r, Memref<float, 1> *x);
void _mlir_ciface_matmul(Memref<float, 2> *r, Memref<float, 2> *a,
                         Memref<float, 2> *b);
void _mlir_ciface_take(Memref<float, 2> *r, Memref<float, 2> *x,
                       Memref<int64_t, 2> *i);
void _mlir_ciface_scatter_add(Memref<float, 1> *r, Memref<float, 1> *x,
                              Memref<int32_t, 2> *i, Memref<float, 1> *u);
void _mlir_ciface_scatter_set(Memref<float, 1> *r, Memref<float, 1> *x,
                              Memref<int32_t, 2> *i, Memref<float, 1> *u);
void _mlir_ciface_cumsum(Memref<float, 2> *r, Memref<float, 2> *x);
struct SortedWithPositions {
  Memref<float, 2> sorted;
  Memref<int64_t, 2> positions;
};
void _mlir_ciface_argsort_rows(SortedWithPositions *r, Memref<float, 2> *x);
void _mlir_ciface_sort_columns(Memref<int32_t, 2> *r, Memref<int32_t, 2> *x);
void _mlir_ciface_bits(Memref<uint32_t, 1> *r, Memref<uint32_t, 1> *k);
struct LossGrad {
  Memref<float, 0> loss;
  Memref<float, 1> grad;
};
void _mlir_ciface_loss_grad(LossGrad *r, Memref<float, 1> *x);
void _mlir_ciface_layer_batched(Memref<float, 2> *r, Memref<float, 2> *w,
                                Memref<float, 2> *xs);
void _mlir_ciface_matmul_t64(Memref<double, 2> *r, Memref<double, 2> *a,
                             Memref<double, 2> *b);
void _mlir_ciface_matmul_small(Memref<float, 2> *r, Memref<float, 2> *a,
                               Memref<float, 2> *b);
void _mlir_ciface_matmul_loops(Memref<float, 2> *r, Memref<float, 2> *a,
                               Memref<float, 2> *b);
void _mlir_ciface_sigmoid_four_per_thread(Memref<float, 1> *x,
                                          Memref<float, 1> *out);
void _mlir_ciface_double_rows(Memref<float, 2> *r, Memref<float, 2> *x);
void _mlir_ciface_double_until(Memref<float, 1> *r, Memref<float, 1> *x);
void _mlir_ciface_add_ones(Memref<float, 1> *r, Memref<float, 1> *x, int64_t n);
void _mlir_ciface_add_ones_waiting(Memref<float, 1> *r, Memref<float, 1> *x,
                                   int64_t n);
}

namespace {

int failures = 0;
constexpr int kDevice = 0;

/// Fails the program with `status`'s message when it is an error.
void require(const Status &status, const char *what) {
  if (status.ok())
    return;
  std::printf("FAIL %s: %s\n", what, status.error.c_str());
  std::exit(1);
}

/// A device copy of `host` viewed as a row-major array of `shape`.
template <typename T, int N>
Memref<T, N> toDevice(const std::vector<T> &host, std::vector<int64_t> shape) {
  Status status;
  Memref<T, N> m;
  m.allocated = m.aligned = static_cast<T *>(
      allocate(kDevice, std::max<size_t>(host.size(), 1) * sizeof(T), status));
  require(status, "allocate");
  require(copy(kDevice, m.aligned, host.data(), host.size() * sizeof(T)),
          "copy to device");
  if constexpr (N > 0) {
    int64_t stride = 1;
    for (int d = N - 1; d >= 0; --d) {
      m.sizes[d] = shape[d];
      m.strides[d] = stride;
      stride *= shape[d];
    }
  }
  return m;
}

/// The host copy of a device result (freed on the device).
template <typename T, int N> std::vector<T> toHost(Memref<T, N> m) {
  size_t count = 1;
  if constexpr (N > 0)
    for (int d = 0; d < N; ++d)
      count *= m.sizes[d];
  std::vector<T> host(count);
  require(copy(kDevice, host.data(), m.aligned + m.offset, count * sizeof(T)),
          "copy to host");
  release(m.allocated);
  return host;
}

/// Ends a call: the runtime's status, then the values against `expected`
/// within `tolerance` (relative, plus the same absolute).
template <typename T>
void check(const char *name, const std::vector<T> &got,
           const std::vector<T> &expected, double tolerance = 0) {
  Status status = endCall();
  if (!status.ok()) {
    std::printf("FAIL %s: %s\n", name, status.error.c_str());
    ++failures;
    return;
  }
  size_t bad = got.size() == expected.size() ? 0 : 1;
  size_t first = 0;
  for (size_t i = 0; i < std::min(got.size(), expected.size()); ++i) {
    double g = double(got[i]), e = double(expected[i]);
    bool same = std::isnan(e)
                    ? std::isnan(g)
                    : std::fabs(g - e) <= tolerance * (1 + std::fabs(e));
    if (!same && bad++ == 0)
      first = i;
  }
  if (bad == 0) {
    std::printf("ok %s (%zu values)\n", name, got.size());
    return;
  }
  ++failures;
  std::printf("FAIL %s: %zu of %zu values differ; first at %zu: %.9g, "
              "expected %.9g\n",
              name, bad, expected.size(), first,
              first < got.size() ? double(got[first]) : NAN,
              first < expected.size() ? double(expected[first]) : NAN);
}

std::vector<float> uniform(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(rng);
  return v;
}

void testSigmoid() {
  // Not a multiple of the block size: the last block checks its bounds.
  size_t n = (size_t(1) << 20) + 3;
  std::vector<float> x = uniform(n, -20, 20, 1), expected(n);
  for (size_t i = 0; i < n; ++i)
    expected[i] = 1.0f / (1.0f + std::exp(-x[i]));
  auto dx = toDevice<float, 1>(x, {int64_t(n)});
  auto out = toDevice<float, 1>(std::vector<float>(n), {int64_t(n)});
  beginCall(kDevice);
  _mlir_ciface_sigmoid(&dx, &out);
  // libdevice's expf is within 2 ulp, the division exact.
  check("sigmoid float32 (fused elementwise)", toHost(out), expected, 1e-6);
  release(dx.allocated);
}

void testTanhExp() {
  std::vector<double> x(1000), expected(1000);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = -3 + 0.006 * double(i);
    expected[i] = std::tanh(std::exp(x[i]));
  }
  auto dx = toDevice<double, 1>(x, {1000});
  Memref<double, 1> r;
  beginCall(kDevice);
  _mlir_ciface_tanh_exp(&r, &dx);
  check("tanh(exp) float64 (libdevice)", toHost(r), expected, 1e-15);
  release(dx.allocated);
}

void testReductions() {
  int64_t rows = 300, cols = 700;
  std::vector<float> x = uniform(rows * cols, -1, 1, 2);
  // Ties take the first position; a NaN wins, as in NumPy.
  x[5 * cols + 10] = 7;
  x[5 * cols + 20] = 7;
  x[9 * cols + 600] = NAN;
  std::vector<float> sums(rows);
  std::vector<int64_t> positions(rows);
  for (int64_t r = 0; r < rows; ++r) {
    double s = 0;
    int64_t best = 0;
    for (int64_t c = 0; c < cols; ++c) {
      float v = x[r * cols + c];
      s += v;
      float b = x[r * cols + best];
      if (!std::isnan(b) && (std::isnan(v) || v > b))
        best = c;
    }
    sums[r] = float(s);
    positions[r] = best;
  }
  auto dx = toDevice<float, 2>(x, {rows, cols});
  Memref<float, 1> sum;
  beginCall(kDevice);
  _mlir_ciface_row_sum(&sum, &dx);
  check("sum axis=1 (reduction)", toHost(sum), sums, 1e-6);
  Memref<int64_t, 1> argmax;
  beginCall(kDevice);
  _mlir_ciface_row_argmax(&argmax, &dx);
  check("argmax axis=1 (NaN, ties)", toHost(argmax), positions);
  Memref<float, 2> scan;
  std::vector<float> running(x.size());
  for (int64_t r = 0; r < rows; ++r) {
    float s = 0;
    for (int64_t c = 0; c < cols; ++c)
      running[r * cols + c] = s += x[r * cols + c];
  }
  beginCall(kDevice);
  _mlir_ciface_cumsum(&scan, &dx);
  check("cumsum axis=1 (scan)", toHost(scan), running, 1e-6);
  release(dx.allocated);
  // A sum of everything, split among threads (tnp-gpu-split-reductions):
  // float64 partials, so the float32 result is the exact sum's rounding.
  int64_t n = (int64_t(1) << 22) + 123;
  std::vector<float> values = uniform(n, -1, 1, 5);
  double total = 0;
  for (float v : values)
    total += v;
  auto dv = toDevice<float, 1>(values, {n});
  Memref<float, 0> sumAll;
  beginCall(kDevice);
  _mlir_ciface_total(&sumAll, &dv);
  check("sum of 2^22 + 123 (split among threads)", toHost(sumAll),
        std::vector<float>{float(total)}, 1e-6);
  // The first of two equal maxima, far apart, in different threads'
  // shares: the second reduction takes the smallest position.
  values[3000001] = values[77777] = 2;
  require(copy(kDevice, dv.aligned, values.data(), values.size() * 4),
          "copy to device");
  Memref<int64_t, 0> first;
  beginCall(kDevice);
  _mlir_ciface_argmax_all(&first, &dv);
  check("argmax of 2^22 + 123 (two split reductions)", toHost(first),
        std::vector<int64_t>{77777});
  release(dv.allocated);
}

/// The row-major product of a (m x k, or k x m when `transposed`) and b.
template <typename T>
std::vector<T> product(const std::vector<T> &a, const std::vector<T> &b,
                       int64_t m, int64_t k, int64_t n, bool transposed) {
  std::vector<T> out(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double s = 0;
      for (int64_t l = 0; l < k; ++l)
        s += double(transposed ? a[l * m + i] : a[i * k + l]) * b[l * n + j];
      out[i * n + j] = T(s);
    }
  return out;
}

using Float32Product = void (*)(Memref<float, 2> *, Memref<float, 2> *,
                                Memref<float, 2> *);

/// Checks `fn`'s product of random m x k and k x n float32 matrices.
void checkFloat32Product(Float32Product fn, const char *name, int64_t m,
                         int64_t k, int64_t n) {
  std::vector<float> a = uniform(m * k, -1, 1, 3), b = uniform(k * n, -1, 1, 4);
  auto da = toDevice<float, 2>(a, {m, k});
  auto db = toDevice<float, 2>(b, {k, n});
  Memref<float, 2> r;
  beginCall(kDevice);
  fn(&r, &da, &db);
  // float32 sums of k products (cuBLAS may add them in another order).
  check(name, toHost(r), product(a, b, m, k, n, false), 1e-5);
  release(da.allocated);
  release(db.allocated);
}

/// The cuBLAS products alone: float32, and float64 with a transposed
/// operand.
void testCublasProducts() {
  checkFloat32Product(_mlir_ciface_matmul,
                      "matmul 65x33 @ 33x47 (dot_general: cuBLAS)", 65, 33, 47);

  // a is 50 x 70, and a^T (70 x 50) reaches cuBLAS as a transposed view.
  std::vector<double> a64(50 * 70), b64(50 * 40);
  for (size_t i = 0; i < a64.size(); ++i)
    a64[i] = std::sin(double(i));
  for (size_t i = 0; i < b64.size(); ++i)
    b64[i] = std::cos(double(i));
  auto dA = toDevice<double, 2>(a64, {50, 70});
  auto dB = toDevice<double, 2>(b64, {50, 40});
  Memref<double, 2> r64;
  beginCall(kDevice);
  _mlir_ciface_matmul_t64(&r64, &dA, &dB);
  check("matmul a.T @ b float64 (cuBLAS, transposed operand)", toHost(r64),
        product(a64, b64, 70, 50, 40, true), 1e-13);
  release(dA.allocated);
  release(dB.allocated);
}

/// Expects `status` to have failed with a message holding `expected`.
void expectFailure(const char *name, const Status &status,
                   const std::string &expected) {
  if (!status.ok() && status.error.find(expected) != std::string::npos) {
    std::printf("ok %s (%s)\n", name, status.error.c_str());
    return;
  }
  ++failures;
  std::printf("FAIL %s: expected a failure naming '%s', got '%s'\n", name,
              expected.c_str(), status.error.c_str());
}

/// A queued copy's source, which its owner may drop at once, is held until
/// a wait for the stream has seen the copy run.
void testQueuedCopiesHoldTheirSources() {
  auto source = std::make_shared<std::vector<float>>(1000, 2.0f);
  std::weak_ptr<std::vector<float>> watch = source;
  Status status;
  void *block = allocate(kDevice, 4000, status);
  require(status, "allocate");
  require(enqueueCopy(kDevice, block, source->data(), 4000, source),
          "enqueueCopy");
  source.reset();
  bool held = !watch.expired();
  require(synchronize(kDevice), "synchronize");
  std::vector<float> back(1000);
  require(copy(kDevice, back.data(), block, 4000), "copy back");
  release(block);
  if (held && watch.expired() && back == std::vector<float>(1000, 2.0f)) {
    std::printf("ok a queued copy holds its source until a wait\n");
    return;
  }
  ++failures;
  std::printf("FAIL a queued copy's source: held %d, released after the "
              "wait %d\n",
              held, watch.expired());
}

/// The fake driver's tnpFakeGpuFailWaits, or null on a real driver.
void (*fakeFailWaits())(int) {
  void *driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  return driver ? reinterpret_cast<void (*)(int)>(
                      dlsym(driver, "tnpFakeGpuFailWaits"))
                : nullptr;
}

/// A trim whose wait fails (a kernel faulted) keeps the blocks it took
/// cached, rather than losing them; the next trim frees them.
void testTrimKeepsBlocksWhenItsWaitFails() {
  auto failWaits = fakeFailWaits();
  if (!failWaits) {
    std::printf("skipped a trim whose wait fails: not the fake driver\n");
    return;
  }
  require(trim(kDevice), "trim");
  Status status;
  release(allocate(kDevice, 3000, status));
  release(allocate(kDevice, size_t(3) << 20, status));
  require(status, "allocate");
  size_t cached = cachedBytes(kDevice);
  failWaits(1);
  expectFailure("a trim whose wait fails", trim(kDevice),
                "cuStreamSynchronize: CUDA_ERROR_LAUNCH_FAILED");
  size_t kept = cachedBytes(kDevice);
  require(trim(kDevice), "trim after the failure");
  if (cached == 4096 + (size_t(3) << 20) && kept == cached &&
      cachedBytes(kDevice) == 0) {
    std::printf("ok a trim whose wait fails keeps its blocks cached\n");
    return;
  }
  ++failures;
  std::printf("FAIL a trim whose wait fails: %zu bytes cached, %zu kept, "
              "%zu after the next trim\n",
              cached, kept, cachedBytes(kDevice));
}

/// What a call keeps when the driver fails it: the first failure, named by
/// the call and CUDA's error name, and nothing after it runs.
void testFailuresAreKept() {
  std::vector<float> x(1000, 1.0f);
  auto dx = toDevice<float, 1>(x, {1000});
  auto out = toDevice<float, 1>(x, {1000});
  beginCall(kDevice);
  _mlir_ciface_sigmoid(&dx, &out);
  expectFailure("a refused launch fails the call", endCall(),
                "cuLaunchKernel: CUDA_ERROR_NOT_SUPPORTED");
  release(dx.allocated);
  release(out.allocated);

  // A launch past 65535 blocks along y (which compiled code makes only
  // for a row of over 2^32 blocks) fails the call, named, before the
  // driver is called.
  beginCall(kDevice);
  mgpuLaunchKernel(nullptr, 2, 65537, 1, 256, 1, 1, 0, nullptr, nullptr,
                   nullptr, 0);
  expectFailure("a grid past 65535 blocks on y", endCall(),
                "at most 65535 blocks along y and z");

  Status status;
  void *block = allocate(kDevice, size_t(1) << 40, status);
  expectFailure("an allocation past the device's memory", status,
                "CUDA_ERROR_OUT_OF_MEMORY");
  if (block || !status.outOfMemory) {
    ++failures;
    std::printf("FAIL out of memory: not marked as such\n");
  }

  // A 4096 x 4096 result (64 MiB) on a device of 32 MiB: the product's
  // allocation fails, cuBLAS is not called, the call reports it.
  std::vector<float> column(4096, 1.0f);
  auto a = toDevice<float, 2>(column, {4096, 1});
  auto b = toDevice<float, 2>(column, {1, 4096});
  Memref<float, 2> r;
  beginCall(kDevice);
  _mlir_ciface_matmul(&r, &a, &b);
  expectFailure("a call whose result does not fit", endCall(),
                "CUDA_ERROR_OUT_OF_MEMORY");
  release(a.allocated);
  release(b.allocated);
}

void testMatmul() {
  testCublasProducts();
  checkFloat32Product(_mlir_ciface_matmul_loops,
                      "matmul 65x33 @ 33x47 (dot_general: generated loops)", 65,
                      33, 47);
  checkFloat32Product(_mlir_ciface_matmul_small,
                      "matmul 20x16 @ 16x30 (small: loops)", 20, 16, 30);
}

void testIndexing() {
  std::vector<float> x(30);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i);
  // Out-of-range positions clamp, as the CPU's gather does.
  std::vector<int64_t> i = {4, 0, 9, 12};
  std::vector<float> expected;
  for (int64_t p : i)
    for (int c = 0; c < 3; ++c)
      expected.push_back(x[std::min<int64_t>(p, 9) * 3 + c]);
  auto dx = toDevice<float, 2>(x, {10, 3});
  auto di = toDevice<int64_t, 2>(i, {4, 1});
  Memref<float, 2> r;
  beginCall(kDevice);
  _mlir_ciface_take(&r, &dx, &di);
  check("take rows (gather)", toHost(r), expected);
  release(dx.allocated);
  release(di.allocated);

  // Repeated positions accumulate; out-of-range ones are dropped.
  auto z = toDevice<float, 1>(std::vector<float>(5), {5});
  auto si = toDevice<int32_t, 2>(std::vector<int32_t>{1, 3, 1, 9, -1}, {5, 1});
  auto u = toDevice<float, 1>(std::vector<float>{1, 2, 3, 4, 5}, {5});
  Memref<float, 1> s;
  beginCall(kDevice);
  _mlir_ciface_scatter_add(&s, &z, &si, &u);
  check("scatter add (repeated positions)", toHost(s),
        std::vector<float>{0, 4, 0, 2, 0});
  release(z.allocated);
  release(si.allocated);
  release(u.allocated);

  // 2^20 updates racing for 1000 positions (and some out of range): the
  // last update of each position wins, as in the CPU's loop.
  int64_t updates = int64_t(1) << 20, positions = 1000;
  std::mt19937 rng(3);
  std::vector<int32_t> at(updates);
  std::vector<float> values(updates), last(positions, -1);
  for (int64_t k = 0; k < updates; ++k) {
    at[k] = int32_t(rng() % (positions + 10));
    values[k] = float(k);
    if (at[k] < positions)
      last[at[k]] = float(k);
  }
  auto dz = toDevice<float, 1>(std::vector<float>(positions, -1), {positions});
  auto dat = toDevice<int32_t, 2>(at, {updates, 1});
  auto dvalues = toDevice<float, 1>(values, {updates});
  Memref<float, 1> set;
  beginCall(kDevice);
  _mlir_ciface_scatter_set(&set, &dz, &dat, &dvalues);
  check("scatter set (last of 2^20 racing updates wins)", toHost(set), last);
  release(dz.allocated);
  release(dat.allocated);
  release(dvalues.allocated);
}

void testSorts() {
  // Rows of lengths that are no power of two, with ties, NaNs and zeros of
  // both signs: NumPy's stable order (NaNs last, -0.0 equal to 0.0).
  int64_t rows = 3, cols = 1000;
  std::vector<float> x(rows * cols);
  std::mt19937 rng(11);
  const float pool[] = {-INFINITY, -2, -0.0f, 0.0f, 0.5f, 3, INFINITY, NAN};
  for (float &v : x)
    v = pool[rng() % 8];
  auto before = [](float a, float b) {
    return a < b || (std::isnan(b) && !std::isnan(a));
  };
  std::vector<float> sorted(x.size());
  std::vector<int64_t> positions(x.size());
  for (int64_t r = 0; r < rows; ++r) {
    int64_t *p = positions.data() + r * cols;
    std::iota(p, p + cols, 0);
    const float *row = x.data() + r * cols;
    std::stable_sort(p, p + cols, [&](int64_t a, int64_t b) {
      return before(row[a], row[b]);
    });
    for (int64_t c = 0; c < cols; ++c)
      sorted[r * cols + c] = row[p[c]];
  }
  auto dx = toDevice<float, 2>(x, {rows, cols});
  SortedWithPositions r;
  beginCall(kDevice);
  _mlir_ciface_argsort_rows(&r, &dx);
  std::vector<float> gotSorted = toHost(r.sorted);
  check("argsort axis=1 (positions; sorting network)", toHost(r.positions),
        positions);
  check("sort axis=1 (values)", gotSorted, sorted);
  release(dx.allocated);

  // Columns of 2^12 + 3 integers, threads across the columns.
  int64_t n = (int64_t(1) << 12) + 3, columns = 5;
  std::vector<int32_t> y(n * columns), ySorted(y.size());
  for (int32_t &v : y)
    v = int32_t(rng() % 2001) - 1000;
  for (int64_t c = 0; c < columns; ++c) {
    std::vector<int32_t> column(n);
    for (int64_t i = 0; i < n; ++i)
      column[i] = y[i * columns + c];
    std::sort(column.begin(), column.end());
    for (int64_t i = 0; i < n; ++i)
      ySorted[i * columns + c] = column[i];
  }
  auto dy = toDevice<int32_t, 2>(y, {n, columns});
  Memref<int32_t, 2> s;
  beginCall(kDevice);
  _mlir_ciface_sort_columns(&s, &dy);
  check("sort axis=0 int32 (sorting network)", toHost(s), ySorted);
  release(dy.allocated);
}

void testRandomBits() {
  // Random123's Threefry-2x32-20 known answer for key (0, 0), as on the CPU
  // (test/passes/random-bits-kat.mlir).
  auto key = toDevice<uint32_t, 1>(std::vector<uint32_t>{0, 0}, {2});
  Memref<uint32_t, 1> r;
  beginCall(kDevice);
  _mlir_ciface_bits(&r, &key);
  check("random_bits (Threefry known answer)", toHost(r),
        std::vector<uint32_t>{1797259609u, 2579123966u, 1351547692u,
                              3235790642u});
  release(key.allocated);
}

void testLongRowsAndLoops() {
  // 2 rows of 2^24 + 300 elements: 65537 blocks of 256 per row.
  int64_t cols = (int64_t(1) << 24) + 300;
  std::vector<float> x(2 * cols), expected(2 * cols);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = float(i % 4099);
    expected[i] = 2 * x[i];
  }
  auto dx = toDevice<float, 2>(x, {2, cols});
  Memref<float, 2> r;
  beginCall(kDevice);
  _mlir_ciface_double_rows(&r, &dx);
  check("x + x of 2 rows of 2^24 + 300 (blocks on y and z)", toHost(r),
        expected);
  release(dx.allocated);

  // Ten ones double while their sum is under 1000: seven times.
  auto ones = toDevice<float, 1>(std::vector<float>(10, 1.0f), {10});
  Memref<float, 1> doubled;
  beginCall(kDevice);
  _mlir_ciface_double_until(&doubled, &ones);
  check("while_loop doubling until the sum reaches 1000", toHost(doubled),
        std::vector<float>(10, 128.0f));
  release(ones.allocated);

  // 1000 trips queued without a wait, and with one each, after a copy
  // queued from a host buffer its owner drops at once (as eager arrays
  // copy literals): one stream keeps them all in order, the runtime holds
  // the buffer, and nothing waits before the result is read.
  auto fives = std::make_shared<std::vector<float>>(1000, 5.0f);
  Status status;
  Memref<float, 1> start;
  start.allocated = start.aligned =
      static_cast<float *>(allocate(kDevice, 4000, status));
  require(status, "allocate");
  start.sizes[0] = 1000;
  start.strides[0] = 1;
  require(enqueueCopy(kDevice, start.aligned, fives->data(), 4000, fives),
          "enqueueCopy");
  fives.reset();
  for (auto [name, fn] : {std::pair{"fori_loop of 1000 trips adding ones",
                                    &_mlir_ciface_add_ones},
                          std::pair{"the same waiting each trip",
                                    &_mlir_ciface_add_ones_waiting}}) {
    Memref<float, 1> sum;
    beginCall(kDevice);
    fn(&sum, &start, 1000);
    check(name, toHost(sum), std::vector<float>(1000, 1005.0f));
  }
  release(start.allocated);
}

void testGradientAndBatch() {
  std::vector<float> x = uniform(1000, -2, 2, 5), grad(1000);
  double loss = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    double t = std::tanh(double(x[i]));
    loss += t;
    grad[i] = float(1 - t * t);
  }
  auto dx = toDevice<float, 1>(x, {1000});
  LossGrad r;
  beginCall(kDevice);
  _mlir_ciface_loss_grad(&r, &dx);
  std::vector<float> g = toHost(r.grad);
  std::vector<float> l = toHost(r.loss);
  check("grad of sum(tanh(x)) (tnp-autodiff)", g, grad, 1e-6);
  beginCall(kDevice);
  check("sum(tanh(x)) beside its gradient", l, std::vector<float>{float(loss)},
        1e-5);
  release(dx.allocated);

  std::vector<float> w = uniform(6, -1, 1, 6), xs = uniform(24, -1, 1, 7);
  std::vector<float> expected(16);
  for (int b = 0; b < 8; ++b)
    for (int j = 0; j < 2; ++j) {
      double s = 0;
      for (int i = 0; i < 3; ++i)
        s += double(xs[b * 3 + i]) * w[i * 2 + j];
      expected[b * 2 + j] = float(std::tanh(s));
    }
  auto dw = toDevice<float, 2>(w, {3, 2});
  auto dxs = toDevice<float, 2>(xs, {8, 3});
  Memref<float, 2> out;
  beginCall(kDevice);
  _mlir_ciface_layer_batched(&out, &dw, &dxs);
  check("vectorized_map of tanh(x . w) (tnp-batch)", toHost(out), expected,
        1e-6);
  release(dw.allocated);
  release(dxs.allocated);
}

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Ends a timed call once its work has run: calls return with it queued.
void finish(const char *what) {
  require(endCall(), what);
  require(synchronize(kDevice), what);
}

/// Median seconds of `runs` calls of `fn`, after one warm-up call.
template <typename Fn> double median(int runs, Fn fn) {
  fn();
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    double start = seconds();
    fn();
    times.push_back(seconds() - start);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

void bench() {
  const DeviceInfo &gpu = Driver::get().info(kDevice);
  std::printf("bench on %s (%s, %d SMs)\n", gpu.name.c_str(),
              gpu.chip().c_str(), gpu.multiprocessors);
  // The sum of everything reads what the copy reads, and writes nothing:
  // its share of the copy's read bandwidth is copy / (2 sum).
  std::printf("%-10s %12s %12s %14s %8s %12s %10s %8s\n", "elements",
              "sigmoid ms", "copy ms", "sigmoid GB/s", "vs copy", "4/thread ms",
              "sum ms", "vs copy");
  for (int log = 20; log <= 28; log += 2) {
    size_t n = size_t(1) << log;
    Status status;
    Memref<float, 1> x, out;
    x.allocated = x.aligned =
        static_cast<float *>(allocate(kDevice, n * 4, status));
    out.allocated = out.aligned =
        static_cast<float *>(allocate(kDevice, n * 4, status));
    require(status, "allocate");
    x.sizes[0] = out.sizes[0] = int64_t(n);
    x.strides[0] = out.strides[0] = 1;
    double sigmoid = median(20, [&] {
      beginCall(kDevice);
      _mlir_ciface_sigmoid(&x, &out);
      finish("sigmoid");
    });
    double copied = median(20, [&] {
      require(copy(kDevice, out.aligned, x.aligned, n * 4), "copy");
    });
    double fourPerThread = median(20, [&] {
      beginCall(kDevice);
      _mlir_ciface_sigmoid_four_per_thread(&x, &out);
      finish("sigmoid, four elements per thread");
    });
    double summed = median(20, [&] {
      Memref<float, 0> total;
      beginCall(kDevice);
      _mlir_ciface_total(&total, &x);
      finish("sum");
      release(total.allocated);
    });
    std::printf("2^%-8d %12.3f %12.3f %14.1f %8.2f %12.3f %10.3f %8.2f\n", log,
                sigmoid * 1e3, copied * 1e3, 2.0 * n * 4 / sigmoid / 1e9,
                copied / sigmoid, fourPerThread * 1e3, summed * 1e3,
                copied / (2 * summed));
    release(x.allocated);
    release(out.allocated);
    require(trim(kDevice), "trim");
  }

  int64_t size = 4096;
  std::vector<float> a = uniform(size * size, -1, 1, 8);
  auto da = toDevice<float, 2>(a, {size, size});
  // Seconds per product, or 0 when it fails (cuBLAS missing, say).
  auto timeProduct = [&](auto fn, const char *what) {
    Status failed;
    double seconds = median(5, [&] {
      Memref<float, 2> r;
      beginCall(kDevice);
      fn(&r, &da, &da);
      Status s = endCall();
      if (s.ok())
        s = synchronize(kDevice);
      if (!s.ok())
        failed = s;
      release(r.allocated);
    });
    if (!failed.ok()) {
      std::printf("matmul 4096^2 float32, %s: FAILED %s\n", what,
                  failed.error.c_str());
      return 0.0;
    }
    std::printf("matmul 4096^2 float32, %s: %.2f ms, %.1f GFLOP/s\n", what,
                seconds * 1e3, 2.0 * size * size * size / seconds / 1e9);
    return seconds;
  };
  double cublas = timeProduct(_mlir_ciface_matmul, "tnp (cuBLAS)");
  double loops = timeProduct(_mlir_ciface_matmul_loops, "generated loops");
  if (cublas > 0 && loops > 0)
    std::printf("generated loops / cuBLAS speed: %.3f\n", cublas / loops);
  release(da.allocated);

  auto one = toDevice<float, 1>(std::vector<float>{0.5f}, {1});
  auto tiny = toDevice<float, 1>(std::vector<float>{0}, {1});
  double call = median(1000, [&] {
    beginCall(kDevice);
    _mlir_ciface_sigmoid(&one, &tiny);
    finish("tiny sigmoid");
  });
  std::printf("tiny traced call (1 element, launch and wait): %.2f us\n",
              call * 1e6);
  // Back to back, calls queue their kernels: a call's cost to the host, or
  // the GPU's per kernel, whichever is more.
  constexpr int kCalls = 1000;
  double queued = median(5, [&] {
    for (int i = 0; i < kCalls; ++i) {
      beginCall(kDevice);
      _mlir_ciface_sigmoid(&one, &tiny);
      require(endCall(), "tiny sigmoid");
    }
    require(synchronize(kDevice), "tiny sigmoids");
  });
  std::printf("tiny traced calls, %d back to back: %.2f us each\n", kCalls,
              queued / kCalls * 1e6);
  release(one.allocated);
  release(tiny.allocated);

  // A traced loop of tiny trips, each trip's launch queued without a wait,
  // against the same loop waiting for the GPU each trip.
  auto ones = toDevice<float, 1>(std::vector<float>(1000, 1.0f), {1000});
  auto perTrip = [&](auto fn, const char *what) {
    constexpr int64_t kTrips = 1000;
    return median(5,
                  [&] {
                    Memref<float, 1> r;
                    beginCall(kDevice);
                    fn(&r, &ones, kTrips);
                    finish(what);
                    release(r.allocated);
                  }) /
           kTrips;
  };
  double queuedTrip = perTrip(_mlir_ciface_add_ones, "fori_loop");
  double waitingTrip = perTrip(_mlir_ciface_add_ones_waiting, "fori_loop");
  std::printf("fori_loop trip (1000 elements): %.2f us queued, %.2f us "
              "waiting each trip (%.2fx)\n",
              queuedTrip * 1e6, waitingTrip * 1e6, waitingTrip / queuedTrip);
  release(ones.allocated);

  // One row of 2^20: the network's 20 phases take 210 steps, a launch
  // each.
  int64_t length = int64_t(1) << 20;
  auto keys = toDevice<float, 2>(uniform(length, -1, 1, 9), {1, length});
  double sorted = median(5, [&] {
    SortedWithPositions r;
    beginCall(kDevice);
    _mlir_ciface_argsort_rows(&r, &keys);
    finish("argsort");
    release(r.sorted.allocated);
    release(r.positions.allocated);
  });
  std::printf("argsort of 2^20 float32 (sorting network): %.2f ms\n",
              sorted * 1e3);
  release(keys.allocated);
}

} // namespace

int main(int argc, char **argv) {
  Driver &driver = Driver::get();
  if (!driver.unavailable().empty()) {
    std::printf("skipped: no GPU (%s)\n", driver.unavailable().c_str());
    return 0;
  }
  const DeviceInfo &gpu = driver.info(kDevice);
  std::printf("GPU:0 %s, %s, %d SMs, %.1f GiB\n", gpu.name.c_str(),
              gpu.chip().c_str(), gpu.multiprocessors,
              double(gpu.totalBytes) / (1 << 30));
  if (argc > 1 && std::strcmp(argv[1], "--bench") == 0) {
    bench();
    return 0;
  }
  if (argc > 1 && std::strcmp(argv[1], "--host-only") == 0) {
    testCublasProducts();
    testQueuedCopiesHoldTheirSources();
    testTrimKeepsBlocksWhenItsWaitFails();
    testFailuresAreKept();
    std::printf("%s: %d failed\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
  }
  testSigmoid();
  testTanhExp();
  testReductions();
  testMatmul();
  testIndexing();
  testSorts();
  testRandomBits();
  testGradientAndBatch();
  testLongRowsAndLoops();
  std::printf("%s: %d failed\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
