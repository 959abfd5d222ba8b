//===- IndexingVjp.cpp - reverse-mode rules of gather and scatter ---------===//
//
// gather and scatter-add are each other's transposes. A `set` scatter
// passes the result's cotangent to the updates that were written and to
// the operand elements that were not; with repeated indices every update
// at one position receives that position's cotangent (JAX's rule assumes
// unique indices likewise). A `mul` scatter divides by its updates, so
// zero updates give non-finite cotangents.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/VjpBuilders.h"

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::vjp;

LogicalResult GatherOp::buildVjp(OpBuilder &b, ValueRange cts,
                                 SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Type type = getOperand().getType();
  out.append(
      {ScatterOp::create(b, loc, type, ScatterKind::Add, zeros(b, loc, type),
                         getIndices(), cts[0], getAxes()),
       Value()});
  return success();
}

LogicalResult ScatterOp::buildVjp(OpBuilder &b, ValueRange cts,
                                  SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value ct = cts[0];
  Type updatesType = getUpdates().getType();
  auto gather = [&](Value v) -> Value {
    return GatherOp::create(b, loc, updatesType, v, getIndices(), getAxes());
  };
  auto scatter = [&](ScatterKind kind, Value updates) -> Value {
    return ScatterOp::create(b, loc, ct.getType(), kind, ct, getIndices(),
                             updates, getAxes());
  };
  switch (getKind()) {
  case ScatterKind::Add:
    out.append({ct, Value(), gather(ct)});
    return success();
  case ScatterKind::Set:
    out.append({scatter(ScatterKind::Set, zeros(b, loc, updatesType)), Value(),
                gather(ct)});
    return success();
  case ScatterKind::Mul:
    out.append(
        {scatter(ScatterKind::Mul, getUpdates()), Value(),
         make<DivOp>(b, loc, gather(make<MulOp>(b, loc, ct, getResult())),
                     getUpdates())});
    return success();
  case ScatterKind::Min:
  case ScatterKind::Max:
    return emitOpError("has no VJP rule for a ")
           << stringifyScatterKind(getKind()) << " scatter";
  }
  llvm_unreachable("a scatter kind");
}
