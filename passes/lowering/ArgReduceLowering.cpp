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

#include <limits>

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

/// Whether argmax/argmin keys of `dtype` (buildArgKey) fit in 32 bits.
bool hasPackedKey(Type dtype) { return dtype.getIntOrFloatBitWidth() <= 32; }

/// An int32 key of element `x` (of tnp's `dtype`, at most 32 bits) that
/// orders as argmax (`isMax`) or argmin ranks elements: a better element has
/// a larger key, NaN the largest of all, and elements that tie (-0.0 and 0.0
/// included) have equal keys. Integer compares of keys then replace the
/// float compares and NaN tests of values.
Value buildArgKey(OpBuilder &b, Location loc, Type dtype, bool isMax, Value x) {
  Type i32 = b.getI32Type();
  auto constant = [&](uint32_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  unsigned width = dtype.getIntOrFloatBitWidth();
  Value key;
  if (auto f = dyn_cast<FloatType>(x.getType())) {
    // x + 0.0 turns -0.0 into 0.0, which tie.
    Value canonical =
        arith::AddFOp::create(b, loc, x, buildScalarConstant(b, loc, f, 0));
    key = buildOrderKey(b, loc, canonical, b.getI32Type());
  } else if (isUnsignedInt(dtype) || width == 1) {
    key = width < 32
              ? Value(arith::ExtUIOp::create(b, loc, i32, x))
              : Value(arith::XOrIOp::create(b, loc, x, constant(0x80000000)));
  } else {
    key = width < 32 ? Value(arith::ExtSIOp::create(b, loc, i32, x)) : x;
  }
  // Not reverses the order, for argmin.
  if (!isMax)
    key = arith::XOrIOp::create(b, loc, key, constant(0xffffffff));
  if (!isa<FloatType>(x.getType()))
    return key;
  Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(b, loc, isNaN, constant(0x7fffffff), key);
}

/// Element `x` at int32 position `position` as one int64 whose signed order
/// is argmax's (`isMax`) or argmin's: its key (buildArgKey) above the
/// position's complement, so that of equal keys the first position is
/// largest. The max of these over a row is its first extremum.
Value buildPackedPair(OpBuilder &b, Location loc, Type dtype, bool isMax,
                      Value x, Value position) {
  Type i64 = b.getI64Type();
  Value key =
      arith::ExtSIOp::create(b, loc, i64, buildArgKey(b, loc, dtype, isMax, x));
  Value high = arith::ShLIOp::create(
      b, loc, key, arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32)));
  Value complement = arith::XOrIOp::create(
      b, loc, position,
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(-1)));
  Value low = arith::ExtUIOp::create(b, loc, i64, complement);
  return arith::OrIOp::create(b, loc, high, low);
}

/// The constant [0, 1, ..., kArgLanes) of `type`. Lane numbers come from a
/// table rather than linalg.index: the vectorizer takes loads, not a
/// vectorized loop's induction variable.
Value buildLaneTable(OpBuilder &b, Location loc, Type type) {
  SmallVector<APInt> lanes;
  for (int64_t lane = 0; lane < kArgLanes; ++lane)
    lanes.push_back(
        APInt(type.getIntOrFloatBitWidth(), static_cast<uint64_t>(lane)));
  return arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(RankedTensorType::get({kArgLanes}, type), lanes));
}

/// A linalg.generic reduction into `init` of `inputs` (read through `maps`,
/// then `init` through the last one) over `iterators`, whose body yields
/// what `body` builds from its arguments (the inputs' elements, then the
/// accumulator).
Value buildReduction(OpBuilder &b, Location loc, ValueRange inputs, Value init,
                     ArrayRef<AffineMap> maps,
                     ArrayRef<utils::IteratorType> iterators,
                     function_ref<Value(OpBuilder &, ValueRange)> body) {
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
             iterators,
             [&](OpBuilder &b, Location loc, ValueRange args) {
               linalg::YieldOp::create(b, loc, body(b, args));
             })
      .getResult(0);
}

/// The last step of an argmax/argmin along the innermost axis: the
/// per-lane (value, chunk) pairs of a row's whole chunks (a lane's pair sits
/// at position chunk * kArgLanes + lane), and the elements of the row's tail
/// (after its last whole chunk, at `whole` on), folded into the index of
/// the row's first extremum, of type `type`. Both ways are vector code,
/// reductions over the lanes rather than a serial chain of pairs.
struct LaneFold {
  OpBuilder &b;
  Location loc;
  Type dtype;
  bool isMax;
  RankedTensorType type;
  ValueRange dynamicSizes;

  /// A generic reduction into `init` (one value per row) of `elements`
  /// (lanes or a tail, [..., m]) over their last dimension, reading also
  /// `table` (the lane table, [m]; if not null) and `rowValues` (one per
  /// row). `body` takes the elements, table entry, row values and
  /// accumulator, in that order.
  Value reduceRows(ValueRange elements, Value table, ValueRange rowValues,
                   Value init,
                   function_ref<Value(OpBuilder &, ValueRange)> body) {
    int64_t rank = type.getRank() + 1;
    SmallVector<AffineExpr> rowExprs;
    for (int64_t d = 0; d < rank - 1; ++d)
      rowExprs.push_back(b.getAffineDimExpr(d));
    auto rowMap = AffineMap::get(rank, 0, rowExprs, b.getContext());
    SmallVector<Value> inputs(elements);
    SmallVector<AffineMap> maps(elements.size(),
                                b.getMultiDimIdentityMap(rank));
    if (table) {
      inputs.push_back(table);
      maps.push_back(AffineMap::get(rank, 0, b.getAffineDimExpr(rank - 1)));
    }
    llvm::append_range(inputs, rowValues);
    maps.append(rowValues.size() + 1, rowMap);
    SmallVector<utils::IteratorType> iterators(rank - 1,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    return buildReduction(b, loc, inputs, init, maps, iterators, body);
  }

  /// The lane table's first `size` entries.
  Value prefix(Value table, Value size) {
    return tensor::ExtractSliceOp::create(
        b, loc, table, ArrayRef<OpFoldResult>{b.getIndexAttr(0)},
        ArrayRef<OpFoldResult>{size},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  }

  /// Rows under 2^31 elements of a dtype whose keys fit in 32 bits
  /// (hasPackedKey), with int32 chunk counters: one maximum of packed pairs
  /// (buildPackedPair) over the lanes, then over the tail.
  Value packed(Value laneValues, Value laneChunks, Value tail, Value whole) {
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value table = buildLaneTable(b, loc, i32);
    Value lanes =
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(kArgLanes));
    Value init = buildFilled(
        b, loc, type.clone(i64), dynamicSizes,
        arith::ConstantOp::create(
            b, loc, b.getI64IntegerAttr(std::numeric_limits<int64_t>::min())));
    Value best = reduceRows(
        {laneValues, laneChunks}, table, {}, init,
        [&](OpBuilder &b, ValueRange args) {
          Value position = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, args[1], lanes), args[2]);
          return arith::MaxSIOp::create(
              b, loc, buildPackedPair(b, loc, dtype, isMax, args[0], position),
              args[3]);
        });
    if (tail) {
      Value start = arith::IndexCastOp::create(b, loc, i32, whole);
      Value size = getDimSize(b, loc, tail, type.getRank());
      best = reduceRows(
          {tail}, prefix(table, size), {}, best,
          [&](OpBuilder &b, ValueRange args) {
            Value position = arith::AddIOp::create(b, loc, start, args[1]);
            return arith::MaxSIOp::create(
                b, loc,
                buildPackedPair(b, loc, dtype, isMax, args[0], position),
                args[2]);
          });
    }
    // The position, from its complement in the low half.
    AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
    return linalg::GenericOp::create(
               b, loc, TypeRange{type}, ValueRange{best},
               ValueRange{buildEmpty(b, loc, type, dynamicSizes)},
               ArrayRef<AffineMap>{identity, identity},
               SmallVector<utils::IteratorType>(type.getRank(),
                                                utils::IteratorType::parallel),
               [&](OpBuilder &b, Location loc, ValueRange args) {
                 Value low = arith::TruncIOp::create(b, loc, i32, args[0]);
                 Value position = arith::XOrIOp::create(
                     b, loc, low,
                     arith::ConstantOp::create(b, loc,
                                               b.getI32IntegerAttr(-1)));
                 if (type.getElementType() != i32)
                   position = arith::ExtUIOp::create(
                       b, loc, type.getElementType(), position);
                 linalg::YieldOp::create(b, loc, position);
               })
        .getResult(0);
  }

  /// Any other row: two reductions over the lanes, the best value (NaN if
  /// any lane holds one, as arith.maximumf propagates it), then the
  /// smallest position of a lane holding it, so the first extremum still
  /// wins; the tail then folds into that pair.
  Value twoPass(Value laneValues, Value laneChunks, Value tail, Value whole) {
    Type indexType = type.getElementType();
    auto valueType = type.clone(
        cast<RankedTensorType>(laneValues.getType()).getElementType());
    Value best =
        reduceRows({laneValues}, Value(), {},
                   buildFilled(b, loc, valueType, dynamicSizes,
                               buildExtreme(b, loc, dtype, /*largest=*/!isMax)),
                   [&](OpBuilder &b, ValueRange args) {
                     return buildCombine(
                         b, loc, isMax ? CombineKind::Max : CombineKind::Min,
                         dtype, args[0], args[1]);
                   });
    Value none = arith::ConstantOp::create(
        b, loc,
        b.getIntegerAttr(indexType, APInt::getSignedMaxValue(
                                        indexType.getIntOrFloatBitWidth())));
    Value lanes = buildScalarConstant(b, loc, indexType, kArgLanes);
    Value first = reduceRows(
        {laneValues, laneChunks}, buildLaneTable(b, loc, indexType), {best},
        buildFilled(b, loc, type, dynamicSizes, none),
        [&](OpBuilder &b, ValueRange args) {
          Value x = args[0], chunk = args[1], lane = args[2], rowBest = args[3],
                first = args[4];
          if (chunk.getType() != indexType)
            chunk = arith::ExtUIOp::create(b, loc, indexType, chunk);
          Value index = arith::AddIOp::create(
              b, loc, arith::MulIOp::create(b, loc, chunk, lanes), lane);
          Value candidate = arith::SelectOp::create(
              b, loc, buildTie(b, loc, x, rowBest), index, none);
          return arith::MinSIOp::create(b, loc, candidate, first);
        });
    if (!tail)
      return first;
    return buildArgFold(b, loc, dtype, isMax, tail, type.getRank(), best, first,
                        whole)
        .second;
  }
};

/// On a GPU: two reductions of each whole row along `axis` of `src`, the
/// best value (buildCombine's max or min, NaN where the row holds one), then
/// the smallest position holding a value that ties it (the first extremum),
/// as `type`. Both combiners reassociate, so tnp-gpu-split-reductions
/// spreads rows that are few and long over many threads, where a fold of
/// (value, index) pairs would run one thread per row; the CPU's lanes are
/// for its vector units.
Value buildTwoReductions(OpBuilder &b, Location loc, Type dtype, bool isMax,
                         Value src, int64_t axis, RankedTensorType type,
                         ValueRange dynamicSizes) {
  int64_t rank = cast<RankedTensorType>(src.getType()).getRank();
  SmallVector<AffineExpr> rowExprs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis)
      rowExprs.push_back(b.getAffineDimExpr(d));
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  auto rowMap = AffineMap::get(rank, 0, rowExprs, b.getContext());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators[axis] = utils::IteratorType::reduction;
  auto reduce = [&](ValueRange inputs, Value init,
                    function_ref<Value(OpBuilder &, ValueRange)> body) {
    SmallVector<AffineMap> maps{identity};
    maps.append(inputs.size(), rowMap);
    return buildReduction(b, loc, inputs, init, maps, iterators, body);
  };
  auto valueType = type.clone(getElementTypeOrSelf(src.getType()));
  Value best = reduce(
      {src},
      buildFilled(b, loc, valueType, dynamicSizes,
                  buildExtreme(b, loc, dtype, /*largest=*/!isMax)),
      [&](OpBuilder &b, ValueRange args) {
        return buildCombine(b, loc, isMax ? CombineKind::Max : CombineKind::Min,
                            dtype, args[0], args[1]);
      });
  Type indexType = type.getElementType();
  Value none = arith::ConstantOp::create(
      b, loc,
      b.getIntegerAttr(indexType, APInt::getSignedMaxValue(
                                      indexType.getIntOrFloatBitWidth())));
  return reduce({src, best}, buildFilled(b, loc, type, dynamicSizes, none),
                [&](OpBuilder &b, ValueRange args) {
                  Value position = arith::IndexCastOp::create(
                      b, loc, indexType, linalg::IndexOp::create(b, loc, axis));
                  Value candidate = arith::SelectOp::create(
                      b, loc, buildTie(b, loc, args[0], args[1]), position,
                      none);
                  return arith::MinSIOp::create(b, loc, candidate, args[2]);
                });
}

/// tnp.argmax/argmin to linalg.generic reductions of (value, index) pairs,
/// starting from (-inf or the dtype's minimum, 0), which keeps index 0 when
/// every element equals that start. Over the innermost dimension a single
/// fold would carry one pair from element to element, a serial chain of
/// compares and selects the vectorizer cannot take; that row is instead
/// viewed as chunks of kArgLanes elements and folded chunk by chunk into
/// kArgLanes pairs, one per lane (elementwise across lanes: vector code,
/// with the loop over chunks innermost, so each lane's pair stays in a
/// vector register), then LaneFold folds the lanes and the row's tail.
template <typename ArgOp, bool IsMax>
struct ArgReduceOpLowering : OpConversionPattern<ArgOp> {
  using OpAdaptor = typename OpConversionPattern<ArgOp>::OpAdaptor;
  ArgReduceOpLowering(const TypeConverter &converter, MLIRContext *ctx,
                      bool gpu)
      : OpConversionPattern<ArgOp>(converter, ctx), gpu(gpu) {}
  bool gpu;

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
    if (gpu) {
      rewriter.replaceOp(op, buildTwoReductions(rewriter, loc, dtype, IsMax,
                                                src, axis, type, dynamicSizes));
      return success();
    }
    auto valueType = type.clone(srcType.getElementType());
    Value extreme = buildExtreme(rewriter, loc, dtype, /*largest=*/!IsMax);

    int64_t n = srcType.getDimSize(axis);
    if (axis != rank - 1 || (!ShapedType::isDynamic(n) && n < 2 * kArgLanes)) {
      Value values =
          buildFilled(rewriter, loc, valueType, dynamicSizes, extreme);
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

    // The elements after the last whole chunk, if any.
    Value tail;
    if (ShapedType::isDynamic(n) || n % kArgLanes) {
      SmallVector<OpFoldResult> tailOffsets(offsets), tailSizes(sizes);
      tailOffsets[axis] = whole;
      tailSizes[axis] = indexOf(n % kArgLanes, [&]() -> Value {
        return arith::SubIOp::create(rewriter, loc, cast<Value>(sizes[axis]),
                                     cast<Value>(whole));
      });
      tail = tensor::ExtractSliceOp::create(rewriter, loc, src, tailOffsets,
                                            tailSizes, strides);
    }

    // Each row folded: the whole chunks into one (value, chunk) pair per
    // lane, then the lanes and the tail into the result. With `narrow`
    // (rows under 2^31 elements), lanes count chunks in int32: half the
    // registers and selects of int64 in the loop over the row.
    Type indexType = type.getElementType();
    auto foldRows = [&](OpBuilder &b, bool narrow) -> Value {
      Type counterType = narrow ? b.getI32Type() : indexType;
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
      LaneFold fold{b, loc, dtype, IsMax, type, dynamicSizes};
      if (narrow && hasPackedKey(dtype))
        return fold.packed(laneValues, laneChunks, tail,
                           getValueOrCreateConstantIndexOp(b, loc, whole));
      return fold.twoPass(laneValues, laneChunks, tail,
                          getValueOrCreateConstantIndexOp(b, loc, whole));
    };
    constexpr int64_t kMaxNarrowRow = int64_t(1) << 31;
    Value result;
    if (!ShapedType::isDynamic(n)) {
      result = foldRows(rewriter, n < kMaxNarrowRow);
    } else {
      Value narrow = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, cast<Value>(sizes[axis]),
          arith::ConstantIndexOp::create(rewriter, loc, kMaxNarrowRow));
      auto branch = [&](bool narrow) {
        return [&, narrow](OpBuilder &b, Location loc) {
          scf::YieldOp::create(b, loc, foldRows(b, narrow));
        };
      };
      result =
          scf::IfOp::create(rewriter, loc, narrow, branch(true), branch(false))
              .getResult(0);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void tnp::populateArgReduceLoweringPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            bool gpu) {
  patterns.add<ArgReduceOpLowering<ArgmaxOp, true>,
               ArgReduceOpLowering<ArgminOp, false>>(
      converter, patterns.getContext(), gpu);
}
