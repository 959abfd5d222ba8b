//===- registry_indexing.cpp - indexing for the checker -------------------===//
//
// `getitem` runs x[index] and `at.set` ... `at.max` run x.at[index] updates;
// the index comes from the manifest as `index=<spec>`, comma-separated items
// (gen_indexing.py writes them):
//
//   3, -1        an integer          s:1:3:  s:::-1  a slice (empty: None)
//   N            np.newaxis          E       Ellipsis
//   T, F         a Python bool       f:1.5   a Python float
//   @2           operand 2 (an integer or bool array)
//
// Operand 0 is x; the updates take their values from operand 1. Also
// take, take_along_axis, nonzero, argwhere, where (one argument),
// flatnonzero, diagonal, cumsum and cumprod.
//
//===----------------------------------------------------------------------===//

#include "registry.h"

#include "compare.h"

using namespace check;
using tnp::ndarray;

namespace {

std::optional<int64_t> bound(const std::string &s) {
  if (s.empty())
    return std::nullopt;
  return std::stoll(s);
}

std::vector<tnp::index_item> parseIndex(const std::string &spec,
                                        const Inputs &in) {
  std::vector<tnp::index_item> items;
  if (spec == "()")
    return items;
  for (const std::string &t : splitString(spec, ',')) {
    if (t == "N")
      items.emplace_back(tnp::newaxis);
    else if (t == "E")
      items.emplace_back(tnp::ellipsis);
    else if (t == "T" || t == "F")
      items.emplace_back(t == "T");
    else if (t.rfind("f:", 0) == 0)
      items.emplace_back(ndarray(std::stod(t.substr(2))));
    else if (t.rfind("s:", 0) == 0) {
      auto parts = splitString(t, ':');
      if (parts.size() != 4)
        throw ManifestError("bad slice '" + t + "'");
      items.emplace_back(
          tnp::slice(bound(parts[1]), bound(parts[2]), bound(parts[3])));
    } else if (t.rfind("@", 0) == 0) {
      size_t k = std::stoul(t.substr(1));
      if (k >= in.size())
        throw ManifestError("index names operand " + t.substr(1) + " of " +
                            std::to_string(in.size()));
      items.emplace_back(in[k]);
    } else {
      items.emplace_back(static_cast<int64_t>(std::stoll(t)));
    }
  }
  return items;
}

void need(const Inputs &in, size_t n) {
  if (in.size() < n)
    throw ManifestError("expected at least " + std::to_string(n) +
                        " operand(s), got " + std::to_string(in.size()));
}

using Update = ndarray (tnp::indexed_update::*)(const ndarray &) const;

Function update(Update method) {
  return [method](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    std::vector<tnp::index_item> index = parseIndex(a.str("index"), in);
    tnp::indexed_update at(in[0], index);
    return {(at.*method)(in[1])};
  };
}

} // namespace

void check::addIndexing(std::map<std::string, Function> &t) {
  t["getitem"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::detail::getitem(in[0], parseIndex(a.str("index"), in))};
  };
  // The spellings of the API: x(i, j), x[{i, j}], x[i], x.at(...).get().
  t["getitem.call2"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    auto items = parseIndex(a.str("index"), in);
    if (items.size() != 2)
      throw ManifestError("getitem.call2 takes two index items");
    return {in[0](items[0], items[1]), in[0][{items[0], items[1]}],
            in[0].at(items[0], items[1]).get()};
  };
  t["getitem.one"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    auto items = parseIndex(a.str("index"), in);
    if (items.size() != 1)
      throw ManifestError("getitem.one takes one index item");
    return {in[0][items[0]], in[0](items[0])};
  };
  t["at.set"] = update(&tnp::indexed_update::set);
  t["at.add"] = update(&tnp::indexed_update::add);
  t["at.multiply"] = update(&tnp::indexed_update::multiply);
  t["at.min"] = update(&tnp::indexed_update::min);
  t["at.max"] = update(&tnp::indexed_update::max);
  t["compress"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {tnp::compress(in[0], in[1], a.optionalInteger("axis"))};
  };
  t["ix_"] = [](const Inputs &in, const Args &) -> Results {
    return tnp::ix_(in);
  };
  t["diag_indices"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return tnp::diag_indices(a.integer("n"), a.integer("ndim", 2));
  };
  t["take"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {tnp::take(in[0], in[1], a.optionalInteger("axis"))};
  };
  t["take_along_axis"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {tnp::take_along_axis(in[0], in[1], a.optionalInteger("axis"))};
  };
  t["nonzero"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 1);
    return tnp::nonzero(in[0]);
  };
  t["where1"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 1);
    return tnp::where(in[0]);
  };
  t["argwhere"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 1);
    return {tnp::argwhere(in[0])};
  };
  t["flatnonzero"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 1);
    return {tnp::flatnonzero(in[0])};
  };
  t["diagonal"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::diagonal(in[0], a.integer("offset", 0), a.integer("axis1", 0),
                          a.integer("axis2", 1))};
  };
  t["cumsum"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::cumsum(in[0], a.optionalInteger("axis"), a.dtype("dtype"))};
  };
  t["cumprod"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::cumprod(in[0], a.optionalInteger("axis"), a.dtype("dtype"))};
  };
}
