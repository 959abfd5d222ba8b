//===- Matrices.cpp - tri, tril, triu, diag, diagflat, vander, grids ------===//
//
// NumPy's "building matrices" and grids, from masks of iotas, where,
// broadcasts and cumulative products: they trace, batch and differentiate
// as their parts do.
//
//===----------------------------------------------------------------------===//

#include <tnp/creation.h>

#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/promotion.h>
#include <tnp/reductions.h>

#include "lib/Primitives.h"

#include <algorithm>
#include <cstdlib>
#include <string>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// m below (or on and above) diagonal k of its last two axes, zeros
/// elsewhere; a 1-d m is each row of a square matrix, as in NumPy.
ndarray masked(const ndarray &m, bool lower, int64_t k) {
  if (m.ndim() == 0)
    throw TypeError("tri() missing 1 required positional argument: 'N'");
  int64_t rows = m.ndim() >= 2 ? m.shape()[m.ndim() - 2] : m.shape()[0];
  int64_t cols = m.shape().back();
  // triu keeps what tril(k - 1) drops.
  ndarray mask = tri(rows, cols, lower ? k : k - 1, bool_);
  if (!lower)
    mask = logical_not(mask);
  return where(mask, m, zeros({}, m.dtype()));
}

} // namespace

ndarray tnp::tril(const ndarray &m, int64_t k) { return masked(m, true, k); }

ndarray tnp::triu(const ndarray &m, int64_t k) { return masked(m, false, k); }

ndarray tnp::diag(const ndarray &v, int64_t k) {
  if (v.ndim() == 2)
    return diagonal(v, k);
  if (v.ndim() != 1)
    throw ValueError("Input must be 1- or 2-d.");
  // out[i, j] = v[min(i, j)] where j - i = k: v (zero-padded to the
  // matrix's size) read along rows above the diagonal, columns below it.
  int64_t n = v.shape()[0] + std::abs(k);
  ndarray padded = concatenate({v, zeros({std::abs(k)}, v.dtype())});
  ndarray spread = k >= 0 ? padded.reshape({n, 1}) : padded.reshape({1, n});
  return where(eye(n, n, k, bool_), spread, zeros({}, v.dtype()));
}

ndarray tnp::diagflat(const ndarray &v, int64_t k) { return diag(ravel(v), k); }

ndarray tnp::vander(const ndarray &x, std::optional<int64_t> N,
                    bool increasing) {
  if (x.ndim() != 1)
    throw ValueError("x must be a one-dimensional array or sequence.");
  int64_t n = x.shape()[0], cols = N.value_or(n);
  if (cols < 0)
    throw ValueError("negative dimensions are not allowed");
  // NumPy's columns: cumulative products of [1, x, x, ...] (exact for
  // integers, one rounding a column for floats), in x's dtype promoted with
  // int64.
  tnp::dtype t = result_type({x.dtype(), int64});
  ndarray xs = x.astype(t).reshape({n, 1});
  ndarray powers = ones({n, std::min<int64_t>(cols, 1)}, t);
  if (cols > 1)
    powers =
        cumprod(concatenate({powers, broadcast_to(xs, {n, cols - 1})}, 1), 1);
  return increasing ? powers : flip(powers, int64_t(1));
}

std::vector<ndarray> tnp::meshgrid(const std::vector<ndarray> &xi,
                                   std::string_view indexing, bool sparse) {
  if (indexing != "xy" && indexing != "ij")
    throw ValueError("Valid values for `indexing` are 'xy' and 'ij'.");
  size_t n = xi.size();
  std::vector<ndarray> out;
  for (size_t i = 0; i < n; ++i) {
    // Cartesian ("xy") indexing swaps the first two axes.
    size_t axis = indexing == "xy" && n > 1 && i < 2 ? 1 - i : i;
    shape_t shape(n, 1);
    shape[axis] = -1;
    out.push_back(ravel(xi[i]).reshape(shape));
  }
  return sparse ? out : broadcast_arrays(out);
}

std::vector<ndarray> tnp::ix_(const std::vector<ndarray> &args) {
  size_t n = args.size();
  std::vector<ndarray> out;
  for (size_t i = 0; i < n; ++i) {
    ndarray a = asarray(args[i]);
    if (a.ndim() != 1)
      throw ValueError("Cross index must be 1 dimensional");
    if (a.dtype().is_bool())
      a = nonzero(a)[0];
    else if (a.size() == 0 && !a.dtype().is_integer())
      a = a.astype(int64);
    shape_t shape(n, 1);
    shape[i] = a.size();
    out.push_back(a.reshape(shape));
  }
  return out;
}

std::vector<ndarray> tnp::diag_indices(int64_t n, int64_t ndim) {
  // NumPy's (arange(n),) * ndim: no arrays for ndim <= 0.
  return std::vector<ndarray>(std::max<int64_t>(ndim, 0), arange(n));
}

std::vector<ndarray> tnp::broadcast_arrays(const std::vector<ndarray> &args) {
  shape_t shape;
  for (size_t i = 0; i < args.size(); ++i) {
    if (prim::broadcastInto(shape, args[i].shape()))
      continue;
    // NumPy names an earlier argument that conflicts with this one (one
    // does: a size other than 1 came from one of them).
    size_t j = 0;
    for (shape_t s = args[j].shape(); prim::broadcastInto(s, args[i].shape());
         s = args[++j].shape()) {
    }
    throw ValueError("shape mismatch: objects cannot be broadcast to a "
                     "single shape.  Mismatch is between arg " +
                     std::to_string(j) + " with shape " +
                     to_string(args[j].shape()) + " and arg " +
                     std::to_string(i) + " with shape " +
                     to_string(args[i].shape()) + ".");
  }
  std::vector<ndarray> out;
  for (const ndarray &a : args)
    out.push_back(broadcast_to(a, shape));
  return out;
}
