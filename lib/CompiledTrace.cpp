//===- CompiledTrace.cpp - tnp::trace: trace, compile, call ---------------===//
//
// A trace's function is compiled and called in the runtime's one calling
// convention (runtime/CallingConvention.h), as eager kernels are: the caller
// allocates each result (its shape is the trace's) and passes it last.
//
//===----------------------------------------------------------------------===//

#include <tnp/trace.h>

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/CompiledTrace.h"
#include "lib/DTypes.h"
#include "lib/Format.h"
#include "lib/GpuArrays.h"
#include "lib/GradientTape.h"
#include "lib/Session.h"
#include "lib/SymbolicSizes.h"
#include "lib/Tracer.h"
#include "runtime/CachePolicy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>

using namespace tnp;
using namespace tnp::detail;

namespace tnp::detail {

struct CompiledTrace {
  std::optional<CompiledCode> code;
  /// The recorded function, as tnp-opt reads it.
  std::string tracedIR;
  CompileOptions options;
  std::vector<ndarray> captures;
  /// The results' shapes: -1 - g for a dimension of dynamic group g.
  std::vector<std::pair<shape_t, tnp::dtype>> results;
  /// Where each dynamic group's size is read at a call: (array argument,
  /// dimension).
  std::vector<std::pair<size_t, size_t>> groups;
  compile_times times;
};

struct TraceCompiler::State {
  /// What a trace gives the dynamic groups: their symbols (two sets of
  /// them, one trace each), or the call's own sizes (to tell whose error
  /// a failure at the symbols is).
  enum class Pass { Symbols, OtherSymbols, CallSizes };
  std::chrono::steady_clock::time_point start;
  trace_options options;
  std::vector<ndarray> leaves;
  /// Per array argument and dimension: its dynamic group, or -1.
  std::vector<std::vector<int>> groupOf;
  std::vector<std::pair<size_t, size_t>> groups;
  Pass pass = Pass::Symbols;
  std::unique_ptr<Tracer> tracer;
  std::vector<ndarray> outputs;
  /// The function traced at the first symbols, with dynamic dimensions.
  std::string firstIR;
  /// Why f failed at the symbols.
  std::string failure;

  /// The symbol of each group in this pass.
  std::vector<int64_t> symbols() const;
  /// Starts tracing afresh for `next`.
  void restart(Pass next);
  /// Ends the trace: its function, with the symbols' dimensions dynamic.
  mlir::OwningOpRef<mlir::ModuleOp> finishTrace();
};

} // namespace tnp::detail

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string print(mlir::Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

/// Compiles `module`'s one function into `trace`; `trace.tracedIR` is its
/// text.
void compileInto(CompiledTrace &trace, mlir::ModuleOp module) {
  Session &session = Session::get();
  CompileTimes times;
  {
    std::lock_guard<std::mutex> lock(session.mutex());
    trace.code =
        session.compile(module, trace.options, &times, &trace.tracedIR);
  }
  trace.times.to_linalg = times.toLinalg;
  trace.times.to_llvm = times.toLLVM;
  trace.times.codegen = times.codegen;
}

} // namespace

namespace {

/// The array arguments (weak leaves are static, not arguments).
std::vector<const ArrayImpl *>
arrayArguments(const std::vector<ndarray> &leaves) {
  std::vector<const ArrayImpl *> arrays;
  for (const ndarray &leaf : leaves)
    if (!implOf(leaf).weak)
      arrays.push_back(&implOf(leaf));
  return arrays;
}

std::string specString(const tensor_spec &spec) {
  std::string s = "(";
  for (size_t d = 0; d < spec.shape.size(); ++d)
    s += (d ? ", " : "") + (spec.shape[d] < 0 ? std::string("None")
                                              : std::to_string(spec.shape[d]));
  return s + (spec.shape.size() == 1 ? ",) " : ") ") +
         std::string(spec.dtype.name());
}

/// TypeError unless the input signature accepts the call's arrays.
void checkSignature(const std::vector<const ArrayImpl *> &arrays,
                    const std::vector<tensor_spec> &signature) {
  if (arrays.size() != signature.size())
    throw TypeError("tnp::trace: the input signature has " +
                    std::to_string(signature.size()) +
                    " array(s), the call passes " +
                    std::to_string(arrays.size()));
  for (size_t i = 0; i < arrays.size(); ++i) {
    const ArrayImpl &a = *arrays[i];
    const tensor_spec &spec = signature[i];
    bool ok = a.dtype == spec.dtype && a.shape.size() == spec.shape.size();
    for (size_t d = 0; ok && d < a.shape.size(); ++d)
      ok = spec.shape[d] < 0 || spec.shape[d] == a.shape[d];
    if (!ok)
      throw TypeError(
          "tnp::trace: array argument " + std::to_string(i) + " of shape " +
          to_string(a.shape) + " and dtype " + std::string(a.dtype.name()) +
          " does not match the input signature " + specString(spec));
  }
}

/// The dynamic groups of a call: dynamic dimensions of equal size share one.
/// Returns each dimension's group (-1: static) and each group's first
/// (argument, dimension).
std::vector<std::vector<int>>
dynamicGroups(const std::vector<const ArrayImpl *> &arrays,
              const std::vector<tensor_spec> &signature,
              std::vector<std::pair<size_t, size_t>> &groups) {
  std::vector<std::vector<int>> groupOf;
  std::vector<int64_t> sizes;
  for (size_t i = 0; i < arrays.size(); ++i) {
    groupOf.emplace_back(arrays[i]->shape.size(), -1);
    for (size_t d = 0; signature.size() && d < arrays[i]->shape.size(); ++d) {
      if (signature[i].shape[d] >= 0)
        continue;
      int64_t size = arrays[i]->shape[d];
      auto it = std::find(sizes.begin(), sizes.end(), size);
      groupOf[i][d] = it - sizes.begin();
      if (it == sizes.end()) {
        sizes.push_back(size);
        groups.push_back({i, d});
      }
    }
  }
  return groupOf;
}

} // namespace

namespace {
/// The traced functions this thread is tracing or recording inline, with
/// their call signatures.
thread_local std::vector<std::pair<const void *, std::string>> activeTraces;
} // namespace

tnp::detail::ActiveTrace::ActiveTrace(const void *fn,
                                      const std::string &structure,
                                      const std::vector<ndarray> &leaves) {
  std::string signature = structure;
  for (const ndarray &leaf : leaves) {
    signature += formatShape(leaf.shape()) + std::string(leaf.dtype().name());
    if (leaf.is_weak())
      signature += "=" + repr(leaf);
    signature += ";";
  }
  for (const auto &[active, activeSignature] : activeTraces)
    if (active == fn && activeSignature == signature)
      throw RuntimeError(
          "trace: the traced function calls itself, while being traced, "
          "with the same shapes, dtypes and scalars as the call being "
          "traced: that recursion never ends (recurse on smaller shapes or "
          "scalars, or loop with fori_loop or while_loop)");
  activeTraces.emplace_back(fn, std::move(signature));
}

tnp::detail::ActiveTrace::~ActiveTrace() { activeTraces.pop_back(); }

std::string tnp::detail::arraySignature(const std::vector<ndarray> &leaves,
                                        const trace_options &options) {
  // Raw bytes, no formatting: this runs on every call of a traced function.
  std::string key(1, static_cast<char>(promotionCode(currentPromotion())));
  // Compiled for the CPU or for the GPU calls run on now.
  key += static_cast<char>(placedGpu() + 1);
  std::vector<std::vector<int>> groupOf;
  if (!options.input_signature.empty()) {
    std::vector<const ArrayImpl *> arrays = arrayArguments(leaves);
    checkSignature(arrays, options.input_signature);
    std::vector<std::pair<size_t, size_t>> groups;
    groupOf = dynamicGroups(arrays, options.input_signature, groups);
  }
  size_t argument = 0;
  for (const ndarray &leaf : leaves) {
    const ArrayImpl &a = implOf(leaf);
    key += static_cast<char>(a.dtype.index());
    key += static_cast<char>(a.shape.size() | (a.weak ? 0x80 : 0));
    if (a.weak) {
      key.append(reinterpret_cast<const char *>(a.shape.data()),
                 a.shape.size() * sizeof(int64_t));
      key.append(static_cast<const char *>(a.data()), a.dtype.itemsize());
      continue;
    }
    for (size_t d = 0; d < a.shape.size(); ++d) {
      // A dynamic dimension is keyed by its group, not its size.
      int64_t v = groupOf.empty() || groupOf[argument][d] < 0
                      ? a.shape[d]
                      : -1 - groupOf[argument][d];
      key.append(reinterpret_cast<const char *>(&v), sizeof(v));
    }
    ++argument;
  }
  return key;
}

bool tnp::detail::anyTraced(const std::vector<ndarray> &leaves) {
  for (const ndarray &leaf : leaves)
    if (implOf(leaf).tracer)
      return true;
  return false;
}

std::vector<int64_t> TraceCompiler::State::symbols() const {
  // Large, odd and apart, so that no other size of the function is taken
  // for one; the second set differs from the first in every size derived
  // from one (S - 1, 2 * S, a number made from S).
  int64_t base = pass == Pass::Symbols ? 1000003 : 2000003;
  std::vector<int64_t> result;
  for (size_t g = 0; g < groups.size(); ++g)
    result.push_back(base + 2 * static_cast<int64_t>(g));
  return result;
}

void TraceCompiler::State::restart(Pass next) {
  // The old tracer goes first: if f failed, it is still the active one.
  tracer.reset();
  tracer = std::make_unique<Tracer>(options.name);
  pass = next;
}

mlir::OwningOpRef<mlir::ModuleOp> TraceCompiler::State::finishTrace() {
  mlir::OwningOpRef<mlir::ModuleOp> module = tracer->finish(outputs);
  if (!groups.empty())
    makeSizesDynamic(*module, arrayArguments(leaves).size(), symbols());
  return module;
}

TraceCompiler::TraceCompiler(const trace_options &options,
                             const std::vector<ndarray> &leaves)
    : state(std::make_unique<State>()) {
  state->start = Clock::now();
  state->options = options;
  state->leaves = leaves;
  state->groupOf = dynamicGroups(arrayArguments(leaves),
                                 options.input_signature, state->groups);
  state->tracer = std::make_unique<Tracer>(options.name);
}

TraceCompiler::~TraceCompiler() = default;

std::vector<ndarray> TraceCompiler::arguments() {
  std::vector<ndarray> traced;
  std::vector<int64_t> symbols = state->symbols();
  size_t argument = 0;
  for (const ndarray &leaf : state->leaves) {
    if (leaf.is_weak()) {
      traced.push_back(leaf);
      continue;
    }
    shape_t shape = leaf.shape();
    for (size_t d = 0; d < shape.size(); ++d)
      if (int g = state->groupOf[argument][d];
          g >= 0 && state->pass != State::Pass::CallSizes)
        shape[d] = symbols[g];
    traced.push_back(state->tracer->addArgument(shape, leaf.dtype()));
    ++argument;
  }
  return traced;
}

bool TraceCompiler::again(const std::vector<ndarray> &outputs) {
  state->outputs = outputs;
  switch (state->pass) {
  case State::Pass::CallSizes:
    throwNotDynamic("fails at another size: " + state->failure);
  case State::Pass::Symbols:
    if (state->groups.empty())
      return false;
    // A second trace at other symbols finds what the first cannot: sizes
    // computed from a symbol differ between the two.
    state->firstIR = print(*state->finishTrace());
    state->restart(State::Pass::OtherSymbols);
    return true;
  case State::Pass::OtherSymbols:
    return false;
  }
  return false;
}

bool TraceCompiler::failed(const std::exception &e) {
  if (state->groups.empty() || state->pass == State::Pass::CallSizes)
    return false;
  state->failure = e.what();
  state->restart(State::Pass::CallSizes);
  return true;
}

std::shared_ptr<const CompiledTrace> TraceCompiler::finish() {
  auto trace = std::make_shared<CompiledTrace>();
  mlir::OwningOpRef<mlir::ModuleOp> module = state->finishTrace();
  trace->captures = state->tracer->captures();
  trace->groups = state->groups;
  trace->options.optLevel = state->options.opt_level;
  trace->options.gpu = placedGpu();
  trace->tracedIR = print(*module);
  if (!state->groups.empty() && trace->tracedIR != state->firstIR)
    throwNotDynamic("is computed with, so that the traced function "
                    "differs from size to size");
  std::vector<int64_t> symbols = state->symbols();
  for (size_t i = 0; i < state->outputs.size(); ++i) {
    shape_t shape = state->outputs[i].shape();
    for (int64_t &d : shape)
      if (auto it = llvm::find(symbols, d); it != symbols.end())
        d = -1 - (it - symbols.begin());
    trace->results.push_back({std::move(shape), state->outputs[i].dtype()});
  }
  trace->times.trace = secondsSince(state->start);
  try {
    compileInto(*trace, *module);
  } catch (const CompileError &e) {
    // The same function compiles with static sizes: the lowering needs
    // one of these (a broadcast to a dynamic size that no operand has).
    if (state->groups.empty())
      throw;
    throwNotDynamic(std::string("is a size the compiled function cannot "
                                "know from its arguments: ") +
                    e.what());
  }
  return trace;
}

std::shared_ptr<const CompiledTrace>
tnp::detail::compileFunction(mlir::ModuleOp module, std::string text) {
  auto trace = std::make_shared<CompiledTrace>();
  trace->tracedIR = std::move(text);
  trace->options.gpu = placedGpu();
  auto fn = mlir::cast<mlir::func::FuncOp>(module.getBody()->front());
  for (mlir::Type type : fn.getResultTypes()) {
    auto tensor = mlir::cast<mlir::RankedTensorType>(type);
    trace->results.push_back(
        {shape_t(tensor.getShape()), fromMlirType(tensor.getElementType())});
  }
  compileInto(*trace, module);
  return trace;
}

struct TraceEntries::Impl {
  runtime::LruCache<std::string, Entry> entries;
};

TraceEntries::TraceEntries() : impl(std::make_unique<Impl>()) {}
TraceEntries::~TraceEntries() = default;

const TraceEntries::Entry *TraceEntries::find(const std::string &key) {
  return impl->entries.find(key);
}

void TraceEntries::insert(const std::string &key, Entry entry) {
  impl->entries.insert(key, std::move(entry));
}

std::vector<ndarray> tnp::detail::runTrace(const CompiledTrace &trace,
                                           const std::vector<ndarray> &leaves) {
  if (tapesRecording()) {
    checkUntaped(leaves, "a call of a compiled (tnp::trace) function");
    checkUntaped(trace.captures, "a call of a compiled (tnp::trace) function");
  }
  llvm::SmallVector<const ArrayImpl *, 8> all;
  for (const ndarray &leaf : leaves)
    if (!implOf(leaf).weak)
      all.push_back(&implOf(leaf));
  for (const ndarray &c : trace.captures)
    all.push_back(&implOf(c));
  // On a GPU, operands elsewhere are copied there for the call.
  int gpu = trace.options.gpu;
  std::vector<std::shared_ptr<ArrayImpl>> copies;
  if (gpu >= 0)
    moveToGpu(all, gpu, copies);
  std::vector<std::shared_ptr<ArrayImpl>> results;
  size_t arguments = all.size() - trace.captures.size();
  for (const auto &[traced, dtype] : trace.results) {
    shape_t shape = traced;
    for (int64_t &d : shape)
      if (d < 0) {
        auto [argument, dim] = trace.groups[-1 - d];
        d = argument < arguments ? all[argument]->shape[dim] : 0;
      }
    results.push_back(gpu >= 0 ? allocateOnGpu(std::move(shape), dtype, gpu)
                               : allocateArray(std::move(shape), dtype));
    all.push_back(results.back().get());
  }
  if (gpu >= 0) {
    callOnGpu(trace.code->function, all, gpu);
  } else {
    llvm::SmallVector<runtime::ArrayView, 8> views;
    for (const ArrayImpl *a : all) {
      runtime::ArrayView view;
      view.data = a->data();
      view.shape = a->shape;
      view.dtype = a->dtype;
      views.push_back(view);
    }
    callCompiled(trace.code->function, views);
  }
  std::vector<ndarray> outputs;
  outputs.reserve(results.size());
  for (std::shared_ptr<ArrayImpl> &result : results)
    outputs.push_back(ndarray(std::move(result)));
  return outputs;
}

std::string tnp::detail::traceIR(const CompiledTrace &trace, ir_stage stage) {
  if (stage == ir_stage::traced)
    return trace.tracedIR;
  Session &session = Session::get();
  std::lock_guard<std::mutex> lock(session.mutex());
  std::unique_ptr<mlir::MLIRContext> ctx = session.newContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(trace.tracedIR, ctx.get());
  if (!module)
    throw CompileError("tnp: cannot parse a trace's own IR");
  session.lower(*module, stage == ir_stage::linalg ? 1 : 2, trace.options);
  return print(*module);
}

compile_times tnp::detail::traceTimes(const CompiledTrace &trace) {
  return trace.times;
}
