//===- VectorSort.cpp - an AVX-512 sort of 32-bit keys --------------------===//
//
// Keys are sorted in a padded copy whose length is a multiple of 16 (the
// padding is the largest key, so it sorts last and is dropped): each block
// of 256 keys in registers (each register sorted by a bitonic network of
// ten compare-exchange stages, then sorted runs of registers merged by
// bitonic merges), then runs merged pairwise, two registers at a time.
// The file is built for the baseline CPU; only functions with the avx512f
// target attribute use AVX-512, and only after the CPU was checked for it.
//
//===----------------------------------------------------------------------===//

#include "runtime/VectorSort.h"

// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32(), which
// -Wmaybe-uninitialized takes for a read of an unset value.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <atomic>
#include <cstring>

using namespace tnp::runtime;

#define TNP_AVX512 __attribute__((target("avx512f"), always_inline)) inline

namespace {

using Vec = __m512i;
constexpr int kLanes = 16;
constexpr int kBlockRegisters = 16;
constexpr uint32_t kPad = ~uint32_t(0);

std::atomic<bool> enabled{true};

bool cpuHasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

/// Lane i's partner in a compare-exchange at distance j is lane i ^ j.
alignas(64) constexpr int32_t kPartner[4][kLanes] = {
    {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14},
    {2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13},
    {4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11},
    {8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7}};
alignas(64) constexpr int32_t kReversed[kLanes] = {
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};

/// The lanes that keep the larger key in the stage of a bitonic sort that
/// builds sorted runs of k lanes by comparing lanes j apart: the upper
/// lane of each pair, in runs that ascend (even runs of k).
constexpr __mmask16 maxLanes(int k, int j) {
  unsigned mask = 0;
  for (int i = 0; i < kLanes; ++i)
    if (((i & j) != 0) != ((i & k) != 0))
      mask |= 1u << i;
  return static_cast<__mmask16>(mask);
}

/// One compare-exchange stage at distance 2^log2j.
template <int Log2j> TNP_AVX512 Vec exchange(Vec v, __mmask16 keepMax) {
  Vec partner = _mm512_permutexvar_epi32(_mm512_load_si512(kPartner[Log2j]), v);
  return _mm512_mask_max_epu32(_mm512_min_epu32(v, partner), keepMax, v,
                               partner);
}

/// Sorts one register's lanes ascending.
TNP_AVX512 Vec sortRegister(Vec v) {
  v = exchange<0>(v, maxLanes(2, 1));
  v = exchange<1>(v, maxLanes(4, 2));
  v = exchange<0>(v, maxLanes(4, 1));
  v = exchange<2>(v, maxLanes(8, 4));
  v = exchange<1>(v, maxLanes(8, 2));
  v = exchange<0>(v, maxLanes(8, 1));
  v = exchange<3>(v, maxLanes(16, 8));
  v = exchange<2>(v, maxLanes(16, 4));
  v = exchange<1>(v, maxLanes(16, 2));
  return exchange<0>(v, maxLanes(16, 1));
}

/// Sorts a register whose lanes are bitonic (rise then fall, or the
/// reverse) ascending: the last four stages of a bitonic merge.
TNP_AVX512 Vec sortBitonicRegister(Vec v) {
  v = exchange<3>(v, maxLanes(32, 8));
  v = exchange<2>(v, maxLanes(32, 4));
  v = exchange<1>(v, maxLanes(32, 2));
  return exchange<0>(v, maxLanes(32, 1));
}

TNP_AVX512 Vec reversed(Vec v) {
  return _mm512_permutexvar_epi32(_mm512_load_si512(kReversed), v);
}

/// Merges the sorted runs r[0, w) and r[w, 2w) of registers into one: the
/// second reversed makes the whole bitonic, then half-cleaners at every
/// distance from w registers down to one lane.
template <int W> TNP_AVX512 void mergeRuns(Vec *r) {
  for (int i = 0; i < W / 2; ++i)
    std::swap(r[W + i], r[2 * W - 1 - i]);
  for (int i = W; i < 2 * W; ++i)
    r[i] = reversed(r[i]);
  for (int d = W; d >= 1; d /= 2)
    for (int i = 0; i < 2 * W; ++i)
      if ((i & d) == 0) {
        Vec low = _mm512_min_epu32(r[i], r[i + d]);
        r[i + d] = _mm512_max_epu32(r[i], r[i + d]);
        r[i] = low;
      }
  for (int i = 0; i < 2 * W; ++i)
    r[i] = sortBitonicRegister(r[i]);
}

/// Sorts the R * 16 keys at `keys` in registers.
template <int R> TNP_AVX512 void sortBlock(uint32_t *keys) {
  Vec r[R];
  for (int i = 0; i < R; ++i)
    r[i] = sortRegister(_mm512_loadu_si512(keys + kLanes * i));
  if constexpr (R >= 2)
    for (int g = 0; g < R; g += 2)
      mergeRuns<1>(r + g);
  if constexpr (R >= 4)
    for (int g = 0; g < R; g += 4)
      mergeRuns<2>(r + g);
  if constexpr (R >= 8)
    for (int g = 0; g < R; g += 8)
      mergeRuns<4>(r + g);
  if constexpr (R >= 16)
    mergeRuns<8>(r);
  for (int i = 0; i < R; ++i)
    _mm512_storeu_si512(keys + kLanes * i, r[i]);
}

/// Sorts `registers` * 16 keys (at most a block), padding the register
/// count to a power of two with the largest key.
TNP_AVX512 void sortShortRun(uint32_t *keys, int registers) {
  if (registers == 1)
    return sortBlock<1>(keys);
  if (registers == 2)
    return sortBlock<2>(keys);
  int padded = registers <= 4 ? 4 : registers <= 8 ? 8 : 16;
  std::fill(keys + kLanes * registers, keys + kLanes * padded, kPad);
  if (padded == 4)
    return sortBlock<4>(keys);
  if (padded == 8)
    return sortBlock<8>(keys);
  sortBlock<16>(keys);
}

/// Merges the sorted runs a (la keys) and b (lb), both multiples of 16
/// and not empty, into out: two registers hold the 32 smallest keys not
/// yet written; the lower 16 go out and the run whose next key is smaller
/// refills.
TNP_AVX512 void mergeTwo(const uint32_t *a, int64_t la, const uint32_t *b,
                         int64_t lb, uint32_t *out) {
  Vec low = _mm512_loadu_si512(a), high = _mm512_loadu_si512(b);
  int64_t ia = kLanes, ib = kLanes;
  for (;;) {
    Vec flipped = reversed(high);
    Vec small = _mm512_min_epu32(low, flipped);
    high = sortBitonicRegister(_mm512_max_epu32(low, flipped));
    _mm512_storeu_si512(out, sortBitonicRegister(small));
    out += kLanes;
    bool fromA;
    if (ia < la && ib < lb)
      fromA = a[ia] <= b[ib];
    else if (ia < la || ib < lb)
      fromA = ia < la;
    else
      break;
    if (fromA) {
      low = _mm512_loadu_si512(a + ia);
      ia += kLanes;
    } else {
      low = _mm512_loadu_si512(b + ib);
      ib += kLanes;
    }
  }
  _mm512_storeu_si512(out, high);
}

__attribute__((target("avx512f"))) const uint32_t *
sortPadded(uint32_t *keys, uint32_t *tmp, int64_t padded) {
  constexpr int64_t kBlock = kLanes * kBlockRegisters;
  for (int64_t start = 0; start < padded; start += kBlock) {
    int64_t length = std::min(kBlock, padded - start);
    if (length == kBlock)
      sortBlock<kBlockRegisters>(keys + start);
    else
      sortShortRun(keys + start, static_cast<int>(length / kLanes));
  }
  uint32_t *src = keys, *dst = tmp;
  for (int64_t run = kBlock; run < padded; run *= 2) {
    for (int64_t start = 0; start < padded; start += 2 * run) {
      int64_t la = std::min(run, padded - start);
      int64_t lb = std::min(run, padded - start - la);
      if (lb == 0)
        std::memcpy(dst + start, src + start, la * sizeof(uint32_t));
      else
        mergeTwo(src + start, la, src + start + la, lb, dst + start);
    }
    std::swap(src, dst);
  }
  return src;
}

} // namespace

bool tnp::runtime::vectorSortsKeys(int64_t n) {
  return n <= kVectorSortMax && cpuHasAvx512() &&
         enabled.load(std::memory_order_relaxed);
}

void tnp::runtime::setVectorSortEnabled(bool on) {
  enabled.store(on, std::memory_order_relaxed);
}

int64_t tnp::runtime::vectorSortRoom(int64_t n) {
  // n rounded up to whole registers, and a short last block's padding up
  // to a power of two registers.
  return (n + kLanes - 1) / kLanes * kLanes + kLanes * kBlockRegisters;
}

const uint32_t *tnp::runtime::vectorSortKeys(uint32_t *keys, uint32_t *tmp,
                                             int64_t n) {
  int64_t padded = (n + kLanes - 1) / kLanes * kLanes;
  std::fill(keys + n, keys + padded, kPad);
  return sortPadded(keys, tmp, padded);
}
