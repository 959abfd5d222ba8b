//===- JitEngine.h - Compile LLVM-dialect modules for the host CPU -*- C++ -*-//
//
// Turns an MLIR module in the LLVM dialect into machine code for this CPU and
// hands out plain function pointers, so that calling a kernel needs no MLIR or
// LLVM object.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_JITENGINE_H
#define TNP_RUNTIME_JITENGINE_H

#include "runtime/CompileCache.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class DialectRegistry;
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace llvm {
class MemoryBuffer;
namespace orc {
class JITTargetMachineBuilder;
class LLJIT;
} // namespace orc
} // namespace llvm

namespace tnp {
namespace runtime {

/// How JitEngine compiles and links.
struct JitOptions {
  /// LLVM optimization and code generation level, 0 to 3 (-O0 .. -O3).
  unsigned optLevel = 3;
  /// Object cache to consult and fill; not owned, must outlive the engine.
  /// Null compiles every module afresh.
  CompileCache *cache = nullptr;
  /// Shared libraries whose symbols compiled code may call (e.g.
  /// libmlir_c_runner_utils.so). Symbols of the running process, libc and
  /// libm included, are always available.
  std::vector<std::string> sharedLibPaths;
  /// Extra symbols for compiled code: name and address, e.g. runtime helpers.
  std::vector<std::pair<std::string, void *>> symbols;
};

/// Counters and timings for tests and benchmarks.
struct JitStats {
  /// Calls to `compile` that succeeded.
  uint64_t compiles = 0;
  /// Modules translated, optimized and compiled to machine code by LLVM.
  uint64_t codegens = 0;
  /// Executables loaded from a cached object, without code generation.
  uint64_t cachedLoads = 0;
  /// Cached objects that failed to load and were evicted and rebuilt.
  uint64_t cachedLoadFailures = 0;
  /// Wall time in `compile`, and the part spent in translation, LLVM
  /// optimization and code generation.
  double compileSeconds = 0;
  double codegenSeconds = 0;
};

/// Machine code for one module, linked into its own JIT instance, its static
/// constructors run once loaded and its destructors when destroyed; it stays
/// valid, with every pointer looked up from it, until the Executable is
/// destroyed. Every function defined in the module has a packed wrapper
/// `_mlir_<name>` taking `void **args`: args[i] points to argument i and, for
/// a function that returns a value, args[n] to where the result is stored
/// (the convention of mlir::ExecutionEngine::invokePacked). Lookups are
/// thread-safe; look a function up once and keep the pointer for hot paths.
class Executable {
public:
  /// The type of a packed wrapper.
  using PackedFunction = void (*)(void **);

  ~Executable();
  Executable(const Executable &) = delete;
  Executable &operator=(const Executable &) = delete;

  /// The packed wrapper of function `name`.
  llvm::Expected<PackedFunction> lookupPacked(llvm::StringRef name) const;

  /// The address of symbol `name` itself, with its own signature (for a
  /// function marked `llvm.emit_c_interface` by func-to-llvm, that is
  /// `_mlir_ciface_<name>`).
  llvm::Expected<void *> lookup(llvm::StringRef name) const;

  /// `lookup`, cast to a function pointer type: `lookupAs<int64_t(int64_t)>`.
  template <typename Signature>
  llvm::Expected<Signature *> lookupAs(llvm::StringRef name) const {
    llvm::Expected<void *> address = lookup(name);
    if (!address)
      return address.takeError();
    return reinterpret_cast<Signature *>(*address);
  }

  /// Calls function `name` through its packed wrapper (see the class comment
  /// for what `args` holds). Looks the wrapper up on every call.
  llvm::Error invokePacked(llvm::StringRef name,
                           llvm::MutableArrayRef<void *> args = {}) const;

  /// Functions defined in the module, in module order.
  llvm::ArrayRef<std::string> functionNames() const { return functions; }

  /// The key the object is cached under.
  const CacheKey &key() const { return cacheKey; }

  /// The digest of the object's bytes (`CacheKey::ofContents`).
  const CacheKey &objectDigest() const { return digest; }

  /// Whether the machine code came from the cache rather than from LLVM.
  bool isFromCache() const { return fromCache; }

private:
  friend class JitEngine;
  Executable(std::unique_ptr<llvm::orc::LLJIT> jit,
             std::vector<std::string> functions, const CacheKey &key,
             const CacheKey &objectDigest, bool fromCache);

  std::unique_ptr<llvm::orc::LLJIT> jit;
  /// Runs the module's static destructors (null: it has none).
  void (*fini)() = nullptr;
  std::vector<std::string> functions;
  CacheKey cacheKey;
  CacheKey digest;
  bool fromCache;
};

/// Compiles modules in the LLVM dialect (as left by the CPU pipeline, or the
/// GPU pipeline's host code, with gpu.binary ops and launches) for the host
/// CPU: its triple, CPU name and features are
/// detected once. Unlike mlir::ExecutionEngine, whose object cache is private
/// and which aborts on some errors, a JitEngine consults a CompileCache before
/// translating a module, so a cached module costs no LLVM work, and reports
/// every failure as an llvm::Error. Thread-safe.
class JitEngine {
public:
  /// Detects the host and prepares the target. Fails on an optimization level
  /// over 3 or a host this LLVM build cannot generate code for.
  static llvm::Expected<std::unique_ptr<JitEngine>>
  create(JitOptions options = {});

  ~JitEngine();
  JitEngine(const JitEngine &) = delete;
  JitEngine &operator=(const JitEngine &) = delete;

  /// Compiles `module`, or loads its object from the cache. Verifies the
  /// module first; errors carry the MLIR diagnostics. Registers the builtin
  /// and LLVM translations on the module's context if missing (which is only
  /// safe while no other thread uses the context: register them up front
  /// with `registerTranslations`).
  llvm::Expected<std::unique_ptr<Executable>> compile(mlir::ModuleOp module);

  /// The key of a module's *source*: the text a caller lowered into the
  /// module it compiles (say, the tnp dialect before the pipeline), and how.
  CacheKey sourceKeyFor(llvm::StringRef sourceText) const;
  /// Records, under `sourceKey`, the object `executable` was loaded from (its
  /// key and the digest of its bytes) and its functions, so that
  /// `loadSource` finds it without the caller lowering its source again. A
  /// no-op without a cache.
  void rememberSource(const CacheKey &sourceKey, const Executable &executable);
  /// The executable remembered under `sourceKey`, or null when there is none,
  /// the entry is malformed, its object is gone or is not the same bytes, or
  /// it does not load or lacks a listed function (the entry is then
  /// dropped).
  std::unique_ptr<Executable> loadSource(const CacheKey &sourceKey);

  /// Registers the MLIR-to-LLVM-IR translations `compile` needs.
  static void registerTranslations(mlir::DialectRegistry &registry);
  static void registerTranslations(mlir::MLIRContext &context);

  /// The compiler version that goes into every cache key: tnp's version, a
  /// revision of this engine's code generation, and LLVM's version.
  static std::string version();

  /// The detected host.
  const std::string &targetTriple() const { return triple; }
  const std::string &cpuName() const { return cpu; }
  const std::string &cpuFeatures() const { return features; }
  /// Everything about the target that goes into a cache key: triple, CPU,
  /// features and code generation options.
  const std::string &targetId() const { return target; }

  /// The key `compile` would use for `module`.
  CacheKey keyFor(mlir::ModuleOp module) const;

  JitStats stats() const;
  const JitOptions &options() const { return opts; }

private:
  JitEngine(JitOptions options,
            std::unique_ptr<llvm::orc::JITTargetMachineBuilder> machine);

  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
  generateObject(mlir::ModuleOp module, const CacheKey &key);
  llvm::Expected<std::unique_ptr<Executable>>
  load(std::unique_ptr<llvm::MemoryBuffer> object,
       std::vector<std::string> functions, const CacheKey &key, bool fromCache);

  JitOptions opts;
  std::unique_ptr<llvm::orc::JITTargetMachineBuilder> machine;
  std::string triple;
  std::string cpu;
  std::string features;
  std::string target;
  mutable std::mutex statsMutex;
  JitStats counters;
};

} // namespace runtime
} // namespace tnp

#endif // TNP_RUNTIME_JITENGINE_H
