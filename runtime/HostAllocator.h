//===- HostAllocator.h - a bounded cache of tnp's host blocks ---*- C++ -*-===//
//
// Eager chains allocate and free array-sized temporaries in turn. Handed back
// to the system, a large block is unmapped and the next one mapped and
// faulted in again, zeroed: 10x slower at 2^20 elements. This allocator keeps
// freed blocks of tnp's own buffers in size-class free lists for the next
// allocation, up to a byte limit (hostCacheLimit()); past it, the blocks
// released longest ago go back to the system first, so that the cache
// follows what the program allocates now (blocks of a finished setup's
// sizes no longer crowd out the loop's). Small blocks too: every eager op
// allocates its result, and an aligned allocation from the system leaves
// fragments that cost the next ones about 40 ns. Blocks of 4 MiB or more are
// aligned to 2 MiB and advised to use huge pages, as NumPy's large arrays
// are. The host process's allocator settings are left as they are.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_HOSTALLOCATOR_H
#define TNP_RUNTIME_HOSTALLOCATOR_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tnp::runtime {

class HostAllocator {
public:
  /// Alignment of every block: one cache line, and the widest vector
  /// register (AVX-512) the CPU code generator emits.
  static constexpr size_t kAlignment = 64;

  /// The allocator behind runtime::Buffer, limited to hostCacheLimit().
  /// Never destroyed, so buffers that outlive static destructors can still
  /// be freed.
  static HostAllocator &process();

  explicit HostAllocator(size_t limitBytes);
  ~HostAllocator();
  HostAllocator(const HostAllocator &) = delete;
  HostAllocator &operator=(const HostAllocator &) = delete;

  /// `bytes` uninitialized bytes aligned to kAlignment, or nullptr when the
  /// system has no memory (even after the cache is returned to it).
  void *allocate(size_t bytes);
  /// Takes back a block from allocate(bytes): cached, the blocks released
  /// longest ago returned to the system while the cache would pass its
  /// limit (the block itself if it alone would).
  void release(void *block, size_t bytes);
  /// Returns every cached block to the system.
  void trim();

  struct Stats {
    /// Blocks held for reuse, and their bytes (size-class sizes).
    size_t cachedBlocks = 0, cachedBytes = 0;
    /// Cacheable allocations served from the cache, and from the system.
    size_t hits = 0, misses = 0;
    /// Blocks that went back to the system past the limit.
    size_t returned = 0;
  };
  Stats stats() const;
  size_t limit() const { return limitBytes; }

private:
  /// Four classes per power of two: a block is at most 25% larger than the
  /// request it serves.
  static constexpr int kStepsPerDoubling = 4;
  /// The class of a request, or -1 for one too large for any (served
  /// directly).
  static int sizeClass(size_t bytes);
  static size_t classBytes(int sizeClass);

  /// A cached block and when it was released (a count of releases).
  struct Cached {
    void *block;
    uint64_t released;
  };
  /// Returns the block released longest ago to the system.
  void evictOldest();

  const size_t limitBytes;
  mutable std::mutex mutex;
  /// Oldest first; allocation takes the newest (still in cache).
  std::array<std::deque<Cached>, 64 * kStepsPerDoubling> freeLists;
  uint64_t releases = 0;
  Stats counts;
};

/// The allocation functions compiled code calls for its temporary buffers
/// (MLIR's memref lowering with use-generic-functions:
/// `_mlir_memref_to_llvm_alloc` and `_mlir_memref_to_llvm_free`), by name
/// for the JIT: blocks of the process's HostAllocator, so that a trace's
/// temporaries are reused from call to call. Through malloc, each 128 KiB
/// temporary was a fresh mmap faulted in page by page (or heap memory
/// trimmed and regrown), and a traced gradient ran 2.6x slower. Blocks of
/// 16 KiB or less that compiled code frees stay with the freeing thread for
/// its next allocation of that size, without the allocator's lock (up to
/// 32 a thread, outside the cache's limit).
std::vector<std::pair<std::string, void *>> compiledCodeAllocatorSymbols();

} // namespace tnp::runtime

#endif // TNP_RUNTIME_HOSTALLOCATOR_H
