//===- Session.cpp - the compiler behind the API --------------------------===//

#include "lib/Session.h"

#include <tnp/errors.h>

#include "lib/DTypes.h"
#include "lib/GpuArrays.h"
#include "lib/ThisBuild.h"

#include "dialect/TnpDialect.h"
#include "dialect/TnpOps.h"
#include "passes/Pipelines.h"
#include "runtime/Buffer.h"
#include "runtime/CompileCache.h"
#include "runtime/HostAllocator.h"
#include "runtime/JitEngine.h"
#include "runtime/Matmul.h"
#include "runtime/Sort.h"
#include "runtime/StridedCopy.h"
#include "runtime/cuda/Blas.h"
#include "runtime/cuda/DeviceRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

// compiler-rt's float to bfloat16 helpers, from libmlir_float16_utils.
extern "C" uint16_t __truncsfbf2(float);
extern "C" uint16_t __truncdfbf2(double);

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
  registry = std::make_unique<mlir::DialectRegistry>();
  registry->insert<mlir::tnp::TnpDialect>();
  mlir::registerAllDialects(*registry);
  mlir::registerAllExtensions(*registry);
  runtime::JitEngine::registerTranslations(*registry);
  ctx = newContext();
  diskCache = std::make_unique<runtime::CompileCache>();
  // Once per process: why compiled code is not kept for the next one.
  if (!diskCache->isDiskEnabled() && !diskCache->diskStatus().empty())
    std::cerr << "tnp: warning: " << diskCache->diskStatus() << "\n";
  // The common kernels, compiled when tnp was built (tools/tnp-precompile).
  if (std::string lib = thisBuildDirectory(); !lib.empty())
    diskCache->setInstalledDirectory(lib + "/tnp/kernels");
  runtime::JitOptions options;
  options.cache = diskCache.get();
  // Strided copies lower to a call of `memrefCopy`: tnp's.
  options.symbols.push_back(runtime::stridedCopySymbol());
  // Conversions to bfloat16 lower to calls of compiler-rt's helpers, which
  // MLIR's float16 utilities define (libgcc 12 does not).
  options.symbols.push_back(
      {"__truncsfbf2", reinterpret_cast<void *>(&__truncsfbf2)});
  options.symbols.push_back(
      {"__truncdfbf2", reinterpret_cast<void *>(&__truncdfbf2)});
  // tnp.sort lowers to calls of the runtime's row sorts.
  llvm::append_range(options.symbols, runtime::sortSymbols());
  // Large float and complex products lower to calls of BLAS.
  llvm::append_range(options.symbols, runtime::matmulSymbols());
  // GPU host code launches through tnp's GPU runtime, and its large
  // products call cuBLAS (docs/gpu.md).
  llvm::append_range(options.symbols, runtime::cuda::compiledCodeSymbols());
  llvm::append_range(options.symbols, runtime::cuda::gpuMatmulSymbols());
  // Compiled code's temporaries come from tnp's host allocator.
  llvm::append_range(options.symbols, runtime::compiledCodeAllocatorSymbols());
#ifdef TNP_LIBOMP_PATH
  openMP = std::filesystem::exists(TNP_LIBOMP_PATH);
  if (openMP)
    options.sharedLibPaths.push_back(TNP_LIBOMP_PATH);
#endif
  buildId = thisBuildId();
  auto engine = runtime::JitEngine::create(options);
  if (!engine)
    throw CompileError("tnp: cannot start the JIT: " +
                       llvm::toString(engine.takeError()));
  jit = std::move(*engine);
}

Session::~Session() = default;

std::unique_ptr<mlir::MLIRContext> Session::newContext() {
  auto context = std::make_unique<mlir::MLIRContext>(*registry);
  context->disableMultithreading();
  // The dialects kernels and traces are built in (the pipeline loads the
  // rest).
  context->loadDialect<mlir::tnp::TnpDialect,
                       mlir::bufferization::BufferizationDialect,
                       mlir::func::FuncDialect, mlir::tensor::TensorDialect>();
  return context;
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Runs the passes `build` adds on `module`; CompileError with the
/// diagnostics on failure, and the module: `source` where the caller has its
/// text from before, else as the failing pass left it.
void runPipeline(mlir::ModuleOp module,
                 const std::function<void(mlir::OpPassManager &)> &build,
                 std::string *notes = nullptr,
                 const std::string *source = nullptr) {
  std::string messages;
  mlir::MLIRContext *context = module->getContext();
  mlir::ScopedDiagnosticHandler handler(context, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(messages);
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  mlir::PassManager pm(context);
  build(pm);
  if (mlir::failed(pm.run(module))) {
    std::string input = source ? *source : "";
    if (!source)
      llvm::raw_string_ostream(input) << module;
    throw CompileError("tnp: compiling failed:\n" + messages + "in:\n" + input);
  }
  if (notes)
    *notes = messages;
}

/// The chip of GPU `device`, and a PTX ISA version its compilers take:
/// the GPU pipeline's `chip` and `features`.
std::pair<std::string, std::string> gpuTarget(int device) {
  const runtime::cuda::DeviceInfo &info =
      runtime::cuda::Driver::get().info(device);
  return {info.chip(), info.major >= 12   ? "+ptx87"
                       : info.major >= 10 ? "+ptx86"
                                          : "+ptx80"};
}

/// `name` as a PTX identifier: letters, digits, '_' and '$', not empty and
/// not starting with a digit; others become '_'.
std::string ptxIdentifier(llvm::StringRef name) {
  std::string id = name.empty() || llvm::isDigit(name.front()) ? "_" : "";
  for (char c : name)
    id += llvm::isAlnum(c) || c == '$' ? c : '_';
  return id;
}

/// Runs pipeline stage `stage` (1: tnp to linalg, 2: linalg to the LLVM
/// dialect) on `module`.
void runStage(mlir::ModuleOp module, int stage, const CompileOptions &options,
              bool openMP, const std::string *source = nullptr) {
  runPipeline(
      module,
      [&](mlir::OpPassManager &pm) {
        if (stage == 1) {
          mlir::tnp::buildTnpToLinalgPipeline(pm);
          return;
        }
        mlir::tnp::PipelineOptions pipeline;
        pipeline.vectorWidth = options.optLevel > 0 ? hostVectorWidth() : 0;
        pipeline.fuse = options.optLevel > 0;
        pipeline.parallelize = options.optLevel > 0 && openMP;
        pipeline.resultAlignment = runtime::Buffer::kAlignment;
        mlir::tnp::buildLinalgToLLVMPipeline(pm, pipeline);
      },
      nullptr, source);
}

} // namespace

void Session::runPasses(mlir::ModuleOp module,
                        const std::function<void(mlir::OpPassManager &)> &build,
                        std::string *notes) {
  runPipeline(module, build, notes);
}

void Session::lower(mlir::ModuleOp module, int stage,
                    const CompileOptions &options) {
  for (int next = 1; next <= stage; ++next)
    runStage(module, next, options, openMP);
}

CompiledCode Session::compile(mlir::ModuleOp module,
                              const CompileOptions &options,
                              CompileTimes *times, const std::string *printed) {
  CompileTimes local;
  auto start = Clock::now();
  auto fn = mlir::cast<mlir::func::FuncOp>(module.getBody()->front());
  std::vector<runtime::CompiledFunction::Argument> signature;
  for (mlir::Type type : llvm::concat<const mlir::Type>(fn.getArgumentTypes(),
                                                        fn.getResultTypes())) {
    auto tensor = mlir::cast<mlir::RankedTensorType>(type);
    checkRank(tensor.getRank());
    signature.push_back({fromMlirType(tensor.getElementType()),
                         static_cast<int>(tensor.getRank())});
  }
  // A module compiled before (in any process sharing the disk cache) loads
  // without running the pipeline again. Its key is the text of the module
  // as the caller built it (the convention's rewrite follows from it).
  std::string text = printed ? *printed : "";
  if (!printed)
    llvm::raw_string_ostream(text) << module;
  bool gpu = options.gpu >= 0;
  std::string target = " opt=" + std::to_string(options.optLevel);
  std::pair<std::string, std::string> chip;
  if (gpu) {
    chip = gpuTarget(options.gpu);
    target = " gpu=" + chip.first + chip.second;
  }
  runtime::CacheKey sourceKey =
      jit->sourceKeyFor(buildId + target + "\n" + text);
  std::string name = fn.getName().str();
  // Kernels are named after their function, and PTX takes identifiers
  // only (a Python lambda's function is "<lambda>").
  if (gpu && ptxIdentifier(name) != name) {
    name = ptxIdentifier(name);
    fn.setSymName(name);
  }
  // A GPU executable loads its kernels as it is loaded: on the call's
  // device, failures kept as a call's.
  if (gpu)
    runtime::cuda::beginCall(options.gpu);
  std::unique_ptr<runtime::Executable> executable = jit->loadSource(sourceKey);
  if (!executable) {
    runtime::toDestinationPassing(fn);
    if (gpu) {
      runPipeline(
          module,
          [&](mlir::OpPassManager &pm) {
            mlir::tnp::GpuPipelineOptions pipeline;
            pipeline.chip = chip.first;
            pipeline.features = chip.second;
            mlir::tnp::buildGpuPipeline(pm, pipeline);
          },
          nullptr, &text);
    } else {
      runStage(module, 1, options, openMP, &text);
      local.toLinalg = secondsSince(start);
      start = Clock::now();
      runStage(module, 2, options, openMP);
    }
    local.toLLVM = secondsSince(start);
    start = Clock::now();
    auto compiled = jit->compile(module);
    if (!compiled)
      throw CompileError("tnp: JIT compilation failed: " +
                         llvm::toString(compiled.takeError()) + "\nin:\n" +
                         text);
    executable = std::move(*compiled);
    jit->rememberSource(sourceKey, *executable);
  }
  local.codegen = secondsSince(start);
  if (times)
    *times = local;
  if (gpu)
    throwIfFailed(runtime::cuda::endCall(),
                  "tnp: loading kernels on GPU:" + std::to_string(options.gpu));
  auto function = runtime::CompiledFunction::lookup(
      *executable, name, std::move(signature),
      gpu ? runtime::Device::Gpu : runtime::Device::Host);
  if (!function)
    throw CompileError("tnp: " + llvm::toString(function.takeError()));
  return {std::move(executable), std::move(*function)};
}

void tnp::detail::callCompiled(const runtime::CompiledFunction &function,
                               llvm::ArrayRef<runtime::ArrayView> arrays) {
  if (llvm::Error error = function(arrays))
    throw RuntimeError("tnp: cannot call compiled code: " +
                       llvm::toString(std::move(error)));
}

void tnp::detail::checkRank(size_t rank) {
  if (rank <= static_cast<size_t>(runtime::kMaxRank))
    return;
  if (llvm::Error error = runtime::checkRank(rank))
    throw NotImplementedError("tnp: " + llvm::toString(std::move(error)));
}
