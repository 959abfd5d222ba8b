//===- StridedCopyTest.cpp - Tests of runtime/StridedCopy -----------------===//
//
// The strided copy (memref.copy's, the host's broadcasts and slices)
// against an element-by-element copy: runs merged where both sides are
// contiguous, strided inner dimensions, broadcasts (stride 0) into row-major
// and strided targets, dimensions of size 1 with any stride, rank 0, size 0,
// element sizes with and without a fixed-size path.
//
//===----------------------------------------------------------------------===//

#include "runtime/StridedCopy.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

using namespace tnp::runtime;

namespace {

struct Layout {
  std::vector<int64_t> sizes, srcStrides, dstStrides;
};

/// The bytes one element at a time reaches: the expected copy.
std::vector<char> copiedByElements(const Layout &l, int64_t bytes,
                                   const std::vector<char> &src,
                                   std::vector<char> dst) {
  int64_t rank = l.sizes.size(), count = 1;
  for (int64_t s : l.sizes)
    count *= s;
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t rest = flat, from = 0, to = 0;
    for (int64_t d = rank - 1; d >= 0; --d) {
      from += rest % l.sizes[d] * l.srcStrides[d];
      to += rest % l.sizes[d] * l.dstStrides[d];
      rest /= l.sizes[d];
    }
    std::memcpy(dst.data() + to * bytes, src.data() + from * bytes, bytes);
  }
  return dst;
}

/// Elements a side's strides reach, plus one.
int64_t span(const std::vector<int64_t> &sizes,
             const std::vector<int64_t> &strides) {
  int64_t last = 0;
  for (size_t d = 0; d < sizes.size(); ++d)
    last += (sizes[d] - 1) * strides[d];
  return last + 1;
}

std::vector<int64_t> inBytes(std::vector<int64_t> strides, int64_t bytes) {
  for (int64_t &s : strides)
    s *= bytes;
  return strides;
}

void expectCopies(const Layout &l, int64_t bytes) {
  std::vector<char> src(std::max<int64_t>(1, span(l.sizes, l.srcStrides)) *
                        bytes);
  std::iota(src.begin(), src.end(), 1);
  std::vector<char> dst(
      std::max<int64_t>(1, span(l.sizes, l.dstStrides)) * bytes, -1);
  std::vector<char> expected = copiedByElements(l, bytes, src, dst);
  copyStrided(bytes, l.sizes, src.data(), inBytes(l.srcStrides, bytes),
              dst.data(), inBytes(l.dstStrides, bytes));
  EXPECT_EQ(dst, expected) << "rank " << l.sizes.size() << ", " << bytes
                           << "-byte elements";
}

TEST(StridedCopyTest, MatchesAnElementByElementCopy) {
  std::vector<Layout> layouts = {
      {{}, {}, {}},                                    // rank 0
      {{7}, {1}, {1}},                                 // contiguous
      {{7}, {1}, {3}},                                 // strided target
      {{3, 5}, {5, 1}, {10, 1}},                       // rows into wider rows
      {{3, 5}, {5, 1}, {5, 1}},                        // one run
      {{3, 5}, {1, 3}, {5, 1}},                        // transposed source
      {{2, 3, 4}, {12, 4, 1}, {24, 8, 2}},             // a padded interior
      {{2, 1, 4}, {4, 99, 1}, {4, -7, 1}},             // size 1, any stride
      {{1, 6}, {0, 1}, {6, 1}},                        // size-1 leading dim
      {{2, 3, 4, 5}, {60, 20, 5, 1}, {120, 40, 5, 1}}, // runs of 15 of 20
      {{3, 4}, {0, 1}, {4, 1}},                        // broadcast rows
      {{3, 4, 2}, {2, 0, 1}, {8, 2, 1}},               // broadcast, inside
      {{3, 4}, {0, 1}, {8, 2}},                        // into strided target
      {{5, 3}, {1, 0}, {3, 1}},                        // each element 3 times
      {{2, 5, 3}, {5, 1, 0}, {15, 3, 1}},              // np.repeat's, rank 3
  };
  for (const Layout &l : layouts)
    for (int64_t bytes : {1, 2, 3, 4, 8, 16})
      expectCopies(l, bytes);
}

TEST(StridedCopyTest, EmptyArraysCopyNothing) {
  std::vector<int64_t> sizes = {3, 0}, strides = {1, 1};
  char src[4] = {1, 2, 3, 4}, dst[4] = {0, 0, 0, 0};
  copyStrided(1, sizes, src, strides, dst, strides);
  EXPECT_EQ(std::vector<char>(dst, dst + 4), std::vector<char>(4, 0));
}

} // namespace
