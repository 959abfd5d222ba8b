//===- Indexing.cpp - rules of gather and scatter -------------------------===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/OpUtils.h"

using namespace mlir;
using namespace mlir::tnp;

LogicalResult GatherOp::verify() {
  FailureOr<Shape> expected =
      inferGatherShape(shapeOf(getOperand()), shapeOf(getIndices()), getAxes(),
                       diagnose(opError(*this)));
  if (failed(expected))
    return failure();
  Type dtype = getElementTypeOrSelf(getOperand());
  if (getType().getElementType() != dtype)
    return emitOpError("result dtype ")
           << getType().getElementType() << " differs from operand dtype "
           << dtype;
  if (failed(verifyCompatibleShape(*expected, getType().getShape())))
    return emitOpError("result shape ")
           << formatShape(getType().getShape()) << " should be "
           << formatShape(*expected);
  return success();
}

LogicalResult ScatterOp::verify() {
  FailureOr<Shape> expected =
      inferGatherShape(shapeOf(getOperand()), shapeOf(getIndices()), getAxes(),
                       diagnose(opError(*this)));
  if (failed(expected))
    return failure();
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  auto updatesType = cast<RankedTensorType>(getUpdates().getType());
  if (getType() != operandType)
    return emitOpError("result type ")
           << getType() << " differs from operand type " << operandType;
  if (updatesType.getElementType() != operandType.getElementType())
    return emitOpError("updates dtype ")
           << updatesType.getElementType() << " differs from operand dtype "
           << operandType.getElementType();
  if (failed(verifyCompatibleShape(*expected, updatesType.getShape())))
    return emitOpError("updates shape ")
           << formatShape(updatesType.getShape()) << " should be "
           << formatShape(*expected);
  bool isBool = operandType.getElementType().isInteger(1);
  bool isComplex = isa<ComplexType>(operandType.getElementType());
  ScatterKind kind = getKind();
  if ((isBool && kind != ScatterKind::Set) ||
      (isComplex && (kind == ScatterKind::Min || kind == ScatterKind::Max)))
    return emitOpError("'")
           << stringifyScatterKind(kind) << "' is not defined for dtype "
           << operandType.getElementType();
  return success();
}
