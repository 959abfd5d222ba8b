//===- DialectBuilderTest.cpp - the tnp dialect through the C++ builders --===//

#include "dialect/PromotionModes.h"
#include "dialect/TnpDialect.h"
#include "dialect/TnpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::tnp;

namespace {

class DialectBuilderTest : public ::testing::Test {
protected:
  DialectBuilderTest() : b(&ctx), loc(UnknownLoc::get(&ctx)) {
    ctx.loadDialect<TnpDialect, func::FuncDialect>();
    module = ModuleOp::create(loc);
  }

  /// Starts a function `name` with arguments of `types` and returns them.
  SmallVector<Value> startFunction(StringRef name, TypeRange types) {
    b.setInsertionPointToEnd(module->getBody());
    auto fn = func::FuncOp::create(b, loc, name, b.getFunctionType(types, {}));
    Block *body = fn.addEntryBlock();
    b.setInsertionPointToEnd(body);
    return SmallVector<Value>(body->getArguments());
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type dtype) {
    return RankedTensorType::get(shape, dtype);
  }

  std::string print() {
    std::string s;
    llvm::raw_string_ostream os(s);
    module->print(os);
    return s;
  }

  MLIRContext ctx;
  OpBuilder b;
  Location loc;
  OwningOpRef<ModuleOp> module;
};

TEST_F(DialectBuilderTest, BuildsVerifiesAndRoundTrips) {
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  auto args = startFunction("f", {tensor({2, 3}, f32), tensor({3}, i32)});
  Value x = args[0], v = args[1];

  // Result types come from the shape rules (InferTypeOpInterface).
  auto t = TransposeOp::create(b, loc, x, ArrayRef<int64_t>{1, 0});
  EXPECT_EQ(t.getType(), tensor({3, 2}, f32));
  auto r = ReduceOp::create(b, loc, ReduceKind::Sum, t, ArrayRef<int64_t>{1});
  EXPECT_EQ(r.getType(), tensor({3}, f32));

  // Mixed dtypes: the lattice names the result dtype.
  Type sumType = tensor(
      {3}, *inferPromotedType(PromotionCategory::Same, ValueRange{r, v}, {}));
  auto add = AddOp::create(b, loc, sumType, r, v);
  EXPECT_EQ(add.getType(), tensor({3}, b.getF64Type()));
  auto cmp = LtOp::create(b, loc, tensor({3}, b.getI1Type()), add, add);
  auto sel = SelectOp::create(b, loc, add.getType(), cmp, add, add);
  auto bcast = BroadcastInDimOp::create(b, loc, tensor({4, 3}, b.getF64Type()),
                                        sel, ArrayRef<int64_t>{1});
  auto dot = DotGeneralOp::create(
      b, loc, tensor({4, 4}, b.getF64Type()), bcast, bcast, ArrayRef<int64_t>{},
      ArrayRef<int64_t>{}, ArrayRef<int64_t>{1}, ArrayRef<int64_t>{1});
  (void)dot;
  func::ReturnOp::create(b, loc);

  ASSERT_TRUE(succeeded(verify(*module)));
  std::string text = print();
  EXPECT_NE(text.find("tnp.add %"), std::string::npos) << text;
  EXPECT_NE(text.find("(tensor<3xf32>, tensor<3xi32>) -> tensor<3xf64>"),
            std::string::npos)
      << text;

  OwningOpRef<ModuleOp> reparsed = parseSourceString<ModuleOp>(text, &ctx);
  ASSERT_TRUE(reparsed);
  std::string again;
  llvm::raw_string_ostream os(again);
  reparsed->print(os);
  EXPECT_EQ(text, again);
}

TEST_F(DialectBuilderTest, InferenceFailureNamesTheRule) {
  auto args = startFunction("f", {tensor({2, 3}, b.getF32Type())});
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  SmallVector<Type> inferred;
  auto props = TransposeOp::Properties();
  props.permutation = b.getDenseI64ArrayAttr({0, 0});
  TransposeOp::Adaptor withProps(ValueRange{args[0]}, nullptr,
                                 OpaqueProperties(&props));
  EXPECT_TRUE(
      failed(TransposeOp::inferReturnTypes(&ctx, loc, withProps, inferred)));
  EXPECT_EQ(message,
            "'tnp.transpose' op permutation [0, 0] repeats dimension 0");
}

TEST_F(DialectBuilderTest, VerifierRejectsBadOps) {
  auto args = startFunction("f", {tensor({3}, b.getF32Type())});
  std::string message;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    message = d.str();
    return success();
  });
  auto bad = BroadcastInDimOp::create(b, loc, tensor({2, 4}, b.getF32Type()),
                                      args[0], ArrayRef<int64_t>{1});
  EXPECT_TRUE(failed(verify(bad)));
  EXPECT_EQ(message, "'tnp.broadcast_in_dim' op operand dimension 0 of size 3 "
                     "cannot broadcast to size 4 of result dimension 1");
}

TEST_F(DialectBuilderTest, FoldsThroughTheBuilder) {
  Type i64 = b.getI64Type();
  startFunction("f", {});
  auto type = tensor({2}, i64);
  Value a = ConstantOp::create(
      b, loc, type, DenseElementsAttr::get(type, ArrayRef<int64_t>{1, 2}),
      false);
  Value sum = b.createOrFold<AddOp>(loc, type, a, a);
  auto folded = sum.getDefiningOp<ConstantOp>();
  ASSERT_TRUE(folded);
  auto values = cast<DenseElementsAttr>(folded.getValue());
  EXPECT_EQ(SmallVector<int64_t>(values.getValues<int64_t>()),
            (SmallVector<int64_t>{2, 4}));
}

TEST_F(DialectBuilderTest, WeakLiteralsPromoteAsPythonScalars) {
  Type f32 = b.getF32Type(), i8 = b.getIntegerType(8);
  auto args = startFunction("f", {tensor({4}, f32), tensor({4}, i8)});
  auto weakInt = ConstantOp::create(
      b, loc, tensor({}, b.getI64Type()),
      DenseElementsAttr::get(tensor({}, b.getI64Type()), int64_t(2)), true);
  auto weakFloat = ConstantOp::create(
      b, loc, tensor({}, b.getF64Type()),
      DenseElementsAttr::get(tensor({}, b.getF64Type()), 1.5), true);
  auto bcast = BroadcastInDimOp::create(b, loc, tensor({4}, b.getI64Type()),
                                        weakInt, ArrayRef<int64_t>{});
  EXPECT_TRUE(isWeakLiteral(bcast));
  EXPECT_FALSE(isWeakLiteral(args[0]));
  // float32 array * 2 stays float32; int8 array * 2 stays int8.
  EXPECT_EQ(*inferPromotedType(PromotionCategory::Same,
                               ValueRange{args[0], bcast}, {}),
            f32);
  EXPECT_EQ(*inferPromotedType(PromotionCategory::Same,
                               ValueRange{args[1], bcast}, {}),
            i8);
  // int8 array * 1.5 is float64 (NEP 50); int8 array / 2 is float64.
  EXPECT_EQ(*inferPromotedType(PromotionCategory::Same,
                               ValueRange{args[1], weakFloat}, {}),
            b.getF64Type());
  EXPECT_EQ(*inferPromotedType(PromotionCategory::TrueDivide,
                               ValueRange{args[1], bcast}, {}),
            b.getF64Type());
}

/// Every elementwise op but convert takes part in promotion: a family member
/// without the interface would be lowered without its casts.
TEST_F(DialectBuilderTest, ElementwiseOpsArePromotable) {
  int count = 0;
  for (RegisteredOperationName name : ctx.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "tnp" ||
        !name.hasTrait<OpTrait::Elementwise>() ||
        name.getStringRef() == ConvertOp::getOperationName())
      continue;
    ++count;
    EXPECT_TRUE(name.hasInterface<PromotableOpInterface>())
        << name.getStringRef().str();
  }
  EXPECT_EQ(count, 35 + 15 + 6 + 1);
}

} // namespace
