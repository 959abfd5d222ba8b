//===- numpy_check.cpp - tnp against NumPy, case by case ------------------===//
//
// tnp-numpy-check MANIFEST runs the cases a gen_*.py script wrote: one per
// line, fields separated by tabs:
//
//   name  function  operands  arguments  skip  expectation
//
//   operands     comma-separated: `x.npy` (relative to the manifest),
//                `x.npy@bfloat16` (float32 values converted to bfloat16),
//                or a C++ scalar literal: `int:3`, `float:-1.5`, `float:nan`,
//                `bool:1`, `complex:1:-2` (weak, as a literal in C++ code)
//   arguments    `k=v;k=v`, see registry.cpp; `tol=transcendental` picks that
//                column of the tolerance table; `values=0` compares only
//                shape and dtype (np.empty)
//   skip         empty, or why the case is not run (a known difference)
//   expectation  `out:y.npy[,z.npy...]` (with `@bfloat16` as for operands),
//                or `raises:ValueError:substring of the message`
//
// It prints each failure and the line "N passed, M failed[, K skipped]", and
// exits non-zero iff a case failed.
//
// tnp-numpy-check --accuracy MANIFEST measures transcendental accuracy: each
// line is `function dtype inputs reference.npy range known-bug`,
// tab-separated (inputs: x.npy, or x.npy,y.npy for a binary function); it
// prints a Markdown table of the maximum ulp error per line, and fails if an
// error exceeds the tolerance table (unless the line names a known bug).
//
// tnp-numpy-check --read FILE... prints each .npy header (or the reader's
// error; --read-bad expects only errors), and --roundtrip FILE... rewrites each
// as FILE.copy.npy: the reader's and writer's own tests (npy.test).
//
//===----------------------------------------------------------------------===//

#include "npy.h"
#include "registry.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

using namespace check;

namespace {

//===----------------------------------------------------------------------===//
// Tolerances
//===----------------------------------------------------------------------===//

/// A bound on |tnp - numpy|: `ulps` units in the last place of NumPy's value
/// (in the result dtype), or `atol` absolutely, whichever is larger.
struct Tolerance {
  double ulps;
  double atol;
};

/// The one tolerance table, by result dtype (for complex, the bound applies
/// to each part, in ulps of the magnitude). A case picks a column with
/// `tol=` (gen_*.py: npcase.tolerance_class):
///  - exact: integer and bool results, comparisons, conversions, and IEEE's
///    correctly rounded +, -, *, /, sqrt, floor, ... which tnp and NumPy both
///    compute in the result dtype (float16 and bfloat16 in float32, rounded
///    once: exact too, as float32 holds 2p+2 bits of either).
///  - rounding: complex *, /, abs, sqrt, sign and square, formulas of a few
///    real roundings that MLIR's complex-to-standard and NumPy's npy_math
///    order differently.
///  - transcendental: exp, expm1, log, log1p, tanh, power, arctan2 and the
///    logistic function.
///  - trig: sin and cos, whose float32 approximations carry the absolute
///    error of their range reduction near the zeros of the result.
struct DTypeTolerance {
  tnp::dtype dtype;
  Tolerance exact, rounding, transcendental, trig;
};

// clang-format off
const DTypeTolerance kTolerances[] = {
    // Integers and bool: exact, always.
    {tnp::bool_,      {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::int8,       {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint8,      {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::int16,      {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint16,     {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::int32,      {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint32,     {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::int64,      {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {tnp::uint64,     {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    // float16: NumPy evaluates in float32 and rounds once; tnp's float32
    // approximations (a few float32 ulp) can round the other way near a
    // float16 tie: 1 float16 ulp; trig adds float32's absolute bound.
    {tnp::float16,    {0, 0}, {2, 0}, {1, 0}, {1, 2.5e-7}},
    // bfloat16 (NumPy has none; the reference is NumPy's float32 result
    // rounded to bfloat16): as float16, 1 bfloat16 ulp.
    {tnp::bfloat16,   {0, 0}, {2, 0}, {1, 0}, {1, 2.5e-7}},
    // float32: MLIR's polynomial approximations (passes/ApproximateMath.cpp)
    // against NumPy's float32 loops. tnp-numpy-check --accuracy measured at
    // most 4 ulp (tanh; exp, log, power 1; expm1, log1p, logistic 2): 6 with
    // a margin (docs/accuracy.md). sin and cos on [-pi, pi]: at most 1.68e-7
    // absolute error (near their zeros, where ulps of the tiny result mean
    // nothing): 2.5e-7. Not covered, as they are bugs: sin and cos beyond
    // |x| = pi, whose error grows with |x|, and arctan2's 41 ulp. rounding:
    // complex abs and the like, 2 ulp.
    {tnp::float32,    {0, 0}, {2, 0}, {6, 0}, {6, 2.5e-7}},
    // float64: libm (glibc, < 1 ulp) against NumPy's own loops (glibc, or
    // SVML/AVX512F code documented to 4 ulp): measured at most 3 ulp, 4 for
    // the logistic function's three roundings: 4.
    {tnp::float64,    {0, 0}, {2, 0}, {4, 0}, {4, 0}},
    // complex: each op is a formula over real ops (MLIR's complex-to-
    // standard, NumPy's npy_math), in ulps of the magnitude. ufuncs.test
    // measured at most 1 ulp for *, /, abs, sqrt; 2 for exp, log, sin, ...;
    // 5 for power (MLIR's exp(y log x) against NumPy's repeated products for
    // integral exponents): 4 and 8 with a margin.
    {tnp::complex64,  {0, 0}, {4, 0}, {8, 0}, {8, 2.5e-7}},
    {tnp::complex128, {0, 0}, {4, 0}, {8, 0}, {8, 0}},
};
// clang-format on

Tolerance toleranceFor(tnp::dtype t, const std::string &kind) {
  for (const DTypeTolerance &row : kTolerances) {
    if (row.dtype != t)
      continue;
    if (kind == "exact")
      return row.exact;
    if (kind == "rounding")
      return row.rounding;
    if (kind == "transcendental")
      return row.transcendental;
    if (kind == "trig")
      return row.trig;
    throw ManifestError("unknown tolerance class '" + kind + "'");
  }
  throw ManifestError("no tolerance for dtype " + std::string(t.name()));
}

//===----------------------------------------------------------------------===//
// Arrays between .npy and tnp
//===----------------------------------------------------------------------===//

/// The dtype an .npy array stands for (`as` overrides float32: bfloat16).
tnp::dtype dtypeOf(const npy::Array &a, const std::string &as) {
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

template <typename T> tnp::ndarray fromBytes(const npy::Array &a) {
  std::vector<T> values(a.size());
  if (!values.empty())
    std::memcpy(values.data(), a.bytes.data(), a.bytes.size());
  return tnp::asarray(values.data(), a.shape);
}

/// The .npy array as a tnp array of the same dtype (through asarray).
tnp::ndarray toTnp(const npy::Array &a, const std::string &as) {
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

/// Element i of raw bytes of dtype t, as (re, im) doubles; integers also as
/// their exact bits in `bits`.
struct Element {
  double re = 0, im = 0;
  uint64_t bits = 0;
};

Element element(const void *data, tnp::dtype t, int64_t i) {
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
Element element(const npy::Array &a, tnp::dtype t, int64_t i) {
  if (t == tnp::bfloat16)
    return element(a.bytes.data(), tnp::float32, i);
  return element(a.bytes.data(), t, i);
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

/// The spacing of dtype t's values at magnitude |x| (one ulp).
double ulpOf(double x, tnp::dtype t) {
  auto [eps, tiny] = floatLimits(t);
  if (x == 0 || !std::isfinite(x))
    return tiny;
  int exponent;
  std::frexp(std::fabs(x), &exponent); // |x| in [2^(e-1), 2^e)
  return std::max(std::ldexp(eps, exponent - 1), tiny);
}

std::string formatValue(const Element &e, tnp::dtype t) {
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
bool closeEnough(double got, double want, double scale, tnp::dtype t,
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

bool elementsMatch(const Element &got, const Element &want, tnp::dtype t,
                   const Tolerance &tol) {
  if (t.is_bool() || t.is_integer())
    return got.bits == want.bits;
  if (!t.is_complex())
    return closeEnough(got.re, want.re, want.re, t, tol);
  double magnitude = std::hypot(want.re, want.im);
  return closeEnough(got.re, want.re, magnitude, t, tol) &&
         closeEnough(got.im, want.im, magnitude, t, tol);
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

struct FileRef {
  std::string path;
  std::string as;
};

FileRef fileRef(const std::string &dir, const std::string &token) {
  size_t at = token.find('@');
  FileRef ref{dir + "/" + token.substr(0, at), ""};
  if (at != std::string::npos)
    ref.as = token.substr(at + 1);
  return ref;
}

std::vector<std::string> splitString(const std::string &s, char sep,
                                     size_t maxParts = 0) {
  std::vector<std::string> parts;
  size_t begin = 0;
  while (true) {
    size_t end = s.find(sep, begin);
    if (end == std::string::npos ||
        (maxParts && parts.size() + 1 == maxParts)) {
      parts.push_back(s.substr(begin));
      return parts;
    }
    parts.push_back(s.substr(begin, end - begin));
    begin = end + 1;
  }
}

/// A C++ scalar literal operand (`int:3`), as the checker's source would
/// write it: an int literal is a C++ int where it fits.
std::optional<tnp::ndarray> literal(const std::string &token) {
  auto parts = splitString(token, ':');
  if (parts.size() < 2)
    return std::nullopt;
  const std::string &kind = parts[0], &value = parts[1];
  if (kind == "int") {
    long long v = std::stoll(value);
    if (v >= std::numeric_limits<int>::min() &&
        v <= std::numeric_limits<int>::max())
      return tnp::ndarray(static_cast<int>(v));
    return tnp::ndarray(static_cast<int64_t>(v));
  }
  if (kind == "float")
    return tnp::ndarray(std::stod(value));
  if (kind == "bool")
    return tnp::ndarray(value == "1");
  if (kind == "complex" && parts.size() == 3)
    return tnp::ndarray(
        std::complex<double>(std::stod(value), std::stod(parts[2])));
  return std::nullopt;
}

/// The Python class an exception is an instance of, most derived first.
bool isInstance(const std::exception &e, const std::string &cls) {
  if (cls == "AxisError")
    return dynamic_cast<const tnp::AxisError *>(&e);
  if (cls == "ValueError")
    return dynamic_cast<const tnp::ValueError *>(&e);
  if (cls == "TypeError")
    return dynamic_cast<const tnp::TypeError *>(&e);
  if (cls == "IndexError")
    return dynamic_cast<const tnp::IndexError *>(&e);
  if (cls == "NotImplementedError")
    return dynamic_cast<const tnp::NotImplementedError *>(&e);
  if (cls == "CompileError")
    return dynamic_cast<const tnp::CompileError *>(&e);
  if (cls == "Error")
    return dynamic_cast<const tnp::Error *>(&e);
  throw ManifestError("unknown exception class '" + cls + "'");
}

std::string className(const std::exception &e) {
  for (const char *cls : {"AxisError", "ValueError", "TypeError", "IndexError",
                          "NotImplementedError", "CompileError", "Error"})
    if (isInstance(e, cls))
      return std::string("tnp::") + cls;
  return "std::exception";
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// Compares one result with NumPy's; "" if it matches, else why not.
std::string
compare(const tnp::ndarray &got, const FileRef &ref, const std::string &tolKind,
        bool values,
        const std::vector<std::pair<std::string, tnp::ndarray>> &inputs) {
  npy::Array want = npy::read(ref.path);
  tnp::dtype wantType = dtypeOf(want, ref.as);
  if (got.dtype() != wantType)
    return "dtype: tnp " + std::string(got.dtype().name()) + ", numpy " +
           std::string(wantType.name());
  if (got.shape() != want.shape)
    return "shape: tnp " + shapeString(got.shape()) + ", numpy " +
           shapeString(want.shape);
  if (!values)
    return "";
  Tolerance tol = toleranceFor(wantType, tolKind);
  std::string report;
  int64_t mismatches = 0;
  for (int64_t i = 0; i < want.size(); ++i) {
    Element g = element(got.data(), wantType, i),
            w = element(want, wantType, i);
    if (elementsMatch(g, w, wantType, tol))
      continue;
    if (++mismatches > 3)
      continue;
    report += "\n    [" + std::to_string(i) +
              "] tnp=" + formatValue(g, wantType) +
              " numpy=" + formatValue(w, wantType);
    // The operands' elements there, when they have the result's shape.
    for (const auto &[name, in] : inputs)
      if (in.shape() == want.shape)
        report += " " + name + "=" +
                  formatValue(element(in.data(), in.dtype(), i), in.dtype());
  }
  if (!mismatches)
    return "";
  std::ostringstream bound;
  bound << tol.ulps << " ulp, atol " << tol.atol;
  return std::to_string(mismatches) + " of " + std::to_string(want.size()) +
         " elements differ (tolerance " + tolKind + ": " + bound.str() + ")" +
         report;
}

enum class Outcome { Pass, Fail, Skip };

/// The skip field's prefix for a case the generator lists as a known bug.
constexpr const char kExpectedFailure[] = "expected failure: ";

Outcome runCase(const std::string &dir, const std::string &line,
                std::string &why) {
  auto fields = splitString(line, '\t', 6);
  if (fields.size() != 6)
    throw ManifestError("expected 6 tab-separated fields");
  const std::string &fn = fields[1], &skip = fields[4], &expect = fields[5];
  // A known difference from NumPy is not run; a known tnp bug ("expected
  // failure: ...") is, so that a fix shows (the caller reports XPASS).
  if (!skip.empty() && skip.rfind(kExpectedFailure, 0) != 0) {
    why = skip;
    return Outcome::Skip;
  }
  const Function *f = findFunction(fn);
  if (!f)
    throw ManifestError("unknown function '" + fn + "'");
  Args args(fields[3]);

  Inputs inputs;
  std::vector<std::pair<std::string, tnp::ndarray>> named;
  std::string expectedClass, expectedMessage;
  bool raises = expect.rfind("raises:", 0) == 0;
  if (raises) {
    auto parts = splitString(expect, ':', 3);
    if (parts.size() != 3)
      throw ManifestError("expected raises:Class:message");
    expectedClass = parts[1];
    expectedMessage = parts[2];
  } else if (expect.rfind("out:", 0) != 0) {
    throw ManifestError("expectation must start with out: or raises:");
  }

  try {
    for (const std::string &token : splitString(fields[2], ',')) {
      if (token.empty())
        continue;
      if (auto l = literal(token)) {
        inputs.push_back(*l);
        continue;
      }
      FileRef ref = fileRef(dir, token);
      inputs.push_back(toTnp(npy::read(ref.path), ref.as));
      named.emplace_back(token.substr(0, token.find('.')), inputs.back());
    }
  } catch (const npy::FormatError &e) {
    throw ManifestError(e.what());
  } catch (const std::exception &e) {
    why = std::string("loading the operands threw ") + className(e) + ": " +
          e.what();
    return Outcome::Fail;
  }

  Results results;
  try {
    results = (*f)(inputs, args);
  } catch (const ManifestError &) {
    throw;
  } catch (const std::exception &e) {
    if (!raises) {
      why = "threw " + className(e) + ": " + e.what();
      return Outcome::Fail;
    }
    if (!isInstance(e, expectedClass)) {
      why = "threw " + className(e) + " (\"" + e.what() + "\"), numpy raises " +
            expectedClass;
      return Outcome::Fail;
    }
    if (std::string(e.what()).find(expectedMessage) == std::string::npos) {
      why = "message \"" + std::string(e.what()) + "\" lacks numpy's \"" +
            expectedMessage + "\"";
      return Outcome::Fail;
    }
    return Outcome::Pass;
  }
  if (raises) {
    why = "returned, numpy raises " + expectedClass + ": " + expectedMessage;
    return Outcome::Fail;
  }

  auto outputs = splitString(expect.substr(4), ',');
  if (outputs.size() != results.size()) {
    why = "tnp returned " + std::to_string(results.size()) + " arrays, numpy " +
          std::to_string(outputs.size());
    return Outcome::Fail;
  }
  std::string tolKind = args.has("tol") ? args.str("tol") : "exact";
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string problem;
    try {
      problem = compare(results[i], fileRef(dir, outputs[i]), tolKind,
                        args.boolean("values", true), named);
    } catch (const npy::FormatError &e) {
      throw ManifestError(e.what());
    }
    if (!problem.empty()) {
      why = (outputs.size() > 1 ? "result " + std::to_string(i) + ": " : "") +
            problem;
      return Outcome::Fail;
    }
  }
  return Outcome::Pass;
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

int runManifest(const std::string &manifest) {
  std::ifstream in(manifest);
  if (!in) {
    std::cerr << "tnp-numpy-check: cannot open " << manifest << "\n";
    return 2;
  }
  std::string dir = directoryOf(manifest), line;
  int passed = 0, failed = 0, skipped = 0, lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.empty() || line[0] == '#')
      continue;
    std::string name = line.substr(0, line.find('\t')), why;
    Outcome outcome;
    try {
      outcome = runCase(dir, line, why);
    } catch (const std::exception &e) {
      // A broken manifest or data file is a failure of the test itself.
      outcome = Outcome::Fail;
      why = manifest + ":" + std::to_string(lineNo) + ": bad case: " + e.what();
    }
    // An expected failure that fails is skipped; one that passes fails, so
    // that its entry in the generator's expected_failures is removed.
    std::string skip = splitString(line, '\t', 6).size() == 6
                           ? splitString(line, '\t', 6)[4]
                           : "";
    if (skip.rfind(kExpectedFailure, 0) == 0) {
      if (outcome == Outcome::Pass) {
        outcome = Outcome::Fail;
        why = "XPASS: passes, but is listed as an " + skip;
      } else if (outcome == Outcome::Fail) {
        outcome = Outcome::Skip;
        why = skip;
      }
    }
    switch (outcome) {
    case Outcome::Pass:
      ++passed;
      break;
    case Outcome::Fail:
      ++failed;
      std::cout << "FAIL " << name << ": " << why << "\n";
      break;
    case Outcome::Skip:
      ++skipped;
      std::cout << "SKIP " << name << ": " << why << "\n";
      break;
    }
  }
  std::cout << passed << " passed, " << failed << " failed";
  if (skipped)
    std::cout << ", " << skipped << " skipped";
  std::cout << "\n";
  return failed ? 1 : 0;
}

//===----------------------------------------------------------------------===//
// Accuracy
//===----------------------------------------------------------------------===//

int runAccuracy(const std::string &manifest) {
  std::ifstream in(manifest);
  if (!in) {
    std::cerr << "tnp-numpy-check: cannot open " << manifest << "\n";
    return 2;
  }
  std::string dir = directoryOf(manifest), line;
  int failed = 0;
  std::cout << "| function | dtype | inputs | points | max ulp | at x | "
               "max abs error | tolerance |\n"
               "|---|---|---|---|---|---|---|---|\n";
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    auto fields = splitString(line, '\t', 6);
    if (fields.size() != 6) {
      std::cerr << "bad accuracy line: " << line << "\n";
      return 2;
    }
    const Function *f = findFunction(fields[0]);
    if (!f) {
      std::cerr << "unknown function " << fields[0] << "\n";
      return 2;
    }
    tnp::dtype t = parseDType(fields[1]);
    // One operand, or two (comma-separated: arctan2, power); the row
    // reports the first operand's value at the worst error.
    Inputs operands;
    std::vector<npy::Array> xs;
    for (const std::string &file : splitString(fields[2], ',')) {
      xs.push_back(npy::read(dir + "/" + file));
      operands.push_back(toTnp(xs.back(), ""));
    }
    const npy::Array &x = xs.front();
    npy::Array want = npy::read(dir + "/" + fields[3]);
    tnp::ndarray got = (*f)(operands, Args())[0];
    bool trig = fields[0] == "sin" || fields[0] == "cos";
    Tolerance tol = toleranceFor(t, trig ? "trig" : "transcendental");
    double maxUlp = 0, maxAbs = 0, worstX = 0;
    int64_t bad = 0;
    for (int64_t i = 0; i < want.size(); ++i) {
      double g = element(got.data(), t, i).re, w = element(want, t, i).re;
      if (!closeEnough(g, w, w, t, tol))
        ++bad;
      if (std::isnan(g) != std::isnan(w) || std::isinf(g) || std::isinf(w)) {
        if (!(g == w || (std::isnan(g) && std::isnan(w)))) {
          maxUlp = std::numeric_limits<double>::infinity();
          worstX = element(x, t, i).re;
        }
        continue;
      }
      if (std::isnan(w))
        continue;
      double ulps = std::fabs(g - w) / ulpOf(w, t);
      maxAbs = std::max(maxAbs, std::fabs(g - w));
      if (ulps > maxUlp) {
        maxUlp = ulps;
        worstX = element(x, t, i).re;
      }
    }
    std::ostringstream row;
    row.precision(t == tnp::float64 ? 17 : 9);
    row << "| " << fields[0] << " | " << fields[1] << " | " << fields[4]
        << " | " << want.size() << " | ";
    row.precision(3);
    row << maxUlp << " | ";
    row.precision(t == tnp::float64 ? 17 : 9);
    row << worstX << " | ";
    row.precision(3);
    row << maxAbs << " | " << tol.ulps << " ulp";
    if (tol.atol)
      row << " or " << tol.atol;
    // A known bug (the sixth field) is reported, not failed.
    if (bad)
      row << " **(" << bad << " over"
          << (fields[5].empty() ? "" : "; known bug: " + fields[5]) << ")**";
    row << " |\n";
    std::cout << row.str();
    failed += bad != 0 && fields[5].empty();
  }
  if (failed)
    std::cerr << failed << " row(s) exceed the tolerance table\n";
  return failed ? 1 : 0;
}

/// --read FILE...: each file's header as parsed, or the reader's error;
/// fails if any file is bad (with `expectBad`, --read-bad: if any is good).
int readFiles(const std::vector<std::string> &paths, bool expectBad) {
  int bad = 0;
  for (const std::string &path : paths) {
    try {
      npy::Array a = npy::read(path);
      std::cout << path << ": " << a.descr << " " << shapeString(a.shape) << " "
                << a.size() << " elements\n";
    } catch (const npy::FormatError &e) {
      std::cout << "error: " << e.what() << "\n";
      ++bad;
    }
  }
  if (expectBad)
    return bad == static_cast<int>(paths.size()) ? 0 : 1;
  return bad ? 1 : 0;
}

/// --roundtrip FILE...: reads each file and writes it back as FILE.copy.npy,
/// for gen_npy.py to compare with the original.
int roundTrip(const std::vector<std::string> &paths) {
  for (const std::string &path : paths)
    npy::write(path + ".copy.npy", npy::read(path));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  try {
    if (argc == 3 && std::string(argv[1]) == "--accuracy")
      return runAccuracy(argv[2]);
    std::string mode = argc > 1 ? argv[1] : "";
    std::vector<std::string> files(argv + std::min(argc, 2), argv + argc);
    if ((mode == "--read" || mode == "--read-bad") && argc > 2)
      return readFiles(files, mode == "--read-bad");
    if (mode == "--roundtrip" && argc > 2)
      return roundTrip(files);
    if (argc == 2)
      return runManifest(argv[1]);
  } catch (const std::exception &e) {
    std::cerr << "tnp-numpy-check: " << e.what() << "\n";
    return 2;
  }
  std::cerr << "usage: tnp-numpy-check MANIFEST\n"
               "       tnp-numpy-check --accuracy MANIFEST\n"
               "       tnp-numpy-check --read|--read-bad FILE.npy...\n"
               "       tnp-numpy-check --roundtrip FILE.npy...\n";
  return 2;
}
