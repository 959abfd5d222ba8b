//===- VjpBuilders.cpp - tnp ops the VJP rules emit -----------------------===//

#include "dialect/ops/VjpBuilders.h"

#include "dialect/ShapeFunctions.h"
#include "dialect/ops/OpUtils.h"

using namespace mlir;
using namespace mlir::tnp;

Value vjp::splat(OpBuilder &b, Location loc, Type like, double value) {
  auto type = cast<RankedTensorType>(like);
  Type dtype = type.getElementType();
  Attribute element =
      isa<FloatType>(dtype)
          ? Attribute(b.getFloatAttr(dtype, value))
          : Attribute(b.getIntegerAttr(dtype, static_cast<int64_t>(value)));
  // A constant has a static shape: a dynamic one is a scalar broadcast,
  // whose sizes the lowering takes from the operands it meets.
  auto constantType =
      type.hasStaticShape() ? type : RankedTensorType::get({}, dtype);
  Value constant = ConstantOp::create(
      b, loc, constantType, DenseElementsAttr::get(constantType, element),
      /*weak=*/false);
  return broadcast(b, loc, constant, type, {});
}

Value vjp::scale(OpBuilder &b, Location loc, Value ct, Value factor,
                 bool negate) {
  Value product = make<MulOp>(b, loc, ct, factor);
  return negate ? make<NegOp>(b, loc, product) : product;
}

Value vjp::convertLike(OpBuilder &b, Location loc, Value x, Type to) {
  auto type = cast<RankedTensorType>(x.getType());
  auto target = type.clone(getElementTypeOrSelf(to));
  if (target == type)
    return x;
  return ConvertOp::create(b, loc, target, x);
}

Value vjp::indicator(OpBuilder &b, Location loc, Value pred, Type like) {
  return convertLike(b, loc, pred, like);
}

LogicalResult vjp::noCotangents(Operation *op,
                                SmallVectorImpl<Value> &operandCts) {
  operandCts.append(op->getNumOperands(), Value());
  return success();
}

Value vjp::broadcast(OpBuilder &b, Location loc, Value v, RankedTensorType type,
                     ArrayRef<int64_t> dims) {
  if (v.getType() == type)
    return v;
  return BroadcastInDimOp::create(b, loc, type, v, dims);
}

SmallVector<int64_t> vjp::complement(int64_t rank, ArrayRef<int64_t> dims) {
  return dimsOutside(rank, dims, {});
}

Value vjp::unbroadcast(OpBuilder &b, Location loc, Value ct,
                       RankedTensorType type, ArrayRef<int64_t> dims) {
  if (ct.getType() == type)
    return ct;
  ArrayRef<int64_t> shape = shapeOf(ct);
  SmallVector<int64_t> axes = complement(shape.size(), dims);
  for (auto [d, to] : llvm::enumerate(dims))
    if (type.getDimSize(d) == 1 && shape[to] != 1)
      axes.push_back(to);
  llvm::sort(axes);
  Value sum =
      axes.empty()
          ? ct
          : ReduceOp::create(b, loc, ReduceKind::Sum, ct, axes).getResult();
  if (sum.getType() == type)
    return sum;
  return ReshapeOp::create(b, loc, type, sum);
}
