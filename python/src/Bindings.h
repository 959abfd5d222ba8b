//===- Bindings.h - the extension's parts, by topic ---------------*- C++
//-*-===//

#ifndef TNP_PYTHON_BINDINGS_H
#define TNP_PYTHON_BINDINGS_H

#include <nanobind/nanobind.h>

#include <exception>

namespace tnp::python {

/// Sets Python's error for one of tnp's (its ValueError as Python's, with
/// its message; Module.cpp has the table); false for other errors.
bool setTnpError(const std::exception_ptr &error);

/// tnp.ndarray, its operators and protocols (BindArray.cpp).
void bindArray(nanobind::module_ &m);
/// NumPy's functions, tnp.random, promotion settings (BindFunctions.cpp).
void bindFunctions(nanobind::module_ &m);
/// tnp.device scopes and tnp.config's device functions (BindDevices.cpp).
void bindDevices(nanobind::module_ &m);
/// Tracing, gradients, vectorization over Python callables
/// (BindTransforms.cpp).
void bindTransforms(nanobind::module_ &m);

} // namespace tnp::python

#endif // TNP_PYTHON_BINDINGS_H
