//===- Session.h - the compiler behind the API ------------------*- C++ -*-===//
//
// One per process: the MLIRContext, the CPU pipeline, the JIT and its
// compile cache. Compilation errors come back as tnp::CompileError, thrown
// only after control has returned from MLIR and LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_SESSION_H
#define TNP_LIB_SESSION_H

#include <memory>
#include <mutex>

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace tnp::runtime {
class CompileCache;
class Executable;
class JitEngine;
} // namespace tnp::runtime

namespace tnp::detail {

class Session {
public:
  static Session &get();

  mlir::MLIRContext &context() { return *ctx; }
  /// Runs the CPU pipeline on `module` (tnp dialect) and JIT-compiles it.
  std::unique_ptr<runtime::Executable> compile(mlir::ModuleOp module);
  runtime::CompileCache &cache() { return *diskCache; }
  /// Serializes compilation (MLIR contexts are shared; kernels are not
  /// compiled concurrently).
  std::mutex &mutex() { return compileMutex; }

private:
  Session();
  ~Session();

  std::unique_ptr<mlir::MLIRContext> ctx;
  std::unique_ptr<runtime::CompileCache> diskCache;
  std::unique_ptr<runtime::JitEngine> jit;
  std::mutex compileMutex;
};

} // namespace tnp::detail

#endif // TNP_LIB_SESSION_H
