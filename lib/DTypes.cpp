//===- DTypes.cpp - dtypes between the API and the dialect ----------------===//

#include "lib/DTypes.h"

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
/// MLIR types, so there is one definition of promotion.
struct Tables {
  std::array<std::array<uint8_t, N>, N> promote{};
  /// [array dtype][weak dtype]: an array operand with a weak literal.
  std::array<std::array<uint8_t, N>, N> promoteWeak{};
  std::array<std::array<uint8_t, N>, kCategories> category{};
  std::array<std::array<bool, N>, N> safe{};

  Tables() {
    mlir::MLIRContext ctx;
    auto types = mlir::tnp::getAllDTypes(&ctx);
    auto code = [&](mlir::Type t) {
      return static_cast<uint8_t>(std::find(types.begin(), types.end(), t) -
                                  types.begin());
    };
    for (int a = 0; a < N; ++a) {
      for (int b = 0; b < N; ++b) {
        promote[a][b] = code(mlir::tnp::promoteTypes(types[a], types[b]));
        promoteWeak[a][b] = code(
            mlir::tnp::promoteOperands({{types[a], false}, {types[b], true}}));
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

tnp::dtype tnp::detail::promote(const DTypeArg *args, int count) {
  const Tables &t = tables();
  int arrays = -1, weak = -1;
  for (int i = 0; i < count; ++i) {
    int &acc = args[i].weak ? weak : arrays;
    int c = args[i].dtype.index();
    acc = acc < 0 ? c : t.promote[acc][c];
  }
  if (arrays < 0)
    return fromCode(weak);
  if (weak < 0)
    return fromCode(arrays);
  return fromCode(t.promoteWeak[arrays][weak]);
}

tnp::dtype tnp::detail::categoryResult(PromotionCategory category,
                                       tnp::dtype promoted) {
  return fromCode(
      tables().category[static_cast<int>(category)][promoted.index()]);
}

bool tnp::detail::canCastSafely(tnp::dtype from, tnp::dtype to) {
  return tables().safe[from.index()][to.index()];
}
