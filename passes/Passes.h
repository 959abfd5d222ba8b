//===- Passes.h - tnp passes ------------------------------------*- C++ -*-===//
//
// The passes of tnp. Their order lives in one place, passes/Pipelines.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_PASSES_H
#define TNP_PASSES_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace mlir::tnp {

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

} // namespace mlir::tnp

#endif // TNP_PASSES_PASSES_H
