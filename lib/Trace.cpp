//===- Trace.cpp - tnp::trace: record, compile, run -----------------------===//
//
// A trace's function is compiled in destination-passing style, as eager
// kernels are: the caller allocates each result (its shape is the trace's)
// and passes it last, so compiled code allocates nothing to return.
//
//===----------------------------------------------------------------------===//

#include <tnp/trace.h>

#include <tnp/errors.h>

#include "lib/ArrayImpl.h"
#include "lib/DTypes.h"
#include "lib/Descriptor.h"
#include "lib/Session.h"
#include "lib/Tracer.h"
#include "runtime/JitEngine.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <mutex>

using namespace tnp;
using namespace tnp::detail;

namespace tnp::detail {

struct CompiledTrace {
  std::unique_ptr<runtime::Executable> executable;
  runtime::Executable::PackedFunction fn = nullptr;
  /// The recorded function, as tnp-opt reads it.
  std::string tracedIR;
  CompileOptions options;
  std::vector<ndarray> captures;
  std::vector<std::pair<shape_t, tnp::dtype>> results;
  compile_times times;
};

struct TraceRecorder::State {
  std::chrono::steady_clock::time_point start;
  trace_options options;
  std::unique_ptr<Tracer> tracer;
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

/// Rewrites `fn` (returning tensors) to write each result into a memref
/// argument appended for it, returning nothing; its tensor arguments are
/// the caller's immutable arrays.
void toDestinationPassing(mlir::func::FuncOp fn) {
  mlir::OpBuilder b(fn.getContext());
  auto ret = mlir::cast<mlir::func::ReturnOp>(fn.front().getTerminator());
  unsigned inputs = fn.getNumArguments();
  b.setInsertionPoint(ret);
  for (mlir::Value result : ret.getOperands()) {
    auto type = mlir::cast<mlir::RankedTensorType>(result.getType());
    mlir::Value out = fn.front().addArgument(
        mlir::MemRefType::get(type.getShape(), type.getElementType()),
        ret.getLoc());
    mlir::bufferization::MaterializeInDestinationOp::create(
        b, ret.getLoc(), mlir::TypeRange{}, result, out, /*restrict=*/true,
        /*writable=*/true);
  }
  mlir::func::ReturnOp::create(b, ret.getLoc());
  ret.erase();
  fn.setFunctionType(
      b.getFunctionType(fn.front().getArgumentTypes(), mlir::TypeRange{}));
  fn->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  for (unsigned i = 0; i < inputs; ++i)
    fn.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
}

} // namespace

std::string tnp::detail::arraySignature(const std::vector<ndarray> &leaves) {
  // Raw bytes, no formatting: this runs on every call of a traced function.
  std::string key(1, static_cast<char>(promotionCode(currentPromotion())));
  for (const ndarray &leaf : leaves) {
    const ArrayImpl &a = implOf(leaf);
    key += static_cast<char>(a.dtype.index());
    key += static_cast<char>(a.shape.size() | (a.weak ? 0x80 : 0));
    key.append(reinterpret_cast<const char *>(a.shape.data()),
               a.shape.size() * sizeof(int64_t));
    if (a.weak)
      key.append(static_cast<const char *>(a.data()), a.dtype.itemsize());
  }
  return key;
}

bool tnp::detail::anyTraced(const std::vector<ndarray> &leaves) {
  for (const ndarray &leaf : leaves)
    if (implOf(leaf).tracer)
      return true;
  return false;
}

TraceRecorder::TraceRecorder(const trace_options &options)
    : state(std::make_unique<State>()) {
  state->start = Clock::now();
  state->options = options;
  state->tracer = std::make_unique<Tracer>(options.name);
}

TraceRecorder::~TraceRecorder() = default;

std::vector<ndarray>
TraceRecorder::arguments(const std::vector<ndarray> &leaves) {
  std::vector<ndarray> traced;
  for (const ndarray &leaf : leaves)
    traced.push_back(leaf.is_weak() ? leaf
                                    : state->tracer->addArgument(leaf.shape(),
                                                                 leaf.dtype()));
  return traced;
}

std::shared_ptr<const CompiledTrace>
TraceRecorder::finish(const std::vector<ndarray> &outputs) {
  auto trace = std::make_shared<CompiledTrace>();
  mlir::OwningOpRef<mlir::ModuleOp> module = state->tracer->finish(outputs);
  trace->captures = state->tracer->captures();
  for (const ndarray &out : outputs)
    trace->results.push_back({out.shape(), out.dtype()});
  trace->options.optLevel = state->options.opt_level;
  trace->tracedIR = print(*module);
  trace->times.trace = secondsSince(state->start);

  auto fn = mlir::cast<mlir::func::FuncOp>(module->getBody()->front());
  std::string name = fn.getName().str();
  toDestinationPassing(fn);
  Session &session = Session::get();
  CompileTimes times;
  {
    std::lock_guard<std::mutex> lock(session.mutex());
    trace->executable = session.compile(*module, trace->options, &times);
  }
  trace->times.to_linalg = times.toLinalg;
  trace->times.to_llvm = times.toLLVM;
  trace->times.codegen = times.codegen;
  auto fnPtr = trace->executable->lookupPacked("_mlir_ciface_" + name);
  if (!fnPtr)
    throw CompileError("tnp: " + llvm::toString(fnPtr.takeError()));
  trace->fn = *fnPtr;
  return trace;
}

std::vector<ndarray> tnp::detail::runTrace(const CompiledTrace &trace,
                                           const std::vector<ndarray> &leaves) {
  llvm::SmallVector<const ArrayImpl *, 8> all;
  for (const ndarray &leaf : leaves)
    if (!implOf(leaf).weak)
      all.push_back(&implOf(leaf));
  for (const ndarray &c : trace.captures)
    all.push_back(&implOf(c));
  std::vector<ndarray> outputs;
  outputs.reserve(trace.results.size());
  for (const auto &[shape, dtype] : trace.results) {
    auto out = allocateArray(shape, dtype);
    all.push_back(out.get());
    outputs.push_back(ndarray(std::move(out)));
  }
  for (const ArrayImpl *a : all)
    if (a->shape.size() > static_cast<size_t>(kMaxRank))
      throw NotImplementedError("tnp::trace: arrays of rank " +
                                std::to_string(a->shape.size()) +
                                " are not supported (at most 8)");
  llvm::SmallVector<Descriptor, 8> descriptors(all.size());
  llvm::SmallVector<void *, 8> pointers(all.size()), args(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    descriptors[i].set(all[i]->data(), all[i]->shape);
    pointers[i] = &descriptors[i];
    args[i] = &pointers[i];
  }
  trace.fn(args.data());
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
