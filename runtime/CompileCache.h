//===- CompileCache.h - In-memory and on-disk cache of object code -*- C++ -*-//
//
// Compiled object files, keyed by what determines them, kept in memory for the
// process and on disk for the next process.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_COMPILECACHE_H
#define TNP_RUNTIME_COMPILECACHE_H

#include "runtime/CachePolicy.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/ObjectCache.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace llvm {
class MemoryBuffer;
class MemoryBufferRef;
class Module;
} // namespace llvm

namespace tnp {
namespace runtime {

/// A 256-bit BLAKE3 digest naming one compiled object.
struct CacheKey {
  std::array<uint8_t, 32> bytes{};

  /// Hashes the parts that determine an object: the module's IR text, the
  /// target (triple, CPU, features, code generation options) and the compiler
  /// version. Parts are length-prefixed, so moving text between them changes
  /// the key.
  static CacheKey compute(llvm::StringRef irText, llvm::StringRef target,
                          llvm::StringRef version);

  /// The BLAKE3 digest of `bytes`, e.g. of a cached object, so that a
  /// reference to it can check that it found the same bytes.
  static CacheKey ofContents(llvm::StringRef bytes);

  /// 64 lowercase hex digits: the file name on disk and the identifier of the
  /// llvm::Module the object is compiled from.
  std::string hex() const;

  /// Parses `hex()`'s output; std::nullopt for anything else.
  static std::optional<CacheKey> fromHex(llvm::StringRef hex);

  bool operator==(const CacheKey &other) const { return bytes == other.bytes; }
  bool operator!=(const CacheKey &other) const { return bytes != other.bytes; }
};

/// Counters for tests and benchmarks; each event counts once.
struct CompileCacheStats {
  /// `lookup` found the object in memory.
  uint64_t memoryHits = 0;
  /// `lookup` found a valid file on disk (and kept it in memory).
  uint64_t diskHits = 0;
  /// `lookup` found it in the installed directory (and kept it in memory).
  uint64_t installedHits = 0;
  /// `lookup` found nothing usable: the caller compiles.
  uint64_t misses = 0;
  /// Objects added with `store` or `notifyObjectCompiled`.
  uint64_t stores = 0;
  /// Files written to disk.
  uint64_t diskWrites = 0;
  /// Files that could not be written (the cache still works in memory).
  uint64_t diskWriteFailures = 0;
  /// Files found but ignored: no regular file of this user's, or writable by
  /// others, truncated, corrupt, another format version or another key. They
  /// are replaced when the object is stored again.
  uint64_t rejectedEntries = 0;
  /// Entries dropped with `evict`, e.g. an object that failed to load.
  uint64_t evictions = 0;
  /// Objects the memory level dropped for its capacity (CachePolicy.h); they
  /// stay on disk.
  uint64_t memoryEvictions = 0;
  /// Files removed to keep the directory under its size limit.
  uint64_t diskEvictions = 0;
  /// Temporary files of writers that died mid-write, removed.
  uint64_t staleTemporaries = 0;
};

/// Object code cache in two levels: memory (this process) and a directory
/// shared by processes. JitEngine calls `lookup` before it even translates a
/// module to LLVM IR, so a hit costs no translation, optimization or code
/// generation, and `store` after code generation. It is also an
/// llvm::ObjectCache, for LLVM's own compilers.
///
/// Files are `<directory>/<key hex>.tnpo`: a 64-byte header (magic, format
/// version, key, payload size, payload checksum) and the object. They are
/// written to a temporary file and renamed into place, so readers see whole
/// files only; a file that fails any check is ignored and rebuilt. Problems
/// with the directory never fail a compilation: they disable the disk level
/// and are reported by `diskStatus()`.
///
/// The directory holds code that later processes run, so it is trusted like
/// the user's own files and no further (docs/runtime.md): it is used only if
/// it belongs to this user and no one else may write to it (it is created
/// 0700), and a file is read only if it is a regular file with the same
/// owner and permissions, opened without following links or blocking, and
/// only as far as its header declares (at most `kMaxPayloadSize` bytes).
///
/// All methods are thread-safe.
class CompileCache : public llvm::ObjectCache {
public:
  /// The directory used when none is given: $TNP_CACHE_DIR, else
  /// $XDG_CACHE_HOME/tnp, else $HOME/.cache/tnp; empty if none is set.
  static std::string defaultDirectory();

  /// A cache over `directory`; std::nullopt means `defaultDirectory()`, an
  /// empty string keeps the cache in memory only.
  explicit CompileCache(std::optional<std::string> directory = std::nullopt);
  ~CompileCache() override;

  /// Moves the disk level to `directory` (empty: memory only). Creates the
  /// directory (0700) if needed; when that fails, or the directory is another
  /// user's or writable by group or others, the disk level is off (see
  /// `diskStatus()`). The memory level is kept.
  void setDirectory(llvm::StringRef directory);

  /// Adds `directory` as a read-only level after the user's: objects
  /// installed with tnp (its precompiled kernels, tools/tnp-precompile), so
  /// that a new user's first calls do not compile. Used only if it exists,
  /// belongs to this user or root and no one else may write to it; its
  /// files are read under the same rules (root's allowed) and never
  /// written, trimmed or removed. Empty: none.
  void setInstalledDirectory(llvm::StringRef directory);
  /// The installed directory in use, empty when none.
  std::string installedDirectory() const;

  /// The directory in use, empty when the disk level is off.
  std::string directory() const;
  /// Whether objects are read from and written to disk.
  bool isDiskEnabled() const;
  /// Why the disk level is off or the last disk write failed; empty when all
  /// is well.
  std::string diskStatus() const;
  /// Why the last rejected file was ignored (see `rejectedEntries`).
  std::string lastRejection() const;

  /// The object stored under `key`, from memory or disk, or null. The returned
  /// buffer is a copy owned by the caller.
  std::unique_ptr<llvm::MemoryBuffer> lookup(const CacheKey &key);

  /// Keeps a copy of `object` in memory and, when enabled, on disk.
  void store(const CacheKey &key, llvm::StringRef object);

  /// Forgets `key` in memory and removes its file: for an object that was
  /// found but could not be loaded.
  void evict(const CacheKey &key);

  /// The most bytes of object files the directory keeps (default
  /// `diskCacheLimit()`). Past it, a write removes the files used least
  /// recently (a read marks a file used) until they take three quarters of
  /// it; temporaries older than `kStaleTemporary` go too. Other processes'
  /// writes count from this process's next scan of the directory.
  void setDiskLimit(uint64_t bytes);

  /// Drops the memory level (files stay): lets tests simulate a new process.
  void clearMemory();

  /// The path of `key`'s file, whether or not it exists; empty when the disk
  /// level is off.
  std::string pathFor(const CacheKey &key) const;

  CompileCacheStats stats() const;
  void resetStats();

  /// llvm::ObjectCache, for LLVM's compilers (orc::SimpleCompiler, MCJIT):
  /// `lookup` and `store` under the key whose `hex()` is `m`'s identifier;
  /// modules with another identifier are neither found nor stored.
  void notifyObjectCompiled(const llvm::Module *m,
                            llvm::MemoryBufferRef object) override;
  std::unique_ptr<llvm::MemoryBuffer> getObject(const llvm::Module *m) override;

  /// File format version written in the header; files of another version are
  /// ignored.
  static constexpr uint32_t kFormatVersion = 1;
  /// Size of the file header in bytes.
  static constexpr size_t kHeaderSize = 64;
  /// Largest payload read: far above any object tnp writes, low enough that
  /// a damaged header cannot make a reader allocate much.
  static constexpr uint64_t kMaxPayloadSize = uint64_t(256) << 20;
  /// A temporary file this old belongs to a writer that died.
  static constexpr std::chrono::minutes kStaleTemporary{10};

private:
  /// `key`'s file in `directory` (the user's, or the installed one), or
  /// null; a file that fails a check counts as rejected.
  std::unique_ptr<llvm::MemoryBuffer>
  readFile(llvm::StringRef directory, const CacheKey &key, bool installed);
  void writeFile(const CacheKey &key, llvm::StringRef object);
  /// Accounts `written` bytes and, past the limit (or on the first write),
  /// scans the directory: removes stale temporaries and the least recently
  /// used files.
  void trimDisk(uint64_t written);

  mutable std::mutex mutex;
  LruCache<std::string, std::unique_ptr<llvm::MemoryBuffer>> memory;
  uint64_t memoryEvictionsAtReset = 0;
  uint64_t diskLimit = diskCacheLimit();
  /// The directory's object bytes as of the last scan plus what this
  /// process wrote since; unknown before the first write.
  std::optional<uint64_t> diskBytes;
  std::string dir;
  std::string installedDir;
  std::string status;
  std::string rejection;
  CompileCacheStats counters;
};

} // namespace runtime
} // namespace tnp

#endif // TNP_RUNTIME_COMPILECACHE_H
