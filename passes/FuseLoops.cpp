//===- FuseLoops.cpp - the tnp-fuse-loops pass ----------------------------===//
//
// Fuses adjacent affine loop nests whose shared buffers meet only at the same
// iteration point (see Passes.td). Upstream's affine-loop-fusion was tried
// here first: on tnp's code it reordered a nest past a reader of a reused
// buffer and fused an epilogue inside an outer reduction loop, both wrong.
// This pass handles the one case it needs, with a legality rule simple
// enough to check exactly.
//
//===----------------------------------------------------------------------===//

#include "passes/BufferRoots.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPFUSELOOPSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// The perfectly nested loops at the top of `root`: root, its only loop,
/// and so on.
SmallVector<affine::AffineForOp> perfectBand(affine::AffineForOp root) {
  SmallVector<affine::AffineForOp> band = {root};
  while (true) {
    Block *body = band.back().getBody();
    if (!llvm::hasSingleElement(body->without_terminator()))
      return band;
    auto inner = dyn_cast<affine::AffineForOp>(body->front());
    if (!inner)
      return band;
    band.push_back(inner);
  }
}

/// Whether loops `a` and `b` run the same iterations: equal bound maps of
/// the same operands (constants, or sizes known before both), equal steps.
bool sameBounds(affine::AffineForOp a, affine::AffineForOp b) {
  return a.getLowerBoundMap() == b.getLowerBoundMap() &&
         a.getUpperBoundMap() == b.getUpperBoundMap() &&
         llvm::equal(a.getLowerBoundOperands(), b.getLowerBoundOperands()) &&
         llvm::equal(a.getUpperBoundOperands(), b.getUpperBoundOperands()) &&
         a.getStepAsInt() == b.getStepAsInt() && a.getNumIterOperands() == 0 &&
         b.getNumIterOperands() == 0;
}

/// How a nest touches a buffer: written or not, and whether every access is
/// at exactly the band's induction variables, in order.
struct Access {
  bool written = false;
  bool pointwise = true;
};

/// The buffers `root` touches, or nullopt if it touches one in a way this
/// pass does not analyze (an op other than affine.load/store).
std::optional<llvm::DenseMap<Value, Access>>
accessesOf(affine::AffineForOp root,
           MutableArrayRef<affine::AffineForOp> band) {
  llvm::DenseMap<Value, Access> accesses;
  bool understood = true;
  root->walk([&](Operation *op) {
    auto load = dyn_cast<affine::AffineLoadOp>(op);
    auto store = dyn_cast<affine::AffineStoreOp>(op);
    if (!load && !store) {
      for (Value operand : op->getOperands())
        understood &= !isa<MemRefType>(operand.getType());
      return;
    }
    Value accessed = load ? load.getMemRef() : store.getMemRef();
    // Buffers are told apart by their allocation: an access through a view
    // (a reshape, a subview) is never pointwise.
    Value memref = tnp::rootOf(accessed);
    AffineMap map = load ? load.getAffineMap() : store.getAffineMap();
    ValueRange indices = load ? load.getIndices() : store.getIndices();
    Access &access = accesses[memref];
    access.written |= static_cast<bool>(store);
    // Indexed first by the band's induction variables, in order: at
    // different points of the band, accesses touch disjoint slabs.
    bool pointwise = accessed == memref && indices.size() >= band.size();
    for (size_t d = 0; pointwise && d < band.size(); ++d)
      pointwise = map.getResult(d) == getAffineDimExpr(d, map.getContext()) &&
                  indices[d] == band[d].getInductionVar();
    access.pointwise &= pointwise;
  });
  if (!understood)
    return std::nullopt;
  return accesses;
}

/// Whether a store in `root` writes one element at several points of
/// `band`: a band loop its indices do not use carries a reduction. Fusing
/// the other nest into that loop would serialize the other nest's loop (an
/// argmax's per-lane loop, vector code, fused into the loop that folds the
/// lanes, ran scalar and 17x slower).
bool reducesAcross(affine::AffineForOp root,
                   ArrayRef<affine::AffineForOp> band) {
  return root
      ->walk([&](affine::AffineStoreOp store) {
        for (affine::AffineForOp loop : band)
          if (!llvm::is_contained(store.getMapOperands(),
                                  loop.getInductionVar()))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether nests `first` and `second` may run interleaved at each point of
/// their outer `depth` loops: every buffer one writes and the other touches
/// is accessed by both at slabs those loops' indices select, and neither
/// reduces across those loops.
bool canFuseAt(affine::AffineForOp first, affine::AffineForOp second,
               MutableArrayRef<affine::AffineForOp> a,
               MutableArrayRef<affine::AffineForOp> b) {
  if (reducesAcross(first, a) || reducesAcross(second, b))
    return false;
  auto accessA = accessesOf(first, a);
  auto accessB = accessesOf(second, b);
  if (!accessA || !accessB)
    return false;
  for (auto &[memref, x] : *accessB) {
    auto it = accessA->find(memref);
    if (it == accessA->end())
      continue;
    const Access &y = it->second;
    if ((x.written || y.written) && !(x.pointwise && y.pointwise))
      return false;
  }
  return true;
}

/// Fuses `second` into `first` (the nest right before it) at the deepest
/// depth where that is legal: at each point of the shared outer loops,
/// second's body then runs right after first's. Returns whether it did.
bool fuse(affine::AffineForOp first, affine::AffineForOp second) {
  SmallVector<affine::AffineForOp> a = perfectBand(first);
  SmallVector<affine::AffineForOp> b = perfectBand(second);
  size_t common = 0;
  while (common < std::min(a.size(), b.size()) &&
         sameBounds(a[common], b[common]))
    ++common;
  for (size_t depth = common; depth > 0; --depth) {
    MutableArrayRef<affine::AffineForOp> bandA(a.data(), depth),
        bandB(b.data(), depth);
    if (!canFuseAt(first, second, bandA, bandB))
      continue;
    for (size_t d = 0; d < depth; ++d)
      bandB[d].getInductionVar().replaceAllUsesWith(bandA[d].getInductionVar());
    Block *into = bandA.back().getBody(), *from = bandB.back().getBody();
    into->getOperations().splice(into->getTerminator()->getIterator(),
                                 from->getOperations(), from->begin(),
                                 from->getTerminator()->getIterator());
    second->erase();
    return true;
  }
  return false;
}

/// Whether only allocations and pure scalar ops stand between nests
/// `first` and `second`, none of them computed from a value `first` or they
/// compute: bufferization puts a nest's result buffer right before it (a
/// softmax's exponentials after the nest of row maxima), lowering the
/// scalars the next nest reads (a tail's start), and those can move above
/// `first`.
bool onlyHoistableBetween(Operation *first, Operation *second) {
  for (Operation *op = first->getNextNode(); op != second;
       op = op->getNextNode()) {
    if (!op || op->getNumRegions() != 0 ||
        !(isa<memref::AllocOp>(op) || isPure(op)))
      return false;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() == first->getBlock() &&
          !def->isBeforeInBlock(first))
        return false;
  }
  return true;
}

struct TnpFuseLoopsPass : tnp::impl::TnpFuseLoopsPassBase<TnpFuseLoopsPass> {
  void runOnOperation() override {
    // Nests sit in the function's blocks and in those of the control flow
    // a trace records (an scf.if choosing a kernel by a dynamic size).
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      if (!isa<affine::AffineForOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks) {
      auto loops = llvm::to_vector(block->getOps<affine::AffineForOp>());
      affine::AffineForOp current;
      for (affine::AffineForOp loop : loops) {
        bool adjacent = current && onlyHoistableBetween(current, loop);
        if (adjacent)
          while (current->getNextNode() != loop)
            current->getNextNode()->moveBefore(current);
        if (!adjacent || !fuse(current, loop))
          current = loop;
      }
    }
  }
};

} // namespace
