//===- tnp-opt.cpp - the tnp pass driver ----------------------------------===//
//
// mlir-opt for tnp: the tnp dialect, tnp's passes and pipelines, and MLIR's
// upstream dialects and passes, which tnp's pipelines are built from.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpDialect.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::tnp::TnpDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary (tnp-gpu-pipeline) translates kernels to LLVM IR.
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::registerAllPasses();
  mlir::tnp::registerTnpPasses();
  mlir::tnp::registerPipelines();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tnp optimizer driver\n", registry));
}
