//===- TileTransposes.cpp - tnp-tile-transposes ---------------------------===//
//
// Tiles the loops of a nest that reads across rows while it writes along
// them (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "passes/BufferRoots.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tnp {
#define GEN_PASS_DEF_TNPTILETRANSPOSESPASS
#include "passes/Passes.h.inc"
} // namespace mlir::tnp

using namespace mlir;

namespace {

/// Elements a side of a tile copied by scalars. Measured on transposes of
/// 1024^2 and 4096^2 float32 (tnp-bench-indexing): 8 -> 0.68 and 32 ms,
/// 16 -> 1.1 and 32 ms, 32 -> 2.0 and 42 ms, untiled 3.3 and 130 ms.
constexpr unsigned kTile = 8;

/// The band loop whose induction variable the innermost (contiguous) index
/// of `map` applied to `operands` uses, if only one does.
std::optional<size_t>
loopOfLastIndex(AffineMap map, ValueRange operands,
                MutableArrayRef<affine::AffineForOp> band) {
  if (map.getNumResults() == 0)
    return std::nullopt;
  AffineExpr last = map.getResults().back();
  std::optional<size_t> found;
  for (auto [d, operand] : llvm::enumerate(operands)) {
    if (d >= map.getNumDims() || !last.isFunctionOfDim(d))
      continue;
    for (auto [k, loop] : llvm::enumerate(band))
      if (operand == loop.getInductionVar()) {
        if (found && *found != k)
          return std::nullopt;
        found = k;
      }
  }
  return found;
}

/// The outermost band loop a transposed read in `band`'s body walks rows
/// with: a load whose contiguous index follows an outer loop and another
/// index the innermost one, while a store writes along the innermost one.
/// None if the nest copies along rows. A load the innermost loop does not
/// move (a row's sum, broadcast along it) reads no rows across: tiling for
/// it cut a softmax's loops into masked 8-lane vectors, 1.5x slower.
std::optional<size_t>
transposedFrom(MutableArrayRef<affine::AffineForOp> band) {
  size_t innermost = band.size() - 1;
  bool writesAlong = false;
  std::optional<size_t> across;
  for (Operation &op : band.back().getBody()->without_terminator()) {
    if (auto store = dyn_cast<affine::AffineStoreOp>(op)) {
      writesAlong |= loopOfLastIndex(store.getAffineMap(),
                                     store.getMapOperands(), band) == innermost;
    } else if (auto load = dyn_cast<affine::AffineLoadOp>(op)) {
      std::optional<size_t> k =
          loopOfLastIndex(load.getAffineMap(), load.getMapOperands(), band);
      if (k && *k != innermost &&
          llvm::is_contained(load.getMapOperands(),
                             band.back().getInductionVar()))
        across = across ? std::min(*across, *k) : *k;
    } else if (op.getNumRegions() != 0) {
      return std::nullopt;
    }
  }
  return writesAlong ? across : std::nullopt;
}

/// The bit width of the one element type `band`'s body loads and stores,
/// if there is one.
std::optional<unsigned> elementBits(affine::AffineForOp innermost) {
  std::optional<unsigned> bits;
  for (Operation &op : innermost.getBody()->without_terminator()) {
    Type type;
    if (auto load = dyn_cast<affine::AffineLoadOp>(op))
      type = load.getMemRefType().getElementType();
    else if (auto store = dyn_cast<affine::AffineStoreOp>(op))
      type = store.getMemRefType().getElementType();
    else
      continue;
    if (!type.isIntOrFloat() || (bits && *bits != type.getIntOrFloatBitWidth()))
      return std::nullopt;
    bits = type.getIntOrFloatBitWidth();
  }
  return bits;
}

/// How much `e` grows when dimension `dim` (none: an absent operand) grows
/// by one, if by a constant.
std::optional<int64_t> stepAlong(AffineExpr e, unsigned numDims,
                                 unsigned numSymbols,
                                 std::optional<unsigned> dim) {
  if (!dim)
    return 0;
  AffineExpr d = getAffineDimExpr(*dim, e.getContext());
  AffineExpr step =
      simplifyAffineExpr(e.replace(d, d + 1) - e, numDims, numSymbols);
  if (auto constant = dyn_cast<AffineConstantExpr>(step))
    return constant.getValue();
  return std::nullopt;
}

/// An access of a tile, its map composed down to loop induction variables:
/// `along` is the tile loop its contiguous index follows (by steps of one),
/// `across` the other one, which no other index of it may follow.
struct TileAccess {
  AffineMap map;
  SmallVector<Value> operands;
  std::optional<unsigned> alongDim, acrossDim;

  TileAccess(AffineMap accessMap, ValueRange accessOperands, Value along,
             Value across)
      : map(accessMap), operands(accessOperands) {
    affine::fullyComposeAffineMapAndOperands(&map, &operands);
    for (auto [d, operand] : llvm::enumerate(operands)) {
      if (d >= map.getNumDims())
        break;
      if (operand == along)
        alongDim = d;
      else if (operand == across)
        acrossDim = d;
    }
  }

  bool isRowOfTile() const {
    if (map.getNumResults() == 0)
      return false;
    unsigned dims = map.getNumDims(), symbols = map.getNumSymbols();
    ArrayRef<AffineExpr> results = map.getResults();
    return stepAlong(results.back(), dims, symbols, alongDim) == 1 &&
           llvm::all_of(results.drop_back(),
                        [&](AffineExpr e) {
                          return stepAlong(e, dims, symbols, alongDim) == 0;
                        }) &&
           llvm::all_of(results, [&](AffineExpr e) {
             return stepAlong(e, dims, symbols, acrossDim).has_value();
           });
  }

  /// The map at `along` = 0, `across` = `position`, and its operands with
  /// the two tile loops' induction variables replaced by `zero` (unused).
  std::pair<AffineMap, SmallVector<Value>> rowAt(int64_t position,
                                                 Value zero) const {
    MLIRContext *ctx = map.getContext();
    AffineMap row = map;
    for (auto [dim, value] :
         {std::pair{alongDim, int64_t(0)}, std::pair{acrossDim, position}})
      if (dim)
        row = row.replace(getAffineDimExpr(*dim, ctx),
                          getAffineConstantExpr(value, ctx), map.getNumDims(),
                          map.getNumSymbols());
    SmallVector<Value> rowOperands(operands);
    for (std::optional<unsigned> dim : {alongDim, acrossDim})
      if (dim)
        rowOperands[*dim] = zero;
    return {row, rowOperands};
  }
};

/// Copies the T x T tile `outer` (over the store's rows) and its inner loop
/// (along them) copy in registers, if that is all they do: T vector loads
/// of the source's rows, one vector.transpose, lowered to shuffles by
/// `shuffles`, T vector stores: around the caches into a static target of
/// kStreamBytes or more, or wherever `alignedRows` (the target's start and
/// row alignment, which a run-time check found) is set.
void transposeInRegisters(affine::AffineForOp outer, int64_t tile,
                          const FrozenRewritePatternSet &shuffles,
                          int64_t alignedRows) {
  auto trips = [](affine::AffineForOp loop) {
    return affine::getConstantTripCount(loop);
  };
  auto isPure = [](Operation &op) {
    return op.getNumRegions() == 0 && isMemoryEffectFree(&op);
  };
  if (trips(outer) != static_cast<uint64_t>(tile))
    return;
  affine::AffineForOp inner;
  for (Operation &op : outer.getBody()->without_terminator()) {
    if (auto loop = dyn_cast<affine::AffineForOp>(op); loop && !inner)
      inner = loop;
    else if (!isPure(op))
      return;
  }
  if (!inner || trips(inner) != static_cast<uint64_t>(tile))
    return;
  affine::AffineLoadOp load;
  affine::AffineStoreOp store;
  for (Operation &op : inner.getBody()->without_terminator()) {
    if (auto l = dyn_cast<affine::AffineLoadOp>(op); l && !load)
      load = l;
    else if (auto s = dyn_cast<affine::AffineStoreOp>(op); s && !store)
      store = s;
    else if (!isPure(op))
      return;
  }
  if (!load || !store || store.getValueToStore() != load.getResult() ||
      load.getMemRef() == store.getMemRef())
    return;
  Value a = outer.getInductionVar(), b = inner.getInductionVar();
  TileAccess source(load.getAffineMap(), load.getMapOperands(), a, b);
  TileAccess target(store.getAffineMap(), store.getMapOperands(), b, a);
  auto definedOutside = [&](const TileAccess &access) {
    return llvm::all_of(access.operands, [&](Value v) {
      return v == a || v == b || outer.isDefinedOutsideOfLoop(v);
    });
  };
  if (!source.isRowOfTile() || !target.isRowOfTile() ||
      !definedOutside(source) || !definedOutside(target))
    return;

  OpBuilder builder(outer);
  Location loc = outer.getLoc();
  Type element = load.getType();
  auto row = VectorType::get({tile}, element);
  auto square = VectorType::get({tile, tile}, element);
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value rows = arith::ConstantOp::create(builder, loc, square,
                                         builder.getZeroAttr(square));
  for (int64_t r = 0; r < tile; ++r) {
    auto [map, operands] = source.rowAt(r, zero);
    Value v = affine::AffineVectorLoadOp::create(
        builder, loc, row, load.getMemRef(), map, operands);
    rows = vector::InsertOp::create(builder, loc, v, rows, r);
  }
  auto transpose =
      vector::TransposeOp::create(builder, loc, rows, ArrayRef<int64_t>{1, 0});
  Value columns = transpose.getResult();
  MemRefType targetType = store.getMemRefType();
  bool stream = alignedRows || (targetType.hasStaticShape() &&
                                targetType.getNumElements() *
                                        element.getIntOrFloatBitWidth() / 8 >=
                                    tnp::kStreamBytes);
  for (int64_t r = 0; r < tile; ++r) {
    auto [map, operands] = target.rowAt(r, zero);
    Value v = vector::ExtractOp::create(builder, loc, columns, r);
    auto rowStore = affine::AffineVectorStoreOp::create(
        builder, loc, v, store.getMemRef(), map, operands);
    if (stream)
      rowStore->setAttr(tnp::kNontemporalAttr, builder.getUnitAttr());
    if (alignedRows)
      rowStore->setAttr(tnp::kAlignedRowsAttr,
                        builder.getI64IntegerAttr(alignedRows));
  }
  outer.erase();
  // Here, before a canonicalization would fold the transpose of the rows
  // into one insert per element.
  (void)applyOpPatternsGreedily({transpose.getOperation()}, shuffles);
}

/// Where the nest `nest` stores into a result of run-time size (an argument
/// of the function, which only writes it), moves it into the else branch
/// of an scf.if whose then branch, taken when the result has kStreamBytes
/// or more and its start and row length are multiples of `lineBytes`,
/// holds a copy of it: that copy, whose stores may stream and claim the
/// alignment. None otherwise. An eager transpose's sizes are known only
/// when it runs: its stores went through the caches, 3.4x the traced time
/// at 4096^2 float32.
Operation *versionToStream(Operation *nest, int64_t lineBytes) {
  SmallVector<affine::AffineForOp> band;
  affine::getPerfectlyNestedLoops(band, cast<affine::AffineForOp>(nest));
  auto stores = band.back().getBody()->getOps<affine::AffineStoreOp>();
  if (!llvm::hasSingleElement(stores))
    return nullptr;
  Value target = (*stores.begin()).getMemRef();
  auto argument = dyn_cast<BlockArgument>(target);
  auto type = cast<MemRefType>(target.getType());
  auto fn = dyn_cast<func::FuncOp>(nest->getParentOp());
  if (!argument || !fn || argument.getOwner() != &fn.front() ||
      type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !tnp::isOnlyStoredInto(target))
    return nullptr;
  OpBuilder b(nest);
  Location loc = nest->getLoc();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  auto multipleOfLine = [&](Value bytes) -> Value {
    Value rest = arith::RemUIOp::create(b, loc, bytes, constant(lineBytes));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest,
                                 constant(0));
  };
  Value itemBytes = constant(type.getElementTypeBitWidth() / 8);
  Value rowBytes = arith::MulIOp::create(
      b, loc, itemBytes,
      memref::DimOp::create(b, loc, target, type.getRank() - 1));
  Value bytes = rowBytes;
  for (int64_t d = 0; d + 1 < type.getRank(); ++d)
    bytes = arith::MulIOp::create(b, loc, bytes,
                                  memref::DimOp::create(b, loc, target, d));
  Value start = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, target);
  Value large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, bytes,
                                      constant(tnp::kStreamBytes));
  Value aligned = arith::AndIOp::create(b, loc, multipleOfLine(rowBytes),
                                        multipleOfLine(start));
  auto branch =
      scf::IfOp::create(b, loc, arith::AndIOp::create(b, loc, large, aligned),
                        /*withElseRegion=*/true);
  nest->moveBefore(branch.elseBlock()->getTerminator());
  OpBuilder thenBuilder = branch.getThenBodyBuilder();
  return thenBuilder.clone(*nest);
}

struct TnpTileTransposesPass
    : mlir::tnp::impl::TnpTileTransposesPassBase<TnpTileTransposesPass> {
  using TnpTileTransposesPassBase::TnpTileTransposesPassBase;

  /// 16 x 16 float32 transposes as shuffles: 89 instructions against 470
  /// for an extract and an insert per element; other shapes element-wise.
  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet patterns(ctx);
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::Shuffle16x16);
    shuffles = std::move(patterns);
    return success();
  }

  void runOnOperation() override {
    SmallVector<affine::AffineForOp> roots(
        getOperation().getBody().getOps<affine::AffineForOp>());
    for (affine::AffineForOp root : roots)
      tileNest(root, /*splitWholeTiles=*/true);
  }

  /// Tiles the perfect nest `root` if it transposes. Where tiles could be
  /// transposed in registers but the sizes are not known to be whole tiles
  /// (an eager kernel's), and `splitWholeTiles`, the nest is first split
  /// into its whole tiles and the strips left over (splitOffWholeTiles),
  /// each tiled on its own. `alignedRows`: as transposeInRegisters takes it.
  void tileNest(affine::AffineForOp root, bool splitWholeTiles,
                int64_t alignedRows = 0) {
    SmallVector<affine::AffineForOp> band;
    affine::getPerfectlyNestedLoops(band, root);
    if (band.size() < 2 || llvm::any_of(band, [](affine::AffineForOp loop) {
          return loop.getNumIterOperands() != 0;
        }))
      return;
    std::optional<size_t> from = transposedFrom(band);
    if (!from)
      return;
    // A tile of one vector's lanes a side, where the elements fit in
    // vectors: it is transposed in registers.
    MutableArrayRef<affine::AffineForOp> tiled(band);
    tiled = tiled.drop_front(*from);
    std::optional<unsigned> bits = elementBits(band.back());
    bool inRegisters = vectorWidth > 0 && bits && (*bits == 32 || *bits == 64);
    unsigned tile = inRegisters ? vectorWidth * 32 / *bits : kTile;
    // Only whole tiles are transposed in registers: where sizes are not a
    // multiple of the tile, tiles of 8 (16 copied by scalars: 1.1 against
    // 0.68 ms at 1024^2).
    auto whole = [&](affine::AffineForOp loop) {
      return affine::getLargestDivisorOfTripCount(loop) % tile == 0;
    };
    if (inRegisters && !(whole(tiled.back()) && whole(tiled.end()[-2]))) {
      if (splitWholeTiles &&
          splitOffWholeTiles(band, tiled.size() - 2 + *from, tile))
        return;
      inRegisters = false;
      tile = kTile;
    }
    if (llvm::any_of(tiled, [&](affine::AffineForOp loop) {
          std::optional<uint64_t> trips = affine::getConstantTripCount(loop);
          return trips && *trips < 2 * tile;
        }))
      return;
    SmallVector<unsigned> sizes(tiled.size(), tile);
    SmallVector<affine::AffineForOp> tiles;
    if (failed(affine::tilePerfectlyNested(tiled, sizes, &tiles)))
      return;
    // Tiles in register go along the source's rows (by 16: each row a
    // stream the prefetcher follows), storing down the target's columns
    // (a 4096^2 float32 transpose: 29 -> 20 ms, one thread).
    if (inRegisters)
      affine::interchangeLoops(tiles[tiled.size() - 2],
                               tiles[tiled.size() - 1]);
    // From 0 by 1, as the vectorizer expects of the loops it looks at
    // (it crashed on a tile's loop from %i0 to %i0 + 32).
    for (affine::AffineForOp loop : tiles)
      (void)affine::normalizeAffineFor(loop);
    if (inRegisters)
      transposeInRegisters(tiles[tiles.size() - 2], tile, shuffles,
                           alignedRows);
  }

  /// Splits the nest `band` (whose loops `outer` and `outer` + 1, the last
  /// two, run from 0 by 1 to a bound) into three: both loops over whole
  /// tiles (up to their bound rounded down to a multiple of `tile`), the
  /// inner one's strip past its whole tiles, and the outer one's, then
  /// tiles each (the first in registers). An eager transpose's sizes are
  /// known only when it runs: its tiles were all copied by scalars.
  bool splitOffWholeTiles(MutableArrayRef<affine::AffineForOp> band,
                          size_t outer, unsigned tile) {
    auto fromZero = [](affine::AffineForOp loop) {
      return loop.hasConstantLowerBound() &&
             loop.getConstantLowerBound() == 0 && loop.getStepAsInt() == 1 &&
             loop.getUpperBoundMap().getNumResults() == 1;
    };
    if (outer + 2 != band.size() || !fromZero(band[outer]) ||
        !fromZero(band[outer + 1]))
      return false;
    // The bound of `loop` rounded down to whole tiles.
    auto wholeTilesEnd = [&](affine::AffineForOp loop) {
      AffineMap ub = loop.getUpperBoundMap();
      return AffineMap::get(ub.getNumDims(), ub.getNumSymbols(),
                            ub.getResult(0).floorDiv(tile) * tile);
    };
    // Each copy's two loops, found again in the copy.
    auto loopsOf = [&](Operation *root) {
      SmallVector<affine::AffineForOp> copied;
      affine::getPerfectlyNestedLoops(copied, cast<affine::AffineForOp>(root));
      return std::pair{copied[outer], copied[outer + 1]};
    };
    Operation *root = band.front();
    OpBuilder b(root);
    Operation *wholeTiles = b.clone(*root);
    Operation *innerStrip = b.clone(*root);
    // (Bound operands copied first: setting a bound rewrites the operands
    // they are read from.)
    auto endAtWholeTiles = [&](affine::AffineForOp loop) {
      SmallVector<Value> operands(loop.getUpperBoundOperands());
      loop.setUpperBound(operands, wholeTilesEnd(loop));
    };
    auto startPastWholeTiles = [&](affine::AffineForOp loop) {
      SmallVector<Value> operands(loop.getUpperBoundOperands());
      loop.setLowerBound(operands, wholeTilesEnd(loop));
    };
    auto [rows, columns] = loopsOf(wholeTiles);
    endAtWholeTiles(rows);
    endAtWholeTiles(columns);
    auto [stripRows, stripColumns] = loopsOf(innerStrip);
    endAtWholeTiles(stripRows);
    startPastWholeTiles(stripColumns);
    startPastWholeTiles(band[outer]);
    // A vector of whole bytes a power of two: what an alignment is.
    int64_t vectorBytes = vectorWidth * 4;
    Operation *streamed = llvm::isPowerOf2_64(vectorBytes)
                              ? versionToStream(wholeTiles, vectorBytes)
                              : nullptr;
    if (streamed)
      tileNest(cast<affine::AffineForOp>(streamed), /*splitWholeTiles=*/false,
               vectorBytes);
    for (Operation *nest : {wholeTiles, innerStrip, root})
      tileNest(cast<affine::AffineForOp>(nest), /*splitWholeTiles=*/false);
    return true;
  }

  FrozenRewritePatternSet shuffles;
};

} // namespace
