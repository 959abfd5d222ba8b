//===- ShapeFunctions.h - one shape rule per op -----------------*- C++ -*-===//
//
// Shape rules apart from the op classes, shared by the ops' type inference and
// verifiers and by the C++ API's eager checks. Each returns the result shape,
// or emits a diagnostic through `emitError` and fails. Dynamic dimensions
// (ShapedType::kDynamic) are accepted wherever a static one is compatible.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_SHAPEFUNCTIONS_H
#define TNP_DIALECT_SHAPEFUNCTIONS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <limits>
#include <string>

namespace mlir::tnp {

using Shape = SmallVector<int64_t>;
/// Starts a diagnostic for the op being checked.
using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// "[1, 2]": an attribute's integers, for diagnostics.
std::string formatList(ArrayRef<int64_t> values);
/// "[2, ?]": a shape with dynamic dimensions as `?`, for diagnostics.
std::string formatShape(ArrayRef<int64_t> shape);

/// Checks that `dims` are distinct and in [0, rank); `what` names them.
LogicalResult verifyDims(ArrayRef<int64_t> dims, int64_t rank, StringRef what,
                         EmitErrorFn emitError);

FailureOr<Shape> inferTransposeShape(ArrayRef<int64_t> operand,
                                     ArrayRef<int64_t> permutation,
                                     EmitErrorFn emitError);
/// A tnp.slice limit that means "to the end of the dimension", with start 0
/// and stride 1: the whole dimension, static or dynamic. A trace with a
/// dynamic dimension slices other dimensions this way without naming its
/// size.
constexpr int64_t kSliceToEnd = std::numeric_limits<int64_t>::min();

FailureOr<Shape> inferSliceShape(ArrayRef<int64_t> operand,
                                 ArrayRef<int64_t> start,
                                 ArrayRef<int64_t> limit,
                                 ArrayRef<int64_t> strides,
                                 EmitErrorFn emitError);
FailureOr<Shape> inferConcatenateShape(ArrayRef<ArrayRef<int64_t>> inputs,
                                       int64_t dimension,
                                       EmitErrorFn emitError);
FailureOr<Shape> inferPadShape(ArrayRef<int64_t> operand, ArrayRef<int64_t> low,
                               ArrayRef<int64_t> high,
                               ArrayRef<int64_t> interior,
                               EmitErrorFn emitError);
/// The operand shape without `axes` (reductions).
FailureOr<Shape> inferReduceShape(ArrayRef<int64_t> operand,
                                  ArrayRef<int64_t> axes,
                                  EmitErrorFn emitError);
/// Checks `dims` against operand and result shapes of tnp.broadcast_in_dim.
LogicalResult verifyBroadcastInDim(ArrayRef<int64_t> operand,
                                   ArrayRef<int64_t> result,
                                   ArrayRef<int64_t> dims,
                                   EmitErrorFn emitError);
FailureOr<Shape>
inferDotGeneralShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
                     ArrayRef<int64_t> lhsBatch, ArrayRef<int64_t> rhsBatch,
                     ArrayRef<int64_t> lhsContracting,
                     ArrayRef<int64_t> rhsContracting, EmitErrorFn emitError);
/// The shape tnp.gather returns (and tnp.scatter's updates have).
FailureOr<Shape> inferGatherShape(ArrayRef<int64_t> operand,
                                  ArrayRef<int64_t> indices,
                                  ArrayRef<int64_t> axes,
                                  EmitErrorFn emitError);

} // namespace mlir::tnp

#endif // TNP_DIALECT_SHAPEFUNCTIONS_H
