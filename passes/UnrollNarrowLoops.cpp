//===- UnrollNarrowLoops.cpp - tnp-unroll-narrow-loops --------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPUNROLLNARROWLOOPSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Whether `loop`'s induction variable indexes the innermost (contiguous)
/// dimension of a load or store in it: the loops the vectorizer would
/// pick. Others stay rolled, so that their bodies are not copied for
/// nothing (compile time).
bool indexesRows(affine::AffineForOp loop) {
  Value iv = loop.getInductionVar();
  auto indexesLast = [&](AffineMap map, ValueRange operands) {
    if (map.getNumResults() == 0)
      return false;
    AffineExpr last = map.getResults().back();
    for (auto [d, operand] : llvm::enumerate(operands))
      if (operand == iv && last.isFunctionOfDim(d))
        return true;
    return false;
  };
  return loop.getBody()
      ->walk([&](Operation *op) {
        if (auto load = dyn_cast<affine::AffineLoadOp>(op))
          if (indexesLast(load.getAffineMap(), load.getMapOperands()))
            return WalkResult::interrupt();
        if (auto store = dyn_cast<affine::AffineStoreOp>(op))
          if (indexesLast(store.getAffineMap(), store.getMapOperands()))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

struct TnpUnrollNarrowLoopsPass
    : public mlir::tnp::impl::TnpUnrollNarrowLoopsPassBase<
          TnpUnrollNarrowLoopsPass> {
  using TnpUnrollNarrowLoopsPassBase::TnpUnrollNarrowLoopsPassBase;

  void runOnOperation() override {
    // Post-order: inner loops first, so that each unrolls once.
    SmallVector<affine::AffineForOp> narrow;
    getOperation().walk([&](affine::AffineForOp loop) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (trips && *trips > 1 && *trips < width && indexesRows(loop))
        narrow.push_back(loop);
    });
    for (affine::AffineForOp loop : narrow)
      (void)affine::loopUnrollFull(loop);
    if (narrow.empty())
      return;
    // The copies index through affine.apply ops of the unrolled constants
    // (%c0, %c0 + 1, ...), which the vectorizer rejects in a loop around
    // them: fold those into the accesses' maps.
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineLoadOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineStoreOp::getCanonicalizationPatterns(patterns, context);
    (void)applyPatternsGreedily(
        getOperation(), std::move(patterns),
        GreedyRewriteConfig().setRegionSimplificationLevel(
            GreedySimplifyRegionLevel::Disabled));
  }
};

} // namespace
