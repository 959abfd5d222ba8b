//===- registry_sorting.cpp - sorting and order statistics for the checker ===//
//
// np.sort ... np.nanpercentile. sort's axis comes as `axis=1`, `axis=none`
// (None) or neither (-1); the statistics' as the reductions' (axisOf).
// Quantiles are operand 1.
//
//===----------------------------------------------------------------------===//

#include "registry.h"

using namespace check;
using tnp::ndarray;

namespace {

void need(const Inputs &in, size_t lo, size_t hi) {
  if (in.size() < lo || in.size() > hi)
    throw ManifestError("expected " + std::to_string(lo) + " to " +
                        std::to_string(hi) + " operands, got " +
                        std::to_string(in.size()));
}

std::optional<int64_t> sortAxis(const Args &a) {
  if (!a.has("axis"))
    return -1;
  if (a.str("axis") == "none")
    return std::nullopt;
  return a.integer("axis");
}

std::string text(const Args &a, const std::string &key,
                 const std::string &otherwise) {
  return a.has(key) ? a.str(key) : otherwise;
}

std::optional<double> optionalReal(const Args &a, const std::string &key) {
  if (!a.has(key))
    return std::nullopt;
  return a.real(key);
}

using Sort = ndarray (*)(const ndarray &, std::optional<int64_t>,
                         std::string_view);

Function sorting(Sort f) {
  return [f](const Inputs &in, const Args &a) -> Results {
    need(in, 1, 1);
    return {f(in[0], sortAxis(a), text(a, "kind", "quicksort"))};
  };
}

using Median = ndarray (*)(const ndarray &, tnp::Axis, bool);

Function median(Median f) {
  return [f](const Inputs &in, const Args &a) -> Results {
    need(in, 1, 1);
    return {f(in[0], axisOf(a), a.boolean("keepdims", false))};
  };
}

using Quantile = ndarray (*)(const ndarray &, const ndarray &, tnp::Axis,
                             std::string_view, bool);

Function quantile(Quantile f) {
  return [f](const Inputs &in, const Args &a) -> Results {
    need(in, 2, 2);
    return {f(in[0], in[1], axisOf(a), text(a, "method", "linear"),
              a.boolean("keepdims", false))};
  };
}

} // namespace

void check::addSorting(std::map<std::string, Function> &t) {
  t["sort"] = sorting(tnp::sort);
  t["argsort"] = sorting(tnp::argsort);
  t["searchsorted"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2, 3);
    std::optional<ndarray> sorter;
    if (in.size() == 3)
      sorter = in[2];
    return {tnp::searchsorted(in[0], in[1], text(a, "side", "left"), sorter)};
  };
  t["digitize"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2, 2);
    return {tnp::digitize(in[0], in[1], a.boolean("right", false))};
  };
  t["interp"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 3, 3);
    return {tnp::interp(in[0], in[1], in[2], optionalReal(a, "left"),
                        optionalReal(a, "right"), optionalReal(a, "period"))};
  };
  t["median"] = median(tnp::median);
  t["nanmedian"] = median(tnp::nanmedian);
  t["quantile"] = quantile(tnp::quantile);
  t["nanquantile"] = quantile(tnp::nanquantile);
  t["percentile"] = quantile(tnp::percentile);
  t["nanpercentile"] = quantile(tnp::nanpercentile);
}
