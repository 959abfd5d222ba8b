//===- ShapeVjp.cpp - reverse-mode rules of creation and data movement ----===//
//
// Data movement is linear: each rule is the op's transpose (a slice's is a
// pad with zeros, a broadcast's a sum, a transpose's the inverse one).
//
//===----------------------------------------------------------------------===//

#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "dialect/ops/OpUtils.h"
#include "dialect/ops/VjpBuilders.h"

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::vjp;

/// A zero of `like`'s dtype, as a 0-d tensor (a padding value).
static Value scalarZero(OpBuilder &b, Location loc, Value like) {
  auto type = cast<RankedTensorType>(like.getType());
  return zeros(b, loc, RankedTensorType::get({}, type.getElementType()));
}

// Between floats the cotangent converts back; to or from integers and bool
// nothing is differentiable.
LogicalResult ConvertOp::buildVjp(OpBuilder &b, ValueRange cts,
                                  SmallVectorImpl<Value> &out) {
  Type from = getElementTypeOrSelf(getOperand().getType());
  if (!isa<FloatType>(from) || !isa<FloatType>(getElementTypeOrSelf(getType())))
    return noCotangents(*this, out);
  out.push_back(convertLike(b, getLoc(), cts[0], from));
  return success();
}

LogicalResult BroadcastInDimOp::buildVjp(OpBuilder &b, ValueRange cts,
                                         SmallVectorImpl<Value> &out) {
  out.push_back(unbroadcast(b, getLoc(), cts[0],
                            cast<RankedTensorType>(getOperand().getType()),
                            getDims()));
  return success();
}

LogicalResult ReshapeOp::buildVjp(OpBuilder &b, ValueRange cts,
                                  SmallVectorImpl<Value> &out) {
  out.push_back(ReshapeOp::create(b, getLoc(), getOperand().getType(), cts[0]));
  return success();
}

LogicalResult TransposeOp::buildVjp(OpBuilder &b, ValueRange cts,
                                    SmallVectorImpl<Value> &out) {
  ArrayRef<int64_t> perm = getPermutation();
  SmallVector<int64_t> inverse(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    inverse[p] = i;
  out.push_back(TransposeOp::create(b, getLoc(), cts[0], inverse));
  return success();
}

// The kept elements go back to their places; the skipped ones get zero.
LogicalResult SliceOp::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  ArrayRef<int64_t> size = shapeOf(getOperand()), kept = shapeOf(getResult());
  if (llvm::is_contained(kept, 0)) {
    out.push_back(zeros(b, loc, getOperand().getType()));
    return success();
  }
  SmallVector<int64_t> high, interior;
  for (auto [d, start] : llvm::enumerate(getStart())) {
    int64_t stride = getStrides()[d];
    interior.push_back(stride - 1);
    if (getLimit()[d] == kSliceToEnd) {
      high.push_back(0);
      continue;
    }
    // A pad's widths are static; the slice's result is static here.
    if (ShapedType::isDynamic(size[d]))
      return emitOpError("has no VJP for a slice of dynamic dimension ")
             << d << " (a pad needs static widths)";
    high.push_back(size[d] - (start + (kept[d] - 1) * stride + 1));
  }
  out.push_back(PadOp::create(b, loc, cts[0], scalarZero(b, loc, cts[0]),
                              getStart(), high, interior));
  return success();
}

LogicalResult ReverseOp::buildVjp(OpBuilder &b, ValueRange cts,
                                  SmallVectorImpl<Value> &out) {
  out.push_back(ReverseOp::create(b, getLoc(), cts[0], getDims()));
  return success();
}

LogicalResult ConcatenateOp::buildVjp(OpBuilder &b, ValueRange cts,
                                      SmallVectorImpl<Value> &out) {
  int64_t dim = getDimension(), offset = 0;
  SmallVector<int64_t> limit(shapeOf(getResult()));
  SmallVector<int64_t> start(limit.size(), 0), strides(limit.size(), 1);
  for (Value input : getInputs()) {
    start[dim] = offset;
    offset += shapeOf(input)[dim];
    limit[dim] = offset;
    out.push_back(SliceOp::create(b, getLoc(), cts[0], start, limit, strides));
  }
  return success();
}

// JAX's pad transpose: undo the edges with the opposite padding, then keep
// every (interior + 1)-th element. The padding value receives the rest.
LogicalResult PadOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value ct = cts[0];
  SmallVector<int64_t> low, high, strides;
  for (auto [l, h, i] : llvm::zip(getLow(), getHigh(), getInterior())) {
    low.push_back(-l);
    high.push_back(-h);
    strides.push_back(i + 1);
  }
  SmallVector<int64_t> noInterior(low.size(), 0);
  Value unpadded =
      PadOp::create(b, loc, ct, scalarZero(b, loc, ct), low, high, noInterior);
  SmallVector<int64_t> start(low.size(), 0);
  SmallVector<int64_t> limit(shapeOf(unpadded));
  Value operandCt =
      SliceOp::create(b, loc, unpadded, start, limit, strides).getResult();
  auto all = [&](Value v) -> Value {
    SmallVector<int64_t> axes = complement(shapeOf(v).size(), {});
    return axes.empty() ? v
                        : ReduceOp::create(b, loc, ReduceKind::Sum, v, axes);
  };
  out.append({operandCt, make<SubOp>(b, loc, all(ct), all(operandCt))});
  return success();
}
