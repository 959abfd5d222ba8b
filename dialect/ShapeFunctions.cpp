//===- ShapeFunctions.cpp - one shape rule per op -------------------------===//

#include "dialect/ShapeFunctions.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tnp;

static bool isDynamic(int64_t d) { return ShapedType::isDynamic(d); }

/// Whether two dimension sizes can be equal at run time.
static bool compatible(int64_t a, int64_t b) {
  return isDynamic(a) || isDynamic(b) || a == b;
}

/// The static one of two compatible sizes, if either is.
static int64_t merge(int64_t a, int64_t b) { return isDynamic(a) ? b : a; }

/// "3", or "?" for a dynamic size.
static std::string formatSize(int64_t d) {
  return isDynamic(d) ? "?" : std::to_string(d);
}

namespace {
/// A rule's message, streamed like a diagnostic; converted to a failure, it
/// goes to the sink.
class Fail {
public:
  explicit Fail(ErrorSink sink) : sink(sink) {}
  template <typename T> Fail &operator<<(const T &value) {
    llvm::raw_string_ostream(text) << value;
    return *this;
  }
  operator LogicalResult() const {
    sink(text);
    return failure();
  }
  template <typename T> operator FailureOr<T>() const {
    sink(text);
    return failure();
  }

private:
  ErrorSink sink;
  std::string text;
};
} // namespace

SmallVector<int64_t> tnp::dimsOutside(int64_t rank, ArrayRef<int64_t> a,
                                      ArrayRef<int64_t> b) {
  SmallVector<int64_t> rest;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(a, d) && !llvm::is_contained(b, d))
      rest.push_back(d);
  return rest;
}

std::string tnp::formatList(ArrayRef<int64_t> values) {
  std::string s = "[";
  llvm::interleave(
      values, [&](int64_t v) { s += std::to_string(v); }, [&] { s += ", "; });
  return s + "]";
}

std::string tnp::formatShape(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::interleave(
      shape, [&](int64_t d) { s += formatSize(d); }, [&] { s += ", "; });
  return s + "]";
}

LogicalResult tnp::verifyDims(ArrayRef<int64_t> dims, int64_t rank,
                              StringRef what, ErrorSink sink) {
  llvm::SmallBitVector seen(rank);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return Fail(sink) << what << " " << formatList(dims) << " has dimension "
                        << d << " out of range [0, " << rank << ")";
    if (seen.test(d))
      return Fail(sink) << what << " " << formatList(dims)
                        << " repeats dimension " << d;
    seen.set(d);
  }
  return success();
}

/// Checks that an attribute has one entry per dimension.
static LogicalResult verifyLength(ArrayRef<int64_t> values, size_t rank,
                                  StringRef what, ErrorSink sink) {
  if (values.size() == rank)
    return success();
  return Fail(sink) << what << " has " << values.size()
                    << " entries, but the operand has rank " << rank;
}

FailureOr<Shape> tnp::inferTransposeShape(ArrayRef<int64_t> operand,
                                          ArrayRef<int64_t> permutation,
                                          ErrorSink sink) {
  if (failed(verifyLength(permutation, operand.size(), "permutation", sink)) ||
      failed(verifyDims(permutation, operand.size(), "permutation", sink)))
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
                                      ErrorSink sink) {
  if (failed(verifyLength(start, operand.size(), "start", sink)) ||
      failed(verifyLength(limit, operand.size(), "limit", sink)) ||
      failed(verifyLength(strides, operand.size(), "strides", sink)))
    return failure();
  Shape result;
  for (auto [d, size] : llvm::enumerate(operand)) {
    if (limit[d] == kSliceToEnd) {
      if (start[d] != 0 || strides[d] != 1)
        return Fail(sink) << "a slice to the end of dimension " << d
                          << " starts at 0 with stride 1, not start "
                          << start[d] << " and stride " << strides[d];
      result.push_back(size);
      continue;
    }
    if (strides[d] < 1)
      return Fail(sink) << "stride " << strides[d] << " of dimension " << d
                        << " must be positive";
    if (start[d] < 0 || start[d] > limit[d] ||
        (!isDynamic(size) && limit[d] > size))
      return Fail(sink) << "slice [" << start[d] << ", " << limit[d]
                        << ") of dimension " << d << " is not within [0, "
                        << formatSize(size) << "]";
    // 0 <= start <= limit: neither the difference nor this overflows.
    result.push_back(
        limit[d] == start[d] ? 0 : (limit[d] - start[d] - 1) / strides[d] + 1);
  }
  return result;
}

FailureOr<Shape> tnp::inferConcatenateShape(ArrayRef<ArrayRef<int64_t>> inputs,
                                            int64_t dimension, ErrorSink sink) {
  if (inputs.empty())
    return Fail(sink) << "needs at least one input";
  ArrayRef<int64_t> first = inputs.front();
  int64_t rank = first.size();
  if (dimension < 0 || dimension >= rank)
    return Fail(sink) << "dimension " << dimension << " out of range [0, "
                      << rank << ")";
  Shape result(first);
  for (auto [i, shape] : llvm::enumerate(inputs)) {
    if (static_cast<int64_t>(shape.size()) != rank)
      return Fail(sink) << "all the input arrays must have same number of "
                           "dimensions, but the array at index 0 has "
                        << rank << " dimension(s) and the array at index " << i
                        << " has " << shape.size() << " dimension(s)";
    if (i == 0)
      continue;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dimension) {
        result[d] = isDynamic(result[d]) || isDynamic(shape[d])
                        ? ShapedType::kDynamic
                        : result[d] + shape[d];
        continue;
      }
      if (!compatible(first[d], shape[d]))
        return Fail(sink) << "all the input array dimensions except for the "
                             "concatenation axis must match exactly, but "
                             "along dimension "
                          << d << ", the array at index 0 has size "
                          << formatSize(first[d]) << " and the array at index "
                          << i << " has size " << formatSize(shape[d]);
      result[d] = merge(result[d], shape[d]);
    }
  }
  return result;
}

FailureOr<Shape> tnp::inferSortShape(ArrayRef<ArrayRef<int64_t>> operands,
                                     int64_t axis, ErrorSink sink) {
  if (operands.empty())
    return Fail(sink) << "needs at least one operand";
  ArrayRef<int64_t> first = operands.front();
  int64_t rank = first.size();
  if (rank == 0)
    return Fail(sink) << "cannot sort a 0-d array";
  if (axis < 0 || axis >= rank)
    return Fail(sink) << "axis " << axis << " out of range [0, " << rank << ")";
  Shape result(first);
  for (auto [i, shape] : llvm::enumerate(operands.drop_front())) {
    bool same = shape.size() == first.size();
    for (size_t d = 0; same && d < shape.size(); ++d) {
      same = compatible(first[d], shape[d]);
      if (isDynamic(result[d]))
        result[d] = shape[d];
    }
    if (!same)
      return Fail(sink) << "operand " << i + 1 << " has shape "
                        << formatShape(shape) << ", operand 0 "
                        << formatShape(first);
  }
  return result;
}

FailureOr<Shape> tnp::inferPadShape(ArrayRef<int64_t> operand,
                                    ArrayRef<int64_t> low,
                                    ArrayRef<int64_t> high,
                                    ArrayRef<int64_t> interior,
                                    ErrorSink sink) {
  if (failed(verifyLength(low, operand.size(), "low", sink)) ||
      failed(verifyLength(high, operand.size(), "high", sink)) ||
      failed(verifyLength(interior, operand.size(), "interior", sink)))
    return failure();
  Shape result;
  for (auto [d, size] : llvm::enumerate(operand)) {
    if (interior[d] < 0)
      return Fail(sink) << "interior padding " << interior[d]
                        << " of dimension " << d << " must be non-negative";
    if (isDynamic(size)) {
      result.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t padded =
        low[d] + high[d] + size + std::max<int64_t>(size - 1, 0) * interior[d];
    if (padded < 0)
      return Fail(sink) << "padding of dimension " << d << " gives size "
                        << padded;
    result.push_back(padded);
  }
  return result;
}

FailureOr<Shape> tnp::inferReduceShape(ArrayRef<int64_t> operand,
                                       ArrayRef<int64_t> axes, ErrorSink sink) {
  if (failed(verifyDims(axes, operand.size(), "axes", sink)))
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
                                        ErrorSink sink) {
  if (failed(verifyLength(dims, operand.size(), "dims", sink)) ||
      failed(verifyDims(dims, result.size(), "dims", sink)))
    return failure();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0 && dims[i] <= dims[i - 1])
      return Fail(sink) << "dims " << formatList(dims)
                        << " must be strictly increasing";
    if (operand[i] != 1 && !compatible(operand[i], result[dims[i]]))
      return Fail(sink) << "operand dimension " << i << " of size "
                        << operand[i] << " cannot broadcast to size "
                        << result[dims[i]] << " of result dimension "
                        << dims[i];
  }
  return success();
}

FailureOr<Shape> tnp::inferDotGeneralShape(
    ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs, ArrayRef<int64_t> lhsBatch,
    ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContracting,
    ArrayRef<int64_t> rhsContracting, ErrorSink sink) {
  if (lhsBatch.size() != rhsBatch.size())
    return Fail(sink) << "batch dimension counts differ: " << lhsBatch.size()
                      << " vs " << rhsBatch.size();
  if (lhsContracting.size() != rhsContracting.size())
    return Fail(sink) << "contracting dimension counts differ: "
                      << lhsContracting.size() << " vs "
                      << rhsContracting.size();
  auto checkSide = [&](ArrayRef<int64_t> shape, ArrayRef<int64_t> batch,
                       ArrayRef<int64_t> contracting, StringRef side) {
    SmallVector<int64_t> all(batch);
    all.append(contracting.begin(), contracting.end());
    return verifyDims(all, shape.size(),
                      (side + " batch and contracting dims").str(), sink);
  };
  if (failed(checkSide(lhs, lhsBatch, lhsContracting, "lhs")) ||
      failed(checkSide(rhs, rhsBatch, rhsContracting, "rhs")))
    return failure();
  Shape result;
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch)) {
    if (!compatible(lhs[l], rhs[r]))
      return Fail(sink) << "batch dimension sizes differ: " << lhs[l] << " vs "
                        << rhs[r];
    result.push_back(merge(lhs[l], rhs[r]));
  }
  for (auto [l, r] : llvm::zip(lhsContracting, rhsContracting))
    if (!compatible(lhs[l], rhs[r]))
      return Fail(sink) << "contracting dimension sizes differ: " << lhs[l]
                        << " vs " << rhs[r];
  for (int64_t d : dimsOutside(lhs.size(), lhsBatch, lhsContracting))
    result.push_back(lhs[d]);
  for (int64_t d : dimsOutside(rhs.size(), rhsBatch, rhsContracting))
    result.push_back(rhs[d]);
  return result;
}

FailureOr<Shape> tnp::inferGatherShape(ArrayRef<int64_t> operand,
                                       ArrayRef<int64_t> indices,
                                       ArrayRef<int64_t> axes, ErrorSink sink) {
  if (indices.empty())
    return Fail(sink) << "indices must have rank >= 1 (the last dimension "
                         "indexes the axes)";
  int64_t k = indices.back();
  if (isDynamic(k) || k != static_cast<int64_t>(axes.size()))
    return Fail(sink) << "indices' last dimension (" << formatSize(k)
                      << ") must equal the number of axes (" << axes.size()
                      << ")";
  if (failed(verifyDims(axes, operand.size(), "axes", sink)))
    return failure();
  Shape result(indices.drop_back());
  for (auto [d, size] : llvm::enumerate(operand))
    if (!llvm::is_contained(axes, static_cast<int64_t>(d)))
      result.push_back(size);
  return result;
}
