//===- control_flow.h - cond, while_loop, fori_loop -------------*- C++ -*-===//
//
// Control flow that depends on array values, as JAX's lax.cond,
// lax.while_loop and lax.fori_loop: eagerly they run as C++ `if` and loops;
// under tnp::trace they record scf.if, scf.while and scf.for, so the
// compiled function decides at run time. A C++ `if` on a traced array
// throws ConcretizationTypeError instead.
//
//   auto f = tnp::trace([](const tnp::ndarray &x) {
//     return tnp::cond(tnp::sum(x) > 0, [](const tnp::ndarray &v) { return v;
//     },
//                      [](const tnp::ndarray &v) { return -v; }, x);
//   });
//
// The carried values (operand, init) are an ndarray or a std::tuple,
// std::pair, std::vector or std::array of ndarrays. Both branches, and a
// loop body, return the same structure with the same shapes and dtypes
// (TypeError otherwise).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_CONTROL_FLOW_H
#define TNP_CONTROL_FLOW_H

#include <tnp/trace.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace tnp {

namespace detail {
using Leaves = std::vector<ndarray>;
using LeavesFn = std::function<Leaves(const Leaves &)>;
Leaves cond(const ndarray &pred, const LeavesFn &trueFn,
            const LeavesFn &falseFn, const Leaves &operands);
Leaves whileLoop(const std::function<ndarray(const Leaves &)> &condFn,
                 const LeavesFn &bodyFn, const Leaves &init);
Leaves
foriLoop(int64_t lower, int64_t upper,
         const std::function<Leaves(const ndarray &, const Leaves &)> &bodyFn,
         const Leaves &init);

/// `value` as leaves, and back into `like`'s structure.
template <typename T> Leaves leavesOf(const T &value) {
  static_assert(tree<T>::arrays_only,
                "control flow carries an ndarray or a std::tuple, std::pair, "
                "std::vector or std::array of ndarrays");
  Leaves leaves;
  std::string key;
  tree<T>::flatten(value, leaves, key);
  return leaves;
}
template <typename T> T rebuild(const T &like, const Leaves &leaves) {
  size_t next = 0;
  return tree<T>::replace(like, leaves, next);
}
} // namespace detail

/// lax.cond(pred, true_fun, false_fun, operand): true_fn(operand) if pred (a
/// one-element array) is true, else false_fn(operand).
template <typename T, typename TrueFn, typename FalseFn>
T cond(const ndarray &pred, TrueFn true_fn, FalseFn false_fn,
       const T &operand) {
  auto wrap = [&](auto &fn) {
    return [&](const detail::Leaves &in) {
      return detail::leavesOf<T>(fn(detail::rebuild(operand, in)));
    };
  };
  return detail::rebuild(operand,
                         detail::cond(pred, wrap(true_fn), wrap(false_fn),
                                      detail::leavesOf(operand)));
}

/// lax.while_loop(cond_fun, body_fun, init_val): carry = body_fn(carry)
/// while cond_fn(carry) (a one-element array) is true.
template <typename T, typename CondFn, typename BodyFn>
T while_loop(CondFn cond_fn, BodyFn body_fn, const T &init) {
  return detail::rebuild(
      init,
      detail::whileLoop(
          [&](const detail::Leaves &in) {
            return ndarray(cond_fn(detail::rebuild(init, in)));
          },
          [&](const detail::Leaves &in) {
            return detail::leavesOf<T>(body_fn(detail::rebuild(init, in)));
          },
          detail::leavesOf(init)));
}

/// lax.fori_loop(lower, upper, body_fun, init_val): carry = body_fn(i,
/// carry) for i from lower to upper - 1, i an int64 0-d array.
template <typename T, typename BodyFn>
T fori_loop(int64_t lower, int64_t upper, BodyFn body_fn, const T &init) {
  return detail::rebuild(init,
                         detail::foriLoop(
                             lower, upper,
                             [&](const ndarray &i, const detail::Leaves &in) {
                               return detail::leavesOf<T>(
                                   body_fn(i, detail::rebuild(init, in)));
                             },
                             detail::leavesOf(init)));
}

} // namespace tnp

#endif // TNP_CONTROL_FLOW_H
