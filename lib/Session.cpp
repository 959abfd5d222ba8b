//===- Session.cpp - the compiler behind the API --------------------------===//

#include "lib/Session.h"

#include <tnp/errors.h>

#include "dialect/TnpDialect.h"
#include "passes/Pipelines.h"
#include "runtime/CompileCache.h"
#include "runtime/JitEngine.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <malloc.h>
#include <string>

using namespace tnp;
using namespace tnp::detail;

/// float32 lanes of the host's widest vector unit: 16 with AVX-512, 8 with
/// AVX/AVX2, else 4 (SSE, NEON).
static unsigned hostVectorWidth() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 16;
  if (features.lookup("avx2") || features.lookup("avx"))
    return 8;
  return 4;
}

Session &Session::get() {
  static Session session;
  return session;
}

Session::Session() {
  // Eager chains allocate and free array-sized temporaries in turn. glibc
  // would return large freed blocks to the OS (mmap, heap trimming) and fault
  // them in again, zeroed, on the next call: 10x slower at 2^20 elements.
  // Keep them in the heap instead, as NumPy's allocator keeps its cache.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mlir::DialectRegistry registry;
  registry.insert<mlir::tnp::TnpDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  runtime::JitEngine::registerTranslations(registry);
  ctx = std::make_unique<mlir::MLIRContext>(registry);
  ctx->disableMultithreading();
  // The dialects kernels are built in (the pipeline loads the rest).
  ctx->loadDialect<mlir::tnp::TnpDialect,
                   mlir::bufferization::BufferizationDialect,
                   mlir::func::FuncDialect, mlir::tensor::TensorDialect>();
  diskCache = std::make_unique<runtime::CompileCache>();
  runtime::JitOptions options;
  options.cache = diskCache.get();
  // Strided copies lower to a call of MLIR's runtime helper.
  options.symbols.push_back(
      {"memrefCopy", reinterpret_cast<void *>(&memrefCopy)});
  auto engine = runtime::JitEngine::create(options);
  if (!engine)
    throw CompileError("tnp: cannot start the JIT: " +
                       llvm::toString(engine.takeError()));
  jit = std::move(*engine);
}

Session::~Session() = default;

std::unique_ptr<runtime::Executable> Session::compile(mlir::ModuleOp module) {
  std::string messages, input;
  llvm::raw_string_ostream(input) << module;
  bool failed;
  {
    mlir::ScopedDiagnosticHandler handler(ctx.get(), [&](mlir::Diagnostic &d) {
      llvm::raw_string_ostream os(messages);
      os << d.getLocation() << ": " << d << "\n";
      return mlir::success();
    });
    mlir::PassManager pm(ctx.get());
    mlir::tnp::PipelineOptions options;
    options.vectorWidth = hostVectorWidth();
    mlir::tnp::buildCpuPipeline(pm, options);
    failed = mlir::failed(pm.run(module));
  }
  if (failed)
    throw CompileError("tnp: compiling a kernel failed:\n" + messages +
                       "in:\n" + input);
  auto executable = jit->compile(module);
  if (!executable)
    throw CompileError("tnp: JIT compilation failed: " +
                       llvm::toString(executable.takeError()) + "\nin:\n" +
                       input);
  return std::move(*executable);
}
