//===- IndexingLowering.cpp - gather, scatter and random_bits to linalg ---===//
//
// tnp.gather becomes a linalg.generic over its result that reads the indices
// and the operand with tensor.extract; tnp.scatter becomes an scf.for nest
// over the updates that carries the result tensor (one-shot bufferization
// makes its tensor.insert an in-place store); tnp.random_bits becomes a
// linalg.generic computing Threefry-2x32 from each element's position.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tnp;

/// Reads entry `k` of the index vector at batch position `batch` of
/// `indices` (B x K), as an index (sign-extended, so negative stays negative).
static Value extractIndex(OpBuilder &b, Location loc, Value indices,
                          ValueRange batch, int64_t k) {
  SmallVector<Value> pos(batch);
  pos.push_back(arith::ConstantIndexOp::create(b, loc, k));
  Value v = tensor::ExtractOp::create(b, loc, indices, pos);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// The operand position that gather/scatter address: `axes[k]` takes the
/// k-th index, the other dimensions take `window` in order.
static SmallVector<Value> operandPosition(int64_t rank, ArrayRef<int64_t> axes,
                                          ArrayRef<Value> addressed,
                                          ValueRange window) {
  SmallVector<Value> pos(rank);
  for (auto [k, axis] : llvm::enumerate(axes))
    pos[axis] = addressed[k];
  auto next = window.begin();
  for (Value &p : pos)
    if (!p)
      p = *next++;
  return pos;
}

/// The scalar operation that combines an update into its element (not for
/// `set`, which stores the update).
static CombineKind getCombineKind(ScatterKind kind) {
  switch (kind) {
  case ScatterKind::Add:
    return CombineKind::Add;
  case ScatterKind::Mul:
    return CombineKind::Mul;
  case ScatterKind::Min:
    return CombineKind::Min;
  case ScatterKind::Max:
    return CombineKind::Max;
  case ScatterKind::Set:
    break;
  }
  llvm_unreachable("set does not combine");
}

/// Whether scatter defines `kind` on `dtype`: bool only sets, complex has no
/// min or max.
static bool canCombine(ScatterKind kind, Type dtype) {
  if (kind == ScatterKind::Set)
    return true;
  if (dtype.isInteger(1))
    return false;
  if (isa<ComplexType>(dtype))
    return kind == ScatterKind::Add || kind == ScatterKind::Mul;
  return true;
}

namespace {

/// tnp.gather -> linalg.generic over the result; each element reads its index
/// vector, clamps it into the operand and extracts the operand element.
struct GatherOpLowering : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertResultType(rewriter, getTypeConverter(), op);
    if (!resultType)
      return failure();
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    Value indices = adaptor.getIndices();
    ArrayRef<int64_t> axes = op.getAxes();
    int64_t operandRank = cast<RankedTensorType>(operand.getType()).getRank();
    int64_t batchRank = cast<RankedTensorType>(indices.getType()).getRank() - 1;

    // Result dims: the batch dims of indices, then the operand's window dims.
    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t d = 0; d < batchRank; ++d)
      sources.push_back({indices, d});
    for (int64_t d = 0; d < operandRank; ++d)
      if (!llvm::is_contained(axes, d))
        sources.push_back({operand, d});
    SmallVector<Value> dynamicSizes =
        dynamicSizesFrom(rewriter, loc, resultType, sources);
    // Clamping bounds: [0, size - 1] per addressed axis.
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> upper;
    for (int64_t axis : axes)
      upper.push_back(arith::SubIOp::create(
          rewriter, loc, getDimSize(rewriter, loc, operand, axis), one));

    Value init = buildEmpty(rewriter, loc, resultType, dynamicSizes);
    int64_t rank = resultType.getRank();
    Value result =
        buildGenerate(rewriter, loc, init, [&](OpBuilder &b, Location loc) {
          SmallVector<Value> ivs;
          for (int64_t d = 0; d < rank; ++d)
            ivs.push_back(linalg::IndexOp::create(b, loc, d));
          ValueRange batch = ValueRange(ivs).take_front(batchRank);
          SmallVector<Value> addressed;
          for (int64_t k = 0, e = axes.size(); k < e; ++k) {
            Value v = extractIndex(b, loc, indices, batch, k);
            v = arith::MaxSIOp::create(b, loc, v, zero);
            addressed.push_back(arith::MinSIOp::create(b, loc, v, upper[k]));
          }
          SmallVector<Value> pos =
              operandPosition(operandRank, axes, addressed,
                              ValueRange(ivs).drop_front(batchRank));
          return tensor::ExtractOp::create(b, loc, operand, pos);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// tnp.scatter -> an scf.for nest over the updates carrying the result; each
/// in-range update is combined into its element, out-of-range ones skipped.
struct ScatterOpLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertResultType(rewriter, getTypeConverter(), op);
    if (!resultType)
      return failure();
    ScatterKind kind = op.getKind();
    Type dtype = op.getType().getElementType();
    if (!canCombine(kind, dtype)) {
      (void)rewriter.notifyMatchFailure(op, "kind undefined for dtype");
      return op.emitOpError("cannot be lowered: '")
             << stringifyScatterKind(kind) << "' is not defined for dtype "
             << dtype;
    }
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    Value indices = adaptor.getIndices();
    Value updates = adaptor.getUpdates();
    ArrayRef<int64_t> axes = op.getAxes();
    int64_t operandRank = resultType.getRank();
    int64_t batchRank = cast<RankedTensorType>(indices.getType()).getRank() - 1;
    int64_t updatesRank = cast<RankedTensorType>(updates.getType()).getRank();

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> sizes;
    for (int64_t axis : axes)
      sizes.push_back(getDimSize(rewriter, loc, operand, axis));
    SmallVector<Value> lbs(updatesRank, zero), steps(updatesRank, one), ubs;
    for (int64_t d = 0; d < updatesRank; ++d)
      ubs.push_back(getDimSize(rewriter, loc, updates, d));

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{operand},
        [&](OpBuilder &b, Location, ValueRange ivs,
            ValueRange iterArgs) -> scf::ValueVector {
          Value acc = iterArgs.front();
          ValueRange batch = ivs.take_front(batchRank);
          // An unsigned compare also rejects negative indices.
          SmallVector<Value> addressed;
          Value inRange;
          for (int64_t k = 0, e = axes.size(); k < e; ++k) {
            Value v = extractIndex(b, loc, indices, batch, k);
            addressed.push_back(v);
            Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                             v, sizes[k]);
            inRange = inRange ? arith::AndIOp::create(b, loc, inRange, ok) : ok;
          }
          SmallVector<Value> pos = operandPosition(operandRank, axes, addressed,
                                                   ivs.drop_front(batchRank));
          auto store = [&]() -> Value {
            Value value = tensor::ExtractOp::create(b, loc, updates, ivs);
            if (kind != ScatterKind::Set) {
              Value old = tensor::ExtractOp::create(b, loc, acc, pos);
              value =
                  buildCombine(b, loc, getCombineKind(kind), dtype, old, value);
            }
            return tensor::InsertOp::create(b, loc, value, acc, pos);
          };
          if (!inRange)
            return {store()};
          auto ifOp = scf::IfOp::create(b, loc, TypeRange{acc.getType()},
                                        inRange, /*withElseRegion=*/true);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          scf::YieldOp::create(b, loc, store());
          b.setInsertionPointToStart(ifOp.elseBlock());
          scf::YieldOp::create(b, loc, acc);
          return {ifOp.getResult(0)};
        });
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

/// Builds Threefry-2x32 with 20 rounds on i32 values, with Random123's
/// rotation constants and a key injection every 4 rounds.
struct Threefry {
  OpBuilder &b;
  Location loc;

  /// An i32 constant holding the bits of `v`.
  Value constant(uint32_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  }
  /// x + y, wrapping.
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  /// x rotated left by `r` (0 < r < 32).
  Value rotl(Value x, unsigned r) {
    Value left = arith::ShLIOp::create(b, loc, x, constant(r));
    Value right = arith::ShRUIOp::create(b, loc, x, constant(32 - r));
    return arith::OrIOp::create(b, loc, left, right);
  }

  /// threefry2x32(key, [c0, c1]) for the key schedule `ks` (the key's two
  /// words and their parity word, k0 ^ k1 ^ 0x1BD11BDA).
  std::pair<Value, Value> apply(ArrayRef<Value> ks, Value c0, Value c1) {
    static constexpr unsigned rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    Value x0 = add(c0, ks[0]), x1 = add(c1, ks[1]);
    for (unsigned r = 0; r < 20; ++r) {
      x0 = add(x0, x1);
      x1 = rotl(x1, rotations[r % 8]);
      x1 = arith::XOrIOp::create(b, loc, x1, x0);
      if (r % 4 != 3)
        continue;
      // Key injection j: ks[j], ks[j + 1] + j, indices mod 3.
      unsigned j = r / 4 + 1;
      x0 = add(x0, ks[j % 3]);
      x1 = add(add(x1, ks[(j + 1) % 3]), constant(j));
    }
    return {x0, x1};
  }
};

/// tnp.random_bits -> linalg.generic over the (static) result; each element
/// runs Threefry on the counter its row-major position selects.
struct RandomBitsOpLowering : OpConversionPattern<RandomBitsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RandomBitsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType =
        convertResultType(rewriter, getTypeConverter(), op);
    if (!resultType)
      return failure();
    if (!resultType.hasStaticShape()) {
      (void)rewriter.notifyMatchFailure(op, "dynamic result shape");
      return op.emitOpError("cannot be lowered: result shape must be static, "
                            "got ")
             << op.getType();
    }
    unsigned width = resultType.getElementTypeBitWidth();
    if (width != 32 && width != 64) {
      (void)rewriter.notifyMatchFailure(op, "unsupported result dtype");
      return op.emitOpError("cannot be lowered: result dtype must be ui32 or "
                            "ui64, got ")
             << op.getType().getElementType();
    }
    Location loc = op.getLoc();
    Value key = adaptor.getKey();
    // Leading result dimensions index a batch of keys (K x 2); the rest
    // is the sample each key fills.
    int64_t keyDims = cast<RankedTensorType>(key.getType()).getRank() - 1;

    ArrayRef<int64_t> shape = resultType.getShape();
    int64_t rank = resultType.getRank();
    Value init = buildEmpty(rewriter, loc, resultType, {});
    Value result = buildGenerate(
        rewriter, loc, init, [&](OpBuilder &b, Location loc) -> Value {
          SmallVector<Value> at;
          for (int64_t d = 0; d < keyDims; ++d)
            at.push_back(linalg::IndexOp::create(b, loc, d));
          auto word = [&](int64_t w) {
            SmallVector<Value> index(at);
            index.push_back(arith::ConstantIndexOp::create(b, loc, w));
            return tensor::ExtractOp::create(b, loc, key, index).getResult();
          };
          Value k0 = word(0), k1 = word(1);
          Value parity = arith::XOrIOp::create(
              b, loc, arith::XOrIOp::create(b, loc, k0, k1),
              arith::ConstantOp::create(b, loc,
                                        b.getI32IntegerAttr(0x1BD11BDA)));
          SmallVector<Value> ks = {k0, k1, parity};
          // Row-major linear position within the sample, as i64.
          Value linear;
          int64_t stride = 1;
          for (int64_t d = rank - 1; d >= keyDims; --d) {
            Value term = linalg::IndexOp::create(b, loc, d);
            if (stride != 1)
              term = arith::MulIOp::create(
                  b, loc, term, arith::ConstantIndexOp::create(b, loc, stride));
            linear =
                linear ? arith::AddIOp::create(b, loc, linear, term) : term;
            stride *= shape[d];
          }
          if (!linear)
            linear = arith::ConstantIndexOp::create(b, loc, 0);
          Type i64 = b.getI64Type(), i32 = b.getI32Type();
          Value position = arith::IndexCastUIOp::create(b, loc, i64, linear);
          Value c32 =
              arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(32));
          // ui32 results take two words per counter, ui64 results one.
          Value counter = position;
          if (width == 32)
            counter = arith::ShRUIOp::create(
                b, loc, position,
                arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1)));
          Value c0 = arith::TruncIOp::create(b, loc, i32, counter);
          Value c1 = arith::TruncIOp::create(
              b, loc, i32, arith::ShRUIOp::create(b, loc, counter, c32));
          auto [w0, w1] = Threefry{b, loc}.apply(ks, c0, c1);
          if (width == 32) {
            Value low =
                arith::TruncIOp::create(b, loc, b.getI1Type(), position);
            return arith::SelectOp::create(b, loc, low, w1, w0);
          }
          Value lo = arith::ExtUIOp::create(b, loc, i64, w0);
          Value hi = arith::ExtUIOp::create(b, loc, i64, w1);
          hi = arith::ShLIOp::create(b, loc, hi, c32);
          return arith::OrIOp::create(b, loc, lo, hi);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void tnp::populateIndexingLoweringPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<GatherOpLowering, ScatterOpLowering, RandomBitsOpLowering>(
      converter, patterns.getContext());
}
