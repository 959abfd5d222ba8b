//===- WorkersTest.cpp - Tests of runtime/Workers -------------------------===//

#include "runtime/Workers.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cstdlib>
#include <sched.h>

using namespace tnp::runtime;

namespace {

/// Pins the process to one of its CPUs and exits with the thread count.
[[noreturn]] void exitWithThreadsOnOneCpu() {
  cpu_set_t allowed, one;
  sched_getaffinity(0, sizeof(allowed), &allowed);
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &allowed)) {
      CPU_SET(cpu, &one);
      break;
    }
  sched_setaffinity(0, sizeof(one), &one);
  std::exit(static_cast<int>(workerThreads()));
}

// `taskset -c 0` is how a benchmark asks for one thread: tnp must then run
// its host work on the calling thread alone, not on it and a worker that
// share the CPU. The count is fixed at first use, so a fresh process (the
// death test's re-run of this binary) pins itself before asking.
TEST(WorkersTest, OneAllowedCpuMeansOneThread) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(exitWithThreadsOnOneCpu(), testing::ExitedWithCode(1), "");
}

TEST(WorkersTest, EveryChunkRunsOnce) {
  std::atomic<int64_t> sum{0};
  runChunks(7, [&](int64_t c) { sum += int64_t(1) << c; });
  EXPECT_EQ(sum.load(), 127);
}

} // namespace
