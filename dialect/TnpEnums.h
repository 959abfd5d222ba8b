//===- TnpEnums.h - the tnp dialect's enums ---------------------*- C++ -*-===//

#ifndef TNP_DIALECT_TNPENUMS_H
#define TNP_DIALECT_TNPENUMS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "dialect/TnpEnums.h.inc"

#endif // TNP_DIALECT_TNPENUMS_H
