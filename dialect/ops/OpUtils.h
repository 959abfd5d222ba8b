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

/// An error emitter for an op's verifier.
inline auto opError(Operation *op) {
  return [op]() -> InFlightDiagnostic { return op->emitOpError(); };
}

inline ArrayRef<int64_t> shapeOf(Value v) {
  return cast<RankedTensorType>(v.getType()).getShape();
}

/// A ranked tensor of `shape` holding `dtype`.
inline RankedTensorType tensorOf(ArrayRef<int64_t> shape, Type dtype) {
  return RankedTensorType::get(shape, dtype);
}

/// Constants small enough to fold element by element.
inline bool isCheapToFold(Attribute attr) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(attr);
  return elements && (elements.isSplat() || elements.getNumElements() <= 64);
}

} // namespace mlir::tnp

#endif // TNP_DIALECT_OPS_OPUTILS_H
