//===- ElementwiseVjp.cpp - reverse-mode rules of the elementwise ops -----===//
//
// In ODS order. `ct` is the result's cotangent; rules reuse the forward
// result where the derivative is a function of it (exp, tanh, logistic).
// Ties of maximum/minimum split the cotangent evenly, as JAX does.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/VjpBuilders.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::vjp;

namespace {

/// Pushes `ct * dy/dx` for a unary op's operand.
LogicalResult unary(SmallVectorImpl<Value> &out, Value cotangent) {
  out.push_back(cotangent);
  return success();
}

/// The bool type of `x`'s shape.
Type boolLike(Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  return type.clone(IntegerType::get(x.getContext(), 1));
}

/// maximum/minimum: the cotangent goes to the operand that won, half of it
/// to each on a tie. `Wins` compares the operand with the other one.
template <typename Wins>
LogicalResult extremum(Operation *op, OpBuilder &b, Value ct,
                       SmallVectorImpl<Value> &out) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0), y = op->getOperand(1);
  Value tie = scale(
      b, loc,
      indicator(b, loc, EqOp::create(b, loc, boolLike(x), x, y), x.getType()),
      splat(b, loc, x.getType(), 0.5));
  for (auto [self, other] : {std::pair(x, y), std::pair(y, x)}) {
    Value wins = indicator(
        b, loc, Wins::create(b, loc, boolLike(x), self, other), x.getType());
    out.push_back(scale(b, loc, ct, make<AddOp>(b, loc, wins, tie)));
  }
  return success();
}

} // namespace

LogicalResult NegOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  return unary(out, make<NegOp>(b, getLoc(), cts[0]));
}

LogicalResult AbsOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  return unary(
      out, scale(b, getLoc(), cts[0], make<SignOp>(b, getLoc(), getOperand())));
}

// d/dx e**x = e**x: the forward result.
LogicalResult ExpOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  return unary(out, scale(b, getLoc(), cts[0], getResult()));
}

LogicalResult Expm1Op::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value one = splat(b, loc, getType(), 1);
  return unary(out,
               scale(b, loc, cts[0], make<AddOp>(b, loc, getResult(), one)));
}

LogicalResult LogOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  return unary(out, make<DivOp>(b, getLoc(), cts[0], getOperand()));
}

LogicalResult Log1pOp::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value one = splat(b, loc, getType(), 1);
  return unary(
      out, make<DivOp>(b, loc, cts[0], make<AddOp>(b, loc, getOperand(), one)));
}

// d/dx sqrt(x) = 1 / (2 sqrt(x)).
LogicalResult SqrtOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value half = scale(b, loc, cts[0], splat(b, loc, getType(), 0.5));
  return unary(out, make<DivOp>(b, loc, half, getResult()));
}

// d/dx x**-1/2 = -1/2 x**-3/2 = -1/2 rsqrt(x) / x.
LogicalResult RsqrtOp::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value half = scale(b, loc, cts[0], splat(b, loc, getType(), -0.5));
  return unary(
      out, make<DivOp>(b, loc, scale(b, loc, half, getResult()), getOperand()));
}

LogicalResult SquareOp::buildVjp(OpBuilder &b, ValueRange cts,
                                 SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value twice = make<AddOp>(b, loc, getOperand(), getOperand());
  return unary(out, scale(b, loc, cts[0], twice));
}

// d/dx tanh(x) = 1 - tanh(x)**2.
LogicalResult TanhOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value y = getResult();
  Value d = make<SubOp>(b, loc, splat(b, loc, getType(), 1),
                        make<MulOp>(b, loc, y, y));
  return unary(out, scale(b, loc, cts[0], d));
}

// d/dx s(x) = s(x) (1 - s(x)).
LogicalResult LogisticOp::buildVjp(OpBuilder &b, ValueRange cts,
                                   SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value y = getResult();
  Value d = make<MulOp>(b, loc, y,
                        make<SubOp>(b, loc, splat(b, loc, getType(), 1), y));
  return unary(out, scale(b, loc, cts[0], d));
}

LogicalResult SinOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  return unary(
      out, scale(b, getLoc(), cts[0], make<CosOp>(b, getLoc(), getOperand())));
}

LogicalResult CosOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  return unary(out, scale(b, getLoc(), cts[0],
                          make<SinOp>(b, getLoc(), getOperand()),
                          /*negate=*/true));
}

// d/dx tan(x) = 1 + tan(x)**2.
LogicalResult TanOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value y = getResult();
  Value d = make<AddOp>(b, loc, splat(b, loc, getType(), 1),
                        make<MulOp>(b, loc, y, y));
  return unary(out, scale(b, loc, cts[0], d));
}

namespace {
/// `ct` / sqrt(q) where `root`, else `ct` / q, for q = `c` + x**2 or, where
/// `subtract`, `c` - x**2: the inverse functions' derivatives.
Value overShiftedSquare(OpBuilder &b, Location loc, Value ct, Value x, double c,
                        bool subtract, bool root) {
  Value square = make<MulOp>(b, loc, x, x);
  Value constant = splat(b, loc, x.getType(), c);
  Value q = subtract ? make<SubOp>(b, loc, constant, square)
                     : make<AddOp>(b, loc, square, constant);
  return root ? scale(b, loc, ct, make<RsqrtOp>(b, loc, q))
              : make<DivOp>(b, loc, ct, q);
}

/// `ct` / (x ln k): the derivative of a base-k logarithm.
Value overXLn(OpBuilder &b, Location loc, Value ct, Value x, double lnK) {
  return scale(b, loc, make<DivOp>(b, loc, ct, x),
               splat(b, loc, x.getType(), 1 / lnK));
}
} // namespace

// d/dx arcsin(x) = 1 / sqrt(1 - x**2); arccos is its negation.
LogicalResult AsinOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  return unary(out, overShiftedSquare(b, getLoc(), cts[0], getOperand(), 1,
                                      /*subtract=*/true, /*root=*/true));
}

LogicalResult AcosOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  return unary(
      out, make<NegOp>(b, getLoc(),
                       overShiftedSquare(b, getLoc(), cts[0], getOperand(), 1,
                                         /*subtract=*/true,
                                         /*root=*/true)));
}

// d/dx arctan(x) = 1 / (1 + x**2).
LogicalResult AtanOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  return unary(out, overShiftedSquare(b, getLoc(), cts[0], getOperand(), 1,
                                      /*subtract=*/false, /*root=*/false));
}

LogicalResult SinhOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  return unary(
      out, scale(b, getLoc(), cts[0], make<CoshOp>(b, getLoc(), getOperand())));
}

LogicalResult CoshOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  return unary(
      out, scale(b, getLoc(), cts[0], make<SinhOp>(b, getLoc(), getOperand())));
}

// d/dx arcsinh(x) = 1 / sqrt(x**2 + 1); arccosh: 1 / sqrt(x**2 - 1).
LogicalResult AsinhOp::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  return unary(out, overShiftedSquare(b, getLoc(), cts[0], getOperand(), 1,
                                      /*subtract=*/false, /*root=*/true));
}

LogicalResult AcoshOp::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  return unary(out, overShiftedSquare(b, getLoc(), cts[0], getOperand(), -1,
                                      /*subtract=*/false, /*root=*/true));
}

// d/dx arctanh(x) = 1 / (1 - x**2).
LogicalResult AtanhOp::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  return unary(out, overShiftedSquare(b, getLoc(), cts[0], getOperand(), 1,
                                      /*subtract=*/true, /*root=*/false));
}

LogicalResult Log2Op::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  return unary(out, overXLn(b, getLoc(), cts[0], getOperand(), M_LN2));
}

LogicalResult Log10Op::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  return unary(out, overXLn(b, getLoc(), cts[0], getOperand(), M_LN10));
}

// d/dx 2**x = 2**x ln 2: the forward result.
LogicalResult Exp2Op::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value d = scale(b, loc, getResult(), splat(b, loc, getType(), M_LN2));
  return unary(out, scale(b, loc, cts[0], d));
}

// d/dx cbrt(x) = 1 / (3 cbrt(x)**2).
LogicalResult CbrtOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value y = getResult();
  Value d =
      scale(b, loc, make<MulOp>(b, loc, y, y), splat(b, loc, getType(), 3));
  return unary(out, make<DivOp>(b, loc, cts[0], d));
}

// Complex values have no cotangents; a real operand is its own real part
// and its own conjugate.
LogicalResult RealOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  if (isa<ComplexType>(getElementTypeOrSelf(getOperand().getType())))
    return noCotangents(*this, out);
  return unary(out, cts[0]);
}

LogicalResult ConjOp::buildVjp(OpBuilder &b, ValueRange cts,
                               SmallVectorImpl<Value> &out) {
  if (isa<ComplexType>(getElementTypeOrSelf(getOperand().getType())))
    return noCotangents(*this, out);
  return unary(out, cts[0]);
}

LogicalResult AddOp::buildVjp(OpBuilder &, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  out.append({cts[0], cts[0]});
  return success();
}

LogicalResult SubOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  out.append({cts[0], make<NegOp>(b, getLoc(), cts[0])});
  return success();
}

LogicalResult MulOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  out.append({scale(b, getLoc(), cts[0], getRhs()),
              scale(b, getLoc(), cts[0], getLhs())});
  return success();
}

// d(x/y)/dy = -(x/y) / y: the forward result.
LogicalResult DivOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value dx = make<DivOp>(b, loc, cts[0], getRhs());
  out.append({dx, scale(b, loc, dx, getResult(), /*negate=*/true)});
  return success();
}

// x % y = x - floor(x / y) y.
LogicalResult RemOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value quotient = make<FloorDivOp>(b, loc, getLhs(), getRhs());
  out.append({cts[0], scale(b, loc, cts[0], quotient, /*negate=*/true)});
  return success();
}

// d/dx x**y = y x**(y-1); d/dy x**y = log(x) x**y, taken as 0 at x = 0
// (JAX's convention, so that 0**y with y > 0 has a finite gradient).
LogicalResult PowOp::buildVjp(OpBuilder &b, ValueRange cts,
                              SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value x = getLhs(), y = getRhs(), one = splat(b, loc, getType(), 1);
  Value dx = make<MulOp>(b, loc, y,
                         make<PowOp>(b, loc, x, make<SubOp>(b, loc, y, one)));
  Value isZero =
      EqOp::create(b, loc, boolLike(x), x, splat(b, loc, getType(), 0));
  Value safeX = SelectOp::create(b, loc, x.getType(), isZero, one, x);
  Value dy = make<MulOp>(b, loc, make<LogOp>(b, loc, safeX), getResult());
  out.append({scale(b, loc, cts[0], dx), scale(b, loc, cts[0], dy)});
  return success();
}

LogicalResult MaximumOp::buildVjp(OpBuilder &b, ValueRange cts,
                                  SmallVectorImpl<Value> &out) {
  return extremum<GtOp>(*this, b, cts[0], out);
}

LogicalResult MinimumOp::buildVjp(OpBuilder &b, ValueRange cts,
                                  SmallVectorImpl<Value> &out) {
  return extremum<LtOp>(*this, b, cts[0], out);
}

// atan2(y, x): d/dy = x / (x**2 + y**2), d/dx = -y / (x**2 + y**2).
LogicalResult Atan2Op::buildVjp(OpBuilder &b, ValueRange cts,
                                SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value y = getLhs(), x = getRhs();
  Value norm =
      make<AddOp>(b, loc, make<MulOp>(b, loc, x, x), make<MulOp>(b, loc, y, y));
  Value ct = make<DivOp>(b, loc, cts[0], norm);
  out.append({scale(b, loc, ct, x), scale(b, loc, ct, y, /*negate=*/true)});
  return success();
}

// One step away from x1: x1's cotangent; x2 only picks the direction.
LogicalResult NextafterOp::buildVjp(OpBuilder &b, ValueRange cts,
                                    SmallVectorImpl<Value> &out) {
  out.append({cts[0], Value()});
  return success();
}

LogicalResult SelectOp::buildVjp(OpBuilder &b, ValueRange cts,
                                 SmallVectorImpl<Value> &out) {
  Location loc = getLoc();
  Value ct = cts[0], zero = zeros(b, loc, ct.getType());
  Type type = ct.getType();
  out.append({Value(), SelectOp::create(b, loc, type, getPred(), ct, zero),
              SelectOp::create(b, loc, type, getPred(), zero, ct)});
  return success();
}
