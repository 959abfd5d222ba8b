//===- Math.cpp - NumPy's ufuncs over the elementwise primitives ----------===//

#include <tnp/math.h>

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/Primitives.h"

using namespace tnp;
using namespace tnp::detail;
using prim::Elementwise;

namespace {

/// What a ufunc's loops accept, by dtype kind.
enum Accepts : unsigned {
  Bool = 1,
  Int = 2,
  Float = 4,
  Complex = 8,
  Integral = Bool | Int,
  Real = Bool | Int | Float,
  Any = Real | Complex,
};

unsigned kindOf(tnp::dtype t) {
  if (t.is_bool())
    return Bool;
  if (t.is_integer())
    return Int;
  return t.is_floating() ? Float : Complex;
}

/// NumPy's TypeError for a ufunc without a loop for the promoted dtype.
void checkLoop(const char *name, tnp::dtype promoted, unsigned accepts) {
  if (kindOf(promoted) & accepts)
    return;
  throw TypeError(std::string("ufunc '") + name +
                  "' not supported for the input types, and the inputs "
                  "could not be safely coerced to any supported types "
                  "according to the casting rule ''safe''");
}

ndarray unary(Elementwise op, const char *name, const ndarray &x,
              unsigned accepts = Any) {
  checkLoop(name, x.dtype(), accepts);
  return prim::elementwise(op, {x}, name);
}

tnp::dtype promoted(const ndarray &a, const ndarray &b, const char *name) {
  // The Same category's result is the promoted dtype itself.
  return prim::resultDType(Elementwise::Add, {a, b}, name);
}

ndarray binary(Elementwise op, const char *name, const ndarray &a,
               const ndarray &b, unsigned accepts = Any) {
  checkLoop(name, promoted(a, b, name), accepts);
  return prim::elementwise(op, {a, b}, name);
}

ndarray toBool(const ndarray &x) {
  return x.dtype().is_bool() && !x.is_weak() ? x : x.astype(bool_);
}

} // namespace

ndarray tnp::negative(const ndarray &x) {
  if (x.dtype().is_bool())
    throw TypeError("The numpy boolean negative, the `-` operator, is not "
                    "supported, use the `~` operator or the logical_not "
                    "function instead.");
  return unary(Elementwise::Neg, "negative", x);
}
ndarray tnp::absolute(const ndarray &x) {
  return unary(Elementwise::Abs, "absolute", x);
}
ndarray tnp::abs(const ndarray &x) { return absolute(x); }
ndarray tnp::sign(const ndarray &x) {
  return unary(Elementwise::Sign, "sign", x, Int | Float | Complex);
}
ndarray tnp::exp(const ndarray &x) { return unary(Elementwise::Exp, "exp", x); }
ndarray tnp::expm1(const ndarray &x) {
  return unary(Elementwise::Expm1, "expm1", x);
}
ndarray tnp::log(const ndarray &x) { return unary(Elementwise::Log, "log", x); }
ndarray tnp::log1p(const ndarray &x) {
  return unary(Elementwise::Log1p, "log1p", x);
}
ndarray tnp::sqrt(const ndarray &x) {
  return unary(Elementwise::Sqrt, "sqrt", x);
}
ndarray tnp::square(const ndarray &x) {
  return unary(Elementwise::Square, "square", x);
}
ndarray tnp::tanh(const ndarray &x) {
  return unary(Elementwise::Tanh, "tanh", x);
}
ndarray tnp::sin(const ndarray &x) { return unary(Elementwise::Sin, "sin", x); }
ndarray tnp::cos(const ndarray &x) { return unary(Elementwise::Cos, "cos", x); }
ndarray tnp::tan(const ndarray &x) { return unary(Elementwise::Tan, "tan", x); }

namespace {
/// A ufunc whose complex loop NumPy has and tnp's lowering has not yet.
ndarray realUnary(Elementwise op, const char *name, const ndarray &x) {
  if (x.dtype().is_complex())
    throw NotImplementedError(std::string("tnp.") + name +
                              ": complex arrays are not supported yet");
  return unary(op, name, x, Real);
}
} // namespace

ndarray tnp::arcsin(const ndarray &x) {
  return realUnary(Elementwise::Asin, "arcsin", x);
}
ndarray tnp::arccos(const ndarray &x) {
  return realUnary(Elementwise::Acos, "arccos", x);
}
ndarray tnp::arctan(const ndarray &x) {
  return realUnary(Elementwise::Atan, "arctan", x);
}
ndarray tnp::sinh(const ndarray &x) {
  return realUnary(Elementwise::Sinh, "sinh", x);
}
ndarray tnp::cosh(const ndarray &x) {
  return realUnary(Elementwise::Cosh, "cosh", x);
}
ndarray tnp::arcsinh(const ndarray &x) {
  return realUnary(Elementwise::Asinh, "arcsinh", x);
}
ndarray tnp::arccosh(const ndarray &x) {
  return realUnary(Elementwise::Acosh, "arccosh", x);
}
ndarray tnp::arctanh(const ndarray &x) {
  return realUnary(Elementwise::Atanh, "arctanh", x);
}
ndarray tnp::log2(const ndarray &x) {
  return unary(Elementwise::Log2, "log2", x);
}
ndarray tnp::log10(const ndarray &x) {
  return unary(Elementwise::Log10, "log10", x);
}
ndarray tnp::exp2(const ndarray &x) {
  return unary(Elementwise::Exp2, "exp2", x);
}
ndarray tnp::cbrt(const ndarray &x) {
  // NumPy has no complex loop: its TypeError.
  return unary(Elementwise::Cbrt, "cbrt", x, Real);
}
ndarray tnp::floor(const ndarray &x) {
  return unary(Elementwise::Floor, "floor", x, Real);
}
ndarray tnp::ceil(const ndarray &x) {
  return unary(Elementwise::Ceil, "ceil", x, Real);
}
ndarray tnp::round(const ndarray &x) {
  // NumPy has no bool loop: the first one bool casts to is float16's.
  if (x.dtype().is_bool())
    return unary(Elementwise::Round, "round", x.astype(float16));
  return unary(Elementwise::Round, "round", x);
}
ndarray tnp::logical_not(const ndarray &x) {
  return prim::elementwise(Elementwise::Not, {toBool(x)}, "logical_not");
}
ndarray tnp::invert(const ndarray &x) {
  return unary(Elementwise::Not, "invert", x, Integral);
}

ndarray tnp::add(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Add, "add", a, b);
}
ndarray tnp::subtract(const ndarray &a, const ndarray &b) {
  if (promoted(a, b, "subtract").is_bool())
    throw TypeError("numpy boolean subtract, the `-` operator, is not "
                    "supported, use the bitwise_xor, the `^` operator, or the "
                    "logical_xor function instead.");
  return binary(Elementwise::Sub, "subtract", a, b);
}
ndarray tnp::multiply(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Mul, "multiply", a, b);
}
ndarray tnp::divide(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Div, "divide", a, b);
}
ndarray tnp::true_divide(const ndarray &a, const ndarray &b) {
  return divide(a, b);
}
ndarray tnp::floor_divide(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::FloorDiv, "floor_divide", a, b, Real);
}
ndarray tnp::remainder(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Rem, "remainder", a, b, Real);
}
ndarray tnp::mod(const ndarray &a, const ndarray &b) { return remainder(a, b); }
ndarray tnp::power(const ndarray &a, const ndarray &b) {
  tnp::dtype t = promoted(a, b, "power");
  // A traced exponent's values are unknown: no check (as under JAX's jit).
  if ((t.is_integer() || t.is_bool()) && b.dtype().is_integer() &&
      !b.dtype().is_unsigned() && !implOf(b).tracer &&
      prim::reduce(prim::Reduce::Any, less(b, 0).ravel(), {0}).item<bool>())
    throw ValueError("Integers to negative integer powers are not allowed.");
  return binary(Elementwise::Pow, "power", a, b);
}
ndarray tnp::maximum(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Maximum, "maximum", a, b);
}
ndarray tnp::minimum(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Minimum, "minimum", a, b);
}
ndarray tnp::arctan2(const ndarray &y, const ndarray &x) {
  return binary(Elementwise::Atan2, "arctan2", y, x, Real);
}
ndarray tnp::logical_and(const ndarray &a, const ndarray &b) {
  return prim::elementwise(Elementwise::And, {toBool(a), toBool(b)},
                           "logical_and");
}
ndarray tnp::logical_or(const ndarray &a, const ndarray &b) {
  return prim::elementwise(Elementwise::Or, {toBool(a), toBool(b)},
                           "logical_or");
}
ndarray tnp::logical_xor(const ndarray &a, const ndarray &b) {
  return prim::elementwise(Elementwise::Xor, {toBool(a), toBool(b)},
                           "logical_xor");
}
ndarray tnp::bitwise_and(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::And, "bitwise_and", a, b, Integral);
}
ndarray tnp::bitwise_or(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Or, "bitwise_or", a, b, Integral);
}
ndarray tnp::bitwise_xor(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Xor, "bitwise_xor", a, b, Integral);
}
ndarray tnp::equal(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Eq, "equal", a, b);
}
ndarray tnp::not_equal(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Ne, "not_equal", a, b);
}
ndarray tnp::less(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Lt, "less", a, b);
}
ndarray tnp::less_equal(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Le, "less_equal", a, b);
}
ndarray tnp::greater(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Gt, "greater", a, b);
}
ndarray tnp::greater_equal(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::Ge, "greater_equal", a, b);
}

ndarray tnp::where(const ndarray &condition, const ndarray &x,
                   const ndarray &y) {
  return prim::elementwise(Elementwise::Select, {toBool(condition), x, y},
                           "where");
}

ndarray tnp::clip(const ndarray &a, const ndarray &a_min,
                  const ndarray &a_max) {
  // NumPy names all three shapes when they do not broadcast.
  prim::broadcastShapes({a, a_min, a_max});
  return minimum(maximum(a, a_min), a_max);
}

ndarray tnp::operator-(const ndarray &x) { return negative(x); }
ndarray tnp::operator+(const ndarray &x) { return x; }
ndarray tnp::operator~(const ndarray &x) { return invert(x); }
ndarray tnp::operator!(const ndarray &x) { return logical_not(x); }
ndarray tnp::operator+(const ndarray &a, const ndarray &b) { return add(a, b); }
ndarray tnp::operator-(const ndarray &a, const ndarray &b) {
  return subtract(a, b);
}
ndarray tnp::operator*(const ndarray &a, const ndarray &b) {
  return multiply(a, b);
}
ndarray tnp::operator/(const ndarray &a, const ndarray &b) {
  return divide(a, b);
}
ndarray tnp::operator%(const ndarray &a, const ndarray &b) {
  return remainder(a, b);
}
ndarray tnp::operator&(const ndarray &a, const ndarray &b) {
  return bitwise_and(a, b);
}
ndarray tnp::operator|(const ndarray &a, const ndarray &b) {
  return bitwise_or(a, b);
}
ndarray tnp::operator^(const ndarray &a, const ndarray &b) {
  return bitwise_xor(a, b);
}
ndarray tnp::operator==(const ndarray &a, const ndarray &b) {
  return equal(a, b);
}
ndarray tnp::operator!=(const ndarray &a, const ndarray &b) {
  return not_equal(a, b);
}
ndarray tnp::operator<(const ndarray &a, const ndarray &b) {
  return less(a, b);
}
ndarray tnp::operator<=(const ndarray &a, const ndarray &b) {
  return less_equal(a, b);
}
ndarray tnp::operator>(const ndarray &a, const ndarray &b) {
  return greater(a, b);
}
ndarray tnp::operator>=(const ndarray &a, const ndarray &b) {
  return greater_equal(a, b);
}
ndarray &tnp::operator+=(ndarray &a, const ndarray &b) { return a = a + b; }
ndarray &tnp::operator-=(ndarray &a, const ndarray &b) { return a = a - b; }
ndarray &tnp::operator*=(ndarray &a, const ndarray &b) { return a = a * b; }
ndarray &tnp::operator/=(ndarray &a, const ndarray &b) { return a = a / b; }
