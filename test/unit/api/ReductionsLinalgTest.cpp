//===- ReductionsLinalgTest.cpp - reductions and products against NumPy ---===//
//
// Every expected value, dtype, shape and message below was produced by NumPy
// 1.24.2 (/usr/bin/python3), printing `r.dtype, r.shape, r.ravel().tolist()`
// or the exception for the NumPy expression quoted in the comment beside it.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using tnp::ndarray;
using tnp::shape_t;
using c128 = std::complex<double>;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// Checks a's dtype, shape and elements (NaN matches NaN; floats match to a
/// relative `tol`, as summation orders differ from NumPy's pairwise sums).
template <typename T>
void expectArray(const ndarray &a, tnp::dtype dtype, const shape_t &shape,
                 const std::vector<T> &values, double tol = 1e-12) {
  EXPECT_EQ(a.dtype(), dtype);
  EXPECT_EQ(a.shape(), shape);
  std::vector<T> got = a.to_vector<T>();
  ASSERT_EQ(got.size(), values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(values[i]))
        EXPECT_TRUE(std::isnan(got[i])) << "element " << i << ": " << got[i];
      else if (std::isinf(values[i]))
        EXPECT_EQ(got[i], values[i]) << "element " << i;
      else
        EXPECT_NEAR(got[i], values[i], tol * std::max(1.0, std::abs(values[i])))
            << "element " << i;
    } else if constexpr (std::is_same_v<T, c128>) {
      EXPECT_NEAR(got[i].real(), values[i].real(), tol) << "element " << i;
      EXPECT_NEAR(got[i].imag(), values[i].imag(), tol) << "element " << i;
    } else {
      EXPECT_EQ(got[i], values[i]) << "element " << i;
    }
  }
}

/// Checks that f throws exactly E (a ValueError that is not an AxisError,
/// when E is ValueError) with `message` in its text.
template <typename E, typename F>
void expectThrow(F &&f, const std::string &message) {
  try {
    f();
  } catch (const E &e) {
    if constexpr (std::is_same_v<E, tnp::ValueError>) {
      try {
        throw;
      } catch (const tnp::AxisError &) {
        ADD_FAILURE() << "AxisError, expected a plain ValueError: " << e.what();
      } catch (...) {
      }
    }
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos)
        << "message: " << e.what() << "\nexpected to contain: " << message;
    return;
  } catch (const std::exception &e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
    return;
  }
  ADD_FAILURE() << "no exception; expected: " << message;
}

/// np.arange(24).reshape(2, 3, 4)
ndarray x24() { return tnp::arange(24).reshape({2, 3, 4}); }

//===----------------------------------------------------------------------===//
// sum, prod
//===----------------------------------------------------------------------===//

TEST(Reductions, SumAxes) {
  ndarray x = x24();
  // np.sum(x): int64 () 276
  expectArray<int64_t>(tnp::sum(x), tnp::int64, {}, {276});
  // np.sum(x, 1): int64 (2, 4)
  expectArray<int64_t>(tnp::sum(x, 1), tnp::int64, {2, 4},
                       {12, 15, 18, 21, 48, 51, 54, 57});
  // np.sum(x, (0, 2)): int64 (3,)
  expectArray<int64_t>(tnp::sum(x, {0, 2}), tnp::int64, {3}, {60, 92, 124});
  // np.sum(x, -1, keepdims=True): int64 (2, 3, 1)
  expectArray<int64_t>(tnp::sum(x, -1, true), tnp::int64, {2, 3, 1},
                       {6, 22, 38, 54, 70, 86});
  // np.sum(x, axis=(0, 2), keepdims=True).shape: (1, 3, 1)
  EXPECT_EQ(tnp::sum(x, {0, -1}, /*keepdims=*/true).shape(),
            (shape_t{1, 3, 1}));
  // np.sum(x, axis=None, keepdims=True).shape: (1, 1, 1)
  EXPECT_EQ(tnp::sum(x, std::nullopt, true).shape(), (shape_t{1, 1, 1}));
  // np.sum(np.ones((2, 3), np.int8), axis=()): int64 (2, 3), no reduction
  expectArray<int64_t>(tnp::sum(tnp::ones({2, 3}, tnp::int8), {}), tnp::int64,
                       {2, 3}, {1, 1, 1, 1, 1, 1});
  // An axis from std::optional.
  std::optional<int64_t> axis = 1;
  EXPECT_EQ(tnp::sum(x, axis).shape(), (shape_t{2, 4}));
}

// Eager float sums over axis 0 of 2^19 elements or more split their rows
// among threads (where there are 2 or more), each range summed in float64
// by a kernel of its own, the partial sums added in float64: the same values
// as one kernel's. Small integers keep every sum exact; 3 rows of 2^18
// split unevenly; a 3-d array sums over (0, 2) and everything.
TEST(Reductions, LargeFloatSumsOverAxisZero) {
  for (tnp::dtype dtype : {tnp::float32, tnp::float64}) {
    ndarray x = (tnp::arange(int64_t(1) << 20) % 7 - 3.0)
                    .astype(dtype)
                    .reshape({1024, 1024});
    std::vector<double> v = x.astype(tnp::float64).to_vector<double>();
    std::vector<double> columns(1024, 0.0);
    double total = 0;
    for (size_t i = 0; i < v.size(); ++i) {
      columns[i % 1024] += v[i];
      total += v[i];
    }
    ndarray sums = tnp::sum(x, 0);
    EXPECT_EQ(sums.dtype(), dtype);
    EXPECT_EQ(sums.astype(tnp::float64).to_vector<double>(), columns);
    EXPECT_EQ(tnp::sum(x).item<double>(), total);
    EXPECT_EQ(tnp::sum(x, 0, /*keepdims=*/true).shape(), (shape_t{1, 1024}));
    EXPECT_EQ(tnp::sum(x.reshape({-1})).item<double>(), total);
    EXPECT_EQ(tnp::sum(x.reshape({4, 256, 1024}), {0, 2}).shape(),
              (shape_t{256}));
    EXPECT_EQ(tnp::sum(x.reshape({4, 256, 1024})).item<double>(), total);
    ndarray uneven = tnp::ones({3, int64_t(1) << 18}, dtype);
    EXPECT_EQ(tnp::sum(uneven).item<double>(), 3.0 * (1 << 18));
    EXPECT_EQ(tnp::mean(uneven, 0).astype(tnp::float64).to_vector<double>(),
              std::vector<double>(int64_t(1) << 18, 1.0));
  }
}

TEST(Reductions, SumProdDTypes) {
  // np.sum(np.array([100, 100, 100], np.int8)): int64 300 (no wrap)
  expectArray<int64_t>(tnp::sum(tnp::asarray({100, 100, 100}, tnp::int8)),
                       tnp::int64, {}, {300});
  // np.sum(np.array([200, 200], np.uint8)): uint64 400
  expectArray<uint64_t>(tnp::sum(tnp::asarray({200, 200}, tnp::uint8)),
                        tnp::uint64, {}, {400});
  // np.sum(np.array([1, 2], np.uint64)): uint64 3
  expectArray<uint64_t>(tnp::sum(tnp::asarray({1, 2}, tnp::uint64)),
                        tnp::uint64, {}, {3});
  // np.sum(np.array([[True, False], [True, True]]), 0): int64 [2, 1]
  expectArray<int64_t>(tnp::sum(tnp::asarray({{true, false}, {true, true}}), 0),
                       tnp::int64, {2}, {2, 1});
  // np.sum(np.array([0.5, 0.25, 1024], np.float16)): float16 1025.0
  expectArray<double>(tnp::sum(tnp::asarray({0.5, 0.25, 1024.}, tnp::float16)),
                      tnp::float16, {}, {1025.0});
  // np.sum(np.array([1+2j, 3-1j], np.complex64)): complex64 (4+1j)
  expectArray<c128>(
      tnp::sum(tnp::asarray({c128(1, 2), c128(3, -1)}, tnp::complex64)),
      tnp::complex64, {}, {c128(4, 1)});
  // np.sum(np.ones((2, 3), np.float32), 0).dtype: float32
  EXPECT_EQ(tnp::sum(tnp::ones({2, 3}, tnp::float32), 0).dtype(), tnp::float32);
  // np.prod(np.arange(1, 6)): int64 120
  expectArray<int64_t>(tnp::prod(tnp::arange(1, 6)), tnp::int64, {}, {120});
  // np.prod(np.arange(1, 7, dtype=np.int32).reshape(2, 3), 1): int64 [6, 120]
  expectArray<int64_t>(
      tnp::prod(tnp::arange(1, 7, 1, tnp::int32).reshape({2, 3}), 1),
      tnp::int64, {2}, {6, 120});
  // np.prod(np.array([True, True, False])): int64 0
  expectArray<int64_t>(tnp::prod(tnp::asarray({true, true, false})), tnp::int64,
                       {}, {0});
  // np.sum(5): int64 5, a strong 0-d array
  ndarray s = tnp::sum(5);
  expectArray<int64_t>(s, tnp::int64, {}, {5});
  EXPECT_FALSE(s.is_weak());
}

TEST(Reductions, SumProdEmpty) {
  // np.sum(np.zeros((0, 3))): float64 0.0; np.prod(...): 1.0
  expectArray<double>(tnp::sum(tnp::zeros({0, 3})), tnp::float64, {}, {0.0});
  expectArray<double>(tnp::prod(tnp::zeros({0, 3})), tnp::float64, {}, {1.0});
  // np.sum(np.zeros((2, 0)), axis=1): float64 [0., 0.]
  expectArray<double>(tnp::sum(tnp::zeros({2, 0}), 1), tnp::float64, {2},
                      {0.0, 0.0});
  // np.prod(np.zeros((2, 0), np.int8), axis=1): int64 [1, 1]
  expectArray<int64_t>(tnp::prod(tnp::zeros({2, 0}, tnp::int8), 1), tnp::int64,
                       {2}, {1, 1});
  // np.sum(np.zeros((0, 3)), axis=0): float64 [0., 0., 0.]
  expectArray<double>(tnp::sum(tnp::zeros({0, 3}), 0), tnp::float64, {3},
                      {0.0, 0.0, 0.0});
}

//===----------------------------------------------------------------------===//
// max, min
//===----------------------------------------------------------------------===//

TEST(Reductions, MaxMin) {
  // f = np.array([[3., -1., 7.], [2., np.nan, 0.5]])
  ndarray f = tnp::asarray({{3., -1., 7.}, {2., kNaN, 0.5}});
  // np.max(f): nan
  expectArray<double>(tnp::max(f), tnp::float64, {}, {kNaN});
  // np.max(f, 1): [7.0, nan]
  expectArray<double>(tnp::max(f, 1), tnp::float64, {2}, {7.0, kNaN});
  // np.min(f, 0): [2.0, nan, 0.5]
  expectArray<double>(tnp::min(f, 0), tnp::float64, {3}, {2.0, kNaN, 0.5});
  // np.max(f, 0, keepdims=True): (1, 3) [3.0, nan, 7.0]
  expectArray<double>(tnp::amax(f, 0, true), tnp::float64, {1, 3},
                      {3.0, kNaN, 7.0});
  // i8 = np.array([[5, -7, 3], [-2, 9, -9]], np.int8)
  ndarray i8 = tnp::asarray({{5, -7, 3}, {-2, 9, -9}}, tnp::int8);
  // np.max(i8, 0): int8 [5, 9, 3]; np.min(i8): int8 -9; np.min(i8, -1):
  // int8 [-7, -9]
  expectArray<int64_t>(tnp::max(i8, 0), tnp::int8, {3}, {5, 9, 3});
  expectArray<int64_t>(tnp::amin(i8), tnp::int8, {}, {-9});
  expectArray<int64_t>(tnp::min(i8, -1), tnp::int8, {2}, {-7, -9});
  // np.max(np.array([250, 3, 7], np.uint8)): uint8 250 (unsigned compare)
  expectArray<int64_t>(tnp::max(tnp::asarray({250, 3, 7}, tnp::uint8)),
                       tnp::uint8, {}, {250});
  // np.max(np.array([True, False])): True; np.min(...): False
  expectArray<bool>(tnp::max(tnp::asarray({true, false})), tnp::bool_, {},
                    {true});
  expectArray<bool>(tnp::min(tnp::asarray({true, false})), tnp::bool_, {},
                    {false});
  // np.max(np.array([-np.inf, -np.inf])): -inf
  expectArray<double>(tnp::max(tnp::asarray({-kInf, -kInf})), tnp::float64, {},
                      {-kInf});
  // np.max(np.ones((2, 3), np.float32), (0, 1)).dtype: float32
  EXPECT_EQ(tnp::max(tnp::ones({2, 3}, tnp::float32), {0, 1}).dtype(),
            tnp::float32);
}

TEST(Reductions, MaxMinEmpty) {
  // np.zeros((0, 3)).max(axis=0): ValueError
  expectThrow<tnp::ValueError>(
      [] {
        tnp::max(tnp::zeros({0, 3}), 0);
      },
      "zero-size array to reduction operation maximum which has no identity");
  // np.zeros((0, 3)).min(): ValueError ... minimum ...
  expectThrow<tnp::ValueError>(
      [] {
        tnp::min(tnp::zeros({0, 3}));
      },
      "zero-size array to reduction operation minimum which has no identity");
  // np.zeros((0, 0)).max(axis=0): ValueError, though the result is empty
  expectThrow<tnp::ValueError>(
      [] {
        tnp::max(tnp::zeros({0, 0}), 0);
      },
      "zero-size array to reduction operation maximum which has no identity");
  // np.max(np.array([], np.int8)): ValueError
  expectThrow<tnp::ValueError>(
      [] { tnp::amax(tnp::zeros({0}, tnp::int8)); },
      "zero-size array to reduction operation maximum which has no identity");
  // np.zeros((0, 3)).max(axis=1): float64 (0,) []
  expectArray<double>(tnp::max(tnp::zeros({0, 3}), 1), tnp::float64, {0}, {});
  // np.zeros((2, 0)).max(axis=()): (2, 0), nothing reduced
  EXPECT_EQ(tnp::max(tnp::zeros({2, 0}), {}).shape(), (shape_t{2, 0}));
}

TEST(Reductions, MaxComplexNotImplemented) {
  // NumPy orders complex lexicographically: np.max([1+2j, 3]) is (3+0j).
  ndarray c = tnp::asarray({c128(1, 2), c128(3, 0)});
  expectThrow<tnp::NotImplementedError>([&] { tnp::max(c); },
                                        "tnp.max: complex arrays");
  expectThrow<tnp::NotImplementedError>([&] { tnp::min(c); },
                                        "tnp.min: complex arrays");
  expectThrow<tnp::NotImplementedError>([&] { tnp::argmax(c); },
                                        "tnp.argmax: complex arrays");
}

//===----------------------------------------------------------------------===//
// argmax, argmin
//===----------------------------------------------------------------------===//

TEST(Reductions, ArgmaxArgmin) {
  ndarray f = tnp::asarray({{3., -1., 7.}, {2., kNaN, 0.5}});
  // np.argmax(f): 4 (the NaN); np.argmax(f, 1): [2, 1]; np.argmin(f, 1):
  // [1, 1]; np.argmin(f, 0): [1, 1, 1]
  expectArray<int64_t>(tnp::argmax(f), tnp::int64, {}, {4});
  expectArray<int64_t>(tnp::argmax(f, 1), tnp::int64, {2}, {2, 1});
  expectArray<int64_t>(tnp::argmin(f, 1), tnp::int64, {2}, {1, 1});
  expectArray<int64_t>(tnp::argmin(f, 0), tnp::int64, {3}, {1, 1, 1});
  ndarray i8 = tnp::asarray({{5, -7, 3}, {-2, 9, -9}}, tnp::int8);
  // np.argmax(i8, None, keepdims=True): (1, 1) [4]
  expectArray<int64_t>(tnp::argmax(i8, std::nullopt, true), tnp::int64, {1, 1},
                       {4});
  // np.argmin(i8, -1, keepdims=True): (2, 1) [1, 2]
  expectArray<int64_t>(tnp::argmin(i8, -1, true), tnp::int64, {2, 1}, {1, 2});
  // np.argmax(np.array([1, 3, 3, 0, 3])): 1 (the first maximum)
  expectArray<int64_t>(tnp::argmax(tnp::asarray({1, 3, 3, 0, 3})), tnp::int64,
                       {}, {1});
  // np.argmin(np.array([2, 0, 5, 0])): 1
  expectArray<int64_t>(tnp::argmin(tnp::asarray({2, 0, 5, 0})), tnp::int64, {},
                       {1});
  // np.argmax(np.array([False, True, True])): 1
  expectArray<int64_t>(tnp::argmax(tnp::asarray({false, true, true})),
                       tnp::int64, {}, {1});
  // np.argmin(np.array([250, 3, 7], np.uint8)): 1
  expectArray<int64_t>(tnp::argmin(tnp::asarray({250, 3, 7}, tnp::uint8)),
                       tnp::int64, {}, {1});
  // np.argmax / np.argmin(np.array([1., np.nan, 3, np.nan])): 1, 1
  ndarray nans = tnp::asarray({1., kNaN, 3., kNaN});
  expectArray<int64_t>(tnp::argmax(nans), tnp::int64, {}, {1});
  expectArray<int64_t>(tnp::argmin(nans), tnp::int64, {}, {1});
  // np.argmax(np.array([-np.inf, -np.inf])): 0; np.argmin([inf, inf]): 0
  expectArray<int64_t>(tnp::argmax(tnp::asarray({-kInf, -kInf})), tnp::int64,
                       {}, {0});
  expectArray<int64_t>(tnp::argmin(tnp::asarray({kInf, kInf})), tnp::int64, {},
                       {0});
  // 0-d: np.argmax(np.array(1.5), axis=-1): 0; np.argmin(np.array(1.5),
  // axis=0, keepdims=True): 0, shape ()
  expectArray<int64_t>(tnp::argmax(tnp::asarray(1.5), -1), tnp::int64, {}, {0});
  expectArray<int64_t>(tnp::argmin(tnp::asarray(1.5), 0, true), tnp::int64, {},
                       {0});
  // np.zeros((0, 3)).argmax(axis=1): int64 (0,); np.zeros((3, 0)).argmax(0):
  // int64 (0,)
  expectArray<int64_t>(tnp::argmax(tnp::zeros({0, 3}), 1), tnp::int64, {0}, {});
  expectArray<int64_t>(tnp::argmax(tnp::zeros({3, 0}), 0), tnp::int64, {0}, {});
}

TEST(Reductions, ArgmaxErrors) {
  // np.zeros((0, 3)).argmax(axis=0) and .argmax(): ValueError
  expectThrow<tnp::ValueError>(
      [] {
        tnp::argmax(tnp::zeros({0, 3}), 0);
      },
      "attempt to get argmax of an empty sequence");
  expectThrow<tnp::ValueError>(
      [] {
        tnp::argmax(tnp::zeros({0, 3}));
      },
      "attempt to get argmax of an empty sequence");
  expectThrow<tnp::ValueError>([] { tnp::argmin(tnp::zeros({0})); },
                               "attempt to get argmin of an empty sequence");
  // np.argmax(np.ones((2, 2)), axis=2) / axis=-3: AxisError
  expectThrow<tnp::AxisError>(
      [] {
        tnp::argmax(tnp::ones({2, 2}), 2);
      },
      "axis 2 is out of bounds for array of dimension 2");
  expectThrow<tnp::AxisError>(
      [] {
        tnp::argmin(tnp::ones({2, 2}), -3);
      },
      "axis -3 is out of bounds for array of dimension 2");
  // np.argmax(np.array(1.5), axis=-2): AxisError (a 0-d array counts as 1-d)
  expectThrow<tnp::AxisError>(
      [] { tnp::argmax(tnp::asarray(1.5), -2); },
      "axis -2 is out of bounds for array of dimension 1");
}

//===----------------------------------------------------------------------===//
// any, all
//===----------------------------------------------------------------------===//

TEST(Reductions, AnyAll) {
  // a = np.array([[0., np.nan, 0.], [1., 2., 0.]])
  ndarray a = tnp::asarray({{0., kNaN, 0.}, {1., 2., 0.}});
  // np.any(a): True; np.any(a, 0): [True, True, False]; np.all(a, 1):
  // [False, False]; np.all(a): False; np.any(a, 1, keepdims=True): (2, 1)
  expectArray<bool>(tnp::any(a), tnp::bool_, {}, {true});
  expectArray<bool>(tnp::any(a, 0), tnp::bool_, {3}, {true, true, false});
  expectArray<bool>(tnp::all(a, 1), tnp::bool_, {2}, {false, false});
  expectArray<bool>(tnp::all(a), tnp::bool_, {}, {false});
  expectArray<bool>(tnp::any(a, 1, true), tnp::bool_, {2, 1}, {true, true});
  // np.all(np.array([1, 2, -3])): True; np.any(np.array([0j, 1j])): True
  expectArray<bool>(tnp::all(tnp::asarray({1, 2, -3})), tnp::bool_, {}, {true});
  expectArray<bool>(tnp::any(tnp::asarray({c128(0, 0), c128(0, 1)})),
                    tnp::bool_, {}, {true});
  // np.all(np.array([], float)): True; np.any(np.array([], float)): False
  expectArray<bool>(tnp::all(tnp::zeros({0})), tnp::bool_, {}, {true});
  expectArray<bool>(tnp::any(tnp::zeros({0})), tnp::bool_, {}, {false});
  // np.any(np.array([[True, False], [False, False]]), (0, 1)): True
  expectArray<bool>(
      tnp::any(tnp::asarray({{true, false}, {false, false}}), {0, 1}),
      tnp::bool_, {}, {true});
}

//===----------------------------------------------------------------------===//
// mean, var, std
//===----------------------------------------------------------------------===//

TEST(Reductions, Mean) {
  ndarray x = x24();
  // np.mean(x): float64 11.5; np.mean(x, 1): (2, 4); np.mean(x, (0, 2),
  // keepdims=True): (1, 3, 1)
  expectArray<double>(tnp::mean(x), tnp::float64, {}, {11.5});
  expectArray<double>(tnp::mean(x, 1), tnp::float64, {2, 4},
                      {4.0, 5.0, 6.0, 7.0, 16.0, 17.0, 18.0, 19.0});
  expectArray<double>(tnp::mean(x, {0, 2}, true), tnp::float64, {1, 3, 1},
                      {7.5, 11.5, 15.5});
  // np.mean(np.array([1, 2, 4], np.float32)): float32 2.3333332538604736
  expectArray<double>(tnp::mean(tnp::asarray({1, 2, 4}, tnp::float32)),
                      tnp::float32, {}, {2.3333332538604736}, 0);
  // np.mean(np.array([65504, 65504], np.float16)): float16 65504.0 (summed
  // in float32, so no overflow)
  expectArray<double>(tnp::mean(tnp::asarray({65504, 65504}, tnp::float16)),
                      tnp::float16, {}, {65504.0}, 0);
  // np.mean(np.array([0.1, 0.2, 0.7, 1.3, 2.9, 3.3], np.float16)):
  // float16 1.4169921875
  expectArray<double>(
      tnp::mean(tnp::asarray({0.1, 0.2, 0.7, 1.3, 2.9, 3.3}, tnp::float16)),
      tnp::float16, {}, {1.4169921875}, 0);
  // np.mean(np.array([True, False, True, True])): float64 0.75
  expectArray<double>(tnp::mean(tnp::asarray({true, false, true, true})),
                      tnp::float64, {}, {0.75});
  // np.mean(np.array([1+1j, 2+3j])): complex128 (1.5+2j)
  expectArray<c128>(tnp::mean(tnp::asarray({c128(1, 1), c128(2, 3)})),
                    tnp::complex128, {}, {c128(1.5, 2)});
  // np.mean(2): float64 2.0
  expectArray<double>(tnp::mean(2), tnp::float64, {}, {2.0});
}

TEST(Reductions, MeanEmptyIsNaN) {
  // np.mean(np.zeros((0, 3)), axis=0): [nan, nan, nan] (a warning, no error)
  expectArray<double>(tnp::mean(tnp::zeros({0, 3}), 0), tnp::float64, {3},
                      {kNaN, kNaN, kNaN});
  // np.mean(np.zeros((0, 3), int)): float64 nan
  expectArray<double>(tnp::mean(tnp::zeros({0, 3}, tnp::int64)), tnp::float64,
                      {}, {kNaN});
}

TEST(Reductions, VarStd) {
  // v = np.array([[1., 2., 4.], [3., 5., 9.]])
  ndarray v = tnp::asarray({{1., 2., 4.}, {3., 5., 9.}});
  // np.var(v): 6.666666666666667; np.std(v): 2.581988897471611
  expectArray<double>(tnp::var(v), tnp::float64, {}, {6.666666666666667});
  expectArray<double>(tnp::std(v), tnp::float64, {}, {2.581988897471611});
  // np.var(v, 1): [1.5555555555555554, 6.222222222222221]
  expectArray<double>(tnp::var(v, 1), tnp::float64, {2},
                      {1.5555555555555554, 6.222222222222221});
  // np.std(v, 0, ddof=1)
  expectArray<double>(
      tnp::std(v, 0, {/*ddof=*/1}), tnp::float64, {3},
      {1.4142135623730951, 2.1213203435596424, 3.5355339059327378});
  // np.var(v, 1, ddof=1, keepdims=True): (2, 1)
  expectArray<double>(tnp::var(v, -1, {1, /*keepdims=*/true}), tnp::float64,
                      {2, 1}, {2.333333333333333, 9.333333333333332});
  // np.var(np.array([1, 2, 3, 4], np.int8)): float64 1.25
  expectArray<double>(tnp::var(tnp::asarray({1, 2, 3, 4}, tnp::int8)),
                      tnp::float64, {}, {1.25});
  // np.std(np.array([2, 4, 4, 4, 5, 5, 7, 9], np.int16), ddof=1)
  expectArray<double>(
      tnp::std(tnp::asarray({2, 4, 4, 4, 5, 5, 7, 9}, tnp::int16), std::nullopt,
               {1}),
      tnp::float64, {}, {2.138089935299395});
  // np.var(np.array([1, 2, 3, 4], np.float32)): float32 1.25
  expectArray<double>(tnp::var(tnp::asarray({1, 2, 3, 4}, tnp::float32)),
                      tnp::float32, {}, {1.25});
  // np.std(np.array([1, 2, 3, 4], np.float16)): float16 1.1181640625
  expectArray<double>(tnp::std(tnp::asarray({1, 2, 3, 4}, tnp::float16)),
                      tnp::float16, {}, {1.1181640625}, 0);
  // np.var(np.array([1+1j, 3+2j])): float64 1.25
  expectArray<double>(tnp::var(tnp::asarray({c128(1, 1), c128(3, 2)})),
                      tnp::float64, {}, {1.25});
  // np.std(np.array([1+1j, 3+2j, -1j], np.complex64)): float32
  // 1.7638342380523682
  expectArray<double>(
      tnp::std(
          tnp::asarray({c128(1, 1), c128(3, 2), c128(0, -1)}, tnp::complex64)),
      tnp::float32, {}, {1.7638342380523682}, 1e-7);
  // np.std(np.arange(6.).reshape(2, 3), axis=()): zeros (2, 3)
  expectArray<double>(tnp::std(tnp::arange(6.).reshape({2, 3}), {}),
                      tnp::float64, {2, 3}, {0, 0, 0, 0, 0, 0});
}

TEST(Reductions, VarFloat16FollowsNumPy) {
  // NumPy's _var computes float16 in float16 (its sums accumulate in
  // float32), which here differs from computing in float32 and rounding:
  // r = np.array([1.2568359375, -1.3212890625, 6.40234375, 1.048828125,
  //               -5.35546875, 3.615234375], np.float16)
  // np.var(r): 13.6484375 (np.float16(np.var(r.astype(np.float32))) is
  // 13.640625); np.std(r): 3.6953125
  ndarray r = tnp::asarray({1.2568359375, -1.3212890625, 6.40234375,
                            1.048828125, -5.35546875, 3.615234375},
                           tnp::float16);
  expectArray<double>(tnp::var(r), tnp::float16, {}, {13.6484375}, 0);
  expectArray<double>(tnp::std(r), tnp::float16, {}, {3.6953125}, 0);
}

TEST(Reductions, VarDegenerate) {
  // np.var(np.array([1., 2.]), ddof=2): inf; np.var([1., 1.], ddof=2): nan;
  // np.var(np.array([1., 2.]), ddof=3): inf (N - ddof clipped at 0)
  expectArray<double>(tnp::var(tnp::asarray({1., 2.}), std::nullopt, {2}),
                      tnp::float64, {}, {kInf});
  expectArray<double>(tnp::var(tnp::asarray({1., 1.}), std::nullopt, {2}),
                      tnp::float64, {}, {kNaN});
  expectArray<double>(tnp::var(tnp::asarray({1., 2.}), std::nullopt, {3}),
                      tnp::float64, {}, {kInf});
  // np.std(np.zeros((0, 3))): nan; np.var(np.zeros((2, 0)), 1): [nan, nan]
  expectArray<double>(tnp::std(tnp::zeros({0, 3})), tnp::float64, {}, {kNaN});
  expectArray<double>(tnp::var(tnp::zeros({2, 0}), 1), tnp::float64, {2},
                      {kNaN, kNaN});
}

TEST(Reductions, SizeOneAxes) {
  // x = np.arange(6.).reshape(3, 1, 2): reductions over a size-1 axis
  ndarray x = tnp::arange(6.).reshape({3, 1, 2});
  // np.sum(x, 1): (3, 2) [0..5]; np.max(x, (1, 2)): [1., 3., 5.]
  expectArray<double>(tnp::sum(x, 1), tnp::float64, {3, 2}, {0, 1, 2, 3, 4, 5});
  expectArray<double>(tnp::max(x, {1, 2}), tnp::float64, {3}, {1, 3, 5});
  // np.argmax(x, 1): zeros (3, 2); np.argmin(x, 1, keepdims=True): (3, 1, 2)
  expectArray<int64_t>(tnp::argmax(x, 1), tnp::int64, {3, 2},
                       {0, 0, 0, 0, 0, 0});
  expectArray<int64_t>(tnp::argmin(x, 1, true), tnp::int64, {3, 1, 2},
                       {0, 0, 0, 0, 0, 0});
  // np.var(x, 1): zeros (3, 2); np.mean([[2.], [5.]], 1): [2., 5.]
  expectArray<double>(tnp::var(x, 1), tnp::float64, {3, 2}, {0, 0, 0, 0, 0, 0});
  expectArray<double>(tnp::mean(tnp::asarray({{2.}, {5.}}), 1), tnp::float64,
                      {2}, {2, 5});
  // np.all(np.array([[0], [3]]), 1): [False, True]
  expectArray<bool>(tnp::all(tnp::asarray({{0}, {3}}), 1), tnp::bool_, {2},
                    {false, true});
  // np.sum(np.array([7], np.int8)): int64 7; np.prod(np.full((1, 1), 3.)):
  // 3.0
  expectArray<int64_t>(tnp::sum(tnp::asarray({7}, tnp::int8)), tnp::int64, {},
                       {7});
  expectArray<double>(tnp::prod(tnp::full({1, 1}, 3.)), tnp::float64, {},
                      {3.0});
}

//===----------------------------------------------------------------------===//
// Axis errors and 0-d arrays
//===----------------------------------------------------------------------===//

TEST(Reductions, AxisErrors) {
  ndarray x = tnp::ones({2, 2});
  // np.sum(x, axis=2), axis=-3: AxisError
  expectThrow<tnp::AxisError>(
      [&] { tnp::sum(x, 2); },
      "axis 2 is out of bounds for array of dimension 2");
  expectThrow<tnp::AxisError>(
      [&] { tnp::prod(x, -3); },
      "axis -3 is out of bounds for array of dimension 2");
  // np.sum(x, axis=(0, 0)), (0, -2): ValueError
  expectThrow<tnp::ValueError>(
      [&] {
        tnp::sum(x, {0, 0});
      },
      "duplicate value in 'axis'");
  expectThrow<tnp::ValueError>(
      [&] {
        tnp::max(x, {0, -2});
      },
      "duplicate value in 'axis'");
  // np.sum(x, axis=(0, 0, 5)): AxisError (bounds are checked first)
  expectThrow<tnp::AxisError>(
      [&] {
        tnp::any(x, {0, 0, 5});
      },
      "axis 5 is out of bounds for array of dimension 2");
  // np.mean(x, axis=5), np.mean(x, axis=(0, 0)), np.std(x, axis=(0, 5)),
  // np.std(x, axis=(1, -1))
  expectThrow<tnp::AxisError>(
      [&] { tnp::mean(x, 5); },
      "axis 5 is out of bounds for array of dimension 2");
  expectThrow<tnp::ValueError>(
      [&] {
        tnp::mean(x, {0, 0});
      },
      "duplicate value in 'axis'");
  expectThrow<tnp::AxisError>(
      [&] {
        tnp::std(x, {0, 5});
      },
      "axis 5 is out of bounds for array of dimension 2");
  expectThrow<tnp::ValueError>(
      [&] {
        tnp::var(x, {1, -1});
      },
      "duplicate value in 'axis'");
  expectThrow<tnp::AxisError>(
      [&] { tnp::all(x, -3); },
      "axis -3 is out of bounds for array of dimension 2");
  expectThrow<tnp::AxisError>(
      [&] { tnp::min(x, 2); },
      "axis 2 is out of bounds for array of dimension 2");
}

TEST(Reductions, ZeroDimensional) {
  ndarray z = tnp::asarray(1.5);
  // np.sum(np.array(1.5), axis=0) and axis=-1: 1.5 (ufunc reductions let a
  // single 0 or -1 through on 0-d arrays); keepdims keeps shape ()
  expectArray<double>(tnp::sum(z, 0), tnp::float64, {}, {1.5});
  expectArray<double>(tnp::max(z, -1, true), tnp::float64, {}, {1.5});
  expectArray<bool>(tnp::any(z, 0), tnp::bool_, {}, {true});
  // np.sum(np.array(1.5), axis=(0,)), axis=1: AxisError
  expectThrow<tnp::AxisError>(
      [&] { tnp::sum(z, {0}); },
      "axis 0 is out of bounds for array of dimension 0");
  expectThrow<tnp::AxisError>(
      [&] { tnp::sum(z, 1); },
      "axis 1 is out of bounds for array of dimension 0");
  // np.mean(np.array(1.5), axis=0), np.std(...): AxisError
  expectThrow<tnp::AxisError>(
      [&] { tnp::mean(z, 0); },
      "axis 0 is out of bounds for array of dimension 0");
  expectThrow<tnp::AxisError>(
      [&] { tnp::std(z, 0); },
      "axis 0 is out of bounds for array of dimension 0");
  // np.mean(np.array(1.5), axis=()): 1.5; np.max(3.5): 3.5
  expectArray<double>(tnp::mean(z, {}), tnp::float64, {}, {1.5});
  expectArray<double>(tnp::max(3.5), tnp::float64, {}, {3.5});
}

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

TEST(Linalg, Matmul2d) {
  // np.arange(6).reshape(2, 3) @ np.arange(6).reshape(3, 2): int64
  expectArray<int64_t>(tnp::matmul(tnp::arange(6).reshape({2, 3}),
                                   tnp::arange(6).reshape({3, 2})),
                       tnp::int64, {2, 2}, {10, 13, 28, 40});
  // (np.arange(6.).reshape(2, 3) * 0.5) @ (np.arange(12.).reshape(3, 4) - 3)
  expectArray<double>(tnp::matmul(tnp::arange(6.).reshape({2, 3}) * 0.5,
                                  tnp::arange(12.).reshape({3, 4}) - 3),
                      tnp::float64, {2, 4},
                      {5.5, 7.0, 8.5, 10.0, 10.0, 16.0, 22.0, 28.0});
}

TEST(Linalg, MatmulVectors) {
  ndarray v3 = tnp::asarray({1., 2., 3.});
  ndarray af = tnp::arange(6.).reshape({2, 3}) * 0.5;
  ndarray bf = tnp::arange(12.).reshape({3, 4}) - 3;
  ndarray t = tnp::arange(24.).reshape({2, 3, 4});
  // v3 @ v3: () 14.0; af @ v3: (2,); v3 @ bf: (4,)
  expectArray<double>(tnp::matmul(v3, v3), tnp::float64, {}, {14.0});
  expectArray<double>(tnp::matmul(af, v3), tnp::float64, {2}, {4.0, 13.0});
  expectArray<double>(tnp::matmul(v3, bf), tnp::float64, {4},
                      {14.0, 20.0, 26.0, 32.0});
  // np.arange(24.).reshape(2, 3, 4) @ np.array([1., 0., -1., 2.]): (2, 3)
  expectArray<double>(tnp::matmul(t, tnp::asarray({1., 0., -1., 2.})),
                      tnp::float64, {2, 3},
                      {4.0, 12.0, 20.0, 28.0, 36.0, 44.0});
  // v3 @ np.arange(24.).reshape(2, 3, 4): (2, 4)
  expectArray<double>(tnp::matmul(v3, t), tnp::float64, {2, 4},
                      {32.0, 38.0, 44.0, 50.0, 104.0, 110.0, 116.0, 122.0});
}

TEST(Linalg, MatmulBatchBroadcast) {
  // np.arange(12.).reshape(2, 1, 2, 3) @ np.arange(60.).reshape(5, 3, 4):
  // (2, 5, 2, 4)
  expectArray<double>(
      tnp::matmul(tnp::arange(12.).reshape({2, 1, 2, 3}),
                  tnp::arange(60.).reshape({5, 3, 4})),
      tnp::float64, {2, 5, 2, 4},
      {20.0,   23.0,   26.0,   29.0,   56.0,   68.0,   80.0,   92.0,   56.0,
       59.0,   62.0,   65.0,   200.0,  212.0,  224.0,  236.0,  92.0,   95.0,
       98.0,   101.0,  344.0,  356.0,  368.0,  380.0,  128.0,  131.0,  134.0,
       137.0,  488.0,  500.0,  512.0,  524.0,  164.0,  167.0,  170.0,  173.0,
       632.0,  644.0,  656.0,  668.0,  92.0,   113.0,  134.0,  155.0,  128.0,
       158.0,  188.0,  218.0,  344.0,  365.0,  386.0,  407.0,  488.0,  518.0,
       548.0,  578.0,  596.0,  617.0,  638.0,  659.0,  848.0,  878.0,  908.0,
       938.0,  848.0,  869.0,  890.0,  911.0,  1208.0, 1238.0, 1268.0, 1298.0,
       1100.0, 1121.0, 1142.0, 1163.0, 1568.0, 1598.0, 1628.0, 1658.0});
  // np.arange(6.).reshape(2, 3) @ np.arange(60.).reshape(4, 3, 5): (4, 2, 5)
  expectArray<double>(tnp::matmul(tnp::arange(6.).reshape({2, 3}),
                                  tnp::arange(60.).reshape({4, 3, 5})),
                      tnp::float64, {4, 2, 5},
                      {25.0,  28.0,  31.0,  34.0,  37.0,  70.0,  82.0,  94.0,
                       106.0, 118.0, 70.0,  73.0,  76.0,  79.0,  82.0,  250.0,
                       262.0, 274.0, 286.0, 298.0, 115.0, 118.0, 121.0, 124.0,
                       127.0, 430.0, 442.0, 454.0, 466.0, 478.0, 160.0, 163.0,
                       166.0, 169.0, 172.0, 610.0, 622.0, 634.0, 646.0, 658.0});
  // np.matmul(np.ones((1, 2, 3)), np.ones((3, 4))).shape: (1, 2, 4)
  EXPECT_EQ(tnp::matmul(tnp::ones({1, 2, 3}), tnp::ones({3, 4})).shape(),
            (shape_t{1, 2, 4}));
}

TEST(Linalg, MatmulDTypes) {
  // np.array([[True, False], [False, False]]) @ np.array([[True, False],
  // [True, True]]): bool [True, False, False, False]
  expectArray<bool>(tnp::matmul(tnp::asarray({{true, false}, {false, false}}),
                                tnp::asarray({{true, false}, {true, true}})),
                    tnp::bool_, {2, 2}, {true, false, false, false});
  // np.full((2, 2), 100, np.int8) @ np.full((2, 2), 2, np.int8): int8 -112
  expectArray<int64_t>(tnp::matmul(tnp::full({2, 2}, 100, tnp::int8),
                                   tnp::full({2, 2}, 2, tnp::int8)),
                       tnp::int8, {2, 2}, {-112, -112, -112, -112});
  // np.ones((2, 2), np.int32) @ (np.ones((2, 2), np.float32) * 0.5): float64
  expectArray<double>(tnp::matmul(tnp::ones({2, 2}, tnp::int32),
                                  tnp::ones({2, 2}, tnp::float32) * 0.5),
                      tnp::float64, {2, 2}, {1.0, 1.0, 1.0, 1.0});
  // np.ones((2, 0)) @ np.ones((0, 3)): zeros (2, 3)
  expectArray<double>(tnp::matmul(tnp::ones({2, 0}), tnp::ones({0, 3})),
                      tnp::float64, {2, 3}, {0, 0, 0, 0, 0, 0});
}

TEST(Linalg, MatmulErrors) {
  // np.matmul(np.ones((2, 3)), np.ones((4, 5))), and with 1-d operands
  const char *core = "matmul: Input operand 1 has a mismatch in its core "
                     "dimension 0, with gufunc signature "
                     "(n?,k),(k,m?)->(n?,m?) (size 4 is different from 3)";
  expectThrow<tnp::ValueError>(
      [] {
        tnp::matmul(tnp::ones({2, 3}), tnp::ones({4, 5}));
      },
      core);
  expectThrow<tnp::ValueError>(
      [] { tnp::matmul(tnp::ones({3}), tnp::ones({4})); }, core);
  expectThrow<tnp::ValueError>(
      [] {
        tnp::matmul(tnp::ones({2, 3}), tnp::ones({4}));
      },
      core);
  expectThrow<tnp::ValueError>(
      [] {
        tnp::matmul(tnp::ones({3}), tnp::ones({4, 5}));
      },
      core);
  // np.matmul(np.ones((2, 2, 3)), np.ones((3, 4, 4))): the core error first
  expectThrow<tnp::ValueError>(
      [] {
        tnp::matmul(tnp::ones({2, 2, 3}), tnp::ones({3, 4, 4}));
      },
      core);
  // np.matmul(np.ones(()), np.ones(3)), np.matmul(np.ones(3), np.ones(()))
  expectThrow<tnp::ValueError>(
      [] { tnp::matmul(tnp::ones({}), tnp::ones({3})); },
      "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc "
      "core with signature (n?,k),(k,m?)->(n?,m?) requires 1)");
  expectThrow<tnp::ValueError>(
      [] { tnp::matmul(tnp::ones({3}), 2.0); },
      "matmul: Input operand 1 does not have enough dimensions (has 0, gufunc "
      "core with signature (n?,k),(k,m?)->(n?,m?) requires 1)");
  // np.matmul(np.ones((2, 2, 3)), np.ones((3, 3, 4)))
  expectThrow<tnp::ValueError>(
      [] {
        tnp::matmul(tnp::ones({2, 2, 3}), tnp::ones({3, 3, 4}));
      },
      "operands could not be broadcast together with remapped shapes "
      "[original->remapped]: (2,2,3)->(2,newaxis,newaxis) "
      "(3,3,4)->(3,newaxis,newaxis)  and requested shape (2,4)");
  // np.matmul(np.ones((3, 3, 4)), np.ones((5, 2, 4, 3)))
  expectThrow<tnp::ValueError>(
      [] {
        tnp::matmul(tnp::ones({3, 3, 4}), tnp::ones({5, 2, 4, 3}));
      },
      "operands could not be broadcast together with remapped shapes "
      "[original->remapped]: (3,3,4)->(3,newaxis,newaxis) "
      "(5,2,4,3)->(5,2,newaxis,newaxis)  and requested shape (3,3)");
}

//===----------------------------------------------------------------------===//
// dot, tensordot, outer
//===----------------------------------------------------------------------===//

TEST(Linalg, Dot) {
  ndarray v3 = tnp::asarray({1., 2., 3.});
  // np.dot(v3, [4., 5., 6.]): 32.0
  expectArray<double>(tnp::dot(v3, tnp::asarray({4., 5., 6.})), tnp::float64,
                      {}, {32.0});
  // np.dot(np.arange(6).reshape(2, 3), v3): float64 [8., 26.]
  expectArray<double>(tnp::dot(tnp::arange(6).reshape({2, 3}), v3),
                      tnp::float64, {2}, {8.0, 26.0});
  // np.dot(v3, np.arange(6).reshape(3, 2)): float64 [16., 22.]
  expectArray<double>(tnp::dot(v3, tnp::arange(6).reshape({3, 2})),
                      tnp::float64, {2}, {16.0, 22.0});
  // T = np.dot(np.arange(24).reshape(2, 3, 4), np.arange(120).reshape(5, 4,
  // 6)): int64 (2, 3, 5, 6), T.sum() 498060, T[1,2,4,5] 9490, T[0,1,3,2] 1856
  ndarray t = tnp::dot(tnp::arange(24).reshape({2, 3, 4}),
                       tnp::arange(120).reshape({5, 4, 6}));
  EXPECT_EQ(t.dtype(), tnp::int64);
  EXPECT_EQ(t.shape(), (shape_t{2, 3, 5, 6}));
  std::vector<int64_t> tv = t.to_vector<int64_t>();
  int64_t total = 0;
  for (int64_t e : tv)
    total += e;
  EXPECT_EQ(total, 498060);
  EXPECT_EQ(tv[((1 * 3 + 2) * 5 + 4) * 6 + 5], 9490);
  EXPECT_EQ(tv[((0 * 3 + 1) * 5 + 3) * 6 + 2], 1856);
  // np.dot(3, np.ones(2)): [3., 3.]
  expectArray<double>(tnp::dot(3, tnp::ones({2})), tnp::float64, {2},
                      {3.0, 3.0});
  // np.dot(np.array([1, 2], np.int8), 3) is int64 [3, 6]; a C++ scalar is
  // weak in tnp, so tnp keeps int8 (documented difference).
  expectArray<int64_t>(tnp::dot(tnp::asarray({1, 2}, tnp::int8), 3), tnp::int8,
                       {2}, {3, 6});
  // np.dot(np.array([1, 2], np.int8), np.array(3)): int64 [3, 6]
  expectArray<int64_t>(
      tnp::dot(tnp::asarray({1, 2}, tnp::int8), tnp::asarray(3)), tnp::int64,
      {2}, {3, 6});
}

TEST(Linalg, DotErrors) {
  // np.dot(np.ones(3), np.ones(4)), ((2,3), (4,5)), ((2,3), (4,)),
  // ((3,), (4,5))
  expectThrow<tnp::ValueError>(
      [] { tnp::dot(tnp::ones({3}), tnp::ones({4})); },
      "shapes (3,) and (4,) not aligned: 3 (dim 0) != 4 (dim 0)");
  expectThrow<tnp::ValueError>(
      [] {
        tnp::dot(tnp::ones({2, 3}), tnp::ones({4, 5}));
      },
      "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)");
  expectThrow<tnp::ValueError>(
      [] {
        tnp::dot(tnp::ones({2, 3}), tnp::ones({4}));
      },
      "shapes (2,3) and (4,) not aligned: 3 (dim 1) != 4 (dim 0)");
  expectThrow<tnp::ValueError>(
      [] {
        tnp::dot(tnp::ones({3}), tnp::ones({4, 5}));
      },
      "shapes (3,) and (4,5) not aligned: 3 (dim 0) != 4 (dim 0)");
  // np.dot(np.ones((2, 3, 4)), np.ones((5, 3, 6))): contracts 4 with 3
  expectThrow<tnp::ValueError>(
      [] {
        tnp::dot(tnp::ones({2, 3, 4}), tnp::ones({5, 3, 6}));
      },
      "shapes (2,3,4) and (5,3,6) not aligned: 4 (dim 2) != 3 (dim 1)");
}

TEST(Linalg, Tensordot) {
  // np.tensordot(np.arange(24.).reshape(2, 3, 4), np.arange(36.).reshape(3,
  // 4, 3)): (2, 3)
  expectArray<double>(tnp::tensordot(tnp::arange(24.).reshape({2, 3, 4}),
                                     tnp::arange(36.).reshape({3, 4, 3})),
                      tnp::float64, {2, 3},
                      {1518.0, 1584.0, 1650.0, 3894.0, 4104.0, 4314.0});
  // np.tensordot(np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2), 1)
  expectArray<int64_t>(tnp::tensordot(tnp::arange(6).reshape({2, 3}),
                                      tnp::arange(6).reshape({3, 2}), 1),
                       tnp::int64, {2, 2}, {10, 13, 28, 40});
  // np.tensordot(np.arange(24.).reshape(2, 3, 4), np.arange(24.).reshape(3,
  // 2, 4), ([1, 0], [0, 1])): (4, 4)
  expectArray<double>(
      tnp::tensordot(tnp::arange(24.).reshape({2, 3, 4}),
                     tnp::arange(24.).reshape({3, 2, 4}), {{1, 0}, {0, 1}}),
      tnp::float64, {4, 4},
      {800.0, 860.0, 920.0, 980.0, 860.0, 926.0, 992.0, 1058.0, 920.0, 992.0,
       1064.0, 1136.0, 980.0, 1058.0, 1136.0, 1214.0});
  // np.tensordot(np.ones((2, 3, 4)), np.ones((4, 3, 2)), ([-1], [0])).shape:
  // (2, 3, 3, 2)
  EXPECT_EQ(
      tnp::tensordot(tnp::ones({2, 3, 4}), tnp::ones({4, 3, 2}), {{-1}, {0}})
          .shape(),
      (shape_t{2, 3, 3, 2}));
  // np.tensordot(np.array([1, 2]), np.array([3, 4, 5]), 0): outer, and -1 too
  expectArray<int64_t>(
      tnp::tensordot(tnp::asarray({1, 2}), tnp::asarray({3, 4, 5}), 0),
      tnp::int64, {2, 3}, {3, 4, 5, 6, 8, 10});
  EXPECT_EQ(tnp::tensordot(tnp::ones({2, 3}), tnp::ones({3, 5}), -1).shape(),
            (shape_t{2, 3, 3, 5}));
}

TEST(Linalg, TensordotErrors) {
  ndarray a = tnp::ones({2, 3}), b = tnp::ones({3, 5});
  // np.tensordot(np.ones((2, 3)), np.ones((4, 5))): ValueError
  expectThrow<tnp::ValueError>(
      [] {
        tnp::tensordot(tnp::ones({2, 3}), tnp::ones({4, 5}));
      },
      "shape-mismatch for sum");
  // np.tensordot(a, b, ([1], [0, 1])): ValueError
  expectThrow<tnp::ValueError>(
      [&] {
        tnp::tensordot(a, b, {{1}, {0, 1}});
      },
      "shape-mismatch for sum");
  // np.tensordot(a, b, 3), np.tensordot(a, b, ([2], [0])): IndexError
  expectThrow<tnp::IndexError>([&] { tnp::tensordot(a, b, 3); },
                               "tuple index out of range");
  expectThrow<tnp::IndexError>(
      [&] {
        tnp::tensordot(a, b, {{2}, {0}});
      },
      "tuple index out of range");
  // np.tensordot(a, b, ([1, 1], [0, 0])): ValueError
  expectThrow<tnp::ValueError>(
      [&] {
        tnp::tensordot(a, b, {{1, 1}, {0, 0}});
      },
      "axes don't match array");
}

TEST(Linalg, Outer) {
  // np.outer(np.array([1, 2, 3]), np.array([4, 5])): int64 (3, 2)
  expectArray<int64_t>(
      tnp::outer(tnp::asarray({1, 2, 3}), tnp::asarray({4, 5})), tnp::int64,
      {3, 2}, {4, 5, 8, 10, 12, 15});
  // np.outer(np.arange(4).reshape(2, 2), np.array([1, -1])): flattened first
  expectArray<int64_t>(
      tnp::outer(tnp::arange(4).reshape({2, 2}), tnp::asarray({1, -1})),
      tnp::int64, {4, 2}, {0, 0, 1, -1, 2, -2, 3, -3});
  // np.outer(np.array([True, False]), np.array([True, True])): bool
  expectArray<bool>(
      tnp::outer(tnp::asarray({true, false}), tnp::asarray({true, true})),
      tnp::bool_, {2, 2}, {true, true, false, false});
  // np.outer(np.array([100, 2], np.int8), np.array([3], np.int8)): int8
  // [44, 6] (wraps)
  expectArray<int64_t>(tnp::outer(tnp::asarray({100, 2}, tnp::int8),
                                  tnp::asarray({3}, tnp::int8)),
                       tnp::int8, {2, 1}, {44, 6});
  // np.outer(2, np.ones(3, np.int8)).dtype: int64 (np.asarray(2) is int64)
  EXPECT_EQ(tnp::outer(2, tnp::ones({3}, tnp::int8)).dtype(), tnp::int64);
}

TEST(Linalg, SizeOneContractions) {
  // np.dot([2.], [3.]): 6.0; np.einsum('i,i', [2.], [3.]): 6.0
  expectArray<double>(tnp::dot(tnp::asarray({2.}), tnp::asarray({3.})),
                      tnp::float64, {}, {6.0});
  expectArray<double>(
      tnp::einsum("i,i", tnp::asarray({2.}), tnp::asarray({3.})), tnp::float64,
      {}, {6.0});
  // np.arange(2.).reshape(2, 1) @ np.arange(3.).reshape(1, 3): (2, 3)
  expectArray<double>(tnp::matmul(tnp::arange(2.).reshape({2, 1}),
                                  tnp::arange(3.).reshape({1, 3})),
                      tnp::float64, {2, 3}, {0, 0, 0, 0, 1, 2});
  // np.tensordot(np.arange(3.).reshape(3, 1), np.arange(2.).reshape(1, 2), 1)
  expectArray<double>(tnp::tensordot(tnp::arange(3.).reshape({3, 1}),
                                     tnp::arange(2.).reshape({1, 2}), 1),
                      tnp::float64, {3, 2}, {0, 0, 0, 1, 0, 2});
  // np.einsum('ij->i', np.array([[4.], [5.]])): [4., 5.]
  expectArray<double>(tnp::einsum("ij->i", tnp::asarray({{4.}, {5.}})),
                      tnp::float64, {2}, {4, 5});
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

TEST(Linalg, Einsum) {
  ndarray a = tnp::arange(6.).reshape({2, 3});
  ndarray b = tnp::arange(12.).reshape({3, 4}) - 3;
  std::vector<double> ab = {11.0, 14.0, 17.0, 20.0, 20.0, 32.0, 44.0, 56.0};
  // np.einsum('ij,jk->ik', a, b) and implicit 'ij,jk'
  expectArray<double>(tnp::einsum("ij,jk->ik", a, b), tnp::float64, {2, 4}, ab);
  expectArray<double>(tnp::einsum("ij,jk", a, b), tnp::float64, {2, 4}, ab);
  // np.einsum('bij,bjk->bik', np.arange(12.).reshape(2, 2, 3),
  // np.arange(24.).reshape(2, 3, 4))
  expectArray<double>(tnp::einsum("bij,bjk->bik",
                                  tnp::arange(12.).reshape({2, 2, 3}),
                                  tnp::arange(24.).reshape({2, 3, 4})),
                      tnp::float64, {2, 2, 4},
                      {20.0, 23.0, 26.0, 29.0, 56.0, 68.0, 80.0, 92.0, 344.0,
                       365.0, 386.0, 407.0, 488.0, 518.0, 548.0, 578.0});
  // np.einsum('i,i->', [1., 2., 3.], [4., 5., 6.]): 32.0
  expectArray<double>(tnp::einsum("i,i->", tnp::asarray({1., 2., 3.}),
                                  tnp::asarray({4., 5., 6.})),
                      tnp::float64, {}, {32.0});
  // np.einsum('ij->ji', a), 'ba' (implicit: sorted letters), ' i j -> j i '
  std::vector<double> at = {0.0, 3.0, 1.0, 4.0, 2.0, 5.0};
  expectArray<double>(tnp::einsum("ij->ji", a), tnp::float64, {3, 2}, at);
  expectArray<double>(tnp::einsum("ba", a), tnp::float64, {3, 2}, at);
  expectArray<double>(tnp::einsum(" i j -> j i ", a), tnp::float64, {3, 2}, at);
  // np.einsum('Ba', a): (2, 3), uppercase sorts first
  expectArray<double>(tnp::einsum("Ba", a), tnp::float64, {2, 3},
                      {0, 1, 2, 3, 4, 5});
  // np.einsum('ij->', a): 15.0; np.einsum('ij->j', a): [3., 5., 7.]
  expectArray<double>(tnp::einsum("ij->", a), tnp::float64, {}, {15.0});
  expectArray<double>(tnp::einsum("ij->j", a), tnp::float64, {3},
                      {3.0, 5.0, 7.0});
  // np.einsum('i,j->ij', [1, 2], [3, 4, 5]), 'i,j->ji'
  expectArray<int64_t>(
      tnp::einsum("i,j->ij", tnp::asarray({1, 2}), tnp::asarray({3, 4, 5})),
      tnp::int64, {2, 3}, {3, 4, 5, 6, 8, 10});
  expectArray<int64_t>(
      tnp::einsum("i,j->ji", tnp::asarray({1, 2}), tnp::asarray({3, 4, 5})),
      tnp::int64, {3, 2}, {3, 6, 4, 8, 5, 10});
  // np.einsum('ij,ij->', a, a): 55.0; 'ij,kl->': 225.0; 'ij,ij->ij';
  // 'ik,jk->ij'; 'ij,j->i' with [1., 0., 2.]
  expectArray<double>(tnp::einsum("ij,ij->", a, a), tnp::float64, {}, {55.0});
  expectArray<double>(tnp::einsum("ij,kl->", a, a), tnp::float64, {}, {225.0});
  expectArray<double>(tnp::einsum("ij,ij->ij", a, a), tnp::float64, {2, 3},
                      {0.0, 1.0, 4.0, 9.0, 16.0, 25.0});
  expectArray<double>(tnp::einsum("ik,jk->ij", a, a), tnp::float64, {2, 2},
                      {5.0, 14.0, 14.0, 50.0});
  expectArray<double>(tnp::einsum("ij,j->i", a, tnp::asarray({1., 0., 2.})),
                      tnp::float64, {2}, {4.0, 13.0});
  // np.einsum('bij->bji', np.arange(12.).reshape(2, 2, 3))
  expectArray<double>(
      tnp::einsum("bij->bji", tnp::arange(12.).reshape({2, 2, 3})),
      tnp::float64, {2, 3, 2},
      {0.0, 3.0, 1.0, 4.0, 2.0, 5.0, 6.0, 9.0, 7.0, 10.0, 8.0, 11.0});
  // np.einsum('ij,jk->ik', np.array([[1.], [2.]]), np.arange(12.).reshape(3,
  // 4)): size-1 j broadcasts
  expectArray<double>(tnp::einsum("ij,jk->ik", tnp::asarray({{1.}, {2.}}),
                                  tnp::arange(12.).reshape({3, 4})),
                      tnp::float64, {2, 4},
                      {12.0, 15.0, 18.0, 21.0, 24.0, 30.0, 36.0, 42.0});
  // np.einsum('ij,jk->ik', np.ones((2, 0)), np.ones((0, 4))): zeros (2, 4)
  expectArray<double>(
      tnp::einsum("ij,jk->ik", tnp::ones({2, 0}), tnp::ones({0, 4})),
      tnp::float64, {2, 4}, {0, 0, 0, 0, 0, 0, 0, 0});
}

TEST(Linalg, EinsumDiagonal) {
  // np.einsum('ii->i', np.array([[1., np.nan], [np.inf, 4.]])): [1., 4.]
  expectArray<double>(
      tnp::einsum("ii->i", tnp::asarray({{1., kNaN}, {kInf, 4.}})),
      tnp::float64, {2}, {1.0, 4.0});
  // np.einsum('ii', np.arange(9.).reshape(3, 3)): 12.0 (the trace)
  expectArray<double>(tnp::einsum("ii", tnp::arange(9.).reshape({3, 3})),
                      tnp::float64, {}, {12.0});
  // np.einsum('iij->ji', np.arange(8).reshape(2, 2, 2)): [0, 6, 1, 7]
  expectArray<int64_t>(
      tnp::einsum("iij->ji", tnp::arange(8).reshape({2, 2, 2})), tnp::int64,
      {2, 2}, {0, 6, 1, 7});
  // np.einsum('ij,jj->i', np.arange(4).reshape(2, 2), same): [3, 9]
  expectArray<int64_t>(tnp::einsum("ij,jj->i", tnp::arange(4).reshape({2, 2}),
                                   tnp::arange(4).reshape({2, 2})),
                       tnp::int64, {2}, {3, 9});
  // np.einsum('ii->i', np.array([[True, False], [True, False]])): bool
  // [True, False]
  expectArray<bool>(
      tnp::einsum("ii->i", tnp::asarray({{true, false}, {true, false}})),
      tnp::bool_, {2}, {true, false});
}

TEST(Linalg, EinsumDTypes) {
  // np.einsum('ij,jk->ik', [[T, F], [F, T]], [[F, T], [F, F]]): bool
  expectArray<bool>(tnp::einsum("ij,jk->ik",
                                tnp::asarray({{true, false}, {false, true}}),
                                tnp::asarray({{false, true}, {false, false}})),
                    tnp::bool_, {2, 2}, {false, true, false, false});
  // np.einsum('ij->i', np.array([[False, True], [False, False]])): bool
  expectArray<bool>(
      tnp::einsum("ij->i", tnp::asarray({{false, true}, {false, false}})),
      tnp::bool_, {2}, {true, false});
  // np.einsum('ij->', np.full((2, 2), 100, np.int8)): int8 -112 (wraps)
  expectArray<int64_t>(tnp::einsum("ij->", tnp::full({2, 2}, 100, tnp::int8)),
                       tnp::int8, {}, {-112});
  // np.einsum('i,i', np.array([1, 2], np.int8), np.array([0.5, 0.25],
  // np.float32)): float32 1.0
  expectArray<double>(tnp::einsum("i,i", tnp::asarray({1, 2}, tnp::int8),
                                  tnp::asarray({0.5, 0.25}, tnp::float32)),
                      tnp::float32, {}, {1.0});
  // np.einsum('ij,jk->ik', int8 (2, 3), int8 (3, 4)).dtype: int8
  EXPECT_EQ(tnp::einsum("ij,jk->ik", tnp::ones({2, 3}, tnp::int8),
                        tnp::ones({3, 4}, tnp::int8))
                .dtype(),
            tnp::int8);
  // np.einsum('i,->i', np.array([1, 2], np.int8), 3): int8 [3, 6]
  expectArray<int64_t>(tnp::einsum("i,->i", tnp::asarray({1, 2}, tnp::int8), 3),
                       tnp::int8, {2}, {3, 6});
}

TEST(Linalg, EinsumErrors) {
  ndarray a = tnp::ones({2, 3}), b = tnp::ones({3, 4});
  // np.einsum('ij,jk->iz', a, b)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij,jk->iz", a, b); },
      "einstein sum subscripts string included output subscript 'z' which "
      "never appeared in an input");
  // np.einsum('ij,jk->ii', a, b), np.einsum('i->i->i', np.ones(3))
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij,jk->ii", a, b); },
      "einstein sum subscripts string includes output subscript 'i' multiple "
      "times");
  expectThrow<tnp::ValueError>(
      [] { tnp::einsum("i->i->i", tnp::ones({3})); },
      "einstein sum subscripts string includes output subscript 'i' multiple "
      "times");
  // np.einsum('ij,jk->ik', a): NumPy's words (sic)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij,jk->ik", a); },
      "more operands provided to einstein sum function than specified in the "
      "subscripts string");
  // np.einsum('ij->ij', a, b)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij->ij", a, b); },
      "fewer operands provided to einstein sum function than specified in the "
      "subscripts string");
  // np.einsum('ijk->ij', a)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ijk->ij", a); },
      "einstein sum subscripts string contains too many subscripts for "
      "operand 0");
  // np.einsum('ij,jk->ik', a, 2.5)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij,jk->ik", a, 2.5); },
      "einstein sum subscripts string contains too many subscripts for "
      "operand 1");
  // np.einsum('i->i', a)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("i->i", a); },
      "operand has more dimensions than subscripts given in einstein sum, but "
      "no '...' ellipsis provided to broadcast the extra dimensions.");
  // np.einsum('i1->i', a), np.einsum('ij->j>i', a)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("i1->i", a); },
      "invalid subscript '1' in einstein sum subscripts string, subscripts "
      "must be letters");
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij->j>i", a); },
      "invalid subscript '>' in einstein sum subscripts string, subscripts "
      "must be letters");
  // np.einsum('ij-ji', a)
  expectThrow<tnp::ValueError>(
      [&] { tnp::einsum("ij-ji", a); },
      "einstein sum subscript string does not contain proper '->' output "
      "specified");
  // np.einsum('ii->i', np.ones((2, 3))), np.einsum('ij,jj->i', np.ones((2,
  // 2)), np.ones((2, 3)))
  expectThrow<tnp::ValueError>(
      [] {
        tnp::einsum("ii->i", tnp::ones({2, 3}));
      },
      "dimensions in single operand for collapsing index 'i' don't match (2 "
      "!= 3)");
  expectThrow<tnp::ValueError>(
      [] {
        tnp::einsum("ij,jj->i", tnp::ones({2, 2}), tnp::ones({2, 3}));
      },
      "dimensions in operand 1 for collapsing index 'j' don't match (2 != 3)");
  // np.einsum('ij,jk->ik', np.ones((2, 3)), np.ones((4, 5)))
  expectThrow<tnp::ValueError>(
      [] {
        tnp::einsum("ij,jk->ik", tnp::ones({2, 3}), tnp::ones({4, 5}));
      },
      "operands could not be broadcast together with remapped shapes "
      "[original->remapped]: (2,3)->(2,newaxis,3) (4,5)->(5,4) ");
  // np.einsum('zb,by->', np.ones((2, 3)), np.ones((4, 5))): summed letters
  // iterate in sorted order
  expectThrow<tnp::ValueError>(
      [] {
        tnp::einsum("zb,by->", tnp::ones({2, 3}), tnp::ones({4, 5}));
      },
      "operands could not be broadcast together with remapped shapes "
      "[original->remapped]: (2,3)->(3,newaxis,2) (4,5)->(4,5,newaxis) ");
  // np.einsum('bij,bjk->bik', np.ones((2, 2, 3)), np.ones((3, 3, 4)))
  expectThrow<tnp::ValueError>(
      [] {
        tnp::einsum("bij,bjk->bik", tnp::ones({2, 2, 3}), tnp::ones({3, 3, 4}));
      },
      "operands could not be broadcast together with remapped shapes "
      "[original->remapped]: (2,2,3)->(2,2,newaxis,3) "
      "(3,3,4)->(3,newaxis,4,3) ");
  // np.einsum('Ab,b', np.ones((2, 3)), np.ones(4))
  expectThrow<tnp::ValueError>(
      [] {
        tnp::einsum("Ab,b", tnp::ones({2, 3}), tnp::ones({4}));
      },
      "operands could not be broadcast together with remapped shapes "
      "[original->remapped]: (2,3)->(2,3) (4,)->(4) ");
}

TEST(Linalg, EinsumNotImplemented) {
  // NumPy supports these; tnp does not (yet).
  expectThrow<tnp::NotImplementedError>(
      [] {
        tnp::einsum("...i->i", tnp::ones({2, 3}));
      },
      "tnp.einsum: '...' (ellipsis) subscripts are not supported");
  expectThrow<tnp::NotImplementedError>(
      [] {
        tnp::einsum("ij,jk,kl->il", tnp::ones({2, 3}), tnp::ones({3, 4}),
                    tnp::ones({4, 5}));
      },
      "tnp.einsum: only one or two operands are supported, got 3");
}

} // namespace
