//===- RandomLowering.cpp - random_bits to linalg -------------------------===//
//
// tnp.random_bits becomes a linalg.generic computing Threefry-2x32 from each
// element's position.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

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

void tnp::populateRandomLoweringPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<RandomBitsOpLowering>(converter, patterns.getContext());
}
