//===- Elementwise.cpp - rules of the elementwise ops ---------------------===//
//
// Folders of the unary, binary, compare and select families. Constants fold
// only when operands and result share one dtype: a mixed op's arithmetic
// happens in the promoted dtype, which tnp-promote-types makes explicit first.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/OpUtils.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tnp;

/// Whether every operand has the result's type, so that folding needs no
/// promotion.
static bool isHomogeneous(Operation *op) {
  Type t = op->getResult(0).getType();
  return llvm::all_of(op->getOperandTypes(), [&](Type o) { return o == t; });
}

/// Folds a homogeneous binary op over small integer or float constants.
template <typename IntFn, typename FloatFn>
static OpFoldResult foldBinary(Operation *op, ArrayRef<Attribute> operands,
                               IntFn intFn, FloatFn floatFn) {
  if (!isHomogeneous(op) || !isCheapToFold(operands[0]) ||
      !isCheapToFold(operands[1]))
    return {};
  Type type = op->getResult(0).getType();
  if (isa<IntegerType>(getElementTypeOrSelf(type)))
    return constFoldBinaryOp<IntegerAttr, APInt, void>(operands, type, intFn);
  if (isa<FloatType>(getElementTypeOrSelf(type)))
    return constFoldBinaryOp<FloatAttr, APFloat, void>(operands, type, floatFn);
  return {};
}

/// Whether `attr` is a constant whose every element equals `value` (0 or 1).
static bool isSplatOf(Attribute attr, int64_t value) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  Type dtype = splat.getElementType();
  if (isa<IntegerType>(dtype))
    return splat.getSplatValue<APInt>() ==
           APInt(dtype.getIntOrFloatBitWidth(), value);
  if (isa<FloatType>(dtype))
    return splat.getSplatValue<APFloat>().isExactlyValue(value);
  return false;
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (!isHomogeneous(*this) || !isCheapToFold(adaptor.getOperand()))
    return {};
  Type type = getType();
  if (isa<IntegerType>(getElementTypeOrSelf(type)))
    return constFoldUnaryOp<IntegerAttr, APInt, void>(
        adaptor.getOperands(), type, [](const APInt &a) { return -a; });
  if (isa<FloatType>(getElementTypeOrSelf(type)))
    return constFoldUnaryOp<FloatAttr, APFloat, void>(
        adaptor.getOperands(), type, [](const APFloat &a) { return -a; });
  return {};
}

OpFoldResult NotOp::fold(FoldAdaptor adaptor) {
  if (!isHomogeneous(*this) || !isCheapToFold(adaptor.getOperand()))
    return {};
  return constFoldUnaryOp<IntegerAttr, APInt, void>(
      adaptor.getOperands(), getType(), [](const APInt &a) { return ~a; });
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 is x only for integers: for floats, -0.0 + 0.0 is +0.0.
  if (isHomogeneous(*this) &&
      isa<IntegerType>(getElementTypeOrSelf(getType())) &&
      isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(
      *this, adaptor.getOperands(),
      [](const APInt &a, const APInt &b) { return a + b; },
      [](const APFloat &a, const APFloat &b) { return a + b; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isHomogeneous(*this) && !getType().getElementType().isInteger(1) &&
      isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(
      *this, adaptor.getOperands(),
      [](const APInt &a, const APInt &b) { return a - b; },
      [](const APFloat &a, const APFloat &b) { return a - b; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isHomogeneous(*this) && isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  return foldBinary(
      *this, adaptor.getOperands(),
      [](const APInt &a, const APInt &b) { return a * b; },
      [](const APFloat &a, const APFloat &b) { return a * b; });
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Type type = getType();
  if (getOnTrue() == getOnFalse() && getOnTrue().getType() == type)
    return getOnTrue();
  auto pred = dyn_cast_or_null<SplatElementsAttr>(adaptor.getPred());
  if (!pred)
    return {};
  Value chosen = pred.getSplatValue<bool>() ? getOnTrue() : getOnFalse();
  return chosen.getType() == type ? chosen : Value();
}
