//===- Autodiff.cpp - tnp-autodiff: reverse-mode differentiation ----------===//
//
// A func -> func transform: the new function runs the original ops, then
// walks them backwards asking each op's DifferentiableOpInterface for the
// cotangents of its operands, summing those of values used several times.
// Only values that depend on the differentiated arguments (active values)
// take part. The driver knows no op: the rules live with the ops
// (dialect/ops/*Vjp.cpp); it handles only the structure of scf regions.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/TnpOps.h"
#include "dialect/ops/VjpBuilders.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPAUTODIFFPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;
using namespace mlir::tnp;

namespace {

bool hasElementType(Type type, function_ref<bool(Type)> is) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && is(tensor.getElementType());
}

bool isFloat(Type type) {
  return hasElementType(type, [](Type t) { return isa<FloatType>(t); });
}

bool isComplex(Type type) {
  return hasElementType(type, [](Type t) { return isa<ComplexType>(t); });
}

/// Marks the values of `fn` that depend on the active arguments: every float
/// or complex result of an op reading an active value, directly or from
/// inside its regions.
void markActive(func::FuncOp fn, DenseSet<Value> &active) {
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool reads = llvm::any_of(op->getOperands(),
                              [&](Value v) { return active.contains(v); });
    if (!reads && op->getNumRegions()) {
      llvm::SetVector<Value> above;
      getUsedValuesDefinedAbove(op->getRegions(), above);
      reads = llvm::any_of(above, [&](Value v) { return active.contains(v); });
    }
    if (reads)
      for (Value r : op->getResults())
        if (isFloat(r.getType()) || isComplex(r.getType()))
          active.insert(r);
  });
}

/// The backward sweep over ops whose values are in `active`.
class Sweep {
public:
  explicit Sweep(DenseSet<Value> &active) : active(active) {}

  /// Propagates the cotangents in `adjoint` backwards through `ops` (in
  /// forward order), building after them with `b`.
  LogicalResult run(ArrayRef<Operation *> ops, OpBuilder &b,
                    DenseMap<Value, Value> &adjoint) {
    for (Operation *op : llvm::reverse(ops)) {
      if (llvm::none_of(op->getResults(),
                        [&](Value r) { return adjoint.count(r); }))
        continue;
      if (auto branch = dyn_cast<scf::IfOp>(op)) {
        if (failed(differentiateIf(branch, b, adjoint)))
          return failure();
        continue;
      }
      if (failed(differentiateOp(op, b, adjoint)))
        return failure();
    }
    return success();
  }

  /// Adds `ct` to the cotangent of `v`.
  void accumulate(OpBuilder &b, DenseMap<Value, Value> &adjoint, Value v,
                  Value ct) {
    auto [it, added] = adjoint.try_emplace(v, ct);
    if (!added)
      it->second = vjp::make<AddOp>(b, v.getLoc(), it->second, ct);
  }

private:
  LogicalResult differentiateOp(Operation *op, OpBuilder &b,
                                DenseMap<Value, Value> &adjoint) {
    auto rule = dyn_cast<DifferentiableOpInterface>(op);
    if (!rule && isa<scf::WhileOp>(op))
      return op->emitOpError(
          "has no reverse-mode rule: a while loop's trip count is known "
          "only when it runs (JAX's while_loop cannot be reverse-"
          "differentiated either); use a fori_loop with fixed bounds");
    if (!rule && isa<scf::ForOp>(op))
      return op->emitOpError("has no reverse-mode rule: only loops with "
                             "constant bounds (unrolled) are differentiated");
    if (!rule)
      return op->emitOpError("has no VJP rule (tnp-autodiff)");
    SmallVector<Value> cts;
    for (Value r : op->getResults())
      cts.push_back(adjoint.lookup(r)
                        ? adjoint.lookup(r)
                        : vjp::zeros(b, op->getLoc(), r.getType()));
    SmallVector<Value> operandCts;
    if (failed(rule.buildVjp(b, cts, operandCts)))
      return failure();
    if (operandCts.size() != op->getNumOperands())
      return op->emitOpError("VJP rule gave ")
             << operandCts.size() << " cotangents for " << op->getNumOperands()
             << " operands";
    for (auto [operand, ct] : llvm::zip(op->getOperands(), operandCts)) {
      if (!ct || !active.contains(operand))
        continue;
      if (ct.getType() != operand.getType())
        return op->emitOpError("VJP rule gave a cotangent of type ")
               << ct.getType() << " for an operand of type "
               << operand.getType();
      accumulate(b, adjoint, operand, ct);
    }
    return success();
  }

  /// An scf.if whose results have cotangents: an scf.if on the same
  /// condition whose branches recompute the forward branch, sweep it, and
  /// yield the cotangents of the active values it reads from above.
  LogicalResult differentiateIf(scf::IfOp branch, OpBuilder &b,
                                DenseMap<Value, Value> &adjoint) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(branch->getRegions(), above);
    SmallVector<Value> targets;
    for (Value v : above)
      if (active.contains(v))
        targets.push_back(v);
    if (targets.empty())
      return success();
    Location loc = branch.getLoc();
    auto reverse = scf::IfOp::create(b, loc, ValueRange(targets).getTypes(),
                                     branch.getCondition(),
                                     /*addThenBlock=*/true,
                                     /*addElseBlock=*/true);
    for (auto [forward, backward] :
         llvm::zip(branch->getRegions(), reverse->getRegions())) {
      OpBuilder rb = OpBuilder::atBlockEnd(&backward.front());
      IRMapping map;
      SmallVector<Operation *> clones;
      for (Operation &op : forward.front().without_terminator()) {
        Operation *clone = rb.clone(op, map);
        for (auto [r, c] : llvm::zip(op.getResults(), clone->getResults()))
          if (active.contains(r))
            active.insert(c);
        clones.push_back(clone);
      }
      DenseMap<Value, Value> local;
      Operation *yield = forward.front().getTerminator();
      for (auto [result, yielded] :
           llvm::zip(branch.getResults(), yield->getOperands()))
        if (Value ct = adjoint.lookup(result); ct && active.contains(yielded))
          accumulate(rb, local, map.lookupOrDefault(yielded), ct);
      if (failed(run(clones, rb, local)))
        return failure();
      SmallVector<Value> yields;
      for (Value t : targets)
        yields.push_back(local.lookup(t) ? local.lookup(t)
                                         : vjp::zeros(rb, loc, t.getType()));
      scf::YieldOp::create(rb, loc, yields);
    }
    for (auto [t, ct] : llvm::zip(targets, reverse.getResults()))
      accumulate(b, adjoint, t, ct);
    return success();
  }

  DenseSet<Value> &active;
};

struct TnpAutodiffPass
    : public mlir::tnp::impl::TnpAutodiffPassBase<TnpAutodiffPass> {
  using TnpAutodiffPassBase::TnpAutodiffPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto fn = module.lookupSymbol<func::FuncOp>(function);
    if (!fn || fn.isExternal()) {
      module.emitError() << "tnp-autodiff: no function body named '" << function
                         << "'";
      return signalPassFailure();
    }
    if (failed(differentiate(module, fn)))
      signalPassFailure();
  }

  /// The arguments to differentiate, or an error.
  FailureOr<SmallVector<unsigned>> arguments(func::FuncOp fn) {
    SmallVector<unsigned> positions(wrt.begin(), wrt.end());
    if (positions.empty())
      for (auto [i, type] : llvm::enumerate(fn.getArgumentTypes()))
        if (isFloat(type))
          positions.push_back(i);
    for (unsigned i : positions) {
      if (i >= fn.getNumArguments())
        return fn.emitError("tnp-autodiff: wrt names argument #")
               << i << " of a function with " << fn.getNumArguments();
      if (!isFloat(fn.getArgumentTypes()[i]))
        return fn.emitError("tnp-autodiff: argument #")
               << i << " has type " << fn.getArgumentTypes()[i]
               << "; only float arguments are differentiable";
    }
    return positions;
  }

  LogicalResult differentiate(ModuleOp module, func::FuncOp fn) {
    FailureOr<SmallVector<unsigned>> positions = arguments(fn);
    if (failed(positions))
      return failure();
    TypeRange resultTypes = fn.getResultTypes();
    if (!vjp && (resultTypes.size() != 1 || !isFloat(resultTypes[0]) ||
                 cast<RankedTensorType>(resultTypes[0]).getRank() != 0))
      return fn.emitError("tnp-autodiff: a gradient needs one 0-d float "
                          "result (a loss), got ")
             << resultTypes << "; use vjp=true for other results";
    std::string newName =
        !name.empty() ? name : function + (vjp ? "_vjp" : "_grad");
    if (module.lookupSymbol(newName))
      return fn.emitError("tnp-autodiff: a function named '")
             << newName << "' exists already";

    auto g = cast<func::FuncOp>(fn->clone());
    g.setName(newName);
    module.getBody()->getOperations().insertAfter(fn->getIterator(), g);
    Block &body = g.front();
    SmallVector<Value> seeds;
    if (vjp)
      for (Type t : resultTypes)
        seeds.push_back(body.addArgument(t, g.getLoc()));

    DenseSet<Value> active;
    for (unsigned i : *positions)
      active.insert(body.getArgument(i));
    if (failed(unrollLoops(g, active)))
      return failure();
    markActive(g, active);
    for (Value v : active)
      if (isComplex(v.getType()))
        return v.getDefiningOp()->emitOpError(
            "computes a complex value from differentiated arguments; "
            "tnp-autodiff differentiates real floats only");

    auto ret = cast<func::ReturnOp>(body.getTerminator());
    OpBuilder b(ret);
    if (!vjp)
      seeds.push_back(vjp::splat(b, g.getLoc(), resultTypes[0], 1));
    Sweep sweep(active);
    DenseMap<Value, Value> adjoint;
    for (auto [result, seed] : llvm::zip(ret.getOperands(), seeds))
      if (active.contains(result) && isFloat(result.getType()))
        sweep.accumulate(b, adjoint, result, seed);
    SmallVector<Operation *> ops;
    for (Operation &op : body.without_terminator())
      ops.push_back(&op);
    if (failed(sweep.run(ops, b, adjoint)))
      return failure();

    SmallVector<Value> results(ret.getOperands());
    for (unsigned i : *positions) {
      Value arg = body.getArgument(i);
      results.push_back(adjoint.lookup(arg)
                            ? adjoint.lookup(arg)
                            : vjp::zeros(b, g.getLoc(), arg.getType()));
    }
    func::ReturnOp::create(b, ret.getLoc(), results);
    ret.erase();
    g.setType(b.getFunctionType(body.getArgumentTypes(),
                                ValueRange(results).getTypes()));
    return success();
  }

  /// Unrolls the scf.for loops that carry active values (innermost first),
  /// so that the sweep sees straight-line code: the forward values of every
  /// iteration are kept, as a scan's residuals would be.
  LogicalResult unrollLoops(func::FuncOp g, DenseSet<Value> active) {
    markActive(g, active);
    SmallVector<scf::ForOp> loops;
    g.walk([&](scf::ForOp loop) {
      if (llvm::any_of(loop.getResults(),
                       [&](Value r) { return active.contains(r); }))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      if (failed(loopUnrollFull(loop)))
        return loop.emitOpError("has no reverse-mode rule: its bounds are "
                                "not constants, so it cannot be unrolled");
    return success();
  }
};

} // namespace
