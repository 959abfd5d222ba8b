//===- Format.h - shapes and values in NumPy's words ------------*- C++ -*-===//

#ifndef TNP_LIB_FORMAT_H
#define TNP_LIB_FORMAT_H

#include <tnp/ndarray.h>

#include <cstdint>
#include <string>

namespace tnp::detail {

/// A shape as NumPy writes it in messages: "(2,3)", "(4,)", "()".
std::string formatShape(const shape_t &shape);

/// A binary float split as Dragon4 reads it: value = mantissa * 2^exponent.
struct FloatParts {
  uint64_t mantissa = 0;
  int exponent = 0;
  /// The index of the mantissa's highest set bit.
  int mantissaBit = 0;
  /// The gap to the next float down is half that to the next one up (an
  /// exact power of two above the smallest normal).
  bool unequalMargins = false;
  bool negative = false;
  bool isNan = false;
  bool isInf = false;
  /// The exact value (every tnp float fits a double).
  double value = 0;
};

/// Splits IEEE-style bits with the given field widths (float16: 10, 5;
/// bfloat16: 7, 8; float32: 23, 8; float64: 52, 11).
FloatParts decomposeFloat(uint64_t bits, int mantissaBits, int exponentBits);

/// NumPy's trim modes: 'k', '0', '.', '-'.
enum class Trim { None, LeaveOneZero, Zeros, DptZeros };

/// The arguments of np.format_float_positional/scientific; -1 means unset.
struct DigitOptions {
  bool unique = true;
  /// Positional only: precision and minDigits count fractional digits.
  bool fractional = true;
  int precision = -1;
  int minDigits = -1;
  /// Print '+' for positive values.
  bool sign = false;
  Trim trim = Trim::None;
  int padLeft = -1;
  int padRight = -1;
  int expDigits = -1;
};

/// np.format_float_positional on a decomposed float (NumPy's Dragon4).
std::string formatPositional(const FloatParts &f, const DigitOptions &opt);
/// np.format_float_scientific on a decomposed float (NumPy's Dragon4).
std::string formatScientific(const FloatParts &f, const DigitOptions &opt);

} // namespace tnp::detail

#endif // TNP_LIB_FORMAT_H
