//===- autodiff.h - gradients: GradientTape, grad, vjp, jacobians -*- C++ -*-=//
//
// Reverse-mode differentiation, as tf.GradientTape and jax.grad give it. Both
// record a function in the tnp dialect and differentiate it with the
// tnp-autodiff pass (each op's VJP rule), so gradients compose with
// tnp::trace and with each other:
//
//   auto loss = [](const tnp::ndarray &w) { return tnp::sum(w * w); };
//   tnp::ndarray g = tnp::grad(loss)(w);            // 2 w
//   auto fast = tnp::trace(tnp::grad(loss));        // one compiled function
//   auto hess = tnp::jacrev(tnp::grad(loss))(w);    // grad of grad
//
//   tnp::GradientTape tape;
//   tape.watch(w);
//   tnp::ndarray l = tnp::sum(w * w);               // runs, and is recorded
//   tnp::ndarray g2 = tape.gradient(l, w);
//
// Only float arrays are differentiated: integer and bool inputs give no
// gradient (TypeError where one is asked of them), complex ones are not
// supported yet.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_AUTODIFF_H
#define TNP_AUTODIFF_H

#include <tnp/control_flow.h>
#include <tnp/trace.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

namespace tnp {

namespace detail {

class GradientTapeImpl;

/// f recorded and transformed (differentiated by grad, vjp and jacrev,
/// batched by vmap): f runs on arguments(), traced arrays shaped as the
/// call's leaves (weak ones stay static), inside the active trace; the
/// transformed function is then called there.
class FunctionTransform {
public:
  FunctionTransform(const char *api, const std::vector<ndarray> &leaves);
  ~FunctionTransform();
  /// With `axes`, leaf i loses dimension axes[i] where it has one: f sees
  /// one element of a batch.
  std::vector<ndarray>
  arguments(const std::vector<std::optional<int64_t>> &axes = {});
  /// Ends the record with f's `outputs` and differentiates them with
  /// respect to leaves `wrt`: value_and_grad of the one 0-d float output,
  /// or with `vjp`, the VJP of all of them. TypeError for what cannot be.
  void finish(const std::vector<ndarray> &outputs,
              const std::vector<size_t> &wrt, bool vjp);
  /// Calls the derivative in the active trace (as often as wanted): f's
  /// outputs, then the gradients of leaves `wrt`. A VJP takes a cotangent
  /// per output.
  std::vector<ndarray> call(const std::vector<ndarray> &cotangents = {}) const;
  /// Ends the record with f's `outputs` and batches it (tnp-batch): leaf i
  /// batched along axes[i] (none: unbatched), output j's batch at
  /// outAxes[j]. Then call() runs f over the batch.
  void finishBatched(const std::vector<ndarray> &outputs,
                     const std::vector<std::optional<int64_t>> &axes,
                     const std::vector<int64_t> &outAxes, int64_t size,
                     bool fallback);

private:
  struct State;
  std::unique_ptr<State> state;
};

/// The Jacobian from a pullback (a VJP at one point), row by row: for each
/// element k of an output of `shape` and `dtype` (of its dimensions after
/// the first, when `batched`), pullback(one-hot k), an array of `inShape`,
/// is its row. Shape: out ++ in, or [B] ++ out[1:] ++ in[1:] when batched.
/// Eagerly a loop of pullbacks; in a trace one vmap of the pullback.
ndarray jacobianRows(const std::function<ndarray(const ndarray &)> &pullback,
                     const shape_t &shape, tnp::dtype dtype,
                     const shape_t &inShape, bool batched);

/// The leaves each argument of a call contributes: [first, last).
template <typename... Args>
std::vector<std::pair<size_t, size_t>> leafRanges(std::vector<ndarray> &leaves,
                                                  const Args &...args) {
  std::vector<std::pair<size_t, size_t>> ranges;
  std::string key;
  auto add = [&](const auto &arg) {
    size_t first = leaves.size();
    tree_of<decltype(arg)>::flatten(arg, leaves, key);
    ranges.push_back({first, leaves.size()});
  };
  (add(args), ...);
  return ranges;
}

/// f called on `traced` (a FunctionTransform's arguments) in place of the
/// leaves of `args`, and the leaves of its result.
template <typename F, typename... Args>
auto callTraced(const F &f, const std::vector<ndarray> &traced,
                std::vector<ndarray> &outputs, const Args &...args) {
  size_t next = 0;
  std::tuple<Args...> tracedArgs{tree_of<Args>::replace(args, traced, next)...};
  auto result = std::apply(f, tracedArgs);
  outputs = leavesOf(result);
  return result;
}

/// Derivatives of f with respect to the arguments at I...: the shared
/// machinery of grad, value_and_grad, vjp and jacrev.
template <typename F, size_t... I> struct Differentiated {
  F f;

  /// What the derivative returns for arguments `Args`: the argument at I
  /// (one index), or a std::tuple of them.
  template <typename... Args> static auto select(const Args &...args) {
    auto all = std::forward_as_tuple(args...);
    if constexpr (sizeof...(I) == 1)
      return std::decay_t<decltype(std::get<I...>(all))>(std::get<I...>(all));
    else
      return std::make_tuple(
          std::decay_t<decltype(std::get<I>(all))>(std::get<I>(all))...);
  }

  /// Traces f on the call's arguments into a transform, finished with
  /// respect to the leaves of the arguments at I. Returns f's result (its
  /// structure) and the transform.
  template <typename... Args>
  auto record(FunctionTransform &transform, bool vjp,
              const Args &...args) const {
    std::vector<ndarray> leaves, outputs;
    auto ranges = leafRanges(leaves, args...);
    auto result = callTraced(f, transform.arguments(), outputs, args...);
    std::vector<size_t> wrt;
    for (size_t i : {I...})
      for (size_t l = ranges[i].first; l < ranges[i].second; ++l)
        wrt.push_back(l);
    transform.finish(outputs, wrt, vjp);
    return result;
  }

  /// value_and_grad inside a trace: f's value and the gradients.
  template <typename... Args> auto valueAndGrad(const Args &...args) const {
    std::vector<ndarray> leaves;
    leafRanges(leaves, args...);
    FunctionTransform transform("tnp::grad", leaves);
    record(transform, /*vjp=*/false, args...);
    std::vector<ndarray> out = transform.call();
    std::vector<ndarray> grads(out.begin() + 1, out.end());
    return std::make_pair(out.front(), rebuild(select(args...), grads));
  }
};

/// Whether a trace records on this thread.
bool tracing();

/// Calls `traced(args...)` inside a trace, else through a compiled trace of
/// it (cached per signature).
template <typename Traced> class Compiled {
public:
  explicit Compiled(Traced traced)
      : traced(traced), compiled(tnp::trace(traced)) {}
  template <typename... Args> auto operator()(const Args &...args) const {
    std::vector<ndarray> leaves;
    leafRanges(leaves, args...);
    if (tracing() || anyTraced(leaves))
      return traced(args...);
    return compiled(args...);
  }

private:
  Traced traced;
  traced_function<Traced> compiled;
};

template <typename F, size_t... I> struct ValueAndGradFn {
  Differentiated<F, I...> d;
  template <typename... Args> auto operator()(const Args &...args) const {
    return d.valueAndGrad(args...);
  }
};

template <typename F, size_t... I> struct GradFn {
  Differentiated<F, I...> d;
  template <typename... Args> auto operator()(const Args &...args) const {
    return d.valueAndGrad(args...).second;
  }
};

template <typename F, size_t... I> struct JacrevFn {
  Differentiated<F, I...> d;
  template <typename... Args> ndarray operator()(const Args &...args) const {
    std::vector<ndarray> leaves;
    leafRanges(leaves, args...);
    FunctionTransform transform("tnp::jacrev", leaves);
    ndarray y = d.record(transform, /*vjp=*/true, args...);
    const ndarray &x = std::get<I...>(std::forward_as_tuple(args...));
    return jacobianRows(
        [&](const ndarray &ct) { return transform.call({ct}).back(); },
        y.shape(), y.dtype(), x.shape(), /*batched=*/false);
  }
};

} // namespace detail

/// jax.grad(f, argnums=(I...)): a callable returning the gradient of f (which
/// returns a 0-d float array) with respect to its argument I (an ndarray or
/// a structure of them), or a std::tuple of those for several I. Called on
/// eager arrays it runs one compiled function per signature (a
/// tnp::trace of the derivative); inside a trace it is recorded inline.
template <size_t... I, typename F> auto grad(F &&f) {
  using D = std::decay_t<F>;
  if constexpr (sizeof...(I) == 0) {
    return detail::Compiled<detail::GradFn<D, 0>>(
        detail::GradFn<D, 0>{{std::forward<F>(f)}});
  } else {
    return detail::Compiled<detail::GradFn<D, I...>>(
        detail::GradFn<D, I...>{{std::forward<F>(f)}});
  }
}

/// jax.value_and_grad: std::pair of f's value and grad(f)'s result.
template <size_t... I, typename F> auto value_and_grad(F &&f) {
  using D = std::decay_t<F>;
  if constexpr (sizeof...(I) == 0) {
    return detail::Compiled<detail::ValueAndGradFn<D, 0>>(
        detail::ValueAndGradFn<D, 0>{{std::forward<F>(f)}});
  } else {
    return detail::Compiled<detail::ValueAndGradFn<D, I...>>(
        detail::ValueAndGradFn<D, I...>{{std::forward<F>(f)}});
  }
}

/// jax.jacrev(f, argnums=I) for f returning one float ndarray and one
/// argument I (an ndarray): the Jacobian, of shape f's result's ++ the
/// argument's, one VJP per result element (a loop in the compiled code).
template <size_t I = 0, typename F> auto jacrev(F &&f) {
  using J = detail::JacrevFn<std::decay_t<F>, I>;
  return detail::Compiled<J>(J{{std::forward<F>(f)}});
}

namespace detail {

/// The VJP of f at (args...) applied to `ct`, in a trace: the cotangents of
/// all of f's arguments.
template <typename F, typename R, typename... Args> struct PullbackFn {
  F f;
  std::tuple<Args...> operator()(const R &ct, const Args &...args) const {
    std::vector<ndarray> leaves, outputs;
    leafRanges(leaves, args...);
    FunctionTransform transform("tnp::vjp", leaves);
    callTraced(f, transform.arguments(), outputs, args...);
    std::vector<ndarray> cts = leavesOf(ct);
    std::vector<size_t> all(leaves.size());
    for (size_t l = 0; l < all.size(); ++l)
      all[l] = l;
    transform.finish(outputs, all, /*vjp=*/true);
    std::vector<ndarray> out = transform.call(cts);
    std::vector<ndarray> grads(out.begin() + outputs.size(), out.end());
    return rebuild(std::tuple<Args...>{args...}, grads);
  }
};

} // namespace detail

/// The pullback of jax.vjp: called with a cotangent for f's result (its
/// structure), it returns the cotangents of all of f's arguments as a
/// std::tuple. Its calls share one compiled function per signature.
template <typename F, typename R, typename... Args> class pullback {
public:
  pullback(F f, std::tuple<Args...> primals)
      : primals(std::move(primals)),
        compiled(detail::PullbackFn<F, R, Args...>{std::move(f)}) {}
  std::tuple<Args...> operator()(const R &cotangent) const {
    return std::apply(
        [&](const Args &...args) { return compiled(cotangent, args...); },
        primals);
  }

private:
  std::tuple<Args...> primals;
  detail::Compiled<detail::PullbackFn<F, R, Args...>> compiled;
};

/// jax.vjp(f, *primals): f's result and its pullback at `primals`.
template <typename F, typename... Args>
auto vjp(F &&f, const Args &...primals) {
  using D = std::decay_t<F>;
  using R = std::decay_t<std::invoke_result_t<const D &, const Args &...>>;
  R y = f(primals...);
  return std::make_pair(
      y,
      pullback<D, R, Args...>(std::forward<F>(f), std::make_tuple(primals...)));
}

/// tf.GradientTape: records the ops that read watched arrays (or what was
/// computed from them) while it lives, as they run, and differentiates the
/// record with tnp-autodiff, compiled once per recorded structure.
/// Works eagerly and inside tnp::trace (the seed's compute_gradients traced
/// by tf.function). A compiled call (a tnp::trace'd function called
/// eagerly) or traced control flow reading a watched array is not recorded
/// and raises NotImplementedError: use tnp::grad there.
class GradientTape {
public:
  explicit GradientTape(bool persistent = false);
  ~GradientTape();
  GradientTape(const GradientTape &) = delete;
  GradientTape &operator=(const GradientTape &) = delete;

  /// Watches float arrays: gradients can be taken with respect to them.
  void watch(const ndarray &a);
  void watch(const std::vector<ndarray> &arrays);
  template <typename T> void watch(const T &structure) {
    std::vector<ndarray> leaves;
    std::string key;
    detail::tree<T>::flatten(structure, leaves, key);
    watch(leaves);
  }

  /// d target / d sources, in the structure of `sources` (an ndarray or a
  /// structure of them). A non-scalar target is summed first, as TF does;
  /// a source the target does not depend on gets zeros (TF's
  /// UnconnectedGradients.ZERO); an unwatched source is a ValueError.
  ndarray gradient(const ndarray &target, const ndarray &source);
  std::vector<ndarray> gradient(const ndarray &target,
                                const std::vector<ndarray> &sources);
  template <typename T> T gradient(const ndarray &target, const T &sources) {
    std::vector<ndarray> leaves;
    std::string key;
    detail::tree<T>::flatten(sources, leaves, key);
    size_t next = 0;
    return detail::tree<T>::replace(sources, gradient(target, leaves), next);
  }

  /// tape.jacobian: shape target ++ source.
  ndarray jacobian(const ndarray &target, const ndarray &source);
  /// tape.batch_jacobian: for target [B, m...] and source [B, n...] whose
  /// rows are independent, shape [B, m..., n...].
  ndarray batch_jacobian(const ndarray &target, const ndarray &source);

  /// Stops recording (the end of TF's `with` block).
  void stop_recording();

private:
  std::unique_ptr<detail::GradientTapeImpl> tape;
};

} // namespace tnp

#endif // TNP_AUTODIFF_H
