//===- HostAllocator.cpp - a bounded cache of tnp's host blocks -----------===//

#include "runtime/HostAllocator.h"

#include "runtime/CachePolicy.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>

#include <sys/mman.h>

using namespace tnp::runtime;

HostAllocator &HostAllocator::process() {
  static HostAllocator *allocator = new HostAllocator(hostCacheLimit());
  return *allocator;
}

HostAllocator::HostAllocator(size_t limitBytes) : limitBytes(limitBytes) {}

HostAllocator::~HostAllocator() { trim(); }

int HostAllocator::sizeClass(size_t bytes) {
  // Past 2^62 bytes a class size would not fit; no such block exists.
  if (bytes > (size_t(1) << 62))
    return -1;
  bytes = std::max(bytes, kAlignment);
  int log = llvm::Log2_64(bytes);
  size_t base = size_t(1) << log, step = base / kStepsPerDoubling;
  size_t steps = (bytes - base + step - 1) / step;
  return log * kStepsPerDoubling + static_cast<int>(steps);
}

size_t HostAllocator::classBytes(int sizeClass) {
  size_t base = size_t(1) << (sizeClass / kStepsPerDoubling);
  return base + sizeClass % kStepsPerDoubling * (base / kStepsPerDoubling);
}

/// Blocks from this size on are asked to be backed by 2 MiB pages, as
/// NumPy asks for arrays of 4 MiB or more: a float32 multiply of 2^22
/// elements streamed 1.4 ms over huge pages and 2.2 ms over 4 KiB ones (TLB
/// misses), where transparent huge pages are on "madvise".
constexpr size_t kHugePageBlock = size_t(4) << 20;
constexpr size_t kHugePage = size_t(2) << 20;

/// A block from the system, or nullptr.
static void *systemAllocate(size_t bytes) {
  void *block = nullptr;
  bool huge = bytes >= kHugePageBlock;
  // posix_memalign reports failure instead of calling a new-handler, so an
  // absurd size from user input is an error, not an abort.
  if (::posix_memalign(&block, huge ? kHugePage : HostAllocator::kAlignment,
                       bytes) != 0)
    return nullptr;
#ifdef MADV_HUGEPAGE
  // Advice only: where huge pages are off, the block keeps small ones.
  if (huge)
    (void)::madvise(block, bytes / kHugePage * kHugePage, MADV_HUGEPAGE);
#endif
  return block;
}

void *HostAllocator::allocate(size_t bytes) {
  int c = sizeClass(bytes);
  if (c < 0)
    return systemAllocate(bytes);
  {
    std::lock_guard<std::mutex> lock(mutex);
    std::deque<Cached> &list = freeLists[c];
    if (!list.empty()) {
      void *block = list.back().block;
      list.pop_back();
      --counts.cachedBlocks;
      counts.cachedBytes -= classBytes(c);
      ++counts.hits;
      return block;
    }
    ++counts.misses;
  }
  if (void *block = systemAllocate(classBytes(c)))
    return block;
  // What the cache holds may be what the system lacks.
  trim();
  return systemAllocate(classBytes(c));
}

void HostAllocator::release(void *block, size_t bytes) {
  int c = sizeClass(bytes);
  if (c >= 0 && classBytes(c) <= limitBytes) {
    std::lock_guard<std::mutex> lock(mutex);
    while (counts.cachedBytes + classBytes(c) > limitBytes)
      evictOldest();
    freeLists[c].push_back({block, releases++});
    ++counts.cachedBlocks;
    counts.cachedBytes += classBytes(c);
    return;
  }
  if (c >= 0) {
    std::lock_guard<std::mutex> lock(mutex);
    ++counts.returned;
  }
  ::free(block);
}

void HostAllocator::evictOldest() {
  std::deque<Cached> *oldest = nullptr;
  int oldestClass = 0;
  for (int c = 0; c < static_cast<int>(freeLists.size()); ++c)
    if (!freeLists[c].empty() &&
        (!oldest || freeLists[c].front().released < oldest->front().released)) {
      oldest = &freeLists[c];
      oldestClass = c;
    }
  ::free(oldest->front().block);
  oldest->pop_front();
  --counts.cachedBlocks;
  counts.cachedBytes -= classBytes(oldestClass);
  ++counts.returned;
}

void HostAllocator::trim() {
  std::lock_guard<std::mutex> lock(mutex);
  for (std::deque<Cached> &list : freeLists) {
    for (const Cached &cached : list)
      ::free(cached.block);
    list.clear();
    list.shrink_to_fit();
  }
  counts.cachedBlocks = counts.cachedBytes = 0;
}

HostAllocator::Stats HostAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return counts;
}

namespace {

/// Compiled code frees a buffer by its pointer alone: its block's size is
/// kept in the kAlignment bytes in front of it.
constexpr size_t kHeader = HostAllocator::kAlignment;

/// Small blocks compiled code freed, kept by the thread that freed them for
/// its next allocation of the same size, without the allocator's lock: a
/// parallel loop's chunks each allocate their private rows
/// (tnp-privatize-rows; a traced softmax of 256 rows, 64 chunks of 5
/// buffers a call), and all went through the one mutex from every thread.
/// At most kSlots blocks of kMaxBytes each per thread, none where the
/// process's cache holds nothing (TNP_HOST_CACHE_MB=0: sanitizer runs, so
/// that every free reaches the system); the rest, and a thread's blocks
/// when it ends, go to the process's allocator.
class ThreadBlocks {
public:
  static constexpr size_t kMaxBytes = size_t(16) << 10;
  static constexpr int kSlots = 32;

  /// A kept block of exactly `bytes`, or null.
  void *take(size_t bytes) {
    for (int i = used - 1; i >= 0; --i)
      if (slots[i].bytes == bytes) {
        void *block = slots[i].block;
        slots[i] = slots[--used];
        return block;
      }
    return nullptr;
  }

  /// Whether `block` (of `bytes`) is kept for this thread.
  bool keep(void *block, size_t bytes) {
    if (bytes > kMaxBytes || used == kSlots ||
        HostAllocator::process().limit() == 0)
      return false;
    slots[used++] = {bytes, block};
    return true;
  }

  ~ThreadBlocks() {
    for (int i = 0; i < used; ++i)
      HostAllocator::process().release(slots[i].block, slots[i].bytes);
  }

private:
  struct Slot {
    size_t bytes;
    void *block;
  };
  std::array<Slot, kSlots> slots;
  int used = 0;
};

thread_local ThreadBlocks threadBlocks;

void *allocateForCompiledCode(int64_t bytes) {
  if (bytes < 0)
    return nullptr;
  size_t total = static_cast<size_t>(bytes) + kHeader;
  auto *block = static_cast<char *>(threadBlocks.take(total));
  if (!block)
    block = static_cast<char *>(HostAllocator::process().allocate(total));
  if (!block)
    return nullptr;
  *reinterpret_cast<size_t *>(block) = total;
  return block + kHeader;
}

void freeForCompiledCode(void *buffer) {
  if (!buffer)
    return;
  char *block = static_cast<char *>(buffer) - kHeader;
  size_t total = *reinterpret_cast<size_t *>(block);
  if (!threadBlocks.keep(block, total))
    HostAllocator::process().release(block, total);
}

} // namespace

std::vector<std::pair<std::string, void *>>
tnp::runtime::compiledCodeAllocatorSymbols() {
  return {{"_mlir_memref_to_llvm_alloc",
           reinterpret_cast<void *>(&allocateForCompiledCode)},
          {"_mlir_memref_to_llvm_free",
           reinterpret_cast<void *>(&freeForCompiledCode)}};
}
