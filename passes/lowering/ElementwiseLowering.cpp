//===- ElementwiseLowering.cpp - elementwise tnp ops to linalg.generic ----===//
//
// Each elementwise op becomes one linalg.generic whose body is the op's
// scalar rule (`emitScalar` in ScalarRules.cpp), chosen by the op's
// (already promoted) dtype. Operands produced by tnp.broadcast_in_dim are read
// through a broadcasting indexing map rather than materialized, which also
// lets a dynamic result size come from whichever operand carries it
// (replaceWithGeneric, LoweringUtils.h).
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"
#include "passes/lowering/ScalarRules.h"

#include "dialect/ElementwiseOpList.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

/// Lowers an elementwise op through its scalar rule. The op computes in the
/// dtype of its last operand (every promoted operand has it; select's
/// predicate comes first).
template <typename OpTy>
struct ElementwiseLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *operation = op.getOperation();
    Type dtype = getElementTypeOrSelf(operation->getOperands().back());
    RankedTensorType resultType =
        convertResultType(rewriter, this->getTypeConverter(), op);
    if (!resultType)
      return failure();
    SmallVector<GenericInput> inputs;
    for (auto [original, converted] :
         llvm::zip(operation->getOperands(), adaptor.getOperands()))
      inputs.push_back(
          getGenericInput(rewriter, original, converted, resultType.getRank()));
    return replaceWithGeneric(rewriter, operation, inputs, resultType,
                              [&](OpBuilder &b, Location loc, ValueRange args) {
                                return emitScalar(op, b, loc, dtype, args);
                              });
  }
};

/// One ElementwiseLowering per op of the family.
template <typename... Ops>
void addElementwiseLowerings(std::tuple<Ops...> *,
                             const TypeConverter &converter,
                             RewritePatternSet &patterns) {
  patterns.add<ElementwiseLowering<Ops>...>(converter, patterns.getContext());
}

} // namespace

void tnp::populateElementwiseLoweringPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  addElementwiseLowerings(static_cast<ElementwiseOps *>(nullptr), converter,
                          patterns);
}
