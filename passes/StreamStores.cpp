//===- StreamStores.cpp - tnp-stream-stores -------------------------------===//
//
// Lowers the affine vector stores marked to write around the caches into
// non-temporal vector stores, fenced (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/BufferRoots.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SetVector.h"

#include <cstdlib>
#include <numeric>

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPSTREAMSTORESPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The op around `op` directly in the function.
Operation *topLevelOf(Operation *op) {
  while (!isa<func::FuncOp>(op->getParentOp()))
    op = op->getParentOp();
  return op;
}

/// A number `index` is known to be a multiple of (at least 1): constants,
/// induction variables of affine loops (the gcd of their step and lower
/// bound) and affine.apply of such values.
int64_t knownDivisor(Value index);

int64_t knownDivisor(AffineExpr expr, ValueRange operands, unsigned numDims) {
  SmallVector<AffineExpr> dims, symbols;
  for (auto [i, operand] : llvm::enumerate(operands)) {
    AffineExpr e = i < numDims
                       ? getAffineDimExpr(i, expr.getContext())
                       : getAffineSymbolExpr(i - numDims, expr.getContext());
    (i < numDims ? dims : symbols).push_back(e * knownDivisor(operand));
  }
  return expr.replaceDimsAndSymbols(dims, symbols).getLargestKnownDivisor();
}

int64_t knownDivisor(Value index) {
  if (std::optional<int64_t> constant = getConstantIntValue(index))
    // Zero is a multiple of anything: a power of two beyond any line.
    return *constant ? std::abs(*constant) : int64_t(1) << 30;
  auto ofLoop = [](AffineMap lb, ValueRange operands, int64_t step) {
    if (lb.getNumResults() != 1)
      return int64_t(1);
    return std::gcd(step,
                    knownDivisor(lb.getResult(0), operands, lb.getNumDims()));
  };
  if (auto loop = affine::getForInductionVarOwner(index))
    return ofLoop(loop.getLowerBoundMap(), loop.getLowerBoundOperands(),
                  loop.getStepAsInt());
  if (auto loop = affine::getAffineParallelInductionVarOwner(index)) {
    unsigned d = cast<BlockArgument>(index).getArgNumber();
    return ofLoop(loop.getLowerBoundMap(d), loop.getLowerBoundsOperands(),
                  loop.getSteps()[d]);
  }
  if (auto apply = index.getDefiningOp<affine::AffineApplyOp>())
    return knownDivisor(apply.getAffineMap().getResult(0),
                        apply.getMapOperands(),
                        apply.getAffineMap().getNumDims());
  return 1;
}

/// The bytes of an element of `type`, for integers and floats of whole
/// bytes; 0 for the rest (bool, whose bytes the LLVM lowering picks later;
/// complex, index), which never stream.
int64_t itemBytesOf(MemRefType type) {
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8)
    return 0;
  return element.getIntOrFloatBitWidth() / 8;
}

/// The alignment a store into `buffer` (identity layout) at an innermost
/// index that is a multiple of `divisor` provably has: the buffer's own (an
/// allocation's, or `resultAlignment` for the function's arguments, which
/// the caller aligns) where each row (static sizes) and the index keep it,
/// or `alignedRows` where a run-time check found the buffer and its rows
/// aligned to it. LLVM writes an under-aligned non-temporal vector as
/// 8-byte pieces.
llvm::MaybeAlign alignmentOf(Value buffer, int64_t divisor,
                             uint64_t resultAlignment, uint64_t alignedRows) {
  uint64_t base = alignedRows;
  if (base == 0) {
    if (auto alloc = buffer.getDefiningOp<memref::AllocOp>())
      base = alloc.getAlignment().value_or(0);
    else if (isa<BlockArgument>(buffer))
      base = resultAlignment;
  }
  auto type = cast<MemRefType>(buffer.getType());
  int64_t itemBytes = itemBytesOf(type);
  if (base < 2 || !llvm::isPowerOf2_64(base) || !itemBytes ||
      !type.getLayout().isIdentity() || type.getRank() == 0 ||
      divisor * itemBytes % base)
    return llvm::MaybeAlign();
  bool rowsKeepIt =
      alignedRows ||
      (type.hasStaticShape() && type.getShape().back() * itemBytes % base == 0);
  if (!rowsKeepIt)
    return llvm::MaybeAlign();
  return llvm::MaybeAlign(base);
}

/// Whether `buffer` is an argument of `fn` (a result's destination) of
/// kStreamBytes or more that `fn` only stores to.
bool writeOnlyResult(Value buffer, func::FuncOp fn) {
  auto argument = dyn_cast<BlockArgument>(buffer);
  auto type = dyn_cast<MemRefType>(buffer.getType());
  return argument && argument.getOwner() == &fn.front() && type &&
         type.hasStaticShape() && type.getLayout().isIdentity() &&
         type.getNumElements() * itemBytesOf(type) >= tnp::kStreamBytes &&
         tnp::isOnlyStoredInto(buffer);
}

/// Whether `write` streams a large result: a whole vector, in bounds,
/// along the innermost dimension of a writeOnlyResult. Each line of the
/// result is written once and read by nothing in the function: a plain
/// store reads it for ownership first, a third more traffic for a*b+c.
bool streamsResult(vector::TransferWriteOp write, func::FuncOp fn) {
  return write.getVectorType().getRank() == 1 && !write.getMask() &&
         write.isDimInBounds(0) &&
         write.getPermutationMap().isMinorIdentity() &&
         writeOnlyResult(write.getBase(), fn);
}

struct TnpStreamStoresPass
    : mlir::tnp::impl::TnpStreamStoresPassBase<TnpStreamStoresPass> {
  using TnpStreamStoresPassBase::TnpStreamStoresPassBase;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    SmallVector<affine::AffineVectorStoreOp> stores;
    SmallVector<vector::TransferWriteOp> writes;
    fn.walk([&](Operation *op) {
      if (auto store = dyn_cast<affine::AffineVectorStoreOp>(op);
          store && store->hasAttr(tnp::kNontemporalAttr))
        stores.push_back(store);
      if (auto write = dyn_cast<vector::TransferWriteOp>(op);
          write && streamsResult(write, fn))
        writes.push_back(write);
    });
    llvm::SetVector<Operation *> nests;
    for (vector::TransferWriteOp write : writes) {
      OpBuilder b(write);
      vector::StoreOp::create(
          b, write.getLoc(), write.getValueToStore(), write.getBase(),
          write.getIndices(), /*nontemporal=*/true,
          alignmentOf(write.getBase(), knownDivisor(write.getIndices().back()),
                      resultAlignment, /*alignedRows=*/0));
      nests.insert(topLevelOf(write));
      write.erase();
    }
    for (affine::AffineVectorStoreOp store : stores) {
      OpBuilder b(store);
      std::optional<SmallVector<Value, 8>> indices = affine::expandAffineMap(
          b, store.getLoc(), store.getAffineMap(), store.getMapOperands());
      if (!indices)
        return signalPassFailure();
      AffineMap map = store.getAffineMap();
      auto alignedRows =
          store->getAttrOfType<IntegerAttr>(tnp::kAlignedRowsAttr);
      vector::StoreOp::create(
          b, store.getLoc(), store.getValueToStore(), store.getMemRef(),
          *indices, /*nontemporal=*/true,
          alignmentOf(store.getMemRef(),
                      knownDivisor(map.getResults().back(),
                                   store.getMapOperands(), map.getNumDims()),
                      resultAlignment, alignedRows ? alignedRows.getInt() : 0));
      nests.insert(topLevelOf(store));
      store.erase();
    }
    // Non-temporal stores are weakly ordered: they reach memory before
    // the thread's later stores only past a fence. A parallel loop's
    // threads pass OpenMP's barrier (locked instructions, which drain the
    // write-combining buffers on x86); the function's own thread fences
    // after the nest. (A fence in a parallel body would keep the
    // memref.alloca_scope that convert-scf-to-openmp wraps it in, which
    // scf-to-cf's blocks do not fit.)
    for (Operation *nest : nests) {
      OpBuilder b(nest->getContext());
      b.setInsertionPointAfter(nest);
      LLVM::FenceOp::create(b, nest->getLoc(), LLVM::AtomicOrdering::seq_cst);
    }
  }
};

} // namespace
