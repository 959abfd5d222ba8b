//===- ElementwiseLowering.cpp - placeholder, being written ----------------------===//

#include "passes/lowering/LoweringUtils.h"

using namespace mlir;
using namespace mlir::tnp;

void tnp::populateElementwiseLoweringPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {}

void tnp::configureElementwiseLoweringTarget(ConversionTarget &target) {}

void tnp::eraseAbsorbedBroadcasts(Operation *root) {}
