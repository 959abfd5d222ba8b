//===- CachePolicy.cpp - the caches' limits from the environment ----------===//

#include "runtime/CachePolicy.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace {
/// $name as an integer of at least `least` (0 or 1), or `fallback`.
uint64_t fromEnvironment(const char *name, uint64_t fallback,
                         uint64_t least = 1) {
  const char *text = std::getenv(name);
  if (!text || text[0] < '0' || text[0] > '9')
    return fallback;
  char *end = nullptr;
  unsigned long long n = std::strtoull(text, &end, 10);
  return *end || n < least ? fallback : n;
}

/// `mib` MiB in bytes, at most 2^40 MiB so that they fit.
uint64_t mebibytes(uint64_t mib) {
  return std::min<uint64_t>(mib, uint64_t(1) << 40) << 20;
}
} // namespace

size_t tnp::runtime::memoryCacheCapacity() {
  static const size_t capacity =
      fromEnvironment("TNP_MEMORY_CACHE_ENTRIES", 512);
  return capacity;
}

uint64_t tnp::runtime::diskCacheLimit() {
  static const uint64_t limit =
      mebibytes(fromEnvironment("TNP_CACHE_DISK_MB", 1024));
  return limit;
}

size_t tnp::runtime::hostCacheLimit() {
  static const size_t limit =
      mebibytes(fromEnvironment("TNP_HOST_CACHE_MB", 256, /*least=*/0));
  return limit;
}
