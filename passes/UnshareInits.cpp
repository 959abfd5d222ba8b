//===- UnshareInits.cpp - tnp-unshare-inits: one init per linalg op -------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPUNSHAREINITSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Whether `value` is made from nothing: a tensor.empty, or a linalg op
/// reading no tensor (a fill, also once generalized) into such a value.
bool madeFromNothing(Value value) {
  Operation *producer = value.getDefiningOp();
  if (isa_and_nonnull<tensor::EmptyOp>(producer))
    return true;
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(producer);
  return linalgOp && linalgOp->getNumResults() == 1 &&
         linalgOp.getNumDpsInits() == 1 &&
         llvm::none_of(linalgOp.getDpsInputs(),
                       [](Value v) { return isa<TensorType>(v.getType()); }) &&
         madeFromNothing(linalgOp.getDpsInits()[0]);
}

/// A copy of `init` (madeFromNothing), with copies of what it is made from.
Value cloneInit(OpBuilder &b, Value init) {
  Operation *producer = init.getDefiningOp();
  IRMapping map;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(producer)) {
    Value inner = linalgOp.getDpsInits()[0];
    map.map(inner, cloneInit(b, inner));
  }
  return b.clone(*producer, map)->getResult(0);
}

struct TnpUnshareInitsPass
    : public mlir::tnp::impl::TnpUnshareInitsPassBase<TnpUnshareInitsPass> {
  void runOnOperation() override {
    getOperation().walk([](DestinationStyleOpInterface op) {
      for (OpOperand &init : op.getDpsInitsMutable()) {
        Value value = init.get();
        if (value.hasOneUse() || !madeFromNothing(value))
          continue;
        OpBuilder b(op);
        init.set(cloneInit(b, value));
      }
    });
  }
};

} // namespace
