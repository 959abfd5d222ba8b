//===- GpuThreadRuns.cpp - a GPU thread's elements, loads first -----------===//

#include "passes/GpuThreadRuns.h"

#include "passes/BufferRoots.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

std::optional<int64_t> tnp::constantTripCount(scf::ParallelOp loop,
                                              unsigned dim) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()[dim]),
                         upper = getConstantIntValue(loop.getUpperBound()[dim]),
                         step = getConstantIntValue(loop.getStep()[dim]);
  if (!lower || !upper || !step || *step <= 0)
    return std::nullopt;
  return llvm::divideCeil(std::max<int64_t>(*upper - *lower, 0), *step);
}

namespace {

/// The threads' body as tiling guards it: ops without effects and an
/// scf.if (no results, no else) around the rest, level by level, down to
/// the body proper.
struct Guarded {
  /// The ops before each level's scf.if, outermost first.
  SmallVector<Operation *> prefix;
  /// Each level's condition.
  SmallVector<Value> conditions;
  Block *body;
};

Guarded guardsOf(Block *block) {
  Guarded guarded;
  while (true) {
    auto ops = block->without_terminator();
    auto ifOp =
        ops.empty() ? scf::IfOp() : dyn_cast<scf::IfOp>(&*std::prev(ops.end()));
    bool isGuard =
        ifOp && ifOp.getNumResults() == 0 && ifOp.getElseRegion().empty() &&
        llvm::all_of(llvm::make_range(ops.begin(), ifOp->getIterator()),
                     [](Operation &op) {
                       // Evaluated for every run, in bounds or not:
                       // nothing that may trap.
                       return op.getNumRegions() == 0 && isPure(&op);
                     });
    if (!isGuard) {
      guarded.body = block;
      return guarded;
    }
    for (Operation &op : llvm::make_range(ops.begin(), ifOp->getIterator()))
      guarded.prefix.push_back(&op);
    guarded.conditions.push_back(ifOp.getCondition());
    block = ifOp.thenBlock();
  }
}

/// The roots of the buffers `kernel` writes, or nullopt where it may write
/// memory it does not name, or a buffer other roots may alias (a choice
/// between buffers, a transpose: views rootOf does not follow).
std::optional<llvm::DenseSet<Value>> writtenRoots(Operation *kernel) {
  llvm::DenseSet<Value> roots;
  bool unknown = false;
  kernel->walk([&](Operation *op) {
    // An op's own effects (a linalg op's writes of its outputs), its
    // nested ops' in their turn.
    auto memory = dyn_cast<MemoryEffectOpInterface>(op);
    if (!memory) {
      unknown |= !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    memory.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      if (!isa<MemoryEffects::Write>(effect.getEffect()))
        continue;
      Value written = effect.getValue();
      Value root = written ? tnp::rootOf(written) : Value();
      if (root && tnp::isDistinctBuffer(root))
        roots.insert(root);
      else
        unknown = true;
    }
  });
  if (unknown)
    return std::nullopt;
  return roots;
}

/// Moves the loads of `block` from buffers no other root aliases and
/// nothing writes, with the index arithmetic they need, to its start, in
/// their order.
void loadsFirst(Block *block, const llvm::DenseSet<Value> &written) {
  llvm::SetVector<Operation *> hoisted;
  for (Operation &op : block->without_terminator()) {
    auto load = dyn_cast<memref::LoadOp>(op);
    if (!load)
      continue;
    Value root = tnp::rootOf(load.getMemRef());
    if (!tnp::isDistinctBuffer(root) || written.contains(root))
      continue;
    // What the load reads its indices from, in this block.
    llvm::SetVector<Operation *> slice;
    SmallVector<Operation *> pending{load};
    bool movable = true;
    while (!pending.empty() && movable) {
      Operation *user = pending.pop_back_val();
      for (Value operand : user->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || def->getBlock() != block || hoisted.contains(def) ||
            slice.contains(def))
          continue;
        movable = def->getNumRegions() == 0 && isMemoryEffectFree(def);
        if (!movable)
          break;
        slice.insert(def);
        pending.push_back(def);
      }
    }
    if (!movable)
      continue;
    hoisted.insert(slice.begin(), slice.end());
    hoisted.insert(load);
  }
  SmallVector<Operation *> inOrder(hoisted.begin(), hoisted.end());
  llvm::sort(inOrder,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  Operation *anchor = &block->front();
  while (anchor && hoisted.contains(anchor))
    anchor = anchor->getNextNode();
  if (!anchor)
    return;
  for (Operation *op : inOrder)
    if (!op->isBeforeInBlock(anchor))
      op->moveBefore(anchor);
}

} // namespace

void tnp::runThreadsLoadsFirst(scf::ParallelOp runs) {
  // The runs' body is a threads loop alone, whose bounds come from
  // outside; neither loop reduces.
  auto threads = dyn_cast<scf::ParallelOp>(runs.getBody()->front());
  if (!threads || runs.getNumResults() || threads.getNumResults() ||
      runs.getBody()->getOperations().size() != 2)
    return;
  for (Value bound : llvm::concat<Value>(
           threads.getLowerBound(), threads.getUpperBound(), threads.getStep()))
    if (runs->isAncestor(bound.getParentBlock()->getParentOp()))
      return;
  Operation *kernel = runs;
  while (auto outer = kernel->getParentOfType<scf::ParallelOp>())
    kernel = outer;
  // Each run's position, all dimensions' constants.
  SmallVector<SmallVector<int64_t>> points{{}};
  for (unsigned dim = 0; dim < runs.getNumLoops(); ++dim) {
    std::optional<int64_t> trips = constantTripCount(runs, dim);
    if (!trips)
      return;
    int64_t lower = *getConstantIntValue(runs.getLowerBound()[dim]);
    int64_t step = *getConstantIntValue(runs.getStep()[dim]);
    SmallVector<SmallVector<int64_t>> next;
    for (const SmallVector<int64_t> &point : points)
      for (int64_t trip = 0; trip < *trips; ++trip) {
        next.push_back(point);
        next.back().push_back(lower + trip * step);
      }
    points = std::move(next);
  }
  std::optional<llvm::DenseSet<Value>> written = writtenRoots(kernel);
  if (!written)
    return;

  OpBuilder b(runs);
  Location loc = runs.getLoc();
  Guarded guarded = guardsOf(threads.getBody());
  // The block whose loads go first: the runs' bodies in bounds.
  Block *inBoundsBody = nullptr;
  auto merged = scf::ParallelOp::create(
      b, loc, threads.getLowerBound(), threads.getUpperBound(),
      threads.getStep(), [&](OpBuilder &nested, Location, ValueRange ivs) {
        // Each run's ivs; a map serves one clone of a region (Region's
        // cloneInto takes mapped block arguments for deleted ones).
        SmallVector<IRMapping> runIvs(points.size());
        for (auto [map, point] : llvm::zip(runIvs, points)) {
          for (auto [iv, at] : llvm::zip(runs.getInductionVars(), point))
            map.map(iv, arith::ConstantIndexOp::create(nested, loc, at));
          map.map(threads.getInductionVars(), ivs);
        }
        auto cloneRuns = [&](OpBuilder &at, ArrayRef<IRMapping> maps,
                             Block *body) {
          for (IRMapping map : maps)
            for (Operation &op : body->without_terminator())
              at.clone(op, map);
        };
        // Whether every run is in bounds: each one's guards, all true.
        SmallVector<IRMapping> guards(runIvs);
        Value allIn;
        for (IRMapping &map : guards) {
          for (Operation *op : guarded.prefix)
            nested.clone(*op, map);
          for (Value condition : guarded.conditions) {
            Value holds = map.lookupOrDefault(condition);
            allIn = allIn ? arith::AndIOp::create(nested, loc, allIn, holds)
                                .getResult()
                          : holds;
          }
        }
        if (!allIn) {
          cloneRuns(nested, runIvs, guarded.body);
          inBoundsBody = nested.getBlock();
          return;
        }
        auto ifOp = scf::IfOp::create(nested, loc, allIn,
                                      /*withElseRegion=*/true);
        OpBuilder inBounds = ifOp.getThenBodyBuilder();
        cloneRuns(inBounds, guards, guarded.body);
        OpBuilder atEdge = ifOp.getElseBodyBuilder();
        cloneRuns(atEdge, runIvs, threads.getBody());
        inBoundsBody = ifOp.thenBlock();
      });
  // Once the loop's body has its terminator.
  loadsFirst(inBoundsBody, *written);
  merged->setDiscardableAttrs(threads->getDiscardableAttrDictionary());
  runs.erase();
}
