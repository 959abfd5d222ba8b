//===- SortLowering.cpp - tnp.sort to row sorts ---------------------------===//
//
// Where the code runs in tnp's runtime on the CPU, tnp.sort becomes calls of
// runtime/Sort.h's functions, one per row, in an
// scf.parallel over the rows (OpenMP where the pipeline parallelizes). The
// calls take memrefs, so the lowering steps out of tensors and back:
// bufferization.to_buffer of a tensor the sort owns (a copy of the operand,
// or a tensor.empty for the permutation), the calls, and
// bufferization.to_tensor (restrict) of what they wrote. One operand is
// sorted in place in its copy; with more, or with `indices`, the runtime
// writes the permutation of the keys and each result gathers its operand
// by it. Elsewhere (GPU kernels, code mlir-runner runs) the rows sort in a
// network of generated loops (SortNetwork.cpp), the other operands
// gathered by its permutation alike.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/LoweringUtils.h"
#include "passes/lowering/SortNetwork.h"

#include "dialect/DTypeLattice.h"
#include "dialect/TnpOps.h"
#include "runtime/Sort.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

/// A row as the runtime takes it: 1-d, any offset and stride.
MemRefType rowType(Type element) {
  MLIRContext *ctx = element.getContext();
  return MemRefType::get({ShapedType::kDynamic}, element,
                         StridedLayoutAttr::get(ctx, ShapedType::kDynamic,
                                                {ShapedType::kDynamic}));
}

/// Calls `body` with the rows along `axis` of `buffers` (memrefs of one
/// shape), all rows at once in an scf.parallel.
void forEachRow(OpBuilder &b, Location loc, ArrayRef<Value> buffers,
                int64_t axis,
                function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  auto type = cast<MemRefType>(buffers.front().getType());
  int64_t rank = type.getRank();
  auto rowsAt = [&](OpBuilder &b, Location loc, ValueRange ivs) {
    SmallVector<Value> rows;
    for (Value buffer : buffers) {
      auto source = cast<MemRefType>(buffer.getType());
      Value row = buffer;
      if (rank > 1) {
        SmallVector<OpFoldResult> offsets, sizes,
            strides(rank, b.getIndexAttr(1));
        for (int64_t d = 0, k = 0; d < rank; ++d) {
          offsets.push_back(d == axis ? OpFoldResult(b.getIndexAttr(0))
                                      : OpFoldResult(ivs[k++]));
          sizes.push_back(d == axis ? memref::getMixedSize(b, loc, buffer, d)
                                    : OpFoldResult(b.getIndexAttr(1)));
        }
        auto viewType = memref::SubViewOp::inferRankReducedResultType(
            {source.getDimSize(axis)}, source, offsets, sizes, strides);
        row = memref::SubViewOp::create(b, loc, viewType, buffer, offsets,
                                        sizes, strides);
      }
      MemRefType target = rowType(source.getElementType());
      if (row.getType() != target)
        row = memref::CastOp::create(b, loc, target, row);
      rows.push_back(row);
    }
    body(b, loc, rows);
  };
  if (rank == 1)
    return rowsAt(b, loc, ValueRange());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t d = 0; d < rank; ++d) {
    if (d == axis)
      continue;
    lbs.push_back(zero);
    ubs.push_back(memref::DimOp::create(b, loc, buffers.front(), d));
    steps.push_back(one);
  }
  scf::ParallelOp::create(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &b, Location loc, ValueRange ivs) { rowsAt(b, loc, ivs); });
}

/// `operand` with its elements along `axis` taken from the positions
/// `perm` (int64, of its shape) holds.
Value gatherAlong(OpBuilder &b, Location loc, Value operand, Value perm,
                  int64_t axis, ValueRange dynamicSizes) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t rank = type.getRank();
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  auto gather = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{perm},
      ValueRange{buildEmpty(b, loc, type, dynamicSizes)},
      ArrayRef<AffineMap>{identity, identity},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &b, Location loc, ValueRange args) {
        SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d)
          at.push_back(d == axis
                           ? arith::IndexCastOp::create(
                                 b, loc, b.getIndexType(), args[0])
                                 .getResult()
                           : linalg::IndexOp::create(b, loc, d).getResult());
        linalg::YieldOp::create(
            b, loc, tensor::ExtractOp::create(b, loc, operand, at).getResult());
      });
  return gather.getResult(0);
}

struct SortOpLowering : OpConversionPattern<SortOp> {
  SortOpLowering(const TypeConverter &converter, MLIRContext *ctx, bool network)
      : OpConversionPattern(converter, ctx), network(network) {}

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    ValueRange operands = adaptor.getOperands();
    Value keys = operands.front();
    auto keyType = cast<RankedTensorType>(keys.getType());
    Type dtype = getElementTypeOrSelf(op.getOperands().front());
    SmallVector<Value> dynamicSizes;
    for (int64_t d = 0; d < keyType.getRank(); ++d)
      if (keyType.isDynamicDim(d))
        dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, keys, d));

    // Nothing to sort, and no row to take a view of.
    if (llvm::is_contained(keyType.getShape(), 0)) {
      SmallVector<Value> results(operands);
      if (op.getIndices())
        results.push_back(buildEmpty(
            rewriter, loc, keyType.clone(rewriter.getI64Type()), dynamicSizes));
      rewriter.replaceOp(op, results);
      return success();
    }
    auto callEachRow = [&](ArrayRef<Value> buffers, StringRef prefix) {
      std::string name = (prefix + getDTypeName(dtype)).str();
      forEachRow(rewriter, loc, buffers, axis,
                 [&](OpBuilder &b, Location loc, ValueRange rows) {
                   func::CallOp::create(
                       b, loc, declareRuntimeFunction(b, op, name, rows),
                       TypeRange{}, rows);
                 });
    };
    // The results: the keys (`sorted`, or gathered by the permutation),
    // the other operands gathered by it, then the permutation if asked for.
    auto replaceBySorted = [&](Value sorted, Value perm) {
      SmallVector<Value> results;
      for (auto [i, operand] : llvm::enumerate(operands))
        results.push_back(i == 0 && sorted
                              ? sorted
                              : gatherAlong(rewriter, loc, operand, perm, axis,
                                            dynamicSizes));
      if (op.getIndices())
        results.push_back(perm);
      rewriter.replaceOp(op, results);
      return success();
    };
    if (network) {
      // Equal integers are the same value: their order needs no
      // permutation unless one is asked for.
      bool withPermutation = op.getIndices() || operands.size() > 1 ||
                             !isa<IntegerType>(keyType.getElementType());
      auto [sorted, perm] = buildSortNetwork(rewriter, loc, keys, dtype, axis,
                                             withPermutation, dynamicSizes);
      return replaceBySorted(sorted, perm);
    }
    if (operands.size() == 1 && !op.getIndices()) {
      Value copy = linalg::CopyOp::create(
                       rewriter, loc, keys,
                       buildEmpty(rewriter, loc, keyType, dynamicSizes))
                       .getResult(0);
      Value buffer = bufferization::ToBufferOp::create(
          rewriter, loc, bufferType(keyType, false), copy);
      callEachRow({buffer}, ::tnp::runtime::kSortPrefix);
      rewriter.replaceOp(op, bufferization::ToTensorOp::create(
                                 rewriter, loc, keyType, buffer,
                                 /*restrict=*/true, /*writable=*/true));
      return success();
    }

    auto permType = keyType.clone(rewriter.getI64Type());
    Value keyBuffer = bufferization::ToBufferOp::create(
        rewriter, loc, bufferType(keyType, true), keys, /*read_only=*/true);
    Value permBuffer = bufferization::ToBufferOp::create(
        rewriter, loc, bufferType(permType, false),
        buildEmpty(rewriter, loc, permType, dynamicSizes));
    callEachRow({keyBuffer, permBuffer}, ::tnp::runtime::kArgsortPrefix);
    return replaceBySorted(Value(), bufferization::ToTensorOp::create(
                                        rewriter, loc, permType, permBuffer,
                                        /*restrict=*/true, /*writable=*/true));
  }

private:
  bool network;
};

} // namespace

void mlir::tnp::populateSortLoweringPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns,
                                             bool network) {
  patterns.add<SortOpLowering>(converter, patterns.getContext(), network);
}
