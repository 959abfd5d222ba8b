//===- FoldViewAccesses.cpp - tnp-fold-view-accesses ----------------------===//
//
// Affine loads and stores through memref views index the viewed buffer
// instead (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPFOLDVIEWACCESSESPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// An access's indices as affine expressions of its operands.
struct Indices {
  SmallVector<AffineExpr> exprs;
  SmallVector<Value> operands;
  unsigned numDims, numSymbols;
};

/// The indices into a subview's source: each plus its offset. Fails for
/// strides other than 1, dropped dimensions, and offsets that are no affine
/// symbols.
FailureOr<Value> throughSubView(memref::SubViewOp view, Indices &indices) {
  if (!view.hasUnitStride() || view.getDroppedDims().any())
    return failure();
  for (auto [expr, offset] :
       llvm::zip_equal(indices.exprs, view.getMixedOffsets())) {
    if (auto attr = dyn_cast<Attribute>(offset)) {
      expr = expr + cast<IntegerAttr>(attr).getInt();
      continue;
    }
    Value value = cast<Value>(offset);
    if (!affine::isValidSymbol(value))
      return failure();
    expr = expr + getAffineSymbolExpr(indices.numSymbols++, value.getContext());
    indices.operands.push_back(value);
  }
  return view.getSource();
}

/// The indices into an expand_shape's source: each group's indices
/// linearized. Fails if a group's sizes after its first are not static.
FailureOr<Value> throughExpandShape(memref::ExpandShapeOp view,
                                    Indices &indices) {
  ArrayRef<int64_t> sizes = view.getResultType().getShape();
  SmallVector<AffineExpr> exprs;
  for (ReassociationIndices group : view.getReassociationIndices()) {
    AffineExpr linear = getAffineConstantExpr(0, view.getContext());
    int64_t stride = 1;
    for (int64_t d : llvm::reverse(group)) {
      linear = linear + indices.exprs[d] * stride;
      if (d != group.front()) {
        if (ShapedType::isDynamic(sizes[d]))
          return failure();
        stride *= sizes[d];
      }
    }
    exprs.push_back(linear);
  }
  indices.exprs = std::move(exprs);
  return view.getSrc();
}

/// Rewrites `op` (an affine load or store) to access the buffer its memref
/// views, through as many subviews and expand_shapes as fold.
template <typename OpTy> void fold(OpTy op) {
  AffineMap map = op.getAffineMap();
  Indices indices{llvm::to_vector(map.getResults()),
                  llvm::to_vector(op.getMapOperands()), map.getNumDims(),
                  map.getNumSymbols()};
  Value memref = op.getMemRef(), source = memref;
  while (true) {
    Indices next = indices;
    FailureOr<Value> viewed = failure();
    if (auto view = source.getDefiningOp<memref::SubViewOp>())
      viewed = throughSubView(view, next);
    else if (auto view = source.getDefiningOp<memref::ExpandShapeOp>())
      viewed = throughExpandShape(view, next);
    if (failed(viewed))
      break;
    source = *viewed;
    indices = std::move(next);
  }
  if (source == memref)
    return;
  auto newMap = AffineMap::get(indices.numDims, indices.numSymbols,
                               indices.exprs, op.getContext());
  affine::canonicalizeMapAndOperands(&newMap, &indices.operands);
  IRRewriter rewriter(op);
  if constexpr (std::is_same_v<OpTy, affine::AffineLoadOp>)
    rewriter.replaceOpWithNewOp<affine::AffineLoadOp>(op, source, newMap,
                                                      indices.operands);
  else
    rewriter.replaceOpWithNewOp<affine::AffineStoreOp>(
        op, op.getValueToStore(), source, newMap, indices.operands);
  // Views left unused go: between two loop nests they would keep
  // tnp-fuse-loops from joining them (a softmax's row maxima, read back as
  // [n, 1], and its exponentials).
  for (Value view = memref; view != source;) {
    Operation *def = view.getDefiningOp();
    if (!def->use_empty())
      break;
    view = def->getOperand(0);
    rewriter.eraseOp(def);
  }
}

struct TnpFoldViewAccessesPass
    : mlir::tnp::impl::TnpFoldViewAccessesPassBase<TnpFoldViewAccessesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<affine::AffineLoadOp, affine::AffineStoreOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<affine::AffineLoadOp>(op))
        fold(load);
      else
        fold(cast<affine::AffineStoreOp>(op));
    }
  }
};

} // namespace
