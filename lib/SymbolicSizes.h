//===- SymbolicSizes.h - a trace's dynamic dimensions -----------*- C++ -*-===//
//
// tnp::trace gives each dynamic group of an input signature (its -1
// dimensions of equal size) a reserved size, its symbol, and traces the
// function at those sizes: shape arithmetic in lib/ stays integer, and a
// symbol is recognized wherever the function puts it. Here the symbols in
// the traced function's tensor types become dynamic (`?`), and a symbol
// anywhere else is an error.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_SYMBOLICSIZES_H
#define TNP_LIB_SYMBOLICSIZES_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace tnp::detail {

/// ValueError: a dimension the input signature leaves dynamic `why`.
[[noreturn]] void throwNotDynamic(const std::string &why);

/// Makes the dimensions of `module`'s function whose size is one of
/// `symbols` dynamic. throwNotDynamic when a symbol is also an attribute
/// of a primitive (a size it needs as a constant), the shape of an array
/// made while tracing (a constant, or a capture: an argument past the first
/// `numArguments`), or when a primitive does not accept the dynamic type.
void makeSizesDynamic(mlir::ModuleOp module, unsigned numArguments,
                      llvm::ArrayRef<int64_t> symbols);

} // namespace tnp::detail

#endif // TNP_LIB_SYMBOLICSIZES_H
