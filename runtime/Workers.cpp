//===- Workers.cpp - the threads tnp's host code runs on ------------------===//

#include "runtime/Workers.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>

using namespace tnp::runtime;

namespace {

/// Workers besides the calling thread, which takes a share too.
llvm::ThreadPoolInterface &pool() {
  static llvm::DefaultThreadPool workers(llvm::heavyweight_hardware_concurrency(
      std::max(1u, llvm::hardware_concurrency().compute_thread_count() - 1)));
  return workers;
}

} // namespace

unsigned tnp::runtime::workerThreads() {
  return pool().getMaxConcurrency() + 1;
}

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
