//===- LoweringUtils.cpp - shared pieces of tnp-lower-to-linalg -----------===//

#include "passes/lowering/LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tnp;

bool tnp::isUnsignedInt(Type dtype) {
  auto i = dyn_cast<IntegerType>(dtype);
  return i && i.isUnsigned();
}

Type tnp::toSignless(Type dtype) {
  if (isUnsignedInt(dtype))
    return IntegerType::get(dtype.getContext(), dtype.getIntOrFloatBitWidth());
  return dtype;
}

TnpTypeConverter::TnpTypeConverter() {
  addConversion([](Type t) { return t; });
  addConversion([](IntegerType t) { return toSignless(t); });
  addConversion([](RankedTensorType t) -> Type {
    return t.clone(toSignless(t.getElementType()));
  });
  // Kernels take their destination as a memref.
  addConversion([](MemRefType t) -> Type {
    return t.clone(toSignless(t.getElementType()));
  });
}

Value tnp::getDimSize(OpBuilder &b, Location loc, Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim));
  return tensor::DimOp::create(b, loc, value, dim);
}

Value tnp::buildEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                      ValueRange dynamicSizes) {
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamicSizes);
}

Value tnp::buildScalarConstant(OpBuilder &b, Location loc, Type dtype,
                               double value) {
  if (auto c = dyn_cast<ComplexType>(dtype)) {
    auto f = cast<FloatType>(c.getElementType());
    auto parts = b.getArrayAttr(
        {b.getFloatAttr(f, value), b.getFloatAttr(f, 0.0)});
    return complex::ConstantOp::create(b, loc, c, parts);
  }
  if (auto f = dyn_cast<FloatType>(dtype))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(f, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(dtype, static_cast<int64_t>(value)));
}

/// Casts between real dtypes; `value` is signless.
static Value castReal(OpBuilder &b, Location loc, Value value, Type from,
                      Type to) {
  Type target = toSignless(to);
  if (from == to)
    return value;
  if (to.isInteger(1)) {
    Value zero = buildScalarConstant(b, loc, toSignless(from), 0);
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                 zero);
  }
  // Bool behaves as an unsigned 1-bit integer.
  bool fromUnsigned = isUnsignedInt(from) || from.isInteger(1);
  if (isa<IntegerType>(from) && isa<IntegerType>(to)) {
    unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
    if (fw == tw)
      return value;
    if (fw > tw)
      return arith::TruncIOp::create(b, loc, target, value);
    if (fromUnsigned)
      return arith::ExtUIOp::create(b, loc, target, value);
    return arith::ExtSIOp::create(b, loc, target, value);
  }
  if (isa<IntegerType>(from)) {
    if (fromUnsigned)
      return arith::UIToFPOp::create(b, loc, target, value);
    return arith::SIToFPOp::create(b, loc, target, value);
  }
  if (isa<IntegerType>(to)) {
    if (isUnsignedInt(to))
      return arith::FPToUIOp::create(b, loc, target, value);
    return arith::FPToSIOp::create(b, loc, target, value);
  }
  auto ff = cast<FloatType>(from), tf = cast<FloatType>(to);
  if (ff.getWidth() == tf.getWidth()) {
    // float16 <-> bfloat16: through float32, which holds both exactly.
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    return arith::TruncFOp::create(b, loc, tf, wide);
  }
  if (ff.getWidth() < tf.getWidth())
    return arith::ExtFOp::create(b, loc, tf, value);
  return arith::TruncFOp::create(b, loc, tf, value);
}

Value tnp::buildScalarCast(OpBuilder &b, Location loc, Value value,
                           Type fromDType, Type toDType) {
  if (fromDType == toDType)
    return value;
  auto fromComplex = dyn_cast<ComplexType>(fromDType);
  auto toComplex = dyn_cast<ComplexType>(toDType);
  if (fromComplex && toComplex) {
    Type fe = fromComplex.getElementType(), te = toComplex.getElementType();
    Value re = castReal(b, loc, complex::ReOp::create(b, loc, value), fe, te);
    Value im = castReal(b, loc, complex::ImOp::create(b, loc, value), fe, te);
    return complex::CreateOp::create(b, loc, toComplex, re, im);
  }
  if (fromComplex) {
    Type fe = fromComplex.getElementType();
    if (toDType.isInteger(1)) {
      Value zero = buildScalarConstant(b, loc, fromDType, 0);
      return complex::NotEqualOp::create(b, loc, value, zero);
    }
    return castReal(b, loc, complex::ReOp::create(b, loc, value), fe, toDType);
  }
  if (toComplex) {
    Type te = toComplex.getElementType();
    Value re = castReal(b, loc, value, fromDType, te);
    Value im = buildScalarConstant(b, loc, te, 0);
    return complex::CreateOp::create(b, loc, toComplex, re, im);
  }
  return castReal(b, loc, value, fromDType, toDType);
}
