//===- Tracer.h - recording primitives into a tnp function ------*- C++ -*-===//
//
// While tnp::trace runs the user's function, its arguments are traced
// arrays: every primitive that reads one is recorded as a tnp op, through the
// same builder its eager kernel uses (lib/Dispatch.h), instead of being run.
// Primitives over eager arrays alone still run eagerly: their results are
// constants of the trace. Eager arrays from outside the trace that a traced
// op reads are captures: implicit arguments of the function, passed on every
// call, never copied into the IR.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_TRACER_H
#define TNP_LIB_TRACER_H

#include "lib/ArrayImpl.h"
#include "lib/Dispatch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <memory>
#include <vector>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace tnp::detail {

/// The tracer recording on this thread, or null.
Tracer *activeTracer();
/// The active tracer's id, or 0.
uint64_t activeTraceId();

class Tracer {
public:
  /// Starts recording a function named `name`. An active tracer is this
  /// thread's active one (the one active before it is restored by
  /// finish() or the destructor); an inactive one (a GradientTape's)
  /// records only what is given to it. A tracer started while another is
  /// active shares its context, so that its function (or a transform of it)
  /// can be inlined into the outer one, and reads the outer one's traced
  /// arrays as captures.
  explicit Tracer(const std::string &name, bool activate = true);
  ~Tracer();
  Tracer(const Tracer &) = delete;
  Tracer &operator=(const Tracer &) = delete;

  /// A new argument of the function, as a traced array.
  ndarray addArgument(const shape_t &shape, tnp::dtype dtype);
  /// A new argument of the function that stands for the array `a` (which
  /// stays what it is: a tape watching an eager array).
  void bindArgument(const ArrayImpl &a);
  /// Records `call`, one of whose inputs is traced by this tracer.
  std::shared_ptr<ArrayImpl> record(const Call &call);
  /// Records `call` (whose result `out` was computed elsewhere) if one of
  /// its inputs is bound here, and binds `out` to the recorded value.
  void recordBound(const Call &call, const ArrayImpl &out);
  /// Whether `a` is a value of this function: bound, or traced by it.
  bool holds(const ArrayImpl &a) const;
  /// Whether this tracer started while `outer` was recording (directly or
  /// not): `outer`'s arrays are then captures here.
  bool startedIn(const Tracer *outer) const;

  /// A copy of the function as it stands, returning `results`; the
  /// captures it reads are those of captures() now.
  mlir::OwningOpRef<mlir::ModuleOp>
  snapshot(const std::vector<ndarray> &results);
  /// Inlines `fn` (a function of this tracer's context) at the current
  /// point, on `inputs`: its results as traced arrays.
  std::vector<ndarray> inlineCall(mlir::Operation *fn,
                                  const std::vector<ndarray> &inputs);
  /// Traced control flow (lib/TracedControlFlow.cpp): scf.if on a one-element
  /// bool `pred`, scf.while, scf.for from `lower` to `upper`; each function
  /// is traced into its region.
  using LeavesFn =
      std::function<std::vector<ndarray>(const std::vector<ndarray> &)>;
  std::vector<ndarray> recordIf(const ndarray &pred, const LeavesFn &thenFn,
                                const LeavesFn &elseFn,
                                const std::vector<ndarray> &operands);
  std::vector<ndarray> recordWhile(
      const std::function<ndarray(const std::vector<ndarray> &)> &condFn,
      const LeavesFn &bodyFn, const std::vector<ndarray> &init);
  std::vector<ndarray>
  recordFor(int64_t lower, int64_t upper,
            const std::function<std::vector<ndarray>(
                const ndarray &, const std::vector<ndarray> &)> &bodyFn,
            const std::vector<ndarray> &init);

  /// Ends the function (and the recording: the previous tracer is active
  /// again): it returns `results` (traced, captured or constant). The
  /// module holds it, its arguments first, then one per capture; it lives
  /// in this tracer's context.
  mlir::OwningOpRef<mlir::ModuleOp> finish(const std::vector<ndarray> &results);

  /// The eager arrays the function reads from outside, in argument order
  /// after the explicit arguments.
  const std::vector<ndarray> &captures() const { return captured; }
  uint64_t id() const { return traceId; }
  mlir::MLIRContext &context() { return *ctx; }

private:
  /// Traces `fn` into `block` (its values in it), returning what it
  /// returns, as values yielded at the block's end by `terminator`.
  std::vector<ndarray>
  traceInto(mlir::Block &block,
            const std::function<std::vector<ndarray>()> &fn);
  /// The function's values for `arrays`, and traced arrays shaped like
  /// `like` for `values`.
  llvm::SmallVector<mlir::Value> valuesOf(const std::vector<ndarray> &arrays);
  std::vector<ndarray> tracedLike(const std::vector<ndarray> &like,
                                  mlir::ValueRange values);
  /// The i1 of a one-element bool array (`what` names the caller).
  mlir::Value predicate(const ndarray &pred, const char *what);

  /// The function's value for an input of a recorded op.
  mlir::Value valueOf(const ArrayImpl &a);
  /// Builds `call` on its inputs' values.
  mlir::Value build(const Call &call);
  mlir::Value constant(const ArrayImpl &a);
  std::shared_ptr<ArrayImpl> traced(const shape_t &shape, tnp::dtype dtype,
                                    mlir::Value value);

  /// Values of the function standing for arrays that are not traced by
  /// it (a tape's watched arrays and what it computed from them), and
  /// those arrays, kept alive so that their addresses stay theirs.
  llvm::DenseMap<const ArrayImpl *, mlir::Value> bound;
  std::vector<std::shared_ptr<const ArrayImpl>> boundArrays;

  std::unique_ptr<mlir::MLIRContext> ownContext;
  mlir::MLIRContext *ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::Operation *function = nullptr;
  mlir::OpBuilder builder;
  unsigned numArguments = 0;
  std::vector<ndarray> captured;
  llvm::DenseMap<const ArrayImpl *, unsigned> captureIndex;
  uint64_t traceId;
  /// The tracer active when this one started (whose arrays it captures).
  Tracer *previous;
  bool active;
};

} // namespace tnp::detail

#endif // TNP_LIB_TRACER_H
