//===- BufferRoots.h - the buffers memref views come from -------*- C++ -*-===//
//
// Loop passes tell buffers apart by the value that allocated them: two
// accesses can alias only if their memrefs are views of the same root.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_BUFFERROOTS_H
#define TNP_PASSES_BUFFERROOTS_H

#include "mlir/IR/Value.h"

namespace mlir::tnp {

/// The buffer `memref` is a view of (through reshapes, subviews, casts), or
/// `memref` itself.
Value rootOf(Value memref);

/// Whether `root` is a buffer no other root aliases: an allocation, or a
/// function argument (the runtime's calling convention passes each result
/// in a buffer of its own, never one of the inputs).
bool isDistinctBuffer(Value root);

/// Whether every use of `buffer` stores elements into it (affine, vector
/// or memref stores) or asks its sizes: nothing reads it, views it or
/// passes it on, as with a result's buffer that a function only writes.
bool isOnlyStoredInto(Value buffer);

} // namespace mlir::tnp

#endif // TNP_PASSES_BUFFERROOTS_H
