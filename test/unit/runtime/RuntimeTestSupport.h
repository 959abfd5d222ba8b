//===- RuntimeTestSupport.h - Helpers for the runtime unit tests -*- C++
//-*-===//

#ifndef TNP_TEST_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H
#define TNP_TEST_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H

#include "runtime/JitEngine.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <string>

namespace tnp {
namespace runtime {
namespace testing {

/// `add(a, b) = a + b` and `scale(p, n)`, which doubles n floats at p in place.
inline constexpr const char *kArithmeticModule = R"mlir(
llvm.func @add(%a: i64, %b: i64) -> i64 attributes {llvm.emit_c_interface} {
  %0 = llvm.add %a, %b : i64
  llvm.return %0 : i64
}
llvm.func @scale(%p: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %two = llvm.mlir.constant(2.0 : f32) : f32
  llvm.br ^loop(%c0 : i64)
^loop(%i: i64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q : !llvm.ptr -> f32
  %w = llvm.fmul %v, %two : f32
  llvm.store %w, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^loop(%next : i64)
^exit:
  llvm.return
}
)mlir";

/// `add(a, b) = a - b`: another module with the same function name and
/// signature as kArithmeticModule's `add`, and no `scale`.
inline constexpr const char *kDifferenceModule = R"mlir(
llvm.func @add(%a: i64, %b: i64) -> i64 {
  %0 = llvm.sub %a, %b : i64
  llvm.return %0 : i64
}
)mlir";

/// A context with the LLVM dialect and the JIT's translations.
class RuntimeTest : public ::testing::Test {
protected:
  RuntimeTest() {
    context.loadDialect<mlir::LLVM::LLVMDialect>();
    JitEngine::registerTranslations(context);
  }

  /// Parses `source`, verifying it unless told not to; fails the test on a
  /// parse error.
  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef source,
                                          bool verify = true) {
    mlir::ParserConfig config(&context, verify);
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, config);
    EXPECT_TRUE(module) << "cannot parse:\n" << source.str();
    return module;
  }

  mlir::MLIRContext context;
};

/// A fresh directory, removed with everything in it at the end of the test.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> dir;
    std::error_code ec =
        llvm::sys::fs::createUniqueDirectory("tnp-runtime-test", dir);
    EXPECT_FALSE(ec) << ec.message();
    path = std::string(dir);
  }
  ~TempDir() { (void)llvm::sys::fs::remove_directories(path); }
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;

  std::string path;
};

/// The value of `expected`, or a test failure with its message.
template <typename T> T take(llvm::Expected<T> expected) {
  if (!expected) {
    ADD_FAILURE() << llvm::toString(expected.takeError());
    return T();
  }
  return std::move(*expected);
}

/// The message of `error`, or a test failure if it is a success.
inline std::string errorMessage(llvm::Error error) {
  if (!error) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  return llvm::toString(std::move(error));
}

template <typename T> std::string errorMessage(llvm::Expected<T> expected) {
  if (expected) {
    ADD_FAILURE() << "expected an error";
    return {};
  }
  return llvm::toString(expected.takeError());
}

/// Calls `add` in `executable` through its packed wrapper.
inline int64_t callAdd(const Executable &executable, int64_t a, int64_t b) {
  int64_t result = 0;
  void *args[] = {&a, &b, &result};
  if (llvm::Error err = executable.invokePacked("add", args))
    ADD_FAILURE() << llvm::toString(std::move(err));
  return result;
}

} // namespace testing
} // namespace runtime
} // namespace tnp

#endif // TNP_TEST_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H
