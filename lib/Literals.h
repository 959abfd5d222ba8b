//===- Literals.h - scalars on the host -------------------------*- C++ -*-===//

#ifndef TNP_LIB_LITERALS_H
#define TNP_LIB_LITERALS_H

#include <tnp/ndarray.h>

#include <complex>

namespace tnp::detail {

/// A host scalar of one of the literal kinds.
struct Scalar {
  enum class Kind { Bool, Int, Float, Complex } kind;
  int64_t i = 0;
  std::complex<double> c;
  /// `i` holds a uint64's bits.
  bool isUnsigned = false;
};

/// Writes `value` as one element of `dtype` at `dst`, with astype's
/// conversions (float to int truncates, to bool tests != 0).
void writeScalar(void *dst, tnp::dtype dtype, const Scalar &value);
/// Reads element `index` of an array's buffer as a Scalar of its kind.
Scalar readScalar(const void *data, tnp::dtype dtype, int64_t index);

/// A 0-d array of `dtype` holding `value`; `weak` marks a C++ literal.
ndarray scalarArray(const Scalar &value, tnp::dtype dtype, bool weak);
/// The weak literal `x` as a strong 0-d array of `dtype`.
ndarray literalAs(const ndarray &x, tnp::dtype dtype);

} // namespace tnp::detail

#endif // TNP_LIB_LITERALS_H
