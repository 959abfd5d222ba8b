//===- HardeningTest.cpp - hostile inputs raise, never crash --------------===//
//
// Issue 20's classes of bad input, each a clear tnp::Error with NumPy's (or
// TF's) wording where it has one: shapes whose size overflows int64 or
// cannot be allocated, arange with NaN or infinite bounds, slices with
// extreme steps, batch_jacobian of rank-1 arrays. Before the fix, the first
// class segfaulted (zeros, eye, broadcast_to), asarray(ptr, shape) accepted
// a size that wrapped, arange converted NaN to an integer, and a step of
// INT64_MIN or INT64_MAX selected nothing.
//
//===----------------------------------------------------------------------===//

#include "ErrorOf.h"

#include <tnp/tnp.h>

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>

using tnp::ndarray;

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
const std::string kTooBig = "array is too big; `arr.size * arr.dtype.itemsize` "
                            "is larger than the maximum possible size: shape ";

TEST(Hardening, SizesPastInt64AreValueErrors) {
  EXPECT_EQ(errorOf<tnp::ValueError>([] {
              tnp::zeros({int64_t(1) << 31, int64_t(1) << 31});
            }),
            kTooBig + "(2147483648,2147483648) of float64");
  // 2^32 * 2^32 wraps to 0 in int64.
  EXPECT_EQ(errorOf<tnp::ValueError>([] {
              tnp::ones({int64_t(1) << 32, int64_t(1) << 32});
            }),
            kTooBig + "(4294967296,4294967296) of float64");
  EXPECT_EQ(
      errorOf<tnp::ValueError>([] { tnp::full({int64_t(1) << 62}, 1.0); }),
      kTooBig + "(4611686018427387904,) of float64");
  EXPECT_NE(errorOf<tnp::ValueError>([] {
              tnp::eye(int64_t(1) << 31);
            }).find(kTooBig),
            std::string::npos);
  EXPECT_EQ(
      errorOf<tnp::ValueError>([] {
        tnp::broadcast_to(tnp::ones({1}), {int64_t(1) << 40, int64_t(1) << 30});
      }),
      kTooBig + "(1099511627776,1073741824) of float64");
  double values[4] = {};
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              tnp::asarray(values, {int64_t(1) << 32, int64_t(1) << 32});
            }),
            kTooBig + "(4294967296,4294967296) of float64");
  EXPECT_EQ(errorOf<tnp::ValueError>([] {
              tnp::asarray(std::vector<double>(4),
                           {int64_t(1) << 32, int64_t(1) << 32});
            }),
            kTooBig + "(4294967296,4294967296) of float64");
  // A product that wraps to exactly the size: (2^62 + 1) * 4 = 2^64 + 4.
  EXPECT_EQ(errorOf<tnp::ValueError>([] {
              tnp::arange(4).reshape({(int64_t(1) << 62) + 1, 4});
            }),
            "cannot reshape array of size 4 into shape "
            "(4611686018427387905,4)");
  // A zero anywhere makes any product empty, as in NumPy.
  EXPECT_EQ(tnp::zeros({0}).reshape({0, int64_t(1) << 62}).size(), 0);
}

TEST(Hardening, AllocationsThatFailAreMemoryErrors) {
  EXPECT_EQ(errorOf<tnp::MemoryError>([] { tnp::ones({int64_t(1) << 40}); }),
            "Unable to allocate 8.00 TiB for an array with shape "
            "(1099511627776,) and data type float64");
  EXPECT_EQ(errorOf<tnp::MemoryError>([] {
              tnp::zeros({int64_t(1) << 45, 3}, tnp::int8);
            }),
            "Unable to allocate 96.0 TiB for an array with shape "
            "(35184372088832,3) and data type int8");
}

TEST(Hardening, ArangeOfNaNOrInfinityIsAValueError) {
  double nan = std::nan(""), inf = INFINITY;
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::arange(0.0, nan, 1.0); }),
            "arange: cannot compute length");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::arange(nan, 1.0, 1.0); }),
            "arange: cannot compute length");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::arange(0.0, 10.0, nan); }),
            "arange: cannot compute length");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::arange(0.0, inf, 1.0); }),
            "Maximum allowed size exceeded");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tnp::arange(0.0, 1e300, 1e-300); }),
            "Maximum allowed size exceeded");
  // NumPy: an infinite step toward stop takes start only.
  EXPECT_EQ(tnp::arange(0.0, 10.0, inf).to_vector<double>(),
            std::vector<double>{0.0});
  EXPECT_EQ(tnp::arange(0.0, 10.0, -inf).size(), 0);
}

TEST(Hardening, ExtremeSliceStepsSelectAsPython) {
  ndarray x = tnp::arange(10);
  // Python: list(range(10))[::-(2**63)] == [9], [::2**63 - 1] == [0].
  EXPECT_EQ(x(tnp::slice(tnp::none, tnp::none, kMin)).to_vector<int64_t>(),
            std::vector<int64_t>{9});
  EXPECT_EQ(x(tnp::slice(tnp::none, tnp::none, kMax)).to_vector<int64_t>(),
            std::vector<int64_t>{0});
  EXPECT_EQ(x(tnp::slice(kMax, kMin, -3)).to_vector<int64_t>(),
            (std::vector<int64_t>{9, 6, 3, 0}));
  EXPECT_EQ(x(tnp::slice(kMin, kMax, kMax)).to_vector<int64_t>(),
            std::vector<int64_t>{0});
  EXPECT_EQ(x(tnp::slice(kMin, kMax, -1)).size(), 0);
  // The same through .at[] updates.
  EXPECT_EQ(x.at(tnp::slice(tnp::none, tnp::none, kMin))
                .set(-1)
                .to_vector<int64_t>()[9],
            -1);
}

TEST(Hardening, BatchJacobianNeedsRankTwo) {
  tnp::GradientTape tape(/*persistent=*/true);
  ndarray x = tnp::ones({3, 2});
  tape.watch(x);
  ndarray rows = tnp::sum(x, 1);
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { tape.batch_jacobian(rows, x); }),
            "GradientTape.batch_jacobian: the first dimension of the target "
            "(shape (3,)) and the source (shape (3,2)) must be the batch, of "
            "one size, and both must have rank 2 or more");
  ndarray v = tnp::ones({3});
  tape.watch(v);
  ndarray outer = tnp::outer(v, v);
  EXPECT_NE(errorOf<tnp::ValueError>([&] {
              tape.batch_jacobian(outer, v);
            }).find("rank 2 or more"),
            std::string::npos);
}

/// sum(cond(p > 0, v * v, -v)) for one row v and an unbatched p.
ndarray branchy(const ndarray &x, const ndarray &p) {
  return tnp::sum(tnp::cond(
      p > 0, [](const ndarray &v) { return v * v; },
      [](const ndarray &v) { return -v; }, x));
}

TEST(Hardening, VmapOfCondOnAnUnbatchedPredicateComposesWithGrad) {
  // vmap(grad(f)) with the predicate not mapped segfaulted (tnp-batch built
  // the branches outside any region).
  ndarray xs = tnp::arange(6.0).reshape({3, 2});
  for (double p : {1.0, -1.0}) {
    SCOPED_TRACE(p);
    ndarray values = tnp::vmap(branchy, {0, std::nullopt})(xs, tnp::asarray(p));
    ndarray grads =
        tnp::vmap(tnp::grad(branchy), {0, std::nullopt})(xs, tnp::asarray(p));
    for (int64_t row = 0; row < 3; ++row) {
      ndarray x = xs(row);
      EXPECT_EQ(values(row).item<double>(),
                branchy(x, tnp::asarray(p)).item<double>());
      EXPECT_EQ(grads(row).to_vector<double>(),
                tnp::grad(branchy)(x, tnp::asarray(p)).to_vector<double>());
    }
  }
  // And the gradient of a batched function.
  auto total = [](const ndarray &x, const ndarray &p) {
    return tnp::sum(tnp::vmap(branchy, {0, std::nullopt})(x, p));
  };
  EXPECT_EQ(tnp::grad(total)(xs, tnp::asarray(1.0)).to_vector<double>(),
            (xs * 2).to_vector<double>());
}

TEST(Hardening, TracedFunctionsThatNeverStopCallingThemselvesAreRefused) {
  // It overflowed the stack: each traced call recorded itself inline again.
  std::function<ndarray(const ndarray &)> again;
  auto f = tnp::trace([&](const ndarray &x) { return again(x) + 1; });
  again = [&](const ndarray &x) { return f(x); };
  EXPECT_NE(errorOf<tnp::RuntimeError>([&] { f(tnp::ones({2})); })
                .find("calls itself, while being traced, with the same "
                      "shapes, dtypes and scalars"),
            std::string::npos);
  EXPECT_EQ(f.trace_count(), 0);

  // Recursion that ends at trace time, over shrinking shapes, still works.
  std::function<ndarray(const ndarray &)> half;
  auto total = tnp::trace([&](const ndarray &x) { return half(x); });
  half = [&](const ndarray &x) {
    int64_t n = x.shape()[0];
    if (n == 1)
      return x;
    return total(x(tnp::slice(0, n / 2))) + total(x(tnp::slice(n / 2, n)));
  };
  EXPECT_EQ(total(tnp::arange(8.0)).to_vector<double>(),
            std::vector<double>{28.0});
}

} // namespace
