//===- BlasLowering.cpp - tnp.dot_general to the runtime's BLAS product ---===//
//
// A product BlasProducts.h picks becomes one call of runtime/Matmul.h's
// tnp_matmul_<dtype> on 3-d views [batch, rows, columns] of the operands'
// buffers: memref.reinterpret_cast of their strided metadata, so a
// transposed operand (or any dimension order) is a view with other strides
// and nothing is copied. As for tnp.sort, the pattern steps out of tensors
// (bufferization.to_buffer, read-only for the operands) and back
// (bufferization.to_tensor restrict of the result's buffer). It has a
// higher benefit than the loops pattern, which lowers every other product.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/BlasProducts.h"
#include "passes/lowering/LoweringUtils.h"

#include "dialect/DTypeLattice.h"
#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "runtime/Matmul.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tnp;

bool mlir::tnp::lowersToBlas(StringRef dtype, int64_t lhsRank, int64_t rhsRank,
                             ArrayRef<int64_t> lhsBatch,
                             ArrayRef<int64_t> lhsContracting,
                             std::optional<int64_t> multiplyAdds, bool gpu) {
  int64_t rank = static_cast<int64_t>(lhsBatch.size()) + 2;
  bool hasProduct = gpu ? ::tnp::runtime::hasGpuMatmul(dtype)
                        : ::tnp::runtime::hasMatmul(dtype);
  return hasProduct && lhsBatch.size() <= 1 && lhsContracting.size() == 1 &&
         lhsRank == rank && rhsRank == rank &&
         (!multiplyAdds || *multiplyAdds >= kBlasMinMultiplyAdds);
}

namespace {

/// `buffer` viewed as [batch, rows, columns] from its dimensions `batch`
/// (none: size 1), `rows` and `columns`.
Value view3d(OpBuilder &b, Location loc, Value buffer,
             std::optional<int64_t> batch, int64_t rows, int64_t columns) {
  auto meta = memref::ExtractStridedMetadataOp::create(b, loc, buffer);
  auto pick = [&](ValueRange values, std::optional<int64_t> dim,
                  int64_t absent) -> OpFoldResult {
    if (!dim)
      return b.getIndexAttr(absent);
    return values[*dim];
  };
  SmallVector<OpFoldResult> sizes = {pick(meta.getSizes(), batch, 1),
                                     meta.getSizes()[rows],
                                     meta.getSizes()[columns]};
  SmallVector<OpFoldResult> strides = {pick(meta.getStrides(), batch, 0),
                                       meta.getStrides()[rows],
                                       meta.getStrides()[columns]};
  constexpr int64_t kDyn = ShapedType::kDynamic;
  auto type = MemRefType::get(
      {kDyn, kDyn, kDyn}, cast<MemRefType>(buffer.getType()).getElementType(),
      StridedLayoutAttr::get(b.getContext(), kDyn, {kDyn, kDyn, kDyn}));
  return memref::ReinterpretCastOp::create(b, loc, type, meta.getBaseBuffer(),
                                           meta.getOffset(), sizes, strides);
}

/// The number of multiply-adds of a product of `lhs` contracting
/// `contracting` into `result`, or none when a size is dynamic.
std::optional<int64_t> multiplyAdds(RankedTensorType lhs, int64_t contracting,
                                    RankedTensorType result) {
  if (!result.hasStaticShape() || !lhs.hasStaticShape())
    return std::nullopt;
  return result.getNumElements() * lhs.getDimSize(contracting);
}

struct DotGeneralToBlas : OpConversionPattern<DotGeneralOp> {
  DotGeneralToBlas(const TypeConverter &converter, MLIRContext *context,
                   bool gpu)
      : OpConversionPattern(converter, context, /*benefit=*/2), gpu(gpu) {}
  /// Whether the product runs on a GPU (tnp_gpu_matmul_*).
  bool gpu;

  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = convertResultType(rewriter, getTypeConverter(), op);
    if (!type)
      return failure();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    Type dtype = type.getElementType();
    // Operands of another dtype are the loops pattern's to report.
    ArrayRef<int64_t> contracting = op.getLhsContracting();
    if (lhsType.getElementType() != dtype ||
        rhsType.getElementType() != dtype || contracting.size() != 1 ||
        !lowersToBlas(getDTypeName(dtype), lhsType.getRank(), rhsType.getRank(),
                      op.getLhsBatch(), contracting,
                      multiplyAdds(lhsType, contracting[0], type), gpu))
      return rewriter.notifyMatchFailure(op, "not a BLAS product");
    Location loc = op.getLoc();
    std::optional<int64_t> lhsBatch, rhsBatch, outBatch;
    if (!op.getLhsBatch().empty()) {
      lhsBatch = op.getLhsBatch()[0];
      rhsBatch = op.getRhsBatch()[0];
      outBatch = 0;
    }
    int64_t lhsFree = dimsOutside(lhsType.getRank(), op.getLhsBatch(),
                                  op.getLhsContracting())[0];
    int64_t rhsFree = dimsOutside(rhsType.getRank(), op.getRhsBatch(),
                                  op.getRhsContracting())[0];
    int64_t outRank = type.getRank();

    auto readBuffer = [&](Value tensor, RankedTensorType tensorType) {
      return bufferization::ToBufferOp::create(
          rewriter, loc, bufferType(tensorType, /*anyLayout=*/true), tensor,
          /*read_only=*/true);
    };
    SmallVector<std::pair<Value, int64_t>> sources;
    if (lhsBatch)
      sources.push_back({lhs, *lhsBatch});
    sources.push_back({lhs, lhsFree});
    sources.push_back({rhs, rhsFree});
    Value out = bufferization::ToBufferOp::create(
        rewriter, loc, bufferType(type, /*anyLayout=*/false),
        buildEmpty(rewriter, loc, type,
                   dynamicSizesFrom(rewriter, loc, type, sources)));
    SmallVector<Value> views = {
        view3d(rewriter, loc, readBuffer(lhs, lhsType), lhsBatch, lhsFree,
               op.getLhsContracting()[0]),
        view3d(rewriter, loc, readBuffer(rhs, rhsType), rhsBatch,
               op.getRhsContracting()[0], rhsFree),
        view3d(rewriter, loc, out, outBatch, outRank - 2, outRank - 1)};
    std::string name = std::string(gpu ? ::tnp::runtime::kGpuMatmulPrefix
                                       : ::tnp::runtime::kMatmulPrefix) +
                       getDTypeName(dtype);
    func::CallOp::create(rewriter, loc,
                         declareRuntimeFunction(rewriter, op, name, views),
                         TypeRange{}, views);
    rewriter.replaceOp(op, bufferization::ToTensorOp::create(
                               rewriter, loc, type, out, /*restrict=*/true,
                               /*writable=*/true));
    return success();
  }
};

} // namespace

void mlir::tnp::populateBlasLoweringPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns,
                                             bool gpu) {
  patterns.add<DotGeneralToBlas>(converter, patterns.getContext(), gpu);
}
