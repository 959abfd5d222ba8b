//===- LoweringUtils.cpp - shared pieces of tnp-lower-to-linalg -----------===//

#include "passes/lowering/LoweringUtils.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
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

RankedTensorType tnp::convertResultType(ConversionPatternRewriter &rewriter,
                                        const TypeConverter *converter,
                                        Operation *op) {
  Type type = op->getResult(0).getType();
  auto converted =
      dyn_cast_or_null<RankedTensorType>(converter->convertType(type));
  if (!converted) {
    (void)rewriter.notifyMatchFailure(op, "result type does not convert");
    op->emitOpError("cannot be lowered: result type ")
        << type << " has no ranked tensor form";
  }
  return converted;
}

Value tnp::getDimSize(OpBuilder &b, Location loc, Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim));
  return tensor::DimOp::create(b, loc, value, dim);
}

SmallVector<Value>
tnp::dynamicSizesFrom(OpBuilder &b, Location loc, RankedTensorType type,
                      ArrayRef<std::pair<Value, int64_t>> sources) {
  SmallVector<Value> sizes;
  for (auto [i, source] : llvm::enumerate(sources))
    if (type.isDynamicDim(i))
      sizes.push_back(getDimSize(b, loc, source.first, source.second));
  return sizes;
}

Value tnp::buildEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                      ValueRange dynamicSizes) {
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynamicSizes);
}

Value tnp::buildFilled(OpBuilder &b, Location loc, RankedTensorType type,
                       ValueRange dynamicSizes, Value value) {
  Value empty = buildEmpty(b, loc, type, dynamicSizes);
  return linalg::FillOp::create(b, loc, ValueRange{value}, ValueRange{empty})
      .getResult(0);
}

Value tnp::buildGenerate(OpBuilder &b, Location loc, Value init,
                         function_ref<Value(OpBuilder &, Location)> body) {
  int64_t rank = cast<RankedTensorType>(init.getType()).getRank();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
      ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange) {
        linalg::YieldOp::create(b, loc, body(b, loc));
      });
  return generic.getResult(0);
}

MemRefType tnp::bufferType(RankedTensorType type, bool anyLayout) {
  if (!anyLayout)
    return MemRefType::get(type.getShape(), type.getElementType());
  SmallVector<int64_t> strides(type.getRank(), ShapedType::kDynamic);
  return MemRefType::get(
      type.getShape(), type.getElementType(),
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides));
}

FlatSymbolRefAttr tnp::declareRuntimeFunction(OpBuilder &b, Operation *from,
                                              StringRef name,
                                              ValueRange arguments) {
  auto module = from->getParentOfType<ModuleOp>();
  if (!module.lookupSymbol(name)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto fn = func::FuncOp::create(b, from->getLoc(), name,
                                   b.getFunctionType(arguments.getTypes(), {}));
    fn.setPrivate();
  }
  return SymbolRefAttr::get(b.getContext(), name);
}

Value tnp::buildScalarConstant(OpBuilder &b, Location loc, Type dtype,
                               double value) {
  if (auto c = dyn_cast<ComplexType>(dtype)) {
    auto f = cast<FloatType>(c.getElementType());
    auto parts =
        b.getArrayAttr({b.getFloatAttr(f, value), b.getFloatAttr(f, 0.0)});
    return complex::ConstantOp::create(b, loc, c, parts);
  }
  if (auto f = dyn_cast<FloatType>(dtype))
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(f, value));
  return arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(dtype, static_cast<int64_t>(value)));
}

Value tnp::buildExtreme(OpBuilder &b, Location loc, Type dtype, bool largest) {
  if (auto f = dyn_cast<FloatType>(dtype))
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(f, APFloat::getInf(f.getFloatSemantics(), !largest)));
  unsigned width = dtype.getIntOrFloatBitWidth();
  // Bool behaves as unsigned.
  bool isUnsigned = isUnsignedInt(dtype) || width == 1;
  APInt v = isUnsigned ? (largest ? APInt::getMaxValue(width)
                                  : APInt::getMinValue(width))
                       : (largest ? APInt::getSignedMaxValue(width)
                                  : APInt::getSignedMinValue(width));
  return arith::ConstantOp::create(b, loc,
                                   b.getIntegerAttr(toSignless(dtype), v));
}

namespace {
/// Flips the bits below the sign of `bits` where the sign is set.
Value flipNegativeMagnitudes(OpBuilder &b, Location loc, Value bits) {
  auto type = cast<IntegerType>(bits.getType());
  unsigned width = type.getWidth();
  Value sign = arith::ShRSIOp::create(
      b, loc, bits,
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, width - 1)));
  Value magnitude = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type, APInt::getSignedMaxValue(width)));
  return arith::XOrIOp::create(b, loc, bits,
                               arith::AndIOp::create(b, loc, sign, magnitude));
}
} // namespace

Value tnp::buildOrderKey(OpBuilder &b, Location loc, Value x,
                         IntegerType keyType) {
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Value bits = arith::BitcastOp::create(b, loc, b.getIntegerType(width), x);
  if (width < keyType.getWidth())
    bits = arith::ExtSIOp::create(b, loc, keyType, bits);
  return flipNegativeMagnitudes(b, loc, bits);
}

Value tnp::buildFromOrderKey(OpBuilder &b, Location loc, Value key,
                             FloatType type) {
  Value bits = flipNegativeMagnitudes(b, loc, key);
  if (type.getWidth() < key.getType().getIntOrFloatBitWidth())
    bits = arith::TruncIOp::create(b, loc, b.getIntegerType(type.getWidth()),
                                   bits);
  return arith::BitcastOp::create(b, loc, type, bits);
}

/// Float to integer as NumPy computes it on x86-64, for every input: LLVM's
/// fptosi/fptoui give poison out of range, so eager kernels and traces,
/// folded or vectorized differently, disagreed. A W-bit conversion (W = 32
/// below 64-bit targets, else 64) gives the minimum W-bit integer for NaN and
/// values out of range (cvttss2si's "indefinite" value), and narrower targets
/// wrap. uint32 and uint64 convert x >= 2^(W-1) as x - 2^(W-1) with the top
/// bit set again, as NumPy's vector loops do.
static Value castFloatToInt(OpBuilder &b, Location loc, Value value,
                            FloatType from, IntegerType to) {
  unsigned tw = to.getWidth(), ww = tw == 64 ? 64 : 32;
  // In a float type that holds 2^63 and every input exactly.
  FloatType real = from.getWidth() < 32 ? b.getF32Type() : from;
  if (real != from)
    value = arith::ExtFOp::create(b, loc, real, value);
  IntegerType wide = b.getIntegerType(ww);
  Value half = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(real, std::ldexp(1.0, ww - 1)));
  Value minimum = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(wide, APInt::getSignedMinValue(ww)));
  auto convert = [&](Value x) {
    Value negHalf = arith::NegFOp::create(b, loc, half);
    Value inRange = arith::AndIOp::create(
        b, loc,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, negHalf),
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, half));
    return arith::SelectOp::create(
        b, loc, inRange, arith::FPToSIOp::create(b, loc, wide, x), minimum);
  };
  Value result = convert(value);
  if (isUnsignedInt(to) && tw == ww) {
    Value high = arith::XOrIOp::create(
        b, loc, convert(arith::SubFOp::create(b, loc, value, half)), minimum);
    Value isHigh =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, value, half);
    result = arith::SelectOp::create(b, loc, isHigh, high, result);
  }
  if (tw < ww)
    result = arith::TruncIOp::create(b, loc, b.getIntegerType(tw), result);
  return result;
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
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value, zero);
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
  if (auto toInt = dyn_cast<IntegerType>(to))
    return castFloatToInt(b, loc, value, cast<FloatType>(from), toInt);
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

Value tnp::buildCombine(OpBuilder &b, Location loc, CombineKind kind,
                        Type dtype, Value lhs, Value rhs) {
  bool isFloat = isa<FloatType>(dtype);
  bool isComplex = isa<ComplexType>(dtype);
  bool isBool = dtype.isInteger(1);
  bool isUnsigned = isUnsignedInt(dtype) || isBool;
  switch (kind) {
  case CombineKind::Add:
    if (isComplex)
      return complex::AddOp::create(b, loc, lhs, rhs);
    if (isFloat)
      return arith::AddFOp::create(b, loc, lhs, rhs);
    // i1 addition would wrap; NumPy's bool + bool is logical or.
    if (isBool)
      return arith::OrIOp::create(b, loc, lhs, rhs);
    return arith::AddIOp::create(b, loc, lhs, rhs);
  case CombineKind::Mul:
    if (isComplex)
      return complex::MulOp::create(b, loc, lhs, rhs);
    if (isFloat)
      return arith::MulFOp::create(b, loc, lhs, rhs);
    return arith::MulIOp::create(b, loc, lhs, rhs);
  case CombineKind::Min:
    if (isComplex)
      return {};
    if (isFloat)
      return arith::MinimumFOp::create(b, loc, lhs, rhs);
    if (isUnsigned)
      return arith::MinUIOp::create(b, loc, lhs, rhs);
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case CombineKind::Max:
    if (isComplex)
      return {};
    if (isFloat)
      return arith::MaximumFOp::create(b, loc, lhs, rhs);
    if (isUnsigned)
      return arith::MaxUIOp::create(b, loc, lhs, rhs);
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case CombineKind::Or:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case CombineKind::And:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown combine kind");
}

GenericInput tnp::getGenericInput(ConversionPatternRewriter &rewriter,
                                  Value original, Value converted,
                                  int64_t rank) {
  MLIRContext *ctx = rewriter.getContext();
  auto bcast = original.getDefiningOp<BroadcastInDimOp>();
  if (!bcast)
    return {converted, AffineMap::getMultiDimIdentityMap(rank, ctx)};
  Value source = rewriter.getRemappedValue(bcast.getOperand());
  ArrayRef<int64_t> from = cast<RankedTensorType>(source.getType()).getShape();
  ArrayRef<int64_t> to = bcast.getType().getShape();
  SmallVector<AffineExpr> exprs;
  for (auto [k, d] : llvm::enumerate(bcast.getDims()))
    exprs.push_back(from[k] == 1 && to[d] != 1 ? getAffineConstantExpr(0, ctx)
                                               : getAffineDimExpr(d, ctx));
  return {source, AffineMap::get(rank, 0, exprs, ctx)};
}

/// The sizes of the dynamic dimensions of `type`, each read from an input
/// that carries it; fails with a diagnostic on `op` if none does.
static FailureOr<SmallVector<Value>>
getDynamicSizes(OpBuilder &b, Operation *op, RankedTensorType type,
                ArrayRef<GenericInput> inputs) {
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    Value size;
    for (const GenericInput &input : inputs) {
      auto shape = cast<RankedTensorType>(input.value.getType()).getShape();
      for (auto [k, expr] : llvm::enumerate(input.map.getResults())) {
        auto dim = dyn_cast<AffineDimExpr>(expr);
        if (!size && dim && dim.getPosition() == d && shape[k] != 1)
          size = getDimSize(b, op->getLoc(), input.value, k);
      }
    }
    if (!size)
      return op->emitOpError("cannot size dynamic result dimension ")
             << d << ": no operand carries it";
    sizes.push_back(size);
  }
  return sizes;
}

LogicalResult tnp::replaceWithGeneric(ConversionPatternRewriter &rewriter,
                                      Operation *op,
                                      ArrayRef<GenericInput> inputs,
                                      RankedTensorType resultType,
                                      ScalarFn body) {
  Location loc = op->getLoc();
  FailureOr<SmallVector<Value>> sizes =
      getDynamicSizes(rewriter, op, resultType, inputs);
  if (failed(sizes))
    return failure();
  Value init = buildEmpty(rewriter, loc, resultType, *sizes);
  SmallVector<Value> values;
  SmallVector<AffineMap> maps;
  for (const GenericInput &input : inputs) {
    values.push_back(input.value);
    maps.push_back(input.map);
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(resultType.getRank(),
                                                   op->getContext()));
  SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                             utils::IteratorType::parallel);
  bool unsupported = false;
  auto generic = linalg::GenericOp::create(
      rewriter, loc, resultType, values, init, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value v = body(b, l, args.drop_back());
        unsupported = !v;
        linalg::YieldOp::create(b, l, v ? v : args.back());
      });
  if (unsupported) {
    rewriter.eraseOp(generic);
    return op->emitOpError("has no lowering for dtype ")
           << getElementTypeOrSelf(op->getOperand(0).getType());
  }
  rewriter.replaceOp(op, generic.getResult(0));
  return success();
}
