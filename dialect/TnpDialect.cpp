//===- TnpDialect.cpp - the tnp dialect -----------------------------------===//

#include "dialect/TnpDialect.h"

#include "dialect/TnpOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tnp;

#include "dialect/TnpDialect.cpp.inc"
#include "dialect/TnpEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "dialect/TnpAttrs.cpp.inc"

void TnpDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialect/TnpOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialect/TnpAttrs.cpp.inc"
      >();
}

Operation *TnpDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto weak = dyn_cast<WeakAttr>(value);
  auto elements = weak ? weak.getValue() : dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements, /*weak=*/bool(weak));
}
