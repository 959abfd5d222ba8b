//===- UnrollNarrowLoops.cpp - tnp-unroll-narrow-loops --------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPUNROLLNARROWLOOPSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

struct TnpUnrollNarrowLoopsPass
    : public mlir::tnp::impl::TnpUnrollNarrowLoopsPassBase<
          TnpUnrollNarrowLoopsPass> {
  using TnpUnrollNarrowLoopsPassBase::TnpUnrollNarrowLoopsPassBase;

  void runOnOperation() override {
    // Post-order: inner loops first, so that each unrolls once.
    SmallVector<affine::AffineForOp> narrow;
    getOperation().walk([&](affine::AffineForOp loop) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      if (trips && *trips > 1 && *trips < width)
        narrow.push_back(loop);
    });
    for (affine::AffineForOp loop : narrow)
      (void)affine::loopUnrollFull(loop);
  }
};

} // namespace
