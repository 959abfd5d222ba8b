//===- interop.cpp - memory in and out: tnp against NumPy -----------------===//
//
// Usage: tnp-bench-interop. A 2^24-element float32 array (64 MiB) wrapped
// in place (tnp::from_buffer / np.frombuffer), copied in (misaligned memory /
// np.array), and saved and loaded as .npy (tnp::save, tnp::load / np.save,
// np.load), medians, tnp against NumPy (/usr/bin/python3's) in one run.
//
//===----------------------------------------------------------------------===//

#include "Timing.h"

#include <tnp/tnp.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

int main() {
  constexpr int64_t n = int64_t(1) << 24;
  std::string path =
      (std::filesystem::temp_directory_path() / "tnp-bench-interop.npy")
          .string();
  std::map<std::string, double> numpy = bench::numpyTimes(R"PY(
a = np.arange(1 << 24, dtype=np.float32) % 1000
raw = a.tobytes()
print("wrap", median(lambda: np.frombuffer(raw, np.float32), 21, 10))
print("copy", median(lambda: np.array(a), 11, 1))
print("save", median(lambda: np.save(")PY" + path + R"PY(", a), 7, 1))
print("load", median(lambda: np.load(")PY" + path + R"PY("), 7, 1))
)PY");
  if (numpy.empty())
    std::fprintf(stderr, "warning: no NumPy timings (is /usr/bin/python3 "
                         "numpy?)\n");
  // Start tnp as a program does (its allocator settings come with it).
  (void)tnp::sum(tnp::ones({2}));
  float *memory = static_cast<float *>(
      std::aligned_alloc(tnp::buffer_alignment, (n + 16) * sizeof(float)));
  for (int64_t i = 0; i < n + 16; ++i)
    memory[i] = float(i % 1000);
  tnp::ndarray a = tnp::from_buffer(memory, {n}, tnp::float32);
  std::map<std::string, double> tnp = {
      {"wrap",
       bench::medianSeconds(
           [&] { tnp::from_buffer(memory, {n}, tnp::float32); }, 21, 10)},
      {"copy",
       bench::medianSeconds(
           [&] { tnp::from_buffer(memory + 1, {n}, tnp::float32); }, 11, 1)},
      {"save", bench::medianSeconds([&] { tnp::save(path, a); }, 7, 1)},
      {"load", bench::medianSeconds([&] { tnp::load(path); }, 7, 1)},
  };
  std::printf("2^24 float32 (64 MiB), medians\n");
  for (const char *what : {"wrap", "copy", "save", "load"})
    std::printf("  %-5s tnp %9.3f ms   numpy %9.3f ms   tnp/numpy %.2f\n", what,
                tnp[what] * 1e3, numpy[what] * 1e3,
                numpy[what] > 0 ? tnp[what] / numpy[what] : 0.0);
  std::filesystem::remove(path);
  std::free(memory);
  return 0;
}
