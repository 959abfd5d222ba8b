//===- LruCache.cpp - the in-memory caches' capacity ----------------------===//

#include "runtime/LruCache.h"

#include <cstdlib>
#include <string>

size_t tnp::runtime::memoryCacheCapacity() {
  static const size_t capacity = [] {
    const char *text = std::getenv("TNP_MEMORY_CACHE_ENTRIES");
    if (!text)
      return size_t(512);
    char *end = nullptr;
    unsigned long long n = std::strtoull(text, &end, 10);
    if (end == text || *end || n == 0 || text[0] == '-')
      return size_t(512);
    return static_cast<size_t>(n);
  }();
  return capacity;
}
