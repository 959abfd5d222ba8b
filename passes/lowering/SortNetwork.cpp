//===- SortNetwork.cpp - tnp.sort's rows by a sorting network -------------===//
//
// A bitonic sorting network whose every comparator puts the smaller element
// at the lower position: phase s merges sorted runs of 2^(s-1) into runs of
// 2^s, its first step comparing mirrored positions of each run pair (i with
// i ^ (2^s - 1)), its next ones positions 2^(s-2), ..., 1 apart. As no
// comparator sorts downward, a row of any length n sorts as if padded with
// +inf to a power of two: a comparator whose upper position is n or more
// does nothing. Each step is one scf.parallel over the rows and the step's
// comparators, which the GPU pipeline launches as one kernel; the phase and
// step loops stay on the host (ceil(log2 n) (ceil(log2 n) + 1) / 2 steps).
//
// Stability: equal keys (-0.0 and 0.0, any two NaNs, or simply equal
// values) order by their original position, carried in an int64
// permutation that the comparators move with the keys. Integer keys that
// are equal are the same value, so their sorts need no permutation unless
// one is asked for.
//
//===----------------------------------------------------------------------===//

#include "passes/lowering/SortNetwork.h"
#include "passes/lowering/LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tnp;

namespace {

using arith::CmpFPredicate;
using arith::CmpIPredicate;

/// Whether `x` sorts before `y` in NumPy's order: NaNs last, complex
/// numbers by real then imaginary part, those with a NaN imaginary part
/// after the rest, then those with a NaN real part, then both NaN (as
/// runtime/Sort.cpp's ComplexOrder). `dtype` is tnp's (it says signedness).
Value buildSortsBefore(OpBuilder &b, Location loc, Type dtype, Value x,
                       Value y) {
  auto cmpf = [&](CmpFPredicate predicate, Value l, Value r) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, l, r);
  };
  auto orOf = [&](Value l, Value r) -> Value {
    return arith::OrIOp::create(b, loc, l, r);
  };
  auto andOf = [&](Value l, Value r) -> Value {
    return arith::AndIOp::create(b, loc, l, r);
  };
  if (isa<ComplexType>(dtype)) {
    Value xr = complex::ReOp::create(b, loc, x);
    Value xi = complex::ImOp::create(b, loc, x);
    Value yr = complex::ReOp::create(b, loc, y);
    Value yi = complex::ImOp::create(b, loc, y);
    // 2 for a NaN real part, plus 1 for a NaN imaginary part.
    auto nanRank = [&](Value re, Value im) -> Value {
      Type i8 = b.getI8Type();
      Value r =
          arith::ExtUIOp::create(b, loc, i8, cmpf(CmpFPredicate::UNO, re, re));
      Value i =
          arith::ExtUIOp::create(b, loc, i8, cmpf(CmpFPredicate::UNO, im, im));
      return arith::AddIOp::create(b, loc, arith::AddIOp::create(b, loc, r, r),
                                   i);
    };
    Value rx = nanRank(xr, xi), ry = nanRank(yr, yi);
    // Within a rank: by real part where both are numbers and differ, else
    // by imaginary part (false where it is NaN).
    Value byParts = arith::SelectOp::create(
        b, loc, cmpf(CmpFPredicate::ONE, xr, yr),
        cmpf(CmpFPredicate::OLT, xr, yr), cmpf(CmpFPredicate::OLT, xi, yi));
    return orOf(arith::CmpIOp::create(b, loc, CmpIPredicate::ult, rx, ry),
                andOf(arith::CmpIOp::create(b, loc, CmpIPredicate::eq, rx, ry),
                      byParts));
  }
  if (auto real = dyn_cast<FloatType>(dtype)) {
    // 16-bit floats compare exactly as float32.
    if (real.getWidth() < 32) {
      x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
      y = arith::ExtFOp::create(b, loc, b.getF32Type(), y);
    }
    return orOf(
        cmpf(CmpFPredicate::OLT, x, y),
        andOf(cmpf(CmpFPredicate::UNO, y, y), cmpf(CmpFPredicate::ORD, x, x)));
  }
  bool isUnsigned = dtype.isInteger(1) || isUnsignedInt(dtype);
  return arith::CmpIOp::create(
      b, loc, isUnsigned ? CmpIPredicate::ult : CmpIPredicate::slt, x, y);
}

/// The network's buffers and what its steps share.
struct Network {
  Type dtype;
  int64_t axis;
  Value keys, perm; // perm: null without a permutation
  Value rowSize;
};

/// Step `step` of phase `phase` (comparators 2^(phase-1-step) apart, or
/// mirrored for step 0): one scf.parallel over the rows and each row's
/// comparators, one for each position i below the row size whose bit for
/// that distance is clear.
void buildStep(OpBuilder &b, Location loc, const Network &net, Value phase,
               Value step) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value zero = index(0), one = index(1);
  Value n = net.rowSize;
  Value log = arith::SubIOp::create(
      b, loc, arith::SubIOp::create(b, loc, phase, one), step);
  Value distance = arith::ShLIOp::create(b, loc, one, log);
  Value below = arith::SubIOp::create(b, loc, distance, one);
  Value runMask = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, one, phase), one);
  Value mirrored = arith::CmpIOp::create(b, loc, CmpIPredicate::eq, step, zero);
  // Each run of 2 * distance positions holds `distance` lower ones.
  Value runs = arith::ShRUIOp::create(b, loc, n,
                                      arith::AddIOp::create(b, loc, log, one));
  Value whole = arith::MulIOp::create(b, loc, runs, distance);
  Value rest = arith::MinUIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, n,
                            arith::ShLIOp::create(b, loc, whole, one)),
      distance);
  Value comparators = arith::AddIOp::create(b, loc, whole, rest);

  auto type = cast<MemRefType>(net.keys.getType());
  int64_t rank = type.getRank();
  // The comparators take the axis's place among the dimensions: the
  // innermost loop (a GPU's threads x) runs along the last dimension, whose
  // elements are adjacent in memory.
  SmallVector<Value> lbs(rank, zero), ubs, steps(rank, one);
  for (int64_t d = 0; d < rank; ++d)
    ubs.push_back(d == net.axis
                      ? comparators
                      : memref::DimOp::create(b, loc, net.keys, d).getResult());
  scf::ParallelOp::create(
      b, loc, lbs, ubs, steps, [&](OpBuilder &b, Location loc, ValueRange ivs) {
        // Position p's bits, with a 0 inserted at bit `log`.
        Value p = ivs[net.axis];
        Value low = arith::AndIOp::create(b, loc, p, below);
        Value i = arith::OrIOp::create(
            b, loc,
            arith::ShLIOp::create(b, loc, arith::SubIOp::create(b, loc, p, low),
                                  one),
            low);
        Value l = arith::SelectOp::create(
            b, loc, mirrored, arith::XOrIOp::create(b, loc, i, runMask),
            arith::OrIOp::create(b, loc, i, distance));
        Value inRow = arith::CmpIOp::create(b, loc, CmpIPredicate::ult, l, n);
        scf::IfOp::create(b, loc, inRow, [&](OpBuilder &b, Location loc) {
          auto at = [&](Value position) {
            SmallVector<Value> indices(ivs);
            indices[net.axis] = position;
            return indices;
          };
          SmallVector<Value> atI = at(i), atL = at(l);
          Value ki = memref::LoadOp::create(b, loc, net.keys, atI);
          Value kl = memref::LoadOp::create(b, loc, net.keys, atL);
          Value swap = buildSortsBefore(b, loc, net.dtype, kl, ki);
          Value pi, pl;
          if (net.perm) {
            pi = memref::LoadOp::create(b, loc, net.perm, atI);
            pl = memref::LoadOp::create(b, loc, net.perm, atL);
            Value tie = arith::XOrIOp::create(
                b, loc, buildSortsBefore(b, loc, net.dtype, ki, kl),
                arith::ConstantIntOp::create(b, loc, 1, 1));
            swap = arith::OrIOp::create(
                b, loc, swap,
                arith::AndIOp::create(
                    b, loc, tie,
                    arith::CmpIOp::create(b, loc, CmpIPredicate::slt, pl, pi)));
          }
          scf::IfOp::create(b, loc, swap, [&](OpBuilder &b, Location loc) {
            memref::StoreOp::create(b, loc, kl, net.keys, atI);
            memref::StoreOp::create(b, loc, ki, net.keys, atL);
            if (net.perm) {
              memref::StoreOp::create(b, loc, pl, net.perm, atI);
              memref::StoreOp::create(b, loc, pi, net.perm, atL);
            }
            scf::YieldOp::create(b, loc);
          });
          scf::YieldOp::create(b, loc);
        });
      });
}

} // namespace

std::pair<Value, Value> mlir::tnp::buildSortNetwork(OpBuilder &b, Location loc,
                                                    Value keys, Type dtype,
                                                    int64_t axis,
                                                    bool withPermutation,
                                                    ValueRange dynamicSizes) {
  auto keyType = cast<RankedTensorType>(keys.getType());
  auto permType = keyType.clone(b.getI64Type());
  // The network sorts buffers of its own in place, handed back as tensors
  // once sorted. Allocated, not taken from tensors (to_buffer): the
  // canonicalizer reads a load of a tensor's buffer as an extract of the
  // tensor, which would miss the network's stores.
  Network net{
      dtype, axis,
      memref::AllocOp::create(b, loc, bufferType(keyType, false), dynamicSizes),
      Value(), Value()};
  memref::CopyOp::create(
      b, loc,
      bufferization::ToBufferOp::create(b, loc, bufferType(keyType, true), keys,
                                        /*read_only=*/true),
      net.keys);
  if (withPermutation) {
    net.perm = memref::AllocOp::create(b, loc, bufferType(permType, false),
                                       dynamicSizes);
    int64_t rank = keyType.getRank();
    linalg::GenericOp::create(
        b, loc, TypeRange{}, ValueRange{}, ValueRange{net.perm},
        ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)},
        SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &b, Location loc, ValueRange) {
          linalg::YieldOp::create(b, loc,
                                  ValueRange{arith::IndexCastOp::create(
                                      b, loc, b.getI64Type(),
                                      linalg::IndexOp::create(b, loc, axis))});
        });
  }
  net.rowSize = memref::DimOp::create(b, loc, net.keys, axis);

  // Phases 1, 2, ... while the runs they merge (2^(phase - 1)) are shorter
  // than a row; phase s has s steps.
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::WhileOp::create(
      b, loc, TypeRange{b.getIndexType()}, ValueRange{one},
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value run = arith::ShLIOp::create(
            b, loc, one, arith::SubIOp::create(b, loc, args[0], one));
        scf::ConditionOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, CmpIPredicate::ult, run, net.rowSize),
            args);
      },
      [&](OpBuilder &b, Location loc, ValueRange args) {
        Value phase = args[0];
        scf::ForOp::create(
            b, loc, arith::ConstantIndexOp::create(b, loc, 0), phase, one,
            ValueRange(),
            [&](OpBuilder &b, Location loc, Value step, ValueRange) {
              buildStep(b, loc, net, phase, step);
              scf::YieldOp::create(b, loc);
            });
        scf::YieldOp::create(
            b, loc, ValueRange{arith::AddIOp::create(b, loc, phase, one)});
      });

  Value sorted = bufferization::ToTensorOp::create(
      b, loc, keyType, net.keys, /*restrict=*/true, /*writable=*/true);
  Value perm;
  if (withPermutation)
    perm = bufferization::ToTensorOp::create(
        b, loc, permType, net.perm, /*restrict=*/true, /*writable=*/true);
  return {sorted, perm};
}
