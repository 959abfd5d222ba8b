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

#include "dialect/DTypeLattice.h"

namespace mlir {
class MLIRContext;
class Type;
} // namespace mlir

namespace tnp::detail {

/// The MLIR element type of a dtype.
mlir::Type toMlirType(mlir::MLIRContext *ctx, tnp::dtype t);

/// One operand of a promotion: a dtype, weak (a C++ scalar) or not.
struct DTypeArg {
  tnp::dtype dtype = bool_;
  bool weak = false;
};

/// The dtype operands promote to (the dialect's promoteOperands), and the
/// result dtype of an op of `category` over them; from tables built once.
tnp::dtype promote(const DTypeArg *args, int count);
tnp::dtype categoryResult(mlir::tnp::PromotionCategory category,
                          tnp::dtype promoted);
/// np.can_cast(from, to, "safe").
bool canCastSafely(tnp::dtype from, tnp::dtype to);

} // namespace tnp::detail

#endif // TNP_LIB_DTYPES_H
