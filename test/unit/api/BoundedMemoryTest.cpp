//===- BoundedMemoryTest.cpp - long runs over new shapes stay bounded -----===//
//
// Run with TNP_MEMORY_CACHE_ENTRIES=16 (CMakeLists.txt), so that a few
// hundred compiled functions overflow every in-memory cache many times. Each
// test warms up, measures the resident set, keeps going over shapes and
// functions it has not seen, and checks the resident set grew by less than
// a fraction of what the compiled functions hold when nothing is evicted
// (about 200 KiB each: +25 MiB over the 120 of the second test).
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/KernelCache.h"
#include "runtime/CachePolicy.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <malloc.h>
#include <unistd.h>

namespace {

/// Resident memory in MiB, after returning free heap pages to the system:
/// what is measured is what tnp holds, not what malloc keeps around.
double residentMiB() {
  malloc_trim(0);
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  double mib = resident * double(sysconf(_SC_PAGESIZE)) / (1 << 20);
  std::printf("resident: %.1f MiB\n", mib);
  return mib;
}

/// Runs steps [0, warm), then [warm, total), and expects the resident set
/// to grow by less than `limitMiB` over the second part.
void expectBoundedGrowth(const std::function<void(int)> &step, int warm,
                         int total, double limitMiB) {
  for (int i = 0; i < warm; ++i)
    step(i);
  double before = residentMiB();
  for (int i = warm; i < total; ++i)
    step(i);
  double after = residentMiB();
  EXPECT_LT(after - before, limitMiB)
      << before << " MiB -> " << after << " MiB";
}

TEST(BoundedMemory, CapacityComesFromTheEnvironment) {
  ASSERT_EQ(tnp::runtime::memoryCacheCapacity(), 16u)
      << "run with TNP_MEMORY_CACHE_ENTRIES=16";
}

TEST(BoundedMemory, LruCacheEvictsTheLeastRecentlyUsed) {
  tnp::runtime::LruCache<int, int> cache(2);
  cache.insert(1, 10);
  cache.insert(2, 20);
  ASSERT_NE(cache.find(1), nullptr); // 1 is now the most recent
  cache.insert(3, 30);
  EXPECT_EQ(cache.find(2), nullptr);
  EXPECT_EQ(*cache.find(1), 10);
  EXPECT_EQ(*cache.find(3), 30);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.evictions(), 1u);
  cache.insert(3, 31);
  EXPECT_EQ(*cache.find(3), 31);
  EXPECT_EQ(cache.evictions(), 1u);
}

// Ten thousand shapes through eager ops and a trace with a dynamic
// dimension: kernels are shape-polymorphic, so neither compiles per shape.
TEST(BoundedMemory, TenThousandShapesEagerAndTraced) {
  tnp::trace_options options;
  options.input_signature = {{{-1, -1}, tnp::float64}};
  auto traced = tnp::trace(
      [](const tnp::ndarray &x) {
        return tnp::sum(tnp::tanh(x) * 2 + x.T().T(), 0);
      },
      options);
  auto step = [&](int i) {
    // From memory: ones() of a new shape would compile (a kernel per
    // shape for creation ops, docs/runtime.md).
    tnp::shape_t shape = {1 + i % 97, 1 + i / 97};
    tnp::ndarray x =
        tnp::asarray(std::vector<double>(shape[0] * shape[1], i % 5), shape);
    tnp::ndarray eager = tnp::sum(tnp::tanh(x) * 2 + x.T().T(), 0);
    tnp::ndarray y = traced(x);
    ASSERT_EQ(eager.shape(), y.shape());
    tnp::ndarray m = tnp::matmul(x.T(), x)(tnp::slice(0, i % 7 + 1));
    ASSERT_EQ(m.ndim(), 2);
  };
  expectBoundedGrowth(step, 500, 10000, 16);
  EXPECT_LE(traced.trace_count(), 2);
  EXPECT_LE(tnp::detail::dispatchStats().kernels, 16u);
}

// Hundreds of distinct traces, eager kernels and derivatives: each compiles,
// and the caches evict what they no longer keep.
TEST(BoundedMemory, HundredsOfCompiledFunctions) {
  tnp::trace_options options;
  options.opt_level = 0;
  auto traced = tnp::trace(
      [](const tnp::ndarray &x) { return tnp::exp(x) * 2 - x; }, options);
  auto loss = [](const tnp::ndarray &w) { return tnp::sum(tnp::sin(w) * w); };
  auto step = [&](int i) {
    // A new static shape per call: a new trace each time.
    tnp::ndarray x = tnp::ones({i + 1});
    ASSERT_EQ(traced(x).shape(), x.shape());
    // A new eager kernel: summing over a new set of axes of a rank-8 array.
    tnp::ndarray r = tnp::ones({1, 2, 1, 2, 1, 2, 1, 2});
    std::vector<int64_t> axes;
    for (int64_t d = 0; d < 8; ++d)
      if (i >> d & 1)
        axes.push_back(d);
    ASSERT_EQ(tnp::sum(r, tnp::Axis(axes)).size() > 0, true);
    // An eager derivative of a new shape.
    ASSERT_EQ(tnp::grad(loss)(x).shape(), x.shape());
  };
  expectBoundedGrowth(step, 40, 160, 8);
  EXPECT_LE(tnp::detail::dispatchStats().kernels, 16u);
  EXPECT_EQ(traced.trace_count(), 160);
}

} // namespace
