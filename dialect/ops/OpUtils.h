//===- OpUtils.h - helpers shared by the op family files --------*- C++ -*-===//

#ifndef TNP_DIALECT_OPS_OPUTILS_H
#define TNP_DIALECT_OPS_OPUTILS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/TypeUtilities.h"

#include <optional>

namespace mlir::tnp {

/// An error emitter for OpT's type inference, which has a location (if any)
/// but no op yet; messages read as the verifier's would.
template <typename OpT>
auto inferenceError(MLIRContext *ctx, std::optional<Location> loc) {
  return [ctx, loc]() -> InFlightDiagnostic {
    return std::move(emitError(loc ? *loc : UnknownLoc::get(ctx))
                     << "'" << OpT::getOperationName() << "' op ");
  };
}

/// A shape rule's ErrorSink that reports through `emitError` (a diagnostic).
template <typename EmitErrorT> auto diagnose(EmitErrorT emitError) {
  return [emitError](StringRef message) { (void)(emitError() << message); };
}

/// Type inference of ops whose result has the operand's dtype and the shape
/// `rule(operandShape, sink)` gives, reporting errors as OpT.
template <typename OpT, typename Rule>
LogicalResult inferFromOperandShape(MLIRContext *ctx,
                                    std::optional<Location> loc, Value operand,
                                    SmallVectorImpl<Type> &inferred,
                                    Rule rule) {
  auto type = cast<RankedTensorType>(operand.getType());
  FailureOr<SmallVector<int64_t>> shape =
      rule(type.getShape(), diagnose(inferenceError<OpT>(ctx, loc)));
  if (failed(shape))
    return failure();
  inferred.push_back(RankedTensorType::get(*shape, type.getElementType()));
  return success();
}

/// An error emitter for an op's verifier.
inline auto opError(Operation *op) {
  return [op]() -> InFlightDiagnostic { return op->emitOpError(); };
}

inline ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// Constants small enough to fold element by element.
inline bool isCheapToFold(Attribute attr) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(attr);
  return elements && (elements.isSplat() || elements.getNumElements() <= 64);
}

} // namespace mlir::tnp

#endif // TNP_DIALECT_OPS_OPUTILS_H
