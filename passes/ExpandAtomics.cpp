//===- ExpandAtomics.cpp - tnp-expand-atomics
//------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPEXPANDATOMICSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

struct TnpExpandAtomicsPass
    : public mlir::tnp::impl::TnpExpandAtomicsPassBase<TnpExpandAtomicsPass> {
  void runOnOperation() override {
    SmallVector<memref::AtomicRMWOp> products;
    getOperation().walk([&](memref::AtomicRMWOp op) {
      if (op.getKind() == arith::AtomicRMWKind::muli)
        products.push_back(op);
    });
    for (memref::AtomicRMWOp op : products) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      auto generic = memref::GenericAtomicRMWOp::create(b, loc, op.getMemref(),
                                                        op.getIndices());
      OpBuilder body = OpBuilder::atBlockEnd(generic.getBody());
      Value product = arith::MulIOp::create(
          body, loc, generic.getCurrentValue(), op.getValue());
      memref::AtomicYieldOp::create(body, loc, product);
      op.replaceAllUsesWith(generic.getResult());
      op.erase();
    }
  }
};

} // namespace
