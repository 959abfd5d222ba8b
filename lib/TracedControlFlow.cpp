//===- TracedControlFlow.cpp - cond, while_loop, fori_loop ----------------===//
//
// tnp::cond, tnp::while_loop and tnp::fori_loop: C++ control flow eagerly,
// scf.if, scf.while and scf.for under trace. Each branch or body is traced
// into its region: traced arrays from outside it are used directly (regions
// see the values above them), eager arrays become constants or captures as
// anywhere else in the trace.
//
//===----------------------------------------------------------------------===//

#include <tnp/control_flow.h>

#include <tnp/creation.h>
#include <tnp/errors.h>

#include "lib/DTypes.h"
#include "lib/Format.h"
#include "lib/GradientTape.h"
#include "lib/Tracer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace tnp;
using namespace tnp::detail;

namespace {

std::string typeString(const ndarray &a) {
  return std::string(a.dtype().name()) + formatShape(a.shape());
}

/// TypeError unless `got` has the shapes and dtypes of `want`.
void checkTypes(const char *what, const std::vector<ndarray> &want,
                const std::vector<ndarray> &got) {
  bool same = want.size() == got.size();
  for (size_t i = 0; same && i < want.size(); ++i)
    same =
        want[i].shape() == got[i].shape() && want[i].dtype() == got[i].dtype();
  if (same)
    return;
  auto list = [](const std::vector<ndarray> &arrays) {
    std::string s;
    for (const ndarray &a : arrays)
      s += (s.empty() ? "" : ", ") + typeString(a);
    return "(" + s + ")";
  };
  throw TypeError(std::string(what) + " must keep the shapes and dtypes " +
                  list(want) + ", got " + list(got));
}

bool truth(const ndarray &pred, const char *what) {
  if (pred.size() != 1)
    throw ValueError(std::string(what) +
                     ": the predicate must have one element, got shape " +
                     to_string(pred.shape()));
  return pred.item<bool>();
}

} // namespace

mlir::Value Tracer::predicate(const ndarray &pred, const char *what) {
  if (pred.size() != 1)
    throw ValueError(std::string(what) +
                     ": the predicate must have one element, got shape " +
                     to_string(pred.shape()));
  mlir::Location loc = builder.getUnknownLoc();
  mlir::Value value = valueOf(implOf(pred.astype(bool_)));
  llvm::SmallVector<mlir::Value> zeros(
      pred.ndim(), mlir::arith::ConstantIndexOp::create(builder, loc, 0));
  return mlir::tensor::ExtractOp::create(builder, loc, value, zeros);
}

std::vector<ndarray>
Tracer::traceInto(mlir::Block &block,
                  const std::function<std::vector<ndarray>()> &fn) {
  mlir::OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&block);
  return fn();
}

std::vector<ndarray> Tracer::recordIf(const ndarray &pred,
                                      const LeavesFn &thenFn,
                                      const LeavesFn &elseFn,
                                      const std::vector<ndarray> &operands) {
  mlir::Location loc = builder.getUnknownLoc();
  mlir::Value condition = predicate(pred, "cond");
  // The branches are traced first, into blocks of their own: their results'
  // types are the scf.if's.
  mlir::Block thenBlock, elseBlock;
  std::vector<ndarray> thenOut =
      traceInto(thenBlock, [&] { return thenFn(operands); });
  std::vector<ndarray> elseOut =
      traceInto(elseBlock, [&] { return elseFn(operands); });
  checkTypes("cond: false_fn", thenOut, elseOut);
  auto yieldAll = [&](mlir::Block &block, const std::vector<ndarray> &out) {
    mlir::OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(&block);
    llvm::SmallVector<mlir::Value> values = valuesOf(out);
    mlir::scf::YieldOp::create(builder, loc, values);
    return values;
  };
  llvm::SmallVector<mlir::Value> thenValues = yieldAll(thenBlock, thenOut);
  yieldAll(elseBlock, elseOut);
  auto ifOp = mlir::scf::IfOp::create(
      builder, loc, mlir::ValueRange(thenValues).getTypes(), condition,
      /*withElseRegion=*/true);
  ifOp.thenBlock()->getOperations().splice(ifOp.thenBlock()->end(),
                                           thenBlock.getOperations());
  ifOp.elseBlock()->getOperations().splice(ifOp.elseBlock()->end(),
                                           elseBlock.getOperations());
  return tracedLike(thenOut, ifOp.getResults());
}

std::vector<ndarray> Tracer::recordWhile(
    const std::function<ndarray(const std::vector<ndarray> &)> &condFn,
    const LeavesFn &bodyFn, const std::vector<ndarray> &init) {
  mlir::Location loc = builder.getUnknownLoc();
  llvm::SmallVector<mlir::Value> initValues = valuesOf(init);
  mlir::TypeRange types = mlir::ValueRange(initValues).getTypes();
  auto whileOp = mlir::scf::WhileOp::create(builder, loc, types, initValues);
  llvm::SmallVector<mlir::Location> locs(types.size(), loc);
  mlir::Block *before =
      builder.createBlock(&whileOp.getBefore(), {}, types, locs);
  traceInto(*before, [&] {
    mlir::Value c = predicate(condFn(tracedLike(init, before->getArguments())),
                              "while_loop");
    mlir::scf::ConditionOp::create(builder, loc, c, before->getArguments());
    return std::vector<ndarray>();
  });
  mlir::Block *after =
      builder.createBlock(&whileOp.getAfter(), {}, types, locs);
  traceInto(*after, [&] {
    std::vector<ndarray> next = bodyFn(tracedLike(init, after->getArguments()));
    checkTypes("while_loop: body_fn", init, next);
    mlir::scf::YieldOp::create(builder, loc, valuesOf(next));
    return next;
  });
  builder.setInsertionPointAfter(whileOp);
  return tracedLike(init, whileOp.getResults());
}

std::vector<ndarray>
Tracer::recordFor(int64_t lower, int64_t upper,
                  const std::function<std::vector<ndarray>(
                      const ndarray &, const std::vector<ndarray> &)> &bodyFn,
                  const std::vector<ndarray> &init) {
  mlir::Location loc = builder.getUnknownLoc();
  auto index = [&](int64_t v) {
    return mlir::arith::ConstantIndexOp::create(builder, loc, v);
  };
  auto forOp = mlir::scf::ForOp::create(builder, loc, index(lower),
                                        index(upper), index(1), valuesOf(init));
  mlir::Block *body = forOp.getBody();
  // The builder may have ended the body with an empty yield: ours replaces
  // it.
  if (!body->empty() && body->back().hasTrait<mlir::OpTrait::IsTerminator>())
    body->back().erase();
  traceInto(*body, [&] {
    mlir::Value i = mlir::arith::IndexCastOp::create(
        builder, loc, builder.getI64Type(), forOp.getInductionVar());
    mlir::Value iTensor = mlir::tensor::FromElementsOp::create(
        builder, loc, mlir::RankedTensorType::get({}, builder.getI64Type()),
        mlir::ValueRange{i});
    std::vector<ndarray> next =
        bodyFn(ndarray(traced({}, int64, iTensor)),
               tracedLike(init, forOp.getRegionIterArgs()));
    checkTypes("fori_loop: body_fn", init, next);
    mlir::scf::YieldOp::create(builder, loc, valuesOf(next));
    return next;
  });
  return tracedLike(init, forOp.getResults());
}

Leaves tnp::detail::cond(const ndarray &pred, const LeavesFn &trueFn,
                         const LeavesFn &falseFn, const Leaves &operands) {
  // A concrete predicate picks its branch now, also while tracing.
  if (!implOf(pred).tracer)
    return truth(pred, "cond") ? trueFn(operands) : falseFn(operands);
  checkNoTape("tnp::cond");
  return activeTracer()->recordIf(pred, trueFn, falseFn, operands);
}

Leaves
tnp::detail::whileLoop(const std::function<ndarray(const Leaves &)> &condFn,
                       const LeavesFn &bodyFn, const Leaves &init) {
  if (Tracer *tracer = activeTracer()) {
    checkNoTape("tnp::while_loop");
    return tracer->recordWhile(condFn, bodyFn, init);
  }
  Leaves carry = init;
  while (truth(condFn(carry), "while_loop")) {
    Leaves next = bodyFn(carry);
    checkTypes("while_loop: body_fn", carry, next);
    carry = std::move(next);
  }
  return carry;
}

Leaves tnp::detail::foriLoop(
    int64_t lower, int64_t upper,
    const std::function<Leaves(const ndarray &, const Leaves &)> &bodyFn,
    const Leaves &init) {
  if (Tracer *tracer = activeTracer()) {
    checkNoTape("tnp::fori_loop");
    return tracer->recordFor(lower, upper, bodyFn, init);
  }
  Leaves carry = init;
  for (int64_t i = lower; i < upper; ++i) {
    Leaves next = bodyFn(asarray(i), carry);
    checkTypes("fori_loop: body_fn", carry, next);
    carry = std::move(next);
  }
  return carry;
}
