//===- TemporaryReuseTest.cpp - results written over temporaries ----------===//
//
// The arithmetic operators take arrays by value: a temporary operand whose
// memory nothing else holds gives it to the result (Call::reusableInputs),
// as NumPy elides temporaries. Allocations are counted with
// runtime::Buffer::allocationCount; every result is checked against the
// same ufuncs called on named arrays (which never reuse), and no array a
// caller still holds may change.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "runtime/Buffer.h"

#include <gtest/gtest.h>

#include <utility>

using tnp::ndarray;
using tnp::runtime::Buffer;

namespace {

ndarray values(const tnp::shape_t &shape, tnp::dtype dtype, double scale) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return (tnp::arange(n).astype(tnp::float64) * scale - 3)
      .astype(dtype)
      .reshape(shape);
}

template <typename T> std::vector<T> copyOf(const ndarray &a) {
  return a.to_vector<T>();
}

TEST(TemporaryReuse, ChainsAllocateOneResult) {
  ndarray a = values({64, 33}, tnp::float32, 0.5);
  ndarray b = values({64, 33}, tnp::float32, -0.25);
  ndarray c = values({64, 33}, tnp::float32, 2);
  // (Literals are arrays too: counted expressions use none.)
  ndarray d = values({33}, tnp::float32, 1) + 7;
  std::vector<float> a0 = copyOf<float>(a), b0 = copyOf<float>(b),
                     c0 = copyOf<float>(c);
  ndarray expected =
      tnp::divide(tnp::subtract(tnp::add(tnp::multiply(a, b), c), a), d);
  size_t before = Buffer::allocationCount();
  ndarray r = (a * b + c - a) / d;
  EXPECT_EQ(Buffer::allocationCount() - before, 1u);
  EXPECT_EQ(copyOf<float>(r), copyOf<float>(expected));
  EXPECT_EQ(copyOf<float>(a), a0);
  EXPECT_EQ(copyOf<float>(b), b0);
  EXPECT_EQ(copyOf<float>(c), c0);
}

TEST(TemporaryReuse, EitherOperandAndUnaryMinus) {
  ndarray a = values({5, 7}, tnp::float64, 1.5);
  ndarray b = values({5, 7}, tnp::float64, -0.5);
  size_t before = Buffer::allocationCount();
  ndarray r = b - -(a * a);
  EXPECT_EQ(Buffer::allocationCount() - before, 1u);
  EXPECT_EQ(copyOf<double>(r),
            copyOf<double>(tnp::subtract(b, tnp::negative(tnp::square(a)))));
  const void *memory = r.data();
  ndarray s = std::move(r) % 4;
  EXPECT_EQ(s.data(), memory);
  EXPECT_EQ(copyOf<double>(s),
            copyOf<double>(tnp::remainder(
                tnp::subtract(b, tnp::negative(tnp::square(a))), 4)));
  ndarray i = values({3, 4}, tnp::int32, 3);
  ndarray j = values({3, 4}, tnp::int32, 5);
  std::vector<int32_t> expected = copyOf<int32_t>(
      tnp::bitwise_xor(tnp::bitwise_or(tnp::bitwise_and(i, j), i), j));
  before = Buffer::allocationCount();
  EXPECT_EQ(copyOf<int32_t>(((i & j) | i) ^ j), expected);
  EXPECT_EQ(Buffer::allocationCount() - before, 1u);
}

// A temporary that broadcasts to a larger result, or whose dtype is not the
// result's, cannot hold it; the result is right all the same.
TEST(TemporaryReuse, OnlyTheResultsShapeAndDTypeAreReused) {
  ndarray m = values({6, 5}, tnp::float64, 0.5);
  ndarray row = values({5}, tnp::float64, 2);
  size_t before = Buffer::allocationCount();
  ndarray r = row * row + m;
  EXPECT_EQ(Buffer::allocationCount() - before, 2u);
  EXPECT_EQ(copyOf<double>(r),
            copyOf<double>(tnp::add(tnp::multiply(row, row), m)));
  ndarray i = values({6, 5}, tnp::int32, 1);
  before = Buffer::allocationCount();
  ndarray f = i * i + m;
  EXPECT_EQ(Buffer::allocationCount() - before, 2u);
  EXPECT_EQ(copyOf<double>(f),
            copyOf<double>(tnp::add(tnp::multiply(i, i), m)));
}

// Arrays that share memory (a view, its base, a copy of the handle) are
// never written.
TEST(TemporaryReuse, SharedMemoryIsNeverWritten) {
  ndarray base = values({4, 6}, tnp::float64, 1);
  std::vector<double> base0 = copyOf<double>(base);
  ndarray view = base.reshape({24});
  ndarray r = std::move(view) * 2;
  EXPECT_NE(r.data(), base.data());
  EXPECT_EQ(copyOf<double>(base), base0);
  ndarray handle = base;
  ndarray s = std::move(handle) + 1;
  EXPECT_EQ(copyOf<double>(base), base0);
  EXPECT_EQ(copyOf<double>(s), copyOf<double>(tnp::add(base, 1)));
  ndarray row = base(1);
  std::vector<double> row0 = copyOf<double>(row);
  ndarray t = std::move(row) - 1;
  EXPECT_EQ(copyOf<double>(base), base0);
  EXPECT_EQ(copyOf<double>(t), copyOf<double>(tnp::subtract(base(1), 1)));
}

// a += b (-= *= /=) writes over a's buffer when a holds it alone; not
// when another handle shares it, which keeps its values.
TEST(TemporaryReuse, CompoundAssignmentWritesOverAnUnsharedBuffer) {
  ndarray a = values({6, 5}, tnp::float32, 0.5);
  ndarray b = values({6, 5}, tnp::float32, -1.5);
  ndarray expected = tnp::divide(
      tnp::multiply(tnp::subtract(tnp::add(a, b), b), b), tnp::add(b, 7));
  ndarray divisor = b + 7;
  a = a + 0; // a's own buffer, held by nothing else
  const void *memory = a.data();
  size_t before = Buffer::allocationCount();
  a += b;
  a -= b;
  a *= b;
  a /= divisor;
  EXPECT_EQ(Buffer::allocationCount() - before, 0u);
  EXPECT_EQ(a.data(), memory);
  EXPECT_EQ(copyOf<float>(a), copyOf<float>(expected));

  ndarray shared = a;
  std::vector<float> shared0 = copyOf<float>(shared);
  a += b;
  EXPECT_NE(a.data(), memory);
  EXPECT_EQ(copyOf<float>(shared), shared0);
  EXPECT_EQ(copyOf<float>(a), copyOf<float>(tnp::add(shared, b)));
}

// A bad operand raises before a is given up: a keeps its values.
TEST(TemporaryReuse, CompoundAssignmentErrorsLeaveTheOperand) {
  ndarray a = values({3, 4}, tnp::float64, 1);
  std::vector<double> a0 = copyOf<double>(a);
  EXPECT_THROW(a += values({5}, tnp::float64, 1), tnp::ValueError);
  EXPECT_EQ(copyOf<double>(a), a0);
  ndarray flags = tnp::asarray({true, false});
  EXPECT_THROW(flags -= tnp::asarray({true, true}), tnp::TypeError);
  EXPECT_EQ(flags.to_vector<bool>(), (std::vector<bool>{true, false}));
  ndarray x = tnp::asarray({1, 2, 3});
  {
    tnp::promotion_scope strict(tnp::promotion_mode::strict);
    EXPECT_THROW(x *= tnp::asarray({1.5, 2.5, 3.5}), tnp::TypeError);
  }
  EXPECT_EQ(x.to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3}));
}

// Large calls split rows among threads, each writing over its own rows.
TEST(TemporaryReuse, LargeCallsSplitAmongThreads) {
  ndarray x = tnp::arange(1 << 20).astype(tnp::float64).reshape({1024, 1024});
  std::vector<double> y = (x * 2 + 1).to_vector<double>();
  for (size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], 2.0 * i + 1) << "element " << i;
}

// A recording tape keeps the inputs of the calls it records (here x * 2,
// whose values the product's derivative needs): none is written over.
TEST(TemporaryReuse, RecordingTapesKeepTheirInputs) {
  ndarray x = values({3, 4}, tnp::float64, 0.5);
  ndarray w = values({3, 4}, tnp::float64, -1);
  tnp::GradientTape tape;
  tape.watch(w);
  ndarray y = tnp::sum((x * 2) * w + 1);
  ndarray g = tape.gradient(y, w);
  EXPECT_EQ(copyOf<double>(g), copyOf<double>(tnp::multiply(x, 2)));
}

// Traced operands have no memory: a trace records the same ops.
TEST(TemporaryReuse, TracesAreUnchanged) {
  auto f = tnp::trace([](const ndarray &x) { return (x * 2 + 1) / x; });
  ndarray x = values({8}, tnp::float32, 1) + 0.5f;
  EXPECT_EQ(copyOf<float>(f(x)),
            copyOf<float>(tnp::divide(tnp::add(tnp::multiply(x, 2), 1), x)));
}

} // namespace
