//===- Mlp.h - the tour's model, for the gradient benchmarks ----*- C++ -*-===//
//
// The seed's MLP (32 -> 64 ReLU -> 2, float32) and its squared loss, in tnp
// and as the NumPy lines that set up the same shapes for the reference.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_BENCH_MLP_H
#define TNP_BENCH_MLP_H

#include <tnp/tnp.h>

#include <cmath>
#include <string>
#include <vector>

namespace bench {

using Weights = std::vector<tnp::ndarray>;

/// The weights as the tour's Model makes them (seeded).
inline Weights mlpWeights() {
  tnp::random::seed(0);
  return {(tnp::random::randn({32, 64}) / std::sqrt(32.0)).astype(tnp::float32),
          tnp::random::randn({64}).astype(tnp::float32),
          (tnp::random::randn({64, 2}) / 8.0).astype(tnp::float32)};
}

/// The seed's compute_gradients: a GradientTape over the squared loss.
inline Weights mlpGradients(const Weights &w, const tnp::ndarray &inputs,
                            const tnp::ndarray &labels) {
  tnp::GradientTape tape;
  tape.watch(w);
  tnp::ndarray y = tnp::maximum(tnp::matmul(inputs, w[0]) + w[1], 0);
  tnp::ndarray loss = tnp::sum(tnp::square(tnp::matmul(y, w[2]) - labels));
  return tape.gradient(loss, w);
}

/// NumPy lines defining w1, b, w2, x and labels (float32) at `batch`.
inline std::string numpyMlp(int batch) {
  std::string n = std::to_string(batch);
  return "rng = np.random.default_rng(0)\n"
         "w1 = (rng.standard_normal((32, 64)) / "
         "np.sqrt(32)).astype(np.float32)\n"
         "b = rng.standard_normal(64).astype(np.float32)\n"
         "w2 = (rng.standard_normal((64, 2)) / 8).astype(np.float32)\n"
         "x = rng.standard_normal((" +
         n +
         ", 32)).astype(np.float32)\n"
         "labels = rng.standard_normal((" +
         n + ", 2)).astype(np.float32)\n";
}

} // namespace bench

#endif // TNP_BENCH_MLP_H
