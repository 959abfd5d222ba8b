//===- PromotionModes.cpp - strict, numpy, all and safe promotion ---------===//

#include "dialect/PromotionModes.h"

#include "dialect/TnpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/TypeUtilities.h"

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::tnp;

namespace {

constexpr StringLiteral kModeAttr = "tnp.promotion";
constexpr StringLiteral kPreferFloat32Attr = "tnp.prefer_float32";

Type signedInt(MLIRContext *ctx, unsigned width) {
  return IntegerType::get(ctx, width);
}
Type unsignedInt(MLIRContext *ctx, unsigned width) {
  return IntegerType::get(ctx, width, IntegerType::Unsigned);
}

bool isUnsignedInt(Type t) { return t.isUnsignedInteger(); }

/// The shortest text that reads back as `x`, as Python's repr.
std::string shortest(double x) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, x);
    if (std::strtod(buf, nullptr) == x)
      break;
  }
  return buf;
}

/// A literal's value as text, for messages.
std::string describeLiteral(const DTypeOperand &o) {
  std::string s;
  llvm::raw_string_ostream os(s);
  switch (getKind(o.dtype)) {
  case DTypeKind::Bool:
    os << (o.value.i ? "true" : "false");
    break;
  case DTypeKind::Int:
    if (isUnsignedInt(o.dtype))
      os << static_cast<uint64_t>(o.value.i);
    else
      os << o.value.i;
    break;
  case DTypeKind::Float:
    os << shortest(o.value.re);
    break;
  case DTypeKind::Complex:
    os << "(" << shortest(o.value.re) << (o.value.im < 0 ? "" : "+")
       << shortest(o.value.im) << "j)";
    break;
  }
  return os.str();
}

std::string describe(const DTypeOperand &o) {
  if (!o.weak)
    return getDTypeName(o.dtype);
  return "the literal " + describeLiteral(o);
}

LogicalResult fail(std::string *error, const std::string &message) {
  if (error)
    *error = message;
  return failure();
}

/// Whether the integer literal `o` is a value of the integer dtype `to`.
bool literalFits(const DTypeOperand &o, Type to) {
  unsigned width = to.getIntOrFloatBitWidth();
  if (isUnsignedInt(o.dtype)) {
    uint64_t v = static_cast<uint64_t>(o.value.i);
    unsigned bits = isUnsignedInt(to) ? width : width - 1;
    return bits >= 64 || v < (uint64_t(1) << bits);
  }
  int64_t v = o.value.i;
  if (isUnsignedInt(to))
    return v >= 0 && (width >= 64 || uint64_t(v) < (uint64_t(1) << width));
  if (width >= 64)
    return true;
  int64_t bound = int64_t(1) << (width - 1);
  return v >= -bound && v < bound;
}

/// JAX raises for a Python int out of the range of the integer dtype it
/// takes (OverflowError); tnp does the same in strict, all and safe mode.
LogicalResult checkIntLiterals(ArrayRef<DTypeOperand> operands, Type result,
                               std::string *error) {
  if (getKind(result) != DTypeKind::Int)
    return success();
  for (const DTypeOperand &o : operands)
    if (o.weak && getKind(o.dtype) == DTypeKind::Int && !literalFits(o, result))
      return fail(error, "the literal " + describeLiteral(o) +
                             " is out of range for " + getDTypeName(result));
  return success();
}

//===----------------------------------------------------------------------===//
// numpy: NumPy 1.24's np.result_type
//===----------------------------------------------------------------------===//

/// NumPy's "simplified ordering" of kinds, which decides whether literals
/// are value-based: bool, integers, then floats and complex together.
int numpyKindOrder(Type t) {
  DTypeKind k = getKind(t);
  return k == DTypeKind::Bool ? 0 : k == DTypeKind::Int ? 1 : 2;
}

/// The dtype of a literal as NumPy sees it without its value: Python's
/// int64/float64/complex128, or with prefer_float32 TF's np.float32 and
/// np.complex64 scalars.
Type literalDType(const DTypeOperand &o, PromotionOptions options) {
  MLIRContext *ctx = o.dtype.getContext();
  if (options.preferFloat32 && o.dtype.isF64())
    return Float32Type::get(ctx);
  if (options.preferFloat32 && isa<ComplexType>(o.dtype))
    return ComplexType::get(Float32Type::get(ctx));
  return o.dtype;
}

/// np.min_scalar_type of a literal, and whether a non-negative integer also
/// fits the signed type of that width ("small unsigned").
std::pair<Type, bool> minScalarType(const DTypeOperand &o,
                                    PromotionOptions options) {
  MLIRContext *ctx = o.dtype.getContext();
  switch (getKind(o.dtype)) {
  case DTypeKind::Bool:
    return {o.dtype, false};
  case DTypeKind::Int: {
    if (isUnsignedInt(o.dtype) || o.value.i >= 0) {
      uint64_t v = static_cast<uint64_t>(o.value.i);
      for (unsigned w : {8u, 16u, 32u})
        if (v < (uint64_t(1) << w))
          return {unsignedInt(ctx, w), v < (uint64_t(1) << (w - 1))};
      return {unsignedInt(ctx, 64), v <= uint64_t(INT64_MAX)};
    }
    for (unsigned w : {8u, 16u, 32u})
      if (o.value.i >= -(int64_t(1) << (w - 1)))
        return {signedInt(ctx, w), false};
    return {signedInt(ctx, 64), false};
  }
  case DTypeKind::Float: {
    double v = o.value.re;
    if (options.preferFloat32)
      v = static_cast<float>(v);
    if ((v > -65000 && v < 65000) || !std::isfinite(v))
      return {Float16Type::get(ctx), false};
    if (v > -3.4e38 && v < 3.4e38)
      return {Float32Type::get(ctx), false};
    return {Float64Type::get(ctx), false};
  }
  case DTypeKind::Complex: {
    // A complex64 scalar (prefer_float32) stays complex64 whatever its
    // value; a complex128 one is complex64 when both parts are in range.
    if (options.preferFloat32)
      return {ComplexType::get(Float32Type::get(ctx)), false};
    std::complex<double> v(o.value.re, o.value.im);
    auto inRange = [](double x) { return x > -3.4e38 && x < 3.4e38; };
    Type part = inRange(v.real()) && inRange(v.imag())
                    ? Type(Float32Type::get(ctx))
                    : Type(Float64Type::get(ctx));
    return {ComplexType::get(part), false};
  }
  }
  llvm_unreachable("unknown kind");
}

/// NumPy's promote_types with "small unsigned" literals: a small unsigned
/// literal meeting a signed or inexact dtype counts as signed.
Type promoteMinScalar(Type a, bool aSmall, Type b, bool bSmall) {
  auto asSigned = [](Type t) {
    return signedInt(t.getContext(), t.getIntOrFloatBitWidth());
  };
  auto takesSigned = [](Type t) {
    return !t.isInteger(1) && !isUnsignedInt(t);
  };
  if (aSmall && takesSigned(b))
    return promoteTypes(asSigned(a), b);
  if (bSmall && takesSigned(a))
    return promoteTypes(a, asSigned(b));
  return promoteTypes(a, b);
}

Type promoteNumpy(ArrayRef<DTypeOperand> operands, PromotionOptions options) {
  int strongKind = -1, weakKind = -1;
  bool bfloat16 = false;
  for (const DTypeOperand &o : operands) {
    int &k = o.weak ? weakKind : strongKind;
    k = std::max(k, numpyKindOrder(o.dtype));
    bfloat16 |= !o.weak && o.dtype.isBF16();
  }
  // No literals, only literals, or literals of a higher kind: their dtypes,
  // not values.
  if (weakKind < 0 || strongKind < 0 || weakKind > strongKind) {
    SmallVector<Type, 4> dtypes;
    for (const DTypeOperand &o : operands)
      dtypes.push_back(o.weak ? literalDType(o, options) : o.dtype);
    return promoteTypeSequence(dtypes);
  }
  Type result;
  bool small = false;
  for (const DTypeOperand &o : operands) {
    auto [t, s] = o.weak ? minScalarType(o, options)
                         : std::pair<Type, bool>{o.dtype, false};
    // NumPy has no bfloat16: a float literal that fits float16 fits it too.
    if (o.weak && bfloat16 && t.isF16())
      t = BFloat16Type::get(t.getContext());
    if (!result) {
      result = t;
      small = s;
      continue;
    }
    result = promoteMinScalar(result, small, t, s);
    small = small && s;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// strict: TF's default
//===----------------------------------------------------------------------===//

FailureOr<Type> promoteStrict(ArrayRef<DTypeOperand> operands,
                              std::string *error) {
  Type strong;
  for (const DTypeOperand &o : operands) {
    if (o.weak)
      continue;
    if (strong && o.dtype != strong)
      return fail(error, "strict promotion forbids mixing " +
                             getDTypeName(strong) + " and " +
                             getDTypeName(o.dtype) +
                             ": convert one with astype");
    strong = o.dtype;
  }
  if (!strong) {
    Type result;
    for (const DTypeOperand &o : operands)
      result = result ? promoteTypes(result, o.dtype) : o.dtype;
    return result;
  }
  for (const DTypeOperand &o : operands)
    if (o.weak && getKind(o.dtype) > getKind(strong))
      return fail(error, "strict promotion forbids " + describe(o) + " with " +
                             getDTypeName(strong) +
                             ": it would not be a value of " +
                             getDTypeName(strong));
  if (failed(checkIntLiterals(operands, strong, error)))
    return failure();
  return strong;
}

//===----------------------------------------------------------------------===//
// all and safe: JAX's lattice
//===----------------------------------------------------------------------===//

/// The nodes of JAX's type promotion lattice: the 15 dtypes (by their
/// index in getAllDTypes) and the weak int, float and complex types.
enum Node : unsigned { kWeakInt = 15, kWeakFloat = 16, kWeakComplex = 17 };
constexpr unsigned kNumNodes = 18;
using NodeSet = uint32_t;

constexpr NodeSet bit(unsigned n) { return NodeSet(1) << n; }

/// The lattice (JAX's _type_promotion_lattice, x64): each node's direct
/// successors. Indices follow getAllDTypes: b1 i8 u8 i16 u16 i32 u32 i64 u64
/// f16 bf16 f32 f64 c64 c128.
constexpr std::array<NodeSet, kNumNodes> kEdges = {
    /*bool*/ bit(kWeakInt),
    /*int8*/ bit(3),
    /*uint8*/ bit(3) | bit(4),
    /*int16*/ bit(5),
    /*uint16*/ bit(5) | bit(6),
    /*int32*/ bit(7),
    /*uint32*/ bit(7) | bit(8),
    /*int64*/ bit(kWeakFloat),
    /*uint64*/ bit(kWeakFloat),
    /*float16*/ bit(11),
    /*bfloat16*/ bit(11),
    /*float32*/ bit(12) | bit(13),
    /*float64*/ bit(14),
    /*complex64*/ bit(14),
    /*complex128*/ 0,
    /*i**/ bit(1) | bit(2),
    /*f**/ bit(9) | bit(10) | bit(kWeakComplex),
    /*c**/ bit(13),
};

/// Every node at or above each node (the edges' transitive closure).
const std::array<NodeSet, kNumNodes> &upperSets() {
  static const std::array<NodeSet, kNumNodes> sets = [] {
    std::array<NodeSet, kNumNodes> s{};
    for (unsigned n = 0; n < kNumNodes; ++n)
      s[n] = bit(n) | kEdges[n];
    for (bool changed = true; changed;) {
      changed = false;
      for (unsigned n = 0; n < kNumNodes; ++n)
        for (unsigned m = 0; m < kNumNodes; ++m)
          if ((s[n] >> m & 1) && (s[n] | s[m]) != s[n]) {
            s[n] |= s[m];
            changed = true;
          }
    }
    return s;
  }();
  return sets;
}

/// The least upper bound: the common upper node below all other common ones.
unsigned join(unsigned a, unsigned b) {
  const auto &up = upperSets();
  NodeSet common = up[a] & up[b];
  for (unsigned n = 0; n < kNumNodes; ++n)
    if ((common >> n & 1) && (up[n] & common) == common)
      return n;
  llvm_unreachable("complex128 is above every node");
}

unsigned nodeOf(const DTypeOperand &o) {
  if (!o.weak || o.dtype.isInteger(1))
    return getDTypeIndex(o.dtype);
  switch (getKind(o.dtype)) {
  case DTypeKind::Int:
    return kWeakInt;
  case DTypeKind::Float:
    return kWeakFloat;
  default:
    return kWeakComplex;
  }
}

/// A weak node's dtype: x64's defaults, or float32 and complex64 under
/// prefer_float32.
Type dtypeOf(unsigned node, MLIRContext *ctx, PromotionOptions options) {
  Type f = options.preferFloat32 ? Type(Float32Type::get(ctx))
                                 : Type(Float64Type::get(ctx));
  switch (node) {
  case kWeakInt:
    return signedInt(ctx, 64);
  case kWeakFloat:
    return f;
  case kWeakComplex:
    return ComplexType::get(f);
  default:
    return getDTypeAt(ctx, node);
  }
}

Type promoteLattice(ArrayRef<DTypeOperand> operands, PromotionOptions options) {
  unsigned node = nodeOf(operands.front());
  for (const DTypeOperand &o : operands.drop_front())
    node = join(node, nodeOf(o));
  return dtypeOf(node, operands.front().dtype.getContext(), options);
}

/// TF-NumPy's safe mode: a promotion may neither widen (the result is the
/// dtype of an operand, a literal counting as its default dtype) nor lose
/// precision (every array casts to the result exactly).
LogicalResult checkSafe(ArrayRef<DTypeOperand> operands, Type result,
                        PromotionOptions options, std::string *error) {
  bool widens = true;
  for (const DTypeOperand &o : operands) {
    unsigned n = nodeOf(o);
    Type t = o.weak ? dtypeOf(n, o.dtype.getContext(), options) : o.dtype;
    widens &= t != result;
  }
  std::string names;
  for (const DTypeOperand &o : operands)
    names += (names.empty() ? "" : " and ") + describe(o);
  if (widens)
    return fail(error, "safe promotion forbids " + names + " -> " +
                           getDTypeName(result) +
                           ", which widens; convert explicitly with astype");
  for (const DTypeOperand &o : operands)
    if (!o.weak && !canCastLosslessly(o.dtype, result))
      return fail(error, "safe promotion forbids " + names + " -> " +
                             getDTypeName(result) + ", which loses " +
                             getDTypeName(o.dtype) +
                             " precision; convert explicitly with astype");
  return success();
}

} // namespace

StringRef tnp::getModeName(PromotionMode mode) { return stringifyEnum(mode); }

FailureOr<Type> tnp::promoteOperands(ArrayRef<DTypeOperand> operands,
                                     PromotionOptions options,
                                     std::string *error) {
  assert(!operands.empty() && "promotion of no operands");
  switch (options.mode) {
  case PromotionMode::Numpy:
    return promoteNumpy(operands, options);
  case PromotionMode::Strict:
    return promoteStrict(operands, error);
  case PromotionMode::All:
  case PromotionMode::Safe: {
    Type result = promoteLattice(operands, options);
    if (failed(checkIntLiterals(operands, result, error)))
      return failure();
    if (options.mode == PromotionMode::Safe &&
        failed(checkSafe(operands, result, options, error)))
      return failure();
    return result;
  }
  }
  llvm_unreachable("unknown promotion mode");
}

/// NumPy's kind order for same_kind casting: b < u < i < f < c.
static int castKindOrder(Type t) {
  switch (getKind(t)) {
  case DTypeKind::Bool:
    return 0;
  case DTypeKind::Int:
    return isUnsignedInt(t) ? 1 : 2;
  case DTypeKind::Float:
    return 3;
  case DTypeKind::Complex:
    return 4;
  }
  llvm_unreachable("unknown kind");
}

bool tnp::canCast(const DTypeOperand &from, Type to, Casting casting) {
  Type dtype = from.dtype;
  if (casting == Casting::Unsafe)
    return true;
  if (casting == Casting::No || casting == Casting::Equiv)
    return dtype == to;
  if (from.weak) {
    auto [t, small] = minScalarType(from, PromotionOptions());
    if (small && !isUnsignedInt(to))
      t = signedInt(t.getContext(), t.getIntOrFloatBitWidth());
    dtype = t;
  }
  if (canCastSafely(dtype, to))
    return true;
  return casting == Casting::SameKind &&
         castKindOrder(dtype) <= castKindOrder(to);
}

PromotionOptions tnp::getPromotionOptions(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp()) {
    if (!isa<func::FuncOp, ModuleOp>(p))
      continue;
    auto mode = p->getAttrOfType<PromotionModeAttr>(kModeAttr);
    bool prefer = p->hasAttr(kPreferFloat32Attr);
    if (mode || prefer)
      return {mode ? mode.getValue() : PromotionMode::Numpy, prefer};
  }
  return {};
}

void tnp::setPromotionOptions(Operation *op, PromotionOptions options) {
  op->setAttr(kModeAttr,
              PromotionModeAttr::get(op->getContext(), options.mode));
  if (options.preferFloat32)
    op->setAttr(kPreferFloat32Attr, UnitAttr::get(op->getContext()));
  else
    op->removeAttr(kPreferFloat32Attr);
}

DTypeOperand tnp::getPromotionOperand(Value v) {
  DTypeOperand o{getElementTypeOrSelf(v.getType())};
  Value literal = v;
  while (isa_and_nonnull<BroadcastInDimOp, ReshapeOp>(literal.getDefiningOp()))
    literal = literal.getDefiningOp()->getOperand(0);
  auto c = dyn_cast_or_null<ConstantOp>(literal.getDefiningOp());
  if (!c || !c.getWeak())
    return o;
  o.weak = true;
  auto value = cast<DenseElementsAttr>(c.getValue());
  switch (getKind(o.dtype)) {
  case DTypeKind::Bool:
  case DTypeKind::Int:
    o.value.i = value.getSplatValue<APInt>().getZExtValue();
    break;
  case DTypeKind::Float:
    o.value.re = value.getSplatValue<APFloat>().convertToDouble();
    break;
  case DTypeKind::Complex: {
    auto z = value.getSplatValue<std::complex<APFloat>>();
    o.value.re = z.real().convertToDouble();
    o.value.im = z.imag().convertToDouble();
    break;
  }
  }
  return o;
}

FailureOr<Type> tnp::inferPromotedType(PromotionCategory category,
                                       ValueRange operands,
                                       PromotionOptions options,
                                       std::string *error) {
  SmallVector<DTypeOperand> dtypes;
  for (Value v : operands)
    dtypes.push_back(getPromotionOperand(v));
  FailureOr<Type> promoted = promoteOperands(dtypes, options, error);
  if (failed(promoted))
    return failure();
  return getCategoryResultType(category, *promoted);
}

FailureOr<Type> tnp::getComputeDType(Operation *op, PromotionOptions options,
                                     std::string *error) {
  auto promotable = cast<PromotableOpInterface>(op);
  PromotionCategory category = promotable.getPromotionCategory();
  if (category != PromotionCategory::BoolResult &&
      category != PromotionCategory::Magnitude)
    return getElementTypeOrSelf(op->getResult(0).getType());
  return inferPromotedType(PromotionCategory::Same,
                           promotable.getPromotedOperands(), options, error);
}
