//===- Format.h - shapes and values in NumPy's words ------------*- C++ -*-===//

#ifndef TNP_LIB_FORMAT_H
#define TNP_LIB_FORMAT_H

#include <tnp/ndarray.h>

#include <string>

namespace tnp::detail {

/// A shape as NumPy writes it in messages: "(2,3)", "(4,)", "()".
std::string formatShape(const shape_t &shape);

} // namespace tnp::detail

#endif // TNP_LIB_FORMAT_H
