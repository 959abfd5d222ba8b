//===- Fuse.cpp - the tnp-fuse pass ---------------------------------------===//
//
// Upstream's elementwise fusion patterns do the rewriting; this file only
// decides, per producer-consumer pair, whether fusing wins (see the pass
// description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPFUSEPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Whether recomputing `op`'s body costs less than a memory round trip:
/// only arith ops that are not divisions (no math calls, no loops).
bool isCheap(linalg::GenericOp op) {
  for (Operation &inner : op.getBody()->without_terminator()) {
    if (!isa<arith::ArithDialect>(inner.getDialect()))
      return false;
    if (isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::RemFOp,
            arith::RemSIOp, arith::RemUIOp, arith::FloorDivSIOp,
            arith::CeilDivSIOp, arith::CeilDivUIOp>(inner))
      return false;
  }
  return true;
}

/// Whether the consumer reads each element of `operand` once: its indexing
/// map uses every loop of the consumer.
bool readsEachElementOnce(OpOperand *operand) {
  auto consumer = cast<linalg::LinalgOp>(operand->getOwner());
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      return false;
  return true;
}

bool shouldFuse(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer)
    return false;
  bool cheap = isCheap(producer);
  if (!readsEachElementOnce(operand) && !cheap)
    return false;
  for (Value result : producer->getResults())
    if (!result.hasOneUse() && !cheap)
      return false;
  return true;
}

struct TnpFusePass : tnp::impl::TnpFusePassBase<TnpFusePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet generalize(ctx);
    linalg::populateLinalgNamedOpsGeneralizationPatterns(generalize);
    if (failed(applyPatternsGreedily(getOperation(), std::move(generalize))))
      return signalPassFailure();

    RewritePatternSet patterns(ctx);
    linalg::populateElementwiseOpsFusionPatterns(patterns, shouldFuse);
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::EmptyOp::getCanonicalizationPatterns(patterns, ctx);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
