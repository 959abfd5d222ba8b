//===- linalg.h - products and contractions ---------------------*- C++ -*-===//
//
// np.matmul, np.dot, np.tensordot, np.outer and np.einsum. Operands promote
// as NumPy's (int32 with float32 is float64); bool products are bool (or of
// ands) and integer products wrap in their dtype, as NumPy's do.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LINALG_H
#define TNP_LINALG_H

#include <tnp/ndarray.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tnp {

/// np.matmul (Python's `@`): a 1-d operand is a row (first) or column
/// (second) vector, its dimension removed from the result; leading (batch)
/// dimensions broadcast. 0-d operands and mismatched core dimensions are
/// ValueErrors worded as NumPy's.
ndarray matmul(const ndarray &a, const ndarray &b);

/// np.dot: multiply if either is 0-d (a C++ scalar stays weak here, where
/// np.dot(int8_array, 3) is int64), the inner product of two 1-d arrays, and
/// otherwise the sum over a's last axis and b's second-to-last (its only one
/// if 1-d): dot(a, b)[i,j,k,m] = sum(a[i,j,:] * b[k,:,m]).
ndarray dot(const ndarray &a, const ndarray &b);

/// np.tensordot(a, b, axes=N): sums a's last N axes against b's first N.
/// N <= 0 is the outer product, as in NumPy.
ndarray tensordot(const ndarray &a, const ndarray &b, int64_t axes = 2);
/// np.tensordot(a, b, axes=(a_axes, b_axes)): `tnp::tensordot(a, b, {{1, 0},
/// {0, 1}})`. The result holds a's remaining axes, then b's, in order.
ndarray
tensordot(const ndarray &a, const ndarray &b,
          const std::pair<std::vector<int64_t>, std::vector<int64_t>> &axes);

/// np.outer: of both operands flattened; out[i, j] = a[i] * b[j].
ndarray outer(const ndarray &a, const ndarray &b);

// Other products (lib/numpy/Products.cpp).
/// np.inner: sums over the last axes of both (multiply with a 0-d).
ndarray inner(const ndarray &a, const ndarray &b);
/// np.vdot: the dot product of the flattened arrays, a conjugated.
ndarray vdot(const ndarray &a, const ndarray &b);
/// np.kron: the Kronecker product (ranks equalised by leading ones).
ndarray kron(const ndarray &a, const ndarray &b);
/// np.cross(a, b, axisa, axisb, axisc, axis): cross products of the 2- or
/// 3-vectors along axisa and axisb, along axisc of the result (a 2-vector
/// pair gives the z component only); `axis` sets all three.
ndarray cross(const ndarray &a, const ndarray &b, int64_t axisa = -1,
              int64_t axisb = -1, int64_t axisc = -1,
              std::optional<int64_t> axis = std::nullopt);
/// np.convolve(a, v, mode) and np.correlate(a, v, mode) of 1-d arrays:
/// mode "full", "same" or "valid" (NumPy's windows); correlate conjugates v.
ndarray convolve(const ndarray &a, const ndarray &v,
                 std::string_view mode = "full");
ndarray correlate(const ndarray &a, const ndarray &v,
                  std::string_view mode = "valid");
/// np.polyval(p, x): the polynomial with coefficients p (highest power
/// first) at x, by Horner's rule in x's dtype as promoted by p's.
ndarray polyval(const ndarray &p, const ndarray &x);

/// np.einsum of one or two operands: explicit ("ij,jk->ik") or implicit
/// ("ij,jk", the letters seen once, sorted) output; shared letters missing
/// from the output are summed, letters in both operands and the output are
/// batch dimensions, a letter repeated within an operand takes its diagonal
/// ("ii->i", "ii"). Size-1 dimensions broadcast, as in NumPy. The result
/// dtype is the operands' promoted dtype (int8 stays int8; a sum is in that
/// dtype too). Ellipses ("...") and more than two operands are a
/// NotImplementedError; malformed subscripts a ValueError worded as NumPy's.
ndarray einsum(const std::string &subscripts,
               const std::vector<ndarray> &operands);
template <typename... Arrays>
ndarray einsum(const std::string &subscripts, const ndarray &first,
               const Arrays &...rest) {
  return einsum(subscripts, std::vector<ndarray>{first, ndarray(rest)...});
}

} // namespace tnp

#endif // TNP_LINALG_H
