//===- JitEngine.cpp - Compile LLVM-dialect modules for the host CPU ------===//
//
// The pipeline is mlir::ExecutionEngine's (translate, add packed wrappers,
// optimize, compile, link with ORC), rebuilt so that the object cache can be
// consulted before translation and so that no step aborts.
//
//===----------------------------------------------------------------------===//

#include "runtime/JitEngine.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <chrono>
#include <mutex>

#ifndef TNP_VERSION_STRING
#define TNP_VERSION_STRING "unknown"
#endif

using namespace tnp::runtime;

namespace {
/// Prefix of the packed wrappers, as in mlir::ExecutionEngine.
constexpr llvm::StringLiteral kPackedPrefix = "_mlir_";

/// Bump when this file changes the machine code produced for a given module
/// (wrappers, pipeline, target options): it invalidates every cached object.
constexpr unsigned kCodegenRevision = 2;

/// The functions that run a module's static constructors and destructors.
constexpr llvm::StringLiteral kInitName = "__tnp_init",
                              kFiniName = "__tnp_fini";

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Collects the diagnostics emitted on a context while it lives, so that they
/// end up in an llvm::Error instead of on stderr.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext *context)
      : handler(context, [this](mlir::Diagnostic &diag) {
          collect(diag);
          return mlir::success();
        }) {}

  /// The collected messages, one per line, each after ": ".
  std::string text() const { return messages.empty() ? "" : ": " + messages; }

private:
  void collect(mlir::Diagnostic &diag) {
    if (!messages.empty())
      messages += "\n";
    llvm::raw_string_ostream os(messages);
    os << diag.getLocation() << ": " << diag;
    for (mlir::Diagnostic &note : diag.getNotes())
      os << "\n" << note.getLocation() << ": note: " << note;
  }

  std::string messages;
  mlir::ScopedDiagnosticHandler handler;
};

/// Initializes LLVM's native target once per process; false if this LLVM
/// build has no backend for the host.
bool initializeNativeTarget() {
  static const bool ok = [] {
    // Both return true on failure.
    return !llvm::InitializeNativeTarget() &&
           !llvm::InitializeNativeTargetAsmPrinter();
  }();
  return ok;
}

/// The module as the cache key sees it: verified generic text without
/// locations. Locations only feed debug info, which tnp's kernels do not emit,
/// so modules traced at different call sites share one object.
std::string printForKey(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags()
                        .enableDebugInfo(false)
                        .printGenericOpForm()
                        .assumeVerified());
  return text;
}

/// Names of the functions the module defines (not just declares).
std::vector<std::string> definedFunctions(mlir::ModuleOp module) {
  std::vector<std::string> names;
  for (auto func : module.getOps<mlir::LLVM::LLVMFuncOp>())
    if (!func.isExternal())
      names.push_back(func.getSymName().str());
  return names;
}

/// Adds `void _mlir_<name>(void **args)` for every function defined in `m`:
/// args[i] points to argument i, args[n] to the result slot, if any.
void addPackedWrappers(llvm::Module &m) {
  llvm::SmallVector<llvm::Function *> definitions;
  for (llvm::Function &func : m)
    if (!func.isDeclaration())
      definitions.push_back(&func);
  llvm::IRBuilder<> b(m.getContext());
  auto *wrapperType = llvm::FunctionType::get(b.getVoidTy(), {b.getPtrTy()},
                                              /*isVarArg=*/false);
  for (llvm::Function *func : definitions) {
    std::string name = (kPackedPrefix + func->getName()).str();
    // A module that already defines the name keeps its own definition.
    if (m.getFunction(name))
      continue;
    auto *wrapper = llvm::Function::Create(
        wrapperType, llvm::GlobalValue::ExternalLinkage, name, m);
    b.SetInsertPoint(
        llvm::BasicBlock::Create(m.getContext(), "entry", wrapper));
    llvm::Value *slots = wrapper->getArg(0);
    auto slot = [&](unsigned index) -> llvm::Value * {
      llvm::Value *address = b.CreateConstGEP1_64(b.getPtrTy(), slots, index);
      return b.CreateLoad(b.getPtrTy(), address);
    };
    llvm::SmallVector<llvm::Value *> args;
    for (llvm::Argument &arg : func->args())
      args.push_back(b.CreateLoad(arg.getType(), slot(arg.getArgNo())));
    llvm::CallInst *call = b.CreateCall(func, args);
    call->setCallingConv(func->getCallingConv());
    if (!call->getType()->isVoidTy())
      b.CreateStore(call, slot(func->arg_size()));
    b.CreateRetVoid();
  }
}

/// Moves the fixed-size allocas of functions that launch kernels into their
/// entry blocks. MLIR's translation of gpu.launch_func makes the argument
/// arrays where the launch is; in a traced loop's body each trip would
/// grow the stack (LLVM frees an alloca outside the entry block only at
/// return), overflowing it in some 10^5 trips. The driver reads the
/// arguments when the launch is queued, so trips can share one array.
void hoistLaunchArguments(llvm::Module &m) {
  llvm::Function *launch = m.getFunction("mgpuLaunchKernel");
  if (!launch)
    return;
  llvm::SmallPtrSet<llvm::Function *, 4> launching;
  for (llvm::User *user : launch->users())
    if (auto *call = llvm::dyn_cast<llvm::CallInst>(user))
      launching.insert(call->getFunction());
  for (llvm::Function *f : launching) {
    llvm::BasicBlock &entry = f->getEntryBlock();
    llvm::SmallVector<llvm::AllocaInst *> moved;
    for (llvm::BasicBlock &block : *f)
      if (&block != &entry)
        for (llvm::Instruction &inst : block)
          if (auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst);
              alloca && llvm::isa<llvm::Constant>(alloca->getArraySize()))
            moved.push_back(alloca);
    for (llvm::AllocaInst *alloca : moved)
      alloca->moveBefore(entry.getFirstInsertionPt());
  }
}

/// Turns the static constructors (destructors) of `m` into one function,
/// kInitName (kFiniName), that calls them in their priority order: the JIT
/// runs without an ORC platform, so Executable calls them. A gpu.binary's
/// translation loads its kernels in a constructor.
void exportInitializers(llvm::Module &m) {
  for (bool ctors : {true, false}) {
    llvm::GlobalVariable *list =
        m.getNamedGlobal(ctors ? "llvm.global_ctors" : "llvm.global_dtors");
    if (!list)
      continue;
    std::vector<llvm::orc::CtorDtorIterator::Element> entries;
    for (auto entry :
         ctors ? llvm::orc::getConstructors(m) : llvm::orc::getDestructors(m))
      if (entry.Func)
        entries.push_back(entry);
    std::stable_sort(
        entries.begin(), entries.end(),
        [](const auto &a, const auto &b) { return a.Priority < b.Priority; });
    list->eraseFromParent();
    llvm::IRBuilder<> b(m.getContext());
    auto *function = llvm::Function::Create(
        llvm::FunctionType::get(b.getVoidTy(), /*isVarArg=*/false),
        llvm::GlobalValue::ExternalLinkage, ctors ? kInitName : kFiniName, m);
    b.SetInsertPoint(
        llvm::BasicBlock::Create(m.getContext(), "entry", function));
    for (const auto &entry : entries)
      b.CreateCall(entry.Func);
    b.CreateRetVoid();
  }
}

/// Errors ORC reports to the session rather than to the caller (the real
/// cause of a failed link, such as "Symbols not found"), kept for the message.
struct SessionErrors {
  std::mutex mutex;
  std::string text;
};

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}
} // namespace

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

Executable::Executable(std::unique_ptr<llvm::orc::LLJIT> jit,
                       std::vector<std::string> functions, const CacheKey &key,
                       const CacheKey &objectDigest, bool fromCache)
    : jit(std::move(jit)), functions(std::move(functions)), cacheKey(key),
      digest(objectDigest), fromCache(fromCache) {}

Executable::~Executable() {
  if (fini)
    fini();
}

llvm::Expected<void *> Executable::lookup(llvm::StringRef name) const {
  llvm::Expected<llvm::orc::ExecutorAddr> address = jit->lookup(name);
  if (!address)
    return makeError(
        llvm::formatv("no symbol '{0}' in the compiled module: {1}", name,
                      llvm::toString(address.takeError())));
  return address->toPtr<void *>();
}

llvm::Expected<Executable::PackedFunction>
Executable::lookupPacked(llvm::StringRef name) const {
  llvm::Expected<llvm::orc::ExecutorAddr> address =
      jit->lookup((kPackedPrefix + name).str());
  if (!address)
    return makeError(
        llvm::formatv("no function '{0}' in the compiled module: {1}", name,
                      llvm::toString(address.takeError())));
  return address->toPtr<PackedFunction>();
}

llvm::Error Executable::invokePacked(llvm::StringRef name,
                                     llvm::MutableArrayRef<void *> args) const {
  llvm::Expected<PackedFunction> function = lookupPacked(name);
  if (!function)
    return function.takeError();
  (*function)(args.data());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// JitEngine
//===----------------------------------------------------------------------===//

JitEngine::JitEngine(
    JitOptions options,
    std::unique_ptr<llvm::orc::JITTargetMachineBuilder> machine)
    : opts(std::move(options)), machine(std::move(machine)) {
  triple = this->machine->getTargetTriple().str();
  cpu = this->machine->getCPU();
  features = this->machine->getFeatures().getString();
  target = llvm::formatv("triple={0};cpu={1};features={2};opt={3};"
                         "reloc=pic;code-model=small",
                         triple, cpu, features, opts.optLevel)
               .str();
}

JitEngine::~JitEngine() = default;

llvm::Expected<std::unique_ptr<JitEngine>>
JitEngine::create(JitOptions options) {
  std::optional<llvm::CodeGenOptLevel> level =
      llvm::CodeGenOpt::getLevel(static_cast<int>(options.optLevel));
  if (!level)
    return makeError(llvm::formatv(
        "JIT optimization level must be 0 to 3, got {0}", options.optLevel));
  if (!initializeNativeTarget())
    return makeError("cannot initialize LLVM's native target: this LLVM has "
                     "no code generator for the host");
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> detected =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!detected)
    return makeError("cannot detect the host CPU: " +
                     llvm::toString(detected.takeError()));
  detected->setCodeGenOptLevel(*level);
  // What LLJIT uses with JITLink on ELF: position-independent code in the
  // small code model, reached through the linker's GOT and stubs.
  detected->setRelocationModel(llvm::Reloc::PIC_);
  detected->setCodeModel(llvm::CodeModel::Small);
  // AVX512-BF16's and AVX-NE-CONVERT's float32 -> bfloat16 conversions flush
  // subnormal results to zero (bfloat16 reciprocal(3e38) gave 0, not
  // 3.3e-39); NumPy's bfloat16 keeps them, and so does LLVM's rounding
  // without those instructions, the same bits on every CPU.
  detected->getFeatures().AddFeature("avx512bf16", false);
  detected->getFeatures().AddFeature("avxneconvert", false);
  // Fail here rather than at the first compile if the target is unusable.
  if (llvm::Expected<std::unique_ptr<llvm::TargetMachine>> tm =
          detected->createTargetMachine();
      !tm)
    return makeError("cannot create a target machine for the host: " +
                     llvm::toString(tm.takeError()));
  auto machine = std::make_unique<llvm::orc::JITTargetMachineBuilder>(
      std::move(*detected));
  return std::unique_ptr<JitEngine>(
      new JitEngine(std::move(options), std::move(machine)));
}

void JitEngine::registerTranslations(mlir::DialectRegistry &registry) {
  mlir::registerBuiltinDialectTranslation(registry);
  mlir::registerLLVMDialectTranslation(registry);
  // Parallel loops (tnp-parallelize) are OpenMP regions.
  mlir::registerOpenMPDialectTranslation(registry);
  // GPU host code: kernels embedded from gpu.binary ops, launches
  // (tnp-gpu-pipeline); gpu-module-to-binary translates the kernels' NVVM.
  mlir::registerGPUDialectTranslation(registry);
  mlir::registerNVVMDialectTranslation(registry);
  mlir::gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
}

void JitEngine::registerTranslations(mlir::MLIRContext &context) {
  mlir::DialectRegistry registry;
  registerTranslations(registry);
  // A no-op when the context has them already.
  context.appendDialectRegistry(registry);
}

std::string JitEngine::version() {
  return llvm::formatv("tnp {0}; jit codegen {1}; LLVM {2}", TNP_VERSION_STRING,
                       kCodegenRevision, LLVM_VERSION_STRING)
      .str();
}

CacheKey JitEngine::keyFor(mlir::ModuleOp module) const {
  return CacheKey::compute(printForKey(module), target, version());
}

CacheKey JitEngine::sourceKeyFor(llvm::StringRef sourceText) const {
  return CacheKey::compute(sourceText, target, version() + "+source");
}

/// The first line of a remembered source's entry. The object's key and the
/// digest of its bytes follow, then the module's functions, a line each.
static constexpr llvm::StringLiteral kSourceMagic = "tnp-source-v2";

void JitEngine::rememberSource(const CacheKey &sourceKey,
                               const Executable &executable) {
  if (!opts.cache)
    return;
  std::string entry = kSourceMagic.str() + "\n" + executable.key().hex() +
                      "\n" + executable.objectDigest().hex();
  for (const std::string &f : executable.functionNames())
    entry += "\n" + f;
  opts.cache->store(sourceKey, entry);
}

std::unique_ptr<Executable> JitEngine::loadSource(const CacheKey &sourceKey) {
  if (!opts.cache)
    return nullptr;
  std::unique_ptr<llvm::MemoryBuffer> entry = opts.cache->lookup(sourceKey);
  if (!entry)
    return nullptr;
  // Anything but a well-formed entry whose object is there, is the very
  // object it names and defines the functions it lists, is dropped: the
  // caller compiles.
  auto drop = [&]() -> std::unique_ptr<Executable> {
    opts.cache->evict(sourceKey);
    return nullptr;
  };
  llvm::SmallVector<llvm::StringRef> lines;
  entry->getBuffer().split(lines, '\n');
  if (lines.size() < 4 || lines[0] != kSourceMagic)
    return drop();
  std::optional<CacheKey> key = CacheKey::fromHex(lines[1]);
  std::optional<CacheKey> digest = CacheKey::fromHex(lines[2]);
  llvm::ArrayRef<llvm::StringRef> names = llvm::ArrayRef(lines).drop_front(3);
  llvm::StringSet<> unique;
  for (llvm::StringRef name : names)
    if (name.empty() || !unique.insert(name).second)
      return drop();
  if (!key || !digest)
    return drop();
  std::unique_ptr<llvm::MemoryBuffer> object = opts.cache->lookup(*key);
  if (!object || CacheKey::ofContents(object->getBuffer()) != *digest)
    return drop();
  std::vector<std::string> functions(names.begin(), names.end());
  llvm::Expected<std::unique_ptr<Executable>> executable =
      load(std::move(object), std::move(functions), *key, /*fromCache=*/true);
  if (!executable) {
    llvm::consumeError(executable.takeError());
    return drop();
  }
  std::lock_guard<std::mutex> lock(statsMutex);
  ++counters.compiles;
  ++counters.cachedLoads;
  return std::move(*executable);
}

JitStats JitEngine::stats() const {
  std::lock_guard<std::mutex> lock(statsMutex);
  return counters;
}

llvm::Expected<std::unique_ptr<Executable>>
JitEngine::compile(mlir::ModuleOp module) {
  Clock::time_point start = Clock::now();
  mlir::MLIRContext *context = module->getContext();
  registerTranslations(*context);
  {
    DiagnosticCollector diagnostics(context);
    if (mlir::failed(mlir::verify(module)))
      return makeError("cannot compile an invalid module" + diagnostics.text());
  }
  // Without an ORC platform nothing would run them: refuse rather than skip.
  if (!module.getOps<mlir::LLVM::GlobalCtorsOp>().empty() ||
      !module.getOps<mlir::LLVM::GlobalDtorsOp>().empty())
    return makeError("cannot compile a module with llvm.mlir.global_ctors or "
                     "llvm.mlir.global_dtors: the CPU JIT runs no static "
                     "constructors or destructors");
  std::vector<std::string> functions = definedFunctions(module);
  CacheKey key = keyFor(module);

  if (opts.cache) {
    if (std::unique_ptr<llvm::MemoryBuffer> object = opts.cache->lookup(key)) {
      llvm::Expected<std::unique_ptr<Executable>> executable =
          load(std::move(object), functions, key, /*fromCache=*/true);
      if (executable) {
        std::lock_guard<std::mutex> lock(statsMutex);
        ++counters.compiles;
        ++counters.cachedLoads;
        counters.compileSeconds += secondsSince(start);
        return executable;
      }
      // The file passed its checksum, yet does not load (say, written by a
      // broken build): drop it and compile afresh. If the rebuilt object does
      // not load either, that error is the one reported.
      llvm::consumeError(executable.takeError());
      opts.cache->evict(key);
      std::lock_guard<std::mutex> lock(statsMutex);
      ++counters.cachedLoadFailures;
    }
  }

  Clock::time_point codegenStart = Clock::now();
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> object =
      generateObject(module, key);
  double codegenSeconds = secondsSince(codegenStart);
  if (!object)
    return object.takeError();
  if (opts.cache)
    opts.cache->store(key, (*object)->getBuffer());
  llvm::Expected<std::unique_ptr<Executable>> executable =
      load(std::move(*object), std::move(functions), key, /*fromCache=*/false);
  std::lock_guard<std::mutex> lock(statsMutex);
  ++counters.codegens;
  counters.codegenSeconds += codegenSeconds;
  if (!executable)
    return executable.takeError();
  ++counters.compiles;
  counters.compileSeconds += secondsSince(start);
  return executable;
}

namespace {

/// LLVM's default pipeline at `level`, without its loop unroller: the
/// loops come vectorized from MLIR, and unrolling them again added a fifth
/// to code generation (the traced MLP gradient: 82 -> 63 ms cold) for no
/// speed measured (the gradient, the traced sigmoid up to 2^20 elements).
void optimize(llvm::Module &module, llvm::TargetMachine *tm, unsigned level) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  llvm::PassBuilder pb(tm, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  const llvm::OptimizationLevel levels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
      llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  llvm::OptimizationLevel o = levels[std::min(level, 3u)];
  llvm::ModulePassManager mpm = o == llvm::OptimizationLevel::O0
                                    ? pb.buildO0DefaultPipeline(o)
                                    : pb.buildPerModuleDefaultPipeline(o);
  mpm.run(module, mam);
}

} // namespace

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
JitEngine::generateObject(mlir::ModuleOp module, const CacheKey &key) {
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    DiagnosticCollector diagnostics(module->getContext());
    llvmModule = mlir::translateModuleToLLVMIR(module, llvmContext, key.hex());
    if (!llvmModule)
      return makeError("cannot translate the module to LLVM IR" +
                       diagnostics.text());
  }
  // One target machine per compile: they are not safe to share between
  // threads that generate code.
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> tm =
      machine->createTargetMachine();
  if (!tm)
    return makeError("cannot create a target machine for the host: " +
                     llvm::toString(tm.takeError()));
  llvmModule->setDataLayout((*tm)->createDataLayout());
  llvmModule->setTargetTriple((*tm)->getTargetTriple());
  exportInitializers(*llvmModule);
  addPackedWrappers(*llvmModule);
  hoistLaunchArguments(*llvmModule);

  optimize(*llvmModule, tm->get(), opts.optLevel);

  llvm::orc::SimpleCompiler compiler(**tm);
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> object =
      compiler(*llvmModule);
  if (!object)
    return makeError("LLVM code generation failed: " +
                     llvm::toString(object.takeError()));
  return object;
}

llvm::Expected<std::unique_ptr<Executable>>
JitEngine::load(std::unique_ptr<llvm::MemoryBuffer> object,
                std::vector<std::string> functions, const CacheKey &key,
                bool fromCache) {
  // No platform: the generic one would compile its own support code for
  // every instance; exportInitializers made the constructors one function.
  llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
      llvm::orc::LLJITBuilder()
          .setJITTargetMachineBuilder(*machine)
          .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
          .create();
  if (!jit)
    return makeError("cannot create a JIT: " + llvm::toString(jit.takeError()));
  auto sessionErrors = std::make_shared<SessionErrors>();
  (*jit)->getExecutionSession().setErrorReporter(
      [sessionErrors](llvm::Error err) {
        std::lock_guard<std::mutex> lock(sessionErrors->mutex);
        if (!sessionErrors->text.empty())
          sessionErrors->text += "; ";
        sessionErrors->text += llvm::toString(std::move(err));
      });
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  for (const std::string &path : opts.sharedLibPaths) {
    llvm::Expected<llvm::orc::JITDylib &> library =
        (*jit)->loadPlatformDynamicLibrary(path.c_str());
    if (!library)
      return makeError(llvm::formatv("cannot load shared library '{0}': {1}",
                                     path,
                                     llvm::toString(library.takeError())));
    main.addToLinkOrder(*library);
  }
  if (!opts.symbols.empty()) {
    llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                        (*jit)->getDataLayout());
    llvm::orc::SymbolMap symbols;
    for (const auto &[name, address] : opts.symbols)
      symbols[mangle(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                               llvm::JITSymbolFlags::Exported};
    if (llvm::Error err = main.define(llvm::orc::absoluteSymbols(symbols)))
      return makeError("cannot define the extra JIT symbols: " +
                       llvm::toString(std::move(err)));
  }
  CacheKey digest = CacheKey::ofContents(object->getBuffer());
  if (llvm::Error err = (*jit)->addObjectFile(std::move(object)))
    return makeError("cannot add the object to the JIT: " +
                     llvm::toString(std::move(err)));
  // Linking is lazy; look every function up now so that a bad object, a
  // missing function or an unresolved symbol fails here, not at a call.
  for (const std::string &function : functions) {
    llvm::Expected<llvm::orc::ExecutorAddr> address =
        (*jit)->lookup((kPackedPrefix + function).str());
    if (!address) {
      std::string message = llvm::toString(address.takeError());
      std::lock_guard<std::mutex> lock(sessionErrors->mutex);
      return makeError(
          "cannot link the compiled module: " +
          (sessionErrors->text.empty() ? message : sessionErrors->text));
    }
  }
  auto executable = std::unique_ptr<Executable>(new Executable(
      std::move(*jit), std::move(functions), key, digest, fromCache));
  using Initializer = void (*)();
  if (auto init = executable->jit->lookup(kInitName))
    init->toPtr<Initializer>()();
  else
    llvm::consumeError(init.takeError());
  if (auto fini = executable->jit->lookup(kFiniName))
    executable->fini = fini->toPtr<Initializer>();
  else
    llvm::consumeError(fini.takeError());
  return executable;
}
