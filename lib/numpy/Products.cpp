//===- Products.cpp - inner, vdot, kron, cross, convolutions, polyval -----===//
//
// NumPy's other products, as formulas of multiply, sum, tensordot and take:
// they trace, batch and differentiate as their parts do.
//
//===----------------------------------------------------------------------===//

#include <tnp/linalg.h>

#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/promotion.h>
#include <tnp/reductions.h>

#include "lib/Primitives.h"

#include <algorithm>
#include <string>

using namespace tnp;
using namespace tnp::detail;

ndarray tnp::inner(const ndarray &a, const ndarray &b) {
  // dot sums over b's second-to-last axis: move b's last there (NumPy's
  // error for unequal last axes is dot's for b.T, so is tnp's).
  if (a.ndim() == 0 || b.ndim() == 0)
    return multiply(a, b);
  return dot(a, b.ndim() >= 2 ? swapaxes(b, -1, -2) : b);
}

ndarray tnp::vdot(const ndarray &a, const ndarray &b) {
  if (a.size() != b.size())
    throw ValueError("cannot reshape array of size " +
                     std::to_string(b.size()) + " into shape (" +
                     std::to_string(a.size()) + ",)");
  ndarray x = ravel(a);
  return dot(x.dtype().is_complex() ? conjugate(x) : x, ravel(b));
}

ndarray tnp::kron(const ndarray &a, const ndarray &b) {
  if (a.ndim() == 0 && b.ndim() == 0)
    return multiply(a, b);
  // Both to one rank (ones prepended), then a's axes interleaved with b's:
  // out[i*B + k, j*D + l] = a[i, j] * b[k, l].
  size_t rank = std::max(a.ndim(), b.ndim());
  auto padded = [rank](const shape_t &s) {
    shape_t r(rank - s.size(), 1);
    r.insert(r.end(), s.begin(), s.end());
    return r;
  };
  shape_t as = padded(a.shape()), bs = padded(b.shape());
  shape_t aShape, bShape, out;
  for (size_t d = 0; d < rank; ++d) {
    aShape.insert(aShape.end(), {as[d], 1});
    bShape.insert(bShape.end(), {1, bs[d]});
    out.push_back(as[d] * bs[d]);
  }
  return multiply(a.reshape(aShape), b.reshape(bShape)).reshape(out);
}

ndarray tnp::cross(const ndarray &a, const ndarray &b, int64_t axisa,
                   int64_t axisb, int64_t axisc, std::optional<int64_t> axis) {
  if (axis)
    axisa = axisb = axisc = *axis;
  ndarray x = moveaxis(a, axisa, -1), y = moveaxis(b, axisb, -1);
  int64_t n = x.ndim() ? x.shape().back() : 0;
  int64_t m = y.ndim() ? y.shape().back() : 0;
  if ((n != 2 && n != 3) || (m != 2 && m != 3))
    throw ValueError("incompatible dimensions for cross product\n"
                     "(dimension must be 2 or 3)");
  tnp::dtype t = result_type({a.dtype(), b.dtype()});
  x = x.astype(t);
  y = y.astype(t);
  auto part = [](const ndarray &v, int64_t i) { return v(ellipsis, i); };
  ndarray a0 = part(x, 0), a1 = part(x, 1), b0 = part(y, 0), b1 = part(y, 1);
  if (n == 2 && m == 2)
    return subtract(a0 * b1, a1 * b0);
  // In NumPy's order, whose first error (bool's) it raises.
  ndarray c0, c1;
  if (n == 3 && m == 3) {
    ndarray a2 = part(x, 2), b2 = part(y, 2);
    c0 = subtract(a1 * b2, a2 * b1);
    c1 = subtract(a2 * b0, a0 * b2);
  } else if (n == 2) {
    ndarray b2 = part(y, 2);
    c0 = a1 * b2;
    c1 = negative(a0 * b2);
  } else {
    ndarray a2 = part(x, 2);
    c0 = negative(a2 * b1);
    c1 = a2 * b0;
  }
  ndarray c = stack({c0, c1, subtract(a0 * b1, a1 * b0)}, -1);
  return moveaxis(c, -1, axisc);
}

namespace {

/// A 1-d operand of convolve (0-d as one element) or correlate (which
/// takes no 0-d), with NumPy's error for an empty one.
ndarray vectorOf(const ndarray &x, bool takes0d, const char *empty) {
  if (x.ndim() > 1)
    throw ValueError("object too deep for desired array");
  if (x.ndim() == 0 && !takes0d)
    throw ValueError("object of too small depth for desired array");
  if (x.size() == 0)
    throw ValueError(empty);
  return x.ndim() ? x : x.reshape({1});
}

/// sum_j a[k + j - (m-1)] * v[j] for k in [0, n+m-1): the full correlation
/// of a (zeros outside it) with v, from a gather of a's windows.
ndarray fullCorrelation(const ndarray &a, const ndarray &v) {
  int64_t n = a.size(), m = v.size(), length = n + m - 1;
  tnp::dtype t = result_type({a.dtype(), v.dtype()});
  ndarray zeros_ = zeros({m - 1}, t);
  ndarray padded = concatenate({zeros_, a.astype(t), zeros_});
  ndarray windows =
      prim::iota({length, m}, 0, int64) + prim::iota({length, m}, 1, int64);
  ndarray products = take(padded, windows) * v.astype(t).reshape({1, m});
  return sum(products, 1).astype(t);
}

void checkMode(std::string_view mode) {
  if (mode != "full" && mode != "same" && mode != "valid")
    throw ValueError("mode must be one of 'valid', 'same', or 'full' (got '" +
                     std::string(mode) + "')");
}

/// The part of a full correlation a (checked) `mode` keeps: NumPy's
/// windows, whose "same" one starts a step later when the second operand
/// is the longer.
ndarray window(const ndarray &full, int64_t n, int64_t m,
               std::string_view mode) {
  if (mode == "full")
    return full;
  int64_t longer = std::max(n, m), shorter = std::min(n, m);
  if (mode == "same") {
    int64_t start = n >= m ? (shorter - 1) - shorter / 2 : shorter / 2;
    return full(slice(start, start + longer));
  }
  return full(slice(shorter - 1, longer));
}

} // namespace

ndarray tnp::convolve(const ndarray &a, const ndarray &v,
                      std::string_view mode) {
  checkMode(mode);
  ndarray x = vectorOf(a, true, "a cannot be empty"),
          y = vectorOf(v, true, "v cannot be empty");
  // NumPy puts the longer operand first (convolution is symmetric).
  if (y.size() > x.size())
    std::swap(x, y);
  ndarray full = fullCorrelation(x, flip(y));
  return window(full, x.size(), y.size(), mode);
}

ndarray tnp::correlate(const ndarray &a, const ndarray &v,
                       std::string_view mode) {
  checkMode(mode);
  ndarray x = vectorOf(a, false, "first array argument cannot be empty"),
          y = vectorOf(v, false, "second array argument cannot be empty");
  ndarray full = fullCorrelation(x, y.dtype().is_complex() ? conjugate(y) : y);
  return window(full, x.size(), y.size(), mode);
}

ndarray tnp::polyval(const ndarray &p, const ndarray &x) {
  if (p.ndim() == 0)
    throw TypeError("iteration over a 0-d array");
  // Horner's rule, as NumPy's loop: y = y * x + p[i], from zeros of x's
  // dtype, each coefficient a (strong) array.
  ndarray at = asarray(x);
  ndarray y = zeros_like(at);
  for (int64_t i = 0; i < p.shape()[0]; ++i)
    y = y * at + p(i);
  return y;
}
