//===- eager.cpp - eager tnp against NumPy, side by side ------------------===//
//
// One run reports, each as a median over repetitions, in the same process
// (tnp) and one NumPy subprocess started by this program:
//   1. the cost of one tiny eager op (a 1-element add), tnp vs NumPy;
//   2. sigmoid 1/(1+exp(-x)) on float32 at sizes 2^0 .. 2^20, eager tnp vs
//      NumPy;
//   3. the wall time of examples/tour with an empty (cold) and a filled
//      (warm) disk cache;
//   4. a new process's first eager results (an add, then a sum) with an
//      empty disk cache of its own, so from the installed kernels
//      (docs/runtime.md), and with a filled one; NumPy's import and first
//      add beside it.
// Usage: tnp-bench-eager [path/to/tour]. NumPy is bench::numpyPython()'s.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using bench::medianSeconds;

/// NumPy's side, in one Python process; lines "name seconds".
std::map<std::string, double> numpyTimes() {
  return bench::numpyTimes(R"PY(
a = np.ones(1, np.float32); b = np.ones(1, np.float32)
print("tiny_add", median(lambda: a + b, 21, 2000))
print("tiny_literal", median(lambda: a * 2, 21, 2000))
for k in range(0, 21, 2):
    x = np.linspace(-4, 4, 2 ** k).astype(np.float32)
    inner = max(1, 2000 >> (k // 2))
    print("sigmoid_%d" % k, median(lambda: 1 / (1 + np.exp(-x)), 11, inner))
)PY");
}

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double wallSeconds(const std::string &command) {
  auto start = Clock::now();
  int rc = std::system(command.c_str());
  double t = secondsSince(start);
  return rc == 0 ? t : -1;
}

/// The child of part 4: prints the seconds from main to an eager add's
/// result (the session starts in it) and then to a sum's.
int firstEager() {
  auto start = Clock::now();
  tnp::ndarray x = tnp::ones({1000}, tnp::float32);
  tnp::ndarray y = x + x;
  double add = secondsSince(start);
  start = Clock::now();
  double total = tnp::sum(y).item<double>();
  std::printf("%.6f %.6f\n", add, secondsSince(start));
  return total == 2000 ? 0 : 1;
}

/// Medians of `runs` runs of `command`, which prints two numbers, and of
/// its wall times; `before` runs ahead of each.
std::array<double, 3> medianFirstEager(const std::string &command,
                                       const std::function<void()> &before) {
  std::vector<double> add, sum, wall;
  for (int i = 0; i < 5; ++i) {
    before();
    auto start = Clock::now();
    FILE *pipe = popen(command.c_str(), "r");
    double a = -1, s = -1;
    if (pipe) {
      if (fscanf(pipe, "%lf %lf", &a, &s) != 2)
        a = s = -1;
      pclose(pipe);
    }
    wall.push_back(secondsSince(start));
    add.push_back(a);
    sum.push_back(s);
  }
  for (auto *v : {&add, &sum, &wall})
    std::sort(v->begin(), v->end());
  return {add[2], sum[2], wall[2]};
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && std::string(argv[1]) == "--first-eager")
    return firstEager();
  std::map<std::string, double> numpy = numpyTimes();
  if (numpy.empty())
    std::cerr << "warning: no NumPy timings (is /usr/bin/python3 numpy?)\n";

  tnp::ndarray a = tnp::ones({1}, tnp::float32),
               b = tnp::ones({1}, tnp::float32);
  double tiny = medianSeconds([&] { tnp::ndarray c = a + b; }, 21, 2000);
  std::printf("1. tiny eager op (1-element float32 add), median per op\n");
  std::printf("   tnp %8.0f ns   numpy %8.0f ns   tnp/numpy %.2f\n\n",
              tiny * 1e9, numpy["tiny_add"] * 1e9,
              numpy["tiny_add"] > 0 ? tiny / numpy["tiny_add"] : 0.0);

  // A C++ literal promotes by the mode (numpy: by its value) first.
  double literal = medianSeconds([&] { tnp::ndarray c = a * 2; }, 21, 2000);
  std::printf("   with a literal (a * 2): tnp %8.0f ns   numpy %8.0f ns   "
              "tnp/numpy %.2f\n\n",
              literal * 1e9, numpy["tiny_literal"] * 1e9,
              numpy["tiny_literal"] > 0 ? literal / numpy["tiny_literal"]
                                        : 0.0);

  std::printf("2. sigmoid 1/(1+exp(-x)), float32, eager, median per call\n");
  std::printf("   %10s %12s %12s %10s\n", "size", "tnp us", "numpy us",
              "numpy/tnp");
  for (int k = 0; k <= 20; k += 2) {
    int64_t n = int64_t(1) << k;
    tnp::ndarray x = tnp::linspace(-4, 4, n).astype(tnp::float32);
    int inner = std::max(1, 2000 >> (k / 2));
    double t = medianSeconds([&] { tnp::ndarray y = 1 / (1 + tnp::exp(-x)); },
                             11, inner);
    double np = numpy["sigmoid_" + std::to_string(k)];
    std::printf("   %10lld %12.2f %12.2f %10.2f\n", (long long)n, t * 1e6,
                np * 1e6, np > 0 ? np / t : 0.0);
  }

  if (argc > 1) {
    std::string tour = argv[1];
    auto dir = std::filesystem::temp_directory_path() / "tnp-bench-cache";
    std::filesystem::remove_all(dir);
    std::string env = "TNP_CACHE_DIR=" + dir.string() + " ";
    double cold = wallSeconds(env + tour + " > /dev/null");
    std::vector<double> warm;
    for (int i = 0; i < 5; ++i)
      warm.push_back(wallSeconds(env + tour + " > /dev/null"));
    std::sort(warm.begin(), warm.end());
    std::printf("\n3. examples/tour wall time\n");
    std::printf(
        "   cold (empty disk cache) %.3f s   warm (median of 5) %.3f s\n", cold,
        warm[2]);
    std::filesystem::remove_all(dir);
  }

  auto dir = std::filesystem::temp_directory_path() / "tnp-bench-first-eager";
  std::string child =
      "TNP_CACHE_DIR=" + dir.string() + " " + argv[0] + " --first-eager";
  auto cold =
      medianFirstEager(child, [&] { std::filesystem::remove_all(dir); });
  auto warm = medianFirstEager(child, [] {});
  std::filesystem::remove_all(dir);
  auto np =
      medianFirstEager(bench::numpyPython() +
                           " -c 'import time; t = time.perf_counter(); "
                           "import numpy as np; x = np.ones(1000, np.float32); "
                           "y = x + x; a = time.perf_counter() - t; "
                           "t = time.perf_counter(); y.sum(); "
                           "print(a, time.perf_counter() - t)'",
                       [] {});
  std::printf("\n4. a new process's first eager add (from main; NumPy: from "
              "its import) and sum, and the process's wall time, median of "
              "5\n");
  std::printf("   %-30s %8s %8s %8s\n", "", "add ms", "sum ms", "wall ms");
  auto row = [](const char *what, const std::array<double, 3> &t) {
    std::printf("   %-30s %8.1f %8.2f %8.1f\n", what, t[0] * 1e3, t[1] * 1e3,
                t[2] * 1e3);
  };
  row("tnp, empty disk cache", cold);
  row("tnp, filled disk cache", warm);
  row("NumPy", np);
  return 0;
}
