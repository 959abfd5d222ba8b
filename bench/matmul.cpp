//===- matmul.cpp - matrix products against NumPy -------------------------===//
//
// One run reports medians of tnp's matmul, eager and traced, for float32 and
// float64 squares from 16 to 2048, a batched product, transposed operands
// and the tour's layer shapes, next to NumPy's in one Python process this
// program starts (set TNP_BENCH_PYTHON to a Python with pip's NumPy, which
// links OpenBLAS; the line above the table names the BLAS it loaded). Run it
// as `taskset -c 0 tnp-bench-matmul` for one thread on both sides.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"
#include "runtime/Matmul.h"

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

using bench::medianSeconds;

struct Case {
  std::string name;
  tnp::shape_t lhs, rhs;
  bool transposeRhs;
  tnp::dtype dtype;
};

std::string shapeText(const tnp::shape_t &shape) {
  std::string text = "(";
  for (int64_t d : shape)
    text += std::to_string(d) + ",";
  return text + ")";
}

std::vector<Case> cases() {
  std::vector<Case> all;
  for (tnp::dtype t : {tnp::float32, tnp::float64})
    for (int64_t n : {16, 32, 64, 128, 256, 512, 1024, 2048}) {
      if (t == tnp::float64 && n == 2048)
        continue;
      all.push_back({std::to_string(n) + "^2 " + std::string(t.name()),
                     {n, n},
                     {n, n},
                     false,
                     t});
    }
  all.push_back(
      {"512^2 @ T float32", {512, 512}, {512, 512}, true, tnp::float32});
  all.push_back({"(64,128,128)^2 float32",
                 {64, 128, 128},
                 {64, 128, 128},
                 false,
                 tnp::float32});
  all.push_back({"(64,128,128)^2 float64",
                 {64, 128, 128},
                 {64, 128, 128},
                 false,
                 tnp::float64});
  all.push_back(
      {"tour 256x32 @ 32x64", {256, 32}, {32, 64}, false, tnp::float32});
  all.push_back(
      {"tour 256x64 @ 64x2", {256, 64}, {64, 2}, false, tnp::float32});
  return all;
}

/// Multiply-adds times two.
double flopsOf(const Case &c) {
  double batch = c.lhs.size() == 3 ? c.lhs[0] : 1;
  return 2.0 * batch * c.lhs[c.lhs.size() - 2] * c.lhs.back() * c.rhs.back();
}

/// Repetitions for about 0.2 s of a product with `flops` operations at a
/// few GFLOP/s.
int repsFor(double flops) {
  return std::max(1, std::min(1000, static_cast<int>(1e9 / (flops + 1e4))));
}

std::map<std::string, double> numpyTimes(const std::vector<Case> &all) {
  std::string script;
  for (size_t i = 0; i < all.size(); ++i) {
    const Case &c = all[i];
    std::string dtype = c.dtype == tnp::float32 ? "np.float32" : "np.float64";
    script += "a = np.random.default_rng(1).standard_normal(" +
              shapeText(c.lhs) + ").astype(" + dtype +
              ")\nb = np.random.default_rng(2).standard_normal(" +
              shapeText(c.rhs) + ").astype(" + dtype + ")\n";
    if (c.transposeRhs)
      script += "b = b.T\n";
    script += "print(\"c" + std::to_string(i) +
              "\", median(lambda: a @ b, 7, " +
              std::to_string(repsFor(flopsOf(c))) + "))\n";
  }
  return bench::reportedNumpyTimes(script);
}

} // namespace

int main() {
  std::vector<Case> all = cases();
  std::map<std::string, double> numpy = numpyTimes(all);
  std::printf("tnp's products: %s\n", tnp::runtime::matmulBackend().c_str());
  std::printf("%-24s %10s %10s %10s %9s %9s %9s\n", "matmul", "eager ms",
              "traced ms", "numpy ms", "np/eager", "np/traced", "GFLOP/s");
  auto product = tnp::trace([](const tnp::ndarray &a, const tnp::ndarray &b) {
    return tnp::matmul(a, b);
  });
  auto productT = tnp::trace([](const tnp::ndarray &a, const tnp::ndarray &b) {
    return tnp::matmul(a, b.T());
  });
  for (size_t i = 0; i < all.size(); ++i) {
    const Case &c = all[i];
    tnp::random::seed(1);
    tnp::ndarray a = tnp::random::randn(c.lhs).astype(c.dtype);
    tnp::ndarray b = tnp::random::randn(c.rhs).astype(c.dtype);
    double flops = flopsOf(c);
    int reps = repsFor(flops);
    double eager = medianSeconds(
        [&] { tnp::matmul(a, c.transposeRhs ? b.T() : b); }, 7, reps);
    double traced = medianSeconds(
        [&] { c.transposeRhs ? productT(a, b) : product(a, b); }, 7, reps);
    double np = numpy["c" + std::to_string(i)];
    std::printf("%-24s %10.4f %10.4f %10.4f %9.2f %9.2f %9.1f\n",
                c.name.c_str(), eager * 1e3, traced * 1e3, np * 1e3,
                np > 0 ? np / eager : 0.0, np > 0 ? np / traced : 0.0,
                flops / std::min(eager, traced) / 1e9);
  }
  return 0;
}
