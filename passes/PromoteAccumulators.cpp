//===- PromoteAccumulators.cpp - tnp-promote-accumulators -----------------===//
//
// A reduction lowered to loops reads and writes its accumulator in memory on
// every trip (see Passes.td). This pass carries such accumulators in the
// loop's iter_args instead, the form affine's vectorizer vectorizes.
//
//===----------------------------------------------------------------------===//

#include "passes/BufferRoots.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPPROMOTEACCUMULATORSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// A load and a store of the same element, invariant in the loop.
struct Accumulator {
  affine::AffineLoadOp load;
  affine::AffineStoreOp store;
};

/// The accumulators of `loop`: buffers it accesses only through one load
/// and then one store of one element, both in its body (not nested,
/// unconditional), at indices fixed outside the loop. Empty if an op in the
/// loop touches memory other than through affine loads and stores, or if a
/// buffer it reads might be such a buffer under another name.
SmallVector<Accumulator> accumulatorsOf(affine::AffineForOp loop) {
  llvm::MapVector<Value, SmallVector<Operation *, 2>> accesses;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<affine::AffineLoadOp>(op))
      accesses[tnp::rootOf(load.getMemRef())].push_back(op);
    else if (auto store = dyn_cast<affine::AffineStoreOp>(op))
      accesses[tnp::rootOf(store.getMemRef())].push_back(op);
    else if (!isa<affine::AffineForOp, affine::AffineIfOp,
                  affine::AffineYieldOp>(op) &&
             !isMemoryEffectFree(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  SmallVector<Accumulator> found;
  if (walk.wasInterrupted() || !llvm::all_of(accesses, [](auto &entry) {
        return tnp::isDistinctBuffer(entry.first) ||
               entry.first.template getDefiningOp<memref::GetGlobalOp>();
      }))
    return found;
  for (auto &[root, ops] : accesses) {
    if (ops.size() != 2 || !tnp::isDistinctBuffer(root))
      continue;
    auto load = dyn_cast<affine::AffineLoadOp>(ops[0]);
    auto store = dyn_cast<affine::AffineStoreOp>(ops[1]);
    if (!load || !store || load->getBlock() != loop.getBody() ||
        store->getBlock() != loop.getBody() || !load->isBeforeInBlock(store) ||
        load.getMemRef() != store.getMemRef() ||
        load.getAffineMap() != store.getAffineMap() ||
        !llvm::equal(load.getMapOperands(), store.getMapOperands()) ||
        !llvm::all_of(load.getMapOperands(),
                      [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
      continue;
    found.push_back({load, store});
  }
  return found;
}

/// Carries `loop`'s accumulators in iter_args: each is loaded before the
/// loop and stored after it.
void promote(affine::AffineForOp loop,
             MutableArrayRef<Accumulator> accumulators) {
  IRRewriter rewriter(loop);
  SmallVector<Value> inits;
  for (const Accumulator &acc : accumulators)
    inits.push_back(rewriter.clone(*acc.load)->getResult(0));
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
        SmallVector<Value> stored;
        for (Accumulator &acc : accumulators)
          stored.push_back(acc.store.getValueToStore());
        return stored;
      });
  if (failed(replaced))
    return;
  auto promoted = cast<affine::AffineForOp>(replaced->getOperation());
  unsigned first = promoted.getNumResults() - accumulators.size();
  rewriter.setInsertionPointAfter(promoted);
  for (auto [i, acc] : llvm::enumerate(accumulators)) {
    rewriter.replaceAllUsesWith(acc.load.getResult(),
                                promoted.getRegionIterArgs()[first + i]);
    affine::AffineStoreOp::create(
        rewriter, acc.store.getLoc(), promoted.getResult(first + i),
        acc.store.getMemRef(), acc.store.getAffineMap(),
        acc.store.getMapOperands());
    rewriter.eraseOp(acc.store);
    rewriter.eraseOp(acc.load);
  }
}

struct TnpPromoteAccumulatorsPass
    : mlir::tnp::impl::TnpPromoteAccumulatorsPassBase<
          TnpPromoteAccumulatorsPass> {
  void runOnOperation() override {
    // Post-order: an inner loop's accumulator, once loaded before it and
    // stored after it, may be the enclosing loop's accumulator too.
    SmallVector<affine::AffineForOp> loops;
    getOperation().walk(
        [&](affine::AffineForOp loop) { loops.push_back(loop); });
    for (affine::AffineForOp loop : loops) {
      SmallVector<Accumulator> accumulators = accumulatorsOf(loop);
      if (!accumulators.empty())
        promote(loop, accumulators);
    }
  }
};

} // namespace
