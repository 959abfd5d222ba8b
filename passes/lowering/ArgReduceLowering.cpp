//===- ArgReduceLowering.cpp - argmax and argmin to linalg ----------------===//
//
// tnp.argmax/argmin become linalg.generic reductions of (value, index) pairs;
// along the innermost axis, per-lane pairs first, so the row loop vectorizes.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

/// Whether `x` should replace the held `best` of an argmax (`isMax`) or
/// argmin over `dtype`: it is strictly better, or NaN where `best` is not
/// (NumPy's first NaN wins both). For floats that is an unordered compare
/// (true if x is NaN) while best is a number: two compares, the second
/// masked by the first on AVX-512.
Value buildBetter(OpBuilder &b, Location loc, Type dtype, bool isMax, Value x,
                  Value best) {
  if (!isa<FloatType>(x.getType())) {
    bool isUnsigned = isUnsignedInt(dtype) || dtype.isInteger(1);
    arith::CmpIPredicate predicate =
        isMax ? (isUnsigned ? arith::CmpIPredicate::ugt
                            : arith::CmpIPredicate::sgt)
              : (isUnsigned ? arith::CmpIPredicate::ult
                            : arith::CmpIPredicate::slt);
    return arith::CmpIOp::create(b, loc, predicate, x, best);
  }
  Value bestIsNumber =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD, best, best);
  Value better = arith::CmpFOp::create(
      b, loc, isMax ? arith::CmpFPredicate::UGT : arith::CmpFPredicate::ULT, x,
      best);
  return arith::AndIOp::create(b, loc, bestIsNumber, better);
}

/// Whether `x` and `best` tie: equal, or both NaN.
Value buildTie(OpBuilder &b, Location loc, Value x, Value best) {
  if (!isa<FloatType>(x.getType()))
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, best);
  Value equal =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, best);
  Value bothNaN = arith::AndIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, best, best));
  return arith::OrIOp::create(b, loc, equal, bothNaN);
}

/// A linalg.generic folding dimension `axis` of `src` into (value, index)
/// pairs, starting from `values` and `indices` (src's shape without axis):
/// a later element replaces the pair only if better (buildBetter), so the
/// first extremum wins. An element's index is its position along axis plus
/// `offset` (an index, if not null). Its loops follow src's dimensions, or
/// with `axisInnermost` have the axis's loop last: each pair is then
/// carried through one innermost loop (tnp-promote-accumulators keeps it in
/// registers) and the loops around it may vectorize.
std::pair<Value, Value> buildArgFold(OpBuilder &b, Location loc, Type dtype,
                                     bool isMax, Value src, int64_t axis,
                                     Value values, Value indices, Value offset,
                                     bool axisInnermost = false) {
  int64_t rank = cast<RankedTensorType>(src.getType()).getRank();
  auto loopOf = [&](int64_t d) {
    if (!axisInnermost || d < axis)
      return d;
    return d == axis ? rank - 1 : d - 1;
  };
  SmallVector<AffineExpr> inExprs, outExprs;
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators[loopOf(axis)] = utils::IteratorType::reduction;
  for (int64_t d = 0; d < rank; ++d) {
    inExprs.push_back(b.getAffineDimExpr(loopOf(d)));
    if (d != axis)
      outExprs.push_back(b.getAffineDimExpr(loopOf(d)));
  }
  auto inMap = AffineMap::get(rank, 0, inExprs, b.getContext());
  auto outMap = AffineMap::get(rank, 0, outExprs, b.getContext());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{values.getType(), indices.getType()}, ValueRange{src},
      ValueRange{values, indices}, ArrayRef<AffineMap>{inMap, outMap, outMap},
      iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
        Value x = args[0], best = args[1], bestIndex = args[2];
        Value take = buildBetter(b, loc, dtype, isMax, x, best);
        Value position = linalg::IndexOp::create(b, loc, loopOf(axis));
        if (offset)
          position = arith::AddIOp::create(b, loc, position, offset);
        Value index =
            arith::IndexCastOp::create(b, loc, bestIndex.getType(), position);
        linalg::YieldOp::create(
            b, loc,
            ValueRange{
                arith::SelectOp::create(b, loc, take, x, best),
                arith::SelectOp::create(b, loc, take, index, bestIndex)});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

/// Lanes an argmax over the innermost dimension is split into: 4 AVX-512
/// vectors of float32, whose chains tnp-interleave-accumulators overlaps.
constexpr int64_t kArgLanes = 64;

/// tnp.argmax/argmin to linalg.generic reductions of (value, index) pairs,
/// starting from (-inf or the dtype's minimum, 0), which keeps index 0 when
/// every element equals that start. Over the innermost dimension a single
/// fold would carry one pair from element to element, a serial chain of
/// compares and selects the vectorizer cannot take; that row is instead
/// viewed as chunks of kArgLanes elements and folded chunk by chunk into
/// kArgLanes pairs, one per lane (elementwise across lanes: vector code,
/// with the loop over chunks innermost, so each lane's pair stays in a
/// vector register), then the lanes fold in two reductions (the best value,
/// then the smallest position holding it, so the first extremum still
/// wins), and the elements after the last whole chunk fold into that pair.
template <typename ArgOp, bool IsMax>
struct ArgReduceOpLowering : OpConversionPattern<ArgOp> {
  using OpConversionPattern<ArgOp>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<ArgOp>::OpAdaptor;

  LogicalResult
  matchAndRewrite(ArgOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type =
        convertResultType(rewriter, this->getTypeConverter(), op);
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value src = adaptor.getOperand();
    auto srcType = cast<RankedTensorType>(src.getType());
    Type dtype = op.getOperand().getType().getElementType();
    int64_t axis = op.getAxis();
    int64_t rank = srcType.getRank();

    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis)
        sources.push_back({src, d});
    SmallVector<Value> dynamicSizes =
        dynamicSizesFrom(rewriter, loc, type, sources);
    auto valueType = type.clone(srcType.getElementType());
    Value extreme = buildExtreme(rewriter, loc, dtype, /*largest=*/!IsMax);
    Value values = buildFilled(rewriter, loc, valueType, dynamicSizes, extreme);

    int64_t n = srcType.getDimSize(axis);
    if (axis != rank - 1 || (!ShapedType::isDynamic(n) && n < 2 * kArgLanes)) {
      Value zero = buildScalarConstant(rewriter, loc, type.getElementType(), 0);
      Value indices = buildFilled(rewriter, loc, type, dynamicSizes, zero);
      rewriter.replaceOp(op, buildArgFold(rewriter, loc, dtype, IsMax, src,
                                          axis, values, indices, Value())
                                 .second);
      return success();
    }

    // The whole chunks, as [..., chunks, kArgLanes].
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
        strides(rank, rewriter.getIndexAttr(1)),
        sizes = tensor::getMixedSizes(rewriter, loc, src);
    // Sizes along the axis: constants when it is static.
    auto indexOf = [&](int64_t value, function_ref<Value()> dynamic) {
      return ShapedType::isDynamic(n)
                 ? OpFoldResult(dynamic())
                 : OpFoldResult(rewriter.getIndexAttr(value));
    };
    Value lanesIndex = arith::ConstantIndexOp::create(rewriter, loc, kArgLanes);
    OpFoldResult chunks = indexOf(n / kArgLanes, [&]() -> Value {
      return arith::DivUIOp::create(rewriter, loc, cast<Value>(sizes[axis]),
                                    lanesIndex);
    });
    OpFoldResult whole = indexOf(n / kArgLanes * kArgLanes, [&]() -> Value {
      return arith::MulIOp::create(rewriter, loc, cast<Value>(chunks),
                                   lanesIndex);
    });
    SmallVector<OpFoldResult> wholeSizes(sizes);
    wholeSizes[axis] = whole;
    Value main = tensor::ExtractSliceOp::create(rewriter, loc, src, offsets,
                                                wholeSizes, strides);
    SmallVector<OpFoldResult> chunkShape(sizes.begin(), sizes.end() - 1);
    chunkShape.push_back(chunks);
    chunkShape.push_back(rewriter.getIndexAttr(kArgLanes));
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t d = 0; d < rank - 1; ++d)
      reassociation.push_back({d});
    reassociation.push_back({rank - 1, rank});
    auto [chunkStatic, chunkDynamic] = decomposeMixedValues(chunkShape);
    Value chunked =
        tensor::ExpandShapeOp::create(rewriter, loc, srcType.clone(chunkStatic),
                                      main, reassociation, chunkShape);

    // The whole chunks, folded into a (value, position) pair per row.
    // Lanes count chunks in int32 when a row has under 2^31 of them: half
    // the registers and selects of int64 in the loop over the row.
    Type indexType = type.getElementType();
    auto foldChunks = [&](OpBuilder &b, Type counterType) {
      // One (value, chunk) pair per lane.
      SmallVector<int64_t> laneShape(type.getShape());
      laneShape.push_back(kArgLanes);
      auto laneType = type.clone(laneShape, counterType);
      auto [laneValues, laneChunks] = buildArgFold(
          b, loc, dtype, IsMax, chunked, rank - 1,
          buildFilled(b, loc, laneType.clone(srcType.getElementType()),
                      dynamicSizes, extreme),
          buildFilled(b, loc, laneType, dynamicSizes,
                      buildScalarConstant(b, loc, counterType, 0)),
          Value(), /*axisInnermost=*/true);

      // The lanes, folded in two vectorizable reductions rather than one
      // serial chain of pairs: the best value (NaN if any lane holds one,
      // as arith.maximumf propagates it), then the smallest position of a lane
      // holding it (a lane's pair sits at chunk * kArgLanes + lane), so the
      // first extremum still wins.
      SmallVector<AffineExpr> outExprs;
      for (int64_t d = 0; d < rank - 1; ++d)
        outExprs.push_back(b.getAffineDimExpr(d));
      SmallVector<utils::IteratorType> iterators(rank - 1,
                                                 utils::IteratorType::parallel);
      iterators.push_back(utils::IteratorType::reduction);
      AffineMap inMap = b.getMultiDimIdentityMap(rank);
      auto outMap = AffineMap::get(rank, 0, outExprs, b.getContext());
      Value best =
          linalg::GenericOp::create(
              b, loc, TypeRange{valueType}, ValueRange{laneValues},
              ValueRange{values}, ArrayRef<AffineMap>{inMap, outMap}, iterators,
              [&](OpBuilder &b, Location loc, ValueRange args) {
                linalg::YieldOp::create(
                    b, loc,
                    buildCombine(b, loc,
                                 IsMax ? CombineKind::Max : CombineKind::Min,
                                 dtype, args[0], args[1]));
              })
              .getResult(0);
      Value none = arith::ConstantOp::create(
          b, loc,
          b.getIntegerAttr(indexType, APInt::getSignedMaxValue(
                                          indexType.getIntOrFloatBitWidth())));
      // Lane numbers come from a table rather than linalg.index: the
      // vectorizer takes loads, not a vectorized loop's induction variable.
      SmallVector<APInt> laneNumbers;
      for (int64_t lane = 0; lane < kArgLanes; ++lane)
        laneNumbers.push_back(APInt(indexType.getIntOrFloatBitWidth(),
                                    static_cast<uint64_t>(lane)));
      Value laneTable = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(RankedTensorType::get({kArgLanes}, indexType),
                                 laneNumbers));
      auto laneMap = AffineMap::get(rank, 0, b.getAffineDimExpr(rank - 1));
      Value result =
          linalg::GenericOp::create(
              b, loc, TypeRange{type},
              ValueRange{laneValues, laneChunks, laneTable, best},
              ValueRange{buildFilled(b, loc, type, dynamicSizes, none)},
              ArrayRef<AffineMap>{inMap, inMap, laneMap, outMap, outMap},
              iterators,
              [&](OpBuilder &b, Location loc, ValueRange args) {
                Value x = args[0], chunk = args[1], lane = args[2],
                      best = args[3], first = args[4];
                if (counterType != indexType)
                  chunk = arith::ExtUIOp::create(b, loc, indexType, chunk);
                Value index = arith::AddIOp::create(
                    b, loc,
                    arith::MulIOp::create(
                        b, loc, chunk,
                        buildScalarConstant(b, loc, indexType, kArgLanes)),
                    lane);
                Value candidate = arith::SelectOp::create(
                    b, loc, buildTie(b, loc, x, best), index, none);
                linalg::YieldOp::create(b, loc,
                                        ValueRange{arith::MinSIOp::create(
                                            b, loc, candidate, first)});
              })
              .getResult(0);
      return std::pair<Value, Value>(best, result);
    };
    constexpr int64_t kMaxInt32Chunks = int64_t(1) << 31;
    Value best, result;
    if (!ShapedType::isDynamic(n)) {
      std::tie(best, result) = foldChunks(
          rewriter,
          n / kArgLanes < kMaxInt32Chunks ? rewriter.getI32Type() : indexType);
    } else {
      Value fits = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, cast<Value>(chunks),
          arith::ConstantIndexOp::create(rewriter, loc, kMaxInt32Chunks));
      auto branch = [&](Type counterType) {
        return [&, counterType](OpBuilder &b, Location loc) {
          auto [best, result] = foldChunks(b, counterType);
          scf::YieldOp::create(b, loc, ValueRange{best, result});
        };
      };
      auto ifOp =
          scf::IfOp::create(rewriter, loc, fits, branch(rewriter.getI32Type()),
                            branch(indexType));
      best = ifOp.getResult(0);
      result = ifOp.getResult(1);
    }

    // The elements after the last whole chunk.
    if (ShapedType::isDynamic(n) || n % kArgLanes) {
      SmallVector<OpFoldResult> tailOffsets(offsets), tailSizes(sizes);
      tailOffsets[axis] = whole;
      tailSizes[axis] = indexOf(n % kArgLanes, [&]() -> Value {
        return arith::SubIOp::create(rewriter, loc, cast<Value>(sizes[axis]),
                                     cast<Value>(whole));
      });
      Value tail = tensor::ExtractSliceOp::create(
          rewriter, loc, src, tailOffsets, tailSizes, strides);
      result =
          buildArgFold(rewriter, loc, dtype, IsMax, tail, axis, best, result,
                       getValueOrCreateConstantIndexOp(rewriter, loc, whole))
              .second;
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void tnp::populateArgReduceLoweringPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<ArgReduceOpLowering<ArgmaxOp, true>,
               ArgReduceOpLowering<ArgminOp, false>>(converter,
                                                     patterns.getContext());
}
