//===- InlineDeallocations.cpp - tnp-inline-deallocations -----------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPINLINEDEALLOCATIONSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Lowers `dealloc` as MLIR's dealloc_helper decides, with the lists
/// unrolled: memref i is freed where its condition holds and its base
/// pointer is none of the retained ones' nor that of a memref before it;
/// retained j is owned where some memref with its pointer has its
/// condition.
void inlineDealloc(bufferization::DeallocOp dealloc) {
  OpBuilder b(dealloc);
  Location loc = dealloc.getLoc();
  auto pointer = [&](Value memref) -> Value {
    return memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  };
  auto constant = [&](bool value) -> Value {
    return arith::ConstantIntOp::create(b, loc, value, 1);
  };
  SmallVector<Value> memrefs, retained, owned;
  for (Value m : dealloc.getMemrefs())
    memrefs.push_back(pointer(m));
  for (Value r : dealloc.getRetained()) {
    retained.push_back(pointer(r));
    owned.push_back(constant(false));
  }
  for (auto [i, m] : llvm::enumerate(memrefs)) {
    Value condition = dealloc.getConditions()[i];
    Value unique = condition;
    for (auto [j, r] : llvm::enumerate(retained)) {
      Value same =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, m, r);
      owned[j] = arith::OrIOp::create(
          b, loc, owned[j], arith::AndIOp::create(b, loc, same, condition));
      unique = arith::AndIOp::create(
          b, loc, unique,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, m, r));
    }
    for (Value before : ArrayRef(memrefs).take_front(i))
      unique = arith::AndIOp::create(
          b, loc, unique,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, m, before));
    Value memref = dealloc.getMemrefs()[i];
    scf::IfOp::create(b, loc, unique, [&](OpBuilder &then, Location thenLoc) {
      memref::DeallocOp::create(then, thenLoc, memref);
      scf::YieldOp::create(then, thenLoc);
    });
  }
  dealloc.replaceAllUsesWith(owned);
  dealloc.erase();
}

struct TnpInlineDeallocationsPass
    : public mlir::tnp::impl::TnpInlineDeallocationsPassBase<
          TnpInlineDeallocationsPass> {
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation().walk(
        [&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    for (bufferization::DeallocOp dealloc : deallocs)
      inlineDealloc(dealloc);
  }
};

} // namespace
