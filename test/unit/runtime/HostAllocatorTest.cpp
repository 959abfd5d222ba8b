//===- HostAllocatorTest.cpp - Tests of runtime/HostAllocator -------------===//

#include "runtime/HostAllocator.h"

#include "runtime/Buffer.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

using namespace tnp::runtime;

namespace {

constexpr size_t kMiB = size_t(1) << 20;

TEST(HostAllocatorTest, ReleasedBlocksServeTheNextRequestOfTheirClass) {
  HostAllocator allocator(64 * kMiB);
  void *a = allocator.allocate(4 * kMiB);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % HostAllocator::kAlignment, 0u);
  std::memset(a, 1, 4 * kMiB);
  allocator.release(a, 4 * kMiB);
  EXPECT_EQ(allocator.stats().cachedBlocks, 1u);
  EXPECT_EQ(allocator.stats().cachedBytes, 4 * kMiB);
  // A slightly smaller request falls in the same size class.
  void *b = allocator.allocate(4 * kMiB - 4096);
  EXPECT_EQ(b, a);
  EXPECT_EQ(allocator.stats().hits, 1u);
  EXPECT_EQ(allocator.stats().misses, 1u);
  EXPECT_EQ(allocator.stats().cachedBytes, 0u);
  // A request past the class (more than 25% larger) is a new block.
  void *c = allocator.allocate(5 * kMiB + 1);
  EXPECT_NE(c, b);
  std::memset(c, 2, 5 * kMiB + 1);
  allocator.release(b, 4 * kMiB - 4096);
  allocator.release(c, 5 * kMiB + 1);
  EXPECT_EQ(allocator.stats().cachedBlocks, 2u);
  // 5 MiB + 1 rounds up to the class of 6 MiB: at most 25% more.
  EXPECT_EQ(allocator.stats().cachedBytes, 10 * kMiB);
}

TEST(HostAllocatorTest, TheCacheStaysWithinItsLimit) {
  HostAllocator allocator(10 * kMiB);
  std::vector<void *> blocks;
  for (int i = 0; i < 8; ++i) {
    blocks.push_back(allocator.allocate(2 * kMiB));
    ASSERT_NE(blocks.back(), nullptr);
  }
  for (void *block : blocks)
    allocator.release(block, 2 * kMiB);
  HostAllocator::Stats stats = allocator.stats();
  EXPECT_EQ(stats.cachedBlocks, 5u);
  EXPECT_EQ(stats.cachedBytes, 10 * kMiB);
  EXPECT_EQ(stats.returned, 3u);
  allocator.trim();
  EXPECT_EQ(allocator.stats().cachedBlocks, 0u);
  EXPECT_EQ(allocator.stats().cachedBytes, 0u);
}

// A setup's blocks must not crowd the cache forever: past the limit, the
// blocks released longest ago go back first, whatever their class, so the
// block just released serves the next request of its size. (Keeping the
// old ones and returning the new, a loop of 16 MiB results after a setup
// of 32 MiB temporaries faulted in a fresh block every call.)
TEST(HostAllocatorTest, TheBlocksReleasedLongestAgoLeaveFirst) {
  HostAllocator allocator(10 * kMiB);
  void *old1 = allocator.allocate(4 * kMiB), *old2 = allocator.allocate(kMiB);
  void *recent = allocator.allocate(6 * kMiB);
  ASSERT_TRUE(old1 && old2 && recent);
  allocator.release(old1, 4 * kMiB);
  allocator.release(old2, kMiB);
  allocator.release(recent, 6 * kMiB);
  HostAllocator::Stats stats = allocator.stats();
  EXPECT_EQ(stats.returned, 1u) << "only the 4 MiB block, released first";
  EXPECT_EQ(stats.cachedBytes, 7 * kMiB);
  EXPECT_EQ(allocator.allocate(6 * kMiB), recent);
  EXPECT_EQ(allocator.allocate(kMiB), old2);
  // A block larger than the whole cache goes back itself.
  void *huge = allocator.allocate(16 * kMiB);
  ASSERT_NE(huge, nullptr);
  allocator.release(huge, 16 * kMiB);
  EXPECT_EQ(allocator.stats().returned, 2u);
  EXPECT_EQ(allocator.stats().cachedBlocks, 0u);
  allocator.release(recent, 6 * kMiB);
  allocator.release(old2, kMiB);
}

TEST(HostAllocatorTest, ALimitOfZeroCachesNothing) {
  HostAllocator allocator(0);
  void *a = allocator.allocate(kMiB);
  allocator.release(a, kMiB);
  EXPECT_EQ(allocator.stats().cachedBlocks, 0u);
  EXPECT_EQ(allocator.stats().returned, 1u);
}

TEST(HostAllocatorTest, SmallBlocksAreCachedToo) {
  HostAllocator allocator(64 * kMiB);
  void *a = allocator.allocate(64);
  ASSERT_NE(a, nullptr);
  allocator.release(a, 64);
  EXPECT_EQ(allocator.allocate(1), a);
  EXPECT_EQ(allocator.stats().hits, 1u);
  allocator.release(a, 1);
  // A block's class is at least one alignment unit.
  EXPECT_EQ(allocator.stats().cachedBytes, HostAllocator::kAlignment);
}

// Blocks of 4 MiB or more start on a 2 MiB boundary, so that the whole
// block can be backed by huge pages (the allocator asks with madvise, as
// NumPy does; whether the system grants them is its own setting).
TEST(HostAllocatorTest, LargeBlocksStartOnHugePageBoundaries) {
  HostAllocator allocator(0);
  for (size_t bytes : {4 * kMiB, 4 * kMiB + 64, 9 * kMiB}) {
    void *block = allocator.allocate(bytes);
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % (2 * kMiB), 0u) << bytes;
    static_cast<char *>(block)[bytes - 1] = 1;
    allocator.release(block, bytes);
  }
}

TEST(HostAllocatorTest, AnImpossibleSizeIsNullNotAnAbort) {
  HostAllocator allocator(64 * kMiB);
  EXPECT_EQ(allocator.allocate(SIZE_MAX / 2), nullptr);
  EXPECT_EQ(allocator.allocate(SIZE_MAX - 64), nullptr);
}

TEST(HostAllocatorTest, BuffersReuseFreedBlocks) {
  // The process allocator keeps an 8 MiB block unless TNP_HOST_CACHE_MB is
  // smaller (sanitizer runs set 0, so that ASan sees every free).
  HostAllocator &process = HostAllocator::process();
  bool kept = process.limit() - process.stats().cachedBytes >= 8 * kMiB;
  size_t hits = process.stats().hits;
  void *first;
  {
    std::shared_ptr<Buffer> a = llvm::cantFail(Buffer::allocate(8 * kMiB));
    first = a->data();
  }
  std::shared_ptr<Buffer> b = llvm::cantFail(Buffer::allocate(8 * kMiB));
  EXPECT_EQ(process.stats().hits - hits, kept ? 1u : 0u);
  if (kept)
    EXPECT_EQ(b->data(), first);
}

TEST(HostAllocatorTest, CompiledCodesSmallBlocksStayWithTheirThread) {
  HostAllocator &process = HostAllocator::process();
  if (process.limit() == 0)
    GTEST_SKIP() << "TNP_HOST_CACHE_MB=0: every block goes to the system";
  std::vector<std::pair<std::string, void *>> symbols =
      compiledCodeAllocatorSymbols();
  auto allocate = reinterpret_cast<void *(*)(int64_t)>(symbols[0].second);
  auto release = reinterpret_cast<void (*)(void *)>(symbols[1].second);
  // Freed and asked for again, a small block comes back to the thread
  // without the allocator (no hit, no miss).
  void *a = allocate(1000);
  release(a);
  HostAllocator::Stats before = process.stats();
  void *b = allocate(1000);
  EXPECT_EQ(b, a);
  EXPECT_EQ(process.stats().hits, before.hits);
  EXPECT_EQ(process.stats().misses, before.misses);
  release(b);
  // Past 16 KiB blocks go through the allocator.
  void *large = allocate(64 << 10);
  release(large);
  before = process.stats();
  release(allocate(64 << 10));
  EXPECT_EQ(process.stats().hits, before.hits + 1);
  // A thread keeps 32 blocks; the rest, and its blocks when it ends, go to
  // the allocator's cache.
  size_t cached = 0;
  std::thread([&] {
    std::vector<void *> blocks;
    for (int i = 0; i < 40; ++i)
      blocks.push_back(allocate(3000));
    cached = process.stats().cachedBlocks;
    for (void *block : blocks)
      release(block);
    EXPECT_EQ(process.stats().cachedBlocks, cached + 8);
  }).join();
  EXPECT_EQ(process.stats().cachedBlocks, cached + 40);
}

} // namespace
