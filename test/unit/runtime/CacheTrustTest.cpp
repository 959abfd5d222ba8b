//===- CacheTrustTest.cpp - What the compile cache reads and runs ---------===//
//
// The disk cache holds code a later process runs. These tests damage it as a
// careless or hostile user would and check that every damage is a miss and a
// rebuild: no hang on special files, no unbounded read, no code from a
// directory or file another user may write, no entry loaded for a key it was
// not written for.
//
//===----------------------------------------------------------------------===//

#include "CompileCacheTestSupport.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tnp::runtime;
using namespace tnp::runtime::testing;

namespace {

/// A user id that is not this process's, for files of "another user".
constexpr uid_t kOtherUser = 65534;

/// The permission bits of `path` (not following a link).
unsigned modeOf(const std::string &path) {
  struct stat st;
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

/// Removes the file at `path` and puts `make(path)` in its place.
std::function<void(const std::string &)>
replacedBy(std::function<int(const char *)> make) {
  return [make](const std::string &path) {
    ASSERT_EQ(::unlink(path.c_str()), 0) << path;
    ASSERT_EQ(make(path.c_str()), 0) << path << ": " << std::strerror(errno);
  };
}

/// Two modules whose `add` has the same name and signature.
class CacheTrustTest : public CompileCacheTest {
protected:
  mlir::OwningOpRef<mlir::ModuleOp> sumModule = parse(kArithmeticModule);
  mlir::OwningOpRef<mlir::ModuleOp> differenceModule = parse(kDifferenceModule);

  /// Both modules, compiled by `engine`; nulls (and a failure) on errors.
  std::pair<std::unique_ptr<Executable>, std::unique_ptr<Executable>>
  compileBoth(JitEngine &engine) {
    std::unique_ptr<Executable> sum = take(engine.compile(*sumModule));
    std::unique_ptr<Executable> difference =
        take(engine.compile(*differenceModule));
    return {std::move(sum), std::move(difference)};
  }
};

TEST_F(CacheTrustTest, SpecialFilesAreMissesThatNeverBlock) {
  // Opening a FIFO for reading would wait for a writer, reading /dev/zero
  // would never end: both must be refused before any read.
  expectRebuiltAfterDamage(
      replacedBy([](const char *p) { return ::mkfifo(p, 0600); }), "FIFO",
      "not a regular file");
  expectRebuiltAfterDamage(
      replacedBy([](const char *p) { return ::symlink("/dev/zero", p); }),
      "symlink to /dev/zero", "a symbolic link");
  expectRebuiltAfterDamage(
      replacedBy([](const char *p) { return ::symlink(p, p); }), "symlink loop",
      "a symbolic link");
  // Even a link to a good copy of the entry: links are never followed.
  TempDir elsewhere;
  expectRebuiltAfterDamage(
      [&](const std::string &path) {
        std::string copy = elsewhere.path + "/copy.tnpo";
        writeFile(copy, readFile(path));
        ASSERT_EQ(::unlink(path.c_str()), 0);
        ASSERT_EQ(::symlink(copy.c_str(), path.c_str()), 0);
      },
      "symlink to a valid copy", "a symbolic link");
}

TEST_F(CacheTrustTest, DirectoryInPlaceOfAnEntryIsAMiss) {
  TempDir dir;
  std::string path = populate(dir.path);
  ASSERT_FALSE(path.empty());
  ASSERT_EQ(::unlink(path.c_str()), 0);
  ASSERT_EQ(::mkdir(path.c_str(), 0700), 0);
  writeFile(path + "/inside", "keeps the directory from being replaced");

  CompileCache cache(dir.path);
  JitStats stats;
  std::unique_ptr<Executable> executable = compileAndCheck(cache, &stats);
  ASSERT_TRUE(executable);
  EXPECT_FALSE(executable->isFromCache());
  EXPECT_EQ(cache.stats().rejectedEntries, 1u);
  EXPECT_NE(cache.lastRejection().find("not a regular file"), std::string::npos)
      << cache.lastRejection();
  // The object cannot be renamed over a directory: a write failure, and the
  // process goes on.
  EXPECT_EQ(cache.stats().diskWriteFailures, 1u);
  EXPECT_EQ(stats.codegens, 1u);
  EXPECT_TRUE(compileAndCheck(cache));
}

TEST_F(CacheTrustTest, EntriesOthersMayWriteAreMisses) {
  expectRebuiltAfterDamage(
      [](const std::string &path) {
        ASSERT_EQ(::chmod(path.c_str(), 0660), 0);
      },
      "group-writable entry", "writable by group or others (mode 0660)");
  expectRebuiltAfterDamage(
      [](const std::string &path) {
        ASSERT_EQ(::chmod(path.c_str(), 0602), 0);
      },
      "world-writable entry", "writable by group or others (mode 0602)");
  // Only root can give a file to another user; for everyone else the
  // directory test below checks the same rule.
  if (::geteuid() == 0)
    expectRebuiltAfterDamage(
        [](const std::string &path) {
          ASSERT_EQ(::chown(path.c_str(), kOtherUser, kOtherUser), 0);
        },
        "entry of another user", "owned by uid 65534");
}

/// Checks that a cache over `directory` keeps to memory, saying `reason`.
void expectMemoryOnly(CompileCache &cache, llvm::StringRef reason) {
  EXPECT_FALSE(cache.isDiskEnabled());
  EXPECT_EQ(cache.directory(), "");
  EXPECT_EQ(cache.pathFor(CacheKey()), "");
  EXPECT_NE(cache.diskStatus().find("not using cache directory"),
            std::string::npos)
      << cache.diskStatus();
  EXPECT_NE(cache.diskStatus().find(reason.str()), std::string::npos)
      << cache.diskStatus();
}

TEST_F(CacheTrustTest, DirectoryOthersMayWriteKeepsTheCacheInMemory) {
  for (unsigned mode : {0770u, 0707u, 01777u}) {
    SCOPED_TRACE(mode);
    TempDir dir;
    ASSERT_EQ(::chmod(dir.path.c_str(), mode), 0);
    CompileCache cache(dir.path);
    expectMemoryOnly(cache, "writable by group or others");
    ASSERT_TRUE(compileAndCheck(cache));
    ASSERT_TRUE(compileAndCheck(cache));
    EXPECT_EQ(cache.stats().memoryHits, 1u);
    EXPECT_EQ(cache.stats().diskWrites, 0u);
    std::error_code ec;
    EXPECT_TRUE(llvm::sys::fs::directory_iterator(dir.path, ec) ==
                llvm::sys::fs::directory_iterator())
        << "wrote into an untrusted directory";
  }
}

TEST_F(CacheTrustTest, DirectoryOfAnotherUserKeepsTheCacheInMemory) {
  // Root gives a directory away; anyone else finds one that is not theirs.
  TempDir dir;
  std::string other = "/";
  if (::geteuid() == 0) {
    ASSERT_EQ(::chown(dir.path.c_str(), kOtherUser, kOtherUser), 0);
    other = dir.path;
  }
  CompileCache cache(other);
  expectMemoryOnly(cache, "owned by uid");
  ASSERT_TRUE(compileAndCheck(cache));
  EXPECT_EQ(cache.stats().diskWrites, 0u);
}

TEST_F(CacheTrustTest, NewDirectoriesAndEntriesArePrivateWhateverTheUmask) {
  TempDir dir;
  mode_t saved = ::umask(0);
  std::string nested = dir.path + "/a/b";
  CompileCache cache(nested);
  std::unique_ptr<Executable> executable = compileAndCheck(cache);
  ::umask(saved);
  ASSERT_TRUE(cache.isDiskEnabled()) << cache.diskStatus();
  ASSERT_TRUE(executable);
  EXPECT_EQ(modeOf(dir.path + "/a"), 0700u);
  EXPECT_EQ(modeOf(nested), 0700u);
  EXPECT_EQ(modeOf(cache.pathFor(executable->key())), 0600u);
}

TEST_F(CacheTrustTest, SwappedEntriesAreMisses) {
  TempDir dir;
  std::string sumPath, differencePath;
  {
    CompileCache cache(dir.path);
    std::unique_ptr<JitEngine> engine = engineWith(cache);
    ASSERT_TRUE(engine);
    auto [sum, difference] = compileBoth(*engine);
    ASSERT_TRUE(sum && difference);
    sumPath = cache.pathFor(sum->key());
    differencePath = cache.pathFor(difference->key());
  }
  std::string swap = dir.path + "/swap";
  ASSERT_EQ(::rename(sumPath.c_str(), swap.c_str()), 0);
  ASSERT_EQ(::rename(differencePath.c_str(), sumPath.c_str()), 0);
  ASSERT_EQ(::rename(swap.c_str(), differencePath.c_str()), 0);

  CompileCache cache(dir.path);
  std::unique_ptr<JitEngine> engine = engineWith(cache);
  ASSERT_TRUE(engine);
  auto [sum, difference] = compileBoth(*engine);
  ASSERT_TRUE(sum && difference);
  EXPECT_EQ(callAdd(*sum, 10, 3), 13);
  EXPECT_EQ(callAdd(*difference, 10, 3), 7);
  EXPECT_EQ(cache.stats().rejectedEntries, 2u);
  EXPECT_NE(cache.lastRejection().find("stored under another key"),
            std::string::npos)
      << cache.lastRejection();
  EXPECT_EQ(engine->stats().codegens, 2u);
}

TEST_F(CacheTrustTest, ZeroFilledAndOversizedEntriesAreMisses) {
  expectRebuiltAfter([](std::string &c) { c.assign(c.size(), '\0'); },
                     "zero-filled");
  // A header may not make a reader allocate or wait for more than the limit.
  expectRebuiltAfterDamage(
      [](const std::string &path) {
        std::string contents = readFile(path);
        llvm::support::endian::write64le(&contents[48], uint64_t(1) << 40);
        writeFile(path, contents);
      },
      "header declaring 2^40 bytes", "over the limit");
}

/// A source entry naming `object` (its key and the digest of `bytes`) and
/// `functions`, as `JitEngine::rememberSource` writes it.
std::string sourceEntry(const CacheKey &object, llvm::StringRef bytes,
                        llvm::StringRef functions) {
  return "tnp-source-v2\n" + object.hex() + "\n" +
         CacheKey::ofContents(bytes).hex() + "\n" + functions.str();
}

TEST_F(CacheTrustTest, RememberedSourceIsBoundToItsObject) {
  TempDir dir;
  CompileCache cache(dir.path);
  std::unique_ptr<JitEngine> engine = engineWith(cache);
  ASSERT_TRUE(engine);
  auto [sum, difference] = compileBoth(*engine);
  ASSERT_TRUE(sum && difference);
  std::string sumBytes = cache.lookup(sum->key())->getBuffer().str();
  std::string differenceBytes =
      cache.lookup(difference->key())->getBuffer().str();
  CacheKey source = engine->sourceKeyFor("the source of the sum");

  auto expectDropped = [&](llvm::StringRef entry, llvm::StringRef what) {
    SCOPED_TRACE(what.str());
    cache.store(source, entry);
    cache.clearMemory();
    EXPECT_EQ(engine->loadSource(source), nullptr);
    EXPECT_EQ(cache.lookup(source), nullptr) << "the entry was kept";
  };
  expectDropped(sourceEntry(sum->key(), sumBytes, ""), "no function");
  expectDropped(sourceEntry(sum->key(), sumBytes, "add\n\nscale"),
                "an empty function name");
  expectDropped(sourceEntry(sum->key(), sumBytes, "add\nadd"),
                "a function twice");
  expectDropped("tnp-source-v2\n" + sum->key().hex() + "\nadd\nscale",
                "no digest");
  expectDropped("tnp-source-v1\n" + sum->key().hex() + "\nadd\nscale",
                "the first format");
  // Pointing at another valid object: its digest differs from the one
  // recorded, or, with its own digest, it lacks a listed function.
  expectDropped(sourceEntry(difference->key(), sumBytes, "add\nscale"),
                "redirected to another object");
  expectDropped(sourceEntry(difference->key(), differenceBytes, "add\nscale"),
                "redirected with the other object's digest");

  // The sum's object replaced by the difference's under a valid header and
  // checksum: the source entry notices; compiling the module again loads it,
  // finds no `scale`, and rebuilds.
  engine->rememberSource(source, *sum);
  cache.store(sum->key(), differenceBytes);
  cache.clearMemory();
  EXPECT_EQ(engine->loadSource(source), nullptr);
  std::unique_ptr<Executable> rebuilt = take(engine->compile(*sumModule));
  ASSERT_TRUE(rebuilt);
  EXPECT_FALSE(rebuilt->isFromCache());
  EXPECT_EQ(callAdd(*rebuilt, 10, 3), 13);
  EXPECT_EQ(engine->stats().cachedLoadFailures, 1u);

  // And the entry written for the rebuilt object loads.
  engine->rememberSource(source, *rebuilt);
  cache.clearMemory();
  std::unique_ptr<Executable> loaded = engine->loadSource(source);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(callAdd(*loaded, 10, 3), 13);
}

} // namespace
