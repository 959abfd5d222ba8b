//===- TnpTraits.h - traits that give ops a shared rule ---------*- C++ -*-===//

#ifndef TNP_DIALECT_TNPTRAITS_H
#define TNP_DIALECT_TNPTRAITS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir::tnp {

namespace vjp {
/// Pushes a null cotangent for each of `op`'s operands.
LogicalResult noCotangents(Operation *op, SmallVectorImpl<Value> &operandCts);
} // namespace vjp

/// Tnp_ZeroDerivative (TnpBase.td): the reverse-mode rule of an op whose
/// derivative is zero wherever it exists gives no operand a cotangent.
template <typename ConcreteType>
class ZeroDerivative : public OpTrait::TraitBase<ConcreteType, ZeroDerivative> {
public:
  LogicalResult buildVjp(OpBuilder &, ValueRange,
                         SmallVectorImpl<Value> &operandCotangents) {
    return vjp::noCotangents(this->getOperation(), operandCotangents);
  }
};

/// Tnp_ElementwiseFamily (ElementwiseOps.td): the op is one of the
/// elementwise family, listed by ElementwiseOpList.h.
template <typename ConcreteType>
class ElementwiseFamily
    : public OpTrait::TraitBase<ConcreteType, ElementwiseFamily> {};

} // namespace mlir::tnp

#endif // TNP_DIALECT_TNPTRAITS_H
