//===- gpu.cpp - tnp's traced calls on GPU:0, against the copy and cuBLAS -===//
//
// The GPU benchmark through tnp's API, on GPU:0, each figure a median of
// calls that include the launch and the wait (block_until_ready: calls
// return with their kernels queued): the traced sigmoid of 2^20 ..
// 2^28 float32 beside a device-to-device copy of the same bytes (the
// bandwidth yardstick; target at 2^28: 0.8 of the copy's bandwidth), the
// traced product of two 4096^2 float32 matrices beside cuBLAS's gemm called
// directly on the same device buffers (target: 0.7), and a traced call on
// one element (target: under 10 us), also without its wait. Without a GPU it
// prints "skipped: no GPU" and succeeds. scripts/gpu-check runs it where tnp is
// built; an argument sets the product's size (the fake driver's host gemm takes
// a small one).
//
//===----------------------------------------------------------------------===//

#include "bench/Timing.h"

#include <tnp/dlpack.h>
#include <tnp/tnp.h>

#include "runtime/Matmul.h"
#include "runtime/cuda/Blas.h"
#include "runtime/cuda/DeviceRuntime.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace cuda = tnp::runtime::cuda;

namespace {

/// The device memory of `a`, an array on GPU:0 (its DLPack export).
void *deviceMemory(const tnp::ndarray &a) {
  DLManagedTensor *tensor = tnp::to_dlpack(a);
  void *data = tensor->dl_tensor.data;
  tensor->deleter(tensor);
  return data;
}

/// Throws DeviceError for a failed runtime status.
void require(const cuda::Status &status, const char *what) {
  if (!status.ok())
    throw tnp::DeviceError(std::string(what) + ": " + status.error);
}

/// The runtime's cuBLAS product (tnp_gpu_matmul_float32: three 3-d memrefs,
/// expanded) of row-major n x n matrices at a and b into out.
void cublasProduct(float *a, float *b, float *out, int64_t n) {
  static auto *product = [] {
    for (auto &[name, address] : cuda::gpuMatmulSymbols())
      if (name == std::string(tnp::runtime::kGpuMatmulPrefix) + "float32")
        return reinterpret_cast<cuda::GpuMatmul<float> *>(address);
    return static_cast<cuda::GpuMatmul<float> *>(nullptr);
  }();
  cuda::beginCall(0);
  product(a, a, 0, 1, n, n, n * n, n, 1, b, b, 0, 1, n, n, n * n, n, 1, out,
          out, 0, 1, n, n, n * n, n, 1);
  require(cuda::endCall(), "cuBLAS product");
  require(cuda::synchronize(0), "synchronize");
}

void sigmoidAgainstCopy() {
  auto sigmoid = tnp::trace(
      [](const tnp::ndarray &y) { return 1.0 / (1.0 + tnp::exp(-y)); });
  std::printf("%-8s %12s %12s %10s\n", "elements", "sigmoid ms", "copy ms",
              "vs copy");
  for (int log = 20; log <= 28; log += 2) {
    int64_t n = int64_t(1) << log;
    tnp::ndarray host = tnp::random::randn({n}).astype(tnp::float32);
    tnp::device_scope scope("GPU:0");
    tnp::ndarray x = tnp::copy(host), target = tnp::copy(host);
    void *from = deviceMemory(x), *to = deviceMemory(target);
    int reps = log <= 24 ? 20 : 7;
    double traced =
        bench::medianSeconds([&] { sigmoid(x).block_until_ready(); }, reps, 1);
    double copied = bench::medianSeconds(
        [&] { require(cuda::copy(0, to, from, n * 4), "copy"); }, reps, 1);
    std::printf("2^%-6d %12.3f %12.3f %10.2f\n", log, traced * 1e3,
                copied * 1e3, copied / traced);
  }
}

/// The product's size: 4096, or the program's argument.
int64_t productSize = 4096;

void productAgainstCublas() {
  int64_t n = productSize;
  auto product = tnp::trace([](const tnp::ndarray &a, const tnp::ndarray &b) {
    return tnp::matmul(a, b);
  });
  tnp::ndarray host = tnp::random::randn({n, n}).astype(tnp::float32);
  tnp::ndarray half = host * 0.5f;
  tnp::device_scope scope("GPU:0");
  tnp::ndarray a = tnp::copy(host), b = tnp::copy(half), out = tnp::copy(host);
  double traced =
      bench::medianSeconds([&] { product(a, b).block_until_ready(); }, 7, 1);
  auto *da = static_cast<float *>(deviceMemory(a));
  auto *db = static_cast<float *>(deviceMemory(b));
  auto *dout = static_cast<float *>(deviceMemory(out));
  double direct =
      bench::medianSeconds([&] { cublasProduct(da, db, dout, n); }, 7, 1);
  std::printf("matmul %lld^2 float32: traced %.3f ms, cuBLAS %.3f ms, "
              "%.2f of cuBLAS\n",
              static_cast<long long>(n), traced * 1e3, direct * 1e3,
              direct / traced);
}

void tinyCall() {
  auto tiny = tnp::trace([](const tnp::ndarray &v) { return v * 2.0f + 1.0f; });
  tnp::ndarray host = tnp::ones({1}, tnp::float32);
  tnp::device_scope scope("GPU:0");
  tnp::ndarray one = tnp::copy(host);
  std::printf(
      "tiny traced call (1 element, launch and wait): %.2f us\n",
      bench::medianSeconds([&] { tiny(one).block_until_ready(); }, 20, 100) *
          1e6);
  // Calls return with their kernel queued: back to back, the host's cost.
  std::printf("tiny traced call, queued (no wait): %.2f us\n",
              bench::medianSeconds([&] { tiny(one); }, 20, 100) * 1e6);
  one.block_until_ready();
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1)
    productSize = std::atoll(argv[1]);
  auto gpus = tnp::config::list_physical_devices("GPU");
  if (gpus.empty()) {
    std::printf("skipped: no GPU\n");
    return 0;
  }
  int failed = 0;
  for (auto [name, part] : {std::pair{"sigmoid", &sigmoidAgainstCopy},
                            std::pair{"matmul", &productAgainstCublas},
                            std::pair{"tiny call", &tinyCall}}) {
    try {
      part();
    } catch (const tnp::Error &e) {
      std::printf("FAILED %s: %s\n", name, e.what());
      ++failed;
    }
  }
  return failed ? 1 : 0;
}
