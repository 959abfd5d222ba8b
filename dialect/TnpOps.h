//===- TnpOps.h - tnp ops, attributes and interfaces ------------*- C++ -*-===//

#ifndef TNP_DIALECT_TNPOPS_H
#define TNP_DIALECT_TNPOPS_H

#include "dialect/DTypeLattice.h"
#include "dialect/TnpDialect.h"
#include "dialect/TnpTraits.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialect/TnpEnums.h"
#define GET_ATTRDEF_CLASSES
#include "dialect/TnpAttrs.h.inc"
#include "dialect/TnpInterfaces.h.inc"
#define GET_OP_CLASSES
#include "dialect/TnpOps.h.inc"

#endif // TNP_DIALECT_TNPOPS_H
