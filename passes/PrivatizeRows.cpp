//===- PrivatizeRows.cpp - tnp-privatize-rows -----------------------------===//
//
// After fusion a temporary's row is written and read back in one trip of the
// loop over rows (softmax's exponentials, say), yet the temporary stays the
// whole array: every row goes out to memory and back for nothing. This pass
// gives such a buffer one row, reused by every trip (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPPRIVATIZEROWSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Rows above this stay shared: past the caches a private row saves
/// nothing.
constexpr int64_t kMaxRowBytes = 64 << 10;

/// Whether, over one lifetime of a buffer allocated in `block`, each value
/// of `loop`'s induction variable comes up in one trip: `loop` runs once,
/// in `block`, or it is the tile of a loop in `block` whose trips it
/// partitions (from that loop's induction variable to the next trip's, as
/// affine's tiling leaves it).
bool runsOnce(affine::AffineForOp loop, Block *block) {
  if (loop->getBlock() == block)
    return true;
  Operation *parent = loop->getParentOp();
  if (parent->getBlock() != block)
    return false;
  Value outer;
  int64_t step;
  if (auto tiles = dyn_cast<affine::AffineForOp>(parent)) {
    outer = tiles.getInductionVar();
    step = tiles.getStepAsInt();
  } else if (auto tiles = dyn_cast<affine::AffineParallelOp>(parent);
             tiles && tiles.getNumDims() == 1) {
    outer = tiles.getIVs().front();
    step = tiles.getSteps().front();
  } else {
    return false;
  }
  AffineMap lb = loop.getLowerBoundMap(), ub = loop.getUpperBoundMap();
  AffineExpr start = getAffineDimExpr(0, loop.getContext());
  return lb.getNumResults() == 1 && lb.getResult(0) == start &&
         llvm::equal(loop.getLowerBoundOperands(), ValueRange{outer}) &&
         !loop.getUpperBoundOperands().empty() &&
         loop.getUpperBoundOperands().front() == outer &&
         llvm::is_contained(ub.getResults(), start + step);
}

/// A buffer whose every access indexes its first dimension by the
/// induction variable of one loop around them all, which the buffer is
/// allocated and freed outside of and which takes each value once: row i
/// lives in one trip.
struct PrivateRows {
  memref::AllocOp alloc;
  affine::AffineForOp loop;
  SmallVector<Operation *> accesses;
  SmallVector<memref::DeallocOp> deallocs;
};

std::optional<PrivateRows> privateRowsOf(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  if (type.getRank() == 0 || !type.getLayout().isIdentity() ||
      !type.getElementType().isIntOrFloat())
    return std::nullopt;
  // The number of rows may be dynamic (an eager kernel's), a row's shape
  // not.
  ArrayRef<int64_t> rowShape = type.getShape().drop_front();
  int64_t numRows = type.getDimSize(0);
  if (ShapedType::isDynamicShape(rowShape) ||
      (!ShapedType::isDynamic(numRows) && numRows < 2))
    return std::nullopt;
  int64_t rowBytes =
      ShapedType::getNumElements(rowShape) * type.getElementTypeBitWidth() / 8;
  if (rowBytes > kMaxRowBytes)
    return std::nullopt;
  PrivateRows rows{alloc, nullptr, {}, {}};
  Value iv;
  for (Operation *user : alloc->getUsers()) {
    if (auto dealloc = dyn_cast<memref::DeallocOp>(user)) {
      rows.deallocs.push_back(dealloc);
      continue;
    }
    auto load = dyn_cast<affine::AffineLoadOp>(user);
    auto store = dyn_cast<affine::AffineStoreOp>(user);
    if (!(load || (store && store.getValueToStore() != alloc.getResult())))
      return std::nullopt;
    AffineMap map = load ? load.getAffineMap() : store.getAffineMap();
    auto first = dyn_cast<AffineDimExpr>(map.getResult(0));
    if (!first)
      return std::nullopt;
    Value index = (load ? load.getMapOperands()
                        : store.getMapOperands())[first.getPosition()];
    if (iv && index != iv)
      return std::nullopt;
    iv = index;
    rows.accesses.push_back(user);
  }
  if (!iv)
    return std::nullopt;
  rows.loop = affine::getForInductionVarOwner(iv);
  if (!rows.loop || !runsOnce(rows.loop, alloc->getBlock()) ||
      llvm::any_of(rows.deallocs, [&](memref::DeallocOp dealloc) {
        return rows.loop->isAncestor(dealloc);
      }))
    return std::nullopt;
  return rows;
}

void privatize(PrivateRows &rows) {
  IRRewriter rewriter(rows.loop);
  MemRefType type = rows.alloc.getType();
  SmallVector<int64_t> rowShape(type.getShape());
  rowShape[0] = 1;
  Value row =
      memref::AllocOp::create(rewriter, rows.alloc.getLoc(),
                              MemRefType::get(rowShape, type.getElementType()),
                              rows.alloc.getAlignmentAttr());
  rewriter.setInsertionPointAfter(rows.loop);
  memref::DeallocOp::create(rewriter, rows.alloc.getLoc(), row);
  for (memref::DeallocOp dealloc : rows.deallocs)
    rewriter.eraseOp(dealloc);
  auto onRow = [&](AffineMap map) {
    return AffineMapAttr::get(
        map.replace(map.getResult(0), rewriter.getAffineConstantExpr(0),
                    map.getNumDims(), map.getNumSymbols()));
  };
  for (Operation *op : rows.accesses) {
    if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      load->setAttr(affine::AffineLoadOp::getMapAttrStrName(),
                    onRow(load.getAffineMap()));
      load.getMemrefMutable().set(row);
      continue;
    }
    auto store = cast<affine::AffineStoreOp>(op);
    store->setAttr(affine::AffineStoreOp::getMapAttrStrName(),
                   onRow(store.getAffineMap()));
    store.getMemrefMutable().set(row);
  }
  rewriter.eraseOp(rows.alloc);
}

struct TnpPrivatizeRowsPass
    : mlir::tnp::impl::TnpPrivatizeRowsPassBase<TnpPrivatizeRowsPass> {
  void runOnOperation() override {
    SmallVector<PrivateRows> found;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (std::optional<PrivateRows> rows = privateRowsOf(alloc))
        found.push_back(std::move(*rows));
    });
    for (PrivateRows &rows : found)
      privatize(rows);
  }
};

} // namespace
