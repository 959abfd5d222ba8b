//===- Vectorize.cpp - vmap and vectorized_map of recorded functions ------===//
//
// tnp::vmap records f on one element (lib/Gradients.cpp's FunctionTransform),
// batches the record with tnp-batch and inlines the batched function into the
// trace (the eager API traces all of this: include/tnp/vectorize.h).
//
//===----------------------------------------------------------------------===//

#include "lib/Gradients.h"

#include <tnp/vectorize.h>

#include "lib/Session.h"
#include "lib/Tracer.h"
#include "passes/Passes.h"
#include "passes/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <iostream>

using namespace tnp;
using namespace tnp::detail;

void tnp::detail::batch(mlir::ModuleOp module,
                        const std::vector<int64_t> &inAxes,
                        const std::vector<int64_t> &outAxes, int64_t size,
                        bool fallback, const std::string &api) {
  auto fn = mlir::cast<mlir::func::FuncOp>(module.getBody()->front());
  mlir::tnp::TnpBatchPassOptions options;
  options.function = fn.getName().str();
  options.inAxes.assign(inAxes.begin(), inAxes.end());
  options.outAxes.assign(outAxes.begin(), outAxes.end());
  options.size = size;
  options.fallback = fallback;
  options.name = fn.getName().str() + "_batched";
  std::string notes;
  Session::get().runPasses(
      module,
      [&](mlir::OpPassManager &pm) {
        mlir::tnp::buildTnpBatchPipeline(pm, options);
      },
      &notes);
  // TF logs its fallback to a while loop as a warning too.
  if (!notes.empty())
    std::cerr << api << ": warning: " << notes;
  module.lookupSymbol(options.function)->erase();
}
