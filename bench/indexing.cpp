//===- indexing.cpp - gather, slice and scatter against NumPy -------------===//
//
// One run reports, as medians in the same process (tnp) and one NumPy
// subprocess started by this program, the time of each index expression on a
// 2^20-element float32 array, the throughput of the result it writes, and
// NumPy's time over tnp's. A basic index that selects one contiguous run
// (x[1:-1], x[3]) is a view on both sides; tnp copies every other basic
// index (its arrays are contiguous), so NumPy's side copies those too
// (np.array(x[::2])). Indices are the permutation i * 7919 mod 2^20 on
// both sides, so both read the same scattered positions. Transposes copy
// on both sides (np.ascontiguousarray(m.T)), of the 1024 x 1024 view of
// the array and of a 4096 x 4096 float32 matrix (64 MiB, out of cache).
// Usage: tnp-bench-indexing. NumPy is $TNP_BENCH_PYTHON's, else
// /usr/bin/python3's.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Timing.h"

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

const char *kNumpy = R"PY(
n = 1 << 20
x = np.linspace(-4, 4, n).astype(np.float32)
perm = (np.arange(n) * 7919) % n
mask = perm % 2 == 0
m = x.reshape(1024, 1024)
cols = perm[:512] % 1024
v = np.ones(n, np.float32)
big = np.ones((4096, 4096), np.float32)
batch = x.reshape(16, 256, 256)
def at_set():
    y = x.copy(); y[perm] = v
def at_add():
    y = x.copy(); np.add.at(y, perm, v)
cases = {
    "slice_contiguous": lambda: x[1:-1],
    "slice_step2": lambda: np.array(x[::2]),
    "slice_reversed": lambda: np.array(x[::-1]),
    "rows_2d": lambda: np.array(m[100:900, 3]),
    "gather_permutation": lambda: x[perm],
    "gather_columns_2d": lambda: m[:, cols],
    "take": lambda: np.take(x, perm),
    "bool_mask": lambda: x[mask],
    "at_set": at_set,
    "at_add": at_add,
    "transpose_1024": lambda: np.ascontiguousarray(m.T),
    "transpose_4096": lambda: np.ascontiguousarray(big.T),
    "transpose_batched": lambda: np.ascontiguousarray(
        batch.transpose(0, 2, 1)),
}
for name, fn in cases.items():
    print(name, median(fn, 11, 5))
)PY";

struct Case {
  std::string name;
  std::function<tnp::ndarray()> run;
};

} // namespace

int main() {
  std::map<std::string, double> numpy = bench::reportedNumpyTimes(kNumpy);

  int64_t n = int64_t(1) << 20;
  tnp::ndarray x = tnp::linspace(-4, 4, n).astype(tnp::float32);
  tnp::ndarray perm = (tnp::arange(n) * 7919) % n;
  tnp::ndarray mask = perm % 2 == 0;
  tnp::ndarray m = x.reshape({1024, 1024});
  tnp::ndarray cols = perm(tnp::slice(512)) % 1024;
  tnp::ndarray v = tnp::ones({n}, tnp::float32);
  tnp::ndarray big = tnp::ones({4096, 4096}, tnp::float32);
  tnp::ndarray batch = x.reshape({16, 256, 256});
  using tnp::slice;
  auto all = tnp::none;
  std::vector<Case> cases = {
      {"slice_contiguous", [&] { return x(slice(1, -1)); }},
      {"slice_step2", [&] { return x(slice(all, all, 2)); }},
      {"slice_reversed", [&] { return x(slice(all, all, -1)); }},
      {"rows_2d", [&] { return m(slice(100, 900), 3); }},
      {"gather_permutation", [&] { return x(perm); }},
      {"gather_columns_2d", [&] { return m(slice(), cols); }},
      {"take", [&] { return tnp::take(x, perm); }},
      {"bool_mask", [&] { return x(mask); }},
      {"at_set", [&] { return x.at(perm).set(v); }},
      {"at_add", [&] { return x.at(perm).add(v); }},
      {"transpose_1024", [&] { return tnp::transpose(m); }},
      {"transpose_4096", [&] { return tnp::transpose(big); }},
      {"transpose_batched",
       [&] {
         return tnp::transpose(batch, {0, 2, 1});
       }},
  };

  std::printf("Indexing a 2^20-element float32 array (and transposing a "
              "4096 x 4096 one, and it as 16 x 256 x 256), median per "
              "call\n");
  std::printf("%-20s %12s %12s %12s %10s\n", "expression", "tnp us", "tnp GB/s",
              "numpy us", "numpy/tnp");
  for (const Case &c : cases) {
    int64_t bytes = 0;
    double t = bench::medianSeconds([&] { bytes = c.run().size() * 4; }, 11, 5);
    double np = numpy[c.name];
    std::printf("%-20s %12.1f %12.2f %12.1f %10.2f\n", c.name.c_str(), t * 1e6,
                bytes / t / 1e9, np * 1e6, np > 0 ? np / t : 0.0);
  }
  return 0;
}
