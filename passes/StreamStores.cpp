//===- StreamStores.cpp - tnp-stream-stores -------------------------------===//
//
// Lowers the affine vector stores marked to write around the caches into
// non-temporal vector stores, fenced (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPSTREAMSTORESPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The op around `op` directly in the function.
Operation *topLevelOf(Operation *op) {
  while (!isa<func::FuncOp>(op->getParentOp()))
    op = op->getParentOp();
  return op;
}

struct TnpStreamStoresPass
    : mlir::tnp::impl::TnpStreamStoresPassBase<TnpStreamStoresPass> {
  void runOnOperation() override {
    SmallVector<affine::AffineVectorStoreOp> stores;
    getOperation().walk([&](affine::AffineVectorStoreOp store) {
      if (store->hasAttr(tnp::kNontemporalAttr))
        stores.push_back(store);
    });
    llvm::SetVector<Operation *> nests;
    for (affine::AffineVectorStoreOp store : stores) {
      OpBuilder b(store);
      std::optional<SmallVector<Value, 8>> indices = affine::expandAffineMap(
          b, store.getLoc(), store.getAffineMap(), store.getMapOperands());
      if (!indices)
        return signalPassFailure();
      vector::StoreOp::create(b, store.getLoc(), store.getValueToStore(),
                              store.getMemRef(), *indices,
                              /*nontemporal=*/true);
      nests.insert(topLevelOf(store));
      store.erase();
    }
    // Non-temporal stores are weakly ordered: they reach memory before
    // the thread's later stores only past a fence. A parallel loop's
    // threads pass OpenMP's barrier (locked instructions, which drain the
    // write-combining buffers on x86); the function's own thread fences
    // after the nest. (A fence in a parallel body would keep the
    // memref.alloca_scope that convert-scf-to-openmp wraps it in, which
    // scf-to-cf's blocks do not fit.)
    for (Operation *nest : nests) {
      OpBuilder b(nest->getContext());
      b.setInsertionPointAfter(nest);
      LLVM::FenceOp::create(b, nest->getLoc(), LLVM::AtomicOrdering::seq_cst);
    }
  }
};

} // namespace
