//===- Convert.cpp - Python values to and from tnp's ----------------------===//

#include "Convert.h"

#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <cstring>

namespace tnp::python {

namespace {

/// NumPy's module, imported once and never released (a static nb::object
/// would be destroyed after the interpreter is gone).
nb::handle numpy() {
  static nb::handle np = nb::module_::import_("numpy").release();
  return np;
}

using nb::dlpack::dtype_code;

nb::dlpack::dtype toDLPack(tnp::dtype t) {
  dtype_code code = t.is_bool()          ? dtype_code::Bool
                    : t.is_complex()     ? dtype_code::Complex
                    : t == tnp::bfloat16 ? dtype_code::Bfloat
                    : t.is_floating()    ? dtype_code::Float
                    : t.is_unsigned()    ? dtype_code::UInt
                                         : dtype_code::Int;
  return {static_cast<uint8_t>(code), static_cast<uint8_t>(t.itemsize() * 8),
          1};
}

/// tnp's dtype of a NumPy dtype name ("float32"), if it has one.
std::optional<tnp::dtype> dtypeNamed(const std::string &name) {
  for (int i = 0; i < tnp::dtype::count; ++i) {
    tnp::dtype t(static_cast<tnp::dtype::code>(i));
    if (t.name() == name)
      return t;
  }
  return std::nullopt;
}

using ReadOnlyArray = nb::ndarray<nb::ro, nb::device::cpu>;

/// A tnp array of a NumPy array's elements: in place when NumPy cannot change
/// them (a read-only array: tnp arrays are immutable), otherwise copied.
tnp::ndarray fromNumPy(nb::handle array) {
  std::string name = nb::cast<std::string>(array.attr("dtype").attr("name"));
  std::optional<tnp::dtype> type = dtypeNamed(name);
  if (!type)
    throw tnp::TypeError("tnp.asarray: tnp has no dtype " + name);
  nb::object contiguous = numpy().attr("ascontiguousarray")(array);
  ReadOnlyArray view;
  if (!nb::try_cast(contiguous, view))
    throw tnp::TypeError("tnp.asarray: cannot read an array of dtype " + name);
  tnp::shape_t shape(view.ndim());
  for (size_t i = 0; i < view.ndim(); ++i)
    shape[i] = static_cast<int64_t>(view.shape(i));
  bool writeable = nb::cast<bool>(contiguous.attr("flags").attr("writeable"));
  if (!writeable) {
    PyObject *owner = contiguous.release().ptr();
    return tnp::from_buffer(view.data(), shape, *type, [owner] {
      if (!Py_IsInitialized())
        return;
      nb::gil_scoped_acquire gil;
      Py_DECREF(owner);
    });
  }
  auto bytes = std::make_shared<tnp::aligned_vector<std::byte>>(view.nbytes());
  if (view.nbytes())
    std::memcpy(bytes->data(), view.data(), view.nbytes());
  const void *data = bytes->data();
  return tnp::from_buffer(data, shape, *type, std::move(bytes));
}

} // namespace

nb::handle arrayType() {
  static nb::handle type = nb::type<PyArray>();
  return type;
}

PyObject *wrap(tnp::ndarray value) noexcept {
  // nanobind's instance API with the type looked up once: results are made
  // on every operation.
  nb::object instance = nb::inst_alloc(arrayType());
  new (nb::inst_ptr<PyArray>(instance)) PyArray{std::move(value)};
  nb::inst_mark_ready(instance);
  return instance.release().ptr();
}

bool isPythonScalar(nb::handle value) {
  PyObject *p = value.ptr();
  return PyBool_Check(p) || PyLong_Check(p) || PyFloat_Check(p) ||
         PyComplex_Check(p);
}

tnp::ndarray toArray(nb::handle value) {
  PyObject *p = value.ptr();
  // tnp.ndarray by its exact type first: the common case, and cheaper than
  // nanobind's isinstance (a type-map lookup) on the per-op path.
  if (Py_TYPE(p) == reinterpret_cast<PyTypeObject *>(arrayType().ptr()) ||
      nb::isinstance<PyArray>(value))
    return nb::inst_ptr<PyArray>(value)->value;
  if (PyBool_Check(p))
    return tnp::ndarray(p == Py_True);
  if (PyLong_Check(p)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (!overflow)
      return tnp::ndarray(static_cast<int64_t>(v));
    unsigned long long u = PyLong_AsUnsignedLongLong(p);
    if (PyErr_Occurred()) {
      PyErr_Clear();
      throw tnp::ValueError("tnp: the Python int " +
                            nb::cast<std::string>(nb::str(value)) +
                            " is out of range for int64 and uint64");
    }
    return tnp::ndarray(static_cast<uint64_t>(u));
  }
  if (PyFloat_Check(p))
    return tnp::ndarray(PyFloat_AS_DOUBLE(p));
  if (PyComplex_Check(p))
    return tnp::ndarray(std::complex<double>(PyComplex_RealAsDouble(p),
                                             PyComplex_ImagAsDouble(p)));
  bool isNumPy = nb::isinstance(value, numpy().attr("ndarray")) ||
                 nb::isinstance(value, numpy().attr("generic"));
  nb::object array;
  if (isNumPy) {
    array = nb::borrow(value);
  } else {
    // A list of tnp arrays: each to NumPy (no copy) before np.asarray.
    array = numpy().attr("asarray")(value);
  }
  tnp::ndarray a = fromNumPy(array);
  // Python literals (in lists) follow prefer_float32, as C++ literals do.
  if (!isNumPy && tnp::prefer_float32()) {
    if (a.dtype() == tnp::float64)
      return a.astype(tnp::float32);
    if (a.dtype() == tnp::complex128)
      return a.astype(tnp::complex64);
  }
  return a;
}

tnp::dtype toDType(nb::handle value) {
  if (nb::isinstance<nb::str>(value) &&
      nb::cast<std::string>(value) == "bfloat16")
    return tnp::bfloat16;
  nb::object dt;
  try {
    dt = numpy().attr("dtype")(value);
  } catch (const nb::python_error &) {
    throw tnp::TypeError("tnp: " + nb::cast<std::string>(nb::repr(value)) +
                         " is not a dtype");
  }
  std::string name = nb::cast<std::string>(dt.attr("name"));
  if (std::optional<tnp::dtype> t = dtypeNamed(name))
    return *t;
  throw tnp::TypeError("tnp has no dtype " + name);
}

nb::object fromDType(tnp::dtype t) {
  if (t == tnp::bfloat16)
    return nb::str("bfloat16");
  static nb::handle cache[tnp::dtype::count];
  nb::handle &dt = cache[t.index()];
  if (!dt.is_valid())
    dt = numpy().attr("dtype")(std::string(t.name())).release();
  return nb::borrow(dt);
}

namespace {

/// Python's operator.index(value) as an int64, or nothing (no Python error
/// left set) for a value that is not an integer or does not fit.
std::optional<int64_t> asIndex(nb::handle value) {
  PyObject *index = PyNumber_Index(value.ptr());
  if (!index) {
    PyErr_Clear();
    return std::nullopt;
  }
  long long v = PyLong_AsLongLong(index);
  Py_DECREF(index);
  if (v == -1 && PyErr_Occurred()) {
    PyErr_Clear();
    return std::nullopt;
  }
  return static_cast<int64_t>(v);
}

} // namespace

tnp::shape_t toShape(nb::handle value) {
  auto notAShape = [&] {
    return tnp::TypeError("tnp: " + nb::cast<std::string>(nb::repr(value)) +
                          " is not a shape (an int or a sequence of ints)");
  };
  if (std::optional<int64_t> n = asIndex(value))
    return {*n};
  if (nb::isinstance<PyArray>(value)) {
    const tnp::ndarray &a = nb::inst_ptr<PyArray>(value)->value;
    if (a.ndim() > 1 || !a.dtype().is_integer())
      throw tnp::TypeError("tnp: a shape must be an int or a 1-d sequence "
                           "of ints, got an array of shape " +
                           tnp::to_string(a.shape()) + " and dtype " +
                           std::string(a.dtype().name()));
    return a.astype(tnp::int64).to_vector<int64_t>();
  }
  if (!PySequence_Check(value.ptr()))
    throw notAShape();
  tnp::shape_t shape;
  for (nb::handle d : value) {
    std::optional<int64_t> n = asIndex(d);
    if (!n)
      throw notAShape();
    shape.push_back(*n);
  }
  return shape;
}

nb::object toNumPy(const tnp::ndarray &a) {
  if (a.dtype() == tnp::bfloat16)
    return toNumPy(a.astype(tnp::float32));
  // The capsule owns a handle on the array: its buffer lives as long as
  // NumPy's view.
  auto *owner = new tnp::ndarray(a);
  nb::capsule capsule(
      owner, [](void *p) noexcept { delete static_cast<tnp::ndarray *>(p); });
  std::vector<size_t> shape(a.shape().begin(), a.shape().end());
  nb::ndarray<nb::numpy, nb::ro> view(a.data(), shape.size(), shape.data(),
                                      capsule, nullptr, toDLPack(a.dtype()));
  return view.cast();
}

std::vector<tnp::index_item> toIndex(nb::handle key) {
  std::vector<tnp::index_item> items;
  auto add = [&](nb::handle item) {
    PyObject *p = item.ptr();
    if (PyBool_Check(p))
      items.emplace_back(p == Py_True);
    else if (PyLong_Check(p))
      items.emplace_back(nb::cast<int64_t>(item));
    else if (p == Py_None)
      items.emplace_back(tnp::newaxis);
    else if (p == Py_Ellipsis)
      items.emplace_back(tnp::ellipsis);
    else if (PySlice_Check(p)) {
      auto bound = [](nb::handle b) -> std::optional<int64_t> {
        if (b.is_none())
          return std::nullopt;
        if (std::optional<int64_t> n = asIndex(b))
          return n;
        throw tnp::TypeError("slice indices must be integers or None, got " +
                             nb::cast<std::string>(nb::repr(b)));
      };
      items.emplace_back(tnp::slice(bound(item.attr("start")),
                                    bound(item.attr("stop")),
                                    bound(item.attr("step"))));
    } else if (nb::isinstance<nb::float_>(item)) {
      throw tnp::IndexError("only integers, slices (`:`), ellipsis (`...`), "
                            "tnp.newaxis (`None`) and integer or boolean "
                            "arrays are valid indices, got a float");
    } else {
      tnp::ndarray array = toArray(item);
      if (!array.dtype().is_integer() && !array.dtype().is_bool())
        throw tnp::IndexError("arrays used as indices must be of integer (or "
                              "boolean) type, got " +
                              std::string(array.dtype().name()));
      items.emplace_back(array);
    }
  };
  if (PyTuple_Check(key.ptr()))
    for (nb::handle item : key)
      add(item);
  else
    add(key);
  return items;
}

} // namespace tnp::python

namespace nanobind::detail {

using tnp::python::PyArray;

bool type_caster<tnp::ndarray>::from_python(handle src, uint8_t,
                                            cleanup_list *) noexcept {
  try {
    value = tnp::python::toArray(src);
    return true;
  } catch (...) {
    PyErr_Clear();
    return false;
  }
}

handle type_caster<tnp::ndarray>::from_cpp(const tnp::ndarray &value, rv_policy,
                                           cleanup_list *) noexcept {
  return nanobind::cast(PyArray{value}).release();
}

bool type_caster<tnp::dtype>::from_python(handle src, uint8_t,
                                          cleanup_list *) noexcept {
  try {
    value = tnp::python::toDType(src);
    return true;
  } catch (...) {
    PyErr_Clear();
    return false;
  }
}

handle type_caster<tnp::dtype>::from_cpp(tnp::dtype value, rv_policy,
                                         cleanup_list *) noexcept {
  return tnp::python::fromDType(value).release();
}

bool type_caster<tnp::Axis>::from_python(handle src, uint8_t,
                                         cleanup_list *) noexcept {
  PyObject *p = src.ptr();
  if (p == Py_None) {
    value = tnp::Axis(std::nullopt);
    return true;
  }
  if (PyLong_Check(p) && !PyBool_Check(p)) {
    value = tnp::Axis(PyLong_AsLongLong(p));
    return !PyErr_Occurred();
  }
  if (PyTuple_Check(p) || PyList_Check(p)) {
    std::vector<int64_t> axes;
    for (handle a : src) {
      if (!PyLong_Check(a.ptr()))
        return false;
      axes.push_back(PyLong_AsLongLong(a.ptr()));
    }
    value = tnp::Axis(std::move(axes));
    return true;
  }
  return false;
}

} // namespace nanobind::detail
