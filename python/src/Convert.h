//===- Convert.h - Python values to and from tnp's ----------------*- C++
//-*-===//
//
// How the extension sees Python values: tnp.ndarray wraps a tnp::ndarray
// (PyArray); a tnp::ndarray parameter accepts tnp arrays, Python scalars (weak
// literals, as tnp's C++ scalars), NumPy arrays and anything np.asarray takes
// (zero copy when aligned and contiguous); dtypes accept NumPy's dtypes, their
// scalar types and names, and come back as np.dtype.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PYTHON_CONVERT_H
#define TNP_PYTHON_CONVERT_H

#include <tnp/tnp.h>

#include <nanobind/nanobind.h>

namespace tnp::python {

namespace nb = nanobind;

/// tnp.ndarray: the Python object holding an array.
struct PyArray {
  tnp::ndarray value;
};

/// Kernels on up to this many elements run with the GIL held: releasing
/// and taking it back costs more than they do, and Python's per-op overhead
/// matters there.
constexpr int64_t kKeepGILElements = 1 << 12;

/// f(), with the GIL released when `elements` (what the call touches) is
/// above kKeepGILElements.
template <typename F> auto releasingGIL(int64_t elements, F f) {
  if (elements <= kKeepGILElements)
    return f();
  nb::gil_scoped_release release;
  return f();
}

/// The tnp.ndarray type object.
nb::handle arrayType();
/// A new tnp.ndarray holding `value` (a new reference).
PyObject *wrap(tnp::ndarray value) noexcept;

/// An array from any Python value np.asarray accepts (a tnp array as is).
/// Python lists and scalars follow prefer_float32 as tnp's C++ literals do.
tnp::ndarray toArray(nb::handle value);
/// Whether `value` is a Python bool, int, float or complex.
bool isPythonScalar(nb::handle value);
/// A dtype from a NumPy dtype, scalar type or name (TypeError otherwise).
tnp::dtype toDType(nb::handle value);
/// np.dtype(t) (bfloat16, which NumPy lacks, as the string "bfloat16").
nb::object fromDType(tnp::dtype t);
/// A shape from an int or a sequence of ints.
tnp::shape_t toShape(nb::handle value);
/// A NumPy array over `a`'s memory (no copy, read-only: tnp arrays are
/// immutable); it keeps `a`'s buffer alive.
nb::object toNumPy(const tnp::ndarray &a);
/// Python's index expression (an int, slice, None, Ellipsis, bool, list,
/// array, or a tuple of them) as tnp's.
std::vector<tnp::index_item> toIndex(nb::handle key);

} // namespace tnp::python

namespace nanobind::detail {

template <> struct type_caster<tnp::ndarray> {
  NB_TYPE_CASTER(tnp::ndarray, const_name("tnp.ndarray"))
  bool from_python(handle src, uint8_t flags, cleanup_list *) noexcept;
  static handle from_cpp(const tnp::ndarray &value, rv_policy,
                         cleanup_list *) noexcept;
};

template <> struct type_caster<tnp::dtype> {
  NB_TYPE_CASTER(tnp::dtype, const_name("numpy.dtype"))
  type_caster() : value(tnp::float64) {}
  bool from_python(handle src, uint8_t, cleanup_list *) noexcept;
  static handle from_cpp(tnp::dtype value, rv_policy, cleanup_list *) noexcept;
};

template <> struct type_caster<tnp::Axis> {
  NB_TYPE_CASTER(tnp::Axis, const_name("int | tuple[int, ...] | None"))
  type_caster() : value(std::nullopt) {}
  bool from_python(handle src, uint8_t, cleanup_list *) noexcept;
  static handle from_cpp(const tnp::Axis &, rv_policy,
                         cleanup_list *) noexcept {
    return none().release();
  }
};

} // namespace nanobind::detail

#endif // TNP_PYTHON_CONVERT_H
