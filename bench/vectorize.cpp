//===- vectorize.cpp - per-example gradients: map_fn, vectorized_map, NumPy
//===//
//
// The seed's vectorization section: per-example gradients of the tour's MLP
// (32 -> 64 ReLU -> 2, float32, squared loss, the seed's compute_gradients
// with a GradientTape) at batch 128, medians in one run:
//   - map_fn eagerly: one example at a time, each an eager GradientTape;
//   - map_fn traced: one example at a time in a compiled loop (tf.function
//     of tf.map_fn, as the seed times it);
//   - vectorized_map: the batched function (tf.function of
//     tf.vectorized_map);
//   - NumPy: the forward pass and the per-example backward pass written by
//     hand with einsum, in one /usr/bin/python3 subprocess.
// Usage: tnp-bench-vectorize.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Mlp.h"
#include "bench/Timing.h"

#include <cstdio>
#include <iostream>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using Example = std::pair<tnp::ndarray, tnp::ndarray>;

} // namespace

int main() {
  std::map<std::string, double> numpy =
      bench::numpyTimes(bench::numpyMlp(128) + R"PY(
def per_example():
    h = x @ w1 + b
    r = np.maximum(h, 0)
    d = 2 * (r @ w2 - labels)
    dh = (d @ w2.T) * (h > 0)
    return np.einsum("bi,bj->bij", x, dh), dh, np.einsum("bi,bj->bij", r, d)
print("per_example", median(per_example, 21, 20))
)PY");
  if (numpy.empty())
    std::cerr << "warning: no NumPy timings (is /usr/bin/python3 numpy?)\n";

  bench::Weights w = bench::mlpWeights();
  tnp::ndarray inputs = tnp::random::randn({128, 32}).astype(tnp::float32);
  tnp::ndarray labels = tnp::random::randn({128, 2}).astype(tnp::float32);
  auto single = [&](const Example &e) {
    return bench::mlpGradients(w, tnp::expand_dims(e.first, 0),
                               tnp::expand_dims(e.second, 0));
  };
  auto vectorized =
      tnp::trace([&](const tnp::ndarray &x, const tnp::ndarray &y) {
        return tnp::vectorized_map(single, Example(x, y));
      });
  auto unvectorized =
      tnp::trace([&](const tnp::ndarray &x, const tnp::ndarray &y) {
        return tnp::map_fn(single, Example(x, y));
      });
  double v =
      bench::medianSeconds([&] { (void)vectorized(inputs, labels); }, 21, 20);
  double m =
      bench::medianSeconds([&] { (void)unvectorized(inputs, labels); }, 11, 2);
  double eager = bench::medianSeconds(
      [&] { (void)tnp::map_fn(single, Example(inputs, labels)); }, 5, 1);
  double np = numpy["per_example"];
  std::printf("per-example gradients, MLP 32->64->2 float32, batch 128, median "
              "per call\n");
  std::printf("   %-34s %10.1f us\n", "map_fn eagerly (C++ loop)", eager * 1e6);
  std::printf("   %-34s %10.1f us\n", "map_fn traced (compiled loop)", m * 1e6);
  std::printf("   %-34s %10.1f us\n", "vectorized_map (compiled)", v * 1e6);
  std::printf("   %-34s %10.1f us\n", "NumPy, einsum by hand", np * 1e6);
  std::printf("   eager map_fn / vectorized_map %.0fx; traced map_fn / "
              "vectorized_map %.1fx; NumPy / vectorized_map %.2fx\n",
              eager / v, m / v, np / v);
  return 0;
}
