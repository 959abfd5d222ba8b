//===- PeelVectorLoops.cpp - tnp-peel-vector-loops ------------------------===//
//
// Splits a vectorized loop whose trips may end in a partial vector into
// whole vectors, whose transfers are in bounds, and the rest (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPPEELVECTORLOOPSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// A transfer of a loop's vector: along the innermost dimension of `base`,
/// at the loop's induction variable plus `offset`.
struct VectorAccess {
  VectorTransferOpInterface transfer;
  Value base;
  int64_t offset;
};

/// c, where `index` is `iv` + c (the variable itself, or an affine.apply
/// of it alone with a constant added, as views' offsets leave it).
std::optional<int64_t> offsetFrom(Value index, Value iv) {
  if (index == iv)
    return 0;
  auto apply = index.getDefiningOp<affine::AffineApplyOp>();
  if (!apply || apply.getMapOperands().size() != 1 ||
      apply.getMapOperands().front() != iv)
    return std::nullopt;
  AffineMap map = apply.getAffineMap();
  AffineExpr rest = simplifyAffineExpr(
      map.getResult(0) - (map.getNumDims()
                              ? getAffineDimExpr(0, map.getContext())
                              : getAffineSymbolExpr(0, map.getContext())),
      map.getNumDims(), map.getNumSymbols());
  auto constant = dyn_cast<AffineConstantExpr>(rest);
  if (!constant || constant.getValue() < 0)
    return std::nullopt;
  return constant.getValue();
}

/// The transfers in `loop` that move one of its vectors (as many elements
/// as its step) along a buffer's innermost dimension at its induction
/// variable, not yet known to be in bounds, on buffers from outside it.
SmallVector<VectorAccess> partialAccesses(affine::AffineForOp loop) {
  SmallVector<VectorAccess> accesses;
  Value iv = loop.getInductionVar();
  loop.getBody()->walk([&](VectorTransferOpInterface transfer) {
    VectorType vectorType = transfer.getVectorType();
    auto type = dyn_cast<MemRefType>(transfer.getBase().getType());
    if (!type || type.getRank() == 0 || vectorType.getRank() != 1 ||
        vectorType.getDimSize(0) != loop.getStepAsInt() || transfer.getMask() ||
        transfer.isDimInBounds(0) ||
        !transfer.getPermutationMap().isMinorIdentity() ||
        !loop.isDefinedOutsideOfLoop(transfer.getBase()))
      return;
    if (std::optional<int64_t> offset =
            offsetFrom(transfer.getIndices().back(), iv))
      accesses.push_back({transfer, transfer.getBase(), *offset});
  });
  return accesses;
}

/// The size of `base`'s innermost dimension as a loop bound may use it (a
/// constant, an allocation's size operand, or a memref.dim made before
/// `loop`), or null where it is no valid affine operand there.
OpFoldResult innermostSize(OpBuilder &b, Value base, affine::AffineForOp loop) {
  auto type = cast<MemRefType>(base.getType());
  int64_t dim = type.getRank() - 1;
  if (!type.isDynamicDim(dim))
    return b.getIndexAttr(type.getDimSize(dim));
  if (auto alloc = base.getDefiningOp<memref::AllocOp>()) {
    Value size = alloc.getDynamicSizes()[type.getDynamicDimIndex(dim)];
    return affine::isValidDim(size) ? size : nullptr;
  }
  if (!affine::isTopLevelValue(base))
    return nullptr;
  return memref::DimOp::create(b, loop.getLoc(), base, dim).getResult();
}

/// Peels `loop` if its trips may end in a partial vector: a copy of it runs
/// the whole vectors (up to the least of its own bound and, per buffer it
/// moves vectors of, the last whole vector's end), their transfers marked
/// in bounds; `loop` itself runs what remains.
void peel(affine::AffineForOp loop) {
  int64_t step = loop.getStepAsInt();
  if (step < 2 || !loop.hasConstantLowerBound() ||
      loop.getConstantLowerBound() < 0)
    return;
  int64_t lower = loop.getConstantLowerBound();
  if (loop.hasConstantUpperBound() &&
      (loop.getConstantUpperBound() - lower) % step == 0)
    return;
  SmallVector<VectorAccess> accesses = partialAccesses(loop);
  if (accesses.empty())
    return;

  OpBuilder b(loop);
  AffineMap ub = loop.getUpperBoundMap();
  SmallVector<AffineExpr> ends(ub.getResults());
  SmallVector<OpFoldResult> operands(loop.getUpperBoundOperands());
  unsigned numSymbols = ub.getNumSymbols();
  llvm::MapVector<Value, OpFoldResult> sizes;
  for (const VectorAccess &access : accesses)
    if (!sizes.count(access.base))
      sizes[access.base] = innermostSize(b, access.base, loop);
  llvm::SmallDenseSet<std::pair<Value, int64_t>> covered;
  SmallVector<std::pair<OpFoldResult, int64_t>> bounded;
  for (const VectorAccess &access : accesses) {
    OpFoldResult size = sizes[access.base];
    if (!size)
      continue;
    covered.insert({access.base, access.offset});
    if (llvm::is_contained(bounded, std::make_pair(size, access.offset)))
      continue;
    bounded.push_back({size, access.offset});
    AffineExpr extent = getAffineSymbolExpr(numSymbols++, b.getContext());
    operands.push_back(size);
    // The end of the last whole vector from `lower` that fits.
    ends.push_back(lower +
                   (extent - lower - access.offset).floorDiv(step) * step);
  }
  if (covered.empty())
    return;
  OpFoldResult wholeEnd = affine::makeComposedFoldedAffineMin(
      b, loop.getLoc(),
      AffineMap::get(ub.getNumDims(), numSymbols, ends, b.getContext()),
      operands);

  auto whole = cast<affine::AffineForOp>(b.clone(*loop));
  if (std::optional<int64_t> end = getConstantIntValue(wholeEnd)) {
    whole.setConstantUpperBound(*end);
    loop.setConstantLowerBound(*end);
  } else {
    AffineMap identity = b.getDimIdentityMap();
    Value bound = cast<Value>(wholeEnd);
    whole.setUpperBound(bound, identity);
    loop.setLowerBound(bound, identity);
  }
  loop.getInitsMutable().assign(whole.getResults());
  for (VectorAccess access : partialAccesses(whole))
    if (covered.contains({access.base, access.offset}))
      access.transfer->setAttr(access.transfer.getInBoundsAttrName(),
                               b.getBoolArrayAttr({true}));
}

struct TnpPeelVectorLoopsPass
    : mlir::tnp::impl::TnpPeelVectorLoopsPassBase<TnpPeelVectorLoopsPass> {
  void runOnOperation() override {
    SmallVector<affine::AffineForOp> loops;
    getOperation().walk(
        [&](affine::AffineForOp loop) { loops.push_back(loop); });
    for (affine::AffineForOp loop : loops)
      peel(loop);
  }
};

} // namespace
