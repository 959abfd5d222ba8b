//===- Promotion.cpp - promotion modes, result_type, can_cast -------------===//

#include <tnp/errors.h>
#include <tnp/promotion.h>

#include "lib/ArrayImpl.h"
#include "lib/DTypes.h"

#include <atomic>

using namespace tnp;
using namespace tnp::detail;
using mlir::tnp::PromotionMode;
using mlir::tnp::PromotionOptions;

namespace {

// The rules as one int (mode * 2 + prefer_float32): the process's, and a
// thread's override (-1: none).
std::atomic<int> processRules{static_cast<int>(PromotionMode::Numpy) * 2};
thread_local int threadRules = -1;

int encode(promotion_mode mode, promotion_options options) {
  PromotionMode m = mode == promotion_mode::strict  ? PromotionMode::Strict
                    : mode == promotion_mode::numpy ? PromotionMode::Numpy
                    : mode == promotion_mode::all   ? PromotionMode::All
                                                    : PromotionMode::Safe;
  return static_cast<int>(m) * 2 + options.prefer_float32;
}

int rules() { return threadRules >= 0 ? threadRules : processRules.load(); }

} // namespace

PromotionOptions tnp::detail::promotionFromCode(int code) {
  return {static_cast<PromotionMode>(code / 2), (code & 1) != 0};
}

PromotionOptions tnp::detail::currentPromotion() {
  return promotionFromCode(rules());
}

int tnp::detail::promotionCode(PromotionOptions options) {
  return static_cast<int>(options.mode) * 2 + options.preferFloat32;
}

void tnp::set_promotion(promotion_mode mode, promotion_options options) {
  processRules = encode(mode, options);
}

promotion_mode tnp::get_promotion() {
  return static_cast<promotion_mode>(currentPromotion().mode);
}

bool tnp::prefer_float32() { return currentPromotion().preferFloat32; }

promotion_scope::promotion_scope(promotion_mode mode, promotion_options options)
    : saved_(threadRules) {
  threadRules = encode(mode, options);
}

promotion_scope::~promotion_scope() { threadRules = saved_; }

static DTypeArg toArg(const promotion_operand &o) {
  if (!o.is_weak())
    return {o.dtype()};
  return {o.dtype(), true, &implOf(o.array())};
}

tnp::dtype tnp::result_type(std::initializer_list<promotion_operand> operands) {
  if (operands.size() == 0)
    throw TypeError("result_type: at least one array or dtype is required");
  std::vector<DTypeArg> args;
  for (const promotion_operand &o : operands)
    args.push_back(toArg(o));
  return promote(args.data(), args.size(), "result_type");
}

bool tnp::can_cast(const promotion_operand &from, tnp::dtype to, casting kind) {
  using mlir::tnp::Casting;
  Casting c = kind == casting::no          ? Casting::No
              : kind == casting::equiv     ? Casting::Equiv
              : kind == casting::safe      ? Casting::Safe
              : kind == casting::same_kind ? Casting::SameKind
                                           : Casting::Unsafe;
  mlir::tnp::DTypeOperand operand = toOperand(toArg(from));
  return mlir::tnp::canCast(operand, toOperand({to}).dtype, c);
}

tnp::dtype tnp::promote_types(tnp::dtype type1, tnp::dtype type2) {
  return result_type({type1, type2});
}
