//===- Primitives.cpp - the dialect's primitives, eagerly -----------------===//

#include "lib/Primitives.h"

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/DTypes.h"
#include "lib/Dispatch.h"
#include "lib/EagerCall.h"
#include "lib/Format.h"
#include "lib/HostPrimitives.h"
#include "lib/Literals.h"

#include "dialect/ElementwiseOpList.h"
#include "dialect/ShapeFunctions.h"
#include "dialect/TnpOps.h"
#include "passes/lowering/BlasProducts.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

#include <algorithm>
#include <array>

using namespace tnp;
using namespace tnp::detail;
using namespace tnp::detail::prim;
using mlir::tnp::PromotionCategory;

namespace {

/// The shape a dialect shape rule gives; a failing rule's message becomes a
/// ValueError.
template <typename Rule> shape_t ruleShape(Rule rule) {
  std::string message;
  mlir::FailureOr<mlir::tnp::Shape> shape =
      rule([&](llvm::StringRef m) { message = m.str(); });
  if (mlir::failed(shape))
    throw ValueError(message);
  return shape_t(shape->begin(), shape->end());
}

mlir::RankedTensorType tensorType(mlir::Type t) {
  return mlir::cast<mlir::RankedTensorType>(t);
}

/// Broadcasts `v` to `like`'s shape (keeping v's dtype), trailing-aligned.
mlir::Value broadcastLike(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                          mlir::RankedTensorType like) {
  auto type = tensorType(v.getType());
  auto target = like.clone(type.getElementType());
  if (type == target)
    return v;
  llvm::SmallVector<int64_t> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    dims.push_back(target.getRank() - type.getRank() + d);
  return mlir::tnp::BroadcastInDimOp::create(b, loc, target, v, dims);
}

/// Index tensors' last dimension counts the axes they address: the kernel's
/// polymorphic type leaves it dynamic, gather and scatter need it static.
mlir::Value withAxisCount(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value indices, int64_t axes) {
  auto type = tensorType(indices.getType());
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.back() = axes;
  auto target = type.clone(shape);
  if (target == type)
    return indices;
  return mlir::tensor::CastOp::create(b, loc, target, indices);
}

template <typename OpT>
mlir::Value buildElementwise(mlir::OpBuilder &b, mlir::Location loc,
                             const mlir::Value *inputs, int n, const int64_t *,
                             int, mlir::Type result) {
  llvm::SmallVector<mlir::Value> operands;
  for (int i = 0; i < n; ++i)
    operands.push_back(broadcastLike(b, loc, inputs[i], tensorType(result)));
  return OpT::create(b, loc, mlir::TypeRange{result},
                     mlir::ValueRange(operands))
      .getResult();
}

struct ElementwiseInfo {
  BuildFn build;
  PromotionCategory category;
};

template <typename OpT> constexpr ElementwiseInfo info() {
  return {&buildElementwise<OpT>, OpT::getCategory()};
}

namespace t = mlir::tnp;
const ElementwiseInfo kElementwise[] = {
    info<t::NegOp>(),       info<t::AbsOp>(),     info<t::SignOp>(),
    info<t::ExpOp>(),       info<t::Expm1Op>(),   info<t::LogOp>(),
    info<t::Log1pOp>(),     info<t::SqrtOp>(),    info<t::RsqrtOp>(),
    info<t::SquareOp>(),    info<t::TanhOp>(),    info<t::LogisticOp>(),
    info<t::SinOp>(),       info<t::CosOp>(),     info<t::TanOp>(),
    info<t::AsinOp>(),      info<t::AcosOp>(),    info<t::AtanOp>(),
    info<t::SinhOp>(),      info<t::CoshOp>(),    info<t::AsinhOp>(),
    info<t::AcoshOp>(),     info<t::AtanhOp>(),   info<t::Log2Op>(),
    info<t::Log10Op>(),     info<t::Exp2Op>(),    info<t::CbrtOp>(),
    info<t::FloorOp>(),     info<t::CeilOp>(),    info<t::RoundOp>(),
    info<t::NotOp>(),       info<t::RealOp>(),    info<t::ImagOp>(),
    info<t::ConjOp>(),      info<t::SignbitOp>(), info<t::AddOp>(),
    info<t::SubOp>(),       info<t::MulOp>(),     info<t::DivOp>(),
    info<t::FloorDivOp>(),  info<t::RemOp>(),     info<t::PowOp>(),
    info<t::MaximumOp>(),   info<t::MinimumOp>(), info<t::AndOp>(),
    info<t::OrOp>(),        info<t::XorOp>(),     info<t::Atan2Op>(),
    info<t::NextafterOp>(), info<t::GcdOp>(),     info<t::EqOp>(),
    info<t::NeOp>(),        info<t::LtOp>(),      info<t::LeOp>(),
    info<t::GtOp>(),        info<t::GeOp>(),      info<t::SelectOp>(),
};
// A new elementwise op needs its eager primitive: the counts must agree.
static_assert(std::size(kElementwise) == t::kNumElementwiseOps,
              "one entry per op of dialect/ElementwiseOpList.h");
static_assert(static_cast<size_t>(Elementwise::Select) + 1 ==
                  t::kNumElementwiseOps,
              "one prim::Elementwise per op of dialect/ElementwiseOpList.h");

} // namespace

bool prim::broadcastInto(shape_t &result, const shape_t &shape) {
  if (shape.size() > result.size())
    result.insert(result.begin(), shape.size() - result.size(), 1);
  size_t lead = result.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t &r = result[lead + i];
    if (shape[i] == r || shape[i] == 1)
      continue;
    if (r != 1)
      return false;
    r = shape[i];
  }
  return true;
}

shape_t prim::broadcastShapes(std::initializer_list<ndarray> operands) {
  shape_t result;
  for (const ndarray &o : operands) {
    if (broadcastInto(result, implOf(o).shape))
      continue;
    std::string shapes;
    for (const ndarray &p : operands)
      shapes += (shapes.empty() ? "" : " ") + formatShape(implOf(p).shape);
    throw ValueError("operands could not be broadcast together with shapes " +
                     shapes);
  }
  return result;
}

shape_t prim::concatenatedShape(const std::vector<ndarray> &inputs,
                                int64_t dim) {
  llvm::SmallVector<llvm::ArrayRef<int64_t>> shapes;
  for (const ndarray &i : inputs)
    shapes.push_back(implOf(i).shape);
  return ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferConcatenateShape(shapes, dim, sink);
  });
}

namespace {

/// The operands that promote: all but select's predicate.
std::pair<const ndarray *, const ndarray *>
promotedRange(Elementwise op, std::initializer_list<ndarray> operands) {
  const ndarray *begin = operands.begin();
  if (op == Elementwise::Select)
    ++begin;
  return {begin, operands.end()};
}

tnp::dtype promotedDType(Elementwise op,
                         std::initializer_list<ndarray> operands,
                         std::string_view name) {
  auto [begin, end] = promotedRange(op, operands);
  DTypeArg args[kMaxInputs];
  int n = 0;
  for (const ndarray *o = begin; o != end; ++o)
    args[n++] = {implOf(*o).dtype, implOf(*o).weak, &implOf(*o)};
  return promote(args, n, name);
}

ndarray run(Call &call) { return ndarray(execute(call)); }

Call makeCall(BuildFn build, std::initializer_list<const ndarray *> inputs,
              shape_t shape, tnp::dtype dtype,
              std::initializer_list<int64_t> attrs = {}) {
  Call call;
  call.build = build;
  for (const ndarray *i : inputs)
    call.inputs[call.numInputs++] = &implOf(*i);
  for (int64_t a : attrs)
    call.attrs[call.numAttrs++] = a;
  call.resultShape = std::move(shape);
  call.resultDType = dtype;
  return call;
}

void appendAttrs(Call &call, const std::vector<int64_t> &values) {
  if (call.numAttrs + values.size() > static_cast<size_t>(kMaxAttrs))
    throw NotImplementedError("tnp: too many attribute values for a kernel");
  for (int64_t v : values)
    call.attrs[call.numAttrs++] = v;
}

std::vector<int64_t> takeAttrs(const int64_t *&attrs, int64_t count) {
  std::vector<int64_t> values(attrs, attrs + count);
  attrs += count;
  return values;
}

} // namespace

tnp::dtype prim::resultDType(Elementwise op,
                             std::initializer_list<ndarray> operands,
                             const char *name) {
  return categoryResult(kElementwise[static_cast<int>(op)].category,
                        promotedDType(op, operands, name));
}

namespace {
/// Whether `o` may hold an elementwise result of `shape` and `dtype`: the
/// operand list holds its only handle (the caller moved it in), and its
/// buffer is tnp's, is exactly its, and is held by nothing else (no view).
bool givenUp(const ndarray &o, const shape_t &shape, tnp::dtype dtype) {
  const ArrayImpl &a = implOf(o);
  return o.impl().use_count() == 1 && a.buffer && !a.weak && a.dtype == dtype &&
         a.shape == shape && a.byteOffset == 0 && a.buffer.use_count() == 1 &&
         !a.buffer->isExternal() &&
         a.buffer->size() == static_cast<size_t>(a.size * dtype.itemsize());
}
} // namespace

ndarray prim::elementwise(Elementwise op,
                          std::initializer_list<ndarray> operands,
                          const char *name) {
  const ElementwiseInfo &info = kElementwise[static_cast<int>(op)];
  shape_t shape = broadcastShapes(operands);
  tnp::dtype promoted = promotedDType(op, operands, name);
  tnp::dtype result = categoryResult(info.category, promoted);
  tnp::dtype compute = info.category == PromotionCategory::BoolResult ||
                               info.category == PromotionCategory::Magnitude
                           ? promoted
                           : result;
  // Weak literals take the compute dtype here, so kernels do not depend on
  // their values; other operands are promoted inside the kernel.
  // (On the stack: this is the eager hot path.)
  std::array<ndarray, kMaxInputs> literals;
  auto [begin, end] = promotedRange(op, operands);
  Call call;
  call.build = info.build;
  for (const ndarray &o : operands) {
    bool promotes = &o >= begin && &o < end;
    const ndarray *input = &o;
    if (promotes && implOf(o).weak) {
      literals[call.numInputs] = literalAs(o, compute);
      input = &literals[call.numInputs];
    }
    call.inputs[call.numInputs++] = &implOf(*input);
  }
  // Operands of lower rank broadcast along dimension 0: read whole.
  const ndarray *o = operands.begin();
  for (int i = 0; i < call.numInputs; ++i, ++o) {
    if (call.inputs[i]->shape.size() == shape.size())
      call.rowwiseInputs |= 1 << i;
    if (givenUp(*o, shape, result))
      call.reusableInputs |= 1 << i;
  }
  call.resultShape = std::move(shape);
  call.resultDType = result;
  return run(call);
}

ndarray prim::convert(const ndarray &x, tnp::dtype to) {
  const ArrayImpl &a = implOf(x);
  if (a.dtype == to && !a.weak)
    return x;
  if (a.weak)
    return literalAs(x, to);
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *, int, mlir::Type result) -> mlir::Value {
        return mlir::tnp::ConvertOp::create(b, loc, result, in[0]);
      },
      {&x}, a.shape, to);
  call.rowwiseInputs = 0xff;
  return run(call);
}

ndarray prim::broadcastTo(const ndarray &x, const shape_t &shape) {
  const ArrayImpl &a = implOf(x);
  if (a.shape == shape)
    return x;
  // A broadcast's new dimensions have no operand to take their size from:
  // the kernel is specialized to the result shape, so eagerly it is a host
  // copy.
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type result) {
        auto type = tensorType(result).clone(llvm::ArrayRef<int64_t>(attrs, n));
        return broadcastLike(b, loc, in[0], type);
      },
      {&x}, shape, a.dtype);
  appendAttrs(call, shape);
  call.onHost = broadcastOnHost;
  return run(call);
}

ndarray prim::transpose(const ndarray &x,
                        const std::vector<int64_t> &permutation) {
  const ArrayImpl &a = implOf(x);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferTransposeShape(a.shape, permutation, sink);
  });
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type) -> mlir::Value {
        return mlir::tnp::TransposeOp::create(
            b, loc, in[0], llvm::ArrayRef<int64_t>(attrs, n));
      },
      {&x}, shape, a.dtype);
  appendAttrs(call, permutation);
  // Row i of the result is row i of the input permuted: a batch of
  // transposes splits by rows.
  if (!permutation.empty() && permutation[0] == 0)
    call.rowwiseInputs = 1;
  return run(call);
}

ndarray prim::reshape(const ndarray &x, const shape_t &shape) {
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *, int, mlir::Type result) -> mlir::Value {
        return mlir::tnp::ReshapeOp::create(b, loc, result, in[0]);
      },
      {&x}, shape, implOf(x).dtype);
  // Eagerly a reshape is new metadata over the same buffer.
  call.onHost = [](const Call &c) { return viewOf(c, 0); };
  return run(call);
}

ndarray prim::iota(const shape_t &shape, int64_t dim, tnp::dtype dtype) {
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *, int,
         const int64_t *attrs, int n, mlir::Type result) -> mlir::Value {
        auto type =
            tensorType(result).clone(llvm::ArrayRef<int64_t>(attrs + 1, n - 1));
        return mlir::tnp::IotaOp::create(b, loc, type, attrs[0]);
      },
      {}, shape, dtype, {dim});
  appendAttrs(call, shape);
  call.onHost = iotaOnHost;
  return run(call);
}

ndarray prim::reduce(Reduce kind, const ndarray &x,
                     const std::vector<int64_t> &axes) {
  const ArrayImpl &a = implOf(x);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferReduceShape(a.shape, axes, sink);
  });
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type) -> mlir::Value {
        return mlir::tnp::ReduceOp::create(
            b, loc, static_cast<mlir::tnp::ReduceKind>(attrs[0]), in[0],
            llvm::ArrayRef<int64_t>(attrs + 1, n - 1));
      },
      {&x}, shape, a.dtype, {static_cast<int64_t>(kind)});
  appendAttrs(call, axes);
  if (!llvm::is_contained(axes, 0))
    call.rowwiseInputs = 1;
  else if (kind == Reduce::Sum &&
           (a.dtype == tnp::float32 || a.dtype == tnp::float64))
    call.onThreads = sumRowRanges;
  return run(call);
}

ndarray prim::scan(Reduce kind, const ndarray &x, int64_t axis) {
  const ArrayImpl &a = implOf(x);
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int, mlir::Type) -> mlir::Value {
        return mlir::tnp::ScanOp::create(
            b, loc, static_cast<mlir::tnp::ReduceKind>(attrs[0]), in[0],
            attrs[1]);
      },
      {&x}, a.shape, a.dtype, {static_cast<int64_t>(kind), axis});
  if (axis != 0)
    call.rowwiseInputs = 1;
  return run(call);
}

template <typename ArgOp>
static ndarray argReduce(const ndarray &x, int64_t axis) {
  const ArrayImpl &a = implOf(x);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferReduceShape(a.shape, {axis}, sink);
  });
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int, mlir::Type result) -> mlir::Value {
        return ArgOp::create(b, loc, result, in[0], attrs[0]);
      },
      {&x}, shape, int64, {axis});
  if (axis != 0)
    call.rowwiseInputs = 1;
  return run(call);
}

ndarray prim::argmax(const ndarray &x, int64_t axis) {
  return argReduce<mlir::tnp::ArgmaxOp>(x, axis);
}
ndarray prim::argmin(const ndarray &x, int64_t axis) {
  return argReduce<mlir::tnp::ArgminOp>(x, axis);
}

/// A tnp.sort call of x: its sorted values, or (`withIndices`) the
/// permutation. Rows along dimension 0 sort apart unless they are the
/// sorted axis.
static ndarray sortCall(const ndarray &x, int64_t axis, bool withIndices) {
  const ArrayImpl &a = implOf(x);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferSortShape({a.shape}, axis, sink);
  });
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int, mlir::Type) -> mlir::Value {
        return mlir::tnp::SortOp::create(b, loc, mlir::ValueRange{in[0]},
                                         attrs[0], attrs[1] != 0)
            .getResults()
            .back();
      },
      {&x}, shape, withIndices ? int64 : a.dtype, {axis, withIndices});
  if (axis != 0)
    call.rowwiseInputs = 1;
  return run(call);
}

ndarray prim::sort(const ndarray &x, int64_t axis) {
  return sortCall(x, axis, false);
}
ndarray prim::argsort(const ndarray &x, int64_t axis) {
  return sortCall(x, axis, true);
}
ndarray prim::sortBy(const ndarray &keys, const ndarray &values, int64_t axis) {
  const ArrayImpl &k = implOf(keys), &v = implOf(values);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferSortShape({k.shape, v.shape}, axis, sink);
  });
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int, mlir::Type) -> mlir::Value {
        return mlir::tnp::SortOp::create(b, loc, mlir::ValueRange{in[0], in[1]},
                                         attrs[0], false)
            .getResult(1);
      },
      {&keys, &values}, shape, v.dtype, {axis});
  if (axis != 0)
    call.rowwiseInputs = 3;
  return run(call);
}

ndarray prim::dotGeneral(const ndarray &lhs, const ndarray &rhs,
                         const std::vector<int64_t> &lhsBatch,
                         const std::vector<int64_t> &rhsBatch,
                         const std::vector<int64_t> &lhsContracting,
                         const std::vector<int64_t> &rhsContracting) {
  const ArrayImpl &l = implOf(lhs), &r = implOf(rhs);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferDotGeneralShape(l.shape, r.shape, lhsBatch, rhsBatch,
                                           lhsContracting, rhsContracting,
                                           sink);
  });
  DTypeArg args[] = {{l.dtype, l.weak, &l}, {r.dtype, r.weak, &r}};
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int, mlir::Type result) -> mlir::Value {
        auto lb = takeAttrs(attrs, *attrs++);
        auto rb = takeAttrs(attrs, *attrs++);
        auto lc = takeAttrs(attrs, *attrs++);
        auto rc = takeAttrs(attrs, *attrs++);
        return mlir::tnp::DotGeneralOp::create(b, loc, result, in[0], in[1], lb,
                                               rb, lc, rc);
      },
      {&lhs, &rhs}, shape, promote(args, 2, "dot"));
  for (const auto *dims :
       {&lhsBatch, &rhsBatch, &lhsContracting, &rhsContracting}) {
    appendAttrs(call, {static_cast<int64_t>(dims->size())});
    appendAttrs(call, *dims);
  }
  // Result rows follow lhs rows (no batch dims, lhs dim 0 kept), or the
  // leading batch dims of both. A BLAS product (always chosen for eager
  // kernels' dynamic sizes where it applies) runs its own threads instead.
  if (mlir::tnp::lowersToBlas(call.resultDType.name(), l.shape.size(),
                              r.shape.size(), lhsBatch, lhsContracting,
                              std::nullopt))
    return run(call);
  if (lhsBatch.empty() && !l.shape.empty() &&
      !llvm::is_contained(lhsContracting, 0))
    call.rowwiseInputs = 1;
  else if (!lhsBatch.empty() && lhsBatch[0] == 0 && rhsBatch[0] == 0)
    call.rowwiseInputs = 3;
  return run(call);
}

std::optional<int64_t> prim::contiguousSlice(const shape_t &shape,
                                             const int64_t *start,
                                             const int64_t *limit,
                                             const int64_t *strides) {
  // Every axis after the last narrowed one is whole, every axis before it
  // takes one element, and it takes a step-1 run (or one element).
  int64_t rank = shape.size(), offset = 0, rowSize = 1;
  bool whole = true;
  for (int64_t d = rank - 1; d >= 0; --d) {
    int64_t count = (limit[d] - start[d] + strides[d] - 1) / strides[d];
    if (count <= 0)
      return std::nullopt;
    if (!whole && count != 1)
      return std::nullopt;
    if (count != shape[d]) {
      if (whole && count > 1 && strides[d] != 1)
        return std::nullopt;
      whole = false;
    }
    offset += start[d] * rowSize;
    rowSize *= shape[d];
  }
  return offset;
}

ndarray prim::slice(const ndarray &x, const std::vector<int64_t> &start,
                    const std::vector<int64_t> &limit,
                    const std::vector<int64_t> &strides) {
  const ArrayImpl &a = implOf(x);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferSliceShape(a.shape, start, limit, strides, sink);
  });
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type) -> mlir::Value {
        int64_t rank = n / 3;
        return mlir::tnp::SliceOp::create(
            b, loc, in[0], llvm::ArrayRef<int64_t>(attrs, rank),
            llvm::ArrayRef<int64_t>(attrs + rank, rank),
            llvm::ArrayRef<int64_t>(attrs + 2 * rank, rank));
      },
      {&x}, shape, a.dtype);
  // A whole dimension is sliced "to the end", without its size: one kernel
  // serves every size, and a trace's dynamic dimension stays unnamed.
  std::vector<int64_t> limits = limit;
  for (size_t d = 0; d < limits.size(); ++d)
    if (start[d] == 0 && strides[d] == 1 && limit[d] == a.shape[d])
      limits[d] = mlir::tnp::kSliceToEnd;
  appendAttrs(call, start);
  appendAttrs(call, limits);
  appendAttrs(call, strides);
  call.onHost = [](const Call &c) -> std::shared_ptr<ArrayImpl> {
    const shape_t &in = c.inputs[0]->shape;
    const int64_t *attrs = c.attrs.data();
    int64_t rank = in.size();
    std::vector<int64_t> limit(attrs + rank, attrs + 2 * rank);
    for (int64_t d = 0; d < rank; ++d)
      if (limit[d] == mlir::tnp::kSliceToEnd)
        limit[d] = in[d];
    if (std::optional<int64_t> offset =
            contiguousSlice(in, attrs, limit.data(), attrs + 2 * rank))
      return viewOf(c, *offset);
    return sliceOnHost(c, attrs, attrs + 2 * rank);
  };
  return run(call);
}

ndarray prim::reverse(const ndarray &x, const std::vector<int64_t> &dims) {
  const ArrayImpl &a = implOf(x);
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type) -> mlir::Value {
        return mlir::tnp::ReverseOp::create(b, loc, in[0],
                                            llvm::ArrayRef<int64_t>(attrs, n));
      },
      {&x}, a.shape, a.dtype);
  appendAttrs(call, dims);
  if (!llvm::is_contained(dims, 0))
    call.rowwiseInputs = 1;
  return run(call);
}

ndarray prim::concatenate(const std::vector<ndarray> &inputs, int64_t dim) {
  // Kernels take at most kMaxInputs arrays: longer lists join in chunks.
  if (inputs.size() > static_cast<size_t>(kMaxInputs)) {
    std::vector<ndarray> partial;
    for (size_t i = 0; i < inputs.size(); i += kMaxInputs) {
      std::vector<ndarray> chunk(inputs.begin() + i,
                                 inputs.begin() +
                                     std::min(inputs.size(), i + kMaxInputs));
      partial.push_back(concatenate(chunk, dim));
    }
    return concatenate(partial, dim);
  }
  if (inputs.size() == 1)
    return inputs.front();
  shape_t shape = concatenatedShape(inputs, dim);
  Call call;
  call.build = [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in,
                  int n, const int64_t *attrs, int, mlir::Type) -> mlir::Value {
    return mlir::tnp::ConcatenateOp::create(
        b, loc, mlir::ValueRange(llvm::ArrayRef<mlir::Value>(in, n)), attrs[0]);
  };
  for (const ndarray &i : inputs)
    call.inputs[call.numInputs++] = &implOf(i);
  call.attrs[call.numAttrs++] = dim;
  call.resultShape = shape;
  call.resultDType = implOf(inputs.front()).dtype;
  // Joined along another dimension, every input has the result's rows.
  if (dim != 0)
    call.rowwiseInputs = 0xff;
  return run(call);
}

ndarray prim::pad(const ndarray &x, const ndarray &value,
                  const std::vector<int64_t> &low,
                  const std::vector<int64_t> &high,
                  const std::vector<int64_t> &interior) {
  const ArrayImpl &a = implOf(x);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferPadShape(a.shape, low, high, interior, sink);
  });
  ndarray v = convert(value, a.dtype);
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type) -> mlir::Value {
        int64_t rank = n / 3;
        return mlir::tnp::PadOp::create(
            b, loc, in[0], in[1], llvm::ArrayRef<int64_t>(attrs, rank),
            llvm::ArrayRef<int64_t>(attrs + rank, rank),
            llvm::ArrayRef<int64_t>(attrs + 2 * rank, rank));
      },
      {&x, &v}, shape, a.dtype);
  appendAttrs(call, low);
  appendAttrs(call, high);
  appendAttrs(call, interior);
  return run(call);
}

ndarray prim::gather(const ndarray &x, const ndarray &indices,
                     const std::vector<int64_t> &axes,
                     const std::vector<int64_t> &permutation) {
  const ArrayImpl &a = implOf(x), &i = implOf(indices);
  shape_t shape = ruleShape([&](mlir::tnp::ErrorSink sink) {
    return mlir::tnp::inferGatherShape(a.shape, i.shape, axes, sink);
  });
  shape_t permuted = shape;
  for (size_t d = 0; d < permutation.size(); ++d)
    permuted[d] = shape[permutation[d]];
  // attrs: the axes' count, the axes, then the permutation (none: none).
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type result) -> mlir::Value {
        int64_t numAxes = attrs[0];
        llvm::ArrayRef<int64_t> axes(attrs + 1, numAxes),
            permutation(attrs + 1 + numAxes, n - 1 - numAxes);
        auto type = tensorType(result);
        llvm::SmallVector<int64_t> gathered(type.getShape());
        for (size_t d = 0; d < permutation.size(); ++d)
          gathered[permutation[d]] = type.getDimSize(d);
        mlir::Value g = mlir::tnp::GatherOp::create(
            b, loc, type.clone(gathered), in[0],
            withAxisCount(b, loc, in[1], numAxes), axes);
        if (permutation.empty())
          return g;
        return mlir::tnp::TransposeOp::create(b, loc, g, permutation);
      },
      {&x, &indices}, permuted, a.dtype, {static_cast<int64_t>(axes.size())});
  appendAttrs(call, axes);
  appendAttrs(call, permutation);
  return run(call);
}

ndarray prim::scatter(Scatter kind, const ndarray &x, const ndarray &indices,
                      const ndarray &updates,
                      const std::vector<int64_t> &axes) {
  const ArrayImpl &a = implOf(x);
  ndarray u = convert(updates, a.dtype);
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type result) -> mlir::Value {
        return mlir::tnp::ScatterOp::create(
            b, loc, result, static_cast<mlir::tnp::ScatterKind>(attrs[0]),
            in[0], withAxisCount(b, loc, in[1], n - 1), in[2],
            llvm::ArrayRef<int64_t>(attrs + 1, n - 1));
      },
      {&x, &indices, &u}, a.shape, a.dtype, {static_cast<int64_t>(kind)});
  appendAttrs(call, axes);
  return run(call);
}

ndarray prim::randomBits(const ndarray &key, const shape_t &shape,
                         tnp::dtype dtype) {
  Call call = makeCall(
      [](mlir::OpBuilder &b, mlir::Location loc, const mlir::Value *in, int,
         const int64_t *attrs, int n, mlir::Type result) -> mlir::Value {
        auto type = tensorType(result).clone(llvm::ArrayRef<int64_t>(attrs, n));
        auto keyType = tensorType(in[0].getType()).clone({2});
        mlir::Value key = mlir::tensor::CastOp::create(b, loc, keyType, in[0]);
        return mlir::tnp::RandomBitsOp::create(b, loc, type, key);
      },
      {&key}, shape, dtype);
  appendAttrs(call, shape);
  return run(call);
}
