//===- math.h - elementwise functions and operators -------------*- C++ -*-===//
//
// NumPy's ufuncs. Operands broadcast and promote as in NumPy; C++ scalars are
// weak literals (see tnp::ndarray's scalar constructor).
//
//===----------------------------------------------------------------------===//

#ifndef TNP_MATH_H
#define TNP_MATH_H

#include <tnp/ndarray.h>

#include <functional>
#include <limits>
#include <utility>
#include <variant>
#include <vector>

namespace tnp {

/// np.pi, np.e and np.inf.
inline constexpr double pi{3.141592653589793};
inline constexpr double e{2.718281828459045};
inline constexpr double inf{std::numeric_limits<double>::infinity()};

// Unary ufuncs: np.negative, np.absolute, np.sign, np.exp, ... np.invert.
ndarray negative(const ndarray &x);
ndarray absolute(const ndarray &x);
ndarray abs(const ndarray &x);
ndarray sign(const ndarray &x);
ndarray exp(const ndarray &x);
ndarray expm1(const ndarray &x);
ndarray log(const ndarray &x);
ndarray log1p(const ndarray &x);
ndarray sqrt(const ndarray &x);
ndarray square(const ndarray &x);
ndarray tanh(const ndarray &x);
ndarray sin(const ndarray &x);
ndarray cos(const ndarray &x);
ndarray tan(const ndarray &x);
/// The inverse and hyperbolic functions take real arrays
/// (NotImplementedError for complex ones, which NumPy accepts).
ndarray arcsin(const ndarray &x);
ndarray arccos(const ndarray &x);
ndarray arctan(const ndarray &x);
ndarray sinh(const ndarray &x);
ndarray cosh(const ndarray &x);
ndarray arcsinh(const ndarray &x);
ndarray arccosh(const ndarray &x);
ndarray arctanh(const ndarray &x);
ndarray log2(const ndarray &x);
ndarray log10(const ndarray &x);
ndarray exp2(const ndarray &x);
/// The real cube root (NumPy's TypeError for complex arrays).
ndarray cbrt(const ndarray &x);
ndarray floor(const ndarray &x);
ndarray ceil(const ndarray &x);
/// np.round (np.around) with decimals=0: halves round to even.
ndarray round(const ndarray &x);
ndarray logical_not(const ndarray &x);
/// np.invert (np.bitwise_not): ~x, logical not for bool.
ndarray invert(const ndarray &x);
/// np.bitwise_not: invert.
ndarray bitwise_not(const ndarray &x);
/// np.real / np.imag: the parts of a complex array, in its real dtype; a
/// real array is its own real part, with an imaginary part of zeros.
ndarray real(const ndarray &val);
ndarray imag(const ndarray &val);
/// np.conjugate (np.conj): the complex conjugate; a real array itself
/// (bool as int8, NumPy's first loop).
ndarray conjugate(const ndarray &x);
ndarray conj(const ndarray &x);
/// np.signbit(x): true where the sign bit is set (-0.0 and -NaN too).
ndarray signbit(const ndarray &x);

// Binary ufuncs.
ndarray add(const ndarray &a, const ndarray &b);
ndarray subtract(const ndarray &a, const ndarray &b);
ndarray multiply(const ndarray &a, const ndarray &b);
/// np.divide (np.true_divide): integers divide as float64.
ndarray divide(const ndarray &a, const ndarray &b);
ndarray true_divide(const ndarray &a, const ndarray &b);
ndarray floor_divide(const ndarray &a, const ndarray &b);
/// np.remainder (np.mod, Python's %): the sign of the divisor.
ndarray remainder(const ndarray &a, const ndarray &b);
ndarray mod(const ndarray &a, const ndarray &b);
/// np.divmod(x1, x2): (floor_divide, remainder).
std::pair<ndarray, ndarray> divmod(const ndarray &x1, const ndarray &x2);
ndarray power(const ndarray &a, const ndarray &b);
/// np.maximum / np.minimum: elementwise, NaN propagates.
ndarray maximum(const ndarray &a, const ndarray &b);
ndarray minimum(const ndarray &a, const ndarray &b);
ndarray arctan2(const ndarray &y, const ndarray &x);
/// np.nextafter(x1, x2): the next float after x1 towards x2.
ndarray nextafter(const ndarray &x1, const ndarray &x2);
/// np.gcd(x1, x2): the non-negative greatest common divisor of integers.
ndarray gcd(const ndarray &x1, const ndarray &x2);
ndarray logical_and(const ndarray &a, const ndarray &b);
ndarray logical_or(const ndarray &a, const ndarray &b);
ndarray logical_xor(const ndarray &a, const ndarray &b);
ndarray bitwise_and(const ndarray &a, const ndarray &b);
ndarray bitwise_or(const ndarray &a, const ndarray &b);
ndarray bitwise_xor(const ndarray &a, const ndarray &b);
ndarray equal(const ndarray &a, const ndarray &b);
ndarray not_equal(const ndarray &a, const ndarray &b);
ndarray less(const ndarray &a, const ndarray &b);
ndarray less_equal(const ndarray &a, const ndarray &b);
ndarray greater(const ndarray &a, const ndarray &b);
ndarray greater_equal(const ndarray &a, const ndarray &b);

// Ufuncs that are formulas of the others (lib/numpy/Math.cpp).
/// np.positive(x): +x (NumPy's TypeError for bool).
ndarray positive(const ndarray &x);
/// np.fabs(x): the absolute value of a real array, as a float.
ndarray fabs(const ndarray &x);
/// np.reciprocal(x): 1/x; integers divide as C does (0 but for +-1).
ndarray reciprocal(const ndarray &x);
ndarray deg2rad(const ndarray &x);
ndarray rad2deg(const ndarray &x);
/// np.hypot(x1, x2): sqrt(x1**2 + x2**2) without overflow.
ndarray hypot(const ndarray &x1, const ndarray &x2);
/// np.logaddexp(x1, x2) = log(exp(x1) + exp(x2)); logaddexp2 in base 2.
ndarray logaddexp(const ndarray &x1, const ndarray &x2);
ndarray logaddexp2(const ndarray &x1, const ndarray &x2);
/// np.heaviside(x1, x2): 0 below zero, 1 above, x2 at zero.
ndarray heaviside(const ndarray &x1, const ndarray &x2);
/// np.fix(x): rounded toward zero, as a float.
ndarray fix(const ndarray &x);
/// np.sinc(x) = sin(pi x) / (pi x), 1 at 0.
ndarray sinc(const ndarray &x);
/// np.float_power(x1, x2): power in float64 (complex128 for complex).
ndarray float_power(const ndarray &x1, const ndarray &x2);
/// np.lcm(x1, x2): the non-negative least common multiple of integers.
ndarray lcm(const ndarray &x1, const ndarray &x2);
/// np.angle(z, deg): the argument of complex numbers, in radians (or
/// degrees); 0 or pi for real ones.
ndarray angle(const ndarray &z, bool deg = false);

// Tests of values (lib/numpy/Predicates.cpp): bool arrays.
ndarray isnan(const ndarray &x);
ndarray isinf(const ndarray &x);
ndarray isfinite(const ndarray &x);
/// np.isposinf / np.isneginf (NumPy's TypeError for complex arrays).
ndarray isposinf(const ndarray &x);
ndarray isneginf(const ndarray &x);
/// np.iscomplex / np.isreal: whether each imaginary part is nonzero / zero.
ndarray iscomplex(const ndarray &x);
ndarray isreal(const ndarray &x);
/// np.iscomplexobj / np.isrealobj: whether the dtype is complex / is not.
bool iscomplexobj(const ndarray &x);
bool isrealobj(const ndarray &x);
/// np.isclose(a, b, rtol, atol, equal_nan): |a - b| <= atol + rtol |b|,
/// infinities equal only to themselves.
ndarray isclose(const ndarray &a, const ndarray &b, double rtol = 1e-05,
                double atol = 1e-08, bool equal_nan = false);
/// np.allclose: all(isclose(...)), as a 0-d bool array.
ndarray allclose(const ndarray &a, const ndarray &b, double rtol = 1e-05,
                 double atol = 1e-08, bool equal_nan = false);
/// np.array_equal(a1, a2, equal_nan): same shape and elements, as a 0-d
/// bool array.
ndarray array_equal(const ndarray &a1, const ndarray &a2,
                    bool equal_nan = false);

/// np.where(condition, x, y): condition is tested for truth (nonzero).
ndarray where(const ndarray &condition, const ndarray &x, const ndarray &y);
/// np.clip(a, a_min, a_max) = minimum(maximum(a, a_min), a_max).
ndarray clip(const ndarray &a, const ndarray &a_min, const ndarray &a_max);
/// np.select(condlist, choicelist, default): from the choice of the first
/// true condition, `default` where none is.
ndarray select(const std::vector<ndarray> &condlist,
               const std::vector<ndarray> &choicelist,
               const ndarray &default_ = 0);
/// One piece of np.piecewise: a function of x, or a value.
using piece = std::variant<ndarray, std::function<ndarray(const ndarray &)>>;
/// np.piecewise(x, condlist, funclist): each piece where its condition
/// holds (the last of one more piece than conditions where none does), 0
/// elsewhere, cast to x's dtype. tnp applies a function to all of x (NumPy
/// to x[condition]): pieces must be elementwise.
ndarray piecewise(const ndarray &x, const std::vector<ndarray> &condlist,
                  const std::vector<piece> &funclist);
/// np.around(a, decimals): round half to even at `decimals` places
/// (negative: to tens, hundreds, ...), as np.round with decimals does.
ndarray around(const ndarray &a, int64_t decimals = 0);

// Operators, as NumPy's (`%` is remainder; `**` is tnp::power). The
// arithmetic ones take arrays by value: a temporary operand (the `a * b` of
// `a * b + c`, or an array passed with std::move) gives its memory to the
// result, as NumPy reuses temporaries.
ndarray operator-(ndarray x);
ndarray operator+(const ndarray &x);
ndarray operator~(const ndarray &x);
ndarray operator!(const ndarray &x);
ndarray operator+(ndarray a, ndarray b);
ndarray operator-(ndarray a, ndarray b);
ndarray operator*(ndarray a, ndarray b);
ndarray operator/(ndarray a, ndarray b);
ndarray operator%(ndarray a, ndarray b);
ndarray operator&(ndarray a, ndarray b);
ndarray operator|(ndarray a, ndarray b);
ndarray operator^(ndarray a, ndarray b);
ndarray operator==(const ndarray &a, const ndarray &b);
ndarray operator!=(const ndarray &a, const ndarray &b);
ndarray operator<(const ndarray &a, const ndarray &b);
ndarray operator<=(const ndarray &a, const ndarray &b);
ndarray operator>(const ndarray &a, const ndarray &b);
ndarray operator>=(const ndarray &a, const ndarray &b);
/// `a += b` rebinds a to a + b, written over a's buffer if it is a's alone.
ndarray &operator+=(ndarray &a, const ndarray &b);
ndarray &operator-=(ndarray &a, const ndarray &b);
ndarray &operator*=(ndarray &a, const ndarray &b);
ndarray &operator/=(ndarray &a, const ndarray &b);

} // namespace tnp

#endif // TNP_MATH_H
