//===- VectorizeShortReductions.cpp - tnp-vectorize-short-reductions ------===//
//
// Vectorizes reduction loops of a few vectors' length, which the pipeline
// otherwise leaves to LLVM (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPVECTORIZESHORTREDUCTIONSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Vectors a short reduction spans at most: longer ones stay with LLVM,
/// whose several interleaved accumulators beat the vectorizer's one.
constexpr uint64_t kMaxVectors = 4;

struct TnpVectorizeShortReductionsPass
    : mlir::tnp::impl::TnpVectorizeShortReductionsPassBase<
          TnpVectorizeShortReductionsPass> {
  using TnpVectorizeShortReductionsPassBase::
      TnpVectorizeShortReductionsPassBase;

  void runOnOperation() override {
    llvm::DenseSet<Operation *> loops;
    affine::ReductionLoopMap reductions;
    getOperation().walk([&](affine::AffineForOp loop) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (!trips || *trips % width || *trips > kMaxVectors * width ||
          loop.getNumIterOperands() == 0)
        return;
      bool innermost = !loop.getBody()
                            ->walk([](affine::AffineForOp) {
                              return WalkResult::interrupt();
                            })
                            .wasInterrupted();
      // The vectorizer takes the induction variable only in accesses' maps
      // (it fails halfway otherwise, leaving invalid IR).
      bool indexesOnly =
          llvm::all_of(loop.getInductionVar().getUses(), [](OpOperand &use) {
            if (auto store = dyn_cast<affine::AffineStoreOp>(use.getOwner()))
              return use.get() != store.getValueToStore();
            return isa<affine::AffineLoadOp>(use.getOwner());
          });
      SmallVector<affine::LoopReduction> found;
      if (!innermost || !indexesOnly || !affine::isLoopParallel(loop, &found) ||
          found.size() != loop.getNumIterOperands())
        return;
      loops.insert(loop);
      reductions[loop] = std::move(found);
    });
    if (loops.empty())
      return;
    affine::vectorizeAffineLoops(getOperation(), loops,
                                 {static_cast<int64_t>(width)},
                                 /*fastestVaryingPattern=*/{0}, reductions);
  }
};

} // namespace
