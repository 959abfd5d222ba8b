//===- SymbolicSizesTest.cpp - a trace's dynamic dimensions ---------------===//
//
// An input signature's -1 dimensions are traced at symbolic sizes, which
// become `?` in the function's types; a symbol anywhere else, or a size
// computed from one, is a ValueError that names where it went. Once through
// makeSizesDynamic on written IR (every case of it), once through
// tnp::trace (what users write that reaches each case).
//
//===----------------------------------------------------------------------===//

#include <tnp/tnp.h>

#include "lib/Session.h"
#include "lib/SymbolicSizes.h"
#include "test/unit/api/ErrorOf.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using tnp::ndarray;
using tnp::ValueError;

namespace {

constexpr int64_t kSymbol = 1000003;

/// makeSizesDynamic on `body` (a function of one argument and one capture,
/// each `tensor<1000003x2xf32>`, returning `%r : type`): the new text.
std::string dynamicText(const std::string &body, const std::string &type) {
  std::unique_ptr<mlir::MLIRContext> ctx =
      tnp::detail::Session::get().newContext();
  std::string t = "tensor<1000003x2xf32>";
  std::string text = "func.func @f(%x: " + t + ", %c: " + t + ") -> " + type +
                     " {\n" + body + "\n  return %r : " + type + "\n}\n";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, ctx.get());
  EXPECT_TRUE(module) << text;
  tnp::detail::makeSizesDynamic(*module, /*numArguments=*/2, {kSymbol});
  std::string out;
  llvm::raw_string_ostream(out) << *module;
  return out;
}

TEST(SymbolicSizesTest, SymbolsInTypesBecomeDynamic) {
  std::string ir = dynamicText("  %s = tnp.add %x, %c : tensor<1000003x2xf32>\n"
                               "  %r = tnp.reduce sum %s, axes = [1] : "
                               "tensor<1000003x2xf32> -> tensor<1000003xf32>",
                               "tensor<1000003xf32>");
  EXPECT_NE(ir.find("(%arg0: tensor<?x2xf32>, %arg1: tensor<?x2xf32>) -> "
                    "tensor<?xf32>"),
            std::string::npos)
      << ir;
  EXPECT_NE(ir.find("tnp.reduce sum %0, axes = [1] : tensor<?x2xf32> -> "
                    "tensor<?xf32>"),
            std::string::npos)
      << ir;
  EXPECT_EQ(ir.find("1000003"), std::string::npos) << ir;
}

TEST(SymbolicSizesTest, SymbolsElsewhereAreErrors) {
  auto error = [](const std::string &body, const std::string &type) {
    return errorOf<ValueError>([&] { dynamicText(body, type); });
  };
  std::string suffix = " (a reshape, slice, iota or concatenation along it, "
                       "or an array made from its size); give it a size in "
                       "the signature";
  std::string prefix = "tnp::trace: a dimension the input signature leaves "
                       "dynamic (-1) ";
  // A primitive's attribute.
  EXPECT_EQ(error("  %r = tnp.slice %x, start = [0, 0], limit = [1000003, 2], "
                  "strides = [2, 1] : tensor<1000003x2xf32> -> "
                  "tensor<500002x2xf32>",
                  "tensor<500002x2xf32>"),
            prefix + "is a constant of tnp.slice (its limit)" + suffix);
  // A constant made while tracing.
  EXPECT_EQ(error("  %r = tnp.constant dense<1.0> : tensor<1000003xf32>",
                  "tensor<1000003xf32>"),
            prefix + "sizes an array made while tracing" + suffix);
  // A primitive whose verifier needs the size.
  std::string iota = error("  %r = tnp.iota dim = 0 : tensor<1000003xi64>",
                           "tensor<1000003xi64>");
  EXPECT_EQ(iota.rfind(prefix + "is a size a primitive needs as a constant: "
                                "'tnp.iota' op result shape must be static",
                       0),
            0u)
      << iota;
}

TEST(SymbolicSizesTest, CaptureOfSymbolicShapeIsAnError) {
  std::unique_ptr<mlir::MLIRContext> ctx =
      tnp::detail::Session::get().newContext();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(
          "func.func @f(%x: tensor<1000003xf32>, %c: tensor<1000003xf32>) -> "
          "tensor<1000003xf32> {\n"
          "  %r = tnp.add %x, %c : tensor<1000003xf32>\n"
          "  return %r : tensor<1000003xf32>\n}\n",
          ctx.get());
  ASSERT_TRUE(module);
  EXPECT_NE(errorOf<ValueError>([&] {
              tnp::detail::makeSizesDynamic(*module, 1, {kSymbol});
            }).find("sizes an array made while tracing"),
            std::string::npos);
}

/// The error of tracing `f` with a (-1, 8) signature, called on a (5, 8)
/// array.
template <typename F> std::string traceError(F f) {
  tnp::trace_options options;
  options.input_signature = {{{-1, 8}, tnp::float64}};
  auto traced = tnp::trace(f, options);
  return errorOf<ValueError>([&] { traced(tnp::ones({5, 8})); });
}

TEST(SymbolicSizesTest, TraceErrorsNameWhereTheSizeWent) {
  auto has = [](const std::string &error, const std::string &part) {
    EXPECT_NE(error.find(part), std::string::npos) << error;
    EXPECT_NE(error.find("give it a size in the signature"), std::string::npos)
        << error;
  };
  // A strided slice of the dynamic dimension needs its size.
  has(traceError(
          [](const ndarray &x) { return x(tnp::slice(0, std::nullopt, 2)); }),
      "is a constant of tnp.slice (its limit)");
  // An array made from the size.
  has(traceError([](const ndarray &x) { return x + tnp::zeros(x.shape()); }),
      "sizes an array made while tracing");
  // A number computed from the size: only the second trace sees it.
  has(traceError(
          [](const ndarray &x) { return tnp::sum(x) / double(x.shape()[0]); }),
      "is computed with, so that the traced function differs from size to "
      "size");
  has(traceError([](const ndarray &x) {
        return x.reshape({-1, 2});
      }),
      "is computed with");
  // A broadcast to the size from nothing that has it.
  has(traceError([](const ndarray &x) {
        return tnp::broadcast_to(tnp::sum(x), x.shape());
      }),
      "is a size the compiled function cannot know from its arguments: "
      "tnp: compiling failed:");
  // Fine at the call's size, not at others.
  has(traceError([](const ndarray &x) {
        return x + tnp::ones({5, 8});
      }),
      "fails at another size: operands could not be broadcast together with "
      "shapes (1000003,8) (5,8)");
}

TEST(SymbolicSizesTest, FailureAtTheCallsSizeIsTheFunctionsOwn) {
  auto f = [](const ndarray &x) { return x + tnp::ones({4, 8}); };
  EXPECT_EQ(traceError(f), errorOf<ValueError>([&] { f(tnp::ones({5, 8})); }));
}

TEST(SymbolicSizesTest, TracedIRNamesNoSymbol) {
  auto f = [](const ndarray &x) {
    return tnp::sum(x(tnp::slice(), tnp::slice(0, 4)) * 2.0, 1);
  };
  tnp::trace_options options;
  options.input_signature = {{{-1, 8}, tnp::float64}};
  auto traced = tnp::trace(f, options);
  std::string ir = traced.ir(tnp::ir_stage::traced, tnp::ones({5, 8}));
  EXPECT_NE(ir.find("tensor<?x8xf64>) -> tensor<?xf64>"), std::string::npos)
      << ir;
  EXPECT_EQ(ir.find("1000003"), std::string::npos) << ir;
  EXPECT_EQ(ir.find("2000003"), std::string::npos) << ir;
  EXPECT_EQ(traced.trace_count(), 1);
}

} // namespace
