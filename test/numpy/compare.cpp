//===- compare.cpp - values between .npy and tnp, and tolerances ----------===//
//
// The differential tests' one tolerance table, the conversion of .npy arrays
// to tnp arrays, and the comparison of a tnp element with NumPy's.
//
//===----------------------------------------------------------------------===//

#include "compare.h"

#include <cmath>
#include <complex>
#include <cstring>
#include <sstream>

using namespace check;

namespace {

/// The one tolerance table, by result dtype (for complex, the bound applies
/// to each part, in ulps of the magnitude). A case picks a column with
/// `tol=` (gen_ufuncs.py: tol_of):
///  - exact: integer and bool results, comparisons, conversions, and IEEE's
///    correctly rounded +, -, *, /, sqrt, floor, ... which tnp and NumPy both
///    compute in the result dtype (float16 and bfloat16 in float32, rounded
///    once: exact too, as float32 holds 2p+2 bits of either).
///  - rounding: complex *, /, abs, sqrt, sign and square, formulas of a few
///    real roundings that MLIR's complex-to-standard and NumPy's npy_math
///    order differently.
///  - transcendental: exp, expm1, log, log1p, tanh, sin, cos, tan, power,
///    arctan2, the inverse and hyperbolic functions, log2, log10, exp2, cbrt
///    and the logistic function.
struct DTypeTolerance {
  tnp::dtype dtype;
  Tolerance exact, rounding, transcendental;
};

// clang-format off
const DTypeTolerance kTolerances[] = {
    // Integers and bool: exact, always.
    {tnp::bool_,      {0, 0}, {0, 0}, {0, 0}},
    {tnp::int8,       {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint8,      {0, 0}, {0, 0}, {0, 0}},
    {tnp::int16,      {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint16,     {0, 0}, {0, 0}, {0, 0}},
    {tnp::int32,      {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint32,     {0, 0}, {0, 0}, {0, 0}},
    {tnp::int64,      {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint64,     {0, 0}, {0, 0}, {0, 0}},
    // float16: NumPy evaluates in float32 and rounds once; tnp's float32
    // functions (a few float32 ulp) can round the other way near a float16
    // tie: 1 float16 ulp.
    {tnp::float16,    {0, 0}, {2, 0}, {1, 0}},
    // bfloat16 (NumPy has none; the reference is NumPy's float32 result
    // rounded to bfloat16): as float16, 1 bfloat16 ulp.
    {tnp::bfloat16,   {0, 0}, {2, 0}, {1, 0}},
    // float32: MLIR's polynomial approximations (passes/ApproximateMath.cpp;
    // sin and cos are libm's) against NumPy's float32 loops.
    // tnp-numpy-check --accuracy measured at most 4 ulp (tanh; exp, log,
    // sin, cos, power 1; expm1, log1p, logistic 2): 6 with a margin
    // (docs/accuracy.md). Not covered, as it is a bug: arctan2's 41 ulp.
    // rounding: complex abs and the like, 2 ulp.
    {tnp::float32,    {0, 0}, {2, 0}, {6, 0}},
    // float64: libm (glibc, < 1 ulp) against NumPy's own loops (glibc, or
    // SVML/AVX512F code documented to 4 ulp): measured at most 3 ulp, 4 for
    // the logistic function's three roundings: 4.
    {tnp::float64,    {0, 0}, {2, 0}, {4, 0}},
    // complex: each op is a formula over real ops (MLIR's complex-to-
    // standard, NumPy's npy_math), in ulps of the magnitude. ufuncs.test
    // measured at most 1 ulp for *, /, abs, sqrt; 2 for exp, log, sin, ...;
    // 5 for power (MLIR's exp(y log x) against NumPy's repeated products for
    // integral exponents): 4 and 8 with a margin.
    {tnp::complex64,  {0, 0}, {4, 0}, {8, 0}},
    {tnp::complex128, {0, 0}, {4, 0}, {8, 0}},
};
// clang-format on

template <typename T> tnp::ndarray fromBytes(const npy::Array &a) {
  std::vector<T> values(a.size());
  if (!values.empty())
    std::memcpy(values.data(), a.bytes.data(), a.bytes.size());
  return tnp::asarray(values.data(), a.shape);
}

/// Machine epsilon and smallest subnormal of a float dtype (or a complex
/// dtype's parts).
std::pair<double, double> floatLimits(tnp::dtype t) {
  switch (t.id()) {
  case tnp::dtype::code::float16:
    return {std::ldexp(1.0, -10), std::ldexp(1.0, -24)};
  case tnp::dtype::code::bfloat16:
    return {std::ldexp(1.0, -7), std::ldexp(1.0, -133)};
  case tnp::dtype::code::float32:
  case tnp::dtype::code::complex64:
    return {std::ldexp(1.0, -23), std::ldexp(1.0, -149)};
  default:
    return {std::ldexp(1.0, -52), std::ldexp(1.0, -1074)};
  }
}

} // namespace

check::Tolerance check::toleranceFor(tnp::dtype t, const std::string &kind) {
  for (const DTypeTolerance &row : kTolerances) {
    if (row.dtype != t)
      continue;
    if (kind == "exact")
      return row.exact;
    if (kind == "rounding")
      return row.rounding;
    if (kind == "transcendental")
      return row.transcendental;
    throw ManifestError("unknown tolerance class '" + kind + "'");
  }
  throw ManifestError("no tolerance for dtype " + std::string(t.name()));
}

//===----------------------------------------------------------------------===//
// Arrays between .npy and tnp
//===----------------------------------------------------------------------===//

/// The dtype an .npy array stands for (`as` overrides float32: bfloat16).
tnp::dtype check::dtypeOf(const npy::Array &a, const std::string &as) {
  if (!as.empty()) {
    tnp::dtype t = parseDType(as);
    if (t != tnp::bfloat16 || a.descr.substr(1) != "f4")
      throw ManifestError("only float32 files stand for bfloat16");
    return t;
  }
  switch (a.kind) {
  case npy::Kind::Bool:
    return tnp::bool_;
  case npy::Kind::Int:
    return a.itemsize == 1   ? tnp::int8
           : a.itemsize == 2 ? tnp::int16
           : a.itemsize == 4 ? tnp::int32
                             : tnp::int64;
  case npy::Kind::UInt:
    return a.itemsize == 1   ? tnp::uint8
           : a.itemsize == 2 ? tnp::uint16
           : a.itemsize == 4 ? tnp::uint32
                             : tnp::uint64;
  case npy::Kind::Float:
    return a.itemsize == 2   ? tnp::float16
           : a.itemsize == 4 ? tnp::float32
                             : tnp::float64;
  case npy::Kind::Complex:
    return a.itemsize == 8 ? tnp::complex64 : tnp::complex128;
  }
  return tnp::float64;
}

/// The .npy array as a tnp array of the same dtype (through asarray).
tnp::ndarray check::toTnp(const npy::Array &a, const std::string &as) {
  tnp::dtype t = dtypeOf(a, as);
  switch (t.id()) {
  case tnp::dtype::code::bool_: {
    std::vector<bool> values;
    for (uint8_t b : a.bytes)
      values.push_back(b != 0);
    return tnp::asarray(values, a.shape);
  }
  case tnp::dtype::code::int8:
    return fromBytes<int8_t>(a);
  case tnp::dtype::code::uint8:
    return fromBytes<uint8_t>(a);
  case tnp::dtype::code::int16:
    return fromBytes<int16_t>(a);
  case tnp::dtype::code::uint16:
    return fromBytes<uint16_t>(a);
  case tnp::dtype::code::int32:
    return fromBytes<int32_t>(a);
  case tnp::dtype::code::uint32:
    return fromBytes<uint32_t>(a);
  case tnp::dtype::code::int64:
    return fromBytes<int64_t>(a);
  case tnp::dtype::code::uint64:
    return fromBytes<uint64_t>(a);
  case tnp::dtype::code::float16: {
    // No C++ half type: the (exactly representable) values as float32,
    // converted by tnp.
    std::vector<float> values;
    for (int64_t i = 0; i < a.size(); ++i) {
      uint16_t bits;
      std::memcpy(&bits, a.bytes.data() + 2 * i, 2);
      values.push_back(npy::halfToFloat(bits));
    }
    return tnp::asarray(values, a.shape, tnp::float16);
  }
  case tnp::dtype::code::bfloat16: {
    std::vector<float> values(a.size());
    if (!values.empty())
      std::memcpy(values.data(), a.bytes.data(), a.bytes.size());
    return tnp::asarray(values, a.shape, tnp::bfloat16);
  }
  case tnp::dtype::code::float32:
    return fromBytes<float>(a);
  case tnp::dtype::code::float64:
    return fromBytes<double>(a);
  case tnp::dtype::code::complex64:
    return fromBytes<std::complex<float>>(a);
  case tnp::dtype::code::complex128:
    return fromBytes<std::complex<double>>(a);
  }
  return {};
}

check::Element check::element(const void *data, tnp::dtype t, int64_t i) {
  const char *p = static_cast<const char *>(data) + i * t.itemsize();
  Element e;
  auto load = [&](auto v) {
    std::memcpy(&v, p, sizeof v);
    return v;
  };
  switch (t.id()) {
  case tnp::dtype::code::bool_:
    e.bits = load(uint8_t()) != 0;
    e.re = e.bits;
    return e;
  case tnp::dtype::code::int8:
  case tnp::dtype::code::uint8:
  case tnp::dtype::code::int16:
  case tnp::dtype::code::uint16:
  case tnp::dtype::code::int32:
  case tnp::dtype::code::uint32:
  case tnp::dtype::code::int64:
  case tnp::dtype::code::uint64: {
    std::memcpy(&e.bits, p, t.itemsize());
    int shift = 64 - 8 * t.itemsize();
    if (t.is_unsigned()) {
      e.re = static_cast<double>(e.bits);
    } else {
      int64_t s = static_cast<int64_t>(e.bits << shift) >> shift;
      e.re = static_cast<double>(s);
      e.bits = static_cast<uint64_t>(s);
    }
    return e;
  }
  case tnp::dtype::code::float16:
    e.re = npy::halfToFloat(load(uint16_t()));
    return e;
  case tnp::dtype::code::bfloat16:
    e.re = npy::bfloat16ToFloat(load(uint16_t()));
    return e;
  case tnp::dtype::code::float32:
    e.re = load(float());
    return e;
  case tnp::dtype::code::float64:
    e.re = load(double());
    return e;
  case tnp::dtype::code::complex64: {
    auto c = load(std::complex<float>());
    e.re = c.real();
    e.im = c.imag();
    return e;
  }
  case tnp::dtype::code::complex128: {
    auto c = load(std::complex<double>());
    e.re = c.real();
    e.im = c.imag();
    return e;
  }
  }
  return e;
}

/// Element i of an .npy array standing for dtype t (bfloat16 files hold
/// float32 values).
check::Element check::element(const npy::Array &a, tnp::dtype t, int64_t i) {
  if (t == tnp::bfloat16)
    return element(a.bytes.data(), tnp::float32, i);
  return element(a.bytes.data(), t, i);
}

/// The spacing of dtype t's values at magnitude |x| (one ulp).
double check::ulpOf(double x, tnp::dtype t) {
  auto [eps, tiny] = floatLimits(t);
  if (x == 0 || !std::isfinite(x))
    return tiny;
  int exponent;
  std::frexp(std::fabs(x), &exponent); // |x| in [2^(e-1), 2^e)
  return std::max(std::ldexp(eps, exponent - 1), tiny);
}

std::string check::formatValue(const Element &e, tnp::dtype t) {
  std::ostringstream os;
  os.precision(t == tnp::float64 || t == tnp::complex128 ? 17 : 9);
  if (t.is_bool())
    os << (e.bits ? "True" : "False");
  else if (t.is_integer())
    os << (t.is_unsigned() ? std::to_string(e.bits)
                           : std::to_string(static_cast<int64_t>(e.bits)));
  else if (t.is_complex())
    os << "(" << e.re << (std::signbit(e.im) ? "" : "+") << e.im << "j)";
  else
    os << e.re;
  return os.str();
}

/// Whether a real part matches: NaN with NaN, infinities and (when exact)
/// zeros' signs exactly, else within `tol` of NumPy's `want` (`scale` is the
/// magnitude ulps are relative to).
bool check::closeEnough(double got, double want, double scale, tnp::dtype t,
                        const Tolerance &tol) {
  if (std::isnan(want) || std::isnan(got))
    return std::isnan(want) && std::isnan(got);
  if (std::isinf(want) || std::isinf(got))
    return got == want;
  if (tol.ulps == 0 && tol.atol == 0)
    return got == want && std::signbit(got) == std::signbit(want);
  double err = std::fabs(got - want);
  return err <= tol.atol || err <= tol.ulps * ulpOf(scale, t);
}

bool check::elementsMatch(const Element &got, const Element &want, tnp::dtype t,
                          const Tolerance &tol) {
  if (t.is_bool() || t.is_integer())
    return got.bits == want.bits;
  if (!t.is_complex())
    return closeEnough(got.re, want.re, want.re, t, tol);
  double magnitude = std::hypot(want.re, want.im);
  return closeEnough(got.re, want.re, magnitude, t, tol) &&
         closeEnough(got.im, want.im, magnitude, t, tol);
}
