//===- Workers.cpp - the threads tnp's host code runs on ------------------===//

#include "runtime/Workers.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>

using namespace tnp::runtime;

namespace {

/// The CPUs this process may run on.
unsigned cpus() {
  static unsigned count =
      std::max(1u, llvm::hardware_concurrency().compute_thread_count());
  return count;
}

/// Workers besides the calling thread, which takes a share too. A pool has
/// at least one; on one CPU it stays unused (workerThreads() is 1).
llvm::ThreadPoolInterface &pool() {
  static llvm::DefaultThreadPool workers(
      llvm::heavyweight_hardware_concurrency(std::max(1u, cpus() - 1)));
  return workers;
}

} // namespace

unsigned tnp::runtime::workerThreads() { return cpus(); }

void tnp::runtime::runChunks(int64_t chunks,
                             llvm::function_ref<void(int64_t)> chunk) {
  if (chunks <= 1) {
    if (chunks == 1)
      chunk(0);
    return;
  }
  llvm::ThreadPoolTaskGroup group(pool());
  for (int64_t c = 1; c < chunks; ++c)
    group.async([chunk, c] { chunk(c); });
  chunk(0);
  group.wait();
}
