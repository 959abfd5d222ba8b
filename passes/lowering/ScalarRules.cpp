//===- ScalarRules.cpp - the scalar rule of each elementwise op -----------===//
//
// What each elementwise op computes on one element, by dtype, in arith, math
// and complex ops: NumPy's semantics (integer division guards, divmod signs,
// NaN propagation, complex ordering). ElementwiseLowering.cpp wraps each rule
// in a linalg.generic.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/ScalarRules.h"

#include "dialect/TnpOps.h"
#include "passes/lowering/LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tnp;

static bool isFloat(Type t) { return isa<FloatType>(t); }
static bool isComplex(Type t) { return isa<ComplexType>(t); }
/// Integers compared and divided as unsigned: uint and bool.
static bool isUnsignedLike(Type t) {
  return isUnsignedInt(t) || t.isInteger(1);
}

// (rules below) `t` is the dtype the op computes in; a null
// result means the op does not support it.
//===----------------------------------------------------------------------===//

static Value zero(OpBuilder &b, Location loc, Type t) {
  return buildScalarConstant(b, loc, toSignless(t), 0);
}
static Value one(OpBuilder &b, Location loc, Type t) {
  return buildScalarConstant(b, loc, toSignless(t), 1);
}

Value tnp::emitScalar(NegOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  if (isComplex(t))
    return complex::NegOp::create(b, loc, a[0]);
  if (isFloat(t))
    return arith::NegFOp::create(b, loc, a[0]);
  return arith::SubIOp::create(b, loc, zero(b, loc, t), a[0]);
}

Value tnp::emitScalar(AbsOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  if (isComplex(t))
    return complex::AbsOp::create(b, loc, a[0]);
  if (isFloat(t))
    return math::AbsFOp::create(b, loc, a[0]);
  if (isUnsignedLike(t))
    return a[0];
  return math::AbsIOp::create(b, loc, a[0]);
}

/// The sign of a float: -1, 1, +0 for +-0, NaN for NaN, as in NumPy.
static Value emitFloatSign(OpBuilder &b, Location loc, Type t, Value x) {
  Value z = zero(b, loc, t), o = one(b, loc, t);
  Value minusOne = arith::NegFOp::create(b, loc, o);
  Value pos = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, z);
  Value neg = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, z);
  Value isZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, z);
  Value r = arith::SelectOp::create(b, loc, isZero, z, x);
  r = arith::SelectOp::create(b, loc, neg, minusOne, r);
  return arith::SelectOp::create(b, loc, pos, o, r);
}

Value tnp::emitScalar(SignOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (auto c = dyn_cast<ComplexType>(t)) {
    // NumPy 1.24: sign(re) + 0j, or sign(im) + 0j where re is 0.
    Type f = c.getElementType();
    Value re = complex::ReOp::create(b, loc, a[0]);
    Value im = complex::ImOp::create(b, loc, a[0]);
    Value reNonzero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE,
                                            re, zero(b, loc, f));
    Value s =
        arith::SelectOp::create(b, loc, reNonzero, emitFloatSign(b, loc, f, re),
                                emitFloatSign(b, loc, f, im));
    return complex::CreateOp::create(b, loc, c, s, zero(b, loc, f));
  }
  Value x = a[0], z = zero(b, loc, t), o = one(b, loc, t);
  if (isFloat(t))
    return emitFloatSign(b, loc, t, x);
  Value nonzero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, z);
  Value r = arith::SelectOp::create(b, loc, nonzero, o, z);
  if (isUnsignedLike(t))
    return r;
  Value neg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, z);
  Value minusOne = arith::SubIOp::create(b, loc, z, o);
  return arith::SelectOp::create(b, loc, neg, minusOne, r);
}

/// Float ops with a complex counterpart: one math op and one complex op.
template <typename MathOp, typename ComplexOp>
static Value emitTranscendental(OpBuilder &b, Location loc, Type t,
                                ValueRange a) {
  if (isComplex(t))
    return ComplexOp::create(b, loc, a[0]);
  if (isFloat(t))
    return MathOp::create(b, loc, a[0]);
  return {};
}

Value tnp::emitScalar(ExpOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitTranscendental<math::ExpOp, complex::ExpOp>(b, loc, t, a);
}
Value tnp::emitScalar(Expm1Op, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return emitTranscendental<math::ExpM1Op, complex::Expm1Op>(b, loc, t, a);
}
Value tnp::emitScalar(LogOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitTranscendental<math::LogOp, complex::LogOp>(b, loc, t, a);
}
Value tnp::emitScalar(Log1pOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return emitTranscendental<math::Log1pOp, complex::Log1pOp>(b, loc, t, a);
}
Value tnp::emitScalar(SqrtOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return emitTranscendental<math::SqrtOp, complex::SqrtOp>(b, loc, t, a);
}
Value tnp::emitScalar(RsqrtOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return emitTranscendental<math::RsqrtOp, complex::RsqrtOp>(b, loc, t, a);
}
Value tnp::emitScalar(TanhOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return emitTranscendental<math::TanhOp, complex::TanhOp>(b, loc, t, a);
}
Value tnp::emitScalar(SinOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitTranscendental<math::SinOp, complex::SinOp>(b, loc, t, a);
}
Value tnp::emitScalar(CosOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitTranscendental<math::CosOp, complex::CosOp>(b, loc, t, a);
}

Value tnp::emitScalar(TanOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitTranscendental<math::TanOp, complex::TanOp>(b, loc, t, a);
}

/// Float ops without a complex rule (their operands are real).
template <typename MathOp>
static Value emitRealTranscendental(OpBuilder &b, Location loc, Type t,
                                    ValueRange a) {
  return isFloat(t) ? MathOp::create(b, loc, a[0]) : Value();
}

// One line per op: the real rule is its math op.
#define TNP_REAL_TRANSCENDENTAL(OpT)                                           \
  Value tnp::emitScalar(OpT##Op, OpBuilder &b, Location loc, Type t,           \
                        ValueRange a) {                                        \
    return emitRealTranscendental<math::OpT##Op>(b, loc, t, a);                \
  }
TNP_REAL_TRANSCENDENTAL(Asin)
TNP_REAL_TRANSCENDENTAL(Acos)
TNP_REAL_TRANSCENDENTAL(Atan)
TNP_REAL_TRANSCENDENTAL(Sinh)
TNP_REAL_TRANSCENDENTAL(Cosh)
TNP_REAL_TRANSCENDENTAL(Asinh)
TNP_REAL_TRANSCENDENTAL(Acosh)
TNP_REAL_TRANSCENDENTAL(Atanh)
TNP_REAL_TRANSCENDENTAL(Cbrt)
#undef TNP_REAL_TRANSCENDENTAL

/// A logarithm in base e**(1/`scale`) of a complex number: log(z) * scale.
static Value scaledComplexLog(OpBuilder &b, Location loc, Type t, Value z,
                              double scale) {
  return complex::MulOp::create(b, loc, complex::LogOp::create(b, loc, z),
                                buildScalarConstant(b, loc, t, scale));
}

Value tnp::emitScalar(Log2Op, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (isComplex(t))
    return scaledComplexLog(b, loc, t, a[0], 1 / M_LN2);
  return emitRealTranscendental<math::Log2Op>(b, loc, t, a);
}
Value tnp::emitScalar(Log10Op, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (isComplex(t))
    return scaledComplexLog(b, loc, t, a[0], 1 / M_LN10);
  return emitRealTranscendental<math::Log10Op>(b, loc, t, a);
}
Value tnp::emitScalar(Exp2Op, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  // 2**z = e**(z ln 2).
  if (isComplex(t))
    return complex::ExpOp::create(
        b, loc,
        complex::MulOp::create(b, loc, a[0],
                               buildScalarConstant(b, loc, t, M_LN2)));
  return emitRealTranscendental<math::Exp2Op>(b, loc, t, a);
}

Value tnp::emitScalar(LogisticOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  // 1 / (1 + exp(-x)): exp overflows to inf for x << 0, giving exactly 0.
  Value o = one(b, loc, t);
  if (isComplex(t)) {
    Value e =
        complex::ExpOp::create(b, loc, complex::NegOp::create(b, loc, a[0]));
    return complex::DivOp::create(b, loc, o,
                                  complex::AddOp::create(b, loc, o, e));
  }
  if (!isFloat(t))
    return {};
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, a[0]));
  return arith::DivFOp::create(b, loc, o, arith::AddFOp::create(b, loc, o, e));
}

Value tnp::emitScalar(SquareOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (isComplex(t))
    return complex::MulOp::create(b, loc, a[0], a[0]);
  if (isFloat(t))
    return arith::MulFOp::create(b, loc, a[0], a[0]);
  return arith::MulIOp::create(b, loc, a[0], a[0]);
}

Value tnp::emitScalar(FloorOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return isFloat(t) ? math::FloorOp::create(b, loc, a[0]) : a[0];
}
Value tnp::emitScalar(CeilOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return isFloat(t) ? math::CeilOp::create(b, loc, a[0]) : a[0];
}
Value tnp::emitScalar(RoundOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (auto c = dyn_cast<ComplexType>(t)) {
    Value re = complex::ReOp::create(b, loc, a[0]);
    Value im = complex::ImOp::create(b, loc, a[0]);
    return complex::CreateOp::create(b, loc, c,
                                     math::RoundEvenOp::create(b, loc, re),
                                     math::RoundEvenOp::create(b, loc, im));
  }
  return isFloat(t) ? math::RoundEvenOp::create(b, loc, a[0]) : a[0];
}

Value tnp::emitScalar(NotOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  Value ones =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(toSignless(t), -1));
  return arith::XOrIOp::create(b, loc, a[0], ones);
}

Value tnp::emitScalar(RealOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return isComplex(t) ? complex::ReOp::create(b, loc, a[0]) : a[0];
}
Value tnp::emitScalar(ImagOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return isComplex(t) ? complex::ImOp::create(b, loc, a[0]) : zero(b, loc, t);
}
Value tnp::emitScalar(ConjOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return isComplex(t) ? complex::ConjOp::create(b, loc, a[0]) : a[0];
}

/// A float's bits as the signless integer of its width.
static Value floatBits(OpBuilder &b, Location loc, Value x) {
  auto width = cast<FloatType>(x.getType()).getWidth();
  return arith::BitcastOp::create(b, loc, b.getIntegerType(width), x);
}

Value tnp::emitScalar(SignbitOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (isUnsignedLike(t))
    return arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
  Value x = isFloat(t) ? floatBits(b, loc, a[0]) : a[0];
  Value z = arith::ConstantOp::create(b, loc, b.getIntegerAttr(x.getType(), 0));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, z);
}

Value tnp::emitScalar(AddOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return buildCombine(b, loc, CombineKind::Add, t, a[0], a[1]);
}
Value tnp::emitScalar(SubOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  if (isComplex(t))
    return complex::SubOp::create(b, loc, a[0], a[1]);
  if (isFloat(t))
    return arith::SubFOp::create(b, loc, a[0], a[1]);
  return arith::SubIOp::create(b, loc, a[0], a[1]);
}
Value tnp::emitScalar(MulOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return buildCombine(b, loc, CombineKind::Mul, t, a[0], a[1]);
}

Value tnp::emitScalar(DivOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  if (isComplex(t))
    return complex::DivOp::create(b, loc, a[0], a[1]);
  if (isFloat(t))
    return arith::DivFOp::create(b, loc, a[0], a[1]);
  return {};
}

/// NumPy's float divmod (npy_divmod): the quotient is floor((x - fmod) / y),
/// corrected so that q * y + r == x with r of y's sign.
static std::pair<Value, Value> emitFloatDivmod(OpBuilder &b, Location loc,
                                               Type t, Value x, Value y) {
  Value z = zero(b, loc, t), o = one(b, loc, t);
  Value mod = arith::RemFOp::create(b, loc, x, y);
  Value div =
      arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, x, mod), y);
  Value modNonzero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, mod, z);
  Value yNeg = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, y, z);
  Value modNeg =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, mod, z);
  Value signsDiffer = arith::XOrIOp::create(b, loc, yNeg, modNeg);
  Value fix = arith::AndIOp::create(b, loc, modNonzero, signsDiffer);
  mod = arith::SelectOp::create(b, loc, fix,
                                arith::AddFOp::create(b, loc, mod, y), mod);
  div = arith::SelectOp::create(b, loc, fix,
                                arith::SubFOp::create(b, loc, div, o), div);
  // A zero remainder takes y's sign.
  mod = arith::SelectOp::create(b, loc, modNonzero, mod,
                                math::CopySignOp::create(b, loc, z, y));
  Value floorDiv = math::FloorOp::create(b, loc, div);
  Value half = buildScalarConstant(b, loc, t, 0.5);
  Value roundUp =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                            arith::SubFOp::create(b, loc, div, floorDiv), half);
  floorDiv = arith::SelectOp::create(
      b, loc, roundUp, arith::AddFOp::create(b, loc, floorDiv, o), floorDiv);
  Value divNonzero =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, div, z);
  Value signedZero =
      math::CopySignOp::create(b, loc, z, arith::DivFOp::create(b, loc, x, y));
  floorDiv = arith::SelectOp::create(b, loc, divNonzero, floorDiv, signedZero);
  // Division by zero gives x / y (inf or nan) and fmod's nan, as NumPy.
  Value yZero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, y, z);
  floorDiv = arith::SelectOp::create(
      b, loc, yZero, arith::DivFOp::create(b, loc, x, y), floorDiv);
  return {floorDiv, mod};
}

/// Integer division guarded as NumPy guards it: x // 0 and x % 0 are 0, and
/// INT_MIN // -1 wraps instead of trapping.
static std::pair<Value, Value> emitIntDivmod(OpBuilder &b, Location loc, Type t,
                                             Value x, Value y) {
  Value z = zero(b, loc, t), o = one(b, loc, t);
  Value yZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, z);
  if (isUnsignedLike(t)) {
    Value safe = arith::SelectOp::create(b, loc, yZero, o, y);
    Value q = arith::DivUIOp::create(b, loc, x, safe);
    Value r = arith::RemUIOp::create(b, loc, x, safe);
    return {arith::SelectOp::create(b, loc, yZero, z, q),
            arith::SelectOp::create(b, loc, yZero, z, r)};
  }
  Value minusOne = arith::SubIOp::create(b, loc, z, o);
  Value yMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, minusOne);
  Value trivial = arith::OrIOp::create(b, loc, yZero, yMinusOne);
  Value safe = arith::SelectOp::create(b, loc, trivial, o, y);
  Value q = arith::FloorDivSIOp::create(b, loc, x, safe);
  Value r = arith::RemSIOp::create(b, loc, x, safe);
  // The remainder takes the divisor's sign.
  Value rNonzero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, r, z);
  Value rNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, r, z);
  Value yNeg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, y, z);
  Value fix = arith::AndIOp::create(b, loc, rNonzero,
                                    arith::XOrIOp::create(b, loc, rNeg, yNeg));
  r = arith::SelectOp::create(b, loc, fix, arith::AddIOp::create(b, loc, r, y),
                              r);
  Value negX = arith::SubIOp::create(b, loc, z, x);
  q = arith::SelectOp::create(b, loc, yMinusOne, negX, q);
  q = arith::SelectOp::create(b, loc, yZero, z, q);
  r = arith::SelectOp::create(b, loc, trivial, z, r);
  return {q, r};
}

static std::pair<Value, Value> emitDivmod(OpBuilder &b, Location loc, Type t,
                                          ValueRange a) {
  if (isFloat(t) && t.getIntOrFloatBitWidth() < 32) {
    // NumPy's float16 loop divides in float32 and rounds once (per-op
    // float16 rounding can land the floor on another value).
    Type f32 = b.getF32Type();
    auto widen = [&](Value v) -> Value {
      return arith::ExtFOp::create(b, loc, f32, v);
    };
    auto [q, r] = emitFloatDivmod(b, loc, f32, widen(a[0]), widen(a[1]));
    return {arith::TruncFOp::create(b, loc, t, q),
            arith::TruncFOp::create(b, loc, t, r)};
  }
  if (isFloat(t))
    return emitFloatDivmod(b, loc, t, a[0], a[1]);
  return emitIntDivmod(b, loc, t, a[0], a[1]);
}

Value tnp::emitScalar(FloorDivOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return emitDivmod(b, loc, t, a).first;
}
Value tnp::emitScalar(RemOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitDivmod(b, loc, t, a).second;
}

Value tnp::emitScalar(PowOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  if (isComplex(t))
    return complex::PowOp::create(b, loc, a[0], a[1]);
  if (isFloat(t))
    return math::PowFOp::create(b, loc, a[0], a[1]);
  return math::IPowIOp::create(b, loc, a[0], a[1]);
}

/// NumPy's lexicographic order of complex numbers (its CLT/CLE/CGT/CGE):
/// the real parts decide unless an imaginary part is NaN; equal real parts
/// defer to the imaginary ones under `f`.
static Value emitComplexOrder(OpBuilder &b, Location loc,
                              arith::CmpFPredicate f, Value x, Value y) {
  bool less = f == arith::CmpFPredicate::OLT || f == arith::CmpFPredicate::OLE;
  Value xr = complex::ReOp::create(b, loc, x),
        xi = complex::ImOp::create(b, loc, x);
  Value yr = complex::ReOp::create(b, loc, y),
        yi = complex::ImOp::create(b, loc, y);
  auto cmp = [&](arith::CmpFPredicate p, Value l, Value r) -> Value {
    return arith::CmpFOp::create(b, loc, p, l, r);
  };
  Value ordered =
      arith::AndIOp::create(b, loc, cmp(arith::CmpFPredicate::ORD, xi, xi),
                            cmp(arith::CmpFPredicate::ORD, yi, yi));
  Value strict = arith::AndIOp::create(
      b, loc,
      cmp(less ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OGT, xr, yr),
      ordered);
  Value tie = arith::AndIOp::create(
      b, loc, cmp(arith::CmpFPredicate::OEQ, xr, yr), cmp(f, xi, yi));
  return arith::OrIOp::create(b, loc, strict, tie);
}

/// NumPy's complex maximum/minimum: x where it wins the order or holds a
/// NaN, else y.
static Value emitComplexExtreme(OpBuilder &b, Location loc,
                                arith::CmpFPredicate f, Value x, Value y) {
  Value xr = complex::ReOp::create(b, loc, x),
        xi = complex::ImOp::create(b, loc, x);
  Value nan = arith::OrIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, xr, xr),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, xi, xi));
  Value pick =
      arith::OrIOp::create(b, loc, emitComplexOrder(b, loc, f, x, y), nan);
  return arith::SelectOp::create(b, loc, pick, x, y);
}

Value tnp::emitScalar(MaximumOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (isComplex(t))
    return emitComplexExtreme(b, loc, arith::CmpFPredicate::OGE, a[0], a[1]);
  return buildCombine(b, loc, CombineKind::Max, t, a[0], a[1]);
}
Value tnp::emitScalar(MinimumOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (isComplex(t))
    return emitComplexExtreme(b, loc, arith::CmpFPredicate::OLE, a[0], a[1]);
  return buildCombine(b, loc, CombineKind::Min, t, a[0], a[1]);
}

Value tnp::emitScalar(AndOp, OpBuilder &b, Location loc, Type, ValueRange a) {
  return arith::AndIOp::create(b, loc, a[0], a[1]);
}
Value tnp::emitScalar(OrOp, OpBuilder &b, Location loc, Type, ValueRange a) {
  return arith::OrIOp::create(b, loc, a[0], a[1]);
}
Value tnp::emitScalar(XorOp, OpBuilder &b, Location loc, Type, ValueRange a) {
  return arith::XOrIOp::create(b, loc, a[0], a[1]);
}

Value tnp::emitScalar(Atan2Op, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  return isFloat(t) ? math::Atan2Op::create(b, loc, a[0], a[1]) : Value();
}

/// C's nextafter on the bits: a step of one unit in the last place away
/// from or towards zero; from zero, the smallest subnormal of y's sign.
/// Equal operands give y, or x for float16 (NumPy's npy_half_nextafter).
Value tnp::emitScalar(NextafterOp, OpBuilder &b, Location loc, Type t,
                      ValueRange a) {
  if (!isFloat(t))
    return Value();
  Value x = a[0], y = a[1];
  Value xBits = floatBits(b, loc, x), yBits = floatBits(b, loc, y);
  Type bits = xBits.getType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(bits, v));
  };
  auto cmp = [&](arith::CmpFPredicate p, Value l, Value r) -> Value {
    return arith::CmpFOp::create(b, loc, p, l, r);
  };
  int64_t width = bits.getIntOrFloatBitWidth();
  Value zeroF = zero(b, loc, t);
  Value up = cmp(arith::CmpFPredicate::OLT, x, y);
  Value positive = cmp(arith::CmpFPredicate::OGT, x, zeroF);
  Value away =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, up, positive);
  Value step = arith::SelectOp::create(b, loc, away, constant(1), constant(-1));
  Value stepped = arith::BitcastOp::create(
      b, loc, x.getType(), arith::AddIOp::create(b, loc, xBits, step));
  Value ySign = arith::AndIOp::create(
      b, loc, yBits, constant(int64_t(uint64_t(1) << (width - 1))));
  Value tiniest = arith::BitcastOp::create(
      b, loc, x.getType(), arith::OrIOp::create(b, loc, ySign, constant(1)));
  Value r = arith::SelectOp::create(
      b, loc, cmp(arith::CmpFPredicate::OEQ, x, zeroF), tiniest, stepped);
  r = arith::SelectOp::create(b, loc, cmp(arith::CmpFPredicate::OEQ, x, y),
                              t.isF16() ? x : y, r);
  Value nan = arith::AddFOp::create(b, loc, x, y);
  return arith::SelectOp::create(b, loc, cmp(arith::CmpFPredicate::UNO, x, y),
                                 nan, r);
}

/// Euclid's algorithm on the magnitudes as unsigned integers (so that
/// |min| of a signed dtype wraps as NumPy's does).
Value tnp::emitScalar(GcdOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  if (isFloat(t) || isComplex(t))
    return Value();
  Value x = a[0], y = a[1];
  if (!isUnsignedLike(t)) {
    x = math::AbsIOp::create(b, loc, x);
    y = math::AbsIOp::create(b, loc, y);
  }
  Type type = x.getType();
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{type, type}, ValueRange{x, y},
      [&](OpBuilder &nb, Location l, ValueRange v) {
        Value z = arith::ConstantOp::create(nb, l, nb.getIntegerAttr(type, 0));
        Value more =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::ne, v[1], z);
        scf::ConditionOp::create(nb, l, more, v);
      },
      [&](OpBuilder &nb, Location l, ValueRange v) {
        Value r = arith::RemUIOp::create(nb, l, v[0], v[1]);
        scf::YieldOp::create(nb, l, ValueRange{v[1], r});
      });
  return loop.getResult(0);
}

/// Comparisons: ordered float predicates except `ne` (NaN != NaN is true).
static Value emitCompare(OpBuilder &b, Location loc, Type t, ValueRange a,
                         arith::CmpFPredicate f, arith::CmpIPredicate s,
                         arith::CmpIPredicate u) {
  if (isComplex(t)) {
    if (f == arith::CmpFPredicate::OEQ)
      return complex::EqualOp::create(b, loc, a[0], a[1]);
    if (f == arith::CmpFPredicate::UNE)
      return complex::NotEqualOp::create(b, loc, a[0], a[1]);
    return emitComplexOrder(b, loc, f, a[0], a[1]);
  }
  if (isFloat(t))
    return arith::CmpFOp::create(b, loc, f, a[0], a[1]);
  return arith::CmpIOp::create(b, loc, isUnsignedLike(t) ? u : s, a[0], a[1]);
}

using P = arith::CmpIPredicate;
using F = arith::CmpFPredicate;
Value tnp::emitScalar(EqOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitCompare(b, loc, t, a, F::OEQ, P::eq, P::eq);
}
Value tnp::emitScalar(NeOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitCompare(b, loc, t, a, F::UNE, P::ne, P::ne);
}
Value tnp::emitScalar(LtOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitCompare(b, loc, t, a, F::OLT, P::slt, P::ult);
}
Value tnp::emitScalar(LeOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitCompare(b, loc, t, a, F::OLE, P::sle, P::ule);
}
Value tnp::emitScalar(GtOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitCompare(b, loc, t, a, F::OGT, P::sgt, P::ugt);
}
Value tnp::emitScalar(GeOp, OpBuilder &b, Location loc, Type t, ValueRange a) {
  return emitCompare(b, loc, t, a, F::OGE, P::sge, P::uge);
}

Value tnp::emitScalar(SelectOp, OpBuilder &b, Location loc, Type,
                      ValueRange a) {
  return arith::SelectOp::create(b, loc, a[0], a[1], a[2]);
}
