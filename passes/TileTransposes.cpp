//===- TileTransposes.cpp - tnp-tile-transposes ---------------------------===//
//
// Tiles the loops of a nest that reads across rows while it writes along
// them (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPTILETRANSPOSESPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Elements a side of a tile. Measured on transposes of 1024^2 and 4096^2
/// float32 (tnp-bench-indexing): 8 -> 0.68 and 32 ms, 16 -> 1.1 and 32 ms,
/// 32 -> 2.0 and 42 ms, untiled 3.3 and 130 ms.
constexpr unsigned kTile = 8;

/// Below this many trips a loop is not worth tiling.
constexpr uint64_t kMinTrips = 2 * kTile;

/// The band loop whose induction variable the innermost (contiguous) index
/// of `map` applied to `operands` uses, if only one does.
std::optional<size_t>
loopOfLastIndex(AffineMap map, ValueRange operands,
                MutableArrayRef<affine::AffineForOp> band) {
  if (map.getNumResults() == 0)
    return std::nullopt;
  AffineExpr last = map.getResults().back();
  std::optional<size_t> found;
  for (auto [d, operand] : llvm::enumerate(operands)) {
    if (d >= map.getNumDims() || !last.isFunctionOfDim(d))
      continue;
    for (auto [k, loop] : llvm::enumerate(band))
      if (operand == loop.getInductionVar()) {
        if (found && *found != k)
          return std::nullopt;
        found = k;
      }
  }
  return found;
}

/// The outermost band loop a transposed read in `band`'s body walks rows
/// with: a load whose contiguous index follows an outer loop and another
/// index the innermost one, while a store writes along the innermost one.
/// None if the nest copies along rows. A load the innermost loop does not
/// move (a row's sum, broadcast along it) reads no rows across: tiling for
/// it cut a softmax's loops into masked 8-lane vectors, 1.5x slower.
std::optional<size_t>
transposedFrom(MutableArrayRef<affine::AffineForOp> band) {
  size_t innermost = band.size() - 1;
  bool writesAlong = false;
  std::optional<size_t> across;
  for (Operation &op : band.back().getBody()->without_terminator()) {
    if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
      writesAlong |= loopOfLastIndex(store.getAffineMap(),
                                     store.getMapOperands(), band) == innermost;
    } else if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      std::optional<size_t> k =
          loopOfLastIndex(load.getAffineMap(), load.getMapOperands(), band);
      if (k && *k != innermost &&
          llvm::is_contained(load.getMapOperands(),
                             band.back().getInductionVar()))
        across = across ? std::min(*across, *k) : *k;
    } else if (op.getNumRegions() != 0) {
      return std::nullopt;
    }
  }
  return writesAlong ? across : std::nullopt;
}

struct TnpTileTransposesPass
    : mlir::tnp::impl::TnpTileTransposesPassBase<TnpTileTransposesPass> {
  void runOnOperation() override {
    SmallVector<affine::AffineForOp> roots(
        getOperation().getBody().getOps<affine::AffineForOp>());
    for (affine::AffineForOp root : roots) {
      SmallVector<affine::AffineForOp> band;
      affine::getPerfectlyNestedLoops(band, root);
      if (band.size() < 2 || llvm::any_of(band, [](affine::AffineForOp loop) {
            return loop.getNumIterOperands() != 0;
          }))
        continue;
      std::optional<size_t> from = transposedFrom(band);
      if (!from)
        continue;
      MutableArrayRef<affine::AffineForOp> tiled(band);
      tiled = tiled.drop_front(*from);
      if (llvm::any_of(tiled, [](affine::AffineForOp loop) {
            std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
            return trips && *trips < kMinTrips;
          }))
        continue;
      SmallVector<unsigned> sizes(tiled.size(), kTile);
      SmallVector<affine::AffineForOp> tiles;
      if (failed(affine::tilePerfectlyNested(tiled, sizes, &tiles)))
        continue;
      // From 0 by 1, as the vectorizer expects of the loops it looks at
      // (it crashed on a tile's loop from %i0 to %i0 + 32).
      for (affine::AffineForOp loop : tiles)
        (void)affine::normalizeAffineFor(loop);
    }
  }
};

} // namespace
