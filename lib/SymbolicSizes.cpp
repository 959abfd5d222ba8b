//===- SymbolicSizes.cpp - a trace's dynamic dimensions -------------------===//

#include "lib/SymbolicSizes.h"

#include <tnp/errors.h>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace tnp;

void tnp::detail::throwNotDynamic(const std::string &why) {
  throw ValueError("tnp::trace: a dimension the input signature leaves "
                   "dynamic (-1) " +
                   why +
                   " (a reshape, slice, iota or concatenation along it, or an "
                   "array made from its size); give it a size in the "
                   "signature");
}

namespace {

bool hasSymbol(llvm::ArrayRef<int64_t> values,
               llvm::ArrayRef<int64_t> symbols) {
  return llvm::any_of(
      values, [&](int64_t v) { return llvm::is_contained(symbols, v); });
}

bool hasSymbol(mlir::Type type, llvm::ArrayRef<int64_t> symbols) {
  auto shaped = mlir::dyn_cast<mlir::ShapedType>(type);
  return shaped && shaped.hasRank() && hasSymbol(shaped.getShape(), symbols);
}

/// Why a symbol in `op`'s attributes makes the trace static, if one is.
std::optional<std::string> symbolInAttributes(mlir::Operation *op,
                                              llvm::ArrayRef<int64_t> symbols) {
  for (mlir::NamedAttribute named : op->getAttrs()) {
    bool inValue = false, inShape = false;
    named.getValue().walk(
        [&](mlir::Attribute a) {
          // An elements attribute's type is no sub-element of it.
          if (auto typed = mlir::dyn_cast<mlir::TypedAttr>(a))
            inShape |= hasSymbol(typed.getType(), symbols);
          if (auto i = mlir::dyn_cast<mlir::IntegerAttr>(a)) {
            std::optional<int64_t> v = i.getValue().trySExtValue();
            inValue |= v && llvm::is_contained(symbols, *v);
          } else if (auto array = mlir::dyn_cast<mlir::DenseI64ArrayAttr>(a)) {
            inValue |= hasSymbol(array.asArrayRef(), symbols);
          }
        },
        [&](mlir::Type t) { inShape |= hasSymbol(t, symbols); });
    if (inShape)
      return std::string("sizes an array made while tracing");
    if (inValue)
      return "is a constant of " + op->getName().getStringRef().str() +
             " (its " + named.getName().str() + ")";
  }
  return std::nullopt;
}

} // namespace

void tnp::detail::makeSizesDynamic(mlir::ModuleOp module, unsigned numArguments,
                                   llvm::ArrayRef<int64_t> symbols) {
  auto fn = mlir::cast<mlir::func::FuncOp>(module.getBody()->front());
  for (mlir::BlockArgument capture : fn.getArguments().drop_front(numArguments))
    if (hasSymbol(capture.getType(), symbols))
      throwNotDynamic("sizes an array made while tracing");
  // No exception crosses MLIR's walk: the first problem is kept, then thrown.
  std::optional<std::string> problem;
  fn.walk([&](mlir::Operation *op) {
    // The function's own type is where the symbols belong.
    if (op == fn)
      return mlir::WalkResult::advance();
    problem = symbolInAttributes(op, symbols);
    return problem ? mlir::WalkResult::interrupt()
                   : mlir::WalkResult::advance();
  });
  if (problem)
    throwNotDynamic(*problem);

  mlir::AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](mlir::RankedTensorType type) -> std::optional<mlir::Type> {
        if (!hasSymbol(type.getShape(), symbols))
          return std::nullopt;
        llvm::SmallVector<int64_t> shape(type.getShape());
        for (int64_t &d : shape)
          if (llvm::is_contained(symbols, d))
            d = mlir::ShapedType::kDynamic;
        return type.clone(shape);
      });
  replacer.recursivelyReplaceElementsIn(fn, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);

  std::string messages;
  mlir::ScopedDiagnosticHandler handler(
      module.getContext(), [&](mlir::Diagnostic &diagnostic) {
        messages += (messages.empty() ? "" : "; ") + diagnostic.str();
        return mlir::success();
      });
  if (mlir::failed(mlir::verify(module)))
    throwNotDynamic("is a size a primitive needs as a constant: " + messages);
}
