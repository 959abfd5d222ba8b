//===- Primitives.h - the dialect's primitives, eagerly ---------*- C++ -*-===//
//
// One function per tnp primitive, run eagerly through the kernel cache.
// NumPy's functions (lib/numpy/) are written in terms of these, once. Inputs
// are checked by the caller in NumPy's words (negative axes, NumPy's
// messages); result shapes come from the dialect's shape rules
// (dialect/ShapeFunctions.h), whose failures raise ValueError.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_PRIMITIVES_H
#define TNP_LIB_PRIMITIVES_H

#include <tnp/ndarray.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

namespace tnp::detail::prim {

/// The elementwise primitives (tnp.neg ... tnp.select).
enum class Elementwise {
  Neg,
  Abs,
  Sign,
  Exp,
  Expm1,
  Log,
  Log1p,
  Sqrt,
  Rsqrt,
  Square,
  Tanh,
  Logistic,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  Log2,
  Log10,
  Exp2,
  Cbrt,
  Floor,
  Ceil,
  Round,
  Not,
  Real,
  Imag,
  Conj,
  Signbit,
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  Rem,
  Pow,
  Maximum,
  Minimum,
  And,
  Or,
  Xor,
  Atan2,
  Nextafter,
  Gcd,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Select,
};

/// Runs an elementwise primitive: operands broadcast as NumPy broadcasts
/// (ValueError otherwise) and promote by the op's category (weak literals as
/// Python scalars). `name` is the NumPy function, for messages.
ndarray elementwise(Elementwise op, std::initializer_list<ndarray> operands,
                    const char *name);
/// Broadcasts `result` with `shape` as NumPy does (growing its rank);
/// false where a dimension differs and neither is 1.
bool broadcastInto(shape_t &result, const shape_t &shape);
/// NumPy's broadcast shape of the operands, or its ValueError naming them
/// all ("operands could not be broadcast together with shapes (2,) (3,)").
shape_t broadcastShapes(std::initializer_list<ndarray> operands);
/// The dtype an elementwise op over these operands returns.
tnp::dtype resultDType(Elementwise op, std::initializer_list<ndarray> operands,
                       const char *name);

/// tnp.convert.
ndarray convert(const ndarray &x, tnp::dtype to);
/// tnp.broadcast_in_dim to `shape`, trailing-aligned as NumPy broadcasts.
ndarray broadcastTo(const ndarray &x, const shape_t &shape);
/// tnp.transpose.
ndarray transpose(const ndarray &x, const std::vector<int64_t> &permutation);
/// The same buffer under a new shape with as many elements.
ndarray reshape(const ndarray &x, const shape_t &shape);
/// tnp.iota along `dim` of `shape`.
ndarray iota(const shape_t &shape, int64_t dim, tnp::dtype dtype);

/// tnp.reduce kinds.
enum class Reduce { Sum, Prod, Max, Min, Any, All };
/// tnp.reduce over distinct, in-range axes.
ndarray reduce(Reduce kind, const ndarray &x, const std::vector<int64_t> &axes);
/// tnp.scan: the inclusive prefix reduction along an in-range axis.
ndarray scan(Reduce kind, const ndarray &x, int64_t axis);
/// tnp.argmax / tnp.argmin along a non-empty axis; int64 result.
ndarray argmax(const ndarray &x, int64_t axis);
ndarray argmin(const ndarray &x, int64_t axis);

/// tnp.sort of x alone along an in-range axis (rank >= 1): x sorted,
/// stably, NaNs last.
ndarray sort(const ndarray &x, int64_t axis);
/// tnp.sort of x and an iota along the axis: the int64 permutation that
/// sorts x (stable).
ndarray argsort(const ndarray &x, int64_t axis);
/// tnp.sort of keys and values (one shape): the values in the order that
/// sorts the keys.
ndarray sortBy(const ndarray &keys, const ndarray &values, int64_t axis);

/// tnp.dot_general; operands promote.
ndarray dotGeneral(const ndarray &lhs, const ndarray &rhs,
                   const std::vector<int64_t> &lhsBatch,
                   const std::vector<int64_t> &rhsBatch,
                   const std::vector<int64_t> &lhsContracting,
                   const std::vector<int64_t> &rhsContracting);

/// Where x[start:limit:strides] (in range, positive strides) over an array
/// of `shape` is one non-empty contiguous run of its row-major buffer: the
/// element offset the run starts at; nullopt otherwise. Such a slice runs
/// eagerly as a view of x's buffer.
std::optional<int64_t> contiguousSlice(const shape_t &shape,
                                       const int64_t *start,
                                       const int64_t *limit,
                                       const int64_t *strides);
/// tnp.slice with in-range starts/limits and positive strides.
ndarray slice(const ndarray &x, const std::vector<int64_t> &start,
              const std::vector<int64_t> &limit,
              const std::vector<int64_t> &strides);
/// tnp.reverse.
ndarray reverse(const ndarray &x, const std::vector<int64_t> &dims);
/// The shape of `inputs` joined along in-range `dim`, or NumPy's ValueError
/// for ranks or sizes that differ (the tnp.concatenate shape rule).
shape_t concatenatedShape(const std::vector<ndarray> &inputs, int64_t dim);
/// tnp.concatenate of arrays of one dtype and rank along `dim`.
ndarray concatenate(const std::vector<ndarray> &inputs, int64_t dim);
/// tnp.pad with a scalar of x's dtype.
ndarray pad(const ndarray &x, const ndarray &value,
            const std::vector<int64_t> &low, const std::vector<int64_t> &high,
            const std::vector<int64_t> &interior);

/// tnp.gather / tnp.scatter (indices int64, last dim indexes `axes`). A
/// gather's result is transposed by `permutation` where one is given, in
/// the same kernel: NumPy's order for x[:, i], whose fused loops then read
/// x along its rows (two kernels read its columns).
ndarray gather(const ndarray &x, const ndarray &indices,
               const std::vector<int64_t> &axes,
               const std::vector<int64_t> &permutation = {});
enum class Scatter { Set, Add, Mul, Min, Max };
ndarray scatter(Scatter kind, const ndarray &x, const ndarray &indices,
                const ndarray &updates, const std::vector<int64_t> &axes);

/// tnp.random_bits: uint32 or uint64 bits of `shape` from a uint32[2] key.
ndarray randomBits(const ndarray &key, const shape_t &shape, tnp::dtype dtype);

} // namespace tnp::detail::prim

#endif // TNP_LIB_PRIMITIVES_H
