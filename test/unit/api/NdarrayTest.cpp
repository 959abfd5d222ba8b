//===- NdarrayTest.cpp - ndarray attributes, creation, errors -------------===//
//
// Values against NumPy are checked by the differential tests in test/numpy;
// these pin the API's contracts: attributes, value semantics, weak literals,
// the kernel cache, and each error's type and message.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/KernelCache.h"
#include "runtime/Buffer.h"
#include "test/unit/api/ErrorOf.h"

#include <gtest/gtest.h>

#include <complex>

namespace {

TEST(NdarrayTest, Attributes) {
  tnp::ndarray ones = tnp::ones({5, 3}, tnp::float32);
  EXPECT_EQ(ones.shape(), (tnp::shape_t{5, 3}));
  EXPECT_EQ(ones.ndim(), 2);
  EXPECT_EQ(ones.size(), 15);
  EXPECT_EQ(ones.dtype(), tnp::float32);
  EXPECT_EQ(ones.device(), "/job:localhost/replica:0/task:0/device:CPU:0");
  EXPECT_EQ(ones.T().shape(), (tnp::shape_t{3, 5}));
  EXPECT_EQ(ones.reshape({-1}).shape(), (tnp::shape_t{15}));
  EXPECT_EQ(tnp::to_string(ones.shape()), "(5, 3)");
  EXPECT_EQ(tnp::to_string({15}), "(15,)");
  EXPECT_EQ(tnp::to_string({}), "()");
}

TEST(NdarrayTest, ValueSemantics) {
  tnp::ndarray a = tnp::arange(4);
  tnp::ndarray b = a;
  a += 1;
  EXPECT_EQ(a.to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(b.to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(NdarrayTest, ScalarsAreWeakLiterals) {
  tnp::ndarray f = tnp::ones({2}, tnp::float32);
  EXPECT_EQ((f * 2).dtype(), tnp::float32);
  EXPECT_EQ((tnp::ones({2}, tnp::int8) * 2).dtype(), tnp::int8);
  EXPECT_EQ((tnp::ones({2}, tnp::int32) * 1.5).dtype(), tnp::float64);
  EXPECT_EQ((f * std::complex<double>(0, 1)).dtype(), tnp::complex64);
  EXPECT_TRUE(tnp::ndarray(2).is_weak());
  // asarray of a scalar is a strong array of the default dtype.
  EXPECT_EQ(tnp::asarray(1).dtype(), tnp::int64);
  EXPECT_EQ(tnp::asarray(1.).dtype(), tnp::float64);
  EXPECT_EQ(tnp::asarray(true).dtype(), tnp::bool_);
  EXPECT_FALSE(tnp::asarray(1).is_weak());
  EXPECT_EQ((tnp::ones({2}, tnp::int8) + tnp::asarray(1)).dtype(), tnp::int64);
}

TEST(NdarrayTest, Creation) {
  EXPECT_EQ(tnp::asarray({1, 2, 3}).dtype(), tnp::int64);
  EXPECT_EQ(tnp::asarray({1.f, 2.f}).dtype(), tnp::float32);
  EXPECT_EQ(tnp::asarray({{1, 2}, {3, 4}}).shape(), (tnp::shape_t{2, 2}));
  EXPECT_EQ(tnp::array({{1, 2}, {3, 4}}).dtype(), tnp::int64);
  EXPECT_EQ(tnp::array({1.5, 2.5}, tnp::float32).dtype(), tnp::float32);
  EXPECT_EQ(tnp::array(tnp::ones({2})).shape(), (tnp::shape_t{2}));
  EXPECT_EQ(tnp::arange(0.0, 1.0, 0.25).to_vector<double>(),
            (std::vector<double>{0, 0.25, 0.5, 0.75}));
  EXPECT_EQ(tnp::linspace(0, 1, 5).to_vector<double>(),
            (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
  EXPECT_EQ(tnp::eye(2, 3, 1).to_vector<double>(),
            (std::vector<double>{0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(tnp::full({2}, 7).dtype(), tnp::int64);
  EXPECT_EQ(tnp::zeros({0, 3}).size(), 0);
  int32_t raw[] = {1, 2, 3, 4, 5, 6};
  tnp::ndarray fromPointer = tnp::asarray(raw, {2, 3});
  EXPECT_EQ(fromPointer.dtype(), tnp::int32);
  EXPECT_EQ(fromPointer.to_vector<int>(), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(NdarrayTest, ItemNeedsOneElement) {
  EXPECT_EQ(tnp::asarray(2.5).item<double>(), 2.5);
  EXPECT_EQ(errorOf<tnp::ValueError>([] { tnp::ones({2}).item<double>(); }),
            "can only convert an array of size 1 to a C++ scalar");
  EXPECT_NE(errorOf<tnp::ValueError>([] { (void)bool(tnp::ones({2})); })
                .find("The truth value of an array with more than one "
                      "element is ambiguous"),
            std::string::npos);
}

TEST(NdarrayTest, BroadcastErrorNamesShapes) {
  EXPECT_EQ(errorOf<tnp::ValueError>([] {
              tnp::ones({2, 3}) + tnp::ones({4});
            }),
            "operands could not be broadcast together with shapes (2,3) (4,)");
}

TEST(NdarrayTest, ReshapeErrors) {
  tnp::ndarray a = tnp::ones({2, 3});
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { a.reshape({4}); }),
            "cannot reshape array of size 6 into shape (4,)");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              a.reshape({-1, -1});
            }),
            "can only specify one unknown dimension");
  EXPECT_EQ(errorOf<tnp::AxisError>([&] { a.squeeze(3); }),
            "axis 3 is out of bounds for array of dimension 2");
  EXPECT_EQ(errorOf<tnp::ValueError>([&] {
              a.transpose({0, 0});
            }),
            "repeated axis in transpose");
}

TEST(NdarrayTest, DTypeErrors) {
  tnp::ndarray b = tnp::asarray({true, false});
  EXPECT_NE(errorOf<tnp::TypeError>([&] { -b; }).find("boolean negative"),
            std::string::npos);
  EXPECT_NE(errorOf<tnp::TypeError>([&] { b - b; }).find("boolean subtract"),
            std::string::npos);
  EXPECT_EQ(errorOf<tnp::TypeError>(
                [] { tnp::bitwise_and(tnp::ones({2}), tnp::ones({2})); }),
            "ufunc 'bitwise_and' not supported for the input types, and the "
            "inputs could not be safely coerced to any supported types "
            "according to the casting rule ''safe''");
}

TEST(NdarrayTest, EmptyHandle) {
  tnp::ndarray empty;
  EXPECT_EQ(errorOf<tnp::ValueError>([&] { empty.shape(); }),
            "tnp: use of an empty ndarray handle");
}

/// The second call with the same key hits the kernel cache: no compile.
TEST(NdarrayTest, KernelCacheHits) {
  tnp::ndarray x = tnp::ones({3, 7}, tnp::float32);
  tnp::ndarray y = tnp::ones({11, 2}, tnp::float32);
  (void)tnp::tanh(x);
  auto before = tnp::detail::dispatchStats();
  (void)tnp::tanh(y);
  auto after = tnp::detail::dispatchStats();
  EXPECT_EQ(after.misses, before.misses) << "a new shape reused the kernel";
  EXPECT_GE(after.hits, before.hits + 1);
}

/// Creations and broadcasts to shapes no input has are made on the host:
/// each new shape (zeros(n) in a loop) would otherwise compile a kernel.
TEST(NdarrayTest, CreationsOfNewShapesCompileNothing) {
  auto create = [](int64_t n) {
    tnp::ndarray z = tnp::zeros({n, 2}, tnp::int16);
    EXPECT_EQ(z.to_vector<double>(), std::vector<double>(2 * n, 0.0));
    tnp::ndarray f = tnp::full({2, n}, 2.5, tnp::float32);
    EXPECT_EQ(f.to_vector<double>(), std::vector<double>(2 * n, 2.5));
    tnp::ndarray r = tnp::arange(n);
    EXPECT_EQ(r.dtype(), tnp::int64);
    EXPECT_EQ(r.to_vector<double>()[n - 1], double(n - 1));
    tnp::ndarray row =
        tnp::broadcast_to(tnp::arange(3).astype(tnp::float64), {n, 1, 3});
    EXPECT_EQ(row.shape(), (tnp::shape_t{n, 1, 3}));
    EXPECT_EQ(row.to_vector<double>()[3 * n - 1], 2.0);
    tnp::ndarray column = tnp::broadcast_to(
        tnp::reshape(tnp::arange(n).astype(tnp::float64), {n, 1}), {n, 4});
    EXPECT_EQ(column.to_vector<double>()[4 * n - 1], double(n - 1));
  };
  // The first shape compiles the conversions the creations use.
  create(2);
  auto before = tnp::detail::dispatchStats();
  for (int64_t n : {3, 5, 8})
    create(n);
  auto after = tnp::detail::dispatchStats();
  EXPECT_EQ(after.misses - before.misses, 0u) << "a new shape compiled";
}

/// Calls alternating between kernels that share a thread's recent-kernel
/// slot (one primitive, several dtypes and broadcasts) each get their own
/// kernel, and compile once.
TEST(NdarrayTest, RecentKernelsKeepKernelsApart) {
  std::vector<tnp::ndarray> xs = {
      tnp::ones({4}, tnp::float32), tnp::ones({4}, tnp::float64),
      tnp::ones({4}, tnp::int32), tnp::ones({2, 4}, tnp::float32),
      tnp::ones({1}, tnp::int8)};
  auto round = [&] {
    for (const tnp::ndarray &x : xs) {
      tnp::ndarray y = x + x;
      EXPECT_EQ(y.dtype(), x.dtype());
      EXPECT_EQ(y.shape(), x.shape());
      EXPECT_EQ(y.to_vector<double>(), std::vector<double>(x.size(), 2.0));
    }
  };
  round();
  auto before = tnp::detail::dispatchStats();
  for (int i = 0; i < 3; ++i)
    round();
  auto after = tnp::detail::dispatchStats();
  EXPECT_EQ(after.misses - before.misses, 0u) << "a kernel compiled again";
  EXPECT_GE(after.hits - before.hits, 15u);
}

/// Every temporary of an eager chain is freed: results live in refcounted
/// buffers, and kernels allocate nothing they return.
TEST(NdarrayTest, NoBufferLeaks) {
  size_t before = tnp::runtime::Buffer::liveCount();
  {
    tnp::ndarray x = tnp::ones({100});
    for (int i = 0; i < 10; ++i)
      x = tnp::exp(-x) + 1;
    EXPECT_GT(tnp::runtime::Buffer::liveCount(), before);
  }
  EXPECT_EQ(tnp::runtime::Buffer::liveCount(), before);
}

} // namespace

namespace {

/// A seed fixes every later draw: the generator is counter-based.
TEST(RandomTest, SeedReproduces) {
  tnp::random::seed(7);
  std::vector<double> first = tnp::random::randn({5}).to_vector<double>();
  std::vector<int64_t> ints =
      tnp::random::randint(0, 100, {5}).to_vector<int64_t>();
  tnp::random::seed(7);
  EXPECT_EQ(tnp::random::randn({5}).to_vector<double>(), first);
  EXPECT_EQ(tnp::random::randint(0, 100, {5}).to_vector<int64_t>(), ints);
  EXPECT_NE(tnp::random::randn({5}).to_vector<double>(), first)
      << "the next draw differs";
  for (int64_t v : ints) {
    EXPECT_GE(v, 0);
    EXPECT_LT(v, 100);
  }
  tnp::ndarray u = tnp::random::uniform(2.0, 3.0, {1000});
  for (double v : u.to_vector<double>()) {
    EXPECT_GE(v, 2.0);
    EXPECT_LT(v, 3.0);
  }
  EXPECT_EQ(tnp::random::rand({2, 3}).dtype(), tnp::float64);
  // The distributions, to within a few standard errors of 10^5 draws
  // (mean: 1/sqrt(1e5) ~ 0.003; variance: sqrt(2/1e5) ~ 0.0045).
  std::vector<double> z =
      tnp::random::normal(3.0, 2.0, {100000}).to_vector<double>();
  double mean = 0, var = 0;
  for (double v : z)
    mean += v;
  mean /= z.size();
  for (double v : z)
    var += (v - mean) * (v - mean);
  var /= z.size();
  EXPECT_NEAR(mean, 3.0, 0.03);
  EXPECT_NEAR(var, 4.0, 0.08);
  std::vector<double> r = tnp::random::rand({100000}).to_vector<double>();
  double rmean = 0;
  for (double v : r)
    rmean += v;
  EXPECT_NEAR(rmean / r.size(), 0.5, 0.005);
  EXPECT_THROW(tnp::random::randint(3, 3), tnp::ValueError);
  EXPECT_THROW(tnp::random::normal(0, -1, {2}), tnp::ValueError);
  EXPECT_EQ(tnp::random::random({4}).shape(), tnp::shape_t{4});
  EXPECT_EQ(tnp::random::standard_normal().shape(), tnp::shape_t{});
}

/// Poisson draws: the mean and variance of 2*10^5 draws within 5 standard
/// errors at small, medium and large lam; a chi-square test of the counts
/// against the probabilities at lam = 4.5 (16 bins: 5 standard deviations
/// of the statistic above its mean is 16 + 5 sqrt(32) ~ 44).
TEST(RandomTest, Poisson) {
  tnp::random::seed(3);
  const int64_t n = 200000;
  for (double lam : {0.3, 4.5, 60.0, 5000.0}) {
    tnp::ndarray k = tnp::random::poisson(lam, {n});
    ASSERT_EQ(k.dtype(), tnp::int64);
    std::vector<int64_t> v = k.to_vector<int64_t>();
    double mean = 0, var = 0;
    for (int64_t x : v)
      mean += x;
    mean /= n;
    for (int64_t x : v)
      var += (x - mean) * (x - mean);
    var /= n;
    EXPECT_NEAR(mean, lam, 5 * std::sqrt(lam / n)) << lam;
    EXPECT_NEAR(var, lam, 5 * std::sqrt((2 * lam * lam + lam) / n)) << lam;
    if (lam != 4.5)
      continue;
    std::vector<double> seen(16, 0);
    for (int64_t x : v)
      seen[std::min<int64_t>(x, 15)] += 1;
    double chi2 = 0, below = 0;
    for (int k = 0; k < 16; ++k) {
      double p = k < 15
                     ? std::exp(k * std::log(lam) - lam - std::lgamma(k + 1.0))
                     : 1 - below;
      below += p;
      chi2 += (seen[k] - n * p) * (seen[k] - n * p) / (n * p);
    }
    EXPECT_LT(chi2, 44.0);
  }
  EXPECT_EQ(tnp::random::poisson(0.0, {3}).to_vector<int64_t>(),
            (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(tnp::random::poisson().shape(), tnp::shape_t{});
  EXPECT_THROW(tnp::random::poisson(-1.0), tnp::ValueError);
  EXPECT_THROW(tnp::random::poisson(NAN), tnp::ValueError);
  EXPECT_THROW(tnp::random::poisson(1e12), tnp::NotImplementedError);
}

} // namespace

namespace {

/// Calls of 2^20 elements split their rows among threads; the result must be
/// the serial one exactly (these values are exact in float64).
TEST(ThreadsTest, LargeCallsSplitRowsExactly) {
  tnp::ndarray x =
      tnp::arange(1 << 20).astype(tnp::float64).reshape({1024, 1024});
  std::vector<double> y = (x * 2 + 1).to_vector<double>();
  for (size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], 2.0 * i + 1) << "element " << i;
  // A broadcast operand is read whole by every thread.
  std::vector<double> z = (x + tnp::arange(1024)).to_vector<double>();
  for (size_t i = 0; i < z.size(); ++i)
    ASSERT_EQ(z[i], double(i) + double(i % 1024)) << "element " << i;
  // A reduction that keeps axis 0 splits its rows too.
  std::vector<double> s = tnp::sum(x, 1).to_vector<double>();
  for (size_t r = 0; r < s.size(); ++r)
    ASSERT_EQ(s[r], 1024.0 * 1024.0 * r + 1023.0 * 1024.0 / 2) << "row " << r;
  // matmul splits lhs rows; rhs (here with as many rows as lhs) stays whole.
  tnp::ndarray small = tnp::remainder(x, 3);
  std::vector<double> m =
      tnp::matmul(small, tnp::ones({1024, 2})).to_vector<double>();
  std::vector<double> rows = tnp::sum(small, 1).to_vector<double>();
  for (size_t r = 0; r < rows.size(); ++r)
    ASSERT_EQ(m[2 * r], rows[r]) << "row " << r;
}

/// Scans, reversals and joins along an axis other than 0 split their rows
/// (3 among the threads: unevenly); along axis 0 they run whole.
TEST(ThreadsTest, ScansReversalsAndJoinsSplitRows) {
  const int64_t b = 3, m = 255, n = 700;
  tnp::ndarray x = tnp::arange(b * m * n).reshape({b, m, n});
  auto at = [&](int64_t i, int64_t k, int64_t j) {
    return (i * m + k) * n + j;
  };
  // Rows of 1, 2, ... so every running sum is exact and distinct.
  std::vector<int64_t> sums =
      tnp::cumsum(tnp::ones({b, m, n}, tnp::int64), 2).to_vector<int64_t>();
  std::vector<int64_t> flipped = tnp::flip(x, 2).to_vector<int64_t>();
  std::vector<int64_t> flippedRows = tnp::flip(x, 0).to_vector<int64_t>();
  int64_t wrong = 0;
  for (int64_t i = 0; i < b; ++i)
    for (int64_t k = 0; k < m; ++k)
      for (int64_t j = 0; j < n; ++j) {
        wrong += sums[at(i, k, j)] != j + 1;
        wrong += flipped[at(i, k, j)] != at(i, k, n - 1 - j);
        wrong += flippedRows[at(i, k, j)] != at(b - 1 - i, k, j);
      }
  EXPECT_EQ(wrong, 0);
  std::vector<int64_t> joined =
      tnp::concatenate({x, -x}, 1).to_vector<int64_t>();
  wrong = 0;
  for (int64_t i = 0; i < b; ++i)
    for (int64_t k = 0; k < 2 * m; ++k)
      for (int64_t j = 0; j < n; ++j)
        wrong += joined[(i * 2 * m + k) * n + j] !=
                 (k < m ? at(i, k, j) : -at(i, k - m, j));
  EXPECT_EQ(wrong, 0);
}

/// A transpose that keeps axis 0 first is a batch of transposes: it splits
/// its rows too (3 rows among the threads: unevenly), and every element
/// must land once; one that moves axis 0 runs whole.
TEST(ThreadsTest, BatchedTransposesSplitRows) {
  const int64_t b = 3, m = 255, n = 700;
  tnp::ndarray x = tnp::arange(b * m * n).reshape({b, m, n});
  std::vector<int64_t> y = tnp::transpose(x, {0, 2, 1}).to_vector<int64_t>();
  ASSERT_EQ(y.size(), static_cast<size_t>(b * m * n));
  int64_t wrong = 0;
  for (int64_t i = 0; i < b; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t k = 0; k < m; ++k)
        wrong += y[(i * n + j) * m + k] != (i * m + k) * n + j;
  EXPECT_EQ(wrong, 0);
  std::vector<int64_t> z = tnp::transpose(x, {2, 0, 1}).to_vector<int64_t>();
  wrong = 0;
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < b; ++i)
      for (int64_t k = 0; k < m; ++k)
        wrong += z[(j * b + i) * m + k] != (i * m + k) * n + j;
  EXPECT_EQ(wrong, 0);
}

} // namespace
