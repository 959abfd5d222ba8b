//===- Math.cpp - NumPy's ufuncs over the elementwise primitives ----------===//

#include <tnp/math.h>

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/Primitives.h"

#include <cmath>
#include <complex>
#include <limits>

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

// Operands are taken by value and moved on: a temporary's buffer may hold
// the result (Call::reusableInputs).
ndarray unary(Elementwise op, const char *name, ndarray x,
              unsigned accepts = Any) {
  checkLoop(name, x.dtype(), accepts);
  return prim::elementwise(op, {std::move(x)}, name);
}

tnp::dtype promoted(const ndarray &a, const ndarray &b, const char *name) {
  // The Same category's result is the promoted dtype itself.
  return prim::resultDType(Elementwise::Add, {a, b}, name);
}

ndarray binary(Elementwise op, const char *name, ndarray a, ndarray b,
               unsigned accepts = Any) {
  checkLoop(name, promoted(a, b, name), accepts);
  return prim::elementwise(op, {std::move(a), std::move(b)}, name);
}

ndarray toBool(const ndarray &x) {
  return x.dtype().is_bool() && !x.is_weak() ? x : x.astype(bool_);
}

} // namespace

ndarray tnp::negative(const ndarray &x) { return -x; }
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
ndarray tnp::bitwise_not(const ndarray &x) { return invert(x); }
ndarray tnp::real(const ndarray &val) {
  return prim::elementwise(Elementwise::Real, {val}, "real");
}
ndarray tnp::imag(const ndarray &val) {
  return prim::elementwise(Elementwise::Imag, {val}, "imag");
}
ndarray tnp::conjugate(const ndarray &x) {
  // NumPy has no bool loop: the first one bool casts to is int8's.
  if (x.dtype().is_bool())
    return unary(Elementwise::Conj, "conjugate", x.astype(int8));
  return unary(Elementwise::Conj, "conjugate", x);
}
ndarray tnp::conj(const ndarray &x) { return conjugate(x); }
ndarray tnp::signbit(const ndarray &x) {
  return unary(Elementwise::Signbit, "signbit", x, Real);
}

// The operators below hold these ufuncs' rules.
ndarray tnp::add(const ndarray &a, const ndarray &b) { return a + b; }
ndarray tnp::subtract(const ndarray &a, const ndarray &b) { return a - b; }
ndarray tnp::multiply(const ndarray &a, const ndarray &b) { return a * b; }
ndarray tnp::divide(const ndarray &a, const ndarray &b) { return a / b; }
ndarray tnp::true_divide(const ndarray &a, const ndarray &b) {
  return divide(a, b);
}
ndarray tnp::floor_divide(const ndarray &a, const ndarray &b) {
  return binary(Elementwise::FloorDiv, "floor_divide", a, b, Real);
}
ndarray tnp::remainder(const ndarray &a, const ndarray &b) { return a % b; }
ndarray tnp::mod(const ndarray &a, const ndarray &b) { return remainder(a, b); }
std::pair<ndarray, ndarray> tnp::divmod(const ndarray &x1, const ndarray &x2) {
  return {floor_divide(x1, x2), remainder(x1, x2)};
}
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
ndarray tnp::nextafter(const ndarray &x1, const ndarray &x2) {
  return binary(Elementwise::Nextafter, "nextafter", x1, x2, Real);
}
ndarray tnp::gcd(const ndarray &x1, const ndarray &x2) {
  return binary(Elementwise::Gcd, "gcd", x1, x2, Int);
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
ndarray tnp::bitwise_and(const ndarray &a, const ndarray &b) { return a & b; }
ndarray tnp::bitwise_or(const ndarray &a, const ndarray &b) { return a | b; }
ndarray tnp::bitwise_xor(const ndarray &a, const ndarray &b) { return a ^ b; }
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

ndarray tnp::operator-(ndarray x) {
  if (x.dtype().is_bool())
    throw TypeError("The numpy boolean negative, the `-` operator, is not "
                    "supported, use the `~` operator or the logical_not "
                    "function instead.");
  return unary(Elementwise::Neg, "negative", std::move(x));
}
ndarray tnp::operator+(const ndarray &x) { return x; }
ndarray tnp::operator~(const ndarray &x) { return invert(x); }
ndarray tnp::operator!(const ndarray &x) { return logical_not(x); }
ndarray tnp::operator+(ndarray a, ndarray b) {
  return binary(Elementwise::Add, "add", std::move(a), std::move(b));
}
namespace {
void checkNotBoolSubtract(const ndarray &a, const ndarray &b) {
  if (promoted(a, b, "subtract").is_bool())
    throw TypeError("numpy boolean subtract, the `-` operator, is not "
                    "supported, use the bitwise_xor, the `^` operator, or the "
                    "logical_xor function instead.");
}
} // namespace

ndarray tnp::operator-(ndarray a, ndarray b) {
  checkNotBoolSubtract(a, b);
  return binary(Elementwise::Sub, "subtract", std::move(a), std::move(b));
}
ndarray tnp::operator*(ndarray a, ndarray b) {
  return binary(Elementwise::Mul, "multiply", std::move(a), std::move(b));
}
ndarray tnp::operator/(ndarray a, ndarray b) {
  return binary(Elementwise::Div, "divide", std::move(a), std::move(b));
}
ndarray tnp::operator%(ndarray a, ndarray b) {
  return binary(Elementwise::Rem, "remainder", std::move(a), std::move(b),
                Real);
}
ndarray tnp::operator&(ndarray a, ndarray b) {
  return binary(Elementwise::And, "bitwise_and", std::move(a), std::move(b),
                Integral);
}
ndarray tnp::operator|(ndarray a, ndarray b) {
  return binary(Elementwise::Or, "bitwise_or", std::move(a), std::move(b),
                Integral);
}
ndarray tnp::operator^(ndarray a, ndarray b) {
  return binary(Elementwise::Xor, "bitwise_xor", std::move(a), std::move(b),
                Integral);
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
namespace {
/// a op= b: rebinds `a` to `a op b`, whose result may take a's buffer when
/// nothing else holds it (as NumPy's in-place operators write into it). `a`
/// is given up only after the checks `op` makes before it computes (its
/// dtypes, the shapes broadcasting) pass, so a bad operand leaves `a` as it
/// was.
ndarray &compound(ndarray &a, const ndarray &b, ndarray (*op)(ndarray, ndarray),
                  const char *name) {
  promoted(a, b, name);
  prim::broadcastShapes({a, b});
  return a = op(std::move(a), b);
}
} // namespace

ndarray &tnp::operator+=(ndarray &a, const ndarray &b) {
  return compound(a, b, tnp::operator+, "add");
}
ndarray &tnp::operator-=(ndarray &a, const ndarray &b) {
  checkNotBoolSubtract(a, b);
  return compound(a, b, tnp::operator-, "subtract");
}
ndarray &tnp::operator*=(ndarray &a, const ndarray &b) {
  return compound(a, b, tnp::operator*, "multiply");
}
ndarray &tnp::operator/=(ndarray &a, const ndarray &b) {
  return compound(a, b, tnp::operator/, "divide");
}

//===----------------------------------------------------------------------===//
// Ufuncs that are formulas of the others: each computes in the float dtype
// NumPy's loop for it does (`inexact`), so results, derivatives and batching
// follow from the ops the formula is made of.
//===----------------------------------------------------------------------===//

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// The dtype NumPy's float loops compute `operands` in (np.sin(int8) is
/// float16, np.hypot(int8, 4) is float16).
tnp::dtype inexactDType(std::initializer_list<ndarray> operands,
                        const char *name) {
  return prim::resultDType(operands.size() == 1 ? Elementwise::Sin
                                                : Elementwise::Atan2,
                           operands, name);
}

/// log(e**a + e**b) in base `log1pScaled` = log1p(k**-d) / ln k: the larger
/// operand plus the log of one plus the other's share. Equal infinities
/// (whose difference is NaN) are their own result.
ndarray addLogs(const ndarray &a, const ndarray &b, const char *name,
                ndarray (*power)(const ndarray &), double lnBase) {
  tnp::dtype t = inexactDType({a, b}, name);
  checkLoop(name, t, Float);
  ndarray x = a.astype(t), y = b.astype(t);
  ndarray share = log1p(power(-absolute(x - y))) / lnBase;
  ndarray sum = maximum(x, y) + share;
  return where(logical_and(isinf(x), x == y), x, sum);
}

} // namespace

ndarray tnp::positive(const ndarray &x) {
  checkLoop("positive", x.dtype(), Int | Float | Complex);
  return +x;
}

ndarray tnp::fabs(const ndarray &x) {
  checkLoop("fabs", x.dtype(), Real);
  return absolute(x.astype(inexactDType({x}, "fabs")));
}

ndarray tnp::reciprocal(const ndarray &x) {
  if (x.dtype().is_floating())
    return 1 / x;
  // NumPy's complex loop (Smith's division) gives nan+nanj at 0, where 1/z
  // is inf+nanj. (np.where makes the literal complex128: cast back.)
  if (x.dtype().is_complex())
    return where(x == 0, ndarray(std::complex<double>(NAN, NAN)), 1 / x)
        .astype(x.dtype());
  // Integers divide as C does: 1/x truncates to 0 but for x = +-1. x = 0
  // is C's undefined division, where NumPy gives 0 or the most negative
  // value by width; tnp gives 0.
  ndarray i = x.dtype().is_bool() ? x.astype(int8) : x;
  return where(absolute(i) == 1, i, ndarray(0));
}

ndarray tnp::deg2rad(const ndarray &x) {
  checkLoop("deg2rad", x.dtype(), Real);
  return x.astype(inexactDType({x}, "deg2rad")) * (M_PI / 180);
}

ndarray tnp::rad2deg(const ndarray &x) {
  checkLoop("rad2deg", x.dtype(), Real);
  return x.astype(inexactDType({x}, "rad2deg")) * (180 / M_PI);
}

ndarray tnp::hypot(const ndarray &a, const ndarray &b) {
  tnp::dtype t = inexactDType({a, b}, "hypot");
  checkLoop("hypot", t, Float);
  ndarray x = absolute(a.astype(t)), y = absolute(b.astype(t));
  // m sqrt(1 + (n/m)**2) does not overflow where a*a would; C's hypot is
  // inf where either is, even with a NaN.
  ndarray m = maximum(x, y), n = minimum(x, y);
  ndarray safe = where(m == 0, ndarray(1.0), m);
  ndarray q = n / safe;
  ndarray h = where(m == 0, m, m * sqrt(1 + q * q));
  return where(logical_or(x == kInf, y == kInf), ndarray(kInf), h);
}

ndarray tnp::logaddexp(const ndarray &a, const ndarray &b) {
  return addLogs(a, b, "logaddexp", exp, 1.0);
}

ndarray tnp::logaddexp2(const ndarray &a, const ndarray &b) {
  return addLogs(a, b, "logaddexp2", exp2, M_LN2);
}

ndarray tnp::heaviside(const ndarray &x1, const ndarray &x2) {
  tnp::dtype t = inexactDType({x1, x2}, "heaviside");
  checkLoop("heaviside", t, Float);
  ndarray x = x1.astype(t), h0 = x2.astype(t);
  ndarray step = where(x < 0, ndarray(0.0), where(x > 0, ndarray(1.0), h0));
  return where(isnan(x), x, step);
}

ndarray tnp::fix(const ndarray &x) {
  checkLoop("fix", x.dtype(), Real);
  return where(x >= 0, floor(x), ceil(x));
}

ndarray tnp::sinc(const ndarray &x) {
  // NumPy has no bfloat16: it computes in float32, rounding once, as
  // NumPy's loops compute float16 (its float16 sinc rounds at each step).
  if (x.dtype() == bfloat16)
    return sinc(x.astype(float32)).astype(bfloat16);
  // NumPy's formula, 1e-20 standing in for 0: sin(pi y) / (pi y) is then
  // exactly 1, and the derivative at 0 is 0.
  ndarray y = M_PI * where(x == 0, ndarray(1.0e-20), x);
  return sin(y) / y;
}

ndarray tnp::float_power(const ndarray &a, const ndarray &b) {
  tnp::dtype t =
      promoted(a, b, "float_power").is_complex() ? complex128 : float64;
  return power(a.astype(t), b.astype(t));
}

ndarray tnp::lcm(const ndarray &x1, const ndarray &x2) {
  // |x1 / gcd * x2| in the promoted dtype, which wraps as NumPy's loop
  // does; lcm(0, 0) = 0.
  checkLoop("lcm", promoted(x1, x2, "lcm"), Int);
  ndarray g = gcd(x1, x2);
  ndarray a = x1.astype(g.dtype()), b = x2.astype(g.dtype());
  return absolute(floor_divide(a, where(g == 0, ndarray(1), g)) * b);
}

ndarray tnp::angle(const ndarray &z, bool deg) {
  // NumPy's formula: arctan2(imag, real), with the literal 0 as the
  // imaginary part of a real array (so angle(int8) is float16).
  ndarray a = z.dtype().is_complex() ? arctan2(imag(z), real(z))
                                     : arctan2(ndarray(0), z);
  return deg ? a * (180 / M_PI) : a;
}

ndarray tnp::around(const ndarray &a, int64_t decimals) {
  if (decimals == 0)
    return round(a);
  // NumPy's rounding at other places: scaled by 10**|decimals| in a's
  // dtype (integers: in float64, and unchanged for decimals > 0), rounded
  // half to even, scaled back.
  ndarray x = a.dtype().is_bool() ? a.astype(float16) : a;
  bool integral = x.dtype().is_integer();
  if (integral && decimals > 0)
    return x;
  double f = std::pow(10.0, static_cast<double>(std::abs(decimals)));
  if (integral)
    return (round(x.astype(float64) / f) * f).astype(x.dtype());
  return decimals > 0 ? round(x * f) / f : round(x / f) * f;
}
