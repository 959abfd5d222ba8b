//===- LoweringUtils.h - shared pieces of tnp-lower-to-linalg ---*- C++ -*-===//
//
// The type converter and builders every op family's lowering uses. Each
// family's patterns live in <Family>Lowering.cpp and are added by one
// populate function, called by LowerToLinalg.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_LOWERING_LOWERINGUTILS_H
#define TNP_PASSES_LOWERING_LOWERINGUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tnp {

/// Converts tnp's tensors (and memrefs) to what arith and linalg take:
/// unsigned integer element types become signless (arith is signless; the op's
/// original dtype picks signed or unsigned arithmetic). Everything else is
/// unchanged.
class TnpTypeConverter : public TypeConverter {
public:
  TnpTypeConverter();
};

/// Whether `dtype` is an unsigned integer (ui8..ui64).
bool isUnsignedInt(Type dtype);

/// The signless form of a dtype (ui32 -> i32; others unchanged).
Type toSignless(Type dtype);

/// The converted type of `op`'s result, or null after reporting why not (to
/// the rewriter and as an op error).
RankedTensorType convertResultType(ConversionPatternRewriter &rewriter,
                                   const TypeConverter *converter,
                                   Operation *op);

/// Size `dim` of `value` (a ranked tensor) as an index: a constant when
/// static, a tensor.dim otherwise.
Value getDimSize(OpBuilder &b, Location loc, Value value, int64_t dim);

/// The sizes of `type`'s dynamic dimensions, where dimension i of `type` is
/// dimension `sources[i].second` of `sources[i].first`.
SmallVector<Value>
dynamicSizesFrom(OpBuilder &b, Location loc, RankedTensorType type,
                 ArrayRef<std::pair<Value, int64_t>> sources);

/// A tensor.empty of `type` whose dynamic sizes are `dynamicSizes` (one per
/// dynamic dimension, in order).
Value buildEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                 ValueRange dynamicSizes);

/// A tensor.empty of `type` filled with `value`.
Value buildFilled(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange dynamicSizes, Value value);

/// A linalg.generic over `init` alone, every loop parallel, whose body yields
/// what `body` builds (reading its position with linalg.index).
Value buildGenerate(OpBuilder &b, Location loc, Value init,
                    function_ref<Value(OpBuilder &, Location)> body);

/// A memref of `type`'s shape and dtype; with `anyLayout`, any strides (a
/// buffer a runtime call only reads, which bufferization may hand over as a
/// view).
MemRefType bufferType(RankedTensorType type, bool anyLayout);

/// The private declaration of runtime function `name` (no results) taking
/// `arguments`' types, added to `from`'s module once; the JIT binds it by
/// name (lib/Session.cpp).
FlatSymbolRefAttr declareRuntimeFunction(OpBuilder &b, Operation *from,
                                         StringRef name, ValueRange arguments);

/// A constant scalar of `dtype` (signless or float or complex) holding
/// `value`, converted from double.
Value buildScalarConstant(OpBuilder &b, Location loc, Type dtype, double value);

/// The largest (`largest`) or smallest value of a real `dtype` (tnp's,
/// signed or unsigned), as a signless constant: the identity of min or max,
/// -inf or +inf for floats.
Value buildExtreme(OpBuilder &b, Location loc, Type dtype, bool largest);

/// Float `x` as a signed integer of `keyType` (at least x's width) that
/// orders as x does: -inf < ... < -0.0 < 0.0 < ... < +inf (NaNs beyond the
/// infinity of their sign). Flipping the magnitude bits of negative floats,
/// whose bits order as sign-magnitude, is its own inverse:
/// buildFromOrderKey undoes it.
Value buildOrderKey(OpBuilder &b, Location loc, Value x, IntegerType keyType);

/// The float of `type` whose buildOrderKey is `key`.
Value buildFromOrderKey(OpBuilder &b, Location loc, Value key, FloatType type);

/// Builds a scalar cast from `from` to `to` with NumPy's astype semantics
/// (float -> int truncates toward zero, x -> bool tests x != 0, complex ->
/// real keeps the real part). `fromDType`/`toDType` are the original tnp
/// dtypes (they say signedness); `value` has the signless type.
Value buildScalarCast(OpBuilder &b, Location loc, Value value, Type fromDType,
                      Type toDType);

/// The scalar binary operations that elementwise ops, reductions and
/// scatters share.
enum class CombineKind { Add, Mul, Min, Max, Or, And };

/// `lhs` combined with `rhs` by `kind`, as NumPy does: bool add is or, float
/// min/max propagate NaN, bool and unsigned integers order as unsigned.
/// `dtype` is tnp's dtype of the operands (it says signedness; the values are
/// signless, and 16-bit floats may be float32 accumulators). Null for min/max
/// of complex, which has no order.
Value buildCombine(OpBuilder &b, Location loc, CombineKind kind, Type dtype,
                   Value lhs, Value rhs);

/// An operand of a linalg.generic over a result's iteration space, and the
/// map it is read through.
struct GenericInput {
  Value value;
  AffineMap map;
};

/// Reads `original` (as `converted`) in a generic of rank `rank`: through a
/// broadcasting map where tnp.broadcast_in_dim produced it, which then reads
/// the broadcast's operand instead.
GenericInput getGenericInput(ConversionPatternRewriter &rewriter,
                             Value original, Value converted, int64_t rank);

/// The body of an elementwise generic: the result element from the inputs'
/// elements, or null where the dtype has no lowering.
using ScalarFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// Replaces `op` by the linalg.generic computing `body` over `inputs`; each
/// dynamic result size comes from an input that carries it (an op error
/// where none does).
LogicalResult replaceWithGeneric(ConversionPatternRewriter &rewriter,
                                 Operation *op, ArrayRef<GenericInput> inputs,
                                 RankedTensorType resultType, ScalarFn body);

/// The patterns of each op family.
void populateElementwiseLoweringPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns);
void populateShapeLoweringPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);
void populateReductionLoweringPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns);
/// On a `gpu`, as two reductions that tnp-gpu-split-reductions can split
/// (ArgReduceLowering.cpp).
void populateArgReduceLoweringPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns, bool gpu);
/// On a `gpu`, scatters into 32- and 64-bit elements run one update per
/// thread (IndexingLowering.cpp).
void populateIndexingLoweringPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns, bool gpu);
/// With `network`, sorts by a sorting network in generated loops instead of
/// calls of the runtime's row sorts (SortLowering.cpp).
void populateSortLoweringPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns, bool network);
void populateRandomLoweringPatterns(const TypeConverter &converter,
                                    RewritePatternSet &patterns);
/// Large products become calls of the runtime's BLAS products, on a `gpu`
/// its cuBLAS ones (runtime/Matmul.h).
void populateBlasLoweringPatterns(const TypeConverter &converter,
                                  RewritePatternSet &patterns, bool gpu);

} // namespace mlir::tnp

#endif // TNP_PASSES_LOWERING_LOWERINGUTILS_H
