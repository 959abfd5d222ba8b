//===- Batch.cpp - tnp-batch: vectorized_map as a func -> func transform --===//
//
// The new function maps each value of the original to its batched
// counterpart, walking the ops in order: an op none of whose operands is
// batched is copied; one with batched operands is rebuilt by its
// BatchableOpInterface rule. The driver holds no per-op code: it handles the
// structure of scf regions, the two upstream ops traces contain (a
// tensor.extract of a predicate, a tensor.cast of indices), and the loop
// fallback.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/TnpOps.h"
#include "dialect/ops/BatchRules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPBATCHPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;
using namespace mlir::tnp;
using namespace mlir::tnp::batching;

namespace {

class Batcher {
public:
  Batcher(int64_t size, bool fallback) : size(size), fallback(fallback) {}

  /// Batches the ops of `block` (without its terminator) at `b`.
  LogicalResult batchOps(Block &block, OpBuilder &b) {
    for (Operation &op : block.without_terminator())
      if (failed(batchOp(op, b)))
        return failure();
    return success();
  }

  /// The new value for `v`, and whether it is batched (in front).
  Value lookup(Value v) const { return map.lookupOrDefault(v); }
  bool isBatched(Value newValue) const { return batched.contains(newValue); }
  /// `v`'s new value, batched.
  Value batchedValue(OpBuilder &b, Location loc, Value v) {
    Value n = lookup(v);
    return isBatched(n) ? n : batching::batched(b, loc, n, std::nullopt, size);
  }
  void bind(Value from, Value to, bool isBatchedValue) {
    map.map(from, to);
    if (isBatchedValue)
      batched.insert(to);
  }

private:
  bool readsBatched(Operation &op) {
    for (Value v : op.getOperands())
      if (isBatched(lookup(v)))
        return true;
    if (!op.getNumRegions())
      return false;
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(op.getRegions(), above);
    return llvm::any_of(above, [&](Value v) { return isBatched(lookup(v)); });
  }

  LogicalResult batchOp(Operation &op, OpBuilder &b) {
    if (!readsBatched(op)) {
      b.clone(op, map);
      return success();
    }
    if (auto branch = dyn_cast<scf::IfOp>(op))
      return batchIf(branch, b);
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return batchFor(loop, b);
    if (auto loop = dyn_cast<scf::WhileOp>(op))
      return batchWhile(loop, b);
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      // The element of a batched 0-d tensor is a batched scalar: the
      // batch's 1-d tensor stands for it (a per-element predicate).
      if (extract.getIndices().empty()) {
        bind(extract.getResult(), lookup(extract.getTensor()), true);
        return success();
      }
    }
    if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      Value v = tensor::CastOp::create(b, cast.getLoc(),
                                       withBatch(cast.getType(), size),
                                       lookup(cast.getSource()));
      bind(cast.getResult(), v, true);
      return success();
    }
    SmallVector<Value> operands;
    SmallVector<std::optional<int64_t>> dims;
    for (Value v : op.getOperands()) {
      operands.push_back(lookup(v));
      dims.push_back(isBatched(operands.back()) ? std::optional<int64_t>(0)
                                                : std::nullopt);
    }
    auto rule = dyn_cast<BatchableOpInterface>(op);
    if (rule && !op.getNumRegions()) {
      SmallVector<Value> results;
      SmallVector<std::optional<int64_t>> resultDims;
      LogicalResult built = failure();
      {
        // With a fallback, a rule's refusal is not an error.
        std::optional<ScopedDiagnosticHandler> quiet;
        if (fallback)
          quiet.emplace(op.getContext(),
                        [](Diagnostic &) { return success(); });
        built = rule.buildBatched(b, operands, dims, results, resultDims);
      }
      if (succeeded(built)) {
        for (auto [old, now, d] :
             llvm::zip(op.getResults(), results, resultDims))
          bind(old, now, d.has_value());
        return success();
      }
      if (!fallback)
        return failure();
    } else if (!fallback || op.getNumRegions()) {
      return op.emitOpError("has no batching rule (tnp-batch)");
    }
    return loopOver(op, operands, dims, b);
  }

  /// Runs `op` once per batch element in an scf.for, gathering each batched
  /// operand's element and scattering each result into its row.
  LogicalResult loopOver(Operation &op, ArrayRef<Value> operands,
                         ArrayRef<std::optional<int64_t>> dims, OpBuilder &b) {
    op.emitWarning() << "'" << op.getName()
                     << "' op has no batching rule: it runs once per batch "
                        "element in a loop (fallback)";
    Location loc = op.getLoc();
    SmallVector<Value> inits;
    for (Type t : op.getResultTypes()) {
      auto type = withBatch(t, size);
      Attribute zero =
          isa<FloatType>(type.getElementType())
              ? Attribute(b.getFloatAttr(type.getElementType(), 0))
              : Attribute(b.getIntegerAttr(type.getElementType(), 0));
      inits.push_back(ConstantOp::create(
          b, loc, type, DenseElementsAttr::get(type, zero), false));
    }
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    auto loop =
        scf::ForOp::create(b, loc, index(0), index(size), index(1), inits);
    OpBuilder body = OpBuilder::atBlockBegin(loop.getBody());
    if (!loop.getBody()->empty())
      body.setInsertionPoint(loop.getBody()->getTerminator());
    Value i = arith::IndexCastOp::create(body, loc, body.getI64Type(),
                                         loop.getInductionVar());
    Value at = tensor::FromElementsOp::create(
        body, loc, RankedTensorType::get({1, 1}, body.getI64Type()),
        ValueRange{i});
    IRMapping elementMap;
    for (auto [old, now, d] : llvm::zip(op.getOperands(), operands, dims)) {
      if (!d) {
        elementMap.map(old, now);
        continue;
      }
      auto type = cast<RankedTensorType>(now.getType());
      SmallVector<int64_t> one(type.getShape());
      one[0] = 1;
      Value row = GatherOp::create(body, loc, type.clone(one), now, at,
                                   ArrayRef<int64_t>{0});
      elementMap.map(old, ReshapeOp::create(body, loc, old.getType(), row));
    }
    Operation *element = body.clone(op, elementMap);
    SmallVector<Value> next;
    for (auto [r, acc] :
         llvm::zip(element->getResults(), loop.getRegionIterArgs())) {
      auto type = cast<RankedTensorType>(acc.getType());
      SmallVector<int64_t> one(type.getShape());
      one[0] = 1;
      Value row = ReshapeOp::create(body, loc, type.clone(one), r);
      next.push_back(ScatterOp::create(body, loc, type, ScatterKind::Set, acc,
                                       at, row, ArrayRef<int64_t>{0}));
    }
    if (!loop.getBody()->empty() &&
        loop.getBody()->back().hasTrait<OpTrait::IsTerminator>())
      loop.getBody()->back().erase();
    body.setInsertionPointToEnd(loop.getBody());
    scf::YieldOp::create(body, loc, next);
    for (auto [old, now] : llvm::zip(op.getResults(), loop.getResults()))
      bind(old, now, true);
    return success();
  }

  /// Batches `from`'s ops into `to`, before its terminator, returning what
  /// `from`'s terminator yields (new values) without yielding it.
  FailureOr<SmallVector<Value>> batchRegionBlock(Block &from, Block &to) {
    OpBuilder rb = OpBuilder::atBlockTerminator(&to);
    if (failed(batchOps(from, rb)))
      return failure();
    SmallVector<Value> yields;
    for (Value v : from.getTerminator()->getOperands())
      yields.push_back(lookup(v));
    return yields;
  }

  LogicalResult batchIf(scf::IfOp branch, OpBuilder &b) {
    Location loc = branch.getLoc();
    Value pred = lookup(branch.getCondition());
    if (isBatched(pred)) {
      // Per-element conditions: run both branches, select per element.
      SmallVector<Value> thenValues, elseValues;
      for (auto [region, values] :
           {std::pair(&branch.getThenRegion(), &thenValues),
            std::pair(&branch.getElseRegion(), &elseValues)}) {
        if (failed(batchOps(region->front(), b)))
          return failure();
        for (Value v : region->front().getTerminator()->getOperands())
          values->push_back(batchedValue(b, loc, v));
      }
      for (auto [result, t, e] :
           llvm::zip(branch.getResults(), thenValues, elseValues)) {
        auto type = cast<RankedTensorType>(t.getType());
        Value mask = BroadcastInDimOp::create(b, loc, type.clone(b.getI1Type()),
                                              pred, ArrayRef<int64_t>{0});
        bind(result, SelectOp::create(b, loc, type, mask, t, e), true);
      }
      return success();
    }
    // The branches are batched into a placeholder if: ops can only be built
    // in a block of a region of an op (a free block crashed). They move to
    // the real if once its result types are known.
    auto scratch = scf::IfOp::create(b, loc, TypeRange{}, pred,
                                     /*withElseRegion=*/true);
    Block &thenBlock = *scratch.thenBlock(), &elseBlock = *scratch.elseBlock();
    auto thenYields =
        batchRegionBlock(branch.getThenRegion().front(), thenBlock);
    auto elseYields =
        succeeded(thenYields)
            ? batchRegionBlock(branch.getElseRegion().front(), elseBlock)
            : FailureOr<SmallVector<Value>>(failure());
    if (failed(elseYields)) {
      scratch.erase();
      return failure();
    }
    SmallVector<bool> resultBatched;
    for (auto [t, e] : llvm::zip(*thenYields, *elseYields))
      resultBatched.push_back(isBatched(t) || isBatched(e));
    auto finish = [&](Block &block, SmallVector<Value> &yields) {
      block.getTerminator()->erase(); // The placeholder's empty yield.
      OpBuilder yb = OpBuilder::atBlockEnd(&block);
      for (auto [v, batch] : llvm::zip(yields, resultBatched))
        if (batch && !isBatched(v))
          v = batching::batched(yb, loc, v, std::nullopt, size);
      scf::YieldOp::create(yb, loc, yields);
    };
    finish(thenBlock, *thenYields);
    finish(elseBlock, *elseYields);
    auto newIf = scf::IfOp::create(b, loc, ValueRange(*thenYields).getTypes(),
                                   pred, /*withElseRegion=*/true);
    newIf.thenBlock()->getOperations().splice(newIf.thenBlock()->end(),
                                              thenBlock.getOperations());
    newIf.elseBlock()->getOperations().splice(newIf.elseBlock()->end(),
                                              elseBlock.getOperations());
    scratch.erase();
    for (auto [old, now, batch] :
         llvm::zip(branch.getResults(), newIf.getResults(), resultBatched))
      bind(old, now, batch);
    return success();
  }

  /// Loops carry every value batched once anything in them is.
  LogicalResult batchFor(scf::ForOp loop, OpBuilder &b) {
    Location loc = loop.getLoc();
    SmallVector<Value> inits;
    for (Value v : loop.getInitArgs())
      inits.push_back(batchedValue(b, loc, v));
    auto newLoop = scf::ForOp::create(b, loc, lookup(loop.getLowerBound()),
                                      lookup(loop.getUpperBound()),
                                      lookup(loop.getStep()), inits);
    Block *body = newLoop.getBody();
    if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
      body->back().erase();
    bind(loop.getInductionVar(), newLoop.getInductionVar(), false);
    for (auto [old, now] :
         llvm::zip(loop.getRegionIterArgs(), newLoop.getRegionIterArgs()))
      bind(old, now, true);
    OpBuilder bb = OpBuilder::atBlockEnd(body);
    if (failed(batchOps(*loop.getBody(), bb)))
      return failure();
    SmallVector<Value> yields;
    for (Value v : loop.getBody()->getTerminator()->getOperands())
      yields.push_back(batchedValue(bb, loc, v));
    scf::YieldOp::create(bb, loc, yields);
    for (auto [old, now] : llvm::zip(loop.getResults(), newLoop.getResults()))
      bind(old, now, true);
    return success();
  }

  /// A while loop whose condition is per element runs while any element's
  /// holds; an element whose condition failed keeps its carried values. The
  /// condition forwards its arguments, then the lanes still running, then,
  /// unless it forwards the before-block's arguments unchanged (the traced
  /// form), those arguments too: an element that stopped yields them back.
  LogicalResult batchWhile(scf::WhileOp loop, OpBuilder &b) {
    Location loc = loop.getLoc();
    SmallVector<Value> inits;
    for (Value v : loop.getInits())
      inits.push_back(batchedValue(b, loc, v));
    TypeRange carried = ValueRange(inits).getTypes();
    auto condition = loop.getConditionOp();
    bool passThrough =
        llvm::equal(condition.getArgs(), loop.getBeforeArguments());
    auto lanesType =
        RankedTensorType::get({size}, IntegerType::get(b.getContext(), 1));
    SmallVector<Type> forwarded;
    for (Value v : condition.getArgs())
      forwarded.push_back(batching::withBatch(v.getType(), size));
    forwarded.push_back(lanesType);
    if (!passThrough)
      forwarded.append(carried.begin(), carried.end());
    auto newLoop = scf::WhileOp::create(b, loc, forwarded, inits);
    SmallVector<Location> locs(carried.size(), loc);
    Block *before = b.createBlock(&newLoop.getBefore(), {}, carried, locs);
    for (auto [old, now] :
         llvm::zip(loop.getBeforeArguments(), before->getArguments()))
      bind(old, now, true);
    OpBuilder cb = OpBuilder::atBlockEnd(before);
    if (failed(batchOps(loop.getBefore().front(), cb)))
      return failure();
    Value lanes = lookup(condition.getCondition());
    if (!isBatched(lanes))
      lanes = tensor::FromElementsOp::create(
          cb, loc, RankedTensorType::get({}, cb.getI1Type()), lanes);
    lanes = batching::batched(
        cb, loc, lanes,
        isBatched(lanes) ? std::optional<int64_t>(0) : std::nullopt, size);
    Value any =
        ReduceOp::create(cb, loc, ReduceKind::Any, lanes, ArrayRef<int64_t>{0});
    Value go = tensor::ExtractOp::create(cb, loc, any, ValueRange{});
    SmallVector<Value> args;
    for (Value v : condition.getArgs())
      args.push_back(batchedValue(cb, loc, v));
    args.push_back(lanes);
    if (!passThrough)
      llvm::append_range(args, before->getArguments());
    scf::ConditionOp::create(cb, loc, go, args);

    SmallVector<Location> afterLocs(forwarded.size(), loc);
    Block *after = b.createBlock(&newLoop.getAfter(), {}, forwarded, afterLocs);
    unsigned numArgs = condition.getArgs().size();
    for (auto [old, now] : llvm::zip(loop.getAfterArguments(),
                                     after->getArguments().take_front(numArgs)))
      bind(old, now, true);
    OpBuilder ab = OpBuilder::atBlockEnd(after);
    if (failed(batchOps(loop.getAfter().front(), ab)))
      return failure();
    Value active = after->getArgument(numArgs);
    // What each element carried into this iteration.
    ValueRange previous = passThrough
                              ? after->getArguments().take_front(numArgs)
                              : after->getArguments().drop_front(numArgs + 1);
    SmallVector<Value> next;
    for (auto [v, old] :
         llvm::zip(loop.getAfter().front().getTerminator()->getOperands(),
                   previous)) {
      Value now = batchedValue(ab, loc, v);
      auto type = cast<RankedTensorType>(now.getType());
      Value mask = BroadcastInDimOp::create(ab, loc, type.clone(ab.getI1Type()),
                                            active, ArrayRef<int64_t>{0});
      next.push_back(SelectOp::create(ab, loc, type, mask, now, old));
    }
    scf::YieldOp::create(ab, loc, next);
    b.setInsertionPointAfter(newLoop);
    for (auto [old, now] : llvm::zip(loop.getResults(), newLoop.getResults()))
      bind(old, now, true);
    return success();
  }

  int64_t size;
  bool fallback;
  IRMapping map;
  DenseSet<Value> batched;
};

struct TnpBatchPass : public mlir::tnp::impl::TnpBatchPassBase<TnpBatchPass> {
  using TnpBatchPassBase::TnpBatchPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto fn = module.lookupSymbol<func::FuncOp>(function);
    if (!fn || fn.isExternal()) {
      module.emitError() << "tnp-batch: no function body named '" << function
                         << "'";
      return signalPassFailure();
    }
    if (failed(batch(module, fn)))
      signalPassFailure();
  }

  LogicalResult batch(ModuleOp module, func::FuncOp fn) {
    unsigned numArgs = fn.getNumArguments(), numResults = fn.getNumResults();
    if (inAxes.size() != numArgs)
      return fn.emitError("tnp-batch: in-axes has ")
             << inAxes.size() << " entries for " << numArgs << " arguments";
    if (!outAxes.empty() && outAxes.size() != numResults)
      return fn.emitError("tnp-batch: out-axes has ")
             << outAxes.size() << " entries for " << numResults << " results";
    if (size <= 0)
      return fn.emitError("tnp-batch: the batch size must be positive");
    if (llvm::none_of(inAxes, [](int64_t a) { return a >= 0; }))
      return fn.emitError("tnp-batch: no argument is batched");
    std::string newName = !name.empty() ? name : function + "_batched";
    if (module.lookupSymbol(newName))
      return fn.emitError("tnp-batch: a function named '")
             << newName << "' exists already";

    SmallVector<Type> argTypes;
    for (auto [type, axis] : llvm::zip(fn.getArgumentTypes(), inAxes)) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (axis >= 0 && (!tensor || axis > tensor.getRank()))
        return fn.emitError("tnp-batch: in-axes ")
               << axis << " is out of range for an argument of type " << type;
      if (axis < 0) {
        argTypes.push_back(type);
        continue;
      }
      SmallVector<int64_t> shape(tensor.getShape());
      shape.insert(shape.begin() + axis, size);
      argTypes.push_back(tensor.clone(shape));
    }
    OpBuilder b(module.getContext());
    b.setInsertionPointAfter(fn);
    auto g = func::FuncOp::create(b, fn.getLoc(), newName,
                                  b.getFunctionType(argTypes, {}));
    g->setAttrs(fn->getAttrs());
    g.setName(newName);
    g.setFunctionType(b.getFunctionType(argTypes, {}));
    Block *body = g.addEntryBlock();
    b.setInsertionPointToEnd(body);
    Batcher batcher(size, fallback);
    for (auto [old, now, axis] :
         llvm::zip(fn.getArguments(), body->getArguments(), inAxes))
      batcher.bind(old, axis < 0 ? now : moveToFront(b, fn.getLoc(), now, axis),
                   axis >= 0);
    if (failed(batcher.batchOps(fn.front(), b))) {
      g.erase();
      return failure();
    }
    SmallVector<Value> results;
    auto ret = cast<func::ReturnOp>(fn.front().getTerminator());
    for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
      Value now = batcher.batchedValue(b, ret.getLoc(), v);
      int64_t axis = outAxes.empty() ? 0 : outAxes[i];
      int64_t rank = cast<RankedTensorType>(now.getType()).getRank();
      if (axis < 0 || axis >= rank)
        return fn.emitError("tnp-batch: out-axes ")
               << axis << " is out of range for result #" << i;
      if (axis != 0) {
        SmallVector<int64_t> perm;
        for (int64_t d = 1; d < rank; ++d)
          perm.push_back(d);
        perm.insert(perm.begin() + axis, 0);
        now = TransposeOp::create(b, ret.getLoc(), now, perm);
      }
      results.push_back(now);
    }
    func::ReturnOp::create(b, ret.getLoc(), results);
    g.setFunctionType(
        b.getFunctionType(argTypes, ValueRange(results).getTypes()));
    return success();
  }
};

} // namespace
