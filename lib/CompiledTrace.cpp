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
#include "lib/GradientTape.h"
#include "lib/Session.h"
#include "lib/Tracer.h"
#include "runtime/CachePolicy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
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
  std::chrono::steady_clock::time_point start;
  trace_options options;
  std::vector<ndarray> leaves;
  /// Per array argument and dimension: its dynamic group, or -1.
  std::vector<std::vector<int>> groupOf;
  std::vector<std::pair<size_t, size_t>> groups;
  int pass = 0, passes = 1;
  std::unique_ptr<Tracer> tracer;
  std::vector<ndarray> outputs;
  /// The first trace's IR, when there are two.
  std::string firstIR;
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

/// The size dynamic group `g` has in the second trace: large and odd, so
/// that no other size is mistaken for it.
int64_t sentinel(int g) { return 1000003 + 2 * g; }

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

TraceCompiler::TraceCompiler(const trace_options &options,
                             const std::vector<ndarray> &leaves)
    : state(std::make_unique<State>()) {
  state->start = Clock::now();
  state->options = options;
  state->leaves = leaves;
  state->groupOf = dynamicGroups(arrayArguments(leaves),
                                 options.input_signature, state->groups);
  // Dynamic dimensions are found by tracing twice, each group at a probe
  // size and at a sentinel size: what differs is what depends on it.
  state->passes = state->groups.empty() ? 1 : 2;
  state->tracer = std::make_unique<Tracer>(options.name);
}

TraceCompiler::~TraceCompiler() = default;

int64_t TraceCompiler::probeSize(int g) const {
  // The call's size, so that f's errors are the user's; but 0 and 1, which
  // NumPy's rules treat apart (1 broadcasts), stand for no other size.
  auto [argument, dim] = state->groups[g];
  int64_t size = arrayArguments(state->leaves)[argument]->shape[dim];
  return size >= 2 ? size : sentinel(g) + 1;
}

std::vector<ndarray> TraceCompiler::arguments() {
  std::vector<ndarray> traced;
  size_t argument = 0;
  for (const ndarray &leaf : state->leaves) {
    if (leaf.is_weak()) {
      traced.push_back(leaf);
      continue;
    }
    shape_t shape = leaf.shape();
    for (size_t d = 0; d < shape.size(); ++d)
      if (int g = state->groupOf[argument][d]; g >= 0)
        shape[d] = state->pass == 0 ? probeSize(g) : sentinel(g);
    traced.push_back(state->tracer->addArgument(shape, leaf.dtype()));
    ++argument;
  }
  return traced;
}

bool TraceCompiler::again(const std::vector<ndarray> &outputs) {
  state->outputs = outputs;
  if (state->pass + 1 == state->passes)
    return false;
  state->firstIR = print(*state->tracer->finish(outputs));
  state->tracer = std::make_unique<Tracer>(state->options.name);
  ++state->pass;
  return true;
}

namespace {

[[noreturn]] void throwNotDynamic(const std::string &why) {
  throw ValueError("tnp::trace: a dimension the input signature leaves "
                   "dynamic (-1) " +
                   why +
                   " (a reshape, slice, iota or concatenation along it, or an "
                   "array made from its size); give it a size in the "
                   "signature");
}

/// The second trace's `ir` with each group's sentinel size, where it is a
/// tensor dimension, written as `size(g)`; ValueError if one is left
/// anywhere else.
std::string substituteSizes(std::string ir, size_t groups,
                            const std::function<std::string(size_t)> &size) {
  for (size_t g = 0; g < groups; ++g) {
    std::string s = std::to_string(sentinel(g)), by = size(g);
    for (size_t at = ir.find(s); at != std::string::npos;
         at = ir.find(s, at + by.size())) {
      char before = at ? ir[at - 1] : ' ', after = ir[at + s.size()];
      if ((before != '<' && before != 'x') || after != 'x')
        throwNotDynamic("sets a value in the function");
      ir.replace(at, s.size(), by);
    }
  }
  return ir;
}

} // namespace

void TraceCompiler::failed(const std::exception &e) {
  if (state->pass == 1)
    throwNotDynamic(std::string("fails at another size: ") + e.what());
}

std::shared_ptr<const CompiledTrace> TraceCompiler::finish() {
  auto trace = std::make_shared<CompiledTrace>();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      state->tracer->finish(state->outputs);
  trace->captures = state->tracer->captures();
  trace->groups = state->groups;
  trace->options.optLevel = state->options.opt_level;
  trace->tracedIR = print(*module);
  for (size_t i = 0; i < state->outputs.size(); ++i)
    trace->results.push_back(
        {state->outputs[i].shape(), state->outputs[i].dtype()});
  if (state->passes == 2) {
    // The two traces agree where the sentinel is the call's size: then
    // nothing but those dimensions depends on it, and they become dynamic.
    size_t groups = state->groups.size();
    auto callSize = [&](size_t g) { return std::to_string(probeSize(g)); };
    if (substituteSizes(trace->tracedIR, groups, callSize) != state->firstIR)
      throwNotDynamic("changes the function's shapes in another way");
    std::string ir = substituteSizes(trace->tracedIR, groups,
                                     [](size_t) { return std::string("?"); });
    for (const ndarray &c : trace->captures)
      for (size_t g = 0; g < groups; ++g)
        if (llvm::is_contained(c.shape(), sentinel(g)))
          throwNotDynamic("sizes an array made while tracing");
    for (auto &[shape, dtype] : trace->results)
      for (int64_t &d : shape)
        for (size_t g = 0; g < groups; ++g)
          if (d == sentinel(g))
            d = -1 - static_cast<int64_t>(g);
    module =
        mlir::parseSourceString<mlir::ModuleOp>(ir, &state->tracer->context());
    if (!module)
      throwNotDynamic("cannot be typed dynamic in the traced function");
    trace->tracedIR = ir;
  }
  trace->times.trace = secondsSince(state->start);
  compileInto(*trace, *module);
  return trace;
}

std::shared_ptr<const CompiledTrace>
tnp::detail::compileFunction(mlir::ModuleOp module, std::string text) {
  auto trace = std::make_shared<CompiledTrace>();
  trace->tracedIR = std::move(text);
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
  std::vector<ndarray> outputs;
  outputs.reserve(trace.results.size());
  size_t arguments = all.size() - trace.captures.size();
  for (const auto &[traced, dtype] : trace.results) {
    shape_t shape = traced;
    for (int64_t &d : shape)
      if (d < 0) {
        auto [argument, dim] = trace.groups[-1 - d];
        d = argument < arguments ? all[argument]->shape[dim] : 0;
      }
    auto out = allocateArray(std::move(shape), dtype);
    all.push_back(out.get());
    outputs.push_back(ndarray(std::move(out)));
  }
  llvm::SmallVector<runtime::ArrayView, 8> views;
  for (const ArrayImpl *a : all) {
    runtime::ArrayView view;
    view.data = a->data();
    view.shape = a->shape;
    view.dtype = a->dtype;
    views.push_back(view);
  }
  callCompiled(trace.code->function, views);
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
