//===- CompiledTrace.h - compiling a recorded function ----------*- C++ -*-===//

#ifndef TNP_LIB_TRACE_H
#define TNP_LIB_TRACE_H

#include <tnp/trace.h>

#include "mlir/IR/BuiltinOps.h"

namespace tnp::detail {

/// Compiles the one function of `module` (static shapes; `text` is its
/// printed form), which becomes the compiled code's: runTrace calls it on
/// its arguments, in order.
std::shared_ptr<const CompiledTrace> compileFunction(mlir::ModuleOp module,
                                                     std::string text);

} // namespace tnp::detail

#endif // TNP_LIB_TRACE_H
