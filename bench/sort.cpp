//===- sort.cpp - sort, argsort and median against NumPy ------------------===//
//
// One run reports medians of tnp's sort of 2^20 float32 values, of the rows
// of a 4096 x 1024 float32 matrix, argsort of the 2^20 values, and median
// of both (eager and traced), next to NumPy's in one Python process this
// program starts (numpyPython(): set TNP_BENCH_PYTHON to a Python with
// pip's NumPy). The issue's target is one thread on both sides: run it as
// `taskset -c 0 tnp-bench-sort` (tnp's threads and OpenMP follow the
// affinity, and so does the NumPy child).
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"
#include "runtime/VectorSort.h"

#include <cstdio>
#include <functional>
#include <map>
#include <string>

namespace {

using bench::medianSeconds;

std::map<std::string, double> numpyTimes() {
  return bench::reportedNumpyTimes(R"PY(
rng = np.random.default_rng(7)
x = rng.standard_normal(2 ** 20).astype(np.float32)
m = rng.standard_normal((4096, 1024)).astype(np.float32)
print("sort_1d", median(lambda: np.sort(x), 11, 1))
print("sort_rows", median(lambda: np.sort(m, axis=1), 11, 1))
print("argsort_1d", median(lambda: np.argsort(x, kind="stable"), 11, 1))
print("median_1d", median(lambda: np.median(x), 11, 1))
print("median_rows", median(lambda: np.median(m, axis=1), 11, 1))
)PY");
}

} // namespace

int main() {
  std::map<std::string, double> numpy = numpyTimes();
  tnp::random::seed(7);
  tnp::ndarray x = tnp::random::randn({1 << 20}).astype(tnp::float32);
  tnp::ndarray m = tnp::random::randn({4096, 1024}).astype(tnp::float32);
  auto medianTraced =
      tnp::trace([](const tnp::ndarray &a) { return tnp::median(a, 1); });

  struct Row {
    const char *name, *numpyKey;
    std::function<void()> run;
  };
  Row rows[] = {
      {"sort 2^20 f32", "sort_1d", [&] { tnp::sort(x); }},
      {"sort rows 4096x1024 f32", "sort_rows", [&] { tnp::sort(m, 1); }},
      {"argsort 2^20 f32 (stable)", "argsort_1d", [&] { tnp::argsort(x); }},
      {"median 2^20 f32", "median_1d", [&] { tnp::median(x); }},
      {"median rows 4096x1024 f32", "median_rows", [&] { tnp::median(m, 1); }},
      {"median rows, traced", "median_rows", [&] { medianTraced(m); }},
  };
  std::printf("tnp's sort of float32 rows up to 2^14: %s\n",
              tnp::runtime::vectorSortsKeys(1024) ? "AVX-512 vector sort"
                                                  : "radix sort");
  std::printf("%-28s %10s %10s %10s\n", "workload", "tnp ms", "numpy ms",
              "numpy/tnp");
  for (const Row &row : rows) {
    double t = medianSeconds(row.run, 11, 1);
    double np = numpy[row.numpyKey];
    std::printf("%-28s %10.2f %10.2f %10.2f\n", row.name, t * 1e3, np * 1e3,
                np > 0 ? np / t : 0.0);
  }
  return 0;
}
