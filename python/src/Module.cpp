//===- Module.cpp - tnp._tnp, the extension -------------------------------===//
//
// tnp's errors become Python's: tnp::ValueError a ValueError, IndexError an
// IndexError, and so on, with tnp's messages.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include <tnp/tnp.h>

namespace nb = nanobind;

bool tnp::python::setTnpError(const std::exception_ptr &error) {
  try {
    std::rethrow_exception(error);
  } catch (const tnp::IndexError &e) {
    PyErr_SetString(PyExc_IndexError, e.what());
  } catch (const tnp::ValueError &e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  } catch (const tnp::TypeError &e) {
    PyErr_SetString(PyExc_TypeError, e.what());
  } catch (const tnp::ZeroDivisionError &e) {
    PyErr_SetString(PyExc_ZeroDivisionError, e.what());
  } catch (const tnp::NotImplementedError &e) {
    PyErr_SetString(PyExc_NotImplementedError, e.what());
  } catch (const tnp::MemoryError &e) {
    PyErr_SetString(PyExc_MemoryError, e.what());
  } catch (const tnp::OSError &e) {
    PyErr_SetString(PyExc_OSError, e.what());
  } catch (const tnp::Error &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    return false;
  }
  return true;
}

namespace {

/// nanobind's translator: tnp's errors here, the others to nanobind's own.
void translate(const std::exception_ptr &error, void *) {
  if (!tnp::python::setTnpError(error))
    std::rethrow_exception(error);
}

} // namespace

NB_MODULE(_tnp, m) {
  nb::register_exception_translator(translate);
  m.attr("__version__") = tnp::version();
  tnp::python::bindArray(m);
  tnp::python::bindFunctions(m);
  tnp::python::bindTransforms(m);
  tnp::python::bindDevices(m);
}
