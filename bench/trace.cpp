//===- trace.cpp - traced functions against eager tnp and NumPy -----------===//
//
// One run reports, as medians in the same process (tnp) and one NumPy
// subprocess started by this program:
//   1. sigmoid 1/(1+exp(-x)) on float32 at sizes 2^0 .. 2^20: NumPy, eager
//      tnp and traced tnp; the traced call at 2^0 against NumPy's cost of
//      one tiny op; at 2^20 the memory-bandwidth roof (bytes in and out over
//      this machine's measured copy bandwidth);
//   2. the first call of a traced function (trace, compile, run) for the
//      sigmoid and for the tour's model predict, with an empty (cold) and a
//      filled (warm) disk cache, each in a fresh process.
// Usage: tnp-bench-trace. NumPy is /usr/bin/python3's.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

tnp::ndarray sigmoid(const tnp::ndarray &x) { return 1 / (1 + tnp::exp(-x)); }

/// The tour's model: dense ReLU layer and a linear projection, weights
/// captured.
struct Predict {
  tnp::ndarray w1 = tnp::random::randn({32, 64}).astype(tnp::float32);
  tnp::ndarray bias = tnp::random::randn({64}).astype(tnp::float32);
  tnp::ndarray w2 = tnp::random::randn({64, 2}).astype(tnp::float32);
  tnp::ndarray operator()(const tnp::ndarray &inputs) const {
    tnp::ndarray y = tnp::maximum(tnp::matmul(inputs, w1) + bias, 0);
    return tnp::matmul(y, w2);
  }
};

/// Copy bandwidth in bytes per second (read + write), memcpy of 64 MiB.
double copyBandwidth() {
  size_t bytes = size_t(64) << 20;
  std::vector<char> a(bytes, 1), b(bytes, 0);
  double t = bench::medianSeconds(
      [&] { std::memcpy(b.data(), a.data(), bytes); }, 7, 1);
  return 2.0 * bytes / t;
}

/// The child process of part 2: seconds of the first traced call.
int firstCall(const std::string &which) {
  // The session starts (as in any program) before the clock does.
  (void)(tnp::ones({1}) + 1);
  Predict predict;
  tnp::ndarray x = tnp::ones({1 << 10}, tnp::float32);
  tnp::ndarray inputs = tnp::ones({2, 32}, tnp::float32);
  auto start = Clock::now();
  tnp::compile_times t;
  if (which == "sigmoid") {
    auto f = tnp::trace(sigmoid);
    (void)f(x);
    t = f.compile_time(x);
  } else {
    auto f = tnp::trace(predict);
    (void)f(inputs);
    t = f.compile_time(inputs);
  }
  double total = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("%.6f %.6f %.6f %.6f %.6f\n", total, t.trace, t.to_linalg,
              t.to_llvm, t.codegen);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 3 && std::string(argv[1]) == "--first-call")
    return firstCall(argv[2]);

  std::map<std::string, double> numpy = bench::numpyTimes(R"PY(
a = np.ones(1, np.float32); b = np.ones(1, np.float32)
print("tiny_add", median(lambda: a + b, 21, 2000))
for k in range(0, 21):
    x = np.linspace(-4, 4, 2 ** k).astype(np.float32)
    inner = max(1, 2000 >> (k // 2))
    print("sigmoid_%d" % k, median(lambda: 1 / (1 + np.exp(-x)), 11, inner))
)PY");
  if (numpy.empty())
    std::cerr << "warning: no NumPy timings (is /usr/bin/python3 numpy?)\n";

  auto traced = tnp::trace(sigmoid);
  std::printf("1. sigmoid 1/(1+exp(-x)), float32, median per call\n");
  std::printf("   %8s %12s %12s %12s %10s %10s\n", "size", "numpy us",
              "eager us", "traced us", "np/traced", "eager/tr");
  double last = 0;
  for (int k = 0; k <= 20; ++k) {
    int64_t n = int64_t(1) << k;
    tnp::ndarray x = tnp::linspace(-4, 4, n).astype(tnp::float32);
    int inner = std::max(1, 2000 >> (k / 2));
    double eager = bench::medianSeconds([&] { (void)sigmoid(x); }, 11, inner);
    double t = bench::medianSeconds([&] { (void)traced(x); }, 11, inner);
    double np = numpy["sigmoid_" + std::to_string(k)];
    std::printf("   %8lld %12.2f %12.2f %12.2f %10.2f %10.2f\n", (long long)n,
                np * 1e6, eager * 1e6, t * 1e6, np > 0 ? np / t : 0.0,
                eager / t);
    last = t;
  }
  tnp::ndarray one = tnp::ones({1}, tnp::float32);
  double call = bench::medianSeconds([&] { (void)traced(one); }, 21, 2000);
  std::printf("   call of the traced sigmoid at 2^0: %.0f ns; NumPy's "
              "per-op cost (1-element add): %.0f ns\n",
              call * 1e9, numpy["tiny_add"] * 1e9);
  double bandwidth = copyBandwidth();
  double roof = 2.0 * 4 * (1 << 20) / bandwidth;
  std::printf("   2^20 roof: 8 MiB in+out at %.1f GB/s copy bandwidth = "
              "%.1f us; traced/roof %.2f\n\n",
              bandwidth / 1e9, roof * 1e6, last / roof);

  std::printf("2. first call of a traced function (trace + compile + run), "
              "fresh process each\n");
  auto dir = std::filesystem::temp_directory_path() / "tnp-bench-trace-cache";
  for (const char *which : {"sigmoid", "predict"}) {
    std::filesystem::remove_all(dir);
    std::string command = "TNP_CACHE_DIR=" + dir.string() + " " + argv[0] +
                          " --first-call " + which;
    bench::FirstCall cold = bench::runFirstCall(command);
    std::vector<bench::FirstCall> warm;
    for (int i = 0; i < 5; ++i)
      warm.push_back(bench::runFirstCall(command));
    std::sort(warm.begin(), warm.end());
    std::printf("   %s\n", which);
    bench::printFirstCall("cold (empty disk cache)", cold);
    bench::printFirstCall("warm (median of 5)", warm[2]);
  }
  std::filesystem::remove_all(dir);
  return 0;
}
