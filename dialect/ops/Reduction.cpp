//===- Reduction.cpp - rules of reduce, argmax/argmin and dot_general -----===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/OpUtils.h"

using namespace mlir;
using namespace mlir::tnp;

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// Whether a reduction (or scan) of `kind` takes operands of `dtype`: any/all
/// only bool, the others no bool; max/min no complex.
template <typename EmitErrorT>
static LogicalResult verifyReduceKind(ReduceKind kind, Type dtype,
                                      EmitErrorT emitError) {
  bool isBool = dtype.isInteger(1);
  bool logical = kind == ReduceKind::Any || kind == ReduceKind::All;
  if (logical != isBool)
    return emitError() << "'" << stringifyReduceKind(kind) << "' "
                       << (logical ? "needs a bool operand"
                                   : "does not take a bool operand")
                       << ", got " << dtype;
  if ((kind == ReduceKind::Max || kind == ReduceKind::Min) &&
      isa<ComplexType>(dtype))
    return emitError() << "'" << stringifyReduceKind(kind)
                       << "' is not defined for complex operand " << dtype;
  return success();
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *ctx,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto emitError = inferenceError<ReduceOp>(ctx, loc);
  auto type = cast<RankedTensorType>(adaptor.getOperand().getType());
  if (failed(verifyReduceKind(adaptor.getKind(), type.getElementType(),
                              emitError)))
    return failure();
  return inferFromOperandShape<ReduceOp>(
      ctx, loc, adaptor.getOperand(), inferred,
      [&](ArrayRef<int64_t> shape, ErrorSink sink) {
        return inferReduceShape(shape, adaptor.getAxes(), sink);
      });
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::verify() {
  int64_t rank = getType().getRank(), axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " out of range [0, " << rank << ")";
  return verifyReduceKind(getKind(), getType().getElementType(),
                          opError(*this));
}

//===----------------------------------------------------------------------===//
// ArgmaxOp, ArgminOp
//===----------------------------------------------------------------------===//

template <typename ArgOp> static LogicalResult verifyArgReduce(ArgOp op) {
  ArrayRef<int64_t> shape = shapeOf(op.getOperand());
  int64_t axis = op.getAxis();
  auto emitError = opError(op);
  FailureOr<Shape> expected =
      inferReduceShape(shape, {axis}, diagnose(emitError));
  if (failed(expected))
    return failure();
  if (shape[axis] == 0)
    return emitError() << "axis " << axis
                       << " is empty: no index of an empty sequence";
  ArrayRef<int64_t> actual = op.getType().getShape();
  if (failed(verifyCompatibleShape(*expected, actual)))
    return emitError() << "result shape " << formatShape(actual)
                       << " should be " << formatShape(*expected);
  return success();
}

LogicalResult ArgmaxOp::verify() { return verifyArgReduce(*this); }
LogicalResult ArgminOp::verify() { return verifyArgReduce(*this); }

//===----------------------------------------------------------------------===//
// DotGeneralOp
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::verify() {
  FailureOr<Shape> expected = inferDotGeneralShape(
      shapeOf(getLhs()), shapeOf(getRhs()), getLhsBatch(), getRhsBatch(),
      getLhsContracting(), getRhsContracting(), diagnose(opError(*this)));
  if (failed(expected))
    return failure();
  ArrayRef<int64_t> actual = getType().getShape();
  if (failed(verifyCompatibleShape(*expected, actual)))
    return emitOpError("result shape ")
           << formatShape(actual) << " should be " << formatShape(*expected);
  return success();
}
