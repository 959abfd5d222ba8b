//===- errors.h - tnp's exceptions ------------------------------*- C++ -*-===//
//
// Every error tnp raises derives from tnp::Error. The classes mirror Python's
// exceptions, as NumPy raises them.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_ERRORS_H
#define TNP_ERRORS_H

#include <stdexcept>
#include <string>

namespace tnp {

/// The base of every tnp exception.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Bad shapes or values: broadcasting, reshape sizes ("operands could not be
/// broadcast together with shapes (2,3) (4,)").
class ValueError : public Error {
public:
  using Error::Error;
};

/// Bad dtypes.
class TypeError : public Error {
public:
  using Error::Error;
};

/// A value was needed where only a traced array (its shape and dtype) is
/// known: item(), a C++ `if` on an array, a bool mask's result shape, inside
/// tnp::trace. JAX's ConcretizationTypeError.
class ConcretizationTypeError : public TypeError {
public:
  using TypeError::TypeError;
};

/// An index out of range.
class IndexError : public Error {
public:
  using Error::Error;
};

/// An axis out of range (NumPy's AxisError is a ValueError and an
/// IndexError; here it is a ValueError).
class AxisError : public ValueError {
public:
  using ValueError::ValueError;
};

/// A division by a zero that NumPy checks for (np.average's weights that
/// sum to zero), Python's ZeroDivisionError.
class ZeroDivisionError : public Error {
public:
  using Error::Error;
};

/// Something NumPy has that tnp does not (yet).
class NotImplementedError : public Error {
public:
  using Error::Error;
};

/// The compiler failed; the message holds its diagnostics.
class CompileError : public Error {
public:
  using Error::Error;
};

/// An object used out of its protocol: a second gradient() of a
/// non-persistent GradientTape (TF's RuntimeError).
class RuntimeError : public Error {
public:
  using Error::Error;
};

/// Memory for an array could not be allocated (NumPy's MemoryError: "Unable
/// to allocate 8.00 TiB for an array with shape (1099511627776,) and data
/// type float64"). A shape whose size does not fit in int64 is a ValueError
/// instead, as in NumPy.
class MemoryError : public Error {
public:
  using Error::Error;
};

/// A file could not be opened, read or written (Python's OSError and its
/// FileNotFoundError); the message names the path.
class OSError : public Error {
public:
  using Error::Error;
};

/// A device is missing or failed.
class DeviceError : public Error {
public:
  using Error::Error;
};

} // namespace tnp

#endif // TNP_ERRORS_H
