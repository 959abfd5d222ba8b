//===- DTypeInfo.cpp - issubdtype, finfo, iinfo ---------------------------===//

#include <tnp/dtype.h>

#include <tnp/creation.h>
#include <tnp/errors.h>

#include <cmath>
#include <limits>
#include <string>

using namespace tnp;

namespace {

using Kind = abstract_dtype::kind;

/// The most specific abstract dtype of `t`.
Kind kindOf(dtype t) {
  if (t.is_integer())
    return t.is_unsigned() ? Kind::unsignedinteger : Kind::signedinteger;
  if (t.is_floating())
    return Kind::floating;
  if (t.is_complex())
    return Kind::complexfloating;
  return Kind::generic; // bool is only a generic
}

/// Whether `kind` is `ancestor` or below it in NumPy's scalar hierarchy.
bool below(Kind kind, Kind ancestor) {
  for (;;) {
    if (kind == ancestor)
      return true;
    switch (kind) {
    case Kind::generic:
      return false;
    case Kind::number:
      kind = Kind::generic;
      break;
    case Kind::integer:
    case Kind::inexact:
      kind = Kind::number;
      break;
    case Kind::signedinteger:
    case Kind::unsignedinteger:
      kind = Kind::integer;
      break;
    case Kind::floating:
    case Kind::complexfloating:
      kind = Kind::inexact;
      break;
    }
  }
}

/// NumPy's name of a dtype's scalar type in its errors.
std::string typeName(dtype t) {
  std::string name(t.name());
  return "<class 'numpy." + (t.is_bool() ? "bool_" : name) + "'>";
}

} // namespace

bool tnp::issubdtype(dtype arg1, dtype arg2) { return arg1 == arg2; }
bool tnp::issubdtype(dtype arg1, abstract_dtype arg2) {
  return arg2.id() == Kind::generic || below(kindOf(arg1), arg2.id());
}
bool tnp::issubdtype(abstract_dtype arg1, abstract_dtype arg2) {
  return below(arg1.id(), arg2.id());
}
bool tnp::issubdtype(abstract_dtype, dtype) { return false; }

tnp::finfo::finfo(tnp::dtype type) : dtype(type) {
  if (type == complex64)
    dtype = float32;
  if (type == complex128)
    dtype = float64;
  if (!dtype.is_floating())
    throw ValueError("data type " + typeName(type) + " not inexact");
  // Each float format: its mantissa and exponent bits and decimal digits.
  struct Format {
    int bits, nmant, nexp, precision;
  };
  Format f = dtype == float16    ? Format{16, 10, 5, 3}
             : dtype == bfloat16 ? Format{16, 7, 8, 2}
             : dtype == float32  ? Format{32, 23, 8, 6}
                                 : Format{64, 52, 11, 15};
  bits = f.bits;
  nmant = f.nmant;
  nexp = f.nexp;
  precision = f.precision;
  maxexp = 1 << (nexp - 1);
  minexp = 2 - maxexp;
  eps = std::ldexp(1.0, -nmant);
  epsneg = std::ldexp(1.0, -nmant - 1);
  max = std::ldexp(2.0 - eps, maxexp - 1);
  min = -max;
  tiny = smallest_normal = std::ldexp(1.0, minexp);
  smallest_subnormal = std::ldexp(1.0, minexp - nmant);
  // NumPy's field is 10**-precision in the dtype itself.
  resolution = full({}, std::pow(10.0, -precision), float64)
                   .astype(dtype)
                   .item<double>();
}

tnp::iinfo::iinfo(tnp::dtype type) : dtype(type) {
  if (!type.is_integer())
    throw ValueError(std::string("Invalid integer data type '") +
                     (type.is_bool()      ? 'b'
                      : type.is_complex() ? 'c'
                                          : 'f') +
                     "'.");
  bits = static_cast<int>(type.itemsize() * 8);
  if (type.is_unsigned()) {
    min = 0;
    max = bits == 64 ? std::numeric_limits<uint64_t>::max()
                     : (uint64_t(1) << bits) - 1;
  } else {
    max = (uint64_t(1) << (bits - 1)) - 1;
    min = -static_cast<int64_t>(max) - 1;
  }
}
