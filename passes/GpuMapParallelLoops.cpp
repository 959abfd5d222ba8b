//===- GpuMapParallelLoops.cpp - tnp-gpu-map-parallel-loops ---------------===//

#include "passes/GpuThreadRuns.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>
#include <optional>

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPGPUMAPPARALLELLOOPSPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Maps each dimension of `loop` to the processor `processorOf(dim)` gives.
LogicalResult mapLoop(scf::ParallelOp loop,
                      function_ref<gpu::Processor(unsigned)> processorOf) {
  MLIRContext *ctx = loop.getContext();
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, ctx);
  SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
  for (unsigned dim = 0; dim < loop.getNumLoops(); ++dim)
    mapping.push_back(gpu::ParallelLoopDimMappingAttr::get(
        ctx, processorOf(dim), identity, identity));
  return gpu::setMappingAttr(loop, mapping);
}

/// A copy between views that are not both contiguous (a strided result of
/// a choice, a transposed slice), which gpu.memcpy cannot do: a parallel
/// loop of loads and stores instead; for one element (rank 0), a load and a
/// store, which tnp-gpu-launch-host-code runs on one thread.
void copyInParallel(memref::CopyOp copy) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  auto type = cast<MemRefType>(copy.getSource().getType());
  if (type.getRank() == 0) {
    Value v = memref::LoadOp::create(b, loc, copy.getSource());
    memref::StoreOp::create(b, loc, v, copy.getTarget());
    copy.erase();
    return;
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lower(type.getRank(), zero), steps(type.getRank(), one);
  SmallVector<Value> upper;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    upper.push_back(memref::DimOp::create(b, loc, copy.getSource(), dim));
  scf::ParallelOp::create(
      b, loc, lower, upper, steps,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange ivs) {
        Value v =
            memref::LoadOp::create(nested, nestedLoc, copy.getSource(), ivs);
        memref::StoreOp::create(nested, nestedLoc, v, copy.getTarget(), ivs);
      });
  copy.erase();
}

/// `loop` with its dimensions but the innermost collapsed into one.
scf::ParallelOp collapseOuterDims(scf::ParallelOp loop) {
  std::vector<unsigned> outer(loop.getNumLoops() - 1);
  std::iota(outer.begin(), outer.end(), 0);
  std::vector<unsigned> inner{loop.getNumLoops() - 1};
  Block::iterator next = std::next(loop->getIterator());
  IRRewriter rewriter(loop.getContext());
  // Replaces `loop` by the collapsed one, built right before it.
  collapseParallelLoops(rewriter, loop, {outer, inner});
  return cast<scf::ParallelOp>(*std::prev(next));
}

/// Marks the loop of a thread's runs, until the pass's end.
constexpr llvm::StringLiteral kThreadRuns = "tnp.thread_runs";

/// Blocks y and z take at most this many each.
constexpr int64_t kMaxBlocksYZ = 65535;

/// `blocks` (a loop of blocks of rank 2: the outer dimension's, then the
/// innermost's) with the innermost's blocks on two dimensions, y and z:
/// block (y, z) takes tile z * 65535 + y. Tiles past the last are empty
/// (their threads' guards against the bound fail). Grid y then stays
/// within its 65535 blocks for a last dimension of up to 2^32 tiles.
scf::ParallelOp splitInnermostBlocks(scf::ParallelOp blocks) {
  OpBuilder b(blocks);
  Location loc = blocks.getLoc();
  Value lower = blocks.getLowerBound()[1], step = blocks.getStep()[1];
  Value tiles = arith::CeilDivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, blocks.getUpperBound()[1], lower),
      step);
  Value cap = arith::ConstantIndexOp::create(b, loc, kMaxBlocksYZ);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto split = scf::ParallelOp::create(
      b, loc, {blocks.getLowerBound()[0], zero, zero},
      {blocks.getUpperBound()[0], arith::MinUIOp::create(b, loc, tiles, cap),
       arith::CeilDivUIOp::create(b, loc, tiles, cap)},
      {blocks.getStep()[0], one, one});
  Block *body = split.getBody();
  body->getTerminator()->erase();
  b.setInsertionPointToStart(body);
  Value tile = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, body->getArgument(2), cap).getResult(),
      body->getArgument(1));
  Value start = arith::AddIOp::create(
      b, loc, lower, arith::MulIOp::create(b, loc, tile, step).getResult());
  IRRewriter rewriter(blocks.getContext());
  rewriter.mergeBlocks(blocks.getBody(), body, {body->getArgument(0), start});
  blocks.erase();
  return split;
}

struct TnpGpuMapParallelLoopsPass
    : public mlir::tnp::impl::TnpGpuMapParallelLoopsPassBase<
          TnpGpuMapParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    // A block has at most 1024 threads; a thread's runs are unrolled.
    if (blockSize < 1 || blockSize > 1024 || elementsPerThread < 1 ||
        elementsPerThread > 16) {
      getOperation().emitError()
          << "tnp-gpu-map-parallel-loops takes block-size 1 to 1024 and "
             "elements-per-thread 1 to 16, not block-size="
          << unsigned(blockSize)
          << " elements-per-thread=" << unsigned(elementsPerThread);
      return signalPassFailure();
    }
    getOperation().walk([](memref::CopyOp copy) {
      auto contiguous = [](Value v) {
        return cast<MemRefType>(v.getType()).getLayout().isIdentity();
      };
      if (!contiguous(copy.getSource()) || !contiguous(copy.getTarget()))
        copyInParallel(copy);
    });
    SmallVector<scf::ParallelOp> outermost;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        outermost.push_back(loop);
    });
    for (scf::ParallelOp loop : outermost)
      if (failed(mapOntoBlocks(loop)))
        return signalPassFailure();
    // Folds the tiles' sizes (products of constants) into constants, which
    // gpu-launch-sink-index-computations copies into the kernels, where
    // loops of known trip counts unroll. Folding only: the canonicalizer
    // would merge the nested loops and drop their mapping.
    (void)applyPatternsGreedily(getOperation(), FrozenRewritePatternSet());
    // Threads of several runs each, their bounds now constants; found
    // again, as the folding erases kernels that write nothing.
    SmallVector<scf::ParallelOp> severalRuns;
    getOperation().walk([&](scf::ParallelOp runs) {
      if (runs->removeAttr(kThreadRuns))
        severalRuns.push_back(runs);
    });
    for (scf::ParallelOp runs : severalRuns)
      tnp::runThreadsLoadsFirst(runs);
  }

  LogicalResult mapOntoBlocks(scf::ParallelOp loop) {
    // Blocks y and z take at most 65535 each, and dimensions past three
    // would run sequentially in each block: the outer dimensions of a loop
    // of rank 3 or more become one (on x, up to 2^31 - 1 blocks; each thread
    // recovers them by division), the innermost stays.
    if (loop.getNumLoops() > 2)
      loop = collapseOuterDims(loop);
    unsigned rank = loop.getNumLoops();
    // A block takes elementsPerThread runs of blockSize consecutive
    // elements, a thread one element of each: warps stay coalesced, and
    // each thread has several independent loads in flight.
    // An innermost dimension of fewer, known trips (a split reduction's 32
    // threads per output) leaves the rest of the block to the next one,
    // on threads y: blocks of 32 threads would cap the threads an SM holds.
    int64_t inner = blockSize, next = 1, runsOf = elementsPerThread;
    std::optional<int64_t> trips = tnp::constantTripCount(loop, rank - 1);
    if (rank > 1 && trips && *trips < inner) {
      inner = llvm::PowerOf2Ceil(*trips);
      next = blockSize / inner;
      runsOf = 1;
    }
    SmallVector<int64_t> tileSizes(rank, 1);
    tileSizes.back() = inner * runsOf;
    if (next > 1)
      tileSizes[rank - 2] = next;
    auto [blocks, tile] =
        scf::tileParallelLoop(loop, tileSizes, /*noMinMaxBounds=*/true);
    // The innermost's blocks go on y, which takes at most 65535 of them; on
    // y and z where there may be more.
    if (rank == 2 &&
        (!trips || llvm::divideCeil(*trips, tileSizes.back()) > kMaxBlocksYZ))
      blocks = splitInnermostBlocks(blocks);
    tileSizes.back() = inner;
    auto [runs, threads] =
        scf::tileParallelLoop(tile, tileSizes, /*noMinMaxBounds=*/true);
    auto blockOf = [](unsigned dim) {
      static constexpr gpu::Processor kBlocks[] = {gpu::Processor::BlockX,
                                                   gpu::Processor::BlockY,
                                                   gpu::Processor::BlockZ};
      return dim < 3 ? kBlocks[dim] : gpu::Processor::Sequential;
    };
    // Only the innermost dimension has more than one thread per block, and
    // the next one where the innermost is short.
    unsigned last = threads.getNumLoops() - 1;
    auto threadOf = [last, next](unsigned dim) {
      if (dim == last)
        return gpu::Processor::ThreadX;
      return dim + 1 == last && next > 1 ? gpu::Processor::ThreadY
                                         : gpu::Processor::Sequential;
    };
    auto sequential = [](unsigned) { return gpu::Processor::Sequential; };
    if (failed(mapLoop(blocks, blockOf)) || failed(mapLoop(runs, sequential)) ||
        failed(mapLoop(threads, threadOf)))
      return failure();
    // Loops nested in the tile (a reduction's parallel parts) stay in one
    // thread.
    threads.getBody()->walk(
        [&](scf::ParallelOp nested) { (void)mapLoop(nested, sequential); });
    if (runsOf > 1)
      runs->setAttr(kThreadRuns, UnitAttr::get(runs.getContext()));
    return success();
  }
};

} // namespace
