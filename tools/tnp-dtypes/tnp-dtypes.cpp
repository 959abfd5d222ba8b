//===- tnp-dtypes.cpp - print the dtype lattice as tables -----------------===//
//
// Prints DTypeLattice's tables as CSV, with NumPy's dtype names, so tests can
// compare them with NumPy and docs can be generated from the code:
//   tnp-dtypes promote   np.promote_types for every pair of dtypes
//   tnp-dtypes can-cast  np.can_cast(from, to, "safe") for every pair
//
//===----------------------------------------------------------------------===//

#include "dialect/DTypeLattice.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

static void printTable(ArrayRef<Type> dtypes,
                       function_ref<std::string(Type, Type)> cell) {
  llvm::outs() << "dtype";
  for (Type t : dtypes)
    llvm::outs() << "," << tnp::getDTypeName(t);
  llvm::outs() << "\n";
  for (Type a : dtypes) {
    llvm::outs() << tnp::getDTypeName(a);
    for (Type b : dtypes)
      llvm::outs() << "," << cell(a, b);
    llvm::outs() << "\n";
  }
}

int main(int argc, char **argv) {
  llvm::StringRef table = argc == 2 ? argv[1] : "";
  MLIRContext ctx;
  SmallVector<Type, 15> dtypes = tnp::getAllDTypes(&ctx);
  if (table == "promote") {
    printTable(dtypes, [](Type a, Type b) {
      return tnp::getDTypeName(tnp::promoteTypes(a, b));
    });
    return 0;
  }
  if (table == "can-cast") {
    printTable(dtypes, [](Type a, Type b) {
      return std::string(tnp::canCastSafely(a, b) ? "1" : "0");
    });
    return 0;
  }
  llvm::errs() << "usage: tnp-dtypes promote|can-cast\n";
  return 2;
}
