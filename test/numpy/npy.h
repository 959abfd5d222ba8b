//===- npy.h - NumPy's .npy files, for the differential tests ---*- C++ -*-===//
//
// A small reader and writer of NumPy's .npy format (versions 1.0-3.0) for the
// little-endian dtypes the differential tests exchange with NumPy: |b1, |i1,
// |u1, <i2..<i8, <u2..<u8, <f2, <f4, <f8, <c8, <c16, C order, any rank
// (0-d and empty included). Nothing here depends on tnp: the checker turns an
// NpyArray into an ndarray itself.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_TEST_NUMPY_NPY_H
#define TNP_TEST_NUMPY_NPY_H

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace npy {

/// A malformed or unsupported file; what() names the file and the problem.
class FormatError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The element kinds of the supported descrs.
enum class Kind { Bool, Int, UInt, Float, Complex };

/// One .npy array: its descr ("<f4"), shape and raw little-endian bytes.
struct Array {
  std::string descr;
  Kind kind = Kind::Float;
  /// Bytes per element (for complex, both parts).
  size_t itemsize = 8;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;

  int64_t size() const;
};

/// Parses a descr ("<f8", "|b1", "<c16"; "=" and "|" accepted where NumPy
/// writes them); FormatError for anything else.
void parseDescr(const std::string &descr, Kind &kind, size_t &itemsize);

/// Reads `path`; FormatError on a missing, truncated or malformed file, a
/// big-endian or unsupported dtype, or Fortran order.
Array read(const std::string &path);
/// Parses a whole file's contents (`name` is for messages).
Array parse(const std::string &contents, const std::string &name);
/// Writes `a` as a version 1.0 file; FormatError if it cannot.
void write(const std::string &path, const Array &a);

/// float16 / bfloat16 bits as a float (exact), and a float as float16 /
/// bfloat16 bits rounded to nearest even.
float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);
uint16_t floatToHalf(float value);
uint16_t floatToBfloat16(float value);

} // namespace npy

#endif // TNP_TEST_NUMPY_NPY_H
