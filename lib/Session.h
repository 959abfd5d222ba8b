//===- Session.h - the compiler behind the API ------------------*- C++ -*-===//
//
// One per process: the MLIRContext, the CPU pipeline, the JIT and its
// compile cache. Compilation errors come back as tnp::CompileError, thrown
// only after control has returned from MLIR and LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_SESSION_H
#define TNP_LIB_SESSION_H

#include "runtime/CallingConvention.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace mlir {
class DialectRegistry;
class MLIRContext;
class ModuleOp;
class OpPassManager;
} // namespace mlir

namespace tnp::detail {

/// How to compile a module.
struct CompileOptions {
  /// 0: no fusion or vectorization; else the whole pipeline, with
  /// parallel loops where the OpenMP runtime is there.
  int optLevel = 2;
  /// The GPU to compile for (tnp-gpu-pipeline, for its chip), or -1: the
  /// host CPU.
  int gpu = -1;
};

/// Seconds a compile spent by stage.
struct CompileTimes {
  double toLinalg = 0, toLLVM = 0, codegen = 0;
};

/// A function compiled in the runtime's calling convention, and the
/// executable that holds its code.
struct CompiledCode {
  std::unique_ptr<runtime::Executable> executable;
  runtime::CompiledFunction function;
};

/// Calls compiled code on `arrays` (inputs, then results); the runtime's
/// errors become tnp::Errors.
void callCompiled(const runtime::CompiledFunction &function,
                  llvm::ArrayRef<runtime::ArrayView> arrays);
/// NotImplementedError for an array of `rank` compiled code cannot take.
void checkRank(size_t rank);

class Session {
public:
  static Session &get();

  mlir::MLIRContext &context() { return *ctx; }
  /// A new context with every dialect tnp compiles through registered (a
  /// trace records into its own, so tracing never contends with kernels).
  std::unique_ptr<mlir::MLIRContext> newContext();
  /// Brings `module`'s one function (tnp dialect, in any context from this
  /// session) into the runtime's calling convention, runs the CPU pipeline
  /// (the GPU one for options.gpu) on it and JIT-compiles it, or loads it
  /// from the compile cache (kept apart by target: the CPU, each GPU chip).
  /// `printed` is the module's text where the caller printed it already:
  /// the cache key is computed from it rather than from a second print. The
  /// caller serializes compiles (mutex()).
  CompiledCode compile(mlir::ModuleOp module,
                       const CompileOptions &options = {},
                       CompileTimes *times = nullptr,
                       const std::string *printed = nullptr);
  /// Runs the pipeline on `module` up to `stage`: 0 leaves it, 1 lowers to
  /// linalg, 2 to the LLVM dialect. CompileError on failure.
  void lower(mlir::ModuleOp module, int stage,
             const CompileOptions &options = {});
  /// Runs the passes `build` adds on `module`. CompileError on failure;
  /// on success, the diagnostics they emitted (warnings) go to `notes`.
  void runPasses(mlir::ModuleOp module,
                 const std::function<void(mlir::OpPassManager &)> &build,
                 std::string *notes = nullptr);
  runtime::CompileCache &cache() { return *diskCache; }
  /// Serializes compilation (MLIR contexts are shared; kernels are not
  /// compiled concurrently).
  std::mutex &mutex() { return compileMutex; }

private:
  Session();
  ~Session();

  std::unique_ptr<mlir::DialectRegistry> registry;
  std::unique_ptr<mlir::MLIRContext> ctx;
  std::unique_ptr<runtime::CompileCache> diskCache;
  std::unique_ptr<runtime::JitEngine> jit;
  /// Whether compiled code can call the OpenMP runtime (libomp loaded).
  bool openMP = false;
  /// Identifies this program's build: compiled sources are cached per
  /// build, since the pipeline that lowered them changes with it.
  std::string buildId;
  std::mutex compileMutex;
};

} // namespace tnp::detail

#endif // TNP_LIB_SESSION_H
