//===- InterleaveAccumulators.cpp - tnp-interleave-accumulators -----------===//
//
// Unroll-jams a short vectorized loop around an inner loop that carries
// vector accumulators, so that its lanes' chains of dependent ops overlap
// (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/BufferRoots.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPINTERLEAVEACCUMULATORSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Chains one loop interleaves: 4 vector accumulators, with their indices
/// (two registers each as int64), fit AVX-512's 32 registers.
constexpr uint64_t kMaxChains = 4;

/// A memory access the pass understands: a vector transfer or an affine
/// load or store, its buffer, indices and the elements it touches.
struct Access {
  Value memref;
  ValueRange indices;
  int64_t elements;
  bool writes;
};

std::optional<Access> accessOf(Operation *op) {
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    if (read.getVectorType().getRank() == 1)
      return Access{read.getBase(), read.getIndices(),
                    read.getVectorType().getNumElements(), false};
  if (auto write = dyn_cast<vector::TransferWriteOp>(op))
    if (write.getVectorType().getRank() == 1)
      return Access{write.getBase(), write.getIndices(),
                    write.getVectorType().getNumElements(), true};
  if (auto load = dyn_cast<affine::AffineLoadOp>(op))
    if (load.getAffineMap().isIdentity())
      return Access{load.getMemRef(), load.getIndices(), 1, false};
  if (auto store = dyn_cast<affine::AffineStoreOp>(op))
    if (store.getAffineMap().isIdentity())
      return Access{store.getMemRef(), store.getIndices(), 1, true};
  return std::nullopt;
}

/// What `index` is: the operand an affine.apply of one dimension passes
/// through, or the constant it gives (the vectorizer's applies for a
/// private row's indices, `(d0, d1) -> (0)` and `(d0, d1) -> (d1)`), else
/// `index` itself.
OpFoldResult indexValue(Value index) {
  auto apply = index.getDefiningOp<affine::AffineApplyOp>();
  if (!apply)
    return index;
  AffineExpr result = apply.getAffineMap().getResult(0);
  if (auto dim = dyn_cast<AffineDimExpr>(result))
    return apply.getMapOperands()[dim.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(result))
    return Builder(index.getContext()).getIndexAttr(constant.getValue());
  return index;
}

/// The one loop in `lanes`'s body if it carries vector iter_args and
/// reordering `lanes`'s iterations around it keeps their meaning: it only
/// reads memory, and the body's other accesses to a buffer the body writes
/// touch, in each iteration, only elements [iv, iv + step) of the
/// innermost dimension of a distinct buffer (same other indices throughout,
/// fixed outside `lanes`) that the inner loop does not read.
affine::AffineForOp interleavableChain(affine::AffineForOp lanes) {
  affine::AffineForOp inner;
  for (Operation &op : lanes.getBody()->without_terminator()) {
    if (auto loop = dyn_cast<affine::AffineForOp>(op)) {
      if (inner)
        return nullptr;
      inner = loop;
    } else if (op.getNumRegions()) {
      return nullptr;
    }
  }
  if (!inner || inner.getNumIterOperands() == 0 ||
      !llvm::all_of(inner.getResultTypes(), llvm::IsaPred<VectorType>))
    return nullptr;

  llvm::DenseSet<Value> innerReads;
  WalkResult walk = inner.getBody()->walk([&](Operation *op) {
    if (isa<affine::AffineForOp, affine::AffineYieldOp>(op) ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    std::optional<Access> access = accessOf(op);
    if (!access || access->writes)
      return WalkResult::interrupt();
    innerReads.insert(tnp::rootOf(access->memref));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return nullptr;

  SmallVector<Access> accesses;
  llvm::DenseSet<Value> written;
  for (Operation &op : lanes.getBody()->without_terminator()) {
    if (&op == inner.getOperation() || isMemoryEffectFree(&op))
      continue;
    std::optional<Access> access = accessOf(&op);
    if (!access)
      return nullptr;
    accesses.push_back(*access);
    if (access->writes)
      written.insert(tnp::rootOf(access->memref));
  }
  Value iv = lanes.getInductionVar();
  for (const Access &access : accesses) {
    Value root = tnp::rootOf(access.memref);
    if (!written.contains(root))
      continue;
    if (root != access.memref || !tnp::isDistinctBuffer(root) ||
        innerReads.contains(root) || access.indices.empty() ||
        indexValue(access.indices.back()) != OpFoldResult(iv) ||
        access.elements > lanes.getStepAsInt() ||
        !llvm::all_of(access.indices.drop_back(), [&](Value index) {
          OpFoldResult value = indexValue(index);
          auto v = dyn_cast<Value>(value);
          return !v || lanes.isDefinedOutsideOfLoop(v);
        }))
      return nullptr;
  }
  return inner;
}

struct TnpInterleaveAccumulatorsPass
    : mlir::tnp::impl::TnpInterleaveAccumulatorsPassBase<
          TnpInterleaveAccumulatorsPass> {
  void runOnOperation() override {
    SmallVector<affine::AffineForOp> candidates;
    getOperation().walk([&](affine::AffineForOp lanes) {
      std::optional<uint64_t> trips = affine::getConstantTripCount(lanes);
      if (trips && *trips > 1 && *trips <= kMaxChains &&
          interleavableChain(lanes))
        candidates.push_back(lanes);
    });
    for (affine::AffineForOp lanes : candidates)
      (void)affine::loopUnrollJamByFactor(lanes,
                                          *affine::getConstantTripCount(lanes));
  }
};

} // namespace
