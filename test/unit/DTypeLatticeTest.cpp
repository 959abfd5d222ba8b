//===- DTypeLatticeTest.cpp - promotion categories and weak literals ------===//
//
// Pairwise promotion is checked against NumPy itself by
// test/dialect/dtypes-numpy.test; these cases pin the categories, which follow
// NumPy's ufunc loop selection (np.exp.types, np.true_divide.types, ...).
//
//===----------------------------------------------------------------------===//

#include "dialect/PromotionModes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tnp;

namespace {

class DTypeLatticeTest : public ::testing::Test {
protected:
  DTypeLatticeTest() : b(&ctx) {}
  Type u(unsigned w) {
    return IntegerType::get(&ctx, w, IntegerType::Unsigned);
  }
  Type name(StringRef n) {
    for (Type t : getAllDTypes(&ctx))
      if (getDTypeName(t) == n)
        return t;
    return {};
  }
  std::string result(PromotionCategory c, StringRef dtype) {
    return getDTypeName(getCategoryResultType(c, name(dtype)));
  }

  MLIRContext ctx;
  Builder b;
};

TEST_F(DTypeLatticeTest, NamesAreNumPys) {
  EXPECT_EQ(getDTypeName(b.getI1Type()), "bool");
  EXPECT_EQ(getDTypeName(u(16)), "uint16");
  EXPECT_EQ(getDTypeName(b.getBF16Type()), "bfloat16");
  EXPECT_EQ(getDTypeName(ComplexType::get(b.getF32Type())), "complex64");
  EXPECT_FALSE(isDType(IntegerType::get(&ctx, 32, IntegerType::Signed)));
  EXPECT_FALSE(isDType(b.getIntegerType(7)));
  EXPECT_TRUE(isDType(u(64)));
}

TEST_F(DTypeLatticeTest, InexactResultIsTheFirstFloatLoop) {
  // np.exp(np.int8(1)).dtype is float16, np.exp(np.int16(1)) float32, ...
  EXPECT_EQ(result(PromotionCategory::InexactResult, "bool"), "float16");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "int8"), "float16");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "uint8"), "float16");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "int16"), "float32");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "uint32"), "float64");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "int64"), "float64");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "float32"), "float32");
  EXPECT_EQ(result(PromotionCategory::InexactResult, "complex64"), "complex64");
}

TEST_F(DTypeLatticeTest, OtherCategories) {
  EXPECT_EQ(result(PromotionCategory::TrueDivide, "int8"), "float64");
  EXPECT_EQ(result(PromotionCategory::TrueDivide, "float16"), "float16");
  EXPECT_EQ(result(PromotionCategory::Numeric, "bool"), "int8");
  EXPECT_EQ(result(PromotionCategory::Numeric, "uint8"), "uint8");
  EXPECT_EQ(result(PromotionCategory::BoolResult, "float64"), "bool");
  EXPECT_EQ(result(PromotionCategory::Magnitude, "complex128"), "float64");
  EXPECT_EQ(result(PromotionCategory::Magnitude, "int32"), "int32");
}

TEST_F(DTypeLatticeTest, WeakLiteralsFollowNep50) {
  auto promote = [&](StringRef array, StringRef weak) {
    return getDTypeName(
        *promoteOperands({{name(array), false}, {name(weak), true}}, {}));
  };
  EXPECT_EQ(promote("uint8", "int64"), "uint8");
  EXPECT_EQ(promote("float16", "float64"), "float16");
  EXPECT_EQ(promote("bool", "int64"), "int64");
  EXPECT_EQ(promote("int32", "float64"), "float64");
  EXPECT_EQ(promote("float32", "complex128"), "complex64");
  EXPECT_EQ(promote("float64", "complex128"), "complex128");
  EXPECT_EQ(promote("complex64", "float64"), "complex64");
  // Only literals: they promote among themselves.
  EXPECT_EQ(getDTypeName(*promoteOperands(
                {{name("int64"), true}, {name("float64"), true}}, {})),
            "float64");
}

} // namespace
