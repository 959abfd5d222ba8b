//===- ScalarRules.h - the scalar rule of each elementwise op ---*- C++ -*-===//
//
// One overload per elementwise op: the value of one element, given the
// elements of its operands (signless, as the lowering converts them) and `t`,
// the tnp dtype the op computes in. A null Value means the op has no rule for
// that dtype.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_LOWERING_SCALARRULES_H
#define TNP_PASSES_LOWERING_SCALARRULES_H

#include "dialect/TnpOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::tnp {

Value emitScalar(NegOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AbsOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SignOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(ExpOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(Expm1Op, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(LogOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(Log1pOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SqrtOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(RsqrtOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(TanhOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SinOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(CosOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(LogisticOp, OpBuilder &b, Location loc, Type t,
                 ValueRange args);
Value emitScalar(TanOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AsinOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AcosOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AtanOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SinhOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(CoshOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AsinhOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AcoshOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(AtanhOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(Log2Op, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(Log10Op, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(Exp2Op, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(CbrtOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SquareOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(FloorOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(CeilOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(RoundOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(NotOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(RealOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(ImagOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(ConjOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SignbitOp, OpBuilder &b, Location loc, Type t,
                 ValueRange args);
Value emitScalar(AddOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SubOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(MulOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(DivOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(FloorDivOp, OpBuilder &b, Location loc, Type t,
                 ValueRange args);
Value emitScalar(RemOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(PowOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(MaximumOp, OpBuilder &b, Location loc, Type t,
                 ValueRange args);
Value emitScalar(MinimumOp, OpBuilder &b, Location loc, Type t,
                 ValueRange args);
Value emitScalar(AndOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(OrOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(XorOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(Atan2Op, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(NextafterOp, OpBuilder &b, Location loc, Type t,
                 ValueRange args);
Value emitScalar(GcdOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(EqOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(NeOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(LtOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(LeOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(GtOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(GeOp, OpBuilder &b, Location loc, Type t, ValueRange args);
Value emitScalar(SelectOp, OpBuilder &b, Location loc, Type t, ValueRange args);

} // namespace mlir::tnp

#endif // TNP_PASSES_LOWERING_SCALARRULES_H
