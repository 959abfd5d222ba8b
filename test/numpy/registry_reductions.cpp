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

/// histogram's `range`: `lo` and `hi`, or None.
std::optional<std::pair<double, double>> rangeOf(const Args &a) {
  if (!a.has("lo"))
    return std::nullopt;
  return std::make_pair(a.real("lo"), a.real("hi"));
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
  t["nansum"] = reduction(tnp::nansum);
  t["nanprod"] = reduction(tnp::nanprod);
  t["nanmean"] = reduction(tnp::nanmean);
  t["count_nonzero"] = reduction(tnp::count_nonzero);
  t["ptp"] = reduction(tnp::ptp);
  // Weights, when given, are operand 1.
  t["average"] = [](const Inputs &in, const Args &a) -> Results {
    std::optional<ndarray> weights;
    if (in.size() == 2)
      weights = in[1];
    else
      need(in, 1);
    return {
        tnp::average(in[0], axisOf(a), weights, a.boolean("keepdims", false))};
  };
  // prepend=1 / append=1 say which operands follow the array.
  t["diff"] = [](const Inputs &in, const Args &a) -> Results {
    std::optional<ndarray> prepend, append;
    size_t next = 1;
    if (a.boolean("prepend", false))
      prepend = in.at(next++);
    if (a.boolean("append", false))
      append = in.at(next++);
    need(in, next);
    return {tnp::diff(in[0], a.integer("n", 1), a.integer("axis", -1), prepend,
                      append)};
  };
  // bins=N, or edges as operand 1; weights=1: the last operand;
  // range=lo,hi as `lo` and `hi`.
  t["histogram"] = [](const Inputs &in, const Args &a) -> Results {
    std::optional<ndarray> weights;
    if (a.boolean("weights", false))
      weights = in.back();
    bool density = a.boolean("density", false);
    std::pair<ndarray, ndarray> r =
        a.has("bins") ? tnp::histogram(in[0], a.integer("bins"), rangeOf(a),
                                       weights, density)
                      : tnp::histogram(in[0], in.at(1), weights, density);
    return {r.first, r.second};
  };
  t["histogram_bin_edges"] = [](const Inputs &in, const Args &a) -> Results {
    if (a.has("bins"))
      return {tnp::histogram_bin_edges(in.at(0), a.integer("bins", 10),
                                       rangeOf(a))};
    need(in, 2);
    return {tnp::histogram_bin_edges(in[0], in[1])};
  };

  t["matmul"] = product(tnp::matmul);
  // Operands stored transposed (`ta`, `tb`): matmul of their swapaxes views,
  // the layout a product's gradient reads.
  t["matmul_t"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    auto operand = [&](int i, const char *key) {
      return a.boolean(key, false) ? tnp::swapaxes(in[i], -1, -2) : in[i];
    };
    return {tnp::matmul(operand(0, "ta"), operand(1, "tb"))};
  };
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
  t["inner"] = product(tnp::inner);
  t["vdot"] = product(tnp::vdot);
  t["kron"] = product(tnp::kron);
  t["polyval"] = product(tnp::polyval);
  t["cross"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    if (a.has("axis"))
      return {tnp::cross(in[0], in[1], -1, -1, -1, a.integer("axis"))};
    return {tnp::cross(in[0], in[1], a.integer("axisa", -1),
                       a.integer("axisb", -1), a.integer("axisc", -1))};
  };
  t["convolve"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {
        tnp::convolve(in[0], in[1], a.has("mode") ? a.str("mode") : "full")};
  };
  t["correlate"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {
        tnp::correlate(in[0], in[1], a.has("mode") ? a.str("mode") : "valid")};
  };
}
