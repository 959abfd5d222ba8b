//===- LowerToLinalg.cpp - the tnp-lower-to-linalg pass -------------------===//
//
// The driver: a dialect conversion whose patterns come from each op family's
// lowering file (passes/lowering/). Unsigned tensors become signless across
// function signatures.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/DTypeLattice.h"
#include "dialect/TnpDialect.h"
#include "dialect/TnpOps.h"
#include "passes/lowering/LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPLOWERTOLINALGPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;
using namespace mlir::tnp;

namespace {

/// Rejects ops whose operands are not yet in the dtype the op computes in:
/// lowering them would silently pick one operand's arithmetic.
LogicalResult checkPromoted(ModuleOp module) {
  WalkResult result = module.walk([](tnp::PromotableOpInterface op) {
    OperandRange operands = op.getPromotedOperands();
    Type first = getElementTypeOrSelf(operands.front().getType());
    for (Value v : operands.drop_front()) {
      Type actual = getElementTypeOrSelf(v.getType());
      if (actual == first)
        continue;
      op->emitOpError("has operands of dtypes ")
          << first << " and " << actual
          << ": run tnp-promote-types before lowering";
      return WalkResult::interrupt();
    }
    // Comparisons and abs of complex compute in their operands' dtype,
    // every other op in its result's.
    PromotionCategory category = op.getPromotionCategory();
    Type result = getElementTypeOrSelf(op->getResult(0).getType());
    if (category != PromotionCategory::BoolResult &&
        category != PromotionCategory::Magnitude && first != result) {
      op->emitOpError("has operands of dtype ")
          << first << " but computes in " << result
          << ": run tnp-promote-types before lowering";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// An upstream op over tnp's types (a tensor.cast of a uint tensor): the
/// same op over the converted types.
struct RetypeUpstreamOp : public ConversionPattern {
  RetypeUpstreamOp(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<TnpDialect>(op->getDialect()) || op->getNumRegions() > 0)
      return rewriter.notifyMatchFailure(op, "not a region-free upstream op");
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), results)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    OperationState state(op->getLoc(), op->getName(), operands, results,
                         op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct TnpLowerToLinalgPass
    : tnp::impl::TnpLowerToLinalgPassBase<TnpLowerToLinalgPass> {
  using TnpLowerToLinalgPassBase::TnpLowerToLinalgPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkPromoted(module)))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    TnpTypeConverter converter;
    ConversionTarget target(*ctx);
    target.addIllegalDialect<TnpDialect>();
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           memref::MemRefDialect>();
    // tnp.sort's row loop (passes/lowering/SortLowering.cpp).
    target.addLegalOp<scf::ParallelOp, scf::ReduceOp>();
    target.addDynamicallyLegalDialect<bufferization::BufferizationDialect,
                                      tensor::TensorDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    patterns.add<RetypeUpstreamOp>(converter, ctx);
    // Traced control flow (tnp::cond, while_loop, fori_loop) carries tnp's
    // tensors through scf ops: retyped like function signatures.
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateElementwiseLoweringPatterns(converter, patterns);
    populateShapeLoweringPatterns(converter, patterns);
    populateReductionLoweringPatterns(converter, patterns);
    populateArgReduceLoweringPatterns(converter, patterns, gpu);
    populateIndexingLoweringPatterns(converter, patterns, gpu);
    populateRandomLoweringPatterns(converter, patterns);
    populateSortLoweringPatterns(converter, patterns, !runtimeSorts);
    if (blas)
      populateBlasLoweringPatterns(converter, patterns, gpu);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
