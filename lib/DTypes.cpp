//===- DTypes.cpp - dtypes between the API and the dialect ----------------===//

#include "lib/DTypes.h"

#include "lib/ArrayImpl.h"
#include "lib/Literals.h"

#include <tnp/errors.h>
#include <tnp/promotion.h>

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <array>
#include <ostream>

using namespace tnp;
using namespace tnp::detail;
using mlir::tnp::PromotionCategory;

namespace {

constexpr int N = tnp::dtype::count;
constexpr int kCategories = 6;
constexpr std::array<std::string_view, N> kNames = {
    "bool",     "int8",    "uint8",   "int16",     "uint16",
    "int32",    "uint32",  "int64",   "uint64",    "float16",
    "bfloat16", "float32", "float64", "complex64", "complex128"};
constexpr std::array<std::size_t, N> kSizes = {1, 1, 1, 2, 2, 4, 4, 8,
                                               8, 2, 2, 4, 8, 8, 16};

/// The lattice over codes: computed once from the dialect's functions on
/// MLIR types, so there is one definition of promotion. The context stays
/// for the promotions with literals or other modes, which ask the dialect.
struct Tables {
  mlir::MLIRContext ctx;
  llvm::SmallVector<mlir::Type, 15> types;
  std::array<std::array<uint8_t, N>, N> promote{};
  std::array<std::array<uint8_t, N>, kCategories> category{};
  std::array<std::array<bool, N>, N> safe{};

  static uint8_t code(mlir::Type t) { return mlir::tnp::getDTypeIndex(t); }

  Tables() : types(mlir::tnp::getAllDTypes(&ctx)) {
    for (int a = 0; a < N; ++a) {
      for (int b = 0; b < N; ++b) {
        promote[a][b] = code(mlir::tnp::promoteTypes(types[a], types[b]));
        safe[a][b] = mlir::tnp::canCastSafely(types[a], types[b]);
      }
      for (int c = 0; c < kCategories; ++c)
        category[c][a] = code(mlir::tnp::getCategoryResultType(
            static_cast<PromotionCategory>(c), types[a]));
    }
  }
};

const Tables &tables() {
  static const Tables t;
  return t;
}

tnp::dtype fromCode(int c) {
  return tnp::dtype(static_cast<tnp::dtype::code>(c));
}

} // namespace

std::string_view tnp::dtype::name() const { return kNames[index()]; }
std::size_t tnp::dtype::itemsize() const { return kSizes[index()]; }
bool tnp::dtype::is_unsigned() const {
  return code_ == code::uint8 || code_ == code::uint16 ||
         code_ == code::uint32 || code_ == code::uint64;
}

std::ostream &tnp::operator<<(std::ostream &os, tnp::dtype t) {
  return os << t.name();
}

mlir::Type tnp::detail::toMlirType(mlir::MLIRContext *ctx, tnp::dtype t) {
  return mlir::tnp::getAllDTypes(ctx)[t.index()];
}

mlir::tnp::DTypeOperand tnp::detail::toOperand(const DTypeArg &arg) {
  mlir::tnp::DTypeOperand o{tables().types[arg.dtype.index()], arg.weak};
  if (arg.weak && arg.literal) {
    Scalar v = readScalar(arg.literal->data(), arg.dtype, 0);
    o.value.i = v.i;
    o.value.re = v.c.real();
    o.value.im = v.c.imag();
  }
  return o;
}

tnp::dtype tnp::detail::fromMlirType(mlir::Type t) {
  return fromCode(tables().code(t));
}

tnp::dtype tnp::detail::promote(const DTypeArg *args, int count,
                                std::string_view op) {
  const Tables &t = tables();
  mlir::tnp::PromotionOptions options = currentPromotion();
  bool weak = false;
  for (int i = 0; i < count; ++i)
    weak |= args[i].weak;
  // The hot path: one or two arrays, NumPy's rules, from the table.
  if (!weak && count <= 2 && options.mode == mlir::tnp::PromotionMode::Numpy)
    return fromCode(
        t.promote[args[0].dtype.index()][args[count - 1].dtype.index()]);
  llvm::SmallVector<mlir::tnp::DTypeOperand, 4> operands;
  for (int i = 0; i < count; ++i)
    operands.push_back(toOperand(args[i]));
  std::string error;
  mlir::FailureOr<mlir::Type> result =
      mlir::tnp::promoteOperands(operands, options, &error);
  if (mlir::failed(result))
    throw TypeError(std::string(op) + ": " + error);
  return fromMlirType(*result);
}

tnp::dtype tnp::detail::literalArrayDType(tnp::dtype dtype) {
  if (!currentPromotion().preferFloat32)
    return dtype;
  return dtype == float64 ? float32 : dtype == complex128 ? complex64 : dtype;
}

tnp::dtype tnp::detail::categoryResult(PromotionCategory category,
                                       tnp::dtype promoted) {
  return fromCode(
      tables().category[static_cast<int>(category)][promoted.index()]);
}

bool tnp::detail::canCastSafely(tnp::dtype from, tnp::dtype to) {
  return tables().safe[from.index()][to.index()];
}
