//===- ReductionLowering.cpp - placeholder, being written ----------------------===//

#include "passes/lowering/LoweringUtils.h"

using namespace mlir;
using namespace mlir::tnp;

void tnp::populateReductionLoweringPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {}
