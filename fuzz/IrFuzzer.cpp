//===- IrFuzzer.cpp - libFuzzer target: parse, verify, run a pipeline -----===//
//
// The input is MLIR text followed by one byte that picks what runs on it:
// one of tnp's pipelines or a composition of its transforms (autodiff and
// batching in either order, each then lowered). A failure with a diagnostic
// is a fine outcome; a crash, a sanitizer report or a hang is a finding.
//
// Only modules whose ops come from the dialects tnp records into are run:
// upstream passes are not tnp's to fix on IR tnp never produces.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpDialect.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace mlir;

namespace {

MLIRContext &context() {
  static MLIRContext *ctx = [] {
    DialectRegistry registry;
    registry.insert<tnp::TnpDialect>();
    registerAllDialects(registry);
    registerAllExtensions(registry);
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    // Diagnostics are an expected outcome: keep them off stderr.
    c->getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
    return c;
  }();
  return *ctx;
}

/// Whether every op is one tnp records or its pipelines take as input.
bool recordedDialectsOnly(ModuleOp module) {
  static const llvm::StringSet<> allowed = {"builtin", "func",   "tnp", "arith",
                                            "scf",     "tensor", "math"};
  bool ok = true;
  module->walk([&](Operation *op) {
    if (!allowed.contains(op->getName().getDialectNamespace())) {
      ok = false;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return ok;
}

tnp::TnpAutodiffPassOptions autodiff(StringRef fn, bool vjp, StringRef name) {
  tnp::TnpAutodiffPassOptions o;
  o.function = fn.str();
  o.vjp = vjp;
  o.name = name.str();
  return o;
}

tnp::TnpBatchPassOptions batch(func::FuncOp fn, StringRef name, int64_t size,
                               bool fallback, bool unbatchedLast) {
  tnp::TnpBatchPassOptions o;
  o.function = fn.getName().str();
  unsigned n = fn.getNumArguments();
  for (unsigned i = 0; i < n; ++i)
    o.inAxes.push_back(unbatchedLast && i + 1 == n && n > 1 ? -1 : 0);
  o.size = size;
  o.fallback = fallback;
  o.name = name.str();
  return o;
}

/// Adds the pipeline `choice` picks, for the module's first function `fn`.
void buildPipeline(OpPassManager &pm, uint8_t choice, func::FuncOp fn) {
  StringRef name = fn.getName();
  int64_t size = 1 + (choice >> 5);
  tnp::PipelineOptions cpu;
  switch (choice % 12) {
  case 0:
    pm.addNestedPass<func::FuncOp>(tnp::createTnpPromoteTypesPass());
    return;
  case 1:
    tnp::buildTnpToLinalgPipeline(pm);
    return;
  case 2:
    tnp::buildCpuPipeline(pm, cpu);
    return;
  case 3:
    tnp::buildTnpGradientPipeline(pm, autodiff(name, false, "fz"));
    return;
  case 4:
    tnp::buildTnpGradientPipeline(pm, autodiff(name, true, "fz"));
    return;
  case 5:
    tnp::buildTnpBatchPipeline(pm, batch(fn, "fz", size, false, false));
    return;
  case 6:
    tnp::buildTnpBatchPipeline(pm, batch(fn, "fz", size, true, true));
    return;
  case 11:
    tnp::buildTnpGradientPipeline(pm, autodiff(name, true, "fg"));
    tnp::buildTnpGradientPipeline(pm, autodiff("fg", true, "fgg"));
    return;
  default:
    break;
  }
  // 7-10: both transforms in either order, lowered or not.
  bool batchFirst = choice % 12 >= 9;
  bool lower = choice % 12 == 8 || choice % 12 == 10;
  tnp::TnpBatchPassOptions b = batch(fn, "fb", size, choice & 16, choice & 32);
  if (batchFirst) {
    tnp::buildTnpBatchPipeline(pm, b);
    tnp::buildTnpGradientPipeline(pm, autodiff("fb", true, "fbg"));
  } else {
    tnp::buildTnpGradientPipeline(pm, autodiff(name, true, "fg"));
    b.function = "fg";
    b.name = "fgb";
    tnp::buildTnpBatchPipeline(pm, b);
  }
  if (lower)
    tnp::buildCpuPipeline(pm, cpu);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0;
  MLIRContext &ctx = context();
  uint8_t choice = data[size - 1];
  ParserConfig config(&ctx);
  // MLIR's lexer reads up to a terminating NUL, as files read with
  // MemoryBuffer have (tnp-opt's input): give it one.
  std::string text(reinterpret_cast<const char *>(data), size - 1);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)) || !recordedDialectsOnly(*module))
    return 0;
  auto functions = module->getOps<func::FuncOp>();
  if (functions.empty() || (*functions.begin()).isExternal())
    return 0;
  PassManager pm(&ctx);
  buildPipeline(pm, choice, *functions.begin());
  (void)pm.run(*module);
  return 0;
}
