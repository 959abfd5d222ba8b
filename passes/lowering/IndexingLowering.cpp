//===- IndexingLowering.cpp - gather and scatter to linalg and scf --------===//
//
// tnp.gather becomes a linalg.generic over its result that reads the indices
// and the operand with tensor.extract; tnp.scatter becomes an scf.for nest
// over the updates that carries the result tensor (one-shot bufferization
// makes its tensor.insert an in-place store).
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// The element of a scatter's operand that update `ivs` (its batch
/// position, then its window) goes to, and whether it is in range (null:
/// always). An unsigned compare also rejects negative indices.
struct Target {
  SmallVector<Value> pos;
  Value inRange;
};
static Target targetOf(OpBuilder &b, Location loc, Value indices,
                       ValueRange ivs, int64_t batchRank,
                       ArrayRef<int64_t> axes, ArrayRef<Value> sizes,
                       int64_t operandRank) {
  ValueRange batch = ivs.take_front(batchRank);
  SmallVector<Value> addressed;
  Value inRange;
  for (int64_t k = 0, e = axes.size(); k < e; ++k) {
    Value v = extractIndex(b, loc, indices, batch, k);
    addressed.push_back(v);
    Value ok =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, v, sizes[k]);
    inRange = inRange ? arith::AndIOp::create(b, loc, inRange, ok) : ok;
  }
  return {
      operandPosition(operandRank, axes, addressed, ivs.drop_front(batchRank)),
      inRange};
}

/// The atomic a GPU has for a scatter of `kind` into `dtype`, if any: adds,
/// products, minima and maxima of integers and floats of 8 bits or more
/// (the float minima and maxima are buildCombine's minimumf/maximumf, NaN
/// winning). What the GPU has no instruction for (a float maximum, an
/// 8- or 16-bit add but float16's) LLVM makes a compare-and-swap loop, on
/// the containing 32-bit word for narrow dtypes; products become one in
/// tnp-expand-atomics, after buffer deallocation, which rejects the loop's
/// regions. Bools and complex numbers have none.
static std::optional<arith::AtomicRMWKind> atomicOf(ScatterKind kind,
                                                    Type dtype) {
  if (!dtype.isIntOrFloat() || dtype.getIntOrFloatBitWidth() < 8)
    return std::nullopt;
  bool isFloat = isa<FloatType>(dtype), isUnsigned = isUnsignedInt(dtype);
  switch (kind) {
  case ScatterKind::Add:
    return isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  case ScatterKind::Min:
    return isFloat      ? arith::AtomicRMWKind::minimumf
           : isUnsigned ? arith::AtomicRMWKind::minu
                        : arith::AtomicRMWKind::mins;
  case ScatterKind::Max:
    return isFloat      ? arith::AtomicRMWKind::maximumf
           : isUnsigned ? arith::AtomicRMWKind::maxu
                        : arith::AtomicRMWKind::maxs;
  case ScatterKind::Mul:
    return isFloat ? arith::AtomicRMWKind::mulf : arith::AtomicRMWKind::muli;
  case ScatterKind::Set:
    break;
  }
  return std::nullopt;
}

/// Runs `body` at each position of a tensor of `shape` (its sizes `dims`),
/// in parallel (once, for rank 0).
static void forEachPosition(OpBuilder &b, Location loc, ArrayRef<Value> dims,
                            function_ref<void(OpBuilder &, ValueRange)> body) {
  if (dims.empty())
    return body(b, ValueRange());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ParallelOp::create(
      b, loc, SmallVector<Value>(dims.size(), zero), dims,
      SmallVector<Value>(dims.size(), one),
      [&](OpBuilder &nested, Location, ValueRange ivs) { body(nested, ivs); });
}

/// A complex scatter-add on a GPU: the GPU has no atomic for a complex
/// number, but its sum is one of each part. The operand's parts are laid
/// out as [..., 2] floats, each update adds its parts atomically (`add`,
/// the float's atomic), and the pairs become the complex result.
static Value scatterComplexSum(
    OpBuilder &b, Location loc, Value operand, RankedTensorType resultType,
    ArrayRef<Value> dynamicSizes, arith::AtomicRMWKind add,
    function_ref<
        void(function_ref<void(OpBuilder &, ValueRange, ArrayRef<Value>)>)>
        forEachUpdate,
    function_ref<Value(OpBuilder &, ValueRange)> valueAt) {
  auto complexType = cast<ComplexType>(resultType.getElementType());
  SmallVector<int64_t> pairShape(resultType.getShape());
  pairShape.push_back(2);
  auto pairType =
      RankedTensorType::get(pairShape, complexType.getElementType());
  // An allocation, not a buffer of a tensor: the canonicalizer would fold
  // the loads of one made from an empty tensor into reads of that.
  Value pairs = memref::AllocOp::create(
      b, loc, bufferType(pairType, /*anyLayout=*/false), dynamicSizes);
  SmallVector<Value> dims;
  for (int64_t d = 0; d < resultType.getRank(); ++d)
    dims.push_back(getDimSize(b, loc, operand, d));
  Value re = arith::ConstantIndexOp::create(b, loc, 0);
  Value im = arith::ConstantIndexOp::create(b, loc, 1);
  auto at = [](ValueRange pos, Value part) {
    SmallVector<Value> indices(pos);
    indices.push_back(part);
    return indices;
  };
  forEachPosition(b, loc, dims, [&](OpBuilder &nested, ValueRange ivs) {
    Value v = tensor::ExtractOp::create(nested, loc, operand, ivs);
    memref::StoreOp::create(nested, loc, complex::ReOp::create(nested, loc, v),
                            pairs, at(ivs, re));
    memref::StoreOp::create(nested, loc, complex::ImOp::create(nested, loc, v),
                            pairs, at(ivs, im));
  });
  forEachUpdate([&](OpBuilder &nested, ValueRange ivs, ArrayRef<Value> pos) {
    Value u = valueAt(nested, ivs);
    memref::AtomicRMWOp::create(nested, loc, add,
                                complex::ReOp::create(nested, loc, u), pairs,
                                at(pos, re));
    memref::AtomicRMWOp::create(nested, loc, add,
                                complex::ImOp::create(nested, loc, u), pairs,
                                at(pos, im));
  });
  Value out = bufferization::ToBufferOp::create(
      b, loc, bufferType(resultType, /*anyLayout=*/false),
      buildEmpty(b, loc, resultType, dynamicSizes));
  forEachPosition(b, loc, dims, [&](OpBuilder &nested, ValueRange ivs) {
    Value v = complex::CreateOp::create(
        nested, loc, complexType,
        memref::LoadOp::create(nested, loc, pairs, at(ivs, re)),
        memref::LoadOp::create(nested, loc, pairs, at(ivs, im)));
    memref::StoreOp::create(nested, loc, v, out, ivs);
  });
  return bufferization::ToTensorOp::create(b, loc, resultType, out,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// tnp.scatter -> an scf.for nest over the updates carrying the result; each
/// in-range update is combined into its element, out-of-range ones skipped.
/// On a GPU (`parallel`), a set, a combination the GPU has an atomic for
/// (atomicOf), or a complex sum (scatterComplexSum), is an scf.parallel
/// over the updates instead, each writing
/// into a copy of the operand: one thread per update, where the sequential
/// loop would run in one thread. Atomic floating sums then add in an order
/// that varies from run to run, as in other GPU libraries (minima and
/// maxima do not depend on it). Sets keep NumPy's (and the CPU's)
/// last-wins order for repeated positions in two loops: each update claims
/// its position with an atomic maximum of its number (updates in row-major
/// order), then the claim's winner stores its value.
struct ScatterOpLowering : OpConversionPattern<ScatterOp> {
  ScatterOpLowering(const TypeConverter &converter, MLIRContext *context,
                    bool parallel)
      : OpConversionPattern(converter, context), parallel(parallel) {}
  bool parallel;

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
    std::optional<arith::AtomicRMWKind> atomic = atomicOf(kind, dtype);
    // A complex sum: an atomic sum of each part.
    std::optional<arith::AtomicRMWKind> partSum;
    if (auto complexType = dyn_cast<ComplexType>(dtype);
        complexType && kind == ScatterKind::Add)
      partSum = atomicOf(kind, complexType.getElementType());
    if (parallel && (atomic || kind == ScatterKind::Set || partSum)) {
      SmallVector<std::pair<Value, int64_t>> sources;
      for (int64_t d = 0; d < operandRank; ++d)
        sources.push_back({operand, d});
      SmallVector<Value> dynamicSizes =
          dynamicSizesFrom(rewriter, loc, resultType, sources);
      // Runs `body` for each in-range update, in parallel (a single update,
      // of rank 0, as is).
      auto forEachUpdate =
          [&](function_ref<void(OpBuilder &, ValueRange, ArrayRef<Value>)>
                  body) {
            auto update = [&](OpBuilder &b, Location, ValueRange ivs) {
              Target target = targetOf(b, loc, indices, ivs, batchRank, axes,
                                       sizes, operandRank);
              if (!target.inRange)
                return body(b, ivs, target.pos);
              auto ifOp = scf::IfOp::create(b, loc, target.inRange);
              OpBuilder then = ifOp.getThenBodyBuilder();
              body(then, ivs, target.pos);
            };
            if (ubs.empty())
              return update(rewriter, loc, ValueRange());
            scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps, update);
          };
      auto valueAt = [&](OpBuilder &b, ValueRange ivs) -> Value {
        return tensor::ExtractOp::create(b, loc, updates, ivs);
      };
      if (partSum) {
        rewriter.replaceOp(op,
                           scatterComplexSum(rewriter, loc, operand, resultType,
                                             dynamicSizes, *partSum,
                                             forEachUpdate, valueAt));
        return success();
      }
      Value out = bufferization::ToBufferOp::create(
          rewriter, loc, bufferType(resultType, /*anyLayout=*/false),
          buildEmpty(rewriter, loc, resultType, dynamicSizes));
      memref::CopyOp::create(rewriter, loc,
                             bufferization::ToBufferOp::create(
                                 rewriter, loc,
                                 bufferType(resultType, /*anyLayout=*/true),
                                 operand, /*read_only=*/true),
                             out);
      if (kind == ScatterKind::Set) {
        // An update's number: its row-major position among the updates.
        auto numberOf = [&](OpBuilder &b, ValueRange ivs) -> Value {
          Value number = zero;
          for (auto [iv, size] : llvm::zip(ivs, ubs))
            number = arith::AddIOp::create(
                b, loc, arith::MulIOp::create(b, loc, number, size), iv);
          return arith::IndexCastOp::create(b, loc, b.getI64Type(), number);
        };
        Value claims = memref::AllocOp::create(
            rewriter, loc,
            MemRefType::get(resultType.getShape(), rewriter.getI64Type()),
            dynamicSizes);
        linalg::FillOp::create(
            rewriter, loc,
            ValueRange{arith::ConstantOp::create(
                rewriter, loc, rewriter.getI64IntegerAttr(-1))},
            ValueRange{claims});
        forEachUpdate([&](OpBuilder &b, ValueRange ivs, ArrayRef<Value> pos) {
          memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::maxs,
                                      numberOf(b, ivs), claims, pos);
        });
        forEachUpdate([&](OpBuilder &b, ValueRange ivs, ArrayRef<Value> pos) {
          Value won = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq,
              memref::LoadOp::create(b, loc, claims, pos), numberOf(b, ivs));
          auto ifOp = scf::IfOp::create(b, loc, won);
          OpBuilder then = ifOp.getThenBodyBuilder();
          memref::StoreOp::create(then, loc, valueAt(then, ivs), out, pos);
        });
      } else {
        forEachUpdate([&](OpBuilder &b, ValueRange ivs, ArrayRef<Value> pos) {
          memref::AtomicRMWOp::create(b, loc, *atomic, valueAt(b, ivs), out,
                                      pos);
        });
      }
      rewriter.replaceOp(op, bufferization::ToTensorOp::create(
                                 rewriter, loc, resultType, out,
                                 /*restrict=*/true, /*writable=*/true));
      return success();
    }

    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{operand},
        [&](OpBuilder &b, Location, ValueRange ivs,
            ValueRange iterArgs) -> scf::ValueVector {
          Value acc = iterArgs.front();
          Target target = targetOf(b, loc, indices, ivs, batchRank, axes, sizes,
                                   operandRank);
          ArrayRef<Value> pos = target.pos;
          Value inRange = target.inRange;
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

} // namespace

void tnp::populateIndexingLoweringPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           bool parallelScatters) {
  patterns.add<GatherOpLowering>(converter, patterns.getContext());
  patterns.add<ScatterOpLowering>(converter, patterns.getContext(),
                                  parallelScatters);
}
