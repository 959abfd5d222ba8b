//===- random.h - reproducible random numbers -------------------*- C++ -*-===//
//
// np.random's global-state functions on a counter-based generator
// (Threefry-2x32, the tnp.random_bits primitive): a seed fixes every later
// draw, on every run and machine. The streams differ from NumPy's Mersenne
// Twister; the distributions are the same.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RANDOM_H
#define TNP_RANDOM_H

#include <tnp/ndarray.h>

#include <cstdint>

namespace tnp::random {

/// np.random.seed: restarts the stream (the default seed is 0).
void seed(uint64_t seed);
/// np.random.rand: uniform [0, 1) float64 of `shape`.
ndarray rand(const shape_t &shape);
/// np.random.randn: standard normal float64 of `shape`.
ndarray randn(const shape_t &shape);
/// np.random.random(size) and np.random.standard_normal(size): rand and
/// randn with NumPy's `size` argument (the empty shape: one 0-d sample).
ndarray random(const shape_t &size = {});
ndarray standard_normal(const shape_t &size = {});
/// np.random.poisson(lam, size): int64 counts of a Poisson distribution of
/// mean lam, by inversion of its CDF (tabulated on the host; lam up to
/// 1e10, NotImplementedError above).
ndarray poisson(double lam = 1.0, const shape_t &size = {});
/// np.random.uniform(low, high, size).
ndarray uniform(double low = 0.0, double high = 1.0, const shape_t &size = {});
/// np.random.normal(loc, scale, size).
ndarray normal(double loc = 0.0, double scale = 1.0, const shape_t &size = {});
/// np.random.randint(low, high, size): int64 in [low, high) (ValueError if
/// low >= high).
ndarray randint(int64_t low, int64_t high, const shape_t &size = {});

} // namespace tnp::random

#endif // TNP_RANDOM_H
