//===- registry_reductions.cpp - reductions and linalg for the checker ----===//
//
// np.sum ... np.std and np.matmul ... np.einsum. NumPy's `axis` comes from
// the manifest as `axis=1` (an int), `axes=0,2` (a tuple; `axes=` is the
// empty tuple) or neither (None).
//
//===----------------------------------------------------------------------===//

#include "registry.h"

using namespace check;
using tnp::ndarray;

namespace {

void need(const Inputs &in, size_t n) {
  if (in.size() != n)
    throw ManifestError("expected " + std::to_string(n) + " operand(s), got " +
                        std::to_string(in.size()));
}

using Reduction = ndarray (*)(const ndarray &, tnp::Axis, bool);

Function reduction(Reduction f) {
  return [f](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {f(in[0], axisOf(a), a.boolean("keepdims", false))};
  };
}

using ArgReduction = ndarray (*)(const ndarray &, std::optional<int64_t>, bool);

Function argReduction(ArgReduction f) {
  return [f](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {f(in[0], a.optionalInteger("axis"), a.boolean("keepdims", false))};
  };
}

using Moment = ndarray (*)(const ndarray &, tnp::Axis, const tnp::StdOptions &);

Function moment(Moment f) {
  return [f](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    tnp::StdOptions options;
    options.ddof = a.integer("ddof", 0);
    options.keepdims = a.boolean("keepdims", false);
    return {f(in[0], axisOf(a), options)};
  };
}

Function product(ndarray (*f)(const ndarray &, const ndarray &)) {
  return [f](const Inputs &in, const Args &) -> Results {
    need(in, 2);
    return {f(in[0], in[1])};
  };
}

} // namespace

tnp::Axis check::axisOf(const Args &a) {
  if (a.has("axis"))
    return tnp::Axis(a.integer("axis"));
  if (a.has("axes"))
    return tnp::Axis(a.integers("axes"));
  return tnp::Axis(std::nullopt);
}

void check::addReductionsAndLinalg(std::map<std::string, Function> &t) {
  t["sum"] = reduction(tnp::sum);
  t["prod"] = reduction(tnp::prod);
  t["mean"] = reduction(tnp::mean);
  t["max"] = reduction(tnp::max);
  t["amax"] = reduction(tnp::amax);
  t["min"] = reduction(tnp::min);
  t["amin"] = reduction(tnp::amin);
  t["any"] = reduction(tnp::any);
  t["all"] = reduction(tnp::all);
  t["argmax"] = argReduction(tnp::argmax);
  t["argmin"] = argReduction(tnp::argmin);
  t["var"] = moment(tnp::var);
  t["std"] = moment(tnp::std);

  t["matmul"] = product(tnp::matmul);
  t["dot"] = product(tnp::dot);
  t["outer"] = product(tnp::outer);
  t["tensordot"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    if (a.has("a_axes"))
      return {tnp::tensordot(in[0], in[1],
                             {a.integers("a_axes"), a.integers("b_axes")})};
    return {tnp::tensordot(in[0], in[1], a.integer("axes", 2))};
  };
  t["einsum"] = [](const Inputs &in, const Args &a) -> Results {
    return {tnp::einsum(a.str("subscripts"), in)};
  };
}
