//===- PromoteTypes.cpp - the tnp-promote-types pass ----------------------===//
//
// Makes every implicit conversion of a PromotableOpInterface op explicit. The
// result dtype was chosen by the lattice when the op was recorded; this pass
// converts the operands to the dtype the op computes in. Weak literals become
// constants of that dtype rather than converts, so they cost nothing, and
// broadcasts convert their (smaller) operand.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/PromotionModes.h"
#include "dialect/TnpDialect.h"
#include "dialect/TnpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

#include <complex>

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPPROMOTETYPESPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;
using namespace mlir::tnp;

namespace {

/// The weak literal `value` (int64, float64 or complex128) as `dtype`.
Attribute castLiteral(DenseElementsAttr value, Type dtype) {
  auto type = value.getType().clone(dtype);
  Type from = value.getElementType();
  std::complex<double> v;
  if (from.isUnsignedInteger())
    v = static_cast<double>(value.getSplatValue<APInt>().getZExtValue());
  else if (isa<IntegerType>(from))
    v = static_cast<double>(value.getSplatValue<APInt>().getSExtValue());
  else if (isa<FloatType>(from))
    v = value.getSplatValue<APFloat>().convertToDouble();
  else
    v = value.getSplatValue<std::complex<APFloat>>().real().convertToDouble();
  if (auto c = dyn_cast<ComplexType>(dtype)) {
    const llvm::fltSemantics &semantics =
        cast<FloatType>(c.getElementType()).getFloatSemantics();
    bool lost;
    APFloat re(v.real()),
        im(isa<ComplexType>(from) ? value.getSplatValue<std::complex<APFloat>>()
                                        .imag()
                                        .convertToDouble()
                                  : 0.0);
    re.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
    im.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
    return DenseElementsAttr::get(type, std::complex<APFloat>(re, im));
  }
  if (auto f = dyn_cast<FloatType>(dtype)) {
    bool lost;
    APFloat x(v.real());
    x.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return DenseElementsAttr::get(type, x);
  }
  // Integer literals only reach integer dtypes (a float literal makes the
  // op float); NumPy wraps out-of-range values the same way.
  APInt i =
      value.getSplatValue<APInt>().sextOrTrunc(dtype.getIntOrFloatBitWidth());
  return DenseElementsAttr::get(type, i);
}

/// `value` as `dtype`. Broadcasts and reshapes are rebuilt over the
/// converted operand, so that fewer elements convert and elementwise
/// lowering still sees the broadcast; a weak literal becomes a strong
/// constant of `dtype`.
Value convertTo(OpBuilder &b, Location loc, Value value, Type dtype) {
  Operation *def = value.getDefiningOp();
  auto type = cast<RankedTensorType>(value.getType()).clone(dtype);
  if (auto c = dyn_cast_or_null<ConstantOp>(def); c && c.getWeak())
    return ConstantOp::create(
        b, c.getLoc(), type,
        cast<ElementsAttr>(
            castLiteral(cast<DenseElementsAttr>(c.getValue()), dtype)),
        /*weak=*/false);
  if (!isa_and_nonnull<BroadcastInDimOp, ReshapeOp>(def))
    return b.createOrFold<ConvertOp>(loc, type, value);
  Value operand = convertTo(b, loc, def->getOperand(0), dtype);
  Operation *clone = b.clone(*def);
  clone->setOperand(0, operand);
  clone->getResult(0).setType(type);
  return clone->getResult(0);
}

struct TnpPromoteTypesPass
    : tnp::impl::TnpPromoteTypesPassBase<TnpPromoteTypesPass> {
  void runOnOperation() override {
    PromotionOptions options = getPromotionOptions(getOperation());
    bool failed = false;
    getOperation().walk([&](PromotableOpInterface op) {
      failed |= mlir::failed(promote(op, options));
    });
    if (failed)
      signalPassFailure();
  }

  /// Checks `op` against the mode and converts its operands.
  static LogicalResult promote(PromotableOpInterface op,
                               PromotionOptions options) {
    std::string error;
    FailureOr<Type> expected = inferPromotedType(
        op.getPromotionCategory(), op.getPromotedOperands(), options, &error);
    if (mlir::failed(expected))
      return op->emitOpError(error);
    Type actual = getElementTypeOrSelf(op->getResult(0).getType());
    if (actual != *expected)
      return op->emitOpError("result dtype ")
             << actual << " does not follow from its operands under "
             << getModeName(options.mode) << " promotion: expected "
             << *expected;
    Type dtype = *getComputeDType(op, options);
    OpBuilder b(op);
    OperandRange promoted = op.getPromotedOperands();
    // An operand used twice (x * x) is converted once.
    llvm::SmallDenseMap<Value, Value> converted;
    for (OpOperand &operand : op->getOpOperands().slice(
             promoted.getBeginOperandIndex(), promoted.size())) {
      Value v = operand.get();
      if (getElementTypeOrSelf(v.getType()) == dtype)
        continue;
      Value &to = converted[v];
      if (!to)
        to = convertTo(b, op->getLoc(), v, dtype);
      operand.set(to);
    }
    return success();
  }
};

} // namespace
