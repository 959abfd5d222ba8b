//===- DTypes.h - dtypes between the API and the dialect --------*- C++ -*-===//
//
// The API's dtype codes, their MLIR element types, and the dialect's lattice
// tabulated over codes, so that eager calls find result dtypes without
// touching MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_DTYPES_H
#define TNP_LIB_DTYPES_H

#include <tnp/dtype.h>

#include "dialect/PromotionModes.h"

#include <string_view>

namespace mlir {
class MLIRContext;
class Type;
} // namespace mlir

namespace tnp::detail {

/// The MLIR element type of a dtype.
mlir::Type toMlirType(mlir::MLIRContext *ctx, tnp::dtype t);

struct ArrayImpl;

/// One operand of a promotion: a dtype, weak (a C++ scalar) or not, with the
/// literal's array for its value.
struct DTypeArg {
  tnp::dtype dtype = bool_;
  bool weak = false;
  const ArrayImpl *literal = nullptr;
};

/// The promotion rules in force on this thread (tnp::set_promotion and
/// tnp::promotion_scope).
mlir::tnp::PromotionOptions currentPromotion();
/// The rules as a small integer, for kernel keys, and back.
int promotionCode(mlir::tnp::PromotionOptions options);
mlir::tnp::PromotionOptions promotionFromCode(int code);

/// The dtype operands promote to under the current rules (the dialect's
/// promoteOperands); TypeError naming `op` where the rules forbid it.
tnp::dtype promote(const DTypeArg *args, int count, std::string_view op);
/// The dialect's view of an operand: its MLIR dtype and literal value.
mlir::tnp::DTypeOperand toOperand(const DTypeArg &arg);
/// The dtype code of one of the 15 MLIR dtypes.
tnp::dtype fromMlirType(mlir::Type t);
/// The dtype a literal of `dtype` is as an array (np.asarray(1.)): float64
/// and complex128 become float32 and complex64 under prefer_float32.
tnp::dtype literalArrayDType(tnp::dtype dtype);
/// The result dtype of an op of `category` over operands promoted to
/// `promoted`; from a table built once.
tnp::dtype categoryResult(mlir::tnp::PromotionCategory category,
                          tnp::dtype promoted);
/// np.can_cast(from, to, "safe").
bool canCastSafely(tnp::dtype from, tnp::dtype to);

} // namespace tnp::detail

#endif // TNP_LIB_DTYPES_H
