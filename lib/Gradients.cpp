//===- Gradients.cpp - grad, vjp and jacobians of recorded functions ------===//
//
// tnp::grad and its kin record f with a tracer nested in the active trace
// (the eager API traces the derivative itself: include/tnp/autodiff.h), run
// tnp-autodiff on the record, and inline the derivative into the trace.
//
//===----------------------------------------------------------------------===//

#include "lib/Gradients.h"

#include <tnp/autodiff.h>
#include <tnp/control_flow.h>
#include <tnp/creation.h>
#include <tnp/errors.h>
#include <tnp/indexing.h>
#include <tnp/manipulation.h>
#include <tnp/math.h>
#include <tnp/vectorize.h>

#include "lib/ArrayImpl.h"
#include "lib/CompiledTrace.h"
#include "lib/Format.h"
#include "lib/Session.h"
#include "lib/Tracer.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"
#include "runtime/CachePolicy.h"
#include "runtime/CompileCache.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace tnp;
using namespace tnp::detail;

namespace {

std::string typeString(const ndarray &a) {
  return "shape " + formatShape(a.shape()) + " and dtype " +
         std::string(a.dtype().name());
}

/// `a` as an ordinary array: a weak (C++ scalar) array is static under
/// tracing, not an argument.
ndarray strong(const ndarray &a) {
  const ArrayImpl &impl = implOf(a);
  if (!impl.weak)
    return a;
  auto copy = std::make_shared<ArrayImpl>(impl);
  copy->weak = false;
  return ndarray(std::move(copy));
}

} // namespace

bool tnp::detail::tracing() { return activeTracer() != nullptr; }

void tnp::detail::differentiate(mlir::ModuleOp module,
                                const std::vector<unsigned> &wrt, bool vjp) {
  auto fn = mlir::cast<mlir::func::FuncOp>(module.getBody()->front());
  mlir::tnp::TnpAutodiffPassOptions options;
  options.function = fn.getName().str();
  options.wrt.assign(wrt.begin(), wrt.end());
  options.vjp = vjp;
  options.name = fn.getName().str() + "_derivative";
  Session::get().runPasses(module, [&](mlir::OpPassManager &pm) {
    mlir::tnp::buildTnpGradientPipeline(pm, options);
  });
  module.lookupSymbol(options.function)->erase();
}

std::vector<ndarray>
tnp::detail::callFunction(mlir::ModuleOp module,
                          const std::vector<ndarray> &inputs) {
  mlir::Operation *fn = &module.getBody()->front();
  if (Tracer *tracer = activeTracer())
    return tracer->inlineCall(fn, inputs);
  static std::mutex mutex;
  // Keyed by the digest of the function's text, which can be long.
  static runtime::LruCache<std::string, std::shared_ptr<const CompiledTrace>>
      cache;
  std::string text;
  llvm::raw_string_ostream(text) << module;
  // Compiled for the CPU or for the GPU calls run on now.
  std::string key = runtime::CacheKey::ofContents(text).hex() + " " +
                    std::to_string(placedGpu());
  std::shared_ptr<const CompiledTrace> compiled;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (std::shared_ptr<const CompiledTrace> *found = cache.find(key)) {
      compiled = *found;
    } else {
      // Compiling lowers the module in place: it compiles a copy.
      mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
      compiled = cache.insert(key, compileFunction(*copy, std::move(text)));
    }
  }
  std::vector<ndarray> arguments;
  for (const ndarray &a : inputs)
    arguments.push_back(strong(a));
  return runTrace(*compiled, arguments);
}

struct FunctionTransform::State {
  std::string api;
  std::vector<ndarray> leaves;
  std::unique_ptr<Tracer> tracer;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// The derivative's arguments before the cotangents: the array leaves,
  /// then the captures of f.
  std::vector<ndarray> inputs;
  std::vector<ndarray> outputs;
  bool vjp = false;
};

FunctionTransform::FunctionTransform(const char *api,
                                     const std::vector<ndarray> &leaves)
    : state(std::make_unique<State>()) {
  state->api = api;
  state->leaves = leaves;
  if (!activeTracer())
    throw ValueError(state->api + ": records only inside a trace");
  state->tracer = std::make_unique<Tracer>("f");
}

FunctionTransform::~FunctionTransform() = default;

std::vector<ndarray>
FunctionTransform::arguments(const std::vector<std::optional<int64_t>> &axes) {
  std::vector<ndarray> traced;
  for (size_t i = 0; i < state->leaves.size(); ++i) {
    const ndarray &leaf = state->leaves[i];
    if (leaf.is_weak()) {
      traced.push_back(leaf);
      continue;
    }
    shape_t shape = leaf.shape();
    if (i < axes.size() && axes[i])
      shape.erase(shape.begin() + *axes[i]);
    traced.push_back(state->tracer->addArgument(shape, leaf.dtype()));
  }
  return traced;
}

void FunctionTransform::finishBatched(
    const std::vector<ndarray> &outputs,
    const std::vector<std::optional<int64_t>> &axes,
    const std::vector<int64_t> &outAxes, int64_t size, bool fallback) {
  state->outputs = outputs;
  state->module = state->tracer->finish(outputs);
  std::vector<int64_t> inAxes;
  for (size_t i = 0; i < state->leaves.size(); ++i)
    if (!state->leaves[i].is_weak()) {
      state->inputs.push_back(state->leaves[i]);
      inAxes.push_back(i < axes.size() && axes[i] ? *axes[i] : -1);
    }
  for (const ndarray &c : state->tracer->captures()) {
    state->inputs.push_back(c);
    inAxes.push_back(-1);
  }
  batch(*state->module, inAxes, outAxes, size, fallback, state->api);
}

void FunctionTransform::finish(const std::vector<ndarray> &outputs,
                               const std::vector<size_t> &wrt, bool vjp) {
  const std::string &api = state->api;
  std::vector<unsigned> positions;
  for (size_t l : wrt) {
    const ndarray &leaf = state->leaves[l];
    if (leaf.is_weak())
      throw TypeError(api + ": a differentiated argument is a C++ scalar, "
                            "static under tracing; pass it as an ndarray");
    if (leaf.dtype().is_complex())
      throw NotImplementedError(api + ": complex inputs are not "
                                      "differentiated yet");
    if (!leaf.dtype().is_floating())
      throw TypeError(api +
                      " requires float inputs, but a differentiated "
                      "argument has dtype " +
                      std::string(leaf.dtype().name()) +
                      "; integer and bool arrays have no gradient");
    unsigned position = 0;
    for (size_t i = 0; i < l; ++i)
      position += !state->leaves[i].is_weak();
    positions.push_back(position);
  }
  if (!vjp) {
    if (outputs.size() != 1 || outputs[0].ndim() != 0)
      throw TypeError(api +
                      ": gradient only defined for scalar-output "
                      "functions; output had " +
                      (outputs.size() == 1
                           ? "shape " + formatShape(outputs[0].shape())
                           : std::to_string(outputs.size()) + " arrays"));
    if (!outputs[0].dtype().is_floating())
      throw TypeError(api + " requires a float output, but got " +
                      std::string(outputs[0].dtype().name()));
  }
  state->outputs = outputs;
  state->vjp = vjp;
  state->module = state->tracer->finish(outputs);
  for (const ndarray &leaf : state->leaves)
    if (!leaf.is_weak())
      state->inputs.push_back(leaf);
  for (const ndarray &c : state->tracer->captures())
    state->inputs.push_back(c);
  differentiate(*state->module, positions, vjp);
}

std::vector<ndarray>
FunctionTransform::call(const std::vector<ndarray> &cotangents) const {
  std::vector<ndarray> inputs = state->inputs;
  if (state->vjp) {
    if (cotangents.size() != state->outputs.size())
      throw ValueError(state->api + ": got " +
                       std::to_string(cotangents.size()) +
                       " cotangent(s) for " +
                       std::to_string(state->outputs.size()) + " output(s)");
    for (size_t i = 0; i < cotangents.size(); ++i) {
      const ndarray &ct = cotangents[i], &out = state->outputs[i];
      if (ct.shape() != out.shape() || ct.dtype() != out.dtype())
        throw ValueError(state->api + ": the cotangent of output " +
                         std::to_string(i) + " has " + typeString(ct) +
                         "; the output has " + typeString(out));
      inputs.push_back(ct);
    }
  }
  return callFunction(*state->module, inputs);
}

ndarray tnp::detail::jacobianRows(
    const std::function<ndarray(const ndarray &)> &pullback,
    const shape_t &shape, tnp::dtype dtype, const shape_t &inShape,
    bool batched) {
  shape_t rowShape(shape.begin() + (batched ? 1 : 0), shape.end());
  int64_t n = numElements(rowShape);
  auto oneHot = [&](const ndarray &k) {
    ndarray hot = (arange(n) == k).astype(dtype).reshape(rowShape);
    return batched ? broadcast_to(expand_dims(hot, 0), shape) : hot;
  };
  shape_t full = shape;
  full.insert(full.end(), inShape.begin() + (batched ? 1 : 0), inShape.end());
  int64_t axis = batched ? 1 : 0;
  if (!activeTracer()) {
    std::vector<ndarray> rows;
    for (int64_t k = 0; k < n; ++k)
      rows.push_back(pullback(oneHot(asarray(k))));
    return stack(rows, axis).reshape(full);
  }
  // Traced: the VJP batched over the one-hot cotangents (vmap of the
  // pullback), one computation for all rows. Ops without a batching rule
  // loop inside it.
  shape_t basisShape = shape, oneRow = rowShape;
  basisShape.insert(basisShape.begin(), n);
  if (batched)
    oneRow.insert(oneRow.begin(), 1);
  oneRow.insert(oneRow.begin(), n);
  ndarray basis = broadcast_to(identity(n, dtype).reshape(oneRow), basisShape);
  ndarray rows = vmap([&](const ndarray &ct) { return pullback(ct); }, {0},
                      {axis}, /*fallback_to_while_loop=*/true)(basis);
  return rows.reshape(full);
}
