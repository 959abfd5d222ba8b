//===- DTypeLattice.cpp - NumPy dtypes and their promotion ----------------===//

#include "dialect/DTypeLattice.h"

#include "dialect/TnpOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

#include <array>

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

unsigned tnp::getDTypeIndex(Type dtype) {
  if (auto i = dyn_cast<IntegerType>(dtype)) {
    unsigned w = i.getWidth();
    if (w == 1)
      return 0;
    unsigned log = w == 8 ? 0 : w == 16 ? 1 : w == 32 ? 2 : 3;
    return 1 + 2 * log + (i.isUnsigned() ? 1 : 0);
  }
  if (dtype.isF16())
    return 9;
  if (dtype.isBF16())
    return 10;
  if (dtype.isF32())
    return 11;
  if (dtype.isF64())
    return 12;
  return cast<ComplexType>(dtype).getElementType().isF32() ? 13 : 14;
}

Type tnp::getDTypeAt(MLIRContext *ctx, unsigned index) {
  if (index == 0)
    return IntegerType::get(ctx, 1);
  if (index <= 8)
    return IntegerType::get(ctx, 8u << ((index - 1) / 2),
                            index % 2 == 0 ? IntegerType::Unsigned
                                           : IntegerType::Signless);
  switch (index) {
  case 9:
    return Float16Type::get(ctx);
  case 10:
    return BFloat16Type::get(ctx);
  case 11:
    return Float32Type::get(ctx);
  case 12:
    return Float64Type::get(ctx);
  case 13:
    return ComplexType::get(Float32Type::get(ctx));
  default:
    return ComplexType::get(Float64Type::get(ctx));
  }
}

SmallVector<Type, 15> tnp::getAllDTypes(MLIRContext *ctx) {
  SmallVector<Type, 15> types;
  for (unsigned i = 0; i < kNumDTypes; ++i)
    types.push_back(getDTypeAt(ctx, i));
  return types;
}

/// np.promote_types over dtype indices, computed once: the first dtype,
/// smallest first, that both cast to safely. (Eager calls promote on every
/// op; this keeps them from building types.)
static const std::array<std::array<uint8_t, kNumDTypes>, kNumDTypes> &
promotionTable() {
  static const auto table = [] {
    MLIRContext ctx(MLIRContext::Threading::DISABLED);
    SmallVector<Type, 15> types = getAllDTypes(&ctx);
    std::array<std::array<uint8_t, kNumDTypes>, kNumDTypes> t{};
    for (unsigned a = 0; a < kNumDTypes; ++a)
      for (unsigned b = 0; b < kNumDTypes; ++b)
        for (unsigned c = 0; c < kNumDTypes; ++c)
          if (canCastSafely(types[a], types[c]) &&
              canCastSafely(types[b], types[c])) {
            t[a][b] = c;
            break;
          }
    return t;
  }();
  return table;
}

Type tnp::promoteTypes(Type a, Type b) {
  if (a == b)
    return a;
  return getDTypeAt(a.getContext(),
                    promotionTable()[getDTypeIndex(a)][getDTypeIndex(b)]);
}

Type tnp::promoteTypeSequence(ArrayRef<Type> dtypes) {
  // NumPy's type numbers (float16's comes after all the others; bfloat16, a
  // user dtype to NumPy, after it), in getAllDTypes' order.
  static constexpr uint8_t kTypeNumber[kNumDTypes] = {
      0, 1, 2, 3, 4, 5, 6, 7, 8, 23, 24, 11, 12, 14, 15};
  Type main = dtypes.front();
  for (Type t : dtypes.drop_front())
    if (kTypeNumber[getDTypeIndex(t)] > kTypeNumber[getDTypeIndex(main)])
      main = t;
  Type result = promoteTypes(main, dtypes.front());
  for (Type t : dtypes.drop_front())
    result = promoteTypes(result, promoteTypes(main, t));
  return result;
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
