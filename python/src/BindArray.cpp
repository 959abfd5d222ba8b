//===- BindArray.cpp - tnp.ndarray ----------------------------------------===//
//
// The array type: attributes, methods, Python's operators (NumPy's meaning,
// reflected forms included), indexing with Python syntax and x.at[...], and
// the protocols NumPy and DLPack consumers use (__array__, __dlpack__).
// Kernels run with the GIL released.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Convert.h"

#include <tnp/dlpack.h>

#include <nanobind/stl/complex.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace tnp::python {

namespace {

using Release = nb::call_guard<nb::gil_scoped_release>;

nb::tuple shapeTuple(const tnp::shape_t &shape) {
  nb::list dims;
  for (int64_t d : shape)
    dims.append(d);
  return nb::tuple(dims);
}

bool traced(const tnp::ndarray &a) { return tnp::detail::anyTraced({a}); }

/// TF's str: `tf.Tensor([1 2], shape=(2,), dtype=int32)`, its text on a line
/// of its own when it spans lines.
std::string tfStr(const tnp::ndarray &a) {
  std::string suffix = ", shape=" + tnp::to_string(a.shape()) +
                       ", dtype=" + std::string(a.dtype().name()) + ")";
  if (traced(a))
    return "Tensor(\"traced\"" + suffix;
  std::string text = tnp::str(a);
  bool lines = text.find('\n') != std::string::npos;
  return "tf.Tensor(" + std::string(lines ? "\n" : "") + text + suffix;
}

/// TF's repr: `<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2],
/// dtype=int32)>`.
std::string tfRepr(const tnp::ndarray &a) {
  std::string head = "<tf.Tensor: shape=" + tnp::to_string(a.shape()) +
                     ", dtype=" + std::string(a.dtype().name());
  if (traced(a))
    return head + ">";
  return head + ", numpy=" + tnp::repr(a) + ">";
}

/// The one element as a Python scalar (TypeError for more than one, as
/// Python's float() of a NumPy array).
template <typename T> T scalar(const tnp::ndarray &a, const char *what) {
  if (a.size() != 1)
    throw tnp::TypeError(std::string("only arrays of size 1 can be converted "
                                     "to Python ") +
                         what + ", got shape " + tnp::to_string(a.shape()));
  return a.item<T>();
}

/// A DLPack capsule per the Python array API: NumPy, PyTorch and JAX take
/// it; a consumer renames it "used_dltensor", else its destructor frees it.
nb::object dlpackCapsule(const tnp::ndarray &a) {
  DLManagedTensor *tensor = tnp::to_dlpack(a);
  PyObject *capsule =
      PyCapsule_New(tensor, "dltensor", [](PyObject *self) noexcept {
        if (!PyCapsule_IsValid(self, "dltensor"))
          return;
        auto *t = static_cast<DLManagedTensor *>(
            PyCapsule_GetPointer(self, "dltensor"));
        if (t && t->deleter)
          t->deleter(t);
      });
  if (!capsule) {
    tensor->deleter(tensor);
    throw nb::python_error();
  }
  return nb::steal(capsule);
}

/// x.at[index]: JAX's functional updates.
struct AtHelper {
  tnp::ndarray array;
};

/// An operator's operand: a tnp.ndarray's own array (not copied: this is
/// the per-op path), else `converted` holding a Python scalar (weak) or what
/// np.asarray takes; null for anything else (the operator then returns
/// NotImplemented, and Python tries the other operand or raises TypeError).
const tnp::ndarray *operand(PyObject *o, tnp::ndarray &converted) {
  if (Py_TYPE(o) == reinterpret_cast<PyTypeObject *>(arrayType().ptr()))
    return &nb::inst_ptr<PyArray>(o)->value;
  try {
    converted = toArray(nb::handle(o));
    return &converted;
  } catch (const nb::python_error &) {
    return nullptr;
  } catch (const tnp::Error &) {
    return nullptr;
  }
}

/// The current C++ exception as Python's error.
void raiseCurrent() {
  std::exception_ptr error = std::current_exception();
  if (setTnpError(error))
    return;
  try {
    std::rethrow_exception(error);
  } catch (nb::python_error &e) {
    e.restore();
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
}

using BinaryFn = tnp::ndarray (*)(const tnp::ndarray &, const tnp::ndarray &);

PyObject *applyBinary(BinaryFn op, PyObject *a, PyObject *b) noexcept {
  tnp::ndarray convertedA, convertedB;
  const tnp::ndarray *x = operand(a, convertedA);
  const tnp::ndarray *y = x ? operand(b, convertedB) : nullptr;
  if (!y)
    Py_RETURN_NOTIMPLEMENTED;
  try {
    return wrap(
        releasingGIL(x->size() + y->size(), [&] { return op(*x, *y); }));
  } catch (...) {
    raiseCurrent();
    return nullptr;
  }
}

/// Python's binary operators as the type's number slots (nb_add, ...), as
/// NumPy's are: Python calls them directly for `a + b` and `b + a` alike,
/// with no method lookup or argument parsing on the per-op path.
template <BinaryFn Op> PyObject *binarySlot(PyObject *a, PyObject *b) noexcept {
  return applyBinary(Op, a, b);
}

PyObject *powerSlot(PyObject *a, PyObject *b, PyObject *mod) noexcept {
  if (mod != Py_None)
    Py_RETURN_NOTIMPLEMENTED;
  return applyBinary(tnp::power, a, b);
}

PyObject *richCompare(PyObject *a, PyObject *b, int op) noexcept {
  static const BinaryFn ops[] = {tnp::less,    tnp::less_equal,
                                 tnp::equal,   tnp::not_equal,
                                 tnp::greater, tnp::greater_equal};
  return applyBinary(ops[op], a, b);
}

PyType_Slot operatorSlots[] = {
    {Py_nb_add, (void *)binarySlot<tnp::add>},
    {Py_nb_subtract, (void *)binarySlot<tnp::subtract>},
    {Py_nb_multiply, (void *)binarySlot<tnp::multiply>},
    {Py_nb_true_divide, (void *)binarySlot<tnp::true_divide>},
    {Py_nb_floor_divide, (void *)binarySlot<tnp::floor_divide>},
    {Py_nb_remainder, (void *)binarySlot<tnp::remainder>},
    {Py_nb_power, (void *)powerSlot},
    {Py_nb_matrix_multiply, (void *)binarySlot<tnp::matmul>},
    {Py_nb_and, (void *)binarySlot<tnp::bitwise_and>},
    {Py_nb_or, (void *)binarySlot<tnp::bitwise_or>},
    {Py_nb_xor, (void *)binarySlot<tnp::bitwise_xor>},
    {Py_tp_richcompare, (void *)richCompare},
    {0, nullptr}};

} // namespace

void bindArray(nb::module_ &m) {
  nb::class_<PyArray> cls(m, "ndarray",
                          "An immutable N-d array on a device "
                          "(tf.experimental.numpy.ndarray).",
                          nb::type_slots(operatorSlots));
  cls.def_prop_ro("shape",
                  [](const PyArray &a) { return shapeTuple(a.value.shape()); })
      .def_prop_ro("ndim", [](const PyArray &a) { return a.value.ndim(); })
      .def_prop_ro("size", [](const PyArray &a) { return a.value.size(); })
      .def_prop_ro("dtype", [](const PyArray &a) { return a.value.dtype(); })
      .def_prop_ro("itemsize",
                   [](const PyArray &a) { return a.value.dtype().itemsize(); })
      .def_prop_ro("nbytes",
                   [](const PyArray &a) {
                     return a.value.size() * a.value.dtype().itemsize();
                   })
      .def_prop_ro(
          "strides",
          [](const PyArray &a) { return shapeTuple(a.value.strides()); })
      .def_prop_ro("device", [](const PyArray &a) { return a.value.device(); })
      .def_prop_ro("T", [](const PyArray &a) { return a.value.T(); })
      .def_prop_ro("real", [](const PyArray &a) { return tnp::real(a.value); })
      .def_prop_ro("imag", [](const PyArray &a) { return tnp::imag(a.value); })
      .def(
          "reshape",
          [](const PyArray &a, nb::args shape) {
            nb::handle s = shape.size() == 1 ? shape[0] : nb::handle(shape);
            return a.value.reshape(toShape(s));
          },
          "*shape")
      .def("ravel", [](const PyArray &a) { return a.value.ravel(); })
      .def("flatten", [](const PyArray &a) { return tnp::flatten(a.value); })
      .def(
          "astype",
          [](const PyArray &a, nb::handle dtype) {
            tnp::dtype t = toDType(dtype);
            nb::gil_scoped_release release;
            return a.value.astype(t);
          },
          nb::arg("dtype"))
      .def(
          "transpose",
          [](const PyArray &a, nb::args axes) {
            if (axes.size() == 1 && !axes[0].is_none())
              return a.value.transpose(toShape(axes[0]));
            return a.value.transpose(axes.size() ? toShape(axes)
                                                 : tnp::shape_t{});
          },
          "*axes")
      .def(
          "squeeze",
          [](const PyArray &a, std::optional<int64_t> axis) {
            return a.value.squeeze(axis);
          },
          nb::arg("axis").none() = nb::none())
      .def(
          "clip",
          [](const PyArray &a, const tnp::ndarray &lo, const tnp::ndarray &hi) {
            return tnp::clip(a.value, lo, hi);
          },
          nb::arg("a_min"), nb::arg("a_max"), Release())
      .def("copy", [](const PyArray &a) { return tnp::copy(a.value); })
      .def("item",
           [](const PyArray &a) -> nb::object {
             if (a.value.size() != 1)
               throw tnp::ValueError("can only convert an array of size 1 to a "
                                     "Python scalar, got shape " +
                                     tnp::to_string(a.value.shape()));
             return toNumPy(a.value).attr("item")();
           })
      .def("tolist",
           [](const PyArray &a) { return toNumPy(a.value).attr("tolist")(); })
      .def("numpy", [](const PyArray &a) { return toNumPy(a.value); })
      .def(
          "__array__",
          [](const PyArray &a, nb::handle dtype, nb::handle copy) {
            nb::object array = toNumPy(a.value);
            if (!dtype.is_none())
              array = array.attr("astype")(dtype);
            else if (nb::cast<bool>(nb::bool_(copy)))
              array = array.attr("copy")();
            return array;
          },
          nb::arg("dtype").none() = nb::none(),
          nb::arg("copy").none() = nb::none())
      .def("__dlpack__",
           [](const PyArray &a, nb::kwargs) {
             // Any consumer stream may read it once tnp's work is done.
             {
               nb::gil_scoped_release released;
               a.value.block_until_ready();
             }
             return dlpackCapsule(a.value);
           })
      .def("block_until_ready",
           [](nb::handle self) {
             const tnp::ndarray &value = nb::cast<const PyArray &>(self).value;
             {
               nb::gil_scoped_release released;
               value.block_until_ready();
             }
             return nb::borrow(self);
           })
      .def("__dlpack_device__",
           [](const PyArray &a) {
             // DLPack's (kDLCPU, 0), or (kDLCUDA, index) on a GPU.
             std::string device = a.value.device();
             size_t gpu = device.rfind("device:GPU:");
             if (gpu == std::string::npos)
               return nb::make_tuple(int(kDLCPU), 0);
             return nb::make_tuple(int(kDLCUDA),
                                   std::stoi(device.substr(gpu + 11)));
           })
      .def("__repr__", [](const PyArray &a) { return tfRepr(a.value); })
      .def("__str__", [](const PyArray &a) { return tfStr(a.value); })
      .def("__bool__", [](const PyArray &a) { return bool(a.value); })
      .def("__float__",
           [](const PyArray &a) { return scalar<double>(a.value, "floats"); })
      .def("__int__",
           [](const PyArray &a) { return scalar<int64_t>(a.value, "ints"); })
      .def("__index__",
           [](const PyArray &a) {
             if (!a.value.dtype().is_integer() || a.value.ndim() != 0)
               throw tnp::TypeError("only 0-d integer arrays can be converted "
                                    "to an index");
             return a.value.item<int64_t>();
           })
      .def("__complex__",
           [](const PyArray &a) {
             return scalar<std::complex<double>>(a.value, "complex numbers");
           })
      .def("__len__",
           [](const PyArray &a) {
             if (a.value.ndim() == 0)
               throw tnp::TypeError("len() of unsized object");
             return a.value.shape()[0];
           })
      .def("__iter__",
           [](const PyArray &a) {
             if (a.value.ndim() == 0)
               throw tnp::TypeError("iteration over a 0-d array");
             nb::list rows;
             for (int64_t i = 0; i < a.value.shape()[0]; ++i)
               rows.append(a.value(i));
             return rows.attr("__iter__")();
           })
      .def("__getitem__",
           [](const PyArray &a, nb::handle key) {
             std::vector<tnp::index_item> index = toIndex(key);
             nb::gil_scoped_release release;
             return tnp::detail::getitem(a.value, index);
           })
      .def("__setitem__",
           [](const PyArray &, nb::handle, nb::handle) {
             throw tnp::TypeError("'tnp.ndarray' object does not support item "
                                  "assignment: tnp arrays are immutable; use "
                                  "x = x.at[index].set(value)");
           })
      .def_prop_ro("at", [](const PyArray &a) { return AtHelper{a.value}; })
      .def(
          "__neg__", [](const PyArray &a) { return -a.value; }, Release())
      .def(
          "__pos__", [](const PyArray &a) { return tnp::positive(a.value); },
          Release())
      .def(
          "__abs__", [](const PyArray &a) { return tnp::abs(a.value); },
          Release())
      .def(
          "__invert__", [](const PyArray &a) { return ~a.value; }, Release());
  cls.attr("__module__") = "tnp";
  cls.attr("__array_priority__") = 100;
  cls.attr("__hash__") = nb::none();

  m.def("_from_dlpack", [](nb::handle capsule) {
    if (!PyCapsule_IsValid(capsule.ptr(), "dltensor"))
      throw tnp::TypeError("tnp.from_dlpack: expected an unused DLPack "
                           "capsule ('dltensor')");
    auto *tensor = static_cast<DLManagedTensor *>(
        PyCapsule_GetPointer(capsule.ptr(), "dltensor"));
    PyCapsule_SetName(capsule.ptr(), "used_dltensor");
    return tnp::from_dlpack(tensor);
  });

  nb::class_<tnp::indexed_update>(m, "_IndexUpdateRef")
      .def("get", &tnp::indexed_update::get, Release())
      .def("set", &tnp::indexed_update::set, nb::arg("values"), Release())
      .def("add", &tnp::indexed_update::add, nb::arg("values"), Release())
      .def("multiply", &tnp::indexed_update::multiply, nb::arg("values"),
           Release())
      .def("min", &tnp::indexed_update::min, nb::arg("values"), Release())
      .def("max", &tnp::indexed_update::max, nb::arg("values"), Release());
  nb::class_<AtHelper>(m, "_IndexUpdateHelper")
      .def("__getitem__", [](const AtHelper &at, nb::handle key) {
        return tnp::indexed_update(at.array, toIndex(key));
      });
}

} // namespace tnp::python
