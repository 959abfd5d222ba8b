//===- Parallelize.cpp - the tnp-parallelize pass -------------------------===//
//
// Picks the loop nests worth a parallel region (see Passes.td); affine's own
// dependence analysis (isLoopParallel) and rewrite (affineParallelize) do
// the rest.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPPARALLELIZEPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The elements a loop nest ranges over: the product of its loops' static
/// trip counts (a tile's loop, from %i to %i + 32, has one), along its
/// widest path; nullopt if a trip count is not static.
std::optional<int64_t> elementsOf(affine::AffineForOp loop) {
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (!trips)
    return std::nullopt;
  int64_t range = static_cast<int64_t>(*trips);
  int64_t inner = 1;
  for (auto nested : loop.getBody()->getOps<affine::AffineForOp>()) {
    std::optional<int64_t> n = elementsOf(nested);
    if (!n)
      return std::nullopt;
    inner = std::max(inner, *n);
  }
  return range * inner;
}

/// The chunks a single parallel loop is cut into: several per core, so that
/// OpenMP's static schedule balances them.
constexpr int64_t kChunks = 64;

struct TnpParallelizePass
    : tnp::impl::TnpParallelizePassBase<TnpParallelizePass> {
  using TnpParallelizePassBase::TnpParallelizePassBase;

  void runOnOperation() override {
    SmallVector<affine::AffineForOp> outermost(
        getOperation().getBody().getOps<affine::AffineForOp>());
    for (affine::AffineForOp loop : outermost) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      std::optional<int64_t> elements = elementsOf(loop);
      if (!trips || *trips < 2 || !elements || *elements < minElements ||
          loop.getNumIterOperands() != 0 || !affine::isLoopParallel(loop))
        continue;
      affine::AffineForOp target = loop;
      // A single loop is cut into chunks first: the chunks run in parallel,
      // each one's loop is left to the vectorizer.
      if (loop.getBody()->getOps<affine::AffineForOp>().empty()) {
        int64_t tile = (static_cast<int64_t>(*trips) + kChunks - 1) / kChunks;
        SmallVector<affine::AffineForOp> tiled;
        SmallVector<affine::AffineForOp> band = {loop};
        if (failed(affine::tilePerfectlyNested(
                band, {static_cast<unsigned>(tile)}, &tiled)))
          continue;
        target = tiled.front();
      }
      if (failed(affine::affineParallelize(target)))
        return signalPassFailure();
    }
  }
};

} // namespace
