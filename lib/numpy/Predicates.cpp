//===- Predicates.cpp - NumPy's tests of values: isnan ... array_equal ----===//
//
// Comparisons over the elementwise primitives, for every dtype without a
// branch on values: they trace, batch and (having bool results) carry no
// derivative, as the comparisons they are made of.
//
//===----------------------------------------------------------------------===//

#include <tnp/math.h>

#include <tnp/errors.h>
#include <tnp/reductions.h>

#include <limits>

using namespace tnp;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// NumPy's TypeError of isposinf and isneginf for complex arrays.
void checkNotComplex(const ndarray &x) {
  if (x.dtype().is_complex())
    throw TypeError("This operation is not supported for " +
                    std::string(x.dtype().name()) +
                    " values because it would be ambiguous.");
}

} // namespace

ndarray tnp::isnan(const ndarray &x) { return x != x; }

ndarray tnp::isfinite(const ndarray &x) {
  // x - x is 0 where x is finite and NaN where x (a part of it) is infinite
  // or NaN; bool, which has no subtraction, is always finite.
  if (x.dtype().is_bool())
    return x == x;
  return (x - x) == 0;
}

ndarray tnp::isinf(const ndarray &x) {
  if (!x.dtype().is_floating() && !x.dtype().is_complex())
    return x != x;
  // Not finite and not NaN: NumPy's isinf(inf + nan j) is False too.
  return logical_and(logical_not(isfinite(x)), x == x);
}

ndarray tnp::isposinf(const ndarray &x) {
  checkNotComplex(x);
  return x.dtype().is_floating() ? x == kInf : x != x;
}

ndarray tnp::isneginf(const ndarray &x) {
  checkNotComplex(x);
  return x.dtype().is_floating() ? x == -kInf : x != x;
}

ndarray tnp::isclose(const ndarray &a, const ndarray &b, double rtol,
                     double atol, bool equal_nan) {
  // NumPy compares in b's dtype made inexact (result_type(b, 1.0)).
  ndarray y =
      b.dtype().is_floating() || b.dtype().is_complex() ? b : b.astype(float64);
  ndarray within = absolute(a - y) <= atol + rtol * absolute(y);
  ndarray close = where(logical_and(isfinite(a), isfinite(y)), within, a == y);
  if (equal_nan)
    close = logical_or(close, logical_and(isnan(a), isnan(y)));
  return close;
}

ndarray tnp::allclose(const ndarray &a, const ndarray &b, double rtol,
                      double atol, bool equal_nan) {
  return all(isclose(a, b, rtol, atol, equal_nan));
}

ndarray tnp::array_equal(const ndarray &a1, const ndarray &a2, bool equal_nan) {
  if (a1.shape() != a2.shape())
    return ndarray(false).astype(bool_);
  ndarray equal = a1 == a2;
  if (equal_nan)
    equal = logical_or(equal, logical_and(isnan(a1), isnan(a2)));
  return all(equal);
}

ndarray tnp::iscomplex(const ndarray &x) { return imag(x) != 0; }
ndarray tnp::isreal(const ndarray &x) { return imag(x) == 0; }
bool tnp::iscomplexobj(const ndarray &x) { return x.dtype().is_complex(); }
bool tnp::isrealobj(const ndarray &x) { return !iscomplexobj(x); }
