//===- TnpOps.cpp - generated op classes and shared assembly directives ---===//
//
// The op definitions generated from ODS, and the custom type directives the
// elementwise families use. Each family's hand-written rules (verifiers,
// folders, shape inference) live in ops/<Family>.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tnp;

/// Parses `T` (every operand and the result are T) or `(T0, ...) -> R`.
static ParseResult parseTypes(OpAsmParser &parser, ArrayRef<Type *> operands,
                              Type &result, function_ref<Type(Type)> resultOf) {
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  auto fn = dyn_cast<FunctionType>(type);
  if (!fn) {
    for (Type *operand : operands)
      *operand = type;
    result = resultOf(type);
    return success();
  }
  if (fn.getNumInputs() != operands.size() || fn.getNumResults() != 1)
    return parser.emitError(loc) << "expected a function type with "
                                 << operands.size() << " inputs and 1 result";
  for (auto [operand, input] : llvm::zip(operands, fn.getInputs()))
    *operand = input;
  result = fn.getResult(0);
  return success();
}

/// Prints the short form `T` when it parses back to the same types.
static void printTypes(OpAsmPrinter &printer, ArrayRef<Type> operands,
                       Type result, function_ref<Type(Type)> resultOf) {
  Type first = operands.front();
  if (llvm::all_equal(operands) && resultOf(first) == result) {
    printer << first;
    return;
  }
  printer.printFunctionalType(operands, ArrayRef<Type>(result));
}

static Type same(Type t) { return t; }

static Type boolLike(Type t) {
  auto shaped = dyn_cast<ShapedType>(t);
  if (!shaped)
    return t;
  return shaped.clone(IntegerType::get(t.getContext(), 1));
}

static ParseResult parseElementwiseTypes(OpAsmParser &parser, Type &operand,
                                         Type &result) {
  return parseTypes(parser, {&operand}, result, same);
}

static ParseResult parseElementwiseTypes(OpAsmParser &parser, Type &lhs,
                                         Type &rhs, Type &result) {
  return parseTypes(parser, {&lhs, &rhs}, result, same);
}

static ParseResult parseCompareTypes(OpAsmParser &parser, Type &lhs, Type &rhs,
                                     Type &result) {
  return parseTypes(parser, {&lhs, &rhs}, result, boolLike);
}

static void printElementwiseTypes(OpAsmPrinter &printer, Operation *,
                                  Type operand, Type result) {
  printTypes(printer, {operand}, result, same);
}

static void printElementwiseTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                                  Type rhs, Type result) {
  printTypes(printer, {lhs, rhs}, result, same);
}

static void printCompareTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                              Type rhs, Type result) {
  printTypes(printer, {lhs, rhs}, result, boolLike);
}

#include "dialect/TnpInterfaces.cpp.inc"
#define GET_OP_CLASSES
#include "dialect/TnpOps.cpp.inc"
