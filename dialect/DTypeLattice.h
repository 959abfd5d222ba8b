//===- DTypeLattice.h - NumPy dtypes and their promotion --------*- C++ -*-===//
//
// The dtype x dtype promotion table belongs to dtypes, not ops: ops name a
// PromotionCategory and this file says what that means for each dtype. Both
// the verifiers and the C++ API's eager checks use these functions.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_DTYPELATTICE_H
#define TNP_DIALECT_DTYPELATTICE_H

#include "mlir/IR/Types.h"
#include "mlir/IR/ValueRange.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::tnp {

/// How an op's result dtype follows from the dtype its operands promote to.
enum class PromotionCategory {
  /// The promoted dtype itself (add, maximum, neg, ...).
  Same,
  /// The promoted dtype, but bool becomes int8 (square, pow, floor_div, rem:
  /// NumPy has no bool loop for them).
  Numeric,
  /// Bool and integers become the smallest float that holds them exactly
  /// (exp, sin, floor, atan2: NumPy picks the first float loop).
  InexactResult,
  /// Bool and integers become float64 (true division).
  TrueDivide,
  /// Always bool (comparisons).
  BoolResult,
  /// Complex becomes its real component type (abs).
  Magnitude,
};

/// NumPy's kinds, in promotion order.
enum class DTypeKind { Bool, Int, Float, Complex };

/// A literal's value, which NumPy's value-based rules and the range checks
/// of the other modes read. The literal's dtype says which field holds it.
struct LiteralValue {
  /// Integers: the value, or a uint64's bits.
  int64_t i = 0;
  /// Floats and complex numbers.
  double re = 0, im = 0;
};

/// One operand of a promotion: its dtype and whether it is a weak literal
/// (a C++ scalar, which promotes as a Python scalar does), with its value.
struct DTypeOperand {
  Type dtype;
  bool weak = false;
  LiteralValue value = {};
};

/// The 15 dtypes tnp supports, smallest first in NumPy's order: bool, int8,
/// uint8, ..., uint64, float16, bfloat16, float32, float64, complex64,
/// complex128.
SmallVector<Type, 15> getAllDTypes(MLIRContext *ctx);
constexpr unsigned kNumDTypes = 15;
/// A supported dtype's position in getAllDTypes, and the dtype at one.
unsigned getDTypeIndex(Type dtype);
Type getDTypeAt(MLIRContext *ctx, unsigned index);
/// Whether `t` is one of the 15 dtypes tnp supports.
bool isDType(Type t);
/// The kind of a supported dtype.
DTypeKind getKind(Type dtype);
/// NumPy's name of a dtype ("int32", "float64", "bool", "bfloat16").
std::string getDTypeName(Type dtype);

/// NumPy's "safe" casting: every value of `from` is exactly a value of `to`.
/// bfloat16 (absent from NumPy) follows the same rule: 8 significant bits.
bool canCastSafely(Type from, Type to);
/// Like canCastSafely, but exact: int64 and uint64 do not cast to float64
/// (NumPy calls that safe although it rounds).
bool canCastLosslessly(Type from, Type to);
/// NumPy's np.promote_types: the smallest dtype both cast to safely.
Type promoteTypes(Type a, Type b);
/// NumPy's np.result_type of dtypes (no values): each promotes with the one
/// of highest NumPy type number (float16's is above all others), and those
/// results together, so np.result_type(int8, uint8, float16) is float16
/// where folding np.promote_types pairwise gives float32.
Type promoteTypeSequence(ArrayRef<Type> dtypes);
/// The result dtype of an op of `category` whose operands promote to `dtype`.
Type getCategoryResultType(PromotionCategory category, Type dtype);

/// Whether `v` is a weak literal: a weak tnp.constant, possibly broadcast or
/// reshaped.
bool isWeakLiteral(Value v);

/// The verifier of PromotableOpInterface: once the operands agree on a dtype,
/// the result dtype is the category's; mixed operands are checked against
/// the promotion mode by tnp-promote-types.
LogicalResult verifyPromotableOp(Operation *op);

} // namespace mlir::tnp

#endif // TNP_DIALECT_DTYPELATTICE_H
