//===- CachePolicy.h - how much compiled code is kept -----------*- C++ -*-===//
//
// Every in-memory cache of compiled code (eager kernels, traces, derivative
// functions, objects) keeps at most `memoryCacheCapacity()` entries and
// evicts the least recently used past it, so a process that sees ever new
// shapes or functions stays bounded; the disk cache keeps at most
// `diskCacheLimit()` bytes, least recently used files removed first; freed
// host buffers kept for reuse take at most `hostCacheLimit()` bytes
// (docs/runtime.md, "Cache limits").
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_CACHEPOLICY_H
#define TNP_RUNTIME_CACHEPOLICY_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <unordered_map>
#include <utility>

namespace tnp::runtime {

/// Entries each in-memory cache keeps: $TNP_MEMORY_CACHE_ENTRIES if it is a
/// positive integer, else 512. Read once.
size_t memoryCacheCapacity();

/// Bytes of object files the disk cache keeps: $TNP_CACHE_DISK_MB MiB if it
/// is a positive integer, else 1024 MiB. Read once.
uint64_t diskCacheLimit();

/// Bytes of freed host buffers the HostAllocator keeps for reuse:
/// $TNP_HOST_CACHE_MB MiB if it is a non-negative integer (0: none), else
/// 256 MiB. Read once.
size_t hostCacheLimit();

/// A map that keeps its `capacity` most recently used entries. Not
/// thread-safe: its owner locks. Values are evicted (destroyed) by `insert`;
/// share ownership (std::shared_ptr) of what a caller may still be using.
template <typename Key, typename Value, typename Hash = std::hash<Key>>
class LruCache {
public:
  explicit LruCache(size_t capacity = memoryCacheCapacity())
      : limit(capacity ? capacity : 1) {}

  /// The value under `key`, now the most recently used, or null.
  Value *find(const Key &key) {
    auto it = index.find(key);
    if (it == index.end())
      return nullptr;
    order.splice(order.begin(), order, it->second);
    return &it->second->second;
  }

  /// Stores `value` under `key` (replacing any), as the most recently used,
  /// and evicts the least recently used entry past the capacity.
  Value &insert(const Key &key, Value value) {
    if (Value *old = find(key)) {
      *old = std::move(value);
      return *old;
    }
    order.emplace_front(key, std::move(value));
    index.emplace(key, order.begin());
    if (order.size() > limit) {
      index.erase(order.back().first);
      order.pop_back();
      ++evicted;
    }
    return order.front().second;
  }

  /// Forgets `key`, if present.
  void erase(const Key &key) {
    auto it = index.find(key);
    if (it == index.end())
      return;
    order.erase(it->second);
    index.erase(it);
  }

  void clear() {
    index.clear();
    order.clear();
  }

  size_t size() const { return order.size(); }
  size_t capacity() const { return limit; }
  /// Entries dropped for the capacity so far.
  uint64_t evictions() const { return evicted; }

private:
  using Order = std::list<std::pair<Key, Value>>;
  size_t limit;
  Order order; // most recently used first
  std::unordered_map<Key, typename Order::iterator, Hash> index;
  uint64_t evicted = 0;
};

} // namespace tnp::runtime

#endif // TNP_RUNTIME_CACHEPOLICY_H
