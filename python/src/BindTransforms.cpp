//===- BindTransforms.cpp - tnp's transforms over Python callables --------===//
//
// tnp::trace, value_and_grad, vjp, vectorized_map, map_fn and GradientTape
// for Python functions. Each takes a callable from a list of arrays to a
// list of arrays (tnp/_tree.py flattens Python's structures to lists and
// back); C++ traces it like any other function, calling it with traced
// arrays while holding the GIL, and runs compiled code without it.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Convert.h"

#include <nanobind/stl/function.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

namespace tnp::python {

namespace {

using Arrays = std::vector<tnp::ndarray>;

/// A Python callable (list of arrays -> list of arrays) as a C++ function
/// that may run on a thread not holding the GIL.
struct PyListFn {
  std::shared_ptr<nb::object> fn;
  Arrays operator()(const Arrays &args) const {
    nb::gil_scoped_acquire gil;
    return nb::cast<Arrays>((*fn)(nb::cast(args)));
  }
};

/// The same for a callable of two lists (differentiated, held constant)
/// returning one array.
struct PyLossFn {
  std::shared_ptr<nb::object> fn;
  tnp::ndarray operator()(const Arrays &wrt, const Arrays &rest) const {
    nb::gil_scoped_acquire gil;
    return nb::cast<tnp::ndarray>((*fn)(nb::cast(wrt), nb::cast(rest)));
  }
};

std::shared_ptr<nb::object> hold(nb::object fn) {
  // The last reference may go on any thread: take the GIL to drop it.
  return std::shared_ptr<nb::object>(new nb::object(std::move(fn)),
                                     [](nb::object *o) {
                                       if (!Py_IsInitialized())
                                         return;
                                       nb::gil_scoped_acquire gil;
                                       delete o;
                                     });
}

/// Python's garbage collector sees the callable a C++ function holds (cycles
/// through it, as a function referring to itself through its module, are
/// collected): tp_traverse and tp_clear of the types below, which keep the
/// callable in `fn`.
template <typename T> int traverse(PyObject *self, visitproc visit, void *arg) {
  Py_VISIT(Py_TYPE(self));
  if (!nb::inst_ready(self))
    return 0;
  const std::shared_ptr<nb::object> &fn = nb::inst_ptr<T>(self)->fn;
  Py_VISIT(fn->ptr());
  return 0;
}

template <typename T> int clear(PyObject *self) {
  *nb::inst_ptr<T>(self)->fn = nb::none();
  return 0;
}

template <typename T> nb::type_slots collectable() {
  static PyType_Slot slots[] = {{Py_tp_traverse, (void *)traverse<T>},
                                {Py_tp_clear, (void *)clear<T>},
                                {0, nullptr}};
  return nb::type_slots(slots);
}

class TracedFunction {
public:
  TracedFunction(nb::object fn, tnp::trace_options options)
      : fn(hold(std::move(fn))),
        traced(tnp::trace(PyListFn{this->fn}, std::move(options))) {}
  std::shared_ptr<nb::object> fn;
  Arrays call(const Arrays &args) const {
    nb::gil_scoped_release release;
    return traced(args);
  }
  std::string ir(const std::string &stage, const Arrays &args) const {
    tnp::ir_stage s = stage == "traced"   ? tnp::ir_stage::traced
                      : stage == "linalg" ? tnp::ir_stage::linalg
                      : stage == "llvm"
                          ? tnp::ir_stage::llvm
                          : throw tnp::ValueError("tnp.function.ir: the stage "
                                                  "is traced, linalg or llvm, "
                                                  "not " +
                                                  stage);
    nb::gil_scoped_release release;
    return traced.ir(s, args);
  }
  int64_t traceCount() const { return traced.trace_count(); }

private:
  tnp::traced_function<PyListFn> traced;
};

using ValueAndGradFn =
    decltype(tnp::value_and_grad<0>(std::declval<PyLossFn>()));

class ValueAndGrad {
public:
  explicit ValueAndGrad(nb::object fn)
      : fn(hold(std::move(fn))),
        compiled(tnp::value_and_grad<0>(PyLossFn{this->fn})) {}
  std::shared_ptr<nb::object> fn;
  std::pair<tnp::ndarray, Arrays> call(const Arrays &wrt,
                                       const Arrays &rest) const {
    nb::gil_scoped_release release;
    return compiled(wrt, rest);
  }

private:
  ValueAndGradFn compiled;
};

using PullbackFn =
    decltype(tnp::vjp(std::declval<PyListFn>(), std::declval<Arrays>()).second);

class Pullback {
public:
  explicit Pullback(PullbackFn f) : f(std::move(f)) {}
  Arrays call(const Arrays &cotangents) const {
    nb::gil_scoped_release release;
    return std::get<0>(f(cotangents));
  }

private:
  PullbackFn f;
};

tnp::trace_options traceOptions(const std::string &name, int optLevel,
                                nb::handle signature) {
  tnp::trace_options options;
  options.name = name;
  options.opt_level = optLevel;
  if (!signature.is_none())
    for (nb::handle spec : signature) {
      nb::handle shape = spec[0];
      tnp::shape_t dims;
      for (nb::handle d : shape)
        dims.push_back(d.is_none() ? -1 : nb::cast<int64_t>(d));
      options.input_signature.push_back({dims, toDType(spec[1])});
    }
  return options;
}

} // namespace

void bindTransforms(nb::module_ &m) {
  nb::class_<TracedFunction>(m, "_TracedFunction",
                             collectable<TracedFunction>())
      .def(
          "__init__",
          [](TracedFunction *self, nb::object fn, const std::string &name,
             int optLevel, nb::handle signature) {
            new (self) TracedFunction(std::move(fn),
                                      traceOptions(name, optLevel, signature));
          },
          nb::arg("fn"), nb::arg("name"), nb::arg("opt_level") = 2,
          nb::arg("input_signature").none() = nb::none())
      .def("__call__", &TracedFunction::call)
      .def("ir", &TracedFunction::ir)
      .def_prop_ro("trace_count", &TracedFunction::traceCount);

  nb::class_<ValueAndGrad>(m, "_ValueAndGrad", collectable<ValueAndGrad>())
      .def(nb::init<nb::object>())
      .def("__call__", &ValueAndGrad::call);

  nb::class_<Pullback>(m, "_Pullback").def("__call__", &Pullback::call);
  m.def("_vjp", [](nb::object fn, const Arrays &primals) {
    PyListFn f{hold(std::move(fn))};
    nb::gil_scoped_release release;
    auto [outputs, pullback] = tnp::vjp(f, primals);
    return std::make_pair(outputs, Pullback(std::move(pullback)));
  });

  m.def("_vectorized_map",
        [](nb::object fn, const Arrays &elems, bool fallback) {
          PyListFn f{hold(std::move(fn))};
          nb::gil_scoped_release release;
          return tnp::vectorized_map(f, elems, fallback);
        });
  m.def("_map_fn", [](nb::object fn, const Arrays &elems) {
    PyListFn f{hold(std::move(fn))};
    nb::gil_scoped_release release;
    return tnp::map_fn(f, elems);
  });

  nb::class_<tnp::GradientTape>(m, "_GradientTape")
      .def(nb::init<bool>(), nb::arg("persistent") = false)
      .def("watch", [](tnp::GradientTape &tape,
                       const Arrays &arrays) { tape.watch(arrays); })
      .def("gradient",
           [](tnp::GradientTape &tape, const tnp::ndarray &target,
              const Arrays &sources) {
             nb::gil_scoped_release release;
             return tape.gradient(target, sources);
           })
      .def("jacobian", &tnp::GradientTape::jacobian,
           nb::call_guard<nb::gil_scoped_release>())
      .def("batch_jacobian", &tnp::GradientTape::batch_jacobian,
           nb::call_guard<nb::gil_scoped_release>())
      .def("stop_recording", &tnp::GradientTape::stop_recording);
}

} // namespace tnp::python
