//===- Bindings.h - the extension's parts, by topic ---------------*- C++
//-*-===//

#ifndef TNP_PYTHON_BINDINGS_H
#define TNP_PYTHON_BINDINGS_H

#include <nanobind/nanobind.h>

namespace tnp::python {

/// tnp.ndarray, its operators and protocols (BindArray.cpp).
void bindArray(nanobind::module_ &m);
/// NumPy's functions, tnp.random, promotion settings (BindFunctions.cpp).
void bindFunctions(nanobind::module_ &m);
/// Tracing, gradients, vectorization over Python callables
/// (BindTransforms.cpp).
void bindTransforms(nanobind::module_ &m);

} // namespace tnp::python

#endif // TNP_PYTHON_BINDINGS_H
