//===- dtype.h - NumPy's dtypes ---------------------------------*- C++ -*-===//

#ifndef TNP_DTYPE_H
#define TNP_DTYPE_H

#include <complex>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <type_traits>

namespace tnp {

/// A NumPy dtype: one of the 15 tnp supports (np.dtype).
class dtype {
public:
  /// The dtypes, smallest first in NumPy's promotion order.
  enum class code : uint8_t {
    bool_,
    int8,
    uint8,
    int16,
    uint16,
    int32,
    uint32,
    int64,
    uint64,
    float16,
    bfloat16,
    float32,
    float64,
    complex64,
    complex128,
  };
  static constexpr int count = 15;

  constexpr dtype(code c) : code_(c) {}
  constexpr code id() const { return code_; }
  constexpr int index() const { return static_cast<int>(code_); }

  /// NumPy's name: "float32", "bool", ...
  std::string_view name() const;
  /// Bytes per element (np.dtype.itemsize).
  std::size_t itemsize() const;
  bool is_bool() const { return code_ == code::bool_; }
  bool is_integer() const {
    return code_ >= code::int8 && code_ <= code::uint64;
  }
  bool is_unsigned() const;
  bool is_floating() const {
    return code_ >= code::float16 && code_ <= code::float64;
  }
  bool is_complex() const { return code_ >= code::complex64; }
  /// Floating or complex (np.inexact).
  bool is_inexact() const { return code_ >= code::float16; }

  friend constexpr bool operator==(dtype a, dtype b) {
    return a.code_ == b.code_;
  }
  friend constexpr bool operator!=(dtype a, dtype b) {
    return a.code_ != b.code_;
  }

private:
  code code_;
};

/// Prints the dtype's name, as str(np.dtype) does.
std::ostream &operator<<(std::ostream &os, dtype t);

inline constexpr dtype bool_{dtype::code::bool_};
inline constexpr dtype int8{dtype::code::int8};
inline constexpr dtype uint8{dtype::code::uint8};
inline constexpr dtype int16{dtype::code::int16};
inline constexpr dtype uint16{dtype::code::uint16};
inline constexpr dtype int32{dtype::code::int32};
inline constexpr dtype uint32{dtype::code::uint32};
inline constexpr dtype int64{dtype::code::int64};
inline constexpr dtype uint64{dtype::code::uint64};
inline constexpr dtype float16{dtype::code::float16};
inline constexpr dtype bfloat16{dtype::code::bfloat16};
inline constexpr dtype float32{dtype::code::float32};
inline constexpr dtype float64{dtype::code::float64};
inline constexpr dtype complex64{dtype::code::complex64};
inline constexpr dtype complex128{dtype::code::complex128};

/// NumPy 1.x's aliases np.int_, np.float_ and np.complex_.
inline constexpr dtype int_{dtype::code::int64};
inline constexpr dtype float_{dtype::code::float64};
inline constexpr dtype complex_{dtype::code::complex128};

/// One of NumPy's abstract dtypes (np.generic, np.number, np.integer, ...):
/// a kind of dtypes, for issubdtype.
class abstract_dtype {
public:
  enum class kind : uint8_t {
    generic,
    number,
    integer,
    signedinteger,
    unsignedinteger,
    inexact,
    floating,
    complexfloating,
  };
  constexpr explicit abstract_dtype(kind k) : kind_(k) {}
  constexpr kind id() const { return kind_; }

private:
  kind kind_;
};

inline constexpr abstract_dtype generic{abstract_dtype::kind::generic};
inline constexpr abstract_dtype number{abstract_dtype::kind::number};
inline constexpr abstract_dtype integer{abstract_dtype::kind::integer};
inline constexpr abstract_dtype signedinteger{
    abstract_dtype::kind::signedinteger};
inline constexpr abstract_dtype unsignedinteger{
    abstract_dtype::kind::unsignedinteger};
inline constexpr abstract_dtype inexact{abstract_dtype::kind::inexact};
inline constexpr abstract_dtype floating{abstract_dtype::kind::floating};
inline constexpr abstract_dtype complexfloating{
    abstract_dtype::kind::complexfloating};

/// np.issubdtype(arg1, arg2): whether arg1 is arg2, or one of its kind
/// (issubdtype(float32, floating), issubdtype(integer, number)); bfloat16
/// is floating, as ml_dtypes makes it.
bool issubdtype(dtype arg1, dtype arg2);
bool issubdtype(dtype arg1, abstract_dtype arg2);
bool issubdtype(abstract_dtype arg1, abstract_dtype arg2);
bool issubdtype(abstract_dtype arg1, dtype arg2);

/// np.finfo(dtype): the limits of a float dtype (of the real part for
/// complex ones); a ValueError for other dtypes, as NumPy's.
class finfo {
public:
  explicit finfo(tnp::dtype type);
  /// The float dtype described (float32 for complex64).
  tnp::dtype dtype;
  int bits, precision, nmant, nexp, maxexp, minexp;
  double eps, epsneg, max, min, tiny, smallest_normal, smallest_subnormal,
      resolution;
};

/// np.iinfo(dtype): the range of an integer dtype; a ValueError for others.
class iinfo {
public:
  explicit iinfo(tnp::dtype type);
  tnp::dtype dtype;
  int bits;
  int64_t min;
  uint64_t max;
};

/// The dtype of a C++ element type (bool, int8_t, ..., float, double,
/// std::complex<float>, std::complex<double>).
template <typename T> constexpr dtype dtype_of() {
  if constexpr (std::is_same_v<T, bool>)
    return bool_;
  else if constexpr (std::is_same_v<T, int8_t>)
    return int8;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return uint8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return int16;
  else if constexpr (std::is_same_v<T, uint16_t>)
    return uint16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return int32;
  else if constexpr (std::is_same_v<T, uint32_t>)
    return uint32;
  else if constexpr (std::is_same_v<T, int64_t> ||
                     (std::is_same_v<T, long long> && sizeof(T) == 8))
    return int64;
  else if constexpr (std::is_same_v<T, uint64_t> ||
                     (std::is_same_v<T, unsigned long long> && sizeof(T) == 8))
    return uint64;
  else if constexpr (std::is_same_v<T, float>)
    return float32;
  else if constexpr (std::is_same_v<T, double>)
    return float64;
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    return complex64;
  else {
    static_assert(std::is_same_v<T, std::complex<double>>,
                  "no NumPy dtype for this C++ type");
    return complex128;
  }
}

} // namespace tnp

#endif // TNP_DTYPE_H
