//===- CacheLimitTest.cpp - the disk cache's size limit -------------------===//

#include "CompileCacheTestSupport.h"

#include "runtime/CompileCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <ctime>
#include <string>
#include <sys/time.h>

using namespace tnp::runtime;
using namespace tnp::runtime::testing;

namespace {

CacheKey keyOf(int i) { return CacheKey::compute(std::to_string(i), "t", "v"); }

/// Sets the modification time of `path` to `secondsAgo` before now.
void age(const std::string &path, long secondsAgo) {
  struct timeval times[2];
  times[0].tv_sec = times[1].tv_sec = std::time(nullptr) - secondsAgo;
  times[0].tv_usec = times[1].tv_usec = 0;
  ASSERT_EQ(::utimes(path.c_str(), times), 0) << path;
}

TEST(CacheLimitTest, WritesPastTheLimitRemoveTheLeastRecentlyUsedFiles) {
  TempDir dir;
  CompileCache cache(dir.path);
  const std::string object(1000, 'x');
  const uint64_t fileSize = CompileCache::kHeaderSize + object.size();
  cache.setDiskLimit(10 * fileSize);
  for (int i = 0; i < 10; ++i) {
    cache.store(keyOf(i), object);
    age(cache.pathFor(keyOf(i)), 100 - i); // 0 oldest, 9 newest
  }
  EXPECT_EQ(cache.stats().diskEvictions, 0u);
  // Reading 0 from disk makes it the most recently used.
  cache.clearMemory();
  ASSERT_TRUE(cache.lookup(keyOf(0)));
  EXPECT_EQ(cache.stats().diskHits, 1u);

  // Eleven files are over the limit: the oldest go until three quarters of
  // it is used (7 files), so 1 to 4 are removed.
  cache.store(keyOf(10), object);
  EXPECT_EQ(cache.stats().diskEvictions, 4u);
  for (int i = 0; i <= 10; ++i)
    EXPECT_EQ(llvm::sys::fs::exists(cache.pathFor(keyOf(i))), i == 0 || i > 4)
        << i;
  // What is gone is a miss, then stored again.
  cache.clearMemory();
  EXPECT_FALSE(cache.lookup(keyOf(1)));
}

TEST(CacheLimitTest, TemporariesOfDeadWritersAreRemoved) {
  TempDir dir;
  auto temporary = [&](const char *name) {
    llvm::SmallString<128> path(dir.path);
    llvm::sys::path::append(path, name);
    writeFile(path, "half an object");
    return std::string(path);
  };
  std::string stale = temporary("aa-12345678.tmp");
  std::string live = temporary("bb-12345678.tmp");
  age(stale, 3600);
  age(live, 5);
  CompileCache cache(dir.path);
  // The first write of a process scans the directory.
  cache.store(keyOf(0), "object");
  EXPECT_EQ(cache.stats().staleTemporaries, 1u);
  EXPECT_FALSE(llvm::sys::fs::exists(stale));
  EXPECT_TRUE(llvm::sys::fs::exists(live)) << "a writer may still be at it";
  EXPECT_TRUE(llvm::sys::fs::exists(cache.pathFor(keyOf(0))));
}

} // namespace
