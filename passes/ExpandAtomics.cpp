//===- ExpandAtomics.cpp - tnp-expand-atomics -----------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPEXPANDATOMICSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The address of `memref[indices]`, as an LLVM pointer.
Value addressOf(OpBuilder &b, Location loc, Value memref, ValueRange indices) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value element = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    element = arith::AddIOp::create(
        b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  Value base = arith::IndexCastOp::create(
      b, loc, b.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref));
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value pointer = LLVM::IntToPtrOp::create(b, loc, ptrType, base);
  return LLVM::GEPOp::create(
      b, loc, ptrType, cast<MemRefType>(memref.getType()).getElementType(),
      pointer,
      ValueRange{arith::IndexCastOp::create(b, loc, b.getI64Type(), element)});
}

/// `op` (a product, which LLVM's atomicrmw lacks) as a compare-and-swap
/// loop on the element's bits: read, multiply, swap in the product if the
/// bits are still those read, else again with the bits found. Bits, not
/// values: llvm.cmpxchg takes integers, and a NaN equals itself as bits.
void expandProduct(memref::AtomicRMWOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type type = op.getValue().getType();
  Type bits = b.getIntegerType(type.getIntOrFloatBitWidth());
  auto toBits = [&](OpBuilder &at, Value v) -> Value {
    return v.getType() == bits ? v : arith::BitcastOp::create(at, loc, bits, v);
  };
  auto fromBits = [&](OpBuilder &at, Value v) -> Value {
    return type == bits ? v : arith::BitcastOp::create(at, loc, type, v);
  };
  Value address = addressOf(b, loc, op.getMemref(), op.getIndices());
  Value first = toBits(
      b, memref::LoadOp::create(b, loc, op.getMemref(), op.getIndices()));
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{bits}, ValueRange{first},
      [&](OpBuilder &before, Location, ValueRange args) {
        Value current = fromBits(before, args[0]);
        Value product =
            isa<FloatType>(type)
                ? arith::MulFOp::create(before, loc, current, op.getValue())
                      .getResult()
                : arith::MulIOp::create(before, loc, current, op.getValue())
                      .getResult();
        auto swap = LLVM::AtomicCmpXchgOp::create(
            before, loc, address, args[0], toBits(before, product),
            LLVM::AtomicOrdering::acq_rel, LLVM::AtomicOrdering::monotonic);
        Value found = LLVM::ExtractValueOp::create(before, loc, swap, 0);
        Value swapped = LLVM::ExtractValueOp::create(before, loc, swap, 1);
        Value again = arith::XOrIOp::create(
            before, loc, swapped,
            arith::ConstantIntOp::create(before, loc, true, 1));
        scf::ConditionOp::create(before, loc, again, found);
      },
      [&](OpBuilder &after, Location, ValueRange args) {
        scf::YieldOp::create(after, loc, args);
      });
  // The value the product replaced, as atomic_rmw returns.
  op.replaceAllUsesWith(fromBits(b, loop.getResult(0)));
  op.erase();
}

struct TnpExpandAtomicsPass
    : public mlir::tnp::impl::TnpExpandAtomicsPassBase<TnpExpandAtomicsPass> {
  void runOnOperation() override {
    SmallVector<memref::AtomicRMWOp> products;
    getOperation().walk([&](memref::AtomicRMWOp op) {
      if (op.getKind() == arith::AtomicRMWKind::mulf ||
          op.getKind() == arith::AtomicRMWKind::muli)
        products.push_back(op);
    });
    for (memref::AtomicRMWOp op : products)
      expandProduct(op);
  }
};

} // namespace
