//===- ApproximateMath.cpp - the tnp-approximate-math pass ----------------===//
//
// Chooses how each transcendental is computed, by dtype:
//  - float32 (and float16/bfloat16, which compute in float32 as NumPy's loops
//    do): MLIR's polynomial approximations, which vectorize; but sin and cos,
//    whose approximation loses accuracy away from zero, and atan2, atan,
//    asin and cbrt, whose approximations err by 7 to 41 ulp (cbrt's is NaN
//    at infinity), stay libm calls.
//  - float64: libm, as NumPy. expm1 and log1p are sent to libm here, because
//    the generic math-to-llvm lowering would compute them as exp(x) - 1 and
//    log(1 + x), losing their point near zero.
// The accuracy of each choice is measured against NumPy in docs/accuracy.md.
// A module pass: libm calls need declarations in the module.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPAPPROXIMATEMATHPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Applies `patterns` to `ops` and to what they are rewritten into only.
LogicalResult rewriteOnly(ArrayRef<Operation *> ops,
                          RewritePatternSet &&patterns) {
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  return applyOpPatternsGreedily(ops, std::move(patterns), config);
}

struct TnpApproximateMathPass
    : tnp::impl::TnpApproximateMathPassBase<TnpApproximateMathPass> {
  void runOnOperation() override {
    SmallVector<Operation *> approximated, libm;
    getOperation()->walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) || op->getNumResults() != 1)
        return;
      Type t = getElementTypeOrSelf(op->getResult(0).getType());
      if ((t.isF16() || t.isBF16() || t.isF32()) &&
          !isa<math::SinOp, math::CosOp, math::Atan2Op, math::AtanOp,
               math::AsinOp, math::CbrtOp>(op))
        approximated.push_back(op);
      else if (t.isF64() && isa<math::ExpM1Op, math::Log1pOp>(op))
        libm.push_back(op);
    });

    MLIRContext *ctx = &getContext();
    auto all = [](StringRef) { return true; };
    RewritePatternSet polynomials(ctx);
    populateMathF32ExpansionPatterns(polynomials, all);
    populateMathPolynomialApproximationPatterns(polynomials, all);
    RewritePatternSet calls(ctx);
    populateMathToLibmConversionPatterns(calls);
    if (failed(rewriteOnly(approximated, std::move(polynomials))) ||
        failed(rewriteOnly(libm, std::move(calls))))
      signalPassFailure();
  }
};

} // namespace
