//===- VectorSort.h - an AVX-512 sort of 32-bit keys ------------*- C++ -*-===//
//
// The row sort's fast path for rows of 32-bit keys of moderate length:
// blocks of up to 256 keys sorted in sixteen AVX-512 registers by bitonic
// networks, then merged pairwise, sixteen keys at a time. It is not
// stable, which only a sort of bare keys may be: equal keys are the same
// bits. Machines without AVX-512 (and lengths where the radix sort wins)
// keep the radix sort.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_VECTORSORT_H
#define TNP_RUNTIME_VECTORSORT_H

#include <cstdint>

namespace tnp::runtime {

/// Rows longer than this are radix-sorted: past it the merge passes cost
/// more than the radix sort's four.
inline constexpr int64_t kVectorSortMax = int64_t(1) << 14;

/// Whether vectorSortKeys sorts `n` keys: the CPU has AVX-512, n is at
/// most kVectorSortMax, and the vector sort has not been turned off.
bool vectorSortsKeys(int64_t n);

/// How many keys each buffer of vectorSortKeys(n) must have room for: n
/// and the padding.
int64_t vectorSortRoom(int64_t n);

/// Sorts the `n` keys in `keys` ascending, `tmp` being the second buffer
/// the merges need, and returns the buffer that holds them sorted (keys or
/// tmp). Only where vectorSortsKeys(n).
const uint32_t *vectorSortKeys(uint32_t *keys, uint32_t *tmp, int64_t n);

/// Turns the vector sort off (or back on) for the process, so that tests
/// and benchmarks reach the radix sort on any CPU. Not for concurrent use
/// with sorts.
void setVectorSortEnabled(bool enabled);

} // namespace tnp::runtime

#endif // TNP_RUNTIME_VECTORSORT_H
