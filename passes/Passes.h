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

/// Integer attribute on a tnp.nontemporal store: its buffer, and each row
/// of it, starts at a multiple of this many bytes, as a run-time check
/// around the store found (tnp-tile-transposes, for run-time sizes).
inline constexpr llvm::StringLiteral kAlignedRowsAttr = "tnp.aligned_rows";

/// Stores into buffers of this many bytes or more go around the caches
/// (tnp-tile-transposes' targets, tnp-stream-stores' results): half the
/// last-level cache of the machines measured, so that the lines would be
/// evicted before anything read them.
inline constexpr int64_t kStreamBytes = int64_t(16) << 20;

} // namespace mlir::tnp

#endif // TNP_PASSES_PASSES_H
