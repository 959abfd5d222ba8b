//===- tnp-dtypes.cpp - print the dtype lattice as tables -----------------===//
//
// Prints DTypeLattice's and PromotionModes' answers, with NumPy's dtype
// names, so tests can compare them with NumPy, JAX and TF, and docs can be
// generated from the code:
//   tnp-dtypes promote    np.promote_types for every pair of dtypes (CSV)
//   tnp-dtypes can-cast   np.can_cast(from, to, "safe") for every pair (CSV)
//   tnp-dtypes query      one answer per line of stdin, each
//                           promote MODE[+f32] A B ...  -> dtype or "error:
//                           why" can-cast CASTING FROM TO    -> 1 or 0
//                         where an operand is a dtype name or a literal:
//                         b:1, i:-5, u:18446744073709551615, f:1.5, c:1.5:-2
//   tnp-dtypes markdown   docs/promotion.md
//
//===----------------------------------------------------------------------===//

#include "dialect/PromotionModes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <string>

using namespace mlir;
using namespace mlir::tnp;

namespace {

void printTable(ArrayRef<Type> dtypes,
                function_ref<std::string(Type, Type)> cell) {
  llvm::outs() << "dtype";
  for (Type t : dtypes)
    llvm::outs() << "," << getDTypeName(t);
  llvm::outs() << "\n";
  for (Type a : dtypes) {
    llvm::outs() << getDTypeName(a);
    for (Type b : dtypes)
      llvm::outs() << "," << cell(a, b);
    llvm::outs() << "\n";
  }
}

Type dtypeNamed(MLIRContext *ctx, StringRef name) {
  for (Type t : getAllDTypes(ctx))
    if (getDTypeName(t) == name)
      return t;
  return {};
}

/// A dtype name or a literal (b:, i:, u:, f:, c:re:im).
std::optional<DTypeOperand> parseOperand(MLIRContext *ctx, StringRef s) {
  if (Type t = dtypeNamed(ctx, s))
    return DTypeOperand{t};
  auto [kind, rest] = s.split(':');
  DTypeOperand o;
  o.weak = true;
  if (kind == "b" || kind == "i" || kind == "u") {
    o.dtype = kind == "b"   ? dtypeNamed(ctx, "bool")
              : kind == "i" ? dtypeNamed(ctx, "int64")
                            : dtypeNamed(ctx, "uint64");
    if (kind == "u") {
      uint64_t v;
      if (rest.getAsInteger(10, v))
        return std::nullopt;
      o.value.i = static_cast<int64_t>(v);
    } else if (rest.getAsInteger(10, o.value.i)) {
      return std::nullopt;
    }
    return o;
  }
  auto [re, im] = rest.split(':');
  o.dtype =
      kind == "f" ? dtypeNamed(ctx, "float64") : dtypeNamed(ctx, "complex128");
  if (kind != "f" && kind != "c")
    return std::nullopt;
  o.value.re = std::strtod(re.str().c_str(), nullptr);
  o.value.im = kind == "c" ? std::strtod(im.str().c_str(), nullptr) : 0;
  return o;
}

std::optional<PromotionOptions> parseMode(StringRef s) {
  PromotionOptions options;
  options.preferFloat32 = s.consume_back("+f32");
  auto mode = symbolizePromotionMode(s);
  if (!mode)
    return std::nullopt;
  options.mode = *mode;
  return options;
}

std::optional<Casting> parseCasting(StringRef s) {
  return llvm::StringSwitch<std::optional<Casting>>(s)
      .Case("no", Casting::No)
      .Case("equiv", Casting::Equiv)
      .Case("safe", Casting::Safe)
      .Case("same_kind", Casting::SameKind)
      .Case("unsafe", Casting::Unsafe)
      .Default(std::nullopt);
}

/// One query line's answer, or an empty string for a malformed line.
std::string answer(MLIRContext *ctx, StringRef line) {
  SmallVector<StringRef> words;
  line.split(words, ' ', -1, false);
  if (words.size() < 3)
    return "";
  SmallVector<DTypeOperand> operands;
  for (StringRef w : ArrayRef(words).drop_front(2)) {
    auto o = parseOperand(ctx, w);
    if (!o)
      return "";
    operands.push_back(*o);
  }
  if (words[0] == "promote") {
    auto options = parseMode(words[1]);
    if (!options)
      return "";
    std::string error;
    FailureOr<Type> t = promoteOperands(operands, *options, &error);
    return succeeded(t) ? getDTypeName(*t) : "error: " + error;
  }
  if (words[0] == "can-cast" && operands.size() == 2 && !operands[1].weak) {
    auto casting = parseCasting(words[1]);
    if (!casting)
      return "";
    return canCast(operands[0], operands[1].dtype, *casting) ? "1" : "0";
  }
  return "";
}

int query(MLIRContext *ctx) {
  std::string line;
  int status = 0;
  while (std::getline(std::cin, line)) {
    std::string a = answer(ctx, line);
    if (a.empty()) {
      llvm::errs() << "tnp-dtypes: malformed query: " << line << "\n";
      status = 2;
      a = "?";
    }
    llvm::outs() << a << "\n";
  }
  return status;
}

/// A mode's table for docs: every pair of dtypes, and each dtype with the
/// literals 1, 1.0 and 1j.
void printMarkdownTable(MLIRContext *ctx, PromotionOptions options) {
  SmallVector<Type, 15> dtypes = getAllDTypes(ctx);
  SmallVector<std::pair<std::string, DTypeOperand>> columns;
  for (Type t : dtypes)
    columns.push_back({getDTypeName(t), {t}});
  columns.push_back({"int", *parseOperand(ctx, "i:1")});
  columns.push_back({"float", *parseOperand(ctx, "f:1")});
  columns.push_back({"complex", *parseOperand(ctx, "c:0:1")});
  auto abbreviate = [](StringRef name) {
    return name.str() == "bool"
               ? std::string("b")
               : (name.take_front(1) + name.drop_while([](char c) {
                   return !llvm::isDigit(c);
                 })).str();
  };
  llvm::outs() << "| |";
  for (auto &c : columns)
    llvm::outs() << " " << abbreviate(c.first) << " |";
  llvm::outs() << "\n|---|";
  for (size_t i = 0; i < columns.size(); ++i)
    llvm::outs() << "---|";
  llvm::outs() << "\n";
  for (auto &row : columns) {
    llvm::outs() << "| **" << abbreviate(row.first) << "** |";
    for (auto &c : columns) {
      FailureOr<Type> t = promoteOperands({row.second, c.second}, options);
      llvm::outs() << " " << (succeeded(t) ? abbreviate(getDTypeName(*t)) : "✗")
                   << " |";
    }
    llvm::outs() << "\n";
  }
  llvm::outs() << "\n";
}

int markdown(MLIRContext *ctx) {
  llvm::outs() << R"(# Type promotion

<!-- Generated by `build/bin/tnp-dtypes markdown > docs/promotion.md` from
dialect/PromotionModes.cpp; test/dialect/promotion-docs.test fails when it is
stale. -->

tnp has TF-NumPy's four promotion behaviours, chosen per process with
`tnp::set_promotion(mode, {.prefer_float32 = ...})` or per scope with
`tnp::promotion_scope`; a trace records its mode as the `tnp.promotion`
attribute that `tnp-promote-types` reads. Eager and traced ops ask the same
functions (dialect/PromotionModes.h), so they agree.

Each table gives the dtype `add` computes in for a row operand and a column
operand; `int`, `float` and `complex` are C++ literals (weak, as Python
scalars), here 1, 1.0 and 1j; ✗ is an error. Abbreviations: b bool, i8 int8,
u8 uint8, ..., f16 float16, b16 bfloat16, f32 float32, c64 complex64. Ops
then apply their category (true division of integers is float64, `exp` of
int8 float16, comparisons bool: docs/dialect.md).

## numpy

NumPy 1.24's `np.result_type`: arrays by `np.promote_types` (three or more
as NumPy combines them: each with the dtype of highest NumPy type number,
float16's being above all, so int8, uint8 and float16 give float16 where a
pairwise fold gives float32); a literal of a
kind no higher than the arrays' (bool < integers < floats and complex) is
value-based, as `np.min_scalar_type` of its value (int8 + 200 is int16,
float16 + 1e5 float32), otherwise its default dtype counts (int64, float64,
complex128). The table shows the literal 1, 1.0 and 1j; other values give
other cells. With `prefer_float32`, float and complex literals are float32 and
complex64 scalars (TF's `np.float32(x)`), and `asarray(1.)` is float32.

Differences from NumPy, on purpose: a strong 0-d array counts as its dtype,
not its value (TF does the same; a traced array has no value to look at), and
bfloat16, which NumPy lacks, takes a float literal that fits float16.

)";
  printMarkdownTable(ctx, {PromotionMode::Numpy, false});
  llvm::outs() << R"(## all

JAX's type promotion lattice with x64 semantics (test/reference/
promotion_jax.csv): int32 + float32 is float32, int64 + float16 float16,
uint64 + int8 float64. Literals are weak: they take the array's dtype within
their kind (uint8 + 1 is uint8, bfloat16 + 1.0 bfloat16) and the default
dtype above it (int32 + 1.0 is float64, or float32 with prefer_float32). An
integer literal out of the range of the integer dtype it takes is an error
(JAX's OverflowError).

Differences from the references, on purpose: a result is never weak (JAX
keeps weak_type on uint64 + int8 and on ops of literals only; tnp's weakness
belongs to literals, which the IR marks on constants). TF's own table gives
Python floats float32* and then widens int + float32* to float64*; tnp's
literals are x64 like JAX, where both tables agree.

)";
  printMarkdownTable(ctx, {PromotionMode::All, false});
  llvm::outs() << R"(## safe

`all`, minus what TF-NumPy's safe mode rejects (test/reference/
promotion_tf_numpy.csv): a promotion is allowed when its result is the dtype
of one of the operands (a literal counting as int64, float64 or complex128)
and every array casts to it exactly. So int8 + uint8 (int16: widens), int32 +
float32 (loses int32's precision) and int64 + 1.5 are errors; int16 + uint8,
int16 + float32 and int8 + 1.5 are not.

)";
  printMarkdownTable(ctx, {PromotionMode::Safe, false});
  llvm::outs() << R"(## strict

TF's default: arrays of different dtypes are an error naming both; a literal
takes the array's dtype if it is a value of it (float32 * 2 is float32;
int32 + 1.5 and uint8 + 300 are errors). Literals alone promote among
themselves.

)";
  printMarkdownTable(ctx, {PromotionMode::Strict, false});
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  llvm::StringRef command = argc == 2 ? argv[1] : "";
  MLIRContext ctx;
  SmallVector<Type, 15> dtypes = getAllDTypes(&ctx);
  if (command == "promote") {
    printTable(dtypes,
               [](Type a, Type b) { return getDTypeName(promoteTypes(a, b)); });
    return 0;
  }
  if (command == "can-cast") {
    printTable(dtypes, [](Type a, Type b) {
      return std::string(canCastSafely(a, b) ? "1" : "0");
    });
    return 0;
  }
  if (command == "query")
    return query(&ctx);
  if (command == "markdown")
    return markdown(&ctx);
  llvm::errs() << "usage: tnp-dtypes promote|can-cast|query|markdown\n";
  return 2;
}
