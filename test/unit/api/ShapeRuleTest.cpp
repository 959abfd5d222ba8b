//===- ShapeRuleTest.cpp - the dialect's shape rules, eagerly -------------===//
//
// Eager primitives take their result shapes from dialect/ShapeFunctions.h,
// the rules the ops' verifiers use. A rule that fails raises ValueError with
// the rule's message; concatenate's rule words it as NumPy does, so the public
// function and the dialect report the same text.
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/Primitives.h"
#include "test/unit/api/ErrorOf.h"

#include <gtest/gtest.h>

namespace prim = tnp::detail::prim;
using tnp::ndarray;
using tnp::ValueError;

namespace {

ndarray ones(tnp::shape_t shape) { return tnp::ones(shape, tnp::float32); }

TEST(ShapeRuleTest, ConcatenateReportsNumPysWords) {
  // The messages np.concatenate gives (NumPy 1.24) for the same inputs.
  EXPECT_EQ(errorOf<ValueError>([] {
              tnp::concatenate({ones({2, 3}), ones({2, 4})}, 0);
            }),
            "all the input array dimensions except for the concatenation axis "
            "must match exactly, but along dimension 1, the array at index 0 "
            "has size 3 and the array at index 1 has size 4");
  EXPECT_EQ(errorOf<ValueError>([] {
              tnp::concatenate({ones({2}), ones({2}), ones({2, 1})}, 0);
            }),
            "all the input arrays must have same number of dimensions, but "
            "the array at index 0 has 1 dimension(s) and the array at index 2 "
            "has 2 dimension(s)");
  // The rule also gives the shape, with arrays empty along the axis.
  EXPECT_EQ(tnp::concatenate({ones({0, 3}), ones({2, 3})}, 0).shape(),
            (tnp::shape_t{2, 3}));
  EXPECT_EQ(tnp::concatenate({ones({2, 0}), ones({2, 3})}, 1).shape(),
            (tnp::shape_t{2, 3}));
}

TEST(ShapeRuleTest, TracedConcatenateReportsTheSameWords) {
  auto f = tnp::trace([](const ndarray &a, const ndarray &b) {
    return tnp::concatenate({a, b}, 1);
  });
  EXPECT_EQ(errorOf<ValueError>([&] {
              f(ones({2, 3}), ones({3, 3}));
            }),
            "all the input array dimensions except for the concatenation axis "
            "must match exactly, but along dimension 0, the array at index 0 "
            "has size 2 and the array at index 1 has size 3");
}

TEST(ShapeRuleTest, PrimitivesRaiseTheRulesMessages) {
  ndarray x = ones({2, 3});
  EXPECT_EQ(errorOf<ValueError>([&] {
              prim::transpose(x, {0, 0});
            }),
            "permutation [0, 0] repeats dimension 0");
  EXPECT_EQ(errorOf<ValueError>([&] { prim::transpose(x, {0}); }),
            "permutation has 1 entries, but the operand has rank 2");
  EXPECT_EQ(
      errorOf<ValueError>([&] { prim::reduce(prim::Reduce::Sum, x, {2}); }),
      "axes [2] has dimension 2 out of range [0, 2)");
  EXPECT_EQ(errorOf<ValueError>([&] { prim::argmax(x, 5); }),
            "axes [5] has dimension 5 out of range [0, 2)");
  EXPECT_EQ(errorOf<ValueError>([&] {
              prim::slice(x, {0, 0}, {2, 4}, {1, 1});
            }),
            "slice [0, 4) of dimension 1 is not within [0, 3]");
  EXPECT_EQ(errorOf<ValueError>([&] {
              prim::slice(x, {0, 0}, {2, 3}, {1, 0});
            }),
            "stride 0 of dimension 1 must be positive");
  EXPECT_EQ(
      errorOf<ValueError>([&] { prim::dotGeneral(x, x, {}, {}, {1}, {0}); }),
      "contracting dimension sizes differ: 3 vs 2");
  EXPECT_EQ(
      errorOf<ValueError>([&] { prim::dotGeneral(x, x, {0}, {}, {1}, {1}); }),
      "batch dimension counts differ: 1 vs 0");
  EXPECT_EQ(
      errorOf<ValueError>([&] {
        prim::pad(x, tnp::asarray(0.0f, tnp::float32), {0, 0}, {0, 0}, {0, -1});
      }),
      "interior padding -1 of dimension 1 must be non-negative");
  EXPECT_EQ(errorOf<ValueError>([&] {
              prim::gather(x, tnp::zeros({4, 2}, tnp::int64), {0});
            }),
            "indices' last dimension (2) must equal the number of axes (1)");
}

TEST(ShapeRuleTest, PrimitivesTakeTheRulesShapes) {
  ndarray x = tnp::reshape(tnp::arange(0, 24, 1, tnp::float32), {2, 3, 4});
  EXPECT_EQ(prim::transpose(x, {2, 0, 1}).shape(), (tnp::shape_t{4, 2, 3}));
  EXPECT_EQ(prim::reduce(prim::Reduce::Sum, x, {0, 2}).shape(),
            (tnp::shape_t{3}));
  EXPECT_EQ(prim::argmin(x, 1).shape(), (tnp::shape_t{2, 4}));
  EXPECT_EQ(prim::slice(x, {0, 1, 0}, {2, 3, 4}, {1, 1, 3}).shape(),
            (tnp::shape_t{2, 2, 2}));
  // Batch dims first, then lhs's free dims, then rhs's.
  EXPECT_EQ(prim::dotGeneral(x, x, {0}, {0}, {2}, {2}).shape(),
            (tnp::shape_t{2, 3, 3}));
  EXPECT_EQ(prim::pad(x, tnp::asarray(0.0f, tnp::float32), {1, 0, 0}, {0, 2, 0},
                      {0, 0, 1})
                .shape(),
            (tnp::shape_t{3, 5, 7}));
  EXPECT_EQ(prim::gather(x, tnp::zeros({5, 1}, tnp::int64), {1}).shape(),
            (tnp::shape_t{5, 2, 4}));
}

} // namespace
