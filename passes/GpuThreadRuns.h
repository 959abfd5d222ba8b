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

/// `runs` (a sequential loop of constant bounds whose body is `threads`) as
/// one loop over the threads, each doing all of its runs in turn. Where
/// every run of a thread is in bounds (the guards tiling put around the
/// threads' body all hold), the runs' loads of buffers that nothing in
/// `kernel` writes come first, unguarded. Returns the new threads loop, or
/// `threads` unchanged where the loops do not have that form.
scf::ParallelOp runThreadsLoadsFirst(scf::ParallelOp runs,
                                     scf::ParallelOp threads,
                                     Operation *kernel);

} // namespace mlir::tnp

#endif // TNP_PASSES_GPUTHREADRUNS_H
