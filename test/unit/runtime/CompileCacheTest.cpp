//===- CompileCacheTest.cpp - Tests of runtime/CompileCache ---------------===//

#include "CompileCacheTestSupport.h"

#include "runtime/CompileCache.h"
#include "runtime/JitEngine.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sys/stat.h>

using namespace tnp::runtime;
using namespace tnp::runtime::testing;

namespace {

TEST_F(CompileCacheTest, SameModuleTwiceHitsMemory) {
  TempDir dir;
  CompileCache cache(dir.path);
  EXPECT_TRUE(cache.isDiskEnabled()) << cache.diskStatus();
  EXPECT_EQ(cache.diskStatus(), "");
  auto module = parse(kArithmeticModule);
  std::unique_ptr<JitEngine> engine = engineWith(cache);
  ASSERT_TRUE(engine);

  std::unique_ptr<Executable> first = take(engine->compile(*module));
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->isFromCache());
  std::unique_ptr<Executable> second = take(engine->compile(*module));
  ASSERT_TRUE(second);
  EXPECT_TRUE(second->isFromCache());
  EXPECT_EQ(callAdd(*first, 1, 2), 3);
  EXPECT_EQ(callAdd(*second, 3, 4), 7);

  CompileCacheStats stats = cache.stats();
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.memoryHits, 1u);
  EXPECT_EQ(stats.diskHits, 0u);
  EXPECT_EQ(stats.stores, 1u);
  EXPECT_EQ(stats.diskWrites, 1u);
  JitStats jit = engine->stats();
  EXPECT_EQ(jit.compiles, 2u);
  EXPECT_EQ(jit.codegens, 1u);
  EXPECT_EQ(jit.cachedLoads, 1u);
}

TEST_F(CompileCacheTest, FreshCacheLoadsFromDiskWithoutCodegen) {
  TempDir dir;
  ASSERT_FALSE(populate(dir.path).empty());

  // A new cache over the same directory stands for the next process.
  CompileCache cache(dir.path);
  JitStats stats;
  std::unique_ptr<Executable> executable = compileAndCheck(cache, &stats);
  ASSERT_TRUE(executable);
  EXPECT_TRUE(executable->isFromCache());
  EXPECT_EQ(cache.stats().diskHits, 1u);
  EXPECT_EQ(cache.stats().misses, 0u);
  EXPECT_EQ(cache.stats().stores, 0u);
  EXPECT_EQ(stats.codegens, 0u);
  EXPECT_EQ(stats.codegenSeconds, 0.0);
  EXPECT_GT(stats.compileSeconds, 0.0);
  EXPECT_EQ(stats.cachedLoads, 1u);

  // The disk hit is kept in memory.
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().memoryHits, 1u);
  EXPECT_EQ(cache.stats().diskHits, 1u);
}

TEST_F(CompileCacheTest, ClearMemoryFallsBackToDisk) {
  TempDir dir;
  CompileCache cache(dir.path);
  ASSERT_TRUE(compileAndCheck(cache));
  cache.clearMemory();
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().diskHits, 1u);
  EXPECT_EQ(cache.stats().memoryHits, 0u);
}

TEST_F(CompileCacheTest, TruncatedFileIsRebuilt) {
  expectRebuiltAfter([](std::string &c) { c.resize(c.size() / 2); },
                     "truncated payload");
  expectRebuiltAfter([](std::string &c) { c.resize(10); }, "truncated header");
  expectRebuiltAfter([](std::string &c) { c.clear(); }, "empty file");
}

TEST_F(CompileCacheTest, FlippedBytesAreRebuilt) {
  expectRebuiltAfter([](std::string &c) { c[c.size() - 1] ^= 0x55; },
                     "last payload byte");
  expectRebuiltAfter(
      [](std::string &c) { c[CompileCache::kHeaderSize + 20] ^= 0x01; },
      "early payload byte");
  expectRebuiltAfter([](std::string &c) { c[0] ^= 0x20; }, "magic");
  expectRebuiltAfter([](std::string &c) { c[20] ^= 0xff; }, "stored key");
  expectRebuiltAfter([](std::string &c) { c[50] ^= 0x01; }, "payload size");
  expectRebuiltAfter([](std::string &c) { c[60] ^= 0x80; }, "checksum");
}

TEST_F(CompileCacheTest, GarbageAndStaleFilesAreRebuilt) {
  expectRebuiltAfter(
      [](std::string &c) { c = std::string(4096, '\x7f') + "not an object"; },
      "garbage");
  expectRebuiltAfter([](std::string &c) { c += "trailing"; }, "trailing bytes");
  expectRebuiltAfter(
      [](std::string &c) { c[8] = char(CompileCache::kFormatVersion + 1); },
      "other format version");
}

TEST_F(CompileCacheTest, ValidFileWithBadObjectIsEvictedAndRebuilt) {
  TempDir dir;
  auto module = parse(kArithmeticModule);
  JitOptions options;
  std::unique_ptr<JitEngine> probe = take(JitEngine::create(options));
  ASSERT_TRUE(probe);
  CacheKey key = probe->keyFor(*module);
  {
    // Header and checksum are right; the payload is no object file.
    CompileCache writer(dir.path);
    writer.store(key, "this is not an ELF object");
  }
  CompileCache cache(dir.path);
  JitStats stats;
  std::unique_ptr<Executable> executable = compileAndCheck(cache, &stats);
  ASSERT_TRUE(executable);
  EXPECT_FALSE(executable->isFromCache());
  EXPECT_EQ(cache.stats().diskHits, 1u);
  EXPECT_EQ(cache.stats().evictions, 1u);
  EXPECT_EQ(stats.cachedLoadFailures, 1u);
  EXPECT_EQ(stats.codegens, 1u);

  CompileCache again(dir.path);
  JitStats againStats;
  ASSERT_TRUE(compileAndCheck(again, &againStats));
  EXPECT_EQ(againStats.cachedLoads, 1u);
  EXPECT_EQ(againStats.codegens, 0u);
}

TEST_F(CompileCacheTest, KeysDependOnIrTargetAndVersion) {
  auto module = parse(kArithmeticModule);
  auto other = parse(kDifferenceModule);
  std::unique_ptr<JitEngine> o3 = take(JitEngine::create());
  JitOptions options;
  options.optLevel = 1;
  std::unique_ptr<JitEngine> o1 = take(JitEngine::create(options));
  ASSERT_TRUE(o3 && o1);
  EXPECT_NE(o3->keyFor(*module), o3->keyFor(*other));
  EXPECT_NE(o3->keyFor(*module), o1->keyFor(*module));

  // The same IR from another parse, with other locations, has the same key.
  mlir::MLIRContext otherContext;
  otherContext.loadDialect<mlir::LLVM::LLVMDialect>();
  std::string relocated =
      std::string("\n\n  ") + kArithmeticModule; // Moves every location.
  auto again =
      mlir::parseSourceString<mlir::ModuleOp>(relocated, &otherContext);
  ASSERT_TRUE(again);
  EXPECT_EQ(o3->keyFor(*module), o3->keyFor(*again));

  CacheKey base = CacheKey::compute("ir", "target", "v1");
  EXPECT_NE(base, CacheKey::compute("ir", "target", "v2"));
  EXPECT_NE(base, CacheKey::compute("ir", "target2", "v1"));
  // Length prefixes: moving a character between parts changes the key.
  EXPECT_NE(base, CacheKey::compute("irt", "arget", "v1"));
}

TEST_F(CompileCacheTest, DifferentModulesUseDifferentFiles) {
  TempDir dir;
  CompileCache cache(dir.path);
  std::unique_ptr<JitEngine> engine = engineWith(cache);
  ASSERT_TRUE(engine);
  auto module = parse(kArithmeticModule);
  auto other = parse(kDifferenceModule);
  std::unique_ptr<Executable> sum = take(engine->compile(*module));
  std::unique_ptr<Executable> difference = take(engine->compile(*other));
  ASSERT_TRUE(sum && difference);
  EXPECT_NE(sum->key(), difference->key());
  EXPECT_NE(cache.pathFor(sum->key()), cache.pathFor(difference->key()));
  EXPECT_EQ(callAdd(*sum, 10, 3), 13);
  EXPECT_EQ(callAdd(*difference, 10, 3), 7);
  EXPECT_EQ(cache.stats().misses, 2u);
  EXPECT_EQ(cache.stats().diskWrites, 2u);
}

TEST_F(CompileCacheTest, UncreatableDirectoryDisablesTheDiskOnly) {
  TempDir dir;
  // A directory below a regular file cannot be created, even by root.
  llvm::SmallString<128> file(dir.path);
  llvm::sys::path::append(file, "a-file");
  writeFile(file, "x");
  llvm::SmallString<128> below(file);
  llvm::sys::path::append(below, "cache");

  CompileCache cache(std::string(below.str()));
  EXPECT_FALSE(cache.isDiskEnabled());
  EXPECT_NE(cache.diskStatus().find("cannot create cache directory"),
            std::string::npos)
      << cache.diskStatus();
  EXPECT_EQ(cache.pathFor(CacheKey()), "");

  ASSERT_TRUE(compileAndCheck(cache));
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().misses, 1u);
  EXPECT_EQ(cache.stats().memoryHits, 1u);
  EXPECT_EQ(cache.stats().diskWrites, 0u);
}

TEST_F(CompileCacheTest, DirectoryThatVanishesReportsWriteFailures) {
  TempDir dir;
  llvm::SmallString<128> sub(dir.path);
  llvm::sys::path::append(sub, "cache");
  CompileCache cache(std::string(sub.str()));
  ASSERT_TRUE(cache.isDiskEnabled());
  ASSERT_FALSE(llvm::sys::fs::remove_directories(sub));
  // Put a file where the directory was, so that nothing recreates it.
  writeFile(sub, "x");

  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().diskWriteFailures, 1u);
  EXPECT_EQ(cache.stats().diskWrites, 0u);
  EXPECT_EQ(cache.stats().stores, 1u);
  EXPECT_NE(cache.diskStatus().find("cannot write"), std::string::npos)
      << cache.diskStatus();
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().memoryHits, 1u);
}

TEST_F(CompileCacheTest, EmptyDirectoryMeansMemoryOnly) {
  CompileCache cache(std::string(""));
  EXPECT_FALSE(cache.isDiskEnabled());
  EXPECT_EQ(cache.diskStatus(), "");
  ASSERT_TRUE(compileAndCheck(cache));
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().memoryHits, 1u);
}

TEST_F(CompileCacheTest, SetDirectoryMovesTheDiskLevel) {
  TempDir first, second;
  CompileCache cache(first.path);
  ASSERT_TRUE(compileAndCheck(cache));
  cache.setDirectory(second.path);
  cache.clearMemory();
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().misses, 2u);
  EXPECT_EQ(cache.stats().diskWrites, 2u);
  EXPECT_EQ(cache.directory(), second.path);
}

/// Sets an environment variable for one scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      saved = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (saved)
      ::setenv(name, saved->c_str(), 1);
    else
      ::unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> saved;
};

TEST(CompileCacheDirectoryTest, DefaultDirectoryFollowsTheEnvironment) {
  {
    ScopedEnv dir("TNP_CACHE_DIR", "/tmp/tnp-explicit");
    ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg");
    EXPECT_EQ(CompileCache::defaultDirectory(), "/tmp/tnp-explicit");
  }
  {
    ScopedEnv dir("TNP_CACHE_DIR", nullptr);
    ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg");
    EXPECT_EQ(CompileCache::defaultDirectory(), "/tmp/xdg/tnp");
  }
  {
    ScopedEnv dir("TNP_CACHE_DIR", "");
    ScopedEnv xdg("XDG_CACHE_HOME", "relative/is/ignored");
    ScopedEnv home("HOME", "/tmp/home");
    EXPECT_EQ(CompileCache::defaultDirectory(), "/tmp/home/.cache/tnp");
  }
  {
    ScopedEnv dir("TNP_CACHE_DIR", nullptr);
    ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_EQ(CompileCache::defaultDirectory(), "");
    CompileCache cache;
    EXPECT_FALSE(cache.isDiskEnabled());
    EXPECT_NE(cache.diskStatus().find("memory only"), std::string::npos);
  }
}

TEST(CompileCacheDirectoryTest, DefaultConstructorUsesTnpCacheDir) {
  TempDir dir;
  ScopedEnv env("TNP_CACHE_DIR", dir.path.c_str());
  CompileCache cache;
  EXPECT_TRUE(cache.isDiskEnabled()) << cache.diskStatus();
  EXPECT_EQ(cache.directory(), dir.path);
}

TEST(CacheKeyTest, HexRoundTrips) {
  CacheKey key = CacheKey::compute("a", "b", "c");
  std::string hex = key.hex();
  EXPECT_EQ(hex.size(), 64u);
  EXPECT_EQ(hex.find_first_not_of("0123456789abcdef"), std::string::npos);
  std::optional<CacheKey> parsed = CacheKey::fromHex(hex);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(*parsed, key);
  EXPECT_FALSE(CacheKey::fromHex("abc"));
  EXPECT_FALSE(CacheKey::fromHex(std::string(64, 'g')));
  EXPECT_FALSE(CacheKey::fromHex("LLVMDialectModule"));
}

TEST(CacheKeyTest, WorksAsAnLlvmObjectCache) {
  TempDir dir;
  CompileCache cache(dir.path);
  llvm::LLVMContext context;
  CacheKey key = CacheKey::compute("ir", "target", "version");
  llvm::Module keyed(key.hex(), context);
  EXPECT_EQ(cache.getObject(&keyed), nullptr);
  cache.notifyObjectCompiled(&keyed,
                             llvm::MemoryBufferRef("object bytes", "object"));
  std::unique_ptr<llvm::MemoryBuffer> object = cache.getObject(&keyed);
  ASSERT_TRUE(object);
  EXPECT_EQ(object->getBuffer(), "object bytes");
  EXPECT_EQ(cache.stats().stores, 1u);

  // A module whose identifier is no key is neither stored nor found.
  llvm::Module plain("LLVMDialectModule", context);
  cache.notifyObjectCompiled(&plain, llvm::MemoryBufferRef("x", "x"));
  EXPECT_EQ(cache.getObject(&plain), nullptr);
  EXPECT_EQ(cache.stats().stores, 1u);
}

TEST_F(CompileCacheTest, RememberedSourceLoadsWithoutItsModule) {
  TempDir dir;
  CompileCache cache(dir.path);
  std::unique_ptr<JitEngine> engine = engineWith(cache);
  ASSERT_TRUE(engine);
  CacheKey source = engine->sourceKeyFor("the source of kArithmeticModule");
  EXPECT_EQ(engine->loadSource(source), nullptr);
  auto module = parse(kArithmeticModule);
  std::unique_ptr<Executable> compiled = take(engine->compile(*module));
  ASSERT_TRUE(compiled);
  engine->rememberSource(source, *compiled);

  // Another process: only the disk level is left.
  cache.clearMemory();
  std::unique_ptr<Executable> loaded = engine->loadSource(source);
  ASSERT_TRUE(loaded);
  EXPECT_TRUE(loaded->isFromCache());
  EXPECT_EQ(loaded->functionNames(),
            llvm::ArrayRef<std::string>({"add", "scale"}));
  EXPECT_EQ(callAdd(*loaded, 40, 2), 42);

  // An entry that names no object is dropped, and the caller compiles.
  cache.store(source, "tnp-source-v2\nnot a key");
  EXPECT_EQ(engine->loadSource(source), nullptr);
  EXPECT_EQ(cache.lookup(source), nullptr);
  // So is one whose object is gone.
  engine->rememberSource(source, *compiled);
  cache.evict(engine->keyFor(*module));
  EXPECT_EQ(engine->loadSource(source), nullptr);
}

// The installed level: objects compiled when tnp was built, next to
// libtnp.so. A cache whose own directory is empty finds them there and
// never writes there.
TEST_F(CompileCacheTest, InstalledDirectoryServesWhatTheUsersLacks) {
  TempDir installed, user;
  std::string installedObject = populate(installed.path);
  ASSERT_FALSE(installedObject.empty());

  CompileCache cache(user.path);
  cache.setInstalledDirectory(installed.path);
  EXPECT_EQ(cache.installedDirectory(), installed.path);
  JitStats stats;
  std::unique_ptr<Executable> executable = compileAndCheck(cache, &stats);
  ASSERT_TRUE(executable);
  EXPECT_TRUE(executable->isFromCache());
  EXPECT_EQ(stats.codegens, 0u);
  EXPECT_EQ(cache.stats().installedHits, 1u);
  EXPECT_EQ(cache.stats().diskHits, 0u);
  EXPECT_EQ(cache.stats().diskWrites, 0u);

  // Evicting it (an object that failed to load) leaves the installed file.
  cache.evict(executable->key());
  EXPECT_TRUE(llvm::sys::fs::exists(installedObject));

  // The user's own copy wins over the installed one.
  ASSERT_FALSE(populate(user.path).empty());
  CompileCache both(user.path);
  both.setInstalledDirectory(installed.path);
  ASSERT_TRUE(compileAndCheck(both));
  EXPECT_EQ(both.stats().diskHits, 1u);
  EXPECT_EQ(both.stats().installedHits, 0u);
}

TEST_F(CompileCacheTest, InstalledDirectoryOthersMayWriteIsNoLevel) {
  TempDir installed, user;
  ASSERT_FALSE(populate(installed.path).empty());
  ASSERT_EQ(::chmod(installed.path.c_str(), 0777), 0);
  CompileCache cache(user.path);
  cache.setInstalledDirectory(installed.path);
  EXPECT_EQ(cache.installedDirectory(), "");
  JitStats stats;
  ASSERT_TRUE(compileAndCheck(cache, &stats));
  EXPECT_EQ(stats.codegens, 1u);
  EXPECT_EQ(cache.stats().installedHits, 0u);

  // A directory that is not there is none either.
  cache.setInstalledDirectory(installed.path + "/missing");
  EXPECT_EQ(cache.installedDirectory(), "");
}

} // namespace
