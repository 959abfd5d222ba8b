//===- ShapeFunctions.h - one shape rule per op -----------------*- C++ -*-===//
//
// Shape rules apart from the op classes, shared by the ops' type inference and
// verifiers and by the C++ API's eager primitives. Each returns the result
// shape, or hands a message to its ErrorSink and fails: the dialect turns the
// message into a diagnostic, the eager API into a tnp::Error. No rule needs
// an MLIRContext. Dynamic dimensions (ShapedType::kDynamic) are accepted
// wherever a static one is compatible.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_SHAPEFUNCTIONS_H
#define TNP_DIALECT_SHAPEFUNCTIONS_H

#include "mlir/Support/LLVM.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"

#include <limits>
#include <string>

namespace mlir::tnp {

using Shape = SmallVector<int64_t>;
/// Receives the message of a rule that fails.
using ErrorSink = function_ref<void(StringRef message)>;

/// "[1, 2]": an attribute's integers, for diagnostics.
std::string formatList(ArrayRef<int64_t> values);
/// "[2, ?]": a shape with dynamic dimensions as `?`, for diagnostics.
std::string formatShape(ArrayRef<int64_t> shape);

/// The dimensions of `rank` in neither list, in order: a dot_general
/// operand's free dimensions, given its batch and contracting ones.
SmallVector<int64_t> dimsOutside(int64_t rank, ArrayRef<int64_t> a,
                                 ArrayRef<int64_t> b);

/// Checks that `dims` are distinct and in [0, rank); `what` names them.
LogicalResult verifyDims(ArrayRef<int64_t> dims, int64_t rank, StringRef what,
                         ErrorSink sink);

FailureOr<Shape> inferTransposeShape(ArrayRef<int64_t> operand,
                                     ArrayRef<int64_t> permutation,
                                     ErrorSink sink);
/// A tnp.slice limit that means "to the end of the dimension", with start 0
/// and stride 1: the whole dimension, static or dynamic. A trace with a
/// dynamic dimension slices other dimensions this way without naming its
/// size.
constexpr int64_t kSliceToEnd = std::numeric_limits<int64_t>::min();

FailureOr<Shape> inferSliceShape(ArrayRef<int64_t> operand,
                                 ArrayRef<int64_t> start,
                                 ArrayRef<int64_t> limit,
                                 ArrayRef<int64_t> strides, ErrorSink sink);
/// Inputs of one rank whose sizes agree outside `dimension`; messages in
/// NumPy's words, which name inputs by index.
FailureOr<Shape> inferConcatenateShape(ArrayRef<ArrayRef<int64_t>> inputs,
                                       int64_t dimension, ErrorSink sink);
/// tnp.sort: operands of one shape, of rank at least 1, `axis` in range.
FailureOr<Shape> inferSortShape(ArrayRef<ArrayRef<int64_t>> operands,
                                int64_t axis, ErrorSink sink);
FailureOr<Shape> inferPadShape(ArrayRef<int64_t> operand, ArrayRef<int64_t> low,
                               ArrayRef<int64_t> high,
                               ArrayRef<int64_t> interior, ErrorSink sink);
/// The operand shape without `axes` (reductions).
FailureOr<Shape> inferReduceShape(ArrayRef<int64_t> operand,
                                  ArrayRef<int64_t> axes, ErrorSink sink);
/// Checks `dims` against operand and result shapes of tnp.broadcast_in_dim.
LogicalResult verifyBroadcastInDim(ArrayRef<int64_t> operand,
                                   ArrayRef<int64_t> result,
                                   ArrayRef<int64_t> dims, ErrorSink sink);
FailureOr<Shape>
inferDotGeneralShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
                     ArrayRef<int64_t> lhsBatch, ArrayRef<int64_t> rhsBatch,
                     ArrayRef<int64_t> lhsContracting,
                     ArrayRef<int64_t> rhsContracting, ErrorSink sink);
/// The shape tnp.gather returns (and tnp.scatter's updates have).
FailureOr<Shape> inferGatherShape(ArrayRef<int64_t> operand,
                                  ArrayRef<int64_t> indices,
                                  ArrayRef<int64_t> axes, ErrorSink sink);

} // namespace mlir::tnp

#endif // TNP_DIALECT_SHAPEFUNCTIONS_H
