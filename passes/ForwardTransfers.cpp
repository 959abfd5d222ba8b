//===- ForwardTransfers.cpp - tnp-forward-transfers -----------------------===//
//
// Forwards vector stores to the loads that read them back and drops stores
// overwritten before any read (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorTransforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPFORWARDTRANSFERSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

struct TnpForwardTransfersPass
    : mlir::tnp::impl::TnpForwardTransfersPassBase<TnpForwardTransfersPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    vector::transferOpflowOpt(rewriter, getOperation());
  }
};

} // namespace
