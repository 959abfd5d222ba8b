//===- ApproximateMath.cpp - the tnp-approximate-math pass ----------------===//
//
// MLIR's polynomial approximations, for f32 only: f64 keeps libm (NumPy's
// precision), and the vectorizer needs no libm call for f32. The accuracy of
// each approximation is measured against NumPy in float64 (docs/accuracy.md).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPAPPROXIMATEMATHPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

struct TnpApproximateMathPass
    : tnp::impl::TnpApproximateMathPassBase<TnpApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
