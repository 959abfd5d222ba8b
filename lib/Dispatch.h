//===- Dispatch.h - where a primitive call goes -----------------*- C++ -*-===//
//
// Every primitive call is bound here, as JAX binds a primitive: the
// interpreters that layers above register (the tracer, the gradient tape)
// see it first, and one of them may take it over (a trace records it as an
// op); otherwise it runs eagerly (lib/EagerCall.h). Then every interpreter
// observes the result (a tape records it). Dispatch names none of its users.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_DISPATCH_H
#define TNP_LIB_DISPATCH_H

#include "lib/ArrayImpl.h"

#include <array>
#include <cstdint>
#include <memory>

namespace mlir {
class Location;
class OpBuilder;
class Type;
class Value;
} // namespace mlir

namespace tnp::detail {

constexpr int kMaxInputs = 4;
constexpr int kMaxAttrs = 24;

/// Builds a primitive's body: its inputs are the kernel's arguments (dtypes
/// and ranks as in the key), `attrs` its integer attributes, `result` the
/// result's MLIR type. The function's address identifies the primitive.
using BuildFn = mlir::Value (*)(mlir::OpBuilder &b, mlir::Location loc,
                                const mlir::Value *inputs, int numInputs,
                                const int64_t *attrs, int numAttrs,
                                mlir::Type result);

struct Call;

/// Eagerly, a call's result made on the host, with no kernel: a view of
/// its input 0's buffer (reshape, a slice that is one contiguous run) or a
/// host copy (lib/HostPrimitives.h); null where the call needs its kernel
/// after all.
using HostFn = std::shared_ptr<ArrayImpl> (*)(const Call &call);

/// A primitive call: the kernel builder, its inputs, its integer attributes,
/// and the result's shape and dtype (already checked by the caller).
struct Call {
  BuildFn build;
  /// Set for primitives that may run on the host. Such a call still passes
  /// execute() like every primitive, so traces and tapes record it.
  HostFn onHost = nullptr;
  /// Set for primitives with a way of their own to split a large call among
  /// threads (lib/EagerCall.cpp calls it when the call touches enough
  /// elements and there are threads); null where it would rather run whole.
  HostFn onThreads = nullptr;
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
  /// Bit i set: input i has the result's shape and dtype, and nothing but
  /// this call holds it or its buffer (the caller gave up its last handle,
  /// as in the `a * b` of `a * b + c`). Eagerly the result may then be
  /// written over it, as NumPy elides temporaries: elementwise ops set it,
  /// since each element of their result reads only the same element of
  /// such an input.
  uint8_t reusableInputs = 0;
};

/// A layer that sees primitive calls (JAX's Trace.process_primitive).
class CallInterpreter {
public:
  virtual ~CallInterpreter() = default;
  /// The result of `call` if this interpreter takes it over; null lets it
  /// run (eagerly, unless another interpreter takes it).
  virtual std::shared_ptr<ArrayImpl> process(const Call &call) = 0;
  /// Sees `call` and its result, wherever that was computed.
  virtual void observe(const Call &call, const ArrayImpl &result) = 0;
  /// Whether observe() may keep a call's inputs now (a recording tape
  /// captures them): no result may then be written over one.
  virtual bool keepsInputs() const { return false; }
};

/// Adds `interpreter` (which lives as long as the process) to those every
/// call passes, in registration order.
void registerInterpreter(CallInterpreter &interpreter);

/// Runs `call` through the interpreters, or eagerly.
std::shared_ptr<ArrayImpl> execute(const Call &call);

} // namespace tnp::detail

#endif // TNP_LIB_DISPATCH_H
