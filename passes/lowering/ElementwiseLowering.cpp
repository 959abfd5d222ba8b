//===- ElementwiseLowering.cpp - elementwise tnp ops to linalg.generic ----===//
//
// Each elementwise op becomes one linalg.generic whose body is the op's
// scalar rule (`emitScalar` in ScalarRules.cpp), chosen by the op's
// (already promoted) dtype. Operands produced by tnp.broadcast_in_dim are read
// through a broadcasting indexing map rather than materialized, which also
// lets a dynamic result size come from whichever operand carries it.
// Constants, iota and broadcasts that are not absorbed live here too.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"
#include "passes/lowering/ScalarRules.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

using ScalarFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// The operand a broadcast reads and the map it reads it through.
struct Input {
  Value value;
  AffineMap map;
};

/// Reads `operand` of an elementwise op of rank `rank`: through a
/// broadcasting map if tnp.broadcast_in_dim produced it.
Input getInput(ConversionPatternRewriter &rewriter, Value original,
               Value converted, int64_t rank) {
  MLIRContext *ctx = rewriter.getContext();
  auto bcast = original.getDefiningOp<BroadcastInDimOp>();
  if (!bcast)
    return {converted, AffineMap::getMultiDimIdentityMap(rank, ctx)};
  Value source = rewriter.getRemappedValue(bcast.getOperand());
  ArrayRef<int64_t> from = cast<RankedTensorType>(source.getType()).getShape();
  ArrayRef<int64_t> to = bcast.getType().getShape();
  SmallVector<AffineExpr> exprs;
  for (auto [k, d] : llvm::enumerate(bcast.getDims()))
    exprs.push_back(from[k] == 1 && to[d] != 1 ? getAffineConstantExpr(0, ctx)
                                               : getAffineDimExpr(d, ctx));
  return {source, AffineMap::get(rank, 0, exprs, ctx)};
}

/// The sizes of the dynamic dimensions of `type`, each read from an input
/// that carries it; fails with a diagnostic on `op` if none does.
FailureOr<SmallVector<Value>> getDynamicSizes(OpBuilder &b, Operation *op,
                                              RankedTensorType type,
                                              ArrayRef<Input> inputs) {
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    Value size;
    for (const Input &input : inputs) {
      auto shape = cast<RankedTensorType>(input.value.getType()).getShape();
      for (auto [k, expr] : llvm::enumerate(input.map.getResults())) {
        auto dim = dyn_cast<AffineDimExpr>(expr);
        if (!size && dim && dim.getPosition() == d && shape[k] != 1)
          size = getDimSize(b, op->getLoc(), input.value, k);
      }
    }
    if (!size)
      return op->emitOpError("cannot size dynamic result dimension ")
             << d << ": no operand carries it";
    sizes.push_back(size);
  }
  return sizes;
}

/// Replaces `op` by the linalg.generic computing `body` over the inputs.
LogicalResult replaceWithGeneric(ConversionPatternRewriter &rewriter,
                                 Operation *op, ArrayRef<Input> inputs,
                                 RankedTensorType resultType, ScalarFn body) {
  Location loc = op->getLoc();
  FailureOr<SmallVector<Value>> sizes =
      getDynamicSizes(rewriter, op, resultType, inputs);
  if (failed(sizes))
    return failure();
  Value init = buildEmpty(rewriter, loc, resultType, *sizes);
  SmallVector<Value> values;
  SmallVector<AffineMap> maps;
  for (const Input &input : inputs) {
    values.push_back(input.value);
    maps.push_back(input.map);
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(resultType.getRank(),
                                                   op->getContext()));
  SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                             utils::IteratorType::parallel);
  bool unsupported = false;
  auto generic = linalg::GenericOp::create(
      rewriter, loc, resultType, values, init, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value v = body(b, l, args.drop_back());
        unsupported = !v;
        linalg::YieldOp::create(b, l, v ? v : args.back());
      });
  if (unsupported) {
    rewriter.eraseOp(generic);
    return op->emitOpError("has no lowering for dtype ")
           << getElementTypeOrSelf(op->getOperand(0).getType());
  }
  rewriter.replaceOp(op, generic.getResult(0));
  return success();
}

/// Lowers an elementwise op through its scalar rule. The op computes in the
/// dtype of its last operand (every promoted operand has it; select's
/// predicate comes first).
template <typename OpTy>
struct ElementwiseLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *operation = op.getOperation();
    Type dtype = getElementTypeOrSelf(operation->getOperands().back());
    RankedTensorType resultType =
        convertResultType(rewriter, this->getTypeConverter(), op);
    if (!resultType)
      return failure();
    SmallVector<Input> inputs;
    for (auto [original, converted] :
         llvm::zip(operation->getOperands(), adaptor.getOperands()))
      inputs.push_back(
          getInput(rewriter, original, converted, resultType.getRank()));
    return replaceWithGeneric(rewriter, operation, inputs, resultType,
                              [&](OpBuilder &b, Location loc, ValueRange args) {
                                return emitScalar(op, b, loc, dtype, args);
                              });
  }
};

struct ConvertLowering : public OpConversionPattern<ConvertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getOperand());
    Type to = op.getType().getElementType();
    RankedTensorType resultType =
        convertResultType(rewriter, getTypeConverter(), op);
    if (!resultType)
      return failure();
    Input input = getInput(rewriter, op.getOperand(), adaptor.getOperand(),
                           resultType.getRank());
    return replaceWithGeneric(rewriter, op, input, resultType,
                              [&](OpBuilder &b, Location loc, ValueRange args) {
                                return buildScalarCast(b, loc, args[0], from,
                                                       to);
                              });
  }
};

struct ConstantLowering : public OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return op.emitOpError("has a non-dense value, which is not lowered");
    RankedTensorType type = convertResultType(rewriter, getTypeConverter(), op);
    if (!type)
      return failure();
    if (type != value.getType())
      value = value.bitcast(type.getElementType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

struct IotaLowering : public OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type dtype = op.getType().getElementType();
    RankedTensorType resultType =
        convertResultType(rewriter, getTypeConverter(), op);
    if (!resultType)
      return failure();
    int64_t dim = op.getDimension();
    return replaceWithGeneric(
        rewriter, op, {}, resultType,
        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
          Value i = linalg::IndexOp::create(b, loc, dim);
          Value wide = arith::IndexCastOp::create(b, loc, b.getI64Type(), i);
          return buildScalarCast(b, loc, wide, b.getI64Type(), dtype);
        });
  }
};

/// Whether every user of `op` is an elementwise op, which reads the
/// broadcast through an indexing map.
bool isAbsorbed(BroadcastInDimOp op) {
  return !op->use_empty() && llvm::all_of(op->getUsers(), [](Operation *user) {
    return isa<PromotableOpInterface, ConvertOp>(user) &&
           user->hasTrait<OpTrait::Elementwise>();
  });
}

/// A broadcast whose users all absorb it disappears (they are lowered later
/// and read its operand); any other becomes a linalg.generic copy.
struct BroadcastInDimLowering : public OpConversionPattern<BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isAbsorbed(op)) {
      rewriter.eraseOp(op);
      return success();
    }
    RankedTensorType resultType =
        convertResultType(rewriter, getTypeConverter(), op);
    if (!resultType)
      return failure();
    Input input =
        getInput(rewriter, op.getResult(), Value(), resultType.getRank());
    return replaceWithGeneric(
        rewriter, op, input, resultType,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
  }
};

} // namespace

void tnp::populateElementwiseLoweringPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ElementwiseLowering<NegOp>, ElementwiseLowering<AbsOp>,
               ElementwiseLowering<SignOp>, ElementwiseLowering<ExpOp>,
               ElementwiseLowering<Expm1Op>, ElementwiseLowering<LogOp>,
               ElementwiseLowering<Log1pOp>, ElementwiseLowering<SqrtOp>,
               ElementwiseLowering<RsqrtOp>, ElementwiseLowering<SquareOp>,
               ElementwiseLowering<TanhOp>, ElementwiseLowering<LogisticOp>,
               ElementwiseLowering<SinOp>, ElementwiseLowering<CosOp>,
               ElementwiseLowering<FloorOp>, ElementwiseLowering<CeilOp>,
               ElementwiseLowering<RoundOp>, ElementwiseLowering<NotOp>,
               ElementwiseLowering<AddOp>, ElementwiseLowering<SubOp>,
               ElementwiseLowering<MulOp>, ElementwiseLowering<DivOp>,
               ElementwiseLowering<FloorDivOp>, ElementwiseLowering<RemOp>,
               ElementwiseLowering<PowOp>, ElementwiseLowering<MaximumOp>,
               ElementwiseLowering<MinimumOp>, ElementwiseLowering<AndOp>,
               ElementwiseLowering<OrOp>, ElementwiseLowering<XorOp>,
               ElementwiseLowering<Atan2Op>, ElementwiseLowering<EqOp>,
               ElementwiseLowering<NeOp>, ElementwiseLowering<LtOp>,
               ElementwiseLowering<LeOp>, ElementwiseLowering<GtOp>,
               ElementwiseLowering<GeOp>, ElementwiseLowering<SelectOp>,
               ConvertLowering, ConstantLowering, IotaLowering,
               BroadcastInDimLowering>(converter, ctx);
}
