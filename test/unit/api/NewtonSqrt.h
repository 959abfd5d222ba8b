//===- NewtonSqrt.h - a traced while loop for tests -------------*- C++ -*-===//

#ifndef TNP_TEST_UNIT_API_NEWTONSQRT_H
#define TNP_TEST_UNIT_API_NEWTONSQRT_H

#include <tnp/tnp.h>

#include <tuple>
#include <utility>

/// Newton's iteration for sqrt(a), until converged: a while_loop with a
/// data-dependent trip count, and a counter carried along. Returns the
/// roots and the number of steps.
inline std::pair<tnp::ndarray, tnp::ndarray> newtonSqrt(const tnp::ndarray &a) {
  using Carry = std::tuple<tnp::ndarray, tnp::ndarray>;
  auto [x, steps] = tnp::while_loop(
      [&](const Carry &c) {
        tnp::ndarray x = std::get<0>(c);
        return tnp::max(tnp::abs(x * x - a)) > 1e-9;
      },
      [&](const Carry &c) {
        tnp::ndarray x = std::get<0>(c);
        return std::make_tuple((x + a / x) / 2, std::get<1>(c) + 1);
      },
      std::make_tuple(a, tnp::asarray(0)));
  return {x, steps};
}

#endif // TNP_TEST_UNIT_API_NEWTONSQRT_H
