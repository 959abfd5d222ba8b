//===- PromotionModes.h - strict, numpy, all and safe promotion -*- C++ -*-===//
//
// The four promotion behaviours of TF-NumPy over the dtype lattice, in one
// place: the verifier-side pass (tnp-promote-types) and the C++ API's eager
// calls both ask these functions, so traced and eager results agree.
//
//   strict  mixed dtypes are an error; literals take the array's dtype
//   numpy   NumPy 1.24's np.result_type, value-based for literals
//   all     JAX's lattice (x64) with weak literals
//   safe    all, minus what TF-NumPy's safe mode rejects
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_PROMOTIONMODES_H
#define TNP_DIALECT_PROMOTIONMODES_H

#include "dialect/DTypeLattice.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"

#include "dialect/TnpEnums.h"

namespace mlir::tnp {

/// The promotion rules in force: a mode and TF's prefer_float32 (float
/// literals and asarray(1.) are float32).
struct PromotionOptions {
  PromotionMode mode = PromotionMode::Numpy;
  bool preferFloat32 = false;
};

/// The name of a mode as the IR spells it ("numpy").
StringRef getModeName(PromotionMode mode);

/// The dtype operands promote to under `options`. Weak operands are C++ (or
/// Python) literals of dtype bool, int64, uint64, float64 or complex128 whose
/// value numpy mode and the range checks read. Fails where the mode forbids
/// the promotion, with the reason in `*error` (naming the dtypes).
FailureOr<Type> promoteOperands(ArrayRef<DTypeOperand> operands,
                                PromotionOptions options,
                                std::string *error = nullptr);

/// NumPy's casting rules for np.can_cast.
enum class Casting { No, Equiv, Safe, SameKind, Unsafe };
/// np.can_cast(from, to, casting) for a dtype, or for a literal NumPy 1.24's
/// value-based answer (can_cast(1, uint8) is true, can_cast(-1, uint8) not).
bool canCast(const DTypeOperand &from, Type to, Casting casting);

/// The rules for `op`: its func's `tnp.promotion` and `tnp.prefer_float32`
/// attributes, else its module's, else numpy.
PromotionOptions getPromotionOptions(Operation *op);
/// Sets the rules on a func or module, as the tracer does.
void setPromotionOptions(Operation *op, PromotionOptions options);

/// `v` as a promotion operand: its dtype, and for a weak literal its value.
DTypeOperand getPromotionOperand(Value v);

/// The result dtype of a promotable op under `options`, or why it is
/// forbidden.
FailureOr<Type> inferPromotedType(PromotionCategory category,
                                  ValueRange operands, PromotionOptions options,
                                  std::string *error = nullptr);

/// The dtype a promotable op computes in, which tnp-promote-types converts
/// its promoted operands to: the result dtype, except for comparisons (bool
/// result) and abs of complex (real result), which compute in the promoted
/// operand dtype.
FailureOr<Type> getComputeDType(Operation *op, PromotionOptions options,
                                std::string *error = nullptr);

} // namespace mlir::tnp

#endif // TNP_DIALECT_PROMOTIONMODES_H
