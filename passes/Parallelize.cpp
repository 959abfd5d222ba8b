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
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPPARALLELIZEPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The elements a loop nest ranges over: the product of its loops' static
/// trip counts (a tile's loop, from %i to %i + 32, has one), along its
/// widest path, times what a trip stores in vectors (a tile transposed in
/// registers: 16 stores of 16 lanes); nullopt if a trip count is not
/// static.
std::optional<int64_t> elementsOf(affine::AffineForOp loop) {
  std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
  if (!trips)
    return std::nullopt;
  int64_t range = static_cast<int64_t>(*trips);
  int64_t stored = 0;
  for (auto store : loop.getBody()->getOps<affine::AffineVectorStoreOp>())
    stored += store.getVectorType().getNumElements();
  int64_t inner = std::max<int64_t>(1, stored);
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

/// The op that adds to iteration argument `r` of `loop` in the innermost
/// loop that carries it (a loop passing its argument to a nested loop and
/// yielding that loop's result is followed inward), if it is a sum.
Operation *sumOf(affine::AffineForOp loop, unsigned r) {
  BlockArgument arg = loop.getRegionIterArgs()[r];
  Value yielded = loop.getBody()->getTerminator()->getOperand(r);
  if (auto result = dyn_cast<OpResult>(yielded)) {
    if (auto inner = dyn_cast<affine::AffineForOp>(result.getOwner())) {
      unsigned k = result.getResultNumber();
      if (inner->getBlock() != loop.getBody() || inner.getInits()[k] != arg ||
          !arg.hasOneUse())
        return nullptr;
      return sumOf(inner, k);
    }
  }
  // The accumulator feeds the sum alone, and the sum only the next
  // iteration: partial sums then add up to the same total.
  Operation *add = yielded.getDefiningOp();
  if (!isa_and_present<arith::AddFOp, arith::AddIOp>(add) || !arg.hasOneUse() ||
      *arg.getUsers().begin() != add || !add->getResult(0).hasOneUse())
    return nullptr;
  return add;
}

/// Makes the sums `loop` carries into reductions affine recognizes. After
/// tnp-promote-accumulators a full sum's outer loop passes its accumulator
/// to the inner loop and yields the inner loop's result, a dependence from
/// one iteration to the next that isLoopParallel cannot see through. Each
/// inner loop now starts from zero and the outer loop adds its result to the
/// accumulator: per-thread partial sums, added at the end (the combiner's
/// fastmath flags, reassoc for float sums, carry over). Only sums, whose
/// identity is zero, as convert-scf-to-openmp takes them. False, with
/// nothing changed, unless every iteration argument is such a sum.
bool exposeNestedSums(affine::AffineForOp loop) {
  unsigned n = loop.getNumIterOperands();
  Operation *yield = loop.getBody()->getTerminator();
  SmallVector<Operation *> sums;
  for (unsigned r = 0; r < n; ++r) {
    auto result = dyn_cast<OpResult>(yield->getOperand(r));
    Operation *sum = sumOf(loop, r);
    if (!sum || !result || !isa<affine::AffineForOp>(result.getOwner()))
      return false;
    sums.push_back(sum);
  }
  OpBuilder b(loop);
  for (unsigned r = 0; r < n; ++r) {
    auto result = cast<OpResult>(yield->getOperand(r));
    auto inner = cast<affine::AffineForOp>(result.getOwner());
    BlockArgument arg = loop.getRegionIterArgs()[r];
    Value zero = arith::ConstantOp::create(b, loop.getLoc(),
                                           b.getZeroAttr(arg.getType()));
    inner.getInitsMutable()[result.getResultNumber()].assign(zero);
    OpBuilder after(yield);
    IRMapping operands;
    Operation *sum = after.clone(*sums[r], operands);
    sum->setOperands({arg, result});
    yield->setOperand(r, sum->getResult(0));
  }
  return true;
}

struct TnpParallelizePass
    : tnp::impl::TnpParallelizePassBase<TnpParallelizePass> {
  using TnpParallelizePassBase::TnpParallelizePassBase;

  void runOnOperation() override {
    SmallVector<affine::AffineForOp> outermost(
        getOperation().getBody().getOps<affine::AffineForOp>());
    for (affine::AffineForOp loop : outermost) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
      std::optional<int64_t> elements = elementsOf(loop);
      SmallVector<affine::LoopReduction> reductions;
      if (!trips || *trips < 2 || !elements || *elements < minElements ||
          (loop.getNumIterOperands() != 0 && !exposeNestedSums(loop)) ||
          !affine::isLoopParallel(loop, &reductions))
        continue;
      // The loop is cut into chunks first and the chunks run in parallel:
      // a single loop's chunk is left to the vectorizer, and a chunk of a
      // nest's rows may reuse one private row (tnp-privatize-rows). A nest
      // carrying sums runs its rows in parallel as they are (affine's tiling
      // takes no nest with iter_args).
      affine::AffineForOp target = loop;
      if (loop.getNumIterOperands() == 0 ||
          loop.getBody()->getOps<affine::AffineForOp>().empty()) {
        int64_t tile = (static_cast<int64_t>(*trips) + kChunks - 1) / kChunks;
        SmallVector<affine::AffineForOp> tiled;
        SmallVector<affine::AffineForOp> band = {loop};
        if (failed(affine::tilePerfectlyNested(
                band, {static_cast<unsigned>(tile)}, &tiled)))
          continue;
        target = tiled.front();
      }
      if (failed(affine::affineParallelize(target, reductions)))
        return signalPassFailure();
    }
  }
};

} // namespace
