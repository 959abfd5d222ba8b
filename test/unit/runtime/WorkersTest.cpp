//===- WorkersTest.cpp - Tests of runtime/Workers -------------------------===//

#include "runtime/Workers.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <sched.h>
#include <thread>

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

// Jobs back to back, with pauses longer than the workers poll (they sleep
// and must wake), each sees all its chunks run before it returns.
TEST(WorkersTest, JobsBackToBackAndAfterSleeping) {
  for (int job = 0; job < 2000; ++job) {
    std::atomic<int64_t> sum{0};
    runChunks(3, [&](int64_t c) { sum += c + 1; });
    ASSERT_EQ(sum.load(), 6) << "job " << job;
    if (job % 500 == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

// A chunk that splits its own work runs the inner chunks itself (the
// workers are taken), and two threads splitting at once both finish.
TEST(WorkersTest, NestedAndConcurrentCallsFinish) {
  std::atomic<int64_t> inner{0};
  runChunks(4, [&](int64_t) {
    runChunks(5, [&](int64_t c) { inner += c; });
  });
  EXPECT_EQ(inner.load(), 4 * 10);

  std::atomic<int64_t> total{0};
  auto split = [&] {
    for (int job = 0; job < 500; ++job)
      runChunks(4, [&](int64_t c) { total += c; });
  };
  std::thread other(split);
  split();
  other.join();
  EXPECT_EQ(total.load(), 2 * 500 * 6);
}

} // namespace
