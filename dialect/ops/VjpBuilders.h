//===- VjpBuilders.h - tnp ops the VJP rules emit ---------------*- C++ -*-===//
//
// Small builders over tnp ops, so that each rule reads as its formula. They
// take values of one dtype (rules run after tnp-promote-types) and build
// homogeneous ops.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_DIALECT_OPS_VJPBUILDERS_H
#define TNP_DIALECT_OPS_VJPBUILDERS_H

#include "dialect/TnpOps.h"

#include "mlir/IR/Builders.h"

namespace mlir::tnp::vjp {

/// A homogeneous elementwise op on operands of `x`'s type.
template <typename OpT>
Value make(OpBuilder &b, Location loc, Value x, Value y) {
  return OpT::create(b, loc, x.getType(), x, y);
}
template <typename OpT> Value make(OpBuilder &b, Location loc, Value x) {
  return OpT::create(b, loc, x.getType(), x);
}

/// `value` everywhere, in `like`'s type (a splat constant).
Value splat(OpBuilder &b, Location loc, Type like, double value);
/// A cotangent for an operand of type `type` that gets none.
inline Value zeros(OpBuilder &b, Location loc, Type type) {
  return splat(b, loc, type, 0);
}
/// `ct * factor`, or `-ct * factor`.
Value scale(OpBuilder &b, Location loc, Value ct, Value factor,
            bool negate = false);
/// `x` as `to`'s dtype (x itself when it has it).
Value convertLike(OpBuilder &b, Location loc, Value x, Type to);
/// `pred` (bool) in `like`'s type, 1 where it holds: `eq(x, y) -> 0/1`.
Value indicator(OpBuilder &b, Location loc, Value pred, Type like);

/// `v` broadcast to `type`, its dimensions going to `dims` of the result.
Value broadcast(OpBuilder &b, Location loc, Value v, RankedTensorType type,
                ArrayRef<int64_t> dims);
/// The transpose of broadcast: `ct` (of the broadcast's result type) summed
/// over the dimensions a broadcast of `type` into it along `dims` created
/// or stretched, reshaped to `type`.
Value unbroadcast(OpBuilder &b, Location loc, Value ct, RankedTensorType type,
                  ArrayRef<int64_t> dims);
/// The dimensions of `rank` not in `dims`, in order.
SmallVector<int64_t> complement(int64_t rank, ArrayRef<int64_t> dims);

} // namespace mlir::tnp::vjp

#endif // TNP_DIALECT_OPS_VJPBUILDERS_H
