//===- CompileCacheTestSupport.h - Fixture of the cache tests ---*- C++ -*-===//
//
// Compiling kArithmeticModule through a CompileCache, populating a cache
// directory and damaging its files: shared by the tests of the cache's
// formats and of what it trusts.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_TEST_UNIT_RUNTIME_COMPILECACHETESTSUPPORT_H
#define TNP_TEST_UNIT_RUNTIME_COMPILECACHETESTSUPPORT_H

#include "RuntimeTestSupport.h"

#include "runtime/CompileCache.h"
#include "runtime/JitEngine.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <string>

namespace tnp {
namespace runtime {
namespace testing {

/// Reads a whole file; empty if it does not exist.
inline std::string readFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  return file ? (*file)->getBuffer().str() : std::string();
}

inline void writeFile(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << ec.message();
  os << contents;
}

class CompileCacheTest : public RuntimeTest {
protected:
  /// A JIT engine over `cache`; null (and a test failure) if it cannot start.
  std::unique_ptr<JitEngine> engineWith(CompileCache &cache) {
    JitOptions options;
    options.cache = &cache;
    return take(JitEngine::create(options));
  }

  /// Compiles kArithmeticModule with `cache` and checks that `add` works.
  std::unique_ptr<Executable> compileAndCheck(CompileCache &cache,
                                              JitStats *stats = nullptr) {
    auto module = parse(kArithmeticModule);
    std::unique_ptr<JitEngine> engine = engineWith(cache);
    if (!engine)
      return nullptr;
    std::unique_ptr<Executable> executable = take(engine->compile(*module));
    if (executable) {
      EXPECT_EQ(callAdd(*executable, 20, 22), 42);
    }
    if (stats)
      *stats = engine->stats();
    return executable;
  }

  /// Compiles once to populate `dir`; returns the path of the object file.
  std::string populate(const std::string &dir) {
    CompileCache cache(dir);
    std::unique_ptr<Executable> executable = compileAndCheck(cache);
    if (!executable)
      return {};
    EXPECT_EQ(cache.stats().diskWrites, 1u);
    std::string path = cache.pathFor(executable->key());
    EXPECT_TRUE(llvm::sys::fs::exists(path)) << path;
    return path;
  }

  /// Rewrites the file at `path` with `damage` applied to its contents, then
  /// checks as `expectRebuiltAfterDamage` does.
  void expectRebuiltAfter(const std::function<void(std::string &)> &damage,
                          llvm::StringRef what) {
    expectRebuiltAfterDamage(
        [&](const std::string &path) {
          std::string contents = readFile(path);
          damage(contents);
          writeFile(path, contents);
        },
        what);
  }

  /// Damages the populated object file at `path` with `damage`, then checks
  /// that a fresh cache ignores it (saying `reason`, when given), rebuilds,
  /// and leaves a good file behind.
  void expectRebuiltAfterDamage(
      const std::function<void(const std::string &path)> &damage,
      llvm::StringRef what, llvm::StringRef reason = {}) {
    SCOPED_TRACE(what.str());
    TempDir dir;
    std::string path = populate(dir.path);
    ASSERT_FALSE(path.empty());
    damage(path);

    CompileCache cache(dir.path);
    JitStats stats;
    std::unique_ptr<Executable> executable = compileAndCheck(cache, &stats);
    ASSERT_TRUE(executable);
    EXPECT_FALSE(executable->isFromCache());
    CompileCacheStats cacheStats = cache.stats();
    EXPECT_EQ(cacheStats.rejectedEntries, 1u);
    EXPECT_EQ(cacheStats.diskHits, 0u);
    EXPECT_EQ(cacheStats.misses, 1u);
    EXPECT_EQ(cacheStats.diskWrites, 1u);
    EXPECT_EQ(stats.codegens, 1u);
    EXPECT_FALSE(cache.lastRejection().empty());
    EXPECT_NE(cache.lastRejection().find(reason.str()), std::string::npos)
        << cache.lastRejection();

    // The rebuilt file is good again.
    CompileCache again(dir.path);
    ASSERT_TRUE(compileAndCheck(again));
    EXPECT_EQ(again.stats().diskHits, 1u);
    EXPECT_EQ(again.stats().rejectedEntries, 0u);
  }
};

} // namespace testing
} // namespace runtime
} // namespace tnp

#endif // TNP_TEST_UNIT_RUNTIME_COMPILECACHETESTSUPPORT_H
