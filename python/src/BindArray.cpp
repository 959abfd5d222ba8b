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

/// Operators on small arrays keep the GIL: releasing and taking it back
/// costs more than their kernels, and Python's per-op overhead matters there.
constexpr int64_t kKeepGILElements = 1 << 12;

template <typename Op>
void defBinary(nb::class_<PyArray> &cls, const char *name, const char *rname,
               Op op) {
  auto run = [op](const tnp::ndarray &a, const tnp::ndarray &b) {
    if (a.size() + b.size() <= kKeepGILElements)
      return op(a, b);
    nb::gil_scoped_release release;
    return op(a, b);
  };
  cls.def(
      name,
      [run](const PyArray &self, const tnp::ndarray &other) {
        return run(self.value, other);
      },
      nb::is_operator());
  if (rname)
    cls.def(
        rname,
        [run](const PyArray &self, const tnp::ndarray &other) {
          return run(other, self.value);
        },
        nb::is_operator());
}

} // namespace

void bindArray(nb::module_ &m) {
  nb::class_<PyArray> cls(m, "ndarray",
                          "An immutable N-d array on a device "
                          "(tf.experimental.numpy.ndarray).");
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
           [](const PyArray &a, nb::kwargs) { return dlpackCapsule(a.value); })
      .def("__dlpack_device__",
           [](const PyArray &) { return nb::make_tuple(1, 0); })
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

  using A = const tnp::ndarray &;
  defBinary(cls, "__add__", "__radd__", [](A a, A b) { return a + b; });
  defBinary(cls, "__sub__", "__rsub__", [](A a, A b) { return a - b; });
  defBinary(cls, "__mul__", "__rmul__", [](A a, A b) { return a * b; });
  defBinary(cls, "__truediv__", "__rtruediv__", [](A a, A b) { return a / b; });
  defBinary(cls, "__floordiv__", "__rfloordiv__",
            [](A a, A b) { return tnp::floor_divide(a, b); });
  defBinary(cls, "__mod__", "__rmod__", [](A a, A b) { return a % b; });
  defBinary(cls, "__pow__", "__rpow__",
            [](A a, A b) { return tnp::power(a, b); });
  defBinary(cls, "__matmul__", "__rmatmul__",
            [](A a, A b) { return tnp::matmul(a, b); });
  defBinary(cls, "__and__", "__rand__", [](A a, A b) { return a & b; });
  defBinary(cls, "__or__", "__ror__", [](A a, A b) { return a | b; });
  defBinary(cls, "__xor__", "__rxor__", [](A a, A b) { return a ^ b; });
  defBinary(cls, "__eq__", nullptr, [](A a, A b) { return a == b; });
  defBinary(cls, "__ne__", nullptr, [](A a, A b) { return a != b; });
  defBinary(cls, "__lt__", nullptr, [](A a, A b) { return a < b; });
  defBinary(cls, "__le__", nullptr, [](A a, A b) { return a <= b; });
  defBinary(cls, "__gt__", nullptr, [](A a, A b) { return a > b; });
  defBinary(cls, "__ge__", nullptr, [](A a, A b) { return a >= b; });

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
