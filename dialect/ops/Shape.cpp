//===- Shape.cpp - rules of creation, cast and data-movement ops ----------===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/OpUtils.h"

#include "mlir/Dialect/CommonFolders.h"

using namespace mlir;
using namespace mlir::tnp;

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  if (!getWeak())
    return success();
  Type dtype = getType().getElementType();
  auto isF64 = [](Type t) { return t.isF64(); };
  auto complex = dyn_cast<ComplexType>(dtype);
  if (dtype.isSignlessInteger(64) || isF64(dtype) ||
      (complex && isF64(complex.getElementType())))
    return success();
  return emitOpError("weak literals are int64, float64 or complex128, got ")
         << dtype;
}

// A weak literal is not folded into other constants: its weakness would be
// lost, and it would be merged with a strong constant of the same value.
// A ConstantLike op must fold (m_Constant reads the result unchecked).
OpFoldResult ConstantOp::fold(FoldAdaptor) {
  if (getWeak())
    return WeakAttr::get(getContext(), getValue());
  return getValue();
}

//===----------------------------------------------------------------------===//
// IotaOp
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  RankedTensorType type = getType();
  auto dim = static_cast<int64_t>(getDimension());
  if (type.getRank() == 0)
    return emitOpError("result must have rank >= 1");
  if (dim < 0 || dim >= type.getRank())
    return emitOpError("dimension ")
           << dim << " out of range [0, " << type.getRank() << ")";
  if (!type.hasStaticShape())
    return emitOpError("result shape must be static, got ") << type;
  if (type.getElementType().isInteger(1))
    return emitOpError("result dtype must be numeric, got bool");
  return success();
}

//===----------------------------------------------------------------------===//
// ConvertOp
//===----------------------------------------------------------------------===//

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getOperand());
  RankedTensorType type = getType();
  if (!splat || !type.hasStaticShape())
    return {};
  Type from = splat.getElementType(), to = type.getElementType();
  auto fromInt = dyn_cast<IntegerType>(from);
  auto toInt = dyn_cast<IntegerType>(to);
  // Integers (and bool) to integers; floats and complex are left to lowering.
  if (!fromInt || !toInt)
    return {};
  APInt v = splat.getSplatValue<APInt>();
  APInt r = toInt.getWidth() == 1 ? APInt(1, !v.isZero())
            : fromInt.isUnsigned() || fromInt.getWidth() == 1
                ? v.zextOrTrunc(toInt.getWidth())
                : v.sextOrTrunc(toInt.getWidth());
  return DenseElementsAttr::get(type, r);
}

//===----------------------------------------------------------------------===//
// BroadcastInDimOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastInDim(shapeOf(getOperand()), getType().getShape(),
                              getDims(), diagnose(opError(*this)));
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  RankedTensorType type = getType();
  if (getOperand().getType() == type && type.hasStaticShape())
    return getOperand();
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getOperand());
  if (splat && type.hasStaticShape())
    return splat.resizeSplat(type);
  return {};
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto from = cast<RankedTensorType>(getOperand().getType());
  RankedTensorType to = getType();
  if (from.hasStaticShape() && to.hasStaticShape() &&
      from.getNumElements() != to.getNumElements())
    return emitOpError("cannot reshape ")
           << from.getNumElements() << " elements "
           << formatShape(from.getShape()) << " into " << to.getNumElements()
           << " elements " << formatShape(to.getShape());
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  RankedTensorType type = getType();
  if (getOperand().getType() == type && type.hasStaticShape())
    return getOperand();
  if (auto producer = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(producer.getOperand());
    return getResult();
  }
  auto elements = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand());
  if (elements && type.hasStaticShape())
    return elements.reshape(type);
  return {};
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferFromOperandShape<TransposeOp>(
      ctx, loc, adaptor.getOperand(), inferred,
      [&](ArrayRef<int64_t> shape, ErrorSink sink) {
        return inferTransposeShape(shape, adaptor.getPermutation(), sink);
      });
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  for (auto [i, p] : llvm::enumerate(getPermutation()))
    if (static_cast<int64_t>(i) != p)
      return {};
  return getOperand();
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::inferReturnTypes(MLIRContext *ctx,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  return inferFromOperandShape<SliceOp>(
      ctx, loc, adaptor.getOperand(), inferred,
      [&](ArrayRef<int64_t> shape, ErrorSink sink) {
        return inferSliceShape(shape, adaptor.getStart(), adaptor.getLimit(),
                               adaptor.getStrides(), sink);
      });
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType() && getType().hasStaticShape())
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// ReverseOp
//===----------------------------------------------------------------------===//

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferFromOperandShape<ReverseOp>(
      ctx, loc, adaptor.getOperand(), inferred,
      [&](ArrayRef<int64_t> shape, ErrorSink sink) -> FailureOr<Shape> {
        if (failed(verifyDims(adaptor.getDims(), shape.size(), "dims", sink)))
          return failure();
        return Shape(shape);
      });
}

OpFoldResult ReverseOp::fold(FoldAdaptor adaptor) {
  if (getDims().empty() ||
      isa_and_nonnull<SplatElementsAttr>(adaptor.getOperand()))
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// ConcatenateOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value input : adaptor.getInputs())
    shapes.push_back(shapeOf(input));
  FailureOr<Shape> shape =
      inferConcatenateShape(shapes, adaptor.getDimension(),
                            diagnose(inferenceError<ConcatenateOp>(ctx, loc)));
  if (failed(shape))
    return failure();
  inferred.push_back(RankedTensorType::get(
      *shape, getElementTypeOrSelf(adaptor.getInputs().front())));
  return success();
}

OpFoldResult ConcatenateOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  return {};
}

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

LogicalResult PadOp::inferReturnTypes(MLIRContext *ctx,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  return inferFromOperandShape<PadOp>(
      ctx, loc, adaptor.getOperand(), inferred,
      [&](ArrayRef<int64_t> shape, ErrorSink sink) {
        return inferPadShape(shape, adaptor.getLow(), adaptor.getHigh(),
                             adaptor.getInterior(), sink);
      });
}
