//===- reductions.cpp - reductions and argmax against NumPy ---------------===//
//
// One run reports medians of tnp's reductions of a 4096 x 4096 float32
// matrix (64 MiB: out of cache), eager and traced, next to NumPy's in one
// Python process this program starts (numpyPython(): set TNP_BENCH_PYTHON to
// a Python with pip's NumPy), and the copy roof: the time memcpy takes to
// read as many bytes as a reduction reads (half a 64 MiB copy, which reads
// and writes). Run it as `taskset -c 0 tnp-bench-reductions` for one thread
// on both sides (tnp's threads and OpenMP follow the affinity, and so does
// the NumPy child).
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"

#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace {

using bench::medianSeconds;

constexpr int64_t kSide = 4096;

std::map<std::string, double> numpyTimes() {
  return bench::reportedNumpyTimes(R"PY(
m = np.random.default_rng(7).standard_normal((4096, 4096)).astype(np.float32)
print("sum_all", median(lambda: m.sum(), 11, 1))
print("sum_rows", median(lambda: m.sum(axis=1), 11, 1))
print("sum_cols", median(lambda: m.sum(axis=0), 11, 1))
print("max_rows", median(lambda: m.max(axis=1), 11, 1))
print("mean_rows", median(lambda: m.mean(axis=1), 11, 1))
print("argmax_rows", median(lambda: m.argmax(axis=1), 11, 1))
print("argmax_cols", median(lambda: m.argmax(axis=0), 11, 1))
print("argmax_all", median(lambda: m.argmax(), 11, 1))
)PY");
}

} // namespace

int main() {
  std::map<std::string, double> numpy = numpyTimes();
  tnp::random::seed(7);
  tnp::ndarray m = tnp::random::randn({kSide, kSide}).astype(tnp::float32);

  std::vector<char> from(kSide * kSide * 4, 1), to(from.size());
  double roof =
      medianSeconds([&] { std::memcpy(to.data(), from.data(), from.size()); },
                    11, 1) /
      2;
  std::printf("copy roof (64 MiB read): %.2f ms\n", roof * 1e3);

  auto traced = [](auto fn) { return tnp::trace(fn); };
  auto sumAll = traced([](const tnp::ndarray &a) { return tnp::sum(a); });
  auto sumRows = traced([](const tnp::ndarray &a) { return tnp::sum(a, 1); });
  auto argmaxRows =
      traced([](const tnp::ndarray &a) { return tnp::argmax(a, 1); });

  struct Row {
    const char *name, *numpyKey;
    std::function<void()> run;
  };
  Row rows[] = {
      {"sum", "sum_all", [&] { tnp::sum(m); }},
      {"sum, traced", "sum_all", [&] { sumAll(m); }},
      {"sum axis 1", "sum_rows", [&] { tnp::sum(m, 1); }},
      {"sum axis 1, traced", "sum_rows", [&] { sumRows(m); }},
      {"sum axis 0", "sum_cols", [&] { tnp::sum(m, 0); }},
      {"max axis 1", "max_rows", [&] { tnp::max(m, 1); }},
      {"mean axis 1", "mean_rows", [&] { tnp::mean(m, 1); }},
      {"argmax axis 1", "argmax_rows", [&] { tnp::argmax(m, 1); }},
      {"argmax axis 1, traced", "argmax_rows", [&] { argmaxRows(m); }},
      {"argmax axis 0", "argmax_cols", [&] { tnp::argmax(m, 0); }},
      {"argmax", "argmax_all", [&] { tnp::argmax(m); }},
  };
  std::printf("%-24s %9s %9s %10s %9s\n", "4096x4096 f32", "tnp ms", "numpy ms",
              "numpy/tnp", "tnp/roof");
  for (const Row &row : rows) {
    double t = medianSeconds(row.run, 11, 1);
    double np = numpy[row.numpyKey];
    std::printf("%-24s %9.2f %9.2f %10.2f %9.2f\n", row.name, t * 1e3, np * 1e3,
                np > 0 ? np / t : 0.0, t / roof);
  }
  return 0;
}
