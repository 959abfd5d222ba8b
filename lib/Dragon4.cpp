//===- Dragon4.cpp - decimal digits of binary floats, as NumPy prints -----===//
//
// NumPy prints floats with its own Dragon4 (Steele & White, Burger & Dybvig,
// by way of Ryan Juckett): exact big-integer digit generation that stops at
// the shortest unique digits, at a digit cutoff, or past a minimum count, and
// rounds the last digit. Its cutoff and minimum-digit rules are not those of
// std::to_chars, so they are reproduced here: `array([8224.], dtype=float16)`
// prints the exact integer digits while str(np.float16(8224)) is `8220.0`.
//
//===----------------------------------------------------------------------===//

#include "lib/Format.h"

#include <array>
#include <cassert>
#include <cmath>
#include <cstring>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// An unsigned integer of up to 64 32-bit blocks, low block first: float64's
/// extremes need about 1150 bits.
class BigInt {
public:
  explicit BigInt(uint64_t v = 0) {
    blocks[0] = static_cast<uint32_t>(v);
    blocks[1] = static_cast<uint32_t>(v >> 32);
    length = blocks[1] ? 2 : blocks[0] ? 1 : 0;
  }
  static BigInt pow2(int e) {
    BigInt r(1);
    r.shiftLeft(e);
    return r;
  }

  bool isZero() const { return length == 0; }
  bool isEven() const { return length == 0 || blocks[0] % 2 == 0; }

  void shiftLeft(int bits) {
    if (isZero() || bits == 0)
      return;
    int whole = bits / 32, part = bits % 32;
    assert(length + whole + 1 <= kBlocks && "BigInt overflow");
    blocks[length + whole] = 0;
    for (int i = length - 1; i >= 0; --i) {
      uint64_t v = static_cast<uint64_t>(blocks[i]) << part;
      blocks[i + whole + 1] |= static_cast<uint32_t>(v >> 32);
      blocks[i + whole] = static_cast<uint32_t>(v);
    }
    for (int i = 0; i < whole; ++i)
      blocks[i] = 0;
    length += whole + 1;
    trim();
  }

  void multiply(uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < length; ++i) {
      uint64_t p = static_cast<uint64_t>(blocks[i]) * m + carry;
      blocks[i] = static_cast<uint32_t>(p);
      carry = p >> 32;
    }
    if (carry) {
      assert(length < kBlocks && "BigInt overflow");
      blocks[length++] = static_cast<uint32_t>(carry);
    }
  }

  void multiplyPow10(int n) {
    for (; n >= 9; n -= 9)
      multiply(1000000000u);
    static constexpr uint32_t small[] = {
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    multiply(small[n]);
  }

  friend int compare(const BigInt &a, const BigInt &b) {
    if (a.length != b.length)
      return a.length < b.length ? -1 : 1;
    for (int i = a.length - 1; i >= 0; --i)
      if (a.blocks[i] != b.blocks[i])
        return a.blocks[i] < b.blocks[i] ? -1 : 1;
    return 0;
  }

  friend BigInt operator+(const BigInt &a, const BigInt &b) {
    BigInt r;
    int n = std::max(a.length, b.length);
    uint64_t carry = 0;
    for (int i = 0; i < n; ++i) {
      uint64_t s = carry + (i < a.length ? a.blocks[i] : 0) +
                   (i < b.length ? b.blocks[i] : 0);
      r.blocks[i] = static_cast<uint32_t>(s);
      carry = s >> 32;
    }
    r.length = n;
    if (carry) {
      assert(n < kBlocks && "BigInt overflow");
      r.blocks[r.length++] = 1;
    }
    return r;
  }

  /// Replaces *this by *this mod d and returns the quotient, which the
  /// caller guarantees is below 10.
  uint32_t divideSmallQuotient(const BigInt &d) {
    uint32_t q = 0;
    while (compare(*this, d) >= 0) {
      subtract(d);
      ++q;
    }
    assert(q < 10 && "digit out of range");
    return q;
  }

private:
  static constexpr int kBlocks = 64;

  void subtract(const BigInt &d) {
    int64_t borrow = 0;
    for (int i = 0; i < length; ++i) {
      int64_t v = static_cast<int64_t>(blocks[i]) -
                  (i < d.length ? d.blocks[i] : 0) - borrow;
      borrow = v < 0;
      blocks[i] = static_cast<uint32_t>(v + (borrow << 32));
    }
    trim();
  }
  void trim() {
    while (length > 0 && blocks[length - 1] == 0)
      --length;
  }

  std::array<uint32_t, kBlocks> blocks{};
  int length = 0;
};

/// NumPy's output buffer size bounds the digits Dragon4 may produce.
constexpr int kMaxDigits = 16383;

/// The digits of a finite value and the decimal exponent of the first one.
struct Decimal {
  std::string digits;
  int exponent = 0;
};

/// Dragon4 as NumPy runs it. In unique mode digits stop once they identify
/// the value among its neighbours (boundaries count when the mantissa is
/// even, as round-half-even parsing would return it), but not before the
/// digit of exponent cutoffMin's; cutoffMax, when >= 0, is the last digit
/// printed. `fraction` counts both past the decimal point, else from the
/// first digit. The last digit is rounded to nearest, ties to even.
Decimal dragon4(const FloatParts &f, bool unique, bool fraction, int cutoffMax,
                int cutoffMin) {
  if (f.mantissa == 0)
    return {"0", 0};
  bool isEven = f.mantissa % 2 == 0;
  // value = scaledValue / scale; the margins are half the distance to the
  // neighbouring floats, all scaled by 2 (by 4 with unequal margins).
  BigInt value(f.mantissa), scale, marginLow;
  int extra = f.unequalMargins ? 2 : 1;
  if (f.exponent > 0) {
    value.shiftLeft(f.exponent + extra);
    scale = BigInt(1u << extra);
    marginLow = BigInt::pow2(f.exponent);
  } else {
    value.shiftLeft(extra);
    scale = BigInt::pow2(-f.exponent + extra);
    marginLow = BigInt(1);
  }
  auto marginHigh = [&] {
    if (!f.unequalMargins)
      return marginLow;
    BigInt twice = marginLow;
    twice.multiply(2);
    return twice;
  };

  // An estimate of floor(log10(v)) + 1 that is exact or one too low.
  const double log10of2 = 0.30102999566398119521373889472449;
  int digitExponent = static_cast<int>(std::ceil(
      static_cast<double>(f.mantissaBit + f.exponent) * log10of2 - 0.69));
  if (cutoffMax >= 0 && fraction && digitExponent <= -cutoffMax)
    digitExponent = -cutoffMax + 1;
  if (digitExponent > 0) {
    scale.multiplyPow10(digitExponent);
  } else if (digitExponent < 0) {
    value.multiplyPow10(-digitExponent);
    marginLow.multiplyPow10(-digitExponent);
  }
  if (compare(value, scale) >= 0) {
    ++digitExponent;
  } else {
    value.multiply(10);
    marginLow.multiply(10);
  }

  int cutMaxExponent = digitExponent - kMaxDigits;
  if (cutoffMax >= 0)
    cutMaxExponent = std::max(
        cutMaxExponent, fraction ? -cutoffMax : digitExponent - cutoffMax);
  int cutMinExponent = digitExponent;
  if (cutoffMin >= 0)
    cutMinExponent = std::min(
        cutMinExponent, fraction ? -cutoffMin : digitExponent - cutoffMin);

  Decimal out;
  out.exponent = digitExponent - 1;
  bool low = false, high = false;
  uint32_t digit;
  for (;;) {
    --digitExponent;
    digit = value.divideSmallQuotient(scale);
    if (unique) {
      int c = compare(value, marginLow);
      low = isEven ? c <= 0 : c < 0;
      c = compare(value + marginHigh(), scale);
      high = isEven ? c >= 0 : c > 0;
      if (((low || high) && digitExponent <= cutMinExponent) ||
          digitExponent == cutMaxExponent)
        break;
    } else if (value.isZero() || digitExponent == cutMaxExponent) {
      break;
    }
    out.digits += static_cast<char>('0' + digit);
    value.multiply(10);
    marginLow.multiply(10);
  }

  // Round down when only the lower neighbour is near, up when only the upper
  // one is, else to the nearer digit.
  bool roundDown = low;
  if (low == high) {
    value.multiply(2);
    int c = compare(value, scale);
    roundDown = c < 0 || (c == 0 && digit % 2 == 0);
  }
  if (roundDown) {
    out.digits += static_cast<char>('0' + digit);
  } else if (digit < 9) {
    out.digits += static_cast<char>('0' + digit + 1);
  } else {
    // Carry: drop trailing nines and bump the digit before them.
    while (!out.digits.empty() && out.digits.back() == '9')
      out.digits.pop_back();
    if (out.digits.empty()) {
      out.digits = "1";
      ++out.exponent;
    } else {
      ++out.digits.back();
    }
  }
  return out;
}

/// "nan" (never signed) or a signed "inf", as Dragon4's PrintInfNan.
std::string infNan(const FloatParts &f, const DigitOptions &opt) {
  if (f.isNan)
    return "nan";
  return (f.negative ? "-" : opt.sign ? "+" : "") + std::string("inf");
}

/// Strips trailing zeros past the decimal point, as the trim modes ask.
void trimZeros(std::string &s, int &numFraction, Trim trim) {
  if (trim == Trim::None || numFraction <= 0)
    return;
  while (s.back() == '0') {
    s.pop_back();
    --numFraction;
  }
}

} // namespace

FloatParts tnp::detail::decomposeFloat(uint64_t bits, int mantissaBits,
                                       int exponentBits) {
  FloatParts f;
  uint64_t fraction = bits & ((uint64_t(1) << mantissaBits) - 1);
  uint64_t biased =
      (bits >> mantissaBits) & ((uint64_t(1) << exponentBits) - 1);
  f.negative = (bits >> (mantissaBits + exponentBits)) & 1;
  int bias = (1 << (exponentBits - 1)) - 1;
  if (biased == (uint64_t(1) << exponentBits) - 1) {
    f.isNan = fraction != 0;
    f.isInf = fraction == 0;
    f.value = f.isNan ? NAN : f.negative ? -INFINITY : INFINITY;
    return f;
  }
  if (biased != 0) {
    f.mantissa = (uint64_t(1) << mantissaBits) | fraction;
    f.exponent = static_cast<int>(biased) - bias - mantissaBits;
    f.mantissaBit = mantissaBits;
    f.unequalMargins = biased != 1 && fraction == 0;
  } else {
    f.mantissa = fraction;
    f.exponent = 1 - bias - mantissaBits;
    f.mantissaBit = fraction ? 63 - __builtin_clzll(fraction) : 0;
  }
  f.value = std::ldexp(static_cast<double>(f.mantissa), f.exponent);
  if (f.negative)
    f.value = -f.value;
  return f;
}

std::string tnp::detail::formatPositional(const FloatParts &f,
                                          const DigitOptions &opt) {
  if (f.isNan || f.isInf)
    return infNan(f, opt);
  std::string s;
  if (f.negative)
    s = "-";
  else if (opt.sign)
    s = "+";
  int hasSign = s.size();
  Decimal d =
      dragon4(f, opt.unique, opt.fractional, opt.precision, opt.minDigits);
  int numDigits = d.digits.size(), numWhole, numFraction = 0;
  if (d.exponent >= 0) {
    numWhole = d.exponent + 1;
    if (numDigits <= numWhole) {
      s += d.digits + std::string(numWhole - numDigits, '0');
    } else {
      s += d.digits.substr(0, numWhole) + "." + d.digits.substr(numWhole);
      numFraction = numDigits - numWhole;
    }
  } else {
    int zeros = -(d.exponent + 1);
    s += "0." + std::string(zeros, '0') + d.digits;
    numFraction = zeros + numDigits;
    numWhole = 1;
  }
  if (opt.trim != Trim::DptZeros && numFraction == 0)
    s += '.';

  int addDigits = opt.unique ? opt.minDigits : opt.precision;
  int desiredFraction = std::max(addDigits, 0);
  if (!opt.fractional)
    desiredFraction = addDigits - numWhole;
  if (opt.trim == Trim::LeaveOneZero) {
    if (numFraction == 0) {
      s += '0';
      ++numFraction;
    }
  } else if (opt.trim == Trim::None && desiredFraction > numFraction) {
    s += std::string(desiredFraction - numFraction, '0');
    numFraction = desiredFraction;
  }
  if (opt.trim != Trim::None && numFraction > 0) {
    trimZeros(s, numFraction, opt.trim);
    if (s.back() == '.') {
      if (opt.trim == Trim::LeaveOneZero) {
        s += '0';
        ++numFraction;
      } else if (opt.trim == Trim::DptZeros) {
        s.pop_back();
      }
    }
  }

  if (opt.padRight >= numFraction) {
    if (opt.trim == Trim::DptZeros && numFraction == 0)
      s += ' ';
    s += std::string(opt.padRight - numFraction, ' ');
  }
  if (opt.padLeft > numWhole + hasSign)
    s.insert(0, opt.padLeft - numWhole - hasSign, ' ');
  return s;
}

std::string tnp::detail::formatScientific(const FloatParts &f,
                                          const DigitOptions &opt) {
  if (f.isNan || f.isInf)
    return infNan(f, opt);
  std::string s;
  int leftChars = 1 + (f.negative || opt.sign);
  if (opt.padLeft > leftChars)
    s.assign(opt.padLeft - leftChars, ' ');
  if (f.negative)
    s += '-';
  else if (opt.sign)
    s += '+';
  Decimal d = dragon4(f, opt.unique, /*fraction=*/false,
                      opt.precision < 0 ? -1 : opt.precision + 1,
                      opt.minDigits < 0 ? -1 : opt.minDigits + 1);
  s += d.digits[0];
  int numFraction = d.digits.size() - 1;
  if (numFraction > 0)
    s += "." + d.digits.substr(1);
  if (opt.trim != Trim::DptZeros && numFraction == 0)
    s += '.';

  int addDigits = std::max(opt.unique ? opt.minDigits : opt.precision, 0);
  if (opt.trim == Trim::LeaveOneZero) {
    if (numFraction == 0) {
      s += '0';
      ++numFraction;
    }
  } else if (opt.trim == Trim::None && addDigits > numFraction) {
    s += std::string(addDigits - numFraction, '0');
    numFraction = addDigits;
  }
  // Unlike the positional case, a bare '.' stays in every trim mode.
  if (opt.trim != Trim::None && numFraction > 0) {
    trimZeros(s, numFraction, opt.trim);
    if (opt.trim == Trim::LeaveOneZero && s.back() == '.')
      s += '0';
  }

  int exponent = d.exponent;
  s += exponent < 0 ? "e-" : "e+";
  // Leading zeros go down to `width` digits (none at all for 0).
  std::string digits = exponent ? std::to_string(std::abs(exponent)) : "";
  int width = opt.expDigits < 0 ? 2 : std::min(opt.expDigits, 5);
  if (static_cast<int>(digits.size()) < width)
    digits.insert(0, width - digits.size(), '0');
  return s + digits;
}
