//===- TnpDialect.h - the tnp dialect ---------------------------*- C++ -*-===//

#ifndef TNP_DIALECT_TNPDIALECT_H
#define TNP_DIALECT_TNPDIALECT_H

#include "mlir/IR/Dialect.h"

#include "dialect/TnpDialect.h.inc"

#endif // TNP_DIALECT_TNPDIALECT_H
