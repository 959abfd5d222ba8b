//===- Dispatch.h - eager execution of one primitive ------------*- C++ -*-===//
//
// An eager op finds its compiled kernel by a key (the primitive, its
// attributes, the operand dtypes and ranks, which dimensions broadcast) in a
// cache, and calls it on the operands' buffers. Kernels are shape
// polymorphic: every dimension but the broadcasting (size 1) ones is
// dynamic. The cache-hit path builds no MLIR and allocates only the result.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_DISPATCH_H
#define TNP_LIB_DISPATCH_H

#include "lib/ArrayImpl.h"

#include <array>
#include <cstdint>
#include <initializer_list>

namespace mlir {
class Location;
class OpBuilder;
class Type;
class Value;
} // namespace mlir

namespace tnp::detail {

constexpr int kMaxInputs = 4;
constexpr int kMaxAttrs = 24;
constexpr int kMaxRank = 8;

/// What makes two eager calls share a kernel. Plain data: hashing and
/// comparing it allocates nothing.
struct KernelKey;

/// Builds a primitive's body: its inputs are the kernel's arguments (dtypes
/// and ranks as in the key), `attrs` its integer attributes, `result` the
/// result's MLIR type. The function's address identifies the primitive.
using BuildFn = mlir::Value (*)(mlir::OpBuilder &b, mlir::Location loc,
                                const mlir::Value *inputs, int numInputs,
                                const int64_t *attrs, int numAttrs,
                                mlir::Type result);

struct Call;

/// Eagerly, a call's result as a view of its input 0's buffer, with no
/// kernel (reshape, a slice that is one contiguous run); null where the
/// call needs its kernel after all.
using ViewFn = std::shared_ptr<ArrayImpl> (*)(const Call &call);

/// A primitive call: the kernel builder, its inputs, its integer attributes,
/// and the result's shape and dtype (already checked by the caller).
struct Call {
  BuildFn build;
  /// Set for primitives that may run as views. A view is still a call: it
  /// passes execute() like every primitive, so traces and tapes record it.
  ViewFn view = nullptr;
  std::array<const ArrayImpl *, kMaxInputs> inputs{};
  int numInputs = 0;
  std::array<int64_t, kMaxAttrs> attrs{};
  int numAttrs = 0;
  shape_t resultShape;
  tnp::dtype resultDType = float64;
  /// Bit i set: input i's dimension 0 is the result's (where its size is the
  /// result's; size 1 broadcasts), and row r of the result depends only on
  /// row r of it and on the whole of the inputs without the bit. A call with
  /// any bit set splits its rows among threads when large. Elementwise ops
  /// set the bits of their full-rank operands; a reduction that keeps axis 0
  /// and a matmul's lhs set theirs.
  uint8_t rowwiseInputs = 0;
};

/// Runs `call`: as a view, or from the kernel cache, compiling the kernel on
/// a miss. A call that reads a traced array is recorded by its tracer
/// instead; every call is recorded on the tapes that hold one of its inputs.
std::shared_ptr<ArrayImpl> execute(const Call &call);

/// Kernel cache counters, for tests and benchmarks.
struct DispatchStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  /// Kernels held now (at most runtime::memoryCacheCapacity()).
  uint64_t kernels = 0;
};
DispatchStats dispatchStats();

} // namespace tnp::detail

#endif // TNP_LIB_DISPATCH_H
