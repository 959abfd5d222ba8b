//===- Timing.h - medians of repeated calls, and NumPy's side ---*- C++ -*-===//
//
// The benchmarks time tnp in this process and NumPy in one Python process
// they start, both as medians over repetitions, so each ratio compares runs
// on the same machine at the same time.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_BENCH_TIMING_H
#define TNP_BENCH_TIMING_H

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace bench {

/// Median seconds per call of `fn`, over `reps` batches of `inner` calls
/// (after one call that compiles and warms up).
inline double medianSeconds(const std::function<void()> &fn, int reps,
                            int inner) {
  using Clock = std::chrono::steady_clock;
  std::vector<double> times;
  fn();
  for (int r = 0; r < reps; ++r) {
    auto start = Clock::now();
    for (int i = 0; i < inner; ++i)
      fn();
    times.push_back(
        std::chrono::duration<double>(Clock::now() - start).count() / inner);
  }
  std::nth_element(times.begin(), times.begin() + times.size() / 2,
                   times.end());
  return times[times.size() / 2];
}

/// The Python prelude a NumPy script starts with: `median(fn, reps, inner)`,
/// NumPy's counterpart of medianSeconds.
inline const char *numpyPrelude() {
  return R"PY(
import time, numpy as np
def median(fn, reps, inner):
    fn(); ts = []
    for _ in range(reps):
        t = time.perf_counter()
        for _ in range(inner): fn()
        ts.append((time.perf_counter() - t) / inner)
    ts.sort(); return ts[len(ts) // 2]
)PY";
}

/// The Python whose NumPy the benchmarks compare with: $TNP_BENCH_PYTHON
/// (e.g. a virtual environment with pip's NumPy, which links OpenBLAS and
/// NumPy 2's SIMD sorts), else /usr/bin/python3 (Debian's NumPy, reference
/// BLAS).
inline std::string numpyPython() {
  const char *python = std::getenv("TNP_BENCH_PYTHON");
  return python && *python ? python : "/usr/bin/python3";
}

/// Runs numpyPrelude() + `script` (no single quotes) with numpyPython();
/// its output lines "name seconds" become the map. Empty if Python fails.
inline std::map<std::string, double> numpyTimes(const std::string &script) {
  std::string command =
      numpyPython() + " -c '" + std::string(numpyPrelude()) + script + "'";
  std::map<std::string, double> times;
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe)
    return times;
  char name[64];
  double seconds;
  while (fscanf(pipe, "%63s %lf", name, &seconds) == 2)
    times[name] = seconds;
  pclose(pipe);
  return times;
}

/// numpyTimes(script), after a line naming where the timings come from:
/// NumPy's version, its Python and the BLAS it loaded (threadpoolctl's
/// report, when that is installed); warns if there are none.
inline std::map<std::string, double>
reportedNumpyTimes(const std::string &script) {
  std::map<std::string, double> times = numpyTimes(script);
  if (times.empty())
    std::fprintf(stderr, "warning: no NumPy timings from %s\n",
                 numpyPython().c_str());
  std::string report = numpyPython() + " -c '" + R"PY(
import sys, numpy as np
try:
    from threadpoolctl import threadpool_info
    blas = ", ".join("%s %s" % (i["internal_api"], i.get("version"))
                     for i in threadpool_info() if i["user_api"] == "blas")
except ImportError:
    blas = "unknown (no threadpoolctl)"
print("NumPy %s from %s, BLAS: %s" % (np.__version__, sys.executable,
                                      blas or "none loaded"))
)PY" + "'";
  std::fflush(stdout);
  if (std::system(report.c_str()) != 0)
    std::printf("NumPy: none found at %s\n", numpyPython().c_str());
  return times;
}

/// A first call's seconds, measured in a child process: in all, and
/// tracing, to linalg, to the LLVM dialect, code generation (or loading
/// from the disk cache).
struct FirstCall {
  double total = -1, trace = 0, toLinalg = 0, toLLVM = 0, codegen = 0;
  bool operator<(const FirstCall &o) const { return total < o.total; }
};

/// Runs `command`, which prints a FirstCall's five numbers.
inline FirstCall runFirstCall(const std::string &command) {
  FILE *pipe = popen(command.c_str(), "r");
  FirstCall c;
  if (pipe) {
    if (fscanf(pipe, "%lf %lf %lf %lf %lf", &c.total, &c.trace, &c.toLinalg,
               &c.toLLVM, &c.codegen) != 5)
      c.total = -1;
    pclose(pipe);
  }
  return c;
}

inline void printFirstCall(const char *what, const FirstCall &c) {
  std::printf("     %-26s %6.1f ms  (trace %.1f, to linalg %.1f, to llvm "
              "%.1f, codegen %.1f)\n",
              what, c.total * 1e3, c.trace * 1e3, c.toLinalg * 1e3,
              c.toLLVM * 1e3, c.codegen * 1e3);
}

} // namespace bench

#endif // TNP_BENCH_TIMING_H
