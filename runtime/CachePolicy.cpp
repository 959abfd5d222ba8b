//===- CachePolicy.cpp - the caches' limits from the environment ----------===//

#include "runtime/CachePolicy.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace {
/// $name as a positive integer, or `fallback`.
uint64_t positiveFromEnvironment(const char *name, uint64_t fallback) {
  const char *text = std::getenv(name);
  if (!text || text[0] < '0' || text[0] > '9')
    return fallback;
  char *end = nullptr;
  unsigned long long n = std::strtoull(text, &end, 10);
  return *end || n == 0 ? fallback : n;
}
} // namespace

size_t tnp::runtime::memoryCacheCapacity() {
  static const size_t capacity =
      positiveFromEnvironment("TNP_MEMORY_CACHE_ENTRIES", 512);
  return capacity;
}

uint64_t tnp::runtime::diskCacheLimit() {
  // At most 2^40 MiB, so the bytes fit.
  static const uint64_t limit =
      std::min<uint64_t>(positiveFromEnvironment("TNP_CACHE_DISK_MB", 1024),
                         uint64_t(1) << 40)
      << 20;
  return limit;
}
