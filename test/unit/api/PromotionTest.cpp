//===- PromotionTest.cpp - promotion modes through the C++ API ------------===//
//
// Every dtype pair and literal is checked against NumPy, JAX and TF by
// test/dialect/promotion-modes.test on the lattice; these pin that eager ops
// follow the mode in force, the API around it (set_promotion, scopes,
// result_type, can_cast, literal inference) and each mode's errors.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include <gtest/gtest.h>

#include <thread>

namespace {

using tnp::promotion_mode;

template <typename F> std::string typeErrorOf(F &&fn) {
  try {
    fn();
  } catch (const tnp::TypeError &e) {
    return e.what();
  }
  return "<no exception>";
}

tnp::ndarray ones(tnp::dtype t) { return tnp::ones({3}, t); }

TEST(PromotionTest, NumpyIsTheDefault) {
  EXPECT_EQ(tnp::get_promotion(), promotion_mode::numpy);
  EXPECT_FALSE(tnp::prefer_float32());
  EXPECT_EQ((ones(tnp::int32) + ones(tnp::int64)).dtype(), tnp::int64);
  EXPECT_EQ((ones(tnp::int32) + ones(tnp::float32)).dtype(), tnp::float64);
  // Value-based literals, as NumPy 1.24.
  EXPECT_EQ((ones(tnp::int8) * 2).dtype(), tnp::int8);
  EXPECT_EQ((ones(tnp::int8) + 200).dtype(), tnp::int16);
  EXPECT_EQ((ones(tnp::uint8) + -1).dtype(), tnp::int16);
  EXPECT_EQ((ones(tnp::float16) + 1e5).dtype(), tnp::float32);
  EXPECT_EQ((ones(tnp::int32) * 1.5).dtype(), tnp::float64);
  // A literal above int64's range is uint64, as a Python int.
  EXPECT_EQ((ones(tnp::uint8) + (uint64_t(1) << 63)).dtype(), tnp::uint64);
  EXPECT_EQ((ones(tnp::int16) + (uint64_t(1) << 63)).dtype(), tnp::float64);
  EXPECT_EQ(tnp::asarray(uint64_t(1) << 63).item<uint64_t>(), uint64_t(1)
                                                                  << 63);
  tnp::ndarray sum = ones(tnp::int8) + 200;
  EXPECT_EQ(sum.to_vector<int16_t>(), (std::vector<int16_t>{201, 201, 201}));
}

TEST(PromotionTest, LiteralInference) {
  EXPECT_EQ(tnp::asarray(1).dtype(), tnp::int64);
  EXPECT_EQ(tnp::asarray(1.).dtype(), tnp::float64);
  EXPECT_EQ(tnp::asarray(true).dtype(), tnp::bool_);
  EXPECT_FALSE(tnp::asarray(1.).is_weak());
  EXPECT_EQ(tnp::add(1., 2.).dtype(), tnp::float64);
  tnp::promotion_scope f32(promotion_mode::numpy, {.prefer_float32 = true});
  EXPECT_TRUE(tnp::prefer_float32());
  EXPECT_EQ(tnp::asarray(1.).dtype(), tnp::float32);
  EXPECT_EQ(tnp::asarray(std::complex<double>(1, 2)).dtype(), tnp::complex64);
  EXPECT_EQ(tnp::asarray(1).dtype(), tnp::int64);
  EXPECT_EQ(tnp::add(1., 2.).dtype(), tnp::float32);
  EXPECT_EQ(tnp::arange(0.5, 2.0).dtype(), tnp::float32);
  EXPECT_EQ(tnp::linspace(0, 1, 3).dtype(), tnp::float32);
  // A float literal is a float32 scalar: with int8 the sum is float32.
  EXPECT_EQ((ones(tnp::int8) + 1.5).dtype(), tnp::float32);
  EXPECT_EQ((ones(tnp::float64) + 1.5).dtype(), tnp::float64);
}

TEST(PromotionTest, StrictRejectsMixedDTypes) {
  tnp::promotion_scope strict(promotion_mode::strict);
  EXPECT_EQ(typeErrorOf([] { ones(tnp::int32) + ones(tnp::float32); }),
            "add: strict promotion forbids mixing int32 and float32: convert "
            "one with astype");
  EXPECT_EQ(typeErrorOf([] { ones(tnp::int32) + 1.5; }),
            "add: strict promotion forbids the literal 1.5 with int32: it "
            "would not be a value of int32");
  EXPECT_EQ(typeErrorOf([] { ones(tnp::uint8) + 300; }),
            "add: the literal 300 is out of range for uint8");
  EXPECT_EQ((ones(tnp::float32) * 2).dtype(), tnp::float32);
  EXPECT_EQ((ones(tnp::int16) + ones(tnp::int16)).dtype(), tnp::int16);
  EXPECT_EQ(typeErrorOf([] {
              tnp::concatenate({ones(tnp::int8), ones(tnp::int16)});
            }),
            "concatenate: strict promotion forbids mixing int8 and int16: "
            "convert one with astype");
}

TEST(PromotionTest, AllIsJaxsLattice) {
  tnp::promotion_scope all(promotion_mode::all);
  tnp::ndarray i = tnp::asarray({1, 2}).astype(tnp::int32);
  tnp::ndarray f = tnp::asarray({0.5, 0.25}).astype(tnp::float32);
  tnp::ndarray sum = i + f;
  EXPECT_EQ(sum.dtype(), tnp::float32);
  EXPECT_EQ(sum.to_vector<float>(), (std::vector<float>{1.5f, 2.25f}));
  EXPECT_EQ((ones(tnp::int64) + ones(tnp::float16)).dtype(), tnp::float16);
  EXPECT_EQ((ones(tnp::uint64) + ones(tnp::int8)).dtype(), tnp::float64);
  EXPECT_EQ((ones(tnp::bfloat16) * 2.5).dtype(), tnp::bfloat16);
  EXPECT_EQ((ones(tnp::int32) * 2.5).dtype(), tnp::float64);
  EXPECT_EQ((ones(tnp::int8) + 100).dtype(), tnp::int8);
  EXPECT_EQ(typeErrorOf([] { ones(tnp::int8) + 200; }),
            "add: the literal 200 is out of range for int8");
}

TEST(PromotionTest, SafeRejectsWideningAndLoss) {
  tnp::promotion_scope safe(promotion_mode::safe);
  EXPECT_EQ((ones(tnp::int16) + ones(tnp::uint8)).dtype(), tnp::int16);
  EXPECT_EQ((ones(tnp::int16) + ones(tnp::float32)).dtype(), tnp::float32);
  EXPECT_EQ((ones(tnp::int8) * 1.5).dtype(), tnp::float64);
  EXPECT_EQ(typeErrorOf([] { ones(tnp::int8) + ones(tnp::uint8); }),
            "add: safe promotion forbids int8 and uint8 -> int16, which "
            "widens; convert explicitly with astype");
  EXPECT_EQ(
      typeErrorOf([] { tnp::multiply(ones(tnp::int32), ones(tnp::float32)); }),
      "multiply: safe promotion forbids int32 and float32 -> float32, "
      "which loses int32 precision; convert explicitly with astype");
}

TEST(PromotionTest, KernelsAreKeyedByMode) {
  // numpy compares int32 with float32 in float64, all in float32.
  tnp::ndarray i = tnp::asarray({16777217}).astype(tnp::int32);
  tnp::ndarray f = tnp::asarray({16777216.0}).astype(tnp::float32);
  EXPECT_FALSE(tnp::equal(i, f).item<bool>());
  tnp::promotion_scope all(promotion_mode::all);
  EXPECT_TRUE(tnp::equal(i, f).item<bool>());
}

TEST(PromotionTest, ScopesNestAndStayOnTheirThread) {
  {
    tnp::promotion_scope outer(promotion_mode::strict);
    {
      tnp::promotion_scope inner(promotion_mode::all);
      EXPECT_EQ(tnp::get_promotion(), promotion_mode::all);
      promotion_mode other;
      std::thread([&] { other = tnp::get_promotion(); }).join();
      EXPECT_EQ(other, promotion_mode::numpy);
    }
    EXPECT_EQ(tnp::get_promotion(), promotion_mode::strict);
  }
  EXPECT_EQ(tnp::get_promotion(), promotion_mode::numpy);
  tnp::set_promotion(promotion_mode::safe, {.prefer_float32 = true});
  promotion_mode other;
  std::thread([&] { other = tnp::get_promotion(); }).join();
  EXPECT_EQ(other, promotion_mode::safe);
  EXPECT_TRUE(tnp::prefer_float32());
  tnp::set_promotion(promotion_mode::numpy);
  EXPECT_FALSE(tnp::prefer_float32());
}

TEST(PromotionTest, ResultTypeAndCanCast) {
  EXPECT_EQ(tnp::result_type({tnp::int8, 200}), tnp::int16);
  EXPECT_EQ(tnp::result_type({tnp::int8, 1, 1000}), tnp::int16);
  EXPECT_EQ(tnp::result_type({ones(tnp::uint8), tnp::int8}), tnp::int16);
  EXPECT_EQ(tnp::result_type({1, 2.5}), tnp::float64);
  EXPECT_EQ(typeErrorOf([] { tnp::result_type({}); }),
            "result_type: at least one array or dtype is required");
  {
    tnp::promotion_scope all(promotion_mode::all);
    EXPECT_EQ(tnp::result_type({tnp::int32, tnp::float32}), tnp::float32);
  }
  {
    tnp::promotion_scope strict(promotion_mode::strict);
    EXPECT_EQ(typeErrorOf([] {
                tnp::result_type({tnp::int8, tnp::int16});
              }),
              "result_type: strict promotion forbids mixing int8 and int16: "
              "convert one with astype");
  }
  using tnp::casting;
  EXPECT_TRUE(tnp::can_cast(tnp::int64, tnp::float64));
  EXPECT_FALSE(tnp::can_cast(tnp::float64, tnp::float32));
  EXPECT_TRUE(tnp::can_cast(tnp::float64, tnp::float32, casting::same_kind));
  EXPECT_FALSE(tnp::can_cast(tnp::float64, tnp::int8, casting::same_kind));
  EXPECT_TRUE(tnp::can_cast(tnp::float64, tnp::int8, casting::unsafe));
  EXPECT_FALSE(tnp::can_cast(tnp::int8, tnp::int16, casting::no));
  EXPECT_TRUE(tnp::can_cast(1, tnp::uint8));
  EXPECT_FALSE(tnp::can_cast(-1, tnp::uint8));
  EXPECT_TRUE(tnp::can_cast(1.5, tnp::float16));
  EXPECT_FALSE(tnp::can_cast(1e5, tnp::float16));
  EXPECT_TRUE(tnp::can_cast(300, tnp::uint8, casting::same_kind));
  EXPECT_TRUE(tnp::can_cast(ones(tnp::int8), tnp::int16));
}

// np.result_type of three or more dtypes is not a pairwise fold (every
// triple is checked against NumPy by test/dialect/promotion-modes.test).
TEST(PromotionTest, ResultTypeOfManyDTypesIsNumpys) {
  EXPECT_EQ(tnp::result_type({tnp::int8, tnp::uint8, tnp::float16}),
            tnp::float16);
  EXPECT_EQ(tnp::result_type({tnp::int8, tnp::uint8}), tnp::int16);
  EXPECT_EQ(tnp::result_type({tnp::int16, tnp::uint8, tnp::float16}),
            tnp::float32);
  EXPECT_EQ(
      tnp::concatenate({ones(tnp::int8), ones(tnp::uint8), ones(tnp::float16)})
          .dtype(),
      tnp::float16);
}

} // namespace

namespace {

// The library's own composites convert explicitly, so every mode can run
// them on homogeneous inputs; the result dtypes are those of numpy mode.
class CompositesTest : public ::testing::TestWithParam<promotion_mode> {};

// mean, var and std keep a float dtype whatever the element count (a count
// above 65535 as a weak literal would promote float32 to float64 under
// NumPy's value-based rules); integers and bool compute in float64, and
// var/std of complex are real.
TEST_P(CompositesTest, MomentsKeepTheirDTypeAtAnyCount) {
  tnp::promotion_scope scope(GetParam());
  for (int64_t n :
       {int64_t(1), int64_t(65535), int64_t(65536), int64_t(1000000)})
    for (int i = 0; i < tnp::dtype::count; ++i) {
      tnp::dtype t(static_cast<tnp::dtype::code>(i));
      tnp::ndarray x = tnp::ones({n}, t);
      tnp::dtype mean = t.is_bool() || t.is_integer() ? tnp::float64 : t;
      tnp::dtype moment = mean == tnp::complex64    ? tnp::float32
                          : mean == tnp::complex128 ? tnp::float64
                                                    : mean;
      std::string where = std::string(t.name()) + " at " + std::to_string(n);
      EXPECT_EQ(tnp::mean(x).dtype(), mean) << where;
      EXPECT_EQ(tnp::var(x).dtype(), moment) << where;
      EXPECT_EQ(tnp::std(x).dtype(), moment) << where;
      if (!t.is_complex())
        EXPECT_EQ(tnp::mean(x).item<double>(), 1) << where;
    }
}

TEST_P(CompositesTest, RunInEveryMode) {
  tnp::promotion_scope scope(GetParam());
  tnp::ndarray i = tnp::arange(6).reshape({2, 3}).astype(tnp::int32);
  tnp::ndarray f = tnp::linspace(-1, 1, 6).reshape({2, 3}).astype(tnp::float32);
  EXPECT_EQ(tnp::mean(i).dtype(), tnp::float64);
  EXPECT_EQ(tnp::var(f, 1).dtype(), tnp::float32);
  EXPECT_EQ(tnp::std(i).dtype(), tnp::float64);
  EXPECT_EQ(tnp::sum(f, 0).dtype(), tnp::float32);
  EXPECT_EQ(tnp::prod(i).dtype(), tnp::int64);
  EXPECT_EQ(tnp::argmax(f).dtype(), tnp::int64);
  EXPECT_EQ(tnp::clip(f, -0.5, 0.5).dtype(), tnp::float32);
  EXPECT_EQ(tnp::where(tnp::greater(f, 0), f, 0).dtype(), tnp::float32);
  EXPECT_EQ(tnp::matmul(f, f.T()).dtype(), tnp::float32);
  EXPECT_EQ(tnp::eye(3).dtype(), tnp::float64);
  EXPECT_EQ(tnp::random::uniform(0.0, 1.0, {4}).dtype(), tnp::float64);
  EXPECT_EQ(tnp::random::randn({4}).dtype(), tnp::float64);
  EXPECT_EQ(tnp::random::randint(0, 10, {4}).dtype(), tnp::int64);
  EXPECT_EQ(tnp::power(i, 2).dtype(), tnp::int32);
  EXPECT_EQ(tnp::concatenate({f, f}).dtype(), tnp::float32);
  EXPECT_EQ((1 / (1 + tnp::exp(-f))).dtype(), tnp::float32);
}

INSTANTIATE_TEST_SUITE_P(Modes, CompositesTest,
                         ::testing::Values(promotion_mode::strict,
                                           promotion_mode::numpy,
                                           promotion_mode::all,
                                           promotion_mode::safe));

} // namespace
