//===- Workers.h - the threads tnp's host code runs on ----------*- C++ -*-===//
//
// One pool of worker threads for the process, sized to the CPUs this process
// may run on (its affinity: `taskset -c 0` means one thread): eager kernels
// split by rows and the BLAS products split into panels on it. Compiled
// traces run their parallel loops on OpenMP's threads instead.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_WORKERS_H
#define TNP_RUNTIME_WORKERS_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace tnp::runtime {

/// Threads that run work at once: the workers and the calling thread.
unsigned workerThreads();

/// Calls `chunk(c)` for every c in [0, chunks), the calling thread and the
/// workers taking chunks in turn, and returns when all have run. Workers
/// poll for a while between jobs, so back-to-back calls need no wake-up; a
/// call from inside a chunk, or while another thread's call holds the
/// workers, runs its chunks on the calling thread. `chunk` must not throw.
void runChunks(int64_t chunks, llvm::function_ref<void(int64_t)> chunk);

} // namespace tnp::runtime

#endif // TNP_RUNTIME_WORKERS_H
