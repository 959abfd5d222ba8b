//===- Random.cpp - reproducible random numbers ---------------------------===//
//
// Draw n after seed s uses Threefry key s XOR (n * 0x9E3779B97F4A7C15): a
// distinct key per draw, and within a draw tnp.random_bits' counters.
//
//===----------------------------------------------------------------------===//

#include <tnp/random.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/math.h>
#include <tnp/sorting.h>

#include "lib/Primitives.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>

using namespace tnp;
using namespace tnp::detail;

namespace {

struct State {
  std::mutex mutex;
  uint64_t seed = 0;
  uint64_t draws = 0;
};

State &state() {
  static State s;
  return s;
}

/// The key of the next draw, as a uint32[2] array.
ndarray nextKey() {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  uint64_t k = s.seed ^ (s.draws++ * 0x9E3779B97F4A7C15ull);
  std::vector<uint32_t> words = {static_cast<uint32_t>(k),
                                 static_cast<uint32_t>(k >> 32)};
  return asarray(words);
}

void checkSize(const shape_t &shape) {
  for (int64_t d : shape)
    if (d < 0)
      throw ValueError("negative dimensions are not allowed");
}

} // namespace

void tnp::random::seed(uint64_t value) {
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.seed = value;
  s.draws = 0;
}

ndarray tnp::random::rand(const shape_t &shape) {
  checkSize(shape);
  // The top 53 of 64 bits, scaled: every double in [0, 1) with spacing 2^-53.
  ndarray bits = prim::randomBits(nextKey(), shape, uint64);
  ndarray top = floor_divide(bits, asarray(2048, uint64));
  return top.astype(float64) * std::ldexp(1.0, -53);
}

ndarray tnp::random::randn(const shape_t &shape) {
  // Box-Muller: 1 - u is in (0, 1], so the log is finite.
  ndarray u1 = rand(shape), u2 = rand(shape);
  return sqrt(-2.0 * log(1.0 - u1)) * cos(2.0 * M_PI * u2);
}

ndarray tnp::random::random(const shape_t &size) { return rand(size); }

ndarray tnp::random::standard_normal(const shape_t &size) {
  return randn(size);
}

ndarray tnp::random::poisson(double lam, const shape_t &size) {
  checkSize(size);
  if (std::isnan(lam))
    throw ValueError("lam value is NaN");
  if (lam < 0)
    throw ValueError("lam < 0");
  if (lam == 0)
    return zeros(size, int64);
  // Inversion: the count of CDF values at most u, a uniform draw. The host
  // tabulates the CDF over lam +- 12 sqrt(lam) + 20, beyond which the
  // probability is far below the 2^-53 steps of u.
  double spread = 12 * std::sqrt(lam) + 20;
  int64_t first = static_cast<int64_t>(std::max(0.0, std::floor(lam - spread)));
  int64_t last = static_cast<int64_t>(std::ceil(lam + spread));
  if (last - first > (int64_t(1) << 22))
    throw NotImplementedError("tnp.random.poisson: lam above 1e10 (its "
                              "table of probabilities would not fit)");
  std::vector<double> cdf;
  double total = 0, carry = 0; // Kahan: 10^6 terms stay within an ulp
  for (int64_t k = first; k <= last; ++k) {
    double p = std::exp(k * std::log(lam) - lam - std::lgamma(k + 1.0));
    double y = p - carry, t = total + y;
    carry = (t - total) - y;
    total = t;
    cdf.push_back(std::min(total, 1.0));
  }
  cdf.back() = 1.0;
  return searchsorted(asarray(cdf), rand(size), "right") + first;
}

ndarray tnp::random::uniform(double low, double high, const shape_t &size) {
  return low + (high - low) * rand(size);
}

ndarray tnp::random::normal(double loc, double scale, const shape_t &size) {
  if (scale < 0)
    throw ValueError("scale < 0");
  return loc + scale * randn(size);
}

ndarray tnp::random::randint(int64_t low, int64_t high, const shape_t &size) {
  if (low >= high)
    throw ValueError("low >= high");
  checkSize(size);
  // Modulo the range: the bias is below 2^-64 * range, far under any test.
  uint64_t range = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  ndarray bits = prim::randomBits(nextKey(), size, uint64);
  return (bits % asarray(range, uint64)).astype(int64) + low;
}
