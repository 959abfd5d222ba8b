//===- Format.cpp - repr and str of arrays, as NumPy 1.24 prints ----------===//
//
// A port of numpy/core/arrayprint.py under the default print options, with
// the scalar str rules of NumPy's scalartypes.c for 0-d str. Element digits
// come from Dragon4.cpp. bfloat16 prints as float16 does, with its own
// shortest digits (ml_dtypes would print its elements with repr()).
//
//===----------------------------------------------------------------------===//

#include "lib/Format.h"

#include "lib/ArrayImpl.h"
#include "lib/Literals.h"

#include "llvm/ADT/APFloat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <ostream>

using namespace tnp;
using namespace tnp::detail;

std::string tnp::detail::formatShape(const shape_t &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string tnp::to_string(const shape_t &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

namespace {

// np.get_printoptions() defaults.
constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;
constexpr int kPrecision = 8;

/// The field widths of a real float dtype, or of a complex one's parts.
struct FloatType {
  int mantissaBits, exponentBits, bytes;
  const llvm::fltSemantics *semantics;
};

FloatType floatTypeOf(tnp::dtype t) {
  switch (t.id()) {
  case dtype::code::float16:
    return {10, 5, 2, &llvm::APFloat::IEEEhalf()};
  case dtype::code::bfloat16:
    return {7, 8, 2, &llvm::APFloat::BFloat()};
  case dtype::code::float32:
  case dtype::code::complex64:
    return {23, 8, 4, &llvm::APFloat::IEEEsingle()};
  default:
    return {52, 11, 8, &llvm::APFloat::IEEEdouble()};
  }
}

/// Part `part` (0 real, 1 imaginary) of element `index`.
FloatParts floatAt(const ArrayImpl &a, int64_t index, int part) {
  FloatType t = floatTypeOf(a.dtype);
  const char *p = static_cast<const char *>(a.data()) +
                  index * a.dtype.itemsize() + part * t.bytes;
  uint64_t bits = 0;
  std::memcpy(&bits, p, t.bytes); // little-endian hosts only, as the JIT
  return decomposeFloat(bits, t.mantissaBits, t.exponentBits);
}

/// max / min as NumPy divides two scalars of the type: float16 (and here
/// bfloat16) divide in float32 and round back.
double ratioIn(const FloatType &t, double max, double min) {
  if (t.bytes == 8)
    return max / min;
  float q = static_cast<float>(max) / static_cast<float>(min);
  if (t.bytes == 4)
    return q;
  llvm::APFloat f(q);
  bool lost;
  f.convert(*t.semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

std::string rstrip(const std::string &s) {
  size_t end = s.find_last_not_of(' ');
  return end == std::string::npos ? "" : s.substr(0, end + 1);
}

/// arrayprint.FloatingFormat in floatmode 'maxprec': one width and notation
/// for all the elements shown.
class FloatFormatter {
public:
  FloatFormatter(const std::vector<FloatParts> &data, const FloatType &type,
                 bool plusSign)
      : plus(plusSign) {
    std::vector<const FloatParts *> finite;
    double max = 0, min = INFINITY;
    bool anyNegInf = false;
    for (const FloatParts &x : data) {
      anyNegInf |= x.isInf && x.negative;
      if (x.isNan || x.isInf)
        continue;
      finite.push_back(&x);
      if (x.value != 0) {
        max = std::max(max, std::fabs(x.value));
        min = std::min(min, std::fabs(x.value));
      }
    }
    if (max > 0 &&
        (max >= 1e8 || min < 0.0001 || ratioIn(type, max, min) > 1000.))
      exp = true;

    DigitOptions first;
    first.precision = kPrecision;
    first.trim = Trim::Zeros;
    first.sign = plus;
    if (finite.empty()) {
      minDigits = -1;
    } else if (exp) {
      int maxExp = 0, maxFraction = 0;
      for (const FloatParts *x : finite) {
        std::string s = formatScientific(*x, first);
        size_t e = s.find('e'), dot = s.find('.');
        maxExp = std::max<int>(maxExp, s.size() - e - 1);
        maxFraction = std::max<int>(maxFraction, e - dot - 1);
        padLeft = std::max<int>(padLeft, dot);
      }
      expSize = maxExp - 1;
      trim = Trim::None;
      precision = minDigits = maxFraction;
      padRight = expSize + 2 + precision;
    } else {
      for (const FloatParts *x : finite) {
        std::string s = formatPositional(*x, first);
        size_t dot = s.find('.');
        padLeft = std::max<int>(padLeft, dot);
        padRight = std::max<int>(padRight, s.size() - dot - 1);
      }
      minDigits = 0;
    }
    if (finite.size() != data.size()) {
      // The width of "nan" and "inf" is checked without a sign ('+nan').
      int offset = padRight + 1;
      int infLength = 3 + (plus || anyNegInf);
      padLeft = std::max({padLeft, 3 - offset, infLength - offset});
    }
  }

  std::string operator()(const FloatParts &x) const {
    if (x.isNan || x.isInf) {
      std::string s = x.isNan ? "nan" : "inf";
      s.insert(0, x.isInf && x.negative ? "-" : plus ? "+" : "");
      int pad = padLeft + padRight + 1 - static_cast<int>(s.size());
      return std::string(std::max(pad, 0), ' ') + s;
    }
    DigitOptions opt;
    opt.precision = precision;
    opt.minDigits = minDigits;
    opt.trim = trim;
    opt.sign = plus;
    opt.padLeft = padLeft;
    if (exp) {
      opt.expDigits = expSize;
      return formatScientific(x, opt);
    }
    opt.padRight = padRight;
    return formatPositional(x, opt);
  }

private:
  bool plus;
  bool exp = false;
  int precision = kPrecision;
  int minDigits = -1;
  Trim trim = Trim::Zeros;
  int padLeft = 0, padRight = 0, expSize = -1;
};

using ElementFormatter = std::function<std::string(int64_t)>;

/// The formatter of arrayprint._get_format_function, sized over the flat
/// indices `shown`.
ElementFormatter elementFormatter(const ArrayImpl &a,
                                  const std::vector<int64_t> &shown) {
  tnp::dtype t = a.dtype;
  if (t.is_bool()) {
    const char *yes = a.shape.empty() ? "True" : " True";
    return [&a, yes](int64_t i) -> std::string {
      return readScalar(a.data(), a.dtype, i).i ? yes : "False";
    };
  }
  if (t.is_integer()) {
    auto text = [&a](int64_t i) {
      Scalar s = readScalar(a.data(), a.dtype, i);
      return s.isUnsigned ? std::to_string(static_cast<uint64_t>(s.i))
                          : std::to_string(s.i);
    };
    // The width of str(max) and str(min); the longer is one of those two.
    size_t width = 0;
    for (int64_t i : shown)
      width = std::max(width, text(i).size());
    return [text, width](int64_t i) {
      std::string s = text(i);
      return std::string(width - std::min(width, s.size()), ' ') + s;
    };
  }
  FloatType type = floatTypeOf(t);
  auto sample = [&](int part) {
    std::vector<FloatParts> parts;
    parts.reserve(shown.size());
    for (int64_t i : shown)
      parts.push_back(floatAt(a, i, part));
    return parts;
  };
  if (t.is_floating()) {
    FloatFormatter real(sample(0), type, false);
    return [&a, real](int64_t i) { return real(floatAt(a, i, 0)); };
  }
  FloatFormatter real(sample(0), type, false), imag(sample(1), type, true);
  return [&a, real, imag](int64_t i) {
    std::string im = imag(floatAt(a, i, 1));
    im.insert(rstrip(im).size(), "j");
    return real(floatAt(a, i, 0)) + im;
  };
}

/// The flat indices arrayprint._leading_trailing keeps: every axis longer
/// than 2 * edgeitems cut to its first and last edgeitems.
std::vector<int64_t> shownIndices(const shape_t &shape, bool summarize) {
  std::vector<int64_t> flat = {0};
  for (int64_t n : shape) {
    std::vector<int64_t> keep;
    for (int64_t i = 0; i < n; ++i)
      if (!summarize || n <= 2 * kEdgeItems || i < kEdgeItems ||
          i >= n - kEdgeItems)
        keep.push_back(i);
    std::vector<int64_t> next;
    next.reserve(flat.size() * keep.size());
    for (int64_t f : flat)
      for (int64_t i : keep)
        next.push_back(f * n + i);
    flat = std::move(next);
  }
  return flat;
}

/// arrayprint._extendLine: wrap unless the line holds only its indent.
void extendLine(std::string &s, std::string &line, const std::string &word,
                size_t width, const std::string &nextLinePrefix) {
  if (line.size() + word.size() > width &&
      line.size() > nextLinePrefix.size()) {
    s += rstrip(line) + "\n";
    line = nextLinePrefix;
  }
  line += word;
}

/// arrayprint._formatArray.
class ArrayLayout {
public:
  ArrayLayout(const shape_t &shape, ElementFormatter format,
              std::string separator, bool summarize)
      : shape(shape), format(std::move(format)),
        separator(std::move(separator)), summarize(summarize) {}

  std::string recurse(int axis, int64_t offset, const std::string &hanging,
                      int width) const {
    int rank = shape.size();
    if (axis == rank)
      return format(offset);
    std::string nextHanging = hanging + " ";
    int nextWidth = width - 1;
    int64_t n = shape[axis];
    bool summary = summarize && 2 * kEdgeItems < n;
    int64_t leading = summary ? kEdgeItems : 0;
    int64_t trailing = summary ? kEdgeItems : n;
    auto child = [&](int64_t i) {
      return recurse(axis + 1, offset * n + i, nextHanging, nextWidth);
    };

    std::string s;
    if (axis == rank - 1) {
      size_t elemWidth = width - std::max<int>(rstrip(separator).size(), 1);
      std::string line = hanging;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, child(i), elemWidth, hanging);
        line += separator;
      }
      if (summary) {
        extendLine(s, line, "...", elemWidth, hanging);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, child(n - i), elemWidth, hanging);
        line += separator;
      }
      extendLine(s, line, child(n - 1), elemWidth, hanging);
      s += line;
    } else {
      std::string lineSep =
          rstrip(separator) + std::string(rank - axis - 1, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += hanging + child(i) + lineSep;
      if (summary)
        s += hanging + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += hanging + child(n - i) + lineSep;
      s += hanging + child(n - 1);
    }
    return "[" + s.substr(hanging.size()) + "]";
  }

private:
  const shape_t &shape;
  ElementFormatter format;
  std::string separator;
  bool summarize;
};

/// np.array2string(a, separator=, prefix=, suffix=) for a non-empty array.
std::string array2string(const ArrayImpl &a, const std::string &separator,
                         const std::string &prefix, const std::string &suffix) {
  if (a.size == 0)
    return "[]";
  bool summarize = a.size > kThreshold;
  ElementFormatter format =
      elementFormatter(a, shownIndices(a.shape, summarize));
  ArrayLayout layout(a.shape, std::move(format), separator, summarize);
  return layout.recurse(0, 0, " " + std::string(prefix.size(), ' '),
                        kLineWidth - suffix.size());
}

/// str() of a float scalar: positional unless the value is tiny or huge.
std::string floatScalarStr(const FloatParts &f, Trim positional,
                           Trim scientific, bool sign) {
  DigitOptions opt;
  opt.sign = sign;
  double a = std::fabs(f.value);
  if (f.value == 0 || (a < 1e16 && a >= 1e-4)) {
    opt.trim = positional;
    return formatPositional(f, opt);
  }
  opt.trim = scientific;
  return formatScientific(f, opt);
}

/// str() of the element of a 0-d array, as NumPy's scalar types print.
std::string scalarStr(const ArrayImpl &a) {
  tnp::dtype t = a.dtype;
  if (t.is_bool() || t.is_integer()) {
    Scalar s = readScalar(a.data(), t, 0);
    if (t.is_bool())
      return s.i ? "True" : "False";
    return s.isUnsigned ? std::to_string(static_cast<uint64_t>(s.i))
                        : std::to_string(s.i);
  }
  FloatParts re = floatAt(a, 0, 0);
  if (t.is_floating())
    return floatScalarStr(re, Trim::LeaveOneZero, Trim::DptZeros, false);
  FloatParts im = floatAt(a, 0, 1);
  if (re.value == 0 && !re.negative)
    return floatScalarStr(im, Trim::DptZeros, Trim::DptZeros, false) + "j";
  std::string r =
      re.isNan   ? "nan"
      : re.isInf ? (re.negative ? "-inf" : "inf")
                 : floatScalarStr(re, Trim::DptZeros, Trim::DptZeros, false);
  std::string i =
      im.isNan   ? "+nan"
      : im.isInf ? (im.negative ? "-inf" : "+inf")
                 : floatScalarStr(im, Trim::DptZeros, Trim::DptZeros, true);
  return "(" + r + i + "j)";
}

/// A shape as Python writes a tuple: "(0, 3)", "(0,)".
std::string tupleRepr(const shape_t &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

/// A traced array prints as what is known of it, as JAX prints a tracer.
std::string tracedStr(const ArrayImpl &a) {
  return "Traced<" + std::string(a.dtype.name()) + tupleRepr(a.shape) + ">";
}

} // namespace

std::string tnp::repr(const ndarray &x) {
  const ArrayImpl &a = implOf(x);
  if (a.tracer)
    return tracedStr(a);
  tnp::dtype t = a.dtype;
  // The dtypes NumPy's repr leaves implied (arrayprint._typelessdata).
  bool implied = t == int64 || t == float64 || t == complex128 || t == bool_;
  bool skipDtype = implied && a.size > 0;
  const std::string prefix = "array(", suffix = skipDtype ? ")" : ",";
  std::string list = a.size > 0 || a.shape == shape_t{0}
                         ? array2string(a, ", ", prefix, suffix)
                         : "[], shape=" + tupleRepr(a.shape);
  std::string s = prefix + list + suffix;
  if (skipDtype)
    return s;
  std::string dtypeStr = "dtype=" + std::string(t.name()) + ")";
  size_t lastLine = s.size() - (s.rfind('\n') + 1);
  if (lastLine + dtypeStr.size() + 1 > static_cast<size_t>(kLineWidth))
    return s + "\n" + std::string(prefix.size(), ' ') + dtypeStr;
  return s + " " + dtypeStr;
}

std::string tnp::str(const ndarray &x) {
  const ArrayImpl &a = implOf(x);
  if (a.tracer)
    return tracedStr(a);
  if (a.shape.empty())
    return scalarStr(a);
  return array2string(a, " ", "", "");
}

std::ostream &tnp::operator<<(std::ostream &os, const ndarray &a) {
  return os << str(a);
}
