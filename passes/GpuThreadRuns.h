//===- GpuThreadRuns.h - a GPU thread's elements, loads first ---*- C++ -*-===//
//
// tnp-gpu-map-parallel-loops gives each thread several elements (runs of a
// block's size apart). A thread waits for a load only where it uses the
// value, so its loads are in flight together only where they come before
// its first use and before any store they might read.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_GPUTHREADRUNS_H
#define TNP_PASSES_GPUTHREADRUNS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace mlir::tnp {

/// The trip count of `loop`'s dimension `dim`, where its bounds and step
/// are constants.
std::optional<int64_t> constantTripCount(scf::ParallelOp loop, unsigned dim);

/// `runs` (a sequential loop of constant bounds whose body is a loop of
/// threads) as one loop over the threads, each doing all of its runs in
/// turn. Where every run of a thread is in bounds (the guards tiling put
/// around the threads' body all hold), the runs' loads of buffers no other
/// buffer aliases and nothing in the kernel (the outermost loop around
/// `runs`) writes come first, unguarded. Loops not of that form, or whose
/// kernel writes memory it does not name, are left as they are.
void runThreadsLoadsFirst(scf::ParallelOp runs);

} // namespace mlir::tnp

#endif // TNP_PASSES_GPUTHREADRUNS_H
