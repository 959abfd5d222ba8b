//===- ReductionLowering.cpp - reductions and contractions to linalg ------===//
//
// tnp.reduce becomes linalg.reduce, tnp.scan an scf.for nest, and
// tnp.dot_general linalg.matmul, linalg.batch_matmul or a contraction
// linalg.generic (argmax/argmin: ArgReduceLowering.cpp). Float sums and inner
// products accumulate in float64 and round once at the end (float32 sums
// then add float32 blocks, tnp-block-widened-sums), so they are at least as
// accurate as NumPy's pairwise sum (float64 sums excepted: see
// docs/accuracy.md); float16 and bfloat16 products and matrix products
// accumulate in float32.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

/// The type a product (tnp.reduce prod, a matrix product) of `dtype`
/// accumulates in: float32 for the 16-bit floats, as NumPy's float16 dot
/// does, `dtype` itself otherwise.
Type productAccumulatorType(Type dtype) {
  if (dtype.isF16() || dtype.isBF16())
    return Float32Type::get(dtype.getContext());
  return dtype;
}

/// The type a sum (tnp.reduce sum, an inner product) of `dtype` accumulates
/// in: float64 for every narrower float. A float32 sum of 10^7 elements then
/// errs by about one rounding of its result (tnp-block-widened-sums later
/// sums float32 blocks of 1024 into it); summed in float32, one element at
/// a time, it would err by up to 10^7 (NumPy's pairwise sum: about 30).
Type sumAccumulatorType(Type dtype) {
  if (dtype.isF16() || dtype.isBF16() || dtype.isF32())
    return Float64Type::get(dtype.getContext());
  return dtype;
}

/// `value` widened to `type` (a no-op unless it is a 16-bit float and `type`
/// float32).
Value widen(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return arith::ExtFOp::create(b, loc, type, value);
}

/// Rounds a float32 accumulator tensor to `type`, elementwise.
Value truncateTo(OpBuilder &b, Location loc, Value acc, RankedTensorType type,
                 ValueRange dynamicSizes) {
  Value init = buildEmpty(b, loc, type, dynamicSizes);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{acc}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity},
      SmallVector<utils::IteratorType>(type.getRank(),
                                       utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value rounded =
            arith::TruncFOp::create(b, loc, type.getElementType(), args[0]);
        linalg::YieldOp::create(b, loc, rounded);
      });
  return generic.getResult(0);
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// The scalar operation that folds an element into the accumulator.
CombineKind getCombineKind(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::Sum:
    return CombineKind::Add;
  case ReduceKind::Prod:
    return CombineKind::Mul;
  case ReduceKind::Max:
    return CombineKind::Max;
  case ReduceKind::Min:
    return CombineKind::Min;
  case ReduceKind::Any:
    return CombineKind::Or;
  case ReduceKind::All:
    return CombineKind::And;
  }
  llvm_unreachable("unknown reduce kind");
}

/// The max (`isMax`) or min of float `src` along `axes`, as a reduction of
/// integer order keys (buildOrderKey; NaN the largest key for max, the
/// smallest for min, so NaN wins as arith.maximumf's does), decoded to
/// `type` at the end. A float maximumf costs six instructions on x86 (NaN
/// and signed-zero fixups around maxps) in a chain from element to
/// element, and LLVM ends a row with scalar steps; a key is a few
/// instructions off the chain and an integer max (a row max of 256^2
/// float32, traced, one thread: 8.4 -> 4.7 us, torch 5.2).
Value reduceOrderKeys(OpBuilder &b, Location loc, Value src,
                      ArrayRef<int64_t> axes, bool isMax, RankedTensorType type,
                      ValueRange dynamicSizes) {
  auto floatType = cast<FloatType>(type.getElementType());
  IntegerType keyType = b.getIntegerType(floatType.getWidth() <= 32 ? 32 : 64);
  unsigned keyBits = keyType.getWidth();
  Value nanKey = arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(keyType, isMax ? APInt::getSignedMaxValue(keyBits)
                                      : APInt::getSignedMinValue(keyBits)));
  // The identity: the key of -inf for max, +inf for min.
  Value identity = buildOrderKey(
      b, loc, buildExtreme(b, loc, floatType, /*largest=*/!isMax), keyType);
  Value init = buildFilled(b, loc, type.clone(keyType), dynamicSizes, identity);
  auto reduce = linalg::ReduceOp::create(
      b, loc, ValueRange{src}, ValueRange{init}, axes,
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value x = args[0];
        Value isNaN =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
        Value key = arith::SelectOp::create(b, loc, isNaN, nanKey,
                                            buildOrderKey(b, loc, x, keyType));
        Value combined =
            isMax ? Value(arith::MaxSIOp::create(b, loc, key, args[1]))
                  : Value(arith::MinSIOp::create(b, loc, key, args[1]));
        linalg::YieldOp::create(b, loc, combined);
      });
  AffineMap identityMap = b.getMultiDimIdentityMap(type.getRank());
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, reduce->getResults(),
             ValueRange{buildEmpty(b, loc, type, dynamicSizes)},
             ArrayRef<AffineMap>{identityMap, identityMap},
             SmallVector<utils::IteratorType>(type.getRank(),
                                              utils::IteratorType::parallel),
             [&](OpBuilder &b, Location loc, ValueRange args) {
               // NaN as NumPy's (positive, quiet), whatever the key.
               Value isNaN = arith::CmpIOp::create(
                   b, loc, arith::CmpIPredicate::eq, args[0], nanKey);
               Value nan = arith::ConstantOp::create(
                   b, loc,
                   b.getFloatAttr(
                       floatType,
                       APFloat::getQNaN(floatType.getFloatSemantics())));
               Value decoded = buildFromOrderKey(b, loc, args[0], floatType);
               linalg::YieldOp::create(b, loc,
                                       ValueRange{arith::SelectOp::create(
                                           b, loc, isNaN, nan, decoded)});
             })
      .getResult(0);
}

/// tnp.reduce to linalg.reduce over an init filled with the kind's identity
/// (max starts at -inf; float max and min reduce order keys,
/// reduceOrderKeys). An empty max/min axis gives that identity, where NumPy
/// raises: the verifier allows it, so the caller has to check.
struct ReduceOpLowering : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertResultType(rewriter, getTypeConverter(), op);
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value src = adaptor.getOperand();
    auto srcType = cast<RankedTensorType>(src.getType());
    Type dtype = op.getOperand().getType().getElementType();
    ReduceKind kind = op.getKind();
    bool isComplex = isa<ComplexType>(dtype);
    if (isComplex && kind != ReduceKind::Sum && kind != ReduceKind::Prod) {
      op.emitOpError("cannot lower '")
          << stringifyReduceKind(kind) << "' of dtype " << dtype;
      return rewriter.notifyMatchFailure(op, "no complex ordering");
    }
    if (op.getAxes().empty()) {
      rewriter.replaceOp(op, src);
      return success();
    }

    SmallVector<int64_t> axes(op.getAxes());
    llvm::sort(axes);
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t d = 0; d < srcType.getRank(); ++d)
      if (!llvm::is_contained(axes, d))
        sources.push_back({src, d});
    SmallVector<Value> dynamicSizes =
        dynamicSizesFrom(rewriter, loc, type, sources);

    Type elementType = type.getElementType();
    if ((kind == ReduceKind::Max || kind == ReduceKind::Min) &&
        isa<FloatType>(dtype)) {
      rewriter.replaceOp(op, reduceOrderKeys(rewriter, loc, src, axes,
                                             kind == ReduceKind::Max, type,
                                             dynamicSizes));
      return success();
    }
    Type accType = kind == ReduceKind::Sum ? sumAccumulatorType(elementType)
                   : kind == ReduceKind::Prod
                       ? productAccumulatorType(elementType)
                       : elementType;
    Value identity;
    switch (kind) {
    case ReduceKind::Sum:
    case ReduceKind::Any:
      identity = buildScalarConstant(rewriter, loc, accType, 0);
      break;
    case ReduceKind::Prod:
    case ReduceKind::All:
      identity = buildScalarConstant(rewriter, loc, accType, 1);
      break;
    case ReduceKind::Max:
      identity = buildExtreme(rewriter, loc, dtype, /*largest=*/false);
      break;
    case ReduceKind::Min:
      identity = buildExtreme(rewriter, loc, dtype, /*largest=*/true);
      break;
    }
    auto accTensorType = type.clone(accType);
    Value init =
        buildFilled(rewriter, loc, accTensorType, dynamicSizes, identity);
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, ValueRange{src}, ValueRange{init}, axes,
        [&](OpBuilder &b, Location loc, ValueRange args) {
          Value x = widen(b, loc, args[0], accType);
          Value combined =
              buildCombine(b, loc, getCombineKind(kind), dtype, x, args[1]);
          if (auto fm = combined.getDefiningOp<arith::ArithFastMathInterface>())
            fm->setAttr(fm.getFastMathAttrName(),
                        arith::FastMathFlagsAttr::get(
                            b.getContext(), arith::FastMathFlags::reassoc));
          linalg::YieldOp::create(b, loc, combined);
        });
    Value result = reduce->getResult(0);
    if (accType != elementType)
      result = truncateTo(rewriter, loc, result, type, dynamicSizes);
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

/// tnp.scan to an scf.for nest over the operand, carrying a copy of it: from
/// position 1 along the axis on, each element combines with its predecessor,
/// which row-major order has already finished. Each partial result rounds to
/// the dtype, as NumPy's accumulate does.
struct ScanOpLowering : OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertResultType(rewriter, getTypeConverter(), op);
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value src = adaptor.getOperand();
    Type dtype = op.getType().getElementType();
    CombineKind combine = getCombineKind(op.getKind());
    int64_t axis = op.getAxis();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lbs(type.getRank(), zero), steps(type.getRank(), one),
        ubs;
    lbs[axis] = one;
    for (int64_t d = 0; d < type.getRank(); ++d)
      ubs.push_back(getDimSize(rewriter, loc, src, d));
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{src},
        [&](OpBuilder &b, Location loc, ValueRange ivs,
            ValueRange iterArgs) -> scf::ValueVector {
          Value acc = iterArgs.front();
          SmallVector<Value> prev(ivs);
          prev[axis] = arith::SubIOp::create(b, loc, ivs[axis], one);
          Value before = tensor::ExtractOp::create(b, loc, acc, prev);
          Value here = tensor::ExtractOp::create(b, loc, acc, ivs);
          Value value = buildCombine(b, loc, combine, dtype, before, here);
          return {tensor::InsertOp::create(b, loc, value, acc, ivs)};
        });
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// DotGeneralOp
//===----------------------------------------------------------------------===//

/// Whether the dimension numbers are linalg.matmul's (no batch) or
/// linalg.batch_matmul's (batch 0).
bool isPlainMatmul(DotGeneralOp op) {
  int64_t lhsRank = op.getLhs().getType().getRank();
  int64_t rhsRank = op.getRhs().getType().getRank();
  if (lhsRank != rhsRank || (lhsRank != 2 && lhsRank != 3))
    return false;
  int64_t b = lhsRank - 2;
  SmallVector<int64_t> batch;
  if (b)
    batch.push_back(0);
  return op.getLhsBatch() == ArrayRef(batch) &&
         op.getRhsBatch() == ArrayRef(batch) &&
         op.getLhsContracting() == ArrayRef<int64_t>{b + 1} &&
         op.getRhsContracting() == ArrayRef<int64_t>{b};
}

/// Whether the op is a product of two matrices, one of them or both
/// transposed: then transposing them into place (a copy each) lets the
/// product take linalg.matmul's loop order, whose innermost loop runs
/// along rows of the rhs and the result, where the generic contraction's
/// would stride across rows.
bool isTransposedMatmul(DotGeneralOp op) {
  return op.getLhs().getType().getRank() == 2 &&
         op.getRhs().getType().getRank() == 2 && op.getLhsBatch().empty() &&
         op.getLhsContracting().size() == 1 &&
         (op.getLhsContracting()[0] == 0 || op.getRhsContracting()[0] == 1);
}

/// `v` (2-d) transposed.
Value transposeMatrix(OpBuilder &b, Location loc, Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<OpFoldResult> sizes = {tensor::getMixedSize(b, loc, v, 1),
                                     tensor::getMixedSize(b, loc, v, 0)};
  Value empty = tensor::EmptyOp::create(b, loc, sizes, type.getElementType());
  return linalg::TransposeOp::create(b, loc, v, empty, ArrayRef<int64_t>{1, 0})
      ->getResult(0);
}

/// tnp.dot_general to a contraction: loops are the batch dimensions, lhs's
/// free ones, rhs's free ones (the result's order), then the contracting
/// ones. Plain (batch) matrix products use the named linalg ops. Bool is
/// or-of-ands, as NumPy's dot.
struct DotGeneralOpLowering : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertResultType(rewriter, getTypeConverter(), op);
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    Type elementType = type.getElementType();
    if (lhsType.getElementType() != elementType ||
        rhsType.getElementType() != elementType) {
      op.emitOpError("cannot lower operands of dtypes ")
          << op.getLhs().getType().getElementType() << " and "
          << op.getRhs().getType().getElementType() << " to result dtype "
          << op.getType().getElementType()
          << ": run tnp-promote-types before lowering";
      return rewriter.notifyMatchFailure(op, "dtypes differ");
    }

    ArrayRef<int64_t> lhsBatch = op.getLhsBatch(), rhsBatch = op.getRhsBatch();
    ArrayRef<int64_t> lhsContracting = op.getLhsContracting();
    ArrayRef<int64_t> rhsContracting = op.getRhsContracting();
    SmallVector<int64_t> lhsFree =
        dimsOutside(lhsType.getRank(), lhsBatch, lhsContracting);
    SmallVector<int64_t> rhsFree =
        dimsOutside(rhsType.getRank(), rhsBatch, rhsContracting);

    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t d : lhsBatch)
      sources.push_back({lhs, d});
    for (int64_t d : lhsFree)
      sources.push_back({lhs, d});
    for (int64_t d : rhsFree)
      sources.push_back({rhs, d});
    SmallVector<Value> dynamicSizes =
        dynamicSizesFrom(rewriter, loc, type, sources);

    Type dtype = op.getType().getElementType();
    bool isBool = elementType.isInteger(1);
    bool isComplex = isa<ComplexType>(elementType);
    // An operand without free dimensions makes inner products (dot of
    // vectors, matrix times vector): sums, accumulated as tnp.reduce sums.
    // Products of matrices accumulate like BLAS.
    bool innerProducts = lhsFree.empty() || rhsFree.empty();
    Type accType = innerProducts ? sumAccumulatorType(elementType)
                                 : productAccumulatorType(elementType);
    auto accTensorType = type.clone(accType);
    Value init = buildFilled(rewriter, loc, accTensorType, dynamicSizes,
                             buildScalarConstant(rewriter, loc, accType, 0));

    Value result;
    bool plainDtype = !isBool && !isComplex && accType == elementType;
    if (plainDtype && isTransposedMatmul(op)) {
      if (op.getLhsContracting()[0] == 0)
        lhs = transposeMatrix(rewriter, loc, lhs);
      if (op.getRhsContracting()[0] == 1)
        rhs = transposeMatrix(rewriter, loc, rhs);
      result = linalg::MatmulOp::create(rewriter, loc, TypeRange{accTensorType},
                                        ValueRange{lhs, rhs}, ValueRange{init})
                   .getResult(0);
    } else if (plainDtype && isPlainMatmul(op)) {
      if (lhsType.getRank() == 2)
        result =
            linalg::MatmulOp::create(rewriter, loc, TypeRange{accTensorType},
                                     ValueRange{lhs, rhs}, ValueRange{init})
                .getResult(0);
      else
        result = linalg::BatchMatmulOp::create(
                     rewriter, loc, TypeRange{accTensorType},
                     ValueRange{lhs, rhs}, ValueRange{init})
                     .getResult(0);
    } else {
      int64_t numBatch = lhsBatch.size();
      int64_t numLhsFree = lhsFree.size(), numRhsFree = rhsFree.size();
      int64_t numParallel = numBatch + numLhsFree + numRhsFree;
      int64_t numLoops = numParallel + lhsContracting.size();
      auto operandMap = [&](int64_t rank, ArrayRef<int64_t> batch,
                            ArrayRef<int64_t> free, int64_t freeStart,
                            ArrayRef<int64_t> contracting) {
        SmallVector<AffineExpr> exprs;
        for (int64_t d = 0; d < rank; ++d) {
          int64_t loop;
          if (const auto *it = llvm::find(batch, d); it != batch.end())
            loop = it - batch.begin();
          else if (const auto *it = llvm::find(free, d); it != free.end())
            loop = freeStart + (it - free.begin());
          else
            loop = numParallel +
                   (llvm::find(contracting, d) - contracting.begin());
          exprs.push_back(rewriter.getAffineDimExpr(loop));
        }
        return AffineMap::get(numLoops, 0, exprs, rewriter.getContext());
      };
      AffineMap lhsMap = operandMap(lhsType.getRank(), lhsBatch, lhsFree,
                                    numBatch, lhsContracting);
      AffineMap rhsMap = operandMap(rhsType.getRank(), rhsBatch, rhsFree,
                                    numBatch + numLhsFree, rhsContracting);
      // The result is indexed by the leading (parallel) loops.
      SmallVector<AffineExpr> outExprs;
      for (int64_t i = 0; i < numParallel; ++i)
        outExprs.push_back(rewriter.getAffineDimExpr(i));
      auto outMap =
          AffineMap::get(numLoops, 0, outExprs, rewriter.getContext());
      SmallVector<utils::IteratorType> iterators(numParallel,
                                                 utils::IteratorType::parallel);
      iterators.append(lhsContracting.size(), utils::IteratorType::reduction);

      auto generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{accTensorType}, ValueRange{lhs, rhs},
          ValueRange{init}, ArrayRef<AffineMap>{lhsMap, rhsMap, outMap},
          iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
            Value x = widen(b, loc, args[0], accType);
            Value y = widen(b, loc, args[1], accType);
            // For bool, or of ands (buildCombine's bool add is or).
            Value product = buildCombine(
                b, loc, isBool ? CombineKind::And : CombineKind::Mul, dtype, x,
                y);
            linalg::YieldOp::create(b, loc,
                                    buildCombine(b, loc, CombineKind::Add,
                                                 dtype, args[2], product));
          });
      result = generic.getResult(0);
    }
    if (accType != elementType)
      result = truncateTo(rewriter, loc, result, type, dynamicSizes);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void tnp::populateReductionLoweringPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<ReduceOpLowering, ScanOpLowering, DotGeneralOpLowering>(
      converter, patterns.getContext());
}
