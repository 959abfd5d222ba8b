//===- Literals.cpp - scalars on the host ---------------------------------===//

#include "lib/Literals.h"

#include "lib/ArrayImpl.h"

#include "llvm/ADT/APFloat.h"

#include <cstring>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// float16 and bfloat16 bits of a double, rounded to nearest even.
uint16_t halfBits(double v, const llvm::fltSemantics &semantics) {
  llvm::APFloat f(v);
  bool lost;
  f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue());
}

double halfValue(uint16_t bits, const llvm::fltSemantics &semantics) {
  llvm::APFloat f(semantics, llvm::APInt(16, bits));
  bool lost;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

template <typename T> void store(void *dst, T v) {
  std::memcpy(dst, &v, sizeof v);
}
template <typename T> T load(const void *src) {
  T v;
  std::memcpy(&v, src, sizeof v);
  return v;
}

/// A real value cast to integer type T as C (and NumPy's astype) casts.
template <typename T> T toInt(const Scalar &s) {
  if (s.kind == Scalar::Kind::Bool || s.kind == Scalar::Kind::Int)
    return static_cast<T>(s.i);
  return static_cast<T>(static_cast<int64_t>(s.c.real()));
}

} // namespace

void tnp::detail::writeScalar(void *dst, tnp::dtype dtype, const Scalar &s) {
  bool exact = s.kind == Scalar::Kind::Bool || s.kind == Scalar::Kind::Int;
  double real = !exact         ? s.c.real()
                : s.isUnsigned ? static_cast<double>(static_cast<uint64_t>(s.i))
                               : static_cast<double>(s.i);
  switch (dtype.id()) {
  case dtype::code::bool_:
    return store<uint8_t>(dst, exact ? s.i != 0 : s.c != 0.0);
  case dtype::code::int8:
    return store(dst, toInt<int8_t>(s));
  case dtype::code::uint8:
    return store(dst, toInt<uint8_t>(s));
  case dtype::code::int16:
    return store(dst, toInt<int16_t>(s));
  case dtype::code::uint16:
    return store(dst, toInt<uint16_t>(s));
  case dtype::code::int32:
    return store(dst, toInt<int32_t>(s));
  case dtype::code::uint32:
    return store(dst, toInt<uint32_t>(s));
  case dtype::code::int64:
    return store(dst, toInt<int64_t>(s));
  case dtype::code::uint64:
    return store(dst, toInt<uint64_t>(s));
  case dtype::code::float16:
    return store(dst, halfBits(real, llvm::APFloat::IEEEhalf()));
  case dtype::code::bfloat16:
    return store(dst, halfBits(real, llvm::APFloat::BFloat()));
  case dtype::code::float32:
    return store(dst, static_cast<float>(real));
  case dtype::code::float64:
    return store(dst, real);
  case dtype::code::complex64:
    return store(dst,
                 std::complex<float>(exact ? std::complex<double>(real) : s.c));
  case dtype::code::complex128:
    return store(dst, exact ? std::complex<double>(real) : s.c);
  }
}

Scalar tnp::detail::readScalar(const void *data, tnp::dtype dtype,
                               int64_t index) {
  const char *p = static_cast<const char *>(data) + index * dtype.itemsize();
  auto integer = [](int64_t v) { return Scalar{Scalar::Kind::Int, v, {}}; };
  auto real = [](double v) { return Scalar{Scalar::Kind::Float, 0, v}; };
  switch (dtype.id()) {
  case dtype::code::bool_:
    return Scalar{Scalar::Kind::Bool, load<uint8_t>(p) != 0, {}};
  case dtype::code::int8:
    return integer(load<int8_t>(p));
  case dtype::code::uint8:
    return integer(load<uint8_t>(p));
  case dtype::code::int16:
    return integer(load<int16_t>(p));
  case dtype::code::uint16:
    return integer(load<uint16_t>(p));
  case dtype::code::int32:
    return integer(load<int32_t>(p));
  case dtype::code::uint32:
    return integer(load<uint32_t>(p));
  case dtype::code::int64:
    return integer(load<int64_t>(p));
  case dtype::code::uint64:
    return Scalar{Scalar::Kind::Int,
                  static_cast<int64_t>(load<uint64_t>(p)),
                  {},
                  /*isUnsigned=*/true};
  case dtype::code::float16:
    return real(halfValue(load<uint16_t>(p), llvm::APFloat::IEEEhalf()));
  case dtype::code::bfloat16:
    return real(halfValue(load<uint16_t>(p), llvm::APFloat::BFloat()));
  case dtype::code::float32:
    return real(load<float>(p));
  case dtype::code::float64:
    return real(load<double>(p));
  case dtype::code::complex64:
    return Scalar{Scalar::Kind::Complex, 0,
                  std::complex<double>(load<std::complex<float>>(p))};
  case dtype::code::complex128:
    return Scalar{Scalar::Kind::Complex, 0, load<std::complex<double>>(p)};
  }
  return {};
}

ndarray tnp::detail::scalarArray(const Scalar &value, tnp::dtype dtype,
                                 bool weak) {
  auto impl = allocateArray({}, dtype);
  impl->weak = weak;
  writeScalar(impl->mutableData(), dtype, value);
  return ndarray(std::move(impl));
}

ndarray tnp::detail::literalAs(const ndarray &x, tnp::dtype dtype) {
  const ArrayImpl &a = implOf(x);
  return scalarArray(readScalar(a.data(), a.dtype, 0), dtype, false);
}
