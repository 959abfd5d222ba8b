//===- JitEngineTest.cpp - Tests of runtime/JitEngine ---------------------===//

#include "RuntimeTestSupport.h"

#include "runtime/Buffer.h"
#include "runtime/JitEngine.h"

#include <cmath>
#include <thread>

using namespace tnp::runtime;
using namespace tnp::runtime::testing;

namespace {

class JitEngineTest : public RuntimeTest {};

TEST_F(JitEngineTest, DetectsTheHost) {
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  EXPECT_FALSE(engine->targetTriple().empty());
  EXPECT_FALSE(engine->cpuName().empty());
  EXPECT_NE(engine->targetId().find(engine->cpuName()), std::string::npos);
  EXPECT_NE(engine->targetId().find("opt=3"), std::string::npos);
  EXPECT_NE(JitEngine::version().find("LLVM"), std::string::npos);
}

TEST_F(JitEngineTest, CallsThroughPackedWrapperAndRawPointer) {
  auto module = parse(kArithmeticModule);
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::unique_ptr<Executable> executable = take(engine->compile(*module));
  ASSERT_TRUE(executable);
  EXPECT_EQ(executable->functionNames(),
            llvm::ArrayRef<std::string>({"add", "scale"}));
  EXPECT_FALSE(executable->isFromCache());

  EXPECT_EQ(callAdd(*executable, 40, 2), 42);

  // The hot path: resolve once, then call without any MLIR or LLVM object.
  auto *add = take(executable->lookupAs<int64_t(int64_t, int64_t)>("add"));
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add(-5, 3), -2);

  Executable::PackedFunction packed = take(executable->lookupPacked("add"));
  ASSERT_NE(packed, nullptr);
  int64_t a = 1 << 20, b = 7, result = 0;
  void *args[] = {&a, &b, &result};
  packed(args);
  EXPECT_EQ(result, (1 << 20) + 7);
}

TEST_F(JitEngineTest, ScalesABufferInPlace) {
  auto module = parse(kArithmeticModule);
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::unique_ptr<Executable> executable = take(engine->compile(*module));
  ASSERT_TRUE(executable);

  constexpr int64_t n = 100;
  std::shared_ptr<Buffer> buffer = take(Buffer::allocate(n * sizeof(float)));
  ASSERT_TRUE(buffer);
  auto *data = static_cast<float *>(buffer->data());
  for (int64_t i = 0; i < n; ++i)
    data[i] = float(i) - 10.5f;

  // Packed: the pointer argument is passed by address like any other.
  void *ptr = data;
  int64_t count = n;
  void *args[] = {&ptr, &count};
  ASSERT_FALSE(bool(executable->invokePacked("scale", args)));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(data[i], 2 * (float(i) - 10.5f)) << i;

  auto *scale = take(executable->lookupAs<void(float *, int64_t)>("scale"));
  ASSERT_NE(scale, nullptr);
  scale(data, n - 1); // The last element stays.
  for (int64_t i = 0; i < n - 1; ++i)
    ASSERT_EQ(data[i], 4 * (float(i) - 10.5f)) << i;
  EXPECT_EQ(data[n - 1], 2 * (float(n - 1) - 10.5f));
}

TEST_F(JitEngineTest, ResolvesProcessSymbols) {
  auto module = parse(R"mlir(
    llvm.func @expf(f32) -> f32
    llvm.func @exp_of(%x: f32) -> f32 {
      %0 = llvm.call @expf(%x) : (f32) -> f32
      llvm.return %0 : f32
    }
  )mlir");
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::unique_ptr<Executable> executable = take(engine->compile(*module));
  ASSERT_TRUE(executable);
  EXPECT_EQ(executable->functionNames(),
            llvm::ArrayRef<std::string>({"exp_of"}));
  auto *expOf = take(executable->lookupAs<float(float)>("exp_of"));
  ASSERT_NE(expOf, nullptr);
  EXPECT_FLOAT_EQ(expOf(1.0f), std::exp(1.0f));
}

/// A helper the JIT-compiled code calls back into.
extern "C" int64_t tnpTestTriple(int64_t x) { return 3 * x; }

TEST_F(JitEngineTest, ExtraSymbolsAreVisibleToCompiledCode) {
  auto module = parse(R"mlir(
    llvm.func @tnp_test_helper(i64) -> i64
    llvm.func @call_helper(%x: i64) -> i64 {
      %0 = llvm.call @tnp_test_helper(%x) : (i64) -> i64
      llvm.return %0 : i64
    }
  )mlir");
  JitOptions options;
  options.symbols.push_back(
      {"tnp_test_helper", reinterpret_cast<void *>(&tnpTestTriple)});
  std::unique_ptr<JitEngine> engine = take(JitEngine::create(options));
  ASSERT_TRUE(engine);
  std::unique_ptr<Executable> executable = take(engine->compile(*module));
  ASSERT_TRUE(executable);
  auto *call = take(executable->lookupAs<int64_t(int64_t)>("call_helper"));
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call(14), 42);
}

TEST_F(JitEngineTest, ExecutableOutlivesItsEngine) {
  auto module = parse(kArithmeticModule);
  std::unique_ptr<Executable> executable;
  {
    std::unique_ptr<JitEngine> engine = take(JitEngine::create());
    ASSERT_TRUE(engine);
    executable = take(engine->compile(*module));
  }
  module = nullptr;
  ASSERT_TRUE(executable);
  EXPECT_EQ(callAdd(*executable, 2, 2), 4);
}

TEST_F(JitEngineTest, EveryOptimizationLevelWorks) {
  auto module = parse(kArithmeticModule);
  for (unsigned level = 0; level <= 3; ++level) {
    JitOptions options;
    options.optLevel = level;
    std::unique_ptr<JitEngine> engine = take(JitEngine::create(options));
    ASSERT_TRUE(engine);
    std::unique_ptr<Executable> executable = take(engine->compile(*module));
    ASSERT_TRUE(executable);
    EXPECT_EQ(callAdd(*executable, level, 10), int64_t(level) + 10);
  }
}

TEST_F(JitEngineTest, RejectsAnOptimizationLevelOverThree) {
  JitOptions options;
  options.optLevel = 4;
  std::string message = errorMessage(JitEngine::create(options));
  EXPECT_NE(message.find("0 to 3, got 4"), std::string::npos) << message;
}

TEST_F(JitEngineTest, UnknownFunctionIsAnError) {
  auto module = parse(kArithmeticModule);
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::unique_ptr<Executable> executable = take(engine->compile(*module));
  ASSERT_TRUE(executable);
  std::string packed = errorMessage(executable->lookupPacked("mul"));
  EXPECT_NE(packed.find("no function 'mul'"), std::string::npos) << packed;
  std::string raw = errorMessage(executable->lookup("mul"));
  EXPECT_NE(raw.find("no symbol 'mul'"), std::string::npos) << raw;
  std::string invoked = errorMessage(executable->invokePacked("mul"));
  EXPECT_NE(invoked.find("'mul'"), std::string::npos) << invoked;
}

TEST_F(JitEngineTest, InvalidModuleIsAnErrorWithDiagnostics) {
  // Parsed without verification; the verifier rejects the return type.
  auto module = parse(R"mlir(
    llvm.func @bad(%a: i64) -> i32 {
      llvm.return %a : i64
    }
  )mlir",
                      /*verify=*/false);
  ASSERT_TRUE(module);
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::string message = errorMessage(engine->compile(*module));
  EXPECT_NE(message.find("invalid module"), std::string::npos) << message;
  EXPECT_NE(message.find("llvm.return"), std::string::npos) << message;
}

TEST_F(JitEngineTest, UntranslatableModuleIsAnError) {
  context.allowUnregisteredDialects();
  auto module = parse(R"mlir(
    llvm.func @f() {
      "unknown.op"() : () -> ()
      llvm.return
    }
  )mlir");
  ASSERT_TRUE(module);
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::string message = errorMessage(engine->compile(*module));
  EXPECT_NE(message.find("cannot translate"), std::string::npos) << message;
  EXPECT_NE(message.find("unknown.op"), std::string::npos) << message;
}

TEST_F(JitEngineTest, UnresolvedSymbolIsAnError) {
  auto module = parse(R"mlir(
    llvm.func @tnp_no_such_function(i64) -> i64
    llvm.func @f(%x: i64) -> i64 {
      %0 = llvm.call @tnp_no_such_function(%x) : (i64) -> i64
      llvm.return %0 : i64
    }
  )mlir");
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::string message = errorMessage(engine->compile(*module));
  EXPECT_NE(message.find("tnp_no_such_function"), std::string::npos) << message;
}

TEST_F(JitEngineTest, StaticConstructorsAreRefused) {
  auto module = parse(R"mlir(
    llvm.mlir.global_ctors ctors = [@init], priorities = [0 : i32],
                           data = [#llvm.zero]
    llvm.func @init() {
      llvm.return
    }
  )mlir");
  ASSERT_TRUE(module);
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  std::string message = errorMessage(engine->compile(*module));
  EXPECT_NE(message.find("global_ctors"), std::string::npos) << message;
}

TEST_F(JitEngineTest, MissingSharedLibraryIsAnError) {
  auto module = parse(kArithmeticModule);
  JitOptions options;
  options.sharedLibPaths.push_back("/nonexistent/libtnp-missing.so");
  std::unique_ptr<JitEngine> engine = take(JitEngine::create(options));
  ASSERT_TRUE(engine);
  std::string message = errorMessage(engine->compile(*module));
  EXPECT_NE(message.find("libtnp-missing.so"), std::string::npos) << message;
}

TEST(JitEngineThreadsTest, CompilesConcurrently) {
  std::unique_ptr<JitEngine> engine = take(JitEngine::create());
  ASSERT_TRUE(engine);
  constexpr int kThreads = 4;
  int64_t results[kThreads] = {};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // One context per thread; the engine is shared.
      mlir::MLIRContext context;
      context.loadDialect<mlir::LLVM::LLVMDialect>();
      JitEngine::registerTranslations(context);
      auto module =
          mlir::parseSourceString<mlir::ModuleOp>(kArithmeticModule, &context);
      if (!module)
        return;
      llvm::Expected<std::unique_ptr<Executable>> executable =
          engine->compile(*module);
      if (!executable) {
        llvm::consumeError(executable.takeError());
        return;
      }
      results[t] = callAdd(**executable, t, 100);
    });
  for (std::thread &thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(results[t], 100 + t);
  EXPECT_EQ(engine->stats().compiles, uint64_t(kThreads));
}

} // namespace
