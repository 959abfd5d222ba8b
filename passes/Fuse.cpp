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

#include <limits>

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

/// How many times the consumer reads each element of `operand`: the trip
/// counts of its loops that the operand's indexing map does not use (a
/// contraction reads its lhs once per output column). Dynamic loops count as
/// many.
int64_t rereads(OpOperand *operand) {
  auto consumer = cast<linalg::LinalgOp>(operand->getOwner());
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  int64_t reads = 1;
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      reads = ShapedType::isDynamic(ranges[d])
                  ? std::numeric_limits<int32_t>::max()
                  : reads * ranges[d];
  return reads;
}

/// The ops a fused producer may add, per element, by being recomputed at
/// each reread: about what writing and reading it back costs. (The tour
/// model's bias and ReLU, 2 ops read twice by a 2-column product, fuse; a
/// ReLU's 8-op derivative read 32 times by the weight gradient's product
/// does not: fused, it made that product 3x slower.)
constexpr int64_t kRecomputedOps = 8;

bool shouldFuse(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer)
    return false;
  bool cheap = isCheap(producer);
  int64_t reads = rereads(operand);
  int64_t ops = producer.getBody()->getOperations().size() - 1;
  if (reads > 1 && (!cheap || (reads - 1) * ops > kRecomputedOps))
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
