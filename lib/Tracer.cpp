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
#include "mlir/IR/IRMapping.h"

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

namespace {
/// Takes over the calls that read a traced array: the active tracer records
/// them. An array of an enclosing trace is a capture of the active one.
struct TraceInterpreter final : CallInterpreter {
  TraceInterpreter() { registerInterpreter(*this); }
  std::shared_ptr<ArrayImpl> process(const Call &call) override {
    for (int i = 0; i < call.numInputs; ++i) {
      const ArrayImpl &input = *call.inputs[i];
      if (!input.tracer)
        continue;
      if (!current ||
          (!current->holds(input) && !current->startedIn(input.tracer)))
        throw ValueError("tnp::trace: an array traced by a function was used "
                         "outside it (it escaped, say through a capture)");
      return current->record(call);
    }
    return nullptr;
  }
  void observe(const Call &, const ArrayImpl &) override {}
};
TraceInterpreter traceInterpreter;
} // namespace

uint64_t tnp::detail::activeTraceId() { return current ? current->id() : 0; }

Tracer::Tracer(const std::string &name, bool activate)
    : ownContext(current ? nullptr : Session::get().newContext()),
      ctx(current ? current->ctx : ownContext.get()), builder(ctx),
      traceId(nextTraceId()), previous(current), active(activate) {
  mlir::Location loc = mlir::UnknownLoc::get(ctx);
  module = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  auto fn = mlir::func::FuncOp::create(builder, loc, name,
                                       builder.getFunctionType({}, {}));
  mlir::tnp::setPromotionOptions(fn, currentPromotion());
  function = fn;
  builder.setInsertionPointToEnd(fn.addEntryBlock());
  if (active)
    current = this;
}

Tracer::~Tracer() {
  if (current == this)
    current = previous;
  // The module lives in the context: it goes first.
  module = nullptr;
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
  mlir::BlockArgument arg = body.insertArgument(
      numArguments++, tensorTypeOf(ctx, shape, dtype), builder.getUnknownLoc());
  return ndarray(traced(shape, dtype, arg));
}

mlir::Value Tracer::constant(const ArrayImpl &a) {
  auto type = tensorTypeOf(ctx, a.shape, a.dtype);
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

void Tracer::bindArgument(const ArrayImpl &a) {
  if (holds(a))
    return;
  mlir::Block &body = mlir::cast<mlir::func::FuncOp>(function).front();
  bound[&a] =
      body.insertArgument(numArguments++, tensorTypeOf(ctx, a.shape, a.dtype),
                          builder.getUnknownLoc());
  boundArrays.push_back(a.shared_from_this());
}

bool Tracer::holds(const ArrayImpl &a) const {
  return a.tracer == this || bound.count(&a);
}

bool Tracer::startedIn(const Tracer *outer) const {
  for (const Tracer *t = previous; t; t = t->previous)
    if (t == outer)
      return true;
  return false;
}

mlir::Value Tracer::valueOf(const ArrayImpl &a) {
  if (a.tracer == this)
    return mlir::Value::getFromOpaquePointer(a.value);
  if (auto it = bound.find(&a); it != bound.end())
    return it->second;
  if (a.tracer && !startedIn(a.tracer))
    throw ValueError("tnp::trace: an array traced by another trace (one "
                     "that escaped its function) was used");
  if ((a.madeInTrace == traceId || a.weak) && a.size <= kMaxConstantElements)
    return constant(a);
  auto [it, added] = captureIndex.try_emplace(&a, captured.size());
  mlir::Block &body = mlir::cast<mlir::func::FuncOp>(function).front();
  if (added) {
    captured.push_back(ndarray(a.shared_from_this()));
    body.addArgument(tensorTypeOf(ctx, a.shape, a.dtype),
                     builder.getUnknownLoc());
  }
  return body.getArgument(numArguments + it->second);
}

mlir::Value Tracer::build(const Call &call) {
  llvm::SmallVector<mlir::Value, kMaxInputs> inputs;
  for (int i = 0; i < call.numInputs; ++i)
    inputs.push_back(valueOf(*call.inputs[i]));
  auto result = tensorTypeOf(ctx, call.resultShape, call.resultDType);
  mlir::Value value =
      call.build(builder, builder.getUnknownLoc(), inputs.data(),
                 call.numInputs, call.attrs.data(), call.numAttrs, result);
  if (value.getType() != result)
    value = mlir::tensor::CastOp::create(builder, builder.getUnknownLoc(),
                                         result, value);
  return value;
}

std::shared_ptr<ArrayImpl> Tracer::record(const Call &call) {
  return traced(call.resultShape, call.resultDType, build(call));
}

void Tracer::recordBound(const Call &call, const ArrayImpl &out) {
  // An op of a trace this one did not start in is not run now: the call of
  // that trace's compiled code is where a tape has to look (runTrace).
  for (int i = 0; i < call.numInputs; ++i)
    if (Tracer *t = call.inputs[i]->tracer; t && t != this && !startedIn(t))
      return;
  for (int i = 0; i < call.numInputs; ++i)
    if (holds(*call.inputs[i])) {
      bound[&out] = build(call);
      boundArrays.push_back(out.shared_from_this());
      return;
    }
}

mlir::OwningOpRef<mlir::ModuleOp>
Tracer::snapshot(const std::vector<ndarray> &results) {
  llvm::SmallVector<mlir::Value> values = valuesOf(results);
  mlir::IRMapping map;
  mlir::OwningOpRef<mlir::ModuleOp> copy(
      mlir::cast<mlir::ModuleOp>(module->getOperation()->clone(map)));
  auto fn = mlir::cast<mlir::func::FuncOp>(copy->getBody()->front());
  mlir::OpBuilder b = mlir::OpBuilder::atBlockEnd(&fn.front());
  llvm::SmallVector<mlir::Value> mapped;
  for (mlir::Value v : values)
    mapped.push_back(map.lookupOrDefault(v));
  mlir::func::ReturnOp::create(b, b.getUnknownLoc(), mapped);
  fn.setFunctionType(b.getFunctionType(fn.front().getArgumentTypes(),
                                       mlir::ValueRange(mapped).getTypes()));
  return copy;
}

std::vector<ndarray> Tracer::inlineCall(mlir::Operation *op,
                                        const std::vector<ndarray> &inputs) {
  auto fn = mlir::cast<mlir::func::FuncOp>(op);
  mlir::IRMapping map;
  map.map(fn.getArguments(), valuesOf(inputs));
  for (mlir::Operation &inner : fn.front().without_terminator())
    builder.clone(inner, map);
  std::vector<ndarray> results;
  for (mlir::Value v : fn.front().getTerminator()->getOperands()) {
    mlir::Value value = map.lookupOrDefault(v);
    auto type = mlir::cast<mlir::RankedTensorType>(value.getType());
    results.push_back(ndarray(traced(
        shape_t(type.getShape()), fromMlirType(type.getElementType()), value)));
  }
  return results;
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
  if (current == this)
    current = previous;
  return std::move(module);
}
