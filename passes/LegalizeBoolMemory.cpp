//===- LegalizeBoolMemory.cpp - the tnp-legalize-bool-memory pass ---------===//
//
// Bools are bytes in memory (NumPy's layout, and what scalar i1 accesses
// read and write); LLVM packs a vector of i1 into bits. Vector accesses of
// i1 become accesses of i8 vectors, truncated after a load and extended
// before a store. A walk, not patterns: each access is rewritten in place,
// once.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPLEGALIZEBOOLMEMORYPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// `type` with i8 elements if it is a vector of i1, else null.
VectorType asBytes(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  if (!vector || !vector.getElementType().isInteger(1))
    return nullptr;
  return vector.clone(IntegerType::get(type.getContext(), 8));
}

struct TnpLegalizeBoolMemoryPass
    : tnp::impl::TnpLegalizeBoolMemoryPassBase<TnpLegalizeBoolMemoryPass> {
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation()->walk([&](Operation *op) {
      if (isa<LLVM::LoadOp, LLVM::MaskedLoadOp>(op) &&
          asBytes(op->getResult(0).getType()))
        accesses.push_back(op);
      if (isa<LLVM::StoreOp, LLVM::MaskedStoreOp>(op) &&
          asBytes(op->getOperand(0).getType()))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
        VectorType bytes = asBytes(load.getType());
        auto wide = LLVM::LoadOp::create(b, loc, bytes, load.getAddr(),
                                         load.getAlignment().value_or(1));
        load.replaceAllUsesWith(
            LLVM::TruncOp::create(b, loc, load.getType(), wide).getResult());
      } else if (auto load = dyn_cast<LLVM::MaskedLoadOp>(op)) {
        VectorType bytes = asBytes(load.getType());
        Value passThru = load.getPassThru();
        if (passThru)
          passThru = LLVM::ZExtOp::create(b, loc, bytes, passThru);
        auto wide = LLVM::MaskedLoadOp::create(
            b, loc, bytes, load.getData(), load.getMask(), passThru,
            load.getAlignmentAttr(), load.getNontemporalAttr());
        load.replaceAllUsesWith(
            LLVM::TruncOp::create(b, loc, load.getType(), wide).getResult());
      } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
        Value bytes = LLVM::ZExtOp::create(
            b, loc, asBytes(store.getValue().getType()), store.getValue());
        LLVM::StoreOp::create(b, loc, bytes, store.getAddr(),
                              store.getAlignment().value_or(1));
      } else {
        auto masked = cast<LLVM::MaskedStoreOp>(op);
        Value bytes = LLVM::ZExtOp::create(
            b, loc, asBytes(masked.getValue().getType()), masked.getValue());
        LLVM::MaskedStoreOp::create(b, loc, bytes, masked.getData(),
                                    masked.getMask(),
                                    masked.getAlignmentAttr());
      }
      op->erase();
    }
  }
};

} // namespace
