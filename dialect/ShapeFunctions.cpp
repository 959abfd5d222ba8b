//===- ShapeFunctions.cpp - one shape rule per op -------------------------===//

#include "dialect/ShapeFunctions.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::tnp;

static bool isDynamic(int64_t d) { return ShapedType::isDynamic(d); }

/// Whether two dimension sizes can be equal at run time.
static bool compatible(int64_t a, int64_t b) {
  return isDynamic(a) || isDynamic(b) || a == b;
}

/// The static one of two compatible sizes, if either is.
static int64_t merge(int64_t a, int64_t b) { return isDynamic(a) ? b : a; }

std::string tnp::formatList(ArrayRef<int64_t> values) {
  std::string s = "[";
  llvm::interleave(
      values, [&](int64_t v) { s += std::to_string(v); }, [&] { s += ", "; });
  return s + "]";
}

std::string tnp::formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::interleave(
      shape, [&](int64_t d) { s += isDynamic(d) ? "?" : std::to_string(d); },
      [&] { s += ", "; });
  return s + "]";
}

LogicalResult tnp::verifyDims(ArrayRef<int64_t> dims, int64_t rank,
                              StringRef what, EmitErrorFn emitError) {
  llvm::SmallBitVector seen(rank);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return emitError() << what << " " << formatList(dims) << " has dimension "
                         << d << " out of range [0, " << rank << ")";
    if (seen.test(d))
      return emitError() << what << " " << formatList(dims)
                         << " repeats dimension " << d;
    seen.set(d);
  }
  return success();
}

/// Checks that an attribute has one entry per dimension.
static LogicalResult verifyLength(ArrayRef<int64_t> values, size_t rank,
                                  StringRef what, EmitErrorFn emitError) {
  if (values.size() == rank)
    return success();
  return emitError() << what << " has " << values.size()
                     << " entries, but the operand has rank " << rank;
}

FailureOr<Shape> tnp::inferTransposeShape(ArrayRef<int64_t> operand,
                                          ArrayRef<int64_t> permutation,
                                          EmitErrorFn emitError) {
  if (failed(verifyLength(permutation, operand.size(), "permutation",
                          emitError)) ||
      failed(verifyDims(permutation, operand.size(), "permutation", emitError)))
    return failure();
  Shape result;
  for (int64_t p : permutation)
    result.push_back(operand[p]);
  return result;
}

static_assert(kSliceToEnd == ShapedType::kDynamic,
              "a slice to the end prints as a dynamic size does");

FailureOr<Shape> tnp::inferSliceShape(ArrayRef<int64_t> operand,
                                      ArrayRef<int64_t> start,
                                      ArrayRef<int64_t> limit,
                                      ArrayRef<int64_t> strides,
                                      EmitErrorFn emitError) {
  if (failed(verifyLength(start, operand.size(), "start", emitError)) ||
      failed(verifyLength(limit, operand.size(), "limit", emitError)) ||
      failed(verifyLength(strides, operand.size(), "strides", emitError)))
    return failure();
  Shape result;
  for (auto [d, size] : llvm::enumerate(operand)) {
    if (limit[d] == kSliceToEnd) {
      if (start[d] != 0 || strides[d] != 1)
        return emitError() << "a slice to the end of dimension " << d
                           << " starts at 0 with stride 1, not start "
                           << start[d] << " and stride " << strides[d];
      result.push_back(size);
      continue;
    }
    if (strides[d] < 1)
      return emitError() << "stride " << strides[d] << " of dimension " << d
                         << " must be positive";
    if (start[d] < 0 || start[d] > limit[d] ||
        (!isDynamic(size) && limit[d] > size))
      return emitError() << "slice [" << start[d] << ", " << limit[d]
                         << ") of dimension " << d << " is not within [0, "
                         << (isDynamic(size) ? "?" : std::to_string(size))
                         << "]";
    // 0 <= start <= limit: neither the difference nor this overflows.
    result.push_back(
        limit[d] == start[d] ? 0 : (limit[d] - start[d] - 1) / strides[d] + 1);
  }
  return result;
}

FailureOr<Shape> tnp::inferConcatenateShape(ArrayRef<ArrayRef<int64_t>> inputs,
                                            int64_t dimension,
                                            EmitErrorFn emitError) {
  if (inputs.empty())
    return emitError() << "needs at least one input";
  ArrayRef<int64_t> first = inputs.front();
  int64_t rank = first.size();
  if (dimension < 0 || dimension >= rank)
    return emitError() << "dimension " << dimension << " out of range [0, "
                       << rank << ")";
  Shape result(first);
  for (auto [i, shape] : llvm::enumerate(inputs.drop_front())) {
    if (static_cast<int64_t>(shape.size()) != rank)
      return emitError() << "input " << i + 1 << " has rank " << shape.size()
                         << ", but input 0 has rank " << rank;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dimension) {
        result[d] = isDynamic(result[d]) || isDynamic(shape[d])
                        ? ShapedType::kDynamic
                        : result[d] + shape[d];
        continue;
      }
      if (!compatible(result[d], shape[d]))
        return emitError() << "input " << i + 1 << " has shape "
                           << formatShape(shape) << ", incompatible with "
                           << formatShape(first) << " outside dimension "
                           << dimension;
      result[d] = merge(result[d], shape[d]);
    }
  }
  return result;
}

FailureOr<Shape> tnp::inferPadShape(ArrayRef<int64_t> operand,
                                    ArrayRef<int64_t> low,
                                    ArrayRef<int64_t> high,
                                    ArrayRef<int64_t> interior,
                                    EmitErrorFn emitError) {
  if (failed(verifyLength(low, operand.size(), "low", emitError)) ||
      failed(verifyLength(high, operand.size(), "high", emitError)) ||
      failed(verifyLength(interior, operand.size(), "interior", emitError)))
    return failure();
  Shape result;
  for (auto [d, size] : llvm::enumerate(operand)) {
    if (interior[d] < 0)
      return emitError() << "interior padding " << interior[d]
                         << " of dimension " << d << " must be non-negative";
    if (isDynamic(size)) {
      result.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t padded =
        low[d] + high[d] + size + std::max<int64_t>(size - 1, 0) * interior[d];
    if (padded < 0)
      return emitError() << "padding of dimension " << d << " gives size "
                         << padded;
    result.push_back(padded);
  }
  return result;
}

FailureOr<Shape> tnp::inferReduceShape(ArrayRef<int64_t> operand,
                                       ArrayRef<int64_t> axes,
                                       EmitErrorFn emitError) {
  if (failed(verifyDims(axes, operand.size(), "axes", emitError)))
    return failure();
  Shape result;
  for (auto [d, size] : llvm::enumerate(operand))
    if (!llvm::is_contained(axes, static_cast<int64_t>(d)))
      result.push_back(size);
  return result;
}

LogicalResult tnp::verifyBroadcastInDim(ArrayRef<int64_t> operand,
                                        ArrayRef<int64_t> result,
                                        ArrayRef<int64_t> dims,
                                        EmitErrorFn emitError) {
  if (failed(verifyLength(dims, operand.size(), "dims", emitError)) ||
      failed(verifyDims(dims, result.size(), "dims", emitError)))
    return failure();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0 && dims[i] <= dims[i - 1])
      return emitError() << "dims " << formatList(dims)
                         << " must be strictly increasing";
    if (operand[i] != 1 && !compatible(operand[i], result[dims[i]]))
      return emitError() << "operand dimension " << i << " of size "
                         << operand[i] << " cannot broadcast to size "
                         << result[dims[i]] << " of result dimension "
                         << dims[i];
  }
  return success();
}

FailureOr<Shape> tnp::inferDotGeneralShape(
    ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs, ArrayRef<int64_t> lhsBatch,
    ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContracting,
    ArrayRef<int64_t> rhsContracting, EmitErrorFn emitError) {
  if (lhsBatch.size() != rhsBatch.size())
    return emitError() << "batch dimension counts differ: " << lhsBatch.size()
                       << " vs " << rhsBatch.size();
  if (lhsContracting.size() != rhsContracting.size())
    return emitError() << "contracting dimension counts differ: "
                       << lhsContracting.size() << " vs "
                       << rhsContracting.size();
  auto checkSide = [&](ArrayRef<int64_t> shape, ArrayRef<int64_t> batch,
                       ArrayRef<int64_t> contracting, StringRef side) {
    SmallVector<int64_t> all(batch);
    all.append(contracting.begin(), contracting.end());
    return verifyDims(all, shape.size(),
                      (side + " batch and contracting dims").str(), emitError);
  };
  if (failed(checkSide(lhs, lhsBatch, lhsContracting, "lhs")) ||
      failed(checkSide(rhs, rhsBatch, rhsContracting, "rhs")))
    return failure();
  Shape result;
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch)) {
    if (!compatible(lhs[l], rhs[r]))
      return emitError() << "batch dimension sizes differ: " << lhs[l] << " vs "
                         << rhs[r];
    result.push_back(merge(lhs[l], rhs[r]));
  }
  for (auto [l, r] : llvm::zip(lhsContracting, rhsContracting))
    if (!compatible(lhs[l], rhs[r]))
      return emitError() << "contracting dimension sizes differ: " << lhs[l]
                         << " vs " << rhs[r];
  auto appendFree = [&](ArrayRef<int64_t> shape, ArrayRef<int64_t> batch,
                        ArrayRef<int64_t> contracting) {
    for (auto [d, size] : llvm::enumerate(shape))
      if (!llvm::is_contained(batch, static_cast<int64_t>(d)) &&
          !llvm::is_contained(contracting, static_cast<int64_t>(d)))
        result.push_back(size);
  };
  appendFree(lhs, lhsBatch, lhsContracting);
  appendFree(rhs, rhsBatch, rhsContracting);
  return result;
}

FailureOr<Shape> tnp::inferGatherShape(ArrayRef<int64_t> operand,
                                       ArrayRef<int64_t> indices,
                                       ArrayRef<int64_t> axes,
                                       EmitErrorFn emitError) {
  if (indices.empty())
    return emitError() << "indices must have rank >= 1 (the last dimension "
                          "indexes the axes)";
  int64_t k = indices.back();
  if (isDynamic(k) || k != static_cast<int64_t>(axes.size()))
    return emitError() << "indices' last dimension ("
                       << (isDynamic(k) ? "?" : std::to_string(k))
                       << ") must equal the number of axes (" << axes.size()
                       << ")";
  if (failed(verifyDims(axes, operand.size(), "axes", emitError)))
    return failure();
  Shape result(indices.drop_back());
  for (auto [d, size] : llvm::enumerate(operand))
    if (!llvm::is_contained(axes, static_cast<int64_t>(d)))
      result.push_back(size);
  return result;
}
