//===- IndexingTest.cpp - index expressions, updates, their errors --------===//
//
// Values against NumPy are checked by test/numpy/indexing.test; these pin
// the API's contracts: the spellings of an index, immutability, kernel reuse
// across index values, and each error's type and message.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/KernelCache.h"
#include "test/unit/api/ErrorOf.h"

#include <gtest/gtest.h>

#include <complex>
#include <type_traits>

namespace {

// `x(1) = v` does not compile: arrays are immutable, updates go through at().
static_assert(!std::is_assignable_v<tnp::ndarray, int>);
static_assert(!std::is_assignable_v<tnp::ndarray, tnp::ndarray>);
static_assert(std::is_assignable_v<tnp::ndarray &, tnp::ndarray>);

tnp::ndarray x234() { return tnp::arange(24).reshape({2, 3, 4}); }

TEST(IndexingTest, SpellingsAgree) {
  tnp::ndarray x = x234();
  tnp::ndarray a = x(1, tnp::slice(tnp::none, tnp::none, -1));
  tnp::ndarray b = x[{1, tnp::slice(tnp::none, tnp::none, -1)}];
  tnp::ndarray c = x.at(1, tnp::slice(tnp::none, tnp::none, -1)).get();
  EXPECT_EQ(a.shape(), (tnp::shape_t{3, 4}));
  EXPECT_EQ(a.to_vector<int64_t>(), b.to_vector<int64_t>());
  EXPECT_EQ(a.to_vector<int64_t>(), c.to_vector<int64_t>());
  EXPECT_EQ(a.to_vector<int64_t>()[0], 20);
  // A braced list inside the index is one array; outside, a tuple.
  tnp::ndarray list = x[{0, {0, 2}}], tuple = x[{0, 2}];
  tnp::ndarray mask = x[{tnp::slice(), {true, false, true}}];
  EXPECT_EQ(list.shape(), (tnp::shape_t{2, 4}));
  EXPECT_EQ(tuple.shape(), (tnp::shape_t{4}));
  EXPECT_EQ(mask.shape(), (tnp::shape_t{2, 2, 4}));
  EXPECT_EQ(x[1].shape(), (tnp::shape_t{3, 4}));
  EXPECT_EQ(x(tnp::ellipsis, tnp::newaxis).shape(), (tnp::shape_t{2, 3, 4, 1}));
}

TEST(IndexingTest, UpdatesLeaveTheArray) {
  tnp::ndarray x = tnp::zeros({4});
  tnp::ndarray y = x.at(tnp::asarray({1, 1, 3})).add(1.0);
  EXPECT_EQ(x.to_vector<double>(), (std::vector<double>{0, 0, 0, 0}));
  EXPECT_EQ(y.to_vector<double>(), (std::vector<double>{0, 2, 0, 1}));
  y = y.at(tnp::slice(2)).set(-1);
  EXPECT_EQ(y.to_vector<double>(), (std::vector<double>{-1, -1, 0, 1}));
  EXPECT_EQ(y.dtype(), tnp::float64);
}

TEST(IndexingTest, GatherKernelsServeEveryIndexValue) {
  tnp::ndarray x = tnp::arange(100).reshape({10, 10});
  (void)x(tnp::asarray({1, 2}), tnp::slice());
  auto before = tnp::detail::dispatchStats();
  (void)x(tnp::asarray({7, 3, 9}), tnp::slice());
  (void)x(tnp::asarray({0, 0}), tnp::slice());
  EXPECT_EQ(tnp::detail::dispatchStats().misses, before.misses);
}

TEST(IndexingTest, ContiguousIndicesAreViews) {
  tnp::ndarray x = x234();
  auto before = tnp::detail::dispatchStats();
  tnp::ndarray row = x(1, 2), block = x(tnp::slice(1, 2), tnp::ellipsis);
  tnp::ndarray run = row(tnp::slice(1, 3));
  auto after = tnp::detail::dispatchStats();
  EXPECT_EQ(after.hits + after.misses, before.hits + before.misses);
  const auto *base = static_cast<const int64_t *>(x.data());
  EXPECT_EQ(row.data(), base + 20);
  EXPECT_EQ(run.data(), base + 21);
  EXPECT_EQ(block.data(), base + 12);
  EXPECT_EQ(run.to_vector<int64_t>(), (std::vector<int64_t>{21, 22}));
  // An update of a view leaves its base alone.
  tnp::ndarray changed = row.at(0).set(-1);
  EXPECT_EQ(changed.to_vector<int64_t>()[0], -1);
  EXPECT_EQ(x(1, 2, 0).item<int64_t>(), 20);
  EXPECT_EQ((row + 1).to_vector<int64_t>()[3], 24);
}

TEST(IndexingTest, IntegersPastASliceReuseOneKernel) {
  tnp::ndarray x = tnp::arange(100).reshape({10, 10});
  (void)x(tnp::slice(), 0);
  auto before = tnp::detail::dispatchStats();
  for (int i = 1; i < 10; ++i)
    EXPECT_EQ(x(tnp::slice(), i).to_vector<int64_t>()[9], 90 + i);
  EXPECT_EQ(tnp::detail::dispatchStats().misses, before.misses);
}

// Slices that are no view (steps, narrowed inner axes) are host copies:
// their bounds would be a kernel's attributes, a compilation per bounds.
TEST(IndexingTest, SlicesOfAnyBoundsCompileNothing) {
  tnp::ndarray x = x234();
  tnp::ndarray f = tnp::arange(6.0).astype(tnp::float32);
  auto before = tnp::detail::dispatchStats();
  for (int64_t lo = 0; lo < 3; ++lo) {
    tnp::ndarray inner = x(tnp::ellipsis, tnp::slice(lo, 4));
    EXPECT_EQ(inner.shape(), (tnp::shape_t{2, 3, 4 - lo}));
    EXPECT_EQ(inner.to_vector<int64_t>().back(), 23);
    EXPECT_EQ(inner.to_vector<int64_t>().front(), lo);
  }
  tnp::ndarray steps =
      x(tnp::slice(), tnp::slice(0, 3, 2), tnp::slice(1, 4, 2));
  EXPECT_EQ(steps.shape(), (tnp::shape_t{2, 2, 2}));
  EXPECT_EQ(steps.to_vector<int64_t>(),
            (std::vector<int64_t>{1, 3, 9, 11, 13, 15, 21, 23}));
  tnp::ndarray empty = x(tnp::slice(), tnp::slice(2, 2));
  EXPECT_EQ(empty.shape(), (tnp::shape_t{2, 0, 4}));
  EXPECT_EQ(f(tnp::slice(1, 6, 2)).to_vector<float>(),
            (std::vector<float>{1, 3, 5}));
  EXPECT_EQ(tnp::detail::dispatchStats().misses, before.misses);
}

TEST(IndexingTest, OutOfBoundsNamesIndexAxisAndSize) {
  tnp::ndarray x = x234();
  EXPECT_EQ(errorOf<tnp::IndexError>([&] { x(2); }),
            "index 2 is out of bounds for axis 0 with size 2");
  EXPECT_EQ(errorOf<tnp::IndexError>([&] { x(tnp::slice(), -4); }),
            "index -4 is out of bounds for axis 1 with size 3");
  EXPECT_EQ(errorOf<tnp::IndexError>([&] {
              x(0, 0, tnp::asarray({0, 5, 4}));
            }),
            "index 5 is out of bounds for axis 2 with size 4");
  EXPECT_EQ(errorOf<tnp::IndexError>([&] { tnp::take(x, 24); }),
            "index 24 is out of bounds for axis 0 with size 24");
}

TEST(IndexingTest, BadIndicesRaise) {
  tnp::ndarray x = x234();
  EXPECT_EQ(errorOf<tnp::IndexError>([&] { x(0, 0, 0, 0); }),
            "too many indices for array: array is 3-dimensional, but 4 were "
            "indexed");
  EXPECT_EQ(
      errorOf<tnp::IndexError>([&] { x(tnp::ellipsis, 0, tnp::ellipsis); }),
      "an index can only have a single ellipsis ('...')");
  EXPECT_EQ(errorOf<tnp::IndexError>([&] { x(tnp::asarray({1.0})); }),
            "arrays used as indices must be of integer (or boolean) type");
  EXPECT_NE(errorOf<tnp::IndexError>([&] { x(1.5); }).find("only integers"),
            std::string::npos);
  auto badMask = [&] { x[{{true, false, true}}]; };
  EXPECT_EQ(errorOf<tnp::IndexError>(badMask),
            "boolean index did not match indexed array along dimension 0; "
            "dimension is 2 but corresponding boolean dimension is 3");
  EXPECT_EQ(errorOf<tnp::IndexError>([&] {
              x(tnp::asarray({0, 1}), tnp::asarray({0, 1, 2}));
            }),
            "shape mismatch: indexing arrays could not be broadcast together "
            "with shapes (2,) (3,) ");
  EXPECT_EQ(
      errorOf<tnp::ValueError>([&] { x(tnp::slice(tnp::none, tnp::none, 0)); }),
      "slice step cannot be zero");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { x(tnp::ndarray()); }),
            "tnp: use of an empty ndarray handle");
}

TEST(IndexingTest, BadUpdatesRaise) {
  tnp::ndarray x = x234();
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { x.at(0).set(tnp::ones({2})); }),
            "shape mismatch: value array of shape (2,) could not be "
            "broadcast to indexing result of shape (3,4)");
  tnp::ndarray mask = x > 3;
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { mask.at(0).add(true); }),
            "at().add: not defined for bool arrays");
  tnp::ndarray z = x.astype(tnp::complex64);
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { z.at(0).max(1); }),
            "at().max: not defined for complex64 arrays");
  EXPECT_EQ(errorOf<tnp::IndexError>([&] { x.at(5).set(0); }),
            "index 5 is out of bounds for axis 0 with size 2");
}

TEST(IndexingTest, FunctionErrors) {
  tnp::ndarray x = x234();
  EXPECT_EQ(errorOf<tnp::TypeError>([&] { tnp::take(x, tnp::asarray({1.0})); }),
            "take: indices must be integers, got float64");
  EXPECT_EQ(
      errorOf<tnp::AxisError>([&] { tnp::take(x, tnp::asarray({1}), 3); }),
      "axis 3 is out of bounds for array of dimension 3");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              tnp::take_along_axis(x, tnp::zeros({2, 3}, tnp::int64), 1);
            }),
            "`indices` and `arr` must have the same number of dimensions");
  EXPECT_EQ(
      errorOf<tnp::ValueError>([&] {
        tnp::take_along_axis(x, tnp::zeros({2, 3}, tnp::int64), std::nullopt);
      }),
      "when axis=None, `indices` must have a single dimension.");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::diagonal(tnp::ones({3})); }),
            "diag requires an array of at least two dimensions");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::diagonal(x, 0, 1, -2); }),
            "axis1 and axis2 cannot be the same");
}

TEST(IndexingTest, LargeMaskMatchesNonzero) {
  // 2^20 elements through the scan: positions stay exact and in order.
  int64_t n = int64_t(1) << 20;
  tnp::ndarray i = tnp::arange(n);
  tnp::ndarray mask = (i % 3) == 0;
  std::vector<tnp::ndarray> where = tnp::nonzero(mask);
  ASSERT_EQ(where.size(), 1u);
  EXPECT_EQ(where[0].size(), (n + 2) / 3);
  std::vector<int64_t> got = where[0].to_vector<int64_t>();
  for (size_t k = 0; k < got.size(); ++k)
    ASSERT_EQ(got[k], static_cast<int64_t>(3 * k));
  EXPECT_EQ(i(mask).to_vector<int64_t>(), got);
}

} // namespace
