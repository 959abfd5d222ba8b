//===- DTypeLattice.cpp - NumPy dtypes and their promotion ----------------===//

#include "dialect/DTypeLattice.h"

#include "dialect/TnpOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::tnp;

bool tnp::isDType(Type t) {
  if (auto i = dyn_cast<IntegerType>(t)) {
    unsigned w = i.getWidth();
    if (w == 1)
      return i.isSignless();
    return (w == 8 || w == 16 || w == 32 || w == 64) && !i.isSigned();
  }
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(t))
    return true;
  if (auto c = dyn_cast<ComplexType>(t))
    return isa<Float32Type, Float64Type>(c.getElementType());
  return false;
}

DTypeKind tnp::getKind(Type dtype) {
  if (dtype.isInteger(1))
    return DTypeKind::Bool;
  if (isa<IntegerType>(dtype))
    return DTypeKind::Int;
  if (isa<FloatType>(dtype))
    return DTypeKind::Float;
  return DTypeKind::Complex;
}

std::string tnp::getDTypeName(Type dtype) {
  if (dtype.isInteger(1))
    return "bool";
  if (auto i = dyn_cast<IntegerType>(dtype))
    return (i.isUnsigned() ? "uint" : "int") + std::to_string(i.getWidth());
  if (isa<BFloat16Type>(dtype))
    return "bfloat16";
  if (auto f = dyn_cast<FloatType>(dtype))
    return "float" + std::to_string(f.getWidth());
  if (auto c = dyn_cast<ComplexType>(dtype))
    return "complex" +
           std::to_string(2 * c.getElementType().getIntOrFloatBitWidth());
  std::string s;
  llvm::raw_string_ostream os(s);
  os << dtype;
  return s;
}

/// Bits of precision: value bits for integers, significand bits for floats.
static unsigned getPrecision(Type t) {
  if (auto i = dyn_cast<IntegerType>(t))
    return i.isUnsigned() ? i.getWidth() : i.getWidth() - 1;
  return llvm::APFloat::semanticsPrecision(
      cast<FloatType>(t).getFloatSemantics());
}

static int getMaxExponent(FloatType t) {
  return llvm::APFloat::semanticsMaxExponent(t.getFloatSemantics());
}

bool tnp::canCastSafely(Type from, Type to) {
  if (from == to || from.isInteger(1))
    return true;
  if (to.isInteger(1))
    return false;
  if (auto c = dyn_cast<ComplexType>(to)) {
    if (auto fc = dyn_cast<ComplexType>(from))
      from = fc.getElementType();
    return canCastSafely(from, c.getElementType());
  }
  if (isa<ComplexType>(from))
    return false;
  auto fromInt = dyn_cast<IntegerType>(from);
  if (auto toInt = dyn_cast<IntegerType>(to)) {
    if (!fromInt || (!fromInt.isUnsigned() && toInt.isUnsigned()))
      return false;
    return getPrecision(fromInt) <= getPrecision(toInt);
  }
  auto toFloat = cast<FloatType>(to);
  if (fromInt) {
    // NumPy counts int64 -> float64 as safe although it rounds.
    if (fromInt.getWidth() == 64)
      return toFloat.isF64();
    return getPrecision(fromInt) <= getPrecision(toFloat);
  }
  auto fromFloat = cast<FloatType>(from);
  return getPrecision(fromFloat) <= getPrecision(toFloat) &&
         getMaxExponent(fromFloat) <= getMaxExponent(toFloat);
}

bool tnp::canCastLosslessly(Type from, Type to) {
  if (auto c = dyn_cast<ComplexType>(to); c && !isa<ComplexType>(from))
    to = c.getElementType();
  auto i = dyn_cast<IntegerType>(from);
  if (i && i.getWidth() == 64 && isa<FloatType>(to))
    return false;
  return canCastSafely(from, to);
}

SmallVector<Type, 15> tnp::getAllDTypes(MLIRContext *ctx) {
  auto s = [&](unsigned w) -> Type { return IntegerType::get(ctx, w); };
  auto u = [&](unsigned w) -> Type {
    return IntegerType::get(ctx, w, IntegerType::Unsigned);
  };
  Type f32 = Float32Type::get(ctx), f64 = Float64Type::get(ctx);
  return {s(1),
          s(8),
          u(8),
          s(16),
          u(16),
          s(32),
          u(32),
          s(64),
          u(64),
          Float16Type::get(ctx),
          BFloat16Type::get(ctx),
          f32,
          f64,
          ComplexType::get(f32),
          ComplexType::get(f64)};
}

Type tnp::promoteTypes(Type a, Type b) {
  if (a == b)
    return a;
  for (Type c : getAllDTypes(a.getContext()))
    if (canCastSafely(a, c) && canCastSafely(b, c))
      return c;
  llvm_unreachable("complex128 holds every dtype");
}

Type tnp::getCategoryResultType(PromotionCategory category, Type dtype) {
  MLIRContext *ctx = dtype.getContext();
  bool exact = getKind(dtype) <= DTypeKind::Int;
  switch (category) {
  case PromotionCategory::Same:
    return dtype;
  case PromotionCategory::Numeric:
    return dtype.isInteger(1) ? IntegerType::get(ctx, 8) : dtype;
  case PromotionCategory::InexactResult:
    return exact ? promoteTypes(dtype, Float16Type::get(ctx)) : dtype;
  case PromotionCategory::TrueDivide:
    return exact ? Float64Type::get(ctx) : dtype;
  case PromotionCategory::BoolResult:
    return IntegerType::get(ctx, 1);
  case PromotionCategory::Magnitude:
    if (auto c = dyn_cast<ComplexType>(dtype))
      return c.getElementType();
    return dtype;
  }
  llvm_unreachable("unknown promotion category");
}

bool tnp::isWeakLiteral(Value v) {
  Operation *def = v.getDefiningOp();
  if (auto c = dyn_cast_or_null<ConstantOp>(def))
    return c.getWeak();
  if (isa_and_nonnull<BroadcastInDimOp, ReshapeOp>(def))
    return isWeakLiteral(def->getOperand(0));
  return false;
}

LogicalResult tnp::verifyPromotableOp(Operation *op) {
  auto promotable = cast<PromotableOpInterface>(op);
  OperandRange operands = promotable.getPromotedOperands();
  Type dtype = getElementTypeOrSelf(operands.front().getType());
  for (Value v : operands.drop_front())
    if (getElementTypeOrSelf(v.getType()) != dtype)
      return success();
  Type expected =
      getCategoryResultType(promotable.getPromotionCategory(), dtype);
  Type actual = getElementTypeOrSelf(op->getResult(0).getType());
  if (actual != expected)
    return op->emitOpError("result dtype ")
           << actual << " does not follow from operand dtype " << dtype
           << ": expected " << expected;
  return success();
}
