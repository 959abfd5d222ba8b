//===- vectorize.h - vectorized_map, vmap and map_fn ------------*- C++ -*-===//
//
// tnp::vectorized_map(f, elems) gives what a loop of f over the leading
// dimension of elems gives, as one batched computation: f is recorded on
// one element and rewritten by the tnp-batch pass with each op's batching
// rule, as JAX's vmap does. tnp::map_fn runs the loop itself (tf.map_fn).
//
//   auto perExample = tnp::vectorized_map(
//       [&](const std::pair<tnp::ndarray, tnp::ndarray> &e) {
//         return tnp::grad(loss)(w, e.first, e.second);
//       },
//       std::make_pair(inputs, labels));
//
// Both run eagerly (through a compiled trace of the batched function) and
// inside tnp::trace, and compose with tnp::grad in either order.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_VECTORIZE_H
#define TNP_VECTORIZE_H

#include <tnp/autodiff.h>
#include <tnp/control_flow.h>
#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>

#include <optional>
#include <string>
#include <vector>

namespace tnp {

namespace detail {

/// vmap's function: f over the batch, in a trace.
template <typename F> struct VmapFn {
  F f;
  std::vector<std::optional<int64_t>> inAxes;
  std::vector<int64_t> outAxes;
  bool fallback = false;

  template <typename... Args> auto operator()(const Args &...args) const {
    std::vector<ndarray> leaves;
    auto ranges = leafRanges(leaves, args...);
    if (!inAxes.empty() && inAxes.size() != ranges.size())
      throw ValueError("tnp::vmap: in_axes has " +
                       std::to_string(inAxes.size()) + " entries for " +
                       std::to_string(ranges.size()) + " arguments");
    std::vector<std::optional<int64_t>> axes(leaves.size());
    int64_t size = -1;
    for (size_t a = 0; a < ranges.size(); ++a) {
      std::optional<int64_t> axis =
          inAxes.empty() ? std::optional<int64_t>(0) : inAxes[a];
      for (size_t l = ranges[a].first; axis && l < ranges[a].second; ++l) {
        const ndarray &leaf = leaves[l];
        if (leaf.is_weak())
          continue;
        int64_t rank = leaf.ndim(), at = *axis < 0 ? *axis + rank : *axis;
        if (at < 0 || at >= rank)
          throw ValueError("tnp::vmap: in_axes " + std::to_string(*axis) +
                           " is out of range for argument " +
                           std::to_string(a) + " of shape " +
                           to_string(leaf.shape()));
        int64_t n = leaf.shape()[at];
        if (size >= 0 && n != size)
          throw ValueError("tnp::vmap: inconsistent sizes for the mapped "
                           "axis: " +
                           std::to_string(size) + " and " + std::to_string(n) +
                           " (argument " + std::to_string(a) + ")");
        size = n;
        axes[l] = at;
      }
    }
    if (size < 0)
      throw ValueError("tnp::vmap: no argument is mapped (in_axes)");
    FunctionTransform transform("tnp::vmap", leaves);
    std::vector<ndarray> outputs;
    auto result = callTraced(f, transform.arguments(axes), outputs, args...);
    std::vector<int64_t> out = outAxes;
    if (out.empty())
      out.assign(outputs.size(), 0);
    if (out.size() != outputs.size())
      throw ValueError("tnp::vmap: out_axes has " + std::to_string(out.size()) +
                       " entries for " + std::to_string(outputs.size()) +
                       " outputs");
    for (size_t j = 0; j < out.size(); ++j)
      if (out[j] < 0)
        out[j] += outputs[j].ndim() + 1;
    transform.finishBatched(outputs, axes, out, size, fallback);
    return rebuild(result, transform.call());
  }
};

} // namespace detail

/// jax.vmap(f, in_axes, out_axes): a callable mapping f over an axis of its
/// arguments. in_axes holds one entry per argument (its leaves share it;
/// std::nullopt: not mapped, the same for every element; default: all 0),
/// out_axes one per output leaf (default: all 0). Ops without a batching
/// rule are an error naming the op, unless `fallback_to_while_loop`, which
/// runs them once per element in a loop inside the batched function (and
/// warns on stderr).
template <typename F>
auto vmap(F &&f, std::vector<std::optional<int64_t>> in_axes = {},
          std::vector<int64_t> out_axes = {},
          bool fallback_to_while_loop = false) {
  using V = detail::VmapFn<std::decay_t<F>>;
  return detail::Compiled<V>(V{std::forward<F>(f), std::move(in_axes),
                               std::move(out_axes), fallback_to_while_loop});
}

/// tf.vectorized_map(fn, elems): fn maps one element of `elems` (an ndarray
/// or a structure of them, sliced along their leading dimension) to an
/// ndarray or a structure; the results stack along a new leading dimension.
template <typename F, typename T>
auto vectorized_map(F &&f, const T &elems,
                    bool fallback_to_while_loop = false) {
  return vmap(std::forward<F>(f), {0}, {}, fallback_to_while_loop)(elems);
}

/// tf.map_fn(fn, elems): the same result as vectorized_map, computed by
/// calling fn on each element in turn (a loop: a C++ loop eagerly, a
/// fori_loop in a trace). The baseline vectorized_map is measured against.
template <typename F, typename T> auto map_fn(F &&f, const T &elems) {
  using R = std::decay_t<std::invoke_result_t<F &, const T &>>;
  std::vector<ndarray> leaves = detail::leavesOf(elems);
  if (leaves.empty() || leaves[0].ndim() == 0)
    throw ValueError("tnp::map_fn: elems must have a leading dimension");
  int64_t n = leaves[0].shape()[0];
  for (const ndarray &leaf : leaves)
    if (leaf.ndim() == 0 || leaf.shape()[0] != n)
      throw ValueError("tnp::map_fn: elems must share their leading "
                       "dimension, got " +
                       to_string(leaves[0].shape()) + " and " +
                       to_string(leaf.shape()));
  auto element = [&](const auto &i) {
    std::vector<ndarray> rows;
    for (const ndarray &leaf : leaves)
      rows.push_back(leaf(i));
    return detail::rebuild(elems, rows);
  };
  if (!detail::tracing()) {
    std::vector<std::vector<ndarray>> columns;
    std::optional<R> first;
    for (int64_t i = 0; i < n; ++i) {
      R out = f(element(i));
      std::vector<ndarray> outs = detail::leavesOf(out);
      columns.resize(outs.size());
      for (size_t k = 0; k < outs.size(); ++k)
        columns[k].push_back(outs[k]);
      if (!first)
        first.emplace(std::move(out));
    }
    std::vector<ndarray> stacked;
    for (const std::vector<ndarray> &column : columns)
      stacked.push_back(stack(column));
    return detail::rebuild(*first, stacked);
  }
  // Traced: the result's structure and shapes from element 0, then one
  // fori_loop writing row i of each result.
  R like = f(element(int64_t(0)));
  std::vector<ndarray> init;
  for (const ndarray &out : detail::leavesOf(like)) {
    shape_t shape = out.shape();
    shape.insert(shape.begin(), n);
    init.push_back(zeros(shape, out.dtype()));
  }
  std::vector<ndarray> acc = fori_loop(
      0, n,
      [&](const ndarray &i, const std::vector<ndarray> &carry) {
        std::vector<ndarray> outs = detail::leavesOf(f(element(i)));
        std::vector<ndarray> next;
        for (size_t k = 0; k < outs.size(); ++k)
          next.push_back(carry[k].at(i).set(outs[k]));
        return next;
      },
      init);
  return detail::rebuild(like, acc);
}

} // namespace tnp

#endif // TNP_VECTORIZE_H
