//===- Tracer.cpp - recording primitives into a tnp function --------------===//

#include "lib/Tracer.h"

#include <tnp/errors.h>

#include "lib/DTypes.h"
#include "lib/Session.h"

#include "dialect/PromotionModes.h"
#include "dialect/TnpOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <atomic>

using namespace tnp;
using namespace tnp::detail;

namespace {

thread_local Tracer *current = nullptr;

/// Eager arrays of at most this many elements made during a trace become
/// constants in its IR; larger ones are passed as captures.
constexpr int64_t kMaxConstantElements = 64;

uint64_t nextTraceId() {
  static std::atomic<uint64_t> next{1};
  return next++;
}

mlir::RankedTensorType tensorTypeOf(mlir::MLIRContext *ctx,
                                    const shape_t &shape, tnp::dtype dtype) {
  return mlir::RankedTensorType::get(shape, toMlirType(ctx, dtype));
}

} // namespace

Tracer *tnp::detail::activeTracer() { return current; }

uint64_t tnp::detail::activeTraceId() { return current ? current->id() : 0; }

void ArrayImpl::throwTraced(const std::string &what) {
  throw ConcretizationTypeError(
      what + ": the values of a traced array are not known while tnp::trace "
             "records a function (only its shape and dtype are)");
}

Tracer::Tracer(const std::string &name)
    : ctx(Session::get().newContext()), builder(ctx.get()),
      traceId(nextTraceId()), previous(current) {
  mlir::Location loc = mlir::UnknownLoc::get(ctx.get());
  module = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto fn = mlir::func::FuncOp::create(builder, loc, name,
                                       builder.getFunctionType({}, {}));
  mlir::tnp::setPromotionOptions(fn, currentPromotion());
  function = fn;
  builder.setInsertionPointToEnd(fn.addEntryBlock());
  current = this;
}

Tracer::~Tracer() {
  if (current == this)
    current = previous;
}

std::shared_ptr<ArrayImpl> Tracer::traced(const shape_t &shape,
                                          tnp::dtype dtype, mlir::Value value) {
  auto impl = std::make_shared<ArrayImpl>();
  impl->shape = shape;
  impl->dtype = dtype;
  impl->size = numElements(shape);
  impl->tracer = this;
  impl->value = value.getAsOpaquePointer();
  return impl;
}

ndarray Tracer::addArgument(const shape_t &shape, tnp::dtype dtype) {
  mlir::Block &body = mlir::cast<mlir::func::FuncOp>(function).front();
  mlir::BlockArgument arg =
      body.insertArgument(numArguments++, tensorTypeOf(ctx.get(), shape, dtype),
                          builder.getUnknownLoc());
  return ndarray(traced(shape, dtype, arg));
}

mlir::Value Tracer::constant(const ArrayImpl &a) {
  auto type = tensorTypeOf(ctx.get(), a.shape, a.dtype);
  const char *bytes = static_cast<const char *>(a.data());
  mlir::DenseElementsAttr value;
  if (a.dtype.is_bool()) {
    llvm::SmallVector<bool> bits(bytes, bytes + a.size);
    value = mlir::DenseElementsAttr::get(type, llvm::ArrayRef<bool>(bits));
  } else {
    value = mlir::DenseElementsAttr::getFromRawBuffer(
        type, llvm::ArrayRef<char>(bytes, a.size * a.dtype.itemsize()));
  }
  return mlir::tnp::ConstantOp::create(builder, builder.getUnknownLoc(), type,
                                       value, /*weak=*/false);
}

mlir::Value Tracer::valueOf(const ArrayImpl &a) {
  if (a.tracer == this)
    return mlir::Value::getFromOpaquePointer(a.value);
  if (a.tracer)
    throw ValueError("tnp::trace: an array traced by another trace (one "
                     "that escaped its function) was used");
  if ((a.madeInTrace == traceId || a.weak) && a.size <= kMaxConstantElements)
    return constant(a);
  auto [it, added] = captureIndex.try_emplace(&a, captured.size());
  mlir::Block &body = mlir::cast<mlir::func::FuncOp>(function).front();
  if (added) {
    captured.push_back(ndarray(a.shared_from_this()));
    body.addArgument(tensorTypeOf(ctx.get(), a.shape, a.dtype),
                     builder.getUnknownLoc());
  }
  return body.getArgument(numArguments + it->second);
}

std::shared_ptr<ArrayImpl> Tracer::record(const Call &call) {
  llvm::SmallVector<mlir::Value, kMaxInputs> inputs;
  for (int i = 0; i < call.numInputs; ++i)
    inputs.push_back(valueOf(*call.inputs[i]));
  auto result = tensorTypeOf(ctx.get(), call.resultShape, call.resultDType);
  mlir::Value value =
      call.build(builder, builder.getUnknownLoc(), inputs.data(),
                 call.numInputs, call.attrs.data(), call.numAttrs, result);
  if (value.getType() != result)
    value = mlir::tensor::CastOp::create(builder, builder.getUnknownLoc(),
                                         result, value);
  return traced(call.resultShape, call.resultDType, value);
}

llvm::SmallVector<mlir::Value>
Tracer::valuesOf(const std::vector<ndarray> &arrays) {
  llvm::SmallVector<mlir::Value> values;
  for (const ndarray &a : arrays)
    values.push_back(valueOf(implOf(a)));
  return values;
}

std::vector<ndarray> Tracer::tracedLike(const std::vector<ndarray> &like,
                                        mlir::ValueRange values) {
  std::vector<ndarray> arrays;
  for (size_t i = 0; i < like.size(); ++i)
    arrays.push_back(
        ndarray(traced(like[i].shape(), like[i].dtype(), values[i])));
  return arrays;
}

mlir::OwningOpRef<mlir::ModuleOp>
Tracer::finish(const std::vector<ndarray> &results) {
  llvm::SmallVector<mlir::Value> values = valuesOf(results);
  mlir::func::ReturnOp::create(builder, builder.getUnknownLoc(), values);
  auto fn = mlir::cast<mlir::func::FuncOp>(function);
  fn.setFunctionType(builder.getFunctionType(
      fn.front().getArgumentTypes(), mlir::ValueRange(values).getTypes()));
  // The function has ended: what runs from now on is not part of it.
  current = previous;
  return std::move(module);
}
