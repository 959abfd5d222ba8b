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

/// Unit attribute on an affine.vector_store to write around the caches:
/// tnp-tile-transposes sets it, tnp-stream-stores lowers it.
inline constexpr llvm::StringLiteral kNontemporalAttr = "tnp.nontemporal";

} // namespace mlir::tnp

#endif // TNP_PASSES_PASSES_H
