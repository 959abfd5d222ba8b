//===- compare.cpp - tnp's side of bench/compare.py -----------------------===//
//
// Reads workloads from stdin, one per line: `family case size` (as
// bench/compare.py lists them), and prints for each `family case size eager
// traced`: median seconds per call of tnp's eager op and of the same op
// traced (tnp::trace). The inputs are float32 (float64 for `f64` cases),
// seeded, built as compare.py builds them for NumPy, PyTorch and JAX. A
// first line `# products: ...` names the BLAS tnp's products call and its
// kernels (an OpenBLAS on the wrong kernels made them 5-8x slower once).
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"
#include "runtime/Matmul.h"

#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace {

using tnp::ndarray;
using Op = std::function<ndarray(const std::vector<ndarray> &)>;

struct Workload {
  std::vector<ndarray> inputs;
  Op op;
};

ndarray randn(const tnp::shape_t &shape, tnp::dtype dtype = tnp::float32) {
  return tnp::random::randn(shape).astype(dtype);
}

/// The workload `family`/`kase` at `n`; no inputs if unknown.
Workload workload(const std::string &family, const std::string &kase,
                  int64_t n) {
  tnp::random::seed(0);
  if (family == "matmul") {
    tnp::dtype t = kase == "f64" ? tnp::float64 : tnp::float32;
    return {
        {randn({n, n}, t), randn({n, n}, t)},
        [](const std::vector<ndarray> &x) { return tnp::matmul(x[0], x[1]); }};
  }
  if (family == "reduce" && kase == "sum")
    return {{randn({n, n})},
            [](const std::vector<ndarray> &x) { return tnp::sum(x[0]); }};
  if (family == "reduce" && kase == "argmax1")
    return {{randn({n, n})},
            [](const std::vector<ndarray> &x) { return tnp::argmax(x[0], 1); }};
  if (family == "transpose")
    return {{randn({n, n})},
            [](const std::vector<ndarray> &x) { return tnp::transpose(x[0]); }};
  if (family == "rows" && kase == "softmax")
    return {{randn({n, 1024})}, [](const std::vector<ndarray> &x) {
              ndarray e = tnp::exp(x[0] - tnp::max(x[0], 1, true));
              return e / tnp::sum(e, 1, true);
            }};
  if (family == "rows" && kase == "normalize")
    return {{randn({n, 1024})}, [](const std::vector<ndarray> &x) {
              return (x[0] - tnp::mean(x[0], 1, true)) /
                     tnp::std(x[0], 1, tnp::StdOptions{0, true});
            }};
  if (family == "elementwise")
    return {{randn({n}), randn({n}), randn({n})},
            [](const std::vector<ndarray> &x) { return x[0] * x[1] + x[2]; }};
  return {};
}

/// Calls per timed batch: about 20 ms of calls taking `seconds` each.
int innerFor(double seconds) {
  return std::max(1, std::min(10000, static_cast<int>(0.02 / seconds)));
}

double median(const std::function<void()> &fn) {
  auto start = std::chrono::steady_clock::now();
  fn();
  double once =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return bench::medianSeconds(fn, 7, innerFor(once));
}

} // namespace

int main() {
  std::printf("# products: %s\n", tnp::runtime::matmulBackend().c_str());
  std::string family, kase;
  int64_t n;
  while (std::cin >> family >> kase >> n) {
    Workload w = workload(family, kase, n);
    if (w.inputs.empty()) {
      std::fprintf(stderr, "tnp-bench-compare: unknown workload %s %s\n",
                   family.c_str(), kase.c_str());
      return 1;
    }
    auto traced = tnp::trace(w.op);
    double eager = median([&] { (void)w.op(w.inputs); });
    double compiled = median([&] { (void)traced(w.inputs); });
    std::printf("%s %s %lld %.9g %.9g\n", family.c_str(), kase.c_str(),
                static_cast<long long>(n), eager, compiled);
    std::fflush(stdout);
  }
  return 0;
}
