//===- autodiff.cpp - gradients: eager tape, traced, NumPy by hand --------===//
//
// The seed's compute_gradients: the squared loss of the tour's MLP (32 -> 64
// ReLU -> 2, float32) at batch 512 and its gradients with respect to the
// three weights. One run reports medians, side by side:
//   - eager tape: tnp::GradientTape recording eagerly (the derivative of the
//     record is compiled once, then reused);
//   - traced tape: tnp::trace(compute_gradients), the seed's tf.function;
//   - traced grad: tnp::trace(tnp::grad(loss));
//   - NumPy: the forward pass and a hand-written backward pass, in one
//     /usr/bin/python3 subprocess started by this program;
// then the first call of the traced grad (trace, which includes
// differentiating, compile, run) in a fresh process with an empty disk
// cache (cold) and a filled one.
// Usage: tnp-bench-autodiff.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "bench/Mlp.h"
#include "bench/Timing.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

namespace {

using bench::Weights;

tnp::ndarray loss(const Weights &w, const tnp::ndarray &inputs,
                  const tnp::ndarray &labels) {
  tnp::ndarray y = tnp::maximum(tnp::matmul(inputs, w[0]) + w[1], 0);
  tnp::ndarray prediction = tnp::matmul(y, w[2]);
  return tnp::sum(tnp::square(prediction - labels));
}

auto gradOfLoss() { return tnp::trace(tnp::grad(loss)); }

/// The child process of the first-call measurement.
int firstCall() {
  (void)(tnp::ones({1}) + 1);
  Weights w = bench::mlpWeights();
  tnp::ndarray inputs = tnp::random::randn({512, 32}).astype(tnp::float32);
  tnp::ndarray labels = tnp::random::randn({512, 2}).astype(tnp::float32);
  auto start = std::chrono::steady_clock::now();
  auto grad = gradOfLoss();
  (void)grad(w, inputs, labels);
  double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  tnp::compile_times t = grad.compile_time(w, inputs, labels);
  std::printf("%.6f %.6f %.6f %.6f %.6f\n", total, t.trace, t.to_linalg,
              t.to_llvm, t.codegen);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 2 && std::string(argv[1]) == "--first-call")
    return firstCall();

  std::map<std::string, double> numpy =
      bench::numpyTimes(bench::numpyMlp(512) + R"PY(
def gradients():
    h = x @ w1 + b
    r = np.maximum(h, 0)
    p = r @ w2
    d = 2 * (p - labels)
    dr = d @ w2.T
    dh = dr * (h > 0)
    return x.T @ dh, dh.sum(0), r.T @ d
print("gradients", median(gradients, 21, 50))
)PY");
  if (numpy.empty())
    std::cerr << "warning: no NumPy timings (is /usr/bin/python3 numpy?)\n";

  Weights w = bench::mlpWeights();
  tnp::ndarray inputs = tnp::random::randn({512, 32}).astype(tnp::float32);
  tnp::ndarray labels = tnp::random::randn({512, 2}).astype(tnp::float32);
  auto tracedTape = tnp::trace(bench::mlpGradients);
  auto tracedGrad = gradOfLoss();

  double eager = bench::medianSeconds(
      [&] { (void)bench::mlpGradients(w, inputs, labels); }, 21, 5);
  double tape = bench::medianSeconds(
      [&] { (void)tracedTape(w, inputs, labels); }, 21, 50);
  double grad = bench::medianSeconds(
      [&] { (void)tracedGrad(w, inputs, labels); }, 21, 50);
  double np = numpy["gradients"];
  std::printf("1. compute_gradients, MLP 32->64->2 float32, batch 512, median "
              "per call\n");
  std::printf("   %-34s %10.1f us\n", "eager tape", eager * 1e6);
  std::printf("   %-34s %10.1f us\n", "traced tape (tf.function)", tape * 1e6);
  std::printf("   %-34s %10.1f us\n", "traced grad (trace(grad(loss)))",
              grad * 1e6);
  std::printf("   %-34s %10.1f us\n", "NumPy forward + backward by hand",
              np * 1e6);
  std::printf("   eager tape / traced grad %.1fx; NumPy / traced grad %.2fx; "
              "NumPy / traced tape %.2fx\n\n",
              eager / grad, np / grad, np / tape);

  std::printf("2. first call of trace(grad(loss)) (trace, differentiate, "
              "compile, run), fresh process each\n");
  auto dir =
      std::filesystem::temp_directory_path() / "tnp-bench-autodiff-cache";
  std::filesystem::remove_all(dir);
  std::string command =
      "TNP_CACHE_DIR=" + dir.string() + " " + argv[0] + " --first-call";
  std::vector<bench::FirstCall> cold, warm;
  for (int i = 0; i < 5; ++i) {
    std::filesystem::remove_all(dir);
    cold.push_back(bench::runFirstCall(command));
  }
  for (int i = 0; i < 5; ++i)
    warm.push_back(bench::runFirstCall(command));
  std::sort(cold.begin(), cold.end());
  std::sort(warm.begin(), warm.end());
  bench::printFirstCall("cold (median of 5)", cold[2]);
  bench::printFirstCall("warm (median of 5)", warm[2]);
  std::filesystem::remove_all(dir);
  return 0;
}
