//===- registry.cpp - the tnp calls the differential tests name -----------===//
//
// Names follow NumPy's (`add`, `floor_divide`, `concatenate`); operators are
// `op` and the C++ spelling (`op%`, `op==`, `op+=`, unary `op-x`); methods
// are `ndarray.reshape`. Keyword arguments come from the manifest as NumPy's
// names (`axis`, `keepdims`, `dtype`, `shape`).
//
//===----------------------------------------------------------------------===//

#include "registry.h"

#include <complex>
#include <sstream>

using namespace check;

Args::Args(const std::string &text) {
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ';')) {
    if (item.empty())
      continue;
    size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw ManifestError("argument without '=': " + item);
    values[item.substr(0, eq)] = item.substr(eq + 1);
  }
}

const std::string &Args::str(const std::string &key) const {
  auto it = values.find(key);
  if (it == values.end())
    throw ManifestError("missing argument '" + key + "'");
  return it->second;
}

int64_t Args::integer(const std::string &key) const {
  const std::string &s = str(key);
  size_t used = 0;
  int64_t v = std::stoll(s, &used);
  if (used != s.size())
    throw ManifestError("argument '" + key + "' is not an integer: " + s);
  return v;
}

int64_t Args::integer(const std::string &key, int64_t otherwise) const {
  return has(key) ? integer(key) : otherwise;
}

std::optional<int64_t> Args::optionalInteger(const std::string &key) const {
  if (!has(key))
    return std::nullopt;
  return integer(key);
}

double Args::real(const std::string &key) const { return std::stod(str(key)); }

bool Args::boolean(const std::string &key, bool otherwise) const {
  return has(key) ? integer(key) != 0 : otherwise;
}

std::vector<int64_t> Args::integers(const std::string &key) const {
  std::vector<int64_t> out;
  std::stringstream in(str(key));
  std::string item;
  while (std::getline(in, item, ','))
    if (!item.empty())
      out.push_back(std::stoll(item));
  return out;
}

std::optional<tnp::dtype> Args::dtype(const std::string &key) const {
  if (!has(key))
    return std::nullopt;
  return parseDType(str(key));
}

tnp::dtype check::parseDType(const std::string &name) {
  for (int i = 0; i < tnp::dtype::count; ++i) {
    tnp::dtype t(static_cast<tnp::dtype::code>(i));
    if (t.name() == name)
      return t;
  }
  throw ManifestError("unknown dtype '" + name + "'");
}

namespace {

using tnp::ndarray;
using Table = std::map<std::string, Function>;

void need(const Inputs &in, size_t n) {
  if (in.size() != n)
    throw ManifestError("expected " + std::to_string(n) + " operand(s), got " +
                        std::to_string(in.size()));
}

template <typename F> Function unary(F f) {
  return [f](const Inputs &in, const Args &) -> Results {
    need(in, 1);
    return {f(in[0])};
  };
}
template <typename F> Function binary(F f) {
  return [f](const Inputs &in, const Args &) -> Results {
    need(in, 2);
    return {f(in[0], in[1])};
  };
}

/// np.asarray of the literal lists the generator names (gen_creation.py
/// holds the same lists): nested initializer lists exist only in source.
Table literalLists() {
  Table t;
  auto add = [&](const std::string &name, std::function<ndarray()> f) {
    t["asarray_list:" + name] = [f](const Inputs &, const Args &) -> Results {
      return {f()};
    };
  };
  add("int_2x3", [] { return tnp::asarray({{1, 2, 3}, {4, 5, -6}}); });
  add("double_2x2", [] { return tnp::asarray({{1.5, -2.0}, {3.25, 4.0}}); });
  add("bool_1d", [] { return tnp::asarray({true, false, true}); });
  add("int_1d", [] { return tnp::asarray({1, 2, 3}); });
  add("double_1d_float32", [] {
    return tnp::asarray({0.1, 0.2, -0.3}, tnp::float32);
  });
  add("int_2x2_uint8", [] {
    return tnp::asarray({{1, 2}, {3, 255}}, tnp::uint8);
  });
  add("int_2x2_float64", [] {
    return tnp::asarray({{1, 2}, {3, 4}}, tnp::float64);
  });
  add("complex_1d", [] {
    return tnp::asarray(
        {std::complex<double>(1, 2), std::complex<double>(-3, 0.5)});
  });
  add("empty_double", [] { return tnp::asarray(std::vector<double>{}); });
  // tnp::array({{1, 2, 3}, ...}) does not compile (a braced list cannot
  // deduce the variadic forwarder's parameters): array of a vector here.
  add("array_vector_2x3", [] {
    return tnp::array(std::vector<int64_t>{1, 2, 3, 4, 5, 6},
                      tnp::shape_t{2, 3});
  });
  add("ragged", [] { return tnp::asarray({{1, 2, 3}, {4, 5}}); });
  add("vector_int32_2x2", [] {
    return tnp::asarray(std::vector<int32_t>{1, -2, 3, -4}, {2, 2});
  });
  add("vector_size_mismatch", [] {
    return tnp::asarray(std::vector<double>{1, 2, 3}, {2, 2});
  });
  return t;
}

Table creation() {
  Table t;
  auto shaped = [](ndarray (*f)(const tnp::shape_t &, tnp::dtype)) {
    return [f](const Inputs &in, const Args &a) -> Results {
      need(in, 0);
      return {f(a.integers("shape"), a.dtype("dtype").value_or(tnp::float64))};
    };
  };
  t["zeros"] = shaped(tnp::zeros);
  t["ones"] = shaped(tnp::ones);
  t["empty"] = shaped(tnp::empty);
  t["full"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::full(a.integers("shape"), in[0], a.dtype("dtype"))};
  };
  t["zeros_like"] = unary([](const ndarray &x) { return tnp::zeros_like(x); });
  t["ones_like"] = unary([](const ndarray &x) { return tnp::ones_like(x); });
  t["empty_like"] = unary([](const ndarray &x) { return tnp::empty_like(x); });
  t["full_like"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {tnp::full_like(in[0], in[1], a.dtype("dtype"))};
  };
  t["copy"] = unary([](const ndarray &x) { return tnp::copy(x); });
  t["asanyarray"] = unary([](const ndarray &x) { return tnp::asanyarray(x); });
  t["ascontiguousarray"] =
      unary([](const ndarray &x) { return tnp::ascontiguousarray(x); });
  t["logspace"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {tnp::logspace(a.real("start"), a.real("stop"), a.integer("num", 50),
                          a.boolean("endpoint", true),
                          a.has("base") ? a.real("base") : 10.0,
                          a.dtype("dtype"))};
  };
  t["geomspace"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {tnp::geomspace(a.real("start"), a.real("stop"),
                           a.integer("num", 50), a.boolean("endpoint", true),
                           a.dtype("dtype"))};
  };
  t["tri"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {tnp::tri(a.integer("N"), a.optionalInteger("M"), a.integer("k", 0),
                     a.dtype("dtype").value_or(tnp::float64))};
  };
  t["tril"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::tril(in[0], a.integer("k", 0))};
  };
  t["triu"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::triu(in[0], a.integer("k", 0))};
  };
  t["diag"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::diag(in[0], a.integer("k", 0))};
  };
  t["diagflat"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::diagflat(in[0], a.integer("k", 0))};
  };
  t["vander"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::vander(in[0], a.optionalInteger("N"),
                        a.boolean("increasing", false))};
  };
  t["meshgrid"] = [](const Inputs &in, const Args &a) -> Results {
    return tnp::meshgrid(in, a.has("indexing") ? a.str("indexing") : "xy",
                         a.boolean("sparse", false));
  };
  t["arange"] = [](const Inputs &in, const Args &a) -> Results {
    if (in.size() == 1 && !a.has("dtype"))
      return {tnp::arange(in[0])};
    if (in.size() == 2)
      return {tnp::arange(in[0], in[1], 1, a.dtype("dtype"))};
    need(in, 3);
    return {tnp::arange(in[0], in[1], in[2], a.dtype("dtype"))};
  };
  t["linspace"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {tnp::linspace(a.real("start"), a.real("stop"), a.integer("num", 50),
                          a.boolean("endpoint", true), a.dtype("dtype"))};
  };
  t["eye"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {tnp::eye(a.integer("N"), a.optionalInteger("M"), a.integer("k", 0),
                     a.dtype("dtype").value_or(tnp::float64))};
  };
  t["identity"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {
        tnp::identity(a.integer("n"), a.dtype("dtype").value_or(tnp::float64))};
  };
  t["asarray"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::asarray(in[0], a.dtype("dtype"))};
  };
  // Python's bool(a), returned as a 0-d array.
  t["truth"] = unary(
      [](const ndarray &x) { return tnp::asarray(static_cast<bool>(x)); });
  t["finfo"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    tnp::finfo f(parseDType(a.str("dtype")));
    Results r;
    for (double v : {double(f.bits), f.eps, f.epsneg, f.max, f.min, f.tiny,
                     f.smallest_normal, f.smallest_subnormal, f.resolution,
                     double(f.precision), double(f.nmant), double(f.nexp),
                     double(f.maxexp), double(f.minexp)})
      r.push_back(tnp::asarray(v));
    return r;
  };
  t["iinfo"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    tnp::iinfo i(parseDType(a.str("dtype")));
    return {tnp::asarray(int64_t(i.bits)), tnp::asarray(i.min),
            tnp::full({}, i.max, tnp::uint64)};
  };
  t["promote_types"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    return {tnp::zeros({}, tnp::promote_types(parseDType(a.str("a")),
                                              parseDType(a.str("b"))))};
  };
  // Either side a dtype or an abstract dtype's name.
  t["issubdtype"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 0);
    auto kind =
        [](const std::string &name) -> std::optional<tnp::abstract_dtype> {
      using K = tnp::abstract_dtype::kind;
      const std::pair<const char *, K> kinds[] = {
          {"generic", K::generic},
          {"number", K::number},
          {"integer", K::integer},
          {"signedinteger", K::signedinteger},
          {"unsignedinteger", K::unsignedinteger},
          {"inexact", K::inexact},
          {"floating", K::floating},
          {"complexfloating", K::complexfloating}};
      for (auto [n, k] : kinds)
        if (name == n)
          return tnp::abstract_dtype(k);
      return std::nullopt;
    };
    std::string l = a.str("a"), r = a.str("b");
    auto lk = kind(l), rk = kind(r);
    bool result = lk ? (rk ? tnp::issubdtype(*lk, *rk)
                           : tnp::issubdtype(*lk, parseDType(r)))
                     : (rk ? tnp::issubdtype(parseDType(l), *rk)
                           : tnp::issubdtype(parseDType(l), parseDType(r)));
    return {tnp::asarray(result)};
  };
  t["astype"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {in[0].astype(parseDType(a.str("dtype")))};
  };
  return t;
}

Table ufuncs() {
  Table t;
#define TNP_UNARY(name)                                                        \
  t[#name] = unary([](const ndarray &x) { return tnp::name(x); });
  TNP_UNARY(negative)
  TNP_UNARY(absolute)
  TNP_UNARY(abs)
  TNP_UNARY(sign)
  TNP_UNARY(exp)
  TNP_UNARY(expm1)
  TNP_UNARY(log)
  TNP_UNARY(log1p)
  TNP_UNARY(sqrt)
  TNP_UNARY(square)
  TNP_UNARY(tanh)
  TNP_UNARY(sin)
  TNP_UNARY(cos)
  TNP_UNARY(tan)
  TNP_UNARY(arcsin)
  TNP_UNARY(arccos)
  TNP_UNARY(arctan)
  TNP_UNARY(sinh)
  TNP_UNARY(cosh)
  TNP_UNARY(arcsinh)
  TNP_UNARY(arccosh)
  TNP_UNARY(arctanh)
  TNP_UNARY(log2)
  TNP_UNARY(log10)
  TNP_UNARY(exp2)
  TNP_UNARY(cbrt)
  TNP_UNARY(floor)
  TNP_UNARY(ceil)
  TNP_UNARY(round)
  TNP_UNARY(logical_not)
  TNP_UNARY(invert)
  TNP_UNARY(positive)
  TNP_UNARY(fabs)
  TNP_UNARY(reciprocal)
  TNP_UNARY(deg2rad)
  TNP_UNARY(rad2deg)
  TNP_UNARY(fix)
  TNP_UNARY(sinc)
  TNP_UNARY(isnan)
  TNP_UNARY(isinf)
  TNP_UNARY(isfinite)
  TNP_UNARY(isposinf)
  TNP_UNARY(isneginf)
  TNP_UNARY(real)
  TNP_UNARY(imag)
  TNP_UNARY(conjugate)
  TNP_UNARY(conj)
  TNP_UNARY(signbit)
  TNP_UNARY(iscomplex)
  TNP_UNARY(isreal)
  TNP_UNARY(bitwise_not)
#undef TNP_UNARY
  t["iscomplexobj"] = unary(
      [](const ndarray &x) { return tnp::asarray(tnp::iscomplexobj(x)); });
  t["isrealobj"] =
      unary([](const ndarray &x) { return tnp::asarray(tnp::isrealobj(x)); });
  t["angle"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::angle(in[0], a.boolean("deg", false))};
  };
  // The logistic function has no NumPy name (scipy.special.expit); tnp's
  // primitive lowers to exactly these ops.
  t["logistic"] =
      unary([](const ndarray &x) { return 1 / (1 + tnp::exp(-x)); });

#define TNP_BINARY(name)                                                       \
  t[#name] = binary(                                                           \
      [](const ndarray &a, const ndarray &b) { return tnp::name(a, b); });
  TNP_BINARY(add)
  TNP_BINARY(subtract)
  TNP_BINARY(multiply)
  TNP_BINARY(divide)
  TNP_BINARY(true_divide)
  TNP_BINARY(floor_divide)
  TNP_BINARY(remainder)
  TNP_BINARY(mod)
  TNP_BINARY(power)
  TNP_BINARY(maximum)
  TNP_BINARY(minimum)
  TNP_BINARY(arctan2)
  TNP_BINARY(logical_and)
  TNP_BINARY(logical_or)
  TNP_BINARY(logical_xor)
  TNP_BINARY(bitwise_and)
  TNP_BINARY(bitwise_or)
  TNP_BINARY(bitwise_xor)
  TNP_BINARY(equal)
  TNP_BINARY(not_equal)
  TNP_BINARY(less)
  TNP_BINARY(less_equal)
  TNP_BINARY(greater)
  TNP_BINARY(greater_equal)
  TNP_BINARY(hypot)
  TNP_BINARY(logaddexp)
  TNP_BINARY(logaddexp2)
  TNP_BINARY(heaviside)
  TNP_BINARY(float_power)
  TNP_BINARY(nextafter)
  TNP_BINARY(gcd)
  TNP_BINARY(lcm)
#undef TNP_BINARY
  t["divmod"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 2);
    auto [q, r] = tnp::divmod(in[0], in[1]);
    return {q, r};
  };

  auto closeness = [](auto f) -> Function {
    return [f](const Inputs &in, const Args &a) -> Results {
      need(in, 2);
      return {f(in[0], in[1], a.has("rtol") ? a.real("rtol") : 1e-05,
                a.has("atol") ? a.real("atol") : 1e-08,
                a.boolean("equal_nan", false))};
    };
  };
  t["isclose"] =
      closeness([](const ndarray &x, const ndarray &y, double r, double at,
                   bool nan) { return tnp::isclose(x, y, r, at, nan); });
  t["allclose"] =
      closeness([](const ndarray &x, const ndarray &y, double r, double at,
                   bool nan) { return tnp::allclose(x, y, r, at, nan); });
  t["array_equal"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {tnp::array_equal(in[0], in[1], a.boolean("equal_nan", false))};
  };

#define TNP_OPERATOR(op)                                                       \
  t["op" #op] =                                                                \
      binary([](const ndarray &a, const ndarray &b) { return a op b; });
  TNP_OPERATOR(+)
  TNP_OPERATOR(-)
  TNP_OPERATOR(*)
  TNP_OPERATOR(/)
  TNP_OPERATOR(%)
  TNP_OPERATOR(&)
  TNP_OPERATOR(|)
  TNP_OPERATOR(^)
  TNP_OPERATOR(==)
  TNP_OPERATOR(!=)
  TNP_OPERATOR(<)
  TNP_OPERATOR(<=)
  TNP_OPERATOR(>)
  TNP_OPERATOR(>=)
#undef TNP_OPERATOR
#define TNP_COMPOUND(op)                                                       \
  t["op" #op] = binary([](const ndarray &a, const ndarray &b) {                \
    ndarray r = a;                                                             \
    r op b;                                                                    \
    return r;                                                                  \
  });
  TNP_COMPOUND(+=)
  TNP_COMPOUND(-=)
  TNP_COMPOUND(*=)
  TNP_COMPOUND(/=)
#undef TNP_COMPOUND
  t["op-x"] = unary([](const ndarray &x) { return -x; });
  t["op+x"] = unary([](const ndarray &x) { return +x; });
  t["op~x"] = unary([](const ndarray &x) { return ~x; });
  t["op!x"] = unary([](const ndarray &x) { return !x; });

  t["where"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 3);
    return {tnp::where(in[0], in[1], in[2])};
  };
  // n conditions, then the choices, then (default=1) the default.
  t["select"] = [](const Inputs &in, const Args &a) -> Results {
    bool withDefault = a.boolean("default", false);
    size_t n = a.integer("n");
    Inputs conds(in.begin(), in.begin() + n),
        choices(in.begin() + n, in.end() - withDefault);
    return {withDefault ? tnp::select(conds, choices, in.back())
                        : tnp::select(conds, choices)};
  };
  // x, then the conditions; pieces=neg,sq,2.5: -x, x*x, or a value.
  t["piecewise"] = [](const Inputs &in, const Args &a) -> Results {
    std::vector<tnp::piece> pieces;
    std::string spec = a.str("pieces");
    for (size_t start = 0; start <= spec.size();) {
      size_t end = std::min(spec.find(',', start), spec.size());
      std::string p = spec.substr(start, end - start);
      if (p == "neg")
        pieces.push_back([](const ndarray &x) { return -x; });
      else if (p == "sq")
        pieces.push_back([](const ndarray &x) { return x * x; });
      else
        pieces.push_back(ndarray(std::stod(p)));
      start = end + 1;
    }
    return {tnp::piecewise(in.at(0), Inputs(in.begin() + 1, in.end()), pieces)};
  };
  t["around"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::around(in[0], a.integer("decimals", 0))};
  };
  t["clip"] = [](const Inputs &in, const Args &) -> Results {
    need(in, 3);
    return {tnp::clip(in[0], in[1], in[2])};
  };
  return t;
}

Table manipulation() {
  Table t;
  t["concatenate"] = [](const Inputs &in, const Args &a) -> Results {
    return {tnp::concatenate(in, a.integer("axis", 0))};
  };
  t["stack"] = [](const Inputs &in, const Args &a) -> Results {
    return {tnp::stack(in, a.integer("axis", 0))};
  };
  t["split"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    if (a.has("sections"))
      return tnp::split(in[0], a.integer("sections"), a.integer("axis", 0));
    return tnp::split(in[0], a.integers("indices"), a.integer("axis", 0));
  };
  t["flip"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    if (a.has("axes"))
      return {tnp::flip(in[0], a.integers("axes"))};
    return {tnp::flip(in[0], a.optionalInteger("axis"))};
  };
  t["fliplr"] = unary([](const ndarray &x) { return tnp::fliplr(x); });
  t["flipud"] = unary([](const ndarray &x) { return tnp::flipud(x); });
  t["roll"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    if (a.has("shifts"))
      return {tnp::roll(in[0], a.integers("shifts"), a.integers("axes"))};
    return {tnp::roll(in[0], a.integer("shift"), a.optionalInteger("axis"))};
  };
  t["moveaxis"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    if (a.has("sources"))
      return {tnp::moveaxis(in[0], a.integers("sources"),
                            a.integers("destinations"))};
    return {
        tnp::moveaxis(in[0], a.integer("source"), a.integer("destination"))};
  };
  t["swapaxes"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::swapaxes(in[0], a.integer("axis1"), a.integer("axis2"))};
  };
  t["rot90"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::rot90(in[0], a.integer("k", 1),
                       a.has("axes") ? a.integers("axes")
                                     : std::vector<int64_t>{0, 1})};
  };
  t["atleast_1d"] = unary([](const ndarray &x) { return tnp::atleast_1d(x); });
  t["atleast_2d"] = unary([](const ndarray &x) { return tnp::atleast_2d(x); });
  t["atleast_3d"] = unary([](const ndarray &x) { return tnp::atleast_3d(x); });
  t["atleast_3d_list"] = [](const Inputs &in, const Args &) -> Results {
    return tnp::atleast_3d(in);
  };
  t["hstack"] = [](const Inputs &in, const Args &) -> Results {
    return {tnp::hstack(in)};
  };
  t["vstack"] = [](const Inputs &in, const Args &) -> Results {
    return {tnp::vstack(in)};
  };
  t["dstack"] = [](const Inputs &in, const Args &) -> Results {
    return {tnp::dstack(in)};
  };
  auto splitter = [](auto bySections, auto byIndices) -> Function {
    return [=](const Inputs &in, const Args &a) -> Results {
      need(in, 1);
      if (a.has("sections"))
        return bySections(in[0], a.integer("sections"));
      return byIndices(in[0], a.integers("indices"));
    };
  };
  t["hsplit"] =
      splitter([](const ndarray &x, int64_t n) { return tnp::hsplit(x, n); },
               [](const ndarray &x, const std::vector<int64_t> &i) {
                 return tnp::hsplit(x, i);
               });
  t["vsplit"] =
      splitter([](const ndarray &x, int64_t n) { return tnp::vsplit(x, n); },
               [](const ndarray &x, const std::vector<int64_t> &i) {
                 return tnp::vsplit(x, i);
               });
  t["dsplit"] =
      splitter([](const ndarray &x, int64_t n) { return tnp::dsplit(x, n); },
               [](const ndarray &x, const std::vector<int64_t> &i) {
                 return tnp::dsplit(x, i);
               });
  t["append"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 2);
    return {tnp::append(in[0], in[1], a.optionalInteger("axis"))};
  };
  t["tile"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    if (a.has("reps_int"))
      return {tnp::tile(in[0], a.integer("reps_int"))};
    return {tnp::tile(in[0], a.integers("reps"))};
  };
  t["repeat"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    if (a.has("counts"))
      return {
          tnp::repeat(in[0], a.integers("counts"), a.optionalInteger("axis"))};
    return {
        tnp::repeat(in[0], a.integer("repeats"), a.optionalInteger("axis"))};
  };
  t["expand_dims"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::expand_dims(in[0], a.integer("axis"))};
  };
  t["squeeze"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::squeeze(in[0], a.optionalInteger("axis"))};
  };
  t["ndarray.squeeze"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {in[0].squeeze(a.optionalInteger("axis"))};
  };
  t["reshape"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::reshape(in[0], a.integers("shape"))};
  };
  t["ndarray.reshape"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {in[0].reshape(a.integers("shape"))};
  };
  t["ravel"] = unary([](const ndarray &x) { return tnp::ravel(x); });
  t["ndarray.ravel"] = unary([](const ndarray &x) { return x.ravel(); });
  t["ndarray.T"] = unary([](const ndarray &x) { return x.T(); });
  t["transpose"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::transpose(in[0], a.has("axes") ? a.integers("axes")
                                                : std::vector<int64_t>{})};
  };
  t["ndarray.transpose"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {in[0].transpose(a.has("axes") ? a.integers("axes")
                                          : std::vector<int64_t>{})};
  };
  t["broadcast_arrays"] = [](const Inputs &in, const Args &) -> Results {
    return tnp::broadcast_arrays(in);
  };
  t["flatten"] = unary([](const ndarray &x) { return tnp::flatten(x); });
  // The properties of the array, as 0-d (or, for shape, 1-d) arrays.
  t["ndim"] = unary([](const ndarray &x) { return tnp::asarray(tnp::ndim(x)); });
  t["shape"] = unary([](const ndarray &x) {
    return tnp::asarray(tnp::shape(x), {int64_t(x.ndim())});
  });
  t["size"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::asarray(tnp::size(in[0], a.optionalInteger("axis")))};
  };
  t["isscalar"] =
      unary([](const ndarray &x) { return tnp::asarray(tnp::isscalar(x)); });
  // width=N, or widths=b0,a0,b1,a1,... (one pair: every axis); the
  // constant value, when given, is operand 1.
  t["pad"] = [](const Inputs &in, const Args &a) -> Results {
    std::string mode = a.has("mode") ? a.str("mode") : "constant";
    ndarray value = in.size() == 2 ? in[1] : tnp::ndarray(0);
    if (a.has("width"))
      return {tnp::pad(in.at(0), a.integer("width"), mode, value)};
    std::vector<int64_t> w = a.integers("widths");
    std::vector<std::pair<int64_t, int64_t>> widths;
    for (size_t i = 0; i + 1 < w.size(); i += 2)
      widths.emplace_back(w[i], w[i + 1]);
    return {tnp::pad(in.at(0), widths, mode, value)};
  };
  t["broadcast_to"] = [](const Inputs &in, const Args &a) -> Results {
    need(in, 1);
    return {tnp::broadcast_to(in[0], a.integers("shape"))};
  };
  return t;
}

const Table &table() {
  static const Table t = [] {
    Table all;
    for (Table part : {literalLists(), creation(), ufuncs(), manipulation()})
      all.insert(part.begin(), part.end());
    addReductionsAndLinalg(all);
    addIndexing(all);
    addSorting(all);
    return all;
  }();
  return t;
}

} // namespace

const Function *check::findFunction(const std::string &name) {
  auto it = table().find(name);
  return it == table().end() ? nullptr : &it->second;
}
