//===- GradientTape.cpp - tf.GradientTape ---------------------------------===//
//
// The tape's record is a tnp function whose arguments are the watched
// arrays, then the arrays it read from outside (captures). gradient() copies
// it with the target as its result, differentiates the copy in VJP form and
// calls that on the watched arrays, the captures and a cotangent of ones
// (TF sums a non-scalar target). Eagerly the derivative is compiled once
// per function text; inside tnp::trace it is inlined into the trace.
//
//===----------------------------------------------------------------------===//

#include "lib/GradientTape.h"

#include <tnp/autodiff.h>
#include <tnp/creation.h>
#include <tnp/errors.h>

#include "lib/Format.h"
#include "lib/Gradients.h"
#include "lib/Tracer.h"

#include "mlir/IR/BuiltinOps.h"

#include <algorithm>

using namespace tnp;
using namespace tnp::detail;

namespace tnp::detail {

/// What a tnp::GradientTape holds: its record (an inactive Tracer's
/// function), the watched arrays, and whether it records now.
class GradientTapeImpl {
public:
  explicit GradientTapeImpl(bool persistent)
      : persistent(persistent),
        tracer(std::make_unique<Tracer>("tape", /*activate=*/false)) {
    start();
  }
  ~GradientTapeImpl() { stop(); }

  void start();
  void stop();
  void watch(const ndarray &a);
  void record(const Call &call, const ArrayImpl &out) {
    tracer->recordBound(call, out);
  }
  bool holds(const ArrayImpl &a) const { return tracer->holds(a); }
  /// Whether the tape started while `trace` was recording.
  bool startedIn(const Tracer *trace) const { return tracer->startedIn(trace); }
  /// The watched arrays' argument positions for `sources`.
  std::vector<unsigned> positions(const std::vector<ndarray> &sources) const;
  /// The tape's function returning `target`, in VJP form with respect to
  /// `sources`; its inputs before the cotangent.
  mlir::OwningOpRef<mlir::ModuleOp>
  derivative(const ndarray &target, const std::vector<ndarray> &sources,
             std::vector<ndarray> &inputs, const char *what);

  bool persistent;

private:
  std::unique_ptr<Tracer> tracer;
  std::vector<ndarray> watched;
  bool used = false;
};

} // namespace tnp::detail

namespace {

thread_local std::vector<GradientTapeImpl *> recording;

std::string describe(const ndarray &a) {
  return "shape " + formatShape(a.shape()) + ", dtype " +
         std::string(a.dtype().name());
}

} // namespace

void GradientTapeImpl::start() {
  if (std::find(recording.begin(), recording.end(), this) == recording.end())
    recording.push_back(this);
}

void GradientTapeImpl::stop() {
  recording.erase(std::remove(recording.begin(), recording.end(), this),
                  recording.end());
}

void GradientTapeImpl::watch(const ndarray &a) {
  if (!a.dtype().is_floating())
    throw TypeError("GradientTape.watch: only float arrays have gradients, "
                    "got dtype " +
                    std::string(a.dtype().name()));
  if (holds(implOf(a)))
    return;
  tracer->bindArgument(implOf(a));
  watched.push_back(a);
}

std::vector<unsigned>
GradientTapeImpl::positions(const std::vector<ndarray> &sources) const {
  std::vector<unsigned> result;
  for (size_t i = 0; i < sources.size(); ++i) {
    auto it =
        std::find_if(watched.begin(), watched.end(), [&](const ndarray &w) {
          return &implOf(w) == &implOf(sources[i]);
        });
    if (it == watched.end())
      throw ValueError("GradientTape.gradient: source " + std::to_string(i) +
                       " (" + describe(sources[i]) +
                       ") is not watched by this tape; watch it before "
                       "computing with it");
    result.push_back(it - watched.begin());
  }
  return result;
}

mlir::OwningOpRef<mlir::ModuleOp>
GradientTapeImpl::derivative(const ndarray &target,
                             const std::vector<ndarray> &sources,
                             std::vector<ndarray> &inputs, const char *what) {
  if (used && !persistent)
    throw RuntimeError(std::string("GradientTape.") + what +
                       ": a non-persistent GradientTape can only be used "
                       "to compute one set of gradients (or jacobians)");
  if (!target.dtype().is_floating())
    throw TypeError(std::string("GradientTape.") + what +
                    ": the target must be a float array, got dtype " +
                    std::string(target.dtype().name()));
  std::vector<unsigned> wrt = positions(sources);
  used = true;
  if (!persistent)
    stop();
  mlir::OwningOpRef<mlir::ModuleOp> module = tracer->snapshot({target});
  differentiate(*module, wrt, /*vjp=*/true);
  inputs = watched;
  for (const ndarray &c : tracer->captures())
    inputs.push_back(c);
  return module;
}

bool tnp::detail::tapesRecording() { return !recording.empty(); }

namespace {
/// Records every call on each recording tape that holds one of its inputs.
struct TapeInterpreter final : CallInterpreter {
  TapeInterpreter() { registerInterpreter(*this); }
  std::shared_ptr<ArrayImpl> process(const Call &) override { return nullptr; }
  void observe(const Call &call, const ArrayImpl &result) override {
    for (GradientTapeImpl *tape : recording)
      tape->record(call, result);
  }
  bool keepsInputs() const override { return !recording.empty(); }
};
TapeInterpreter tapeInterpreter;
} // namespace

void tnp::detail::checkUntaped(const std::vector<ndarray> &arrays,
                               const char *what) {
  for (GradientTapeImpl *tape : recording)
    for (const ndarray &a : arrays)
      if (tape->holds(implOf(a)))
        throw NotImplementedError(
            std::string("GradientTape does not record ") + what +
            " that reads a watched array; differentiate it with tnp::grad");
}

void tnp::detail::checkNoTape(const char *what) {
  // Only a tape started inside the active trace sees its traced ops.
  Tracer *active = activeTracer();
  for (GradientTapeImpl *tape : recording)
    if (active && tape->startedIn(active))
      throw NotImplementedError(
          std::string("GradientTape does not record ") + what +
          " under tnp::trace; differentiate it with tnp::grad");
}

namespace {

/// Stops every tape recording for a scope: computing gradients is not
/// itself recorded.
class Paused {
public:
  Paused() : saved(std::move(recording)) { recording.clear(); }
  ~Paused() { recording = std::move(saved); }

private:
  std::vector<GradientTapeImpl *> saved;
};

ndarray jacobianOf(GradientTapeImpl &tape, const ndarray &target,
                   const ndarray &source, const char *what, bool batched) {
  std::vector<ndarray> inputs;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tape.derivative(target, {source}, inputs, what);
  Paused paused;
  return jacobianRows(
      [&](const ndarray &ct) {
        std::vector<ndarray> all = inputs;
        all.push_back(ct);
        return callFunction(*module, all).back();
      },
      target.shape(), target.dtype(), source.shape(), batched);
}

} // namespace

GradientTape::GradientTape(bool persistent)
    : tape(std::make_unique<detail::GradientTapeImpl>(persistent)) {}

GradientTape::~GradientTape() = default;

void GradientTape::watch(const ndarray &a) { tape->watch(a); }

void GradientTape::watch(const std::vector<ndarray> &arrays) {
  for (const ndarray &a : arrays)
    tape->watch(a);
}

void GradientTape::stop_recording() { tape->stop(); }

std::vector<ndarray>
GradientTape::gradient(const ndarray &target,
                       const std::vector<ndarray> &sources) {
  std::vector<ndarray> inputs;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tape->derivative(target, sources, inputs, "gradient");
  Paused paused;
  inputs.push_back(ones(target.shape(), target.dtype()));
  std::vector<ndarray> out = callFunction(*module, inputs);
  return std::vector<ndarray>(out.begin() + 1, out.end());
}

ndarray GradientTape::gradient(const ndarray &target, const ndarray &source) {
  return gradient(target, std::vector<ndarray>{source}).front();
}

ndarray GradientTape::jacobian(const ndarray &target, const ndarray &source) {
  return jacobianOf(*tape, target, source, "jacobian", /*batched=*/false);
}

ndarray GradientTape::batch_jacobian(const ndarray &target,
                                     const ndarray &source) {
  // TF: both have rank 2 or more, [batch, ...], with one batch size.
  if (target.ndim() < 2 || source.ndim() < 2 ||
      target.shape()[0] != source.shape()[0])
    throw ValueError("GradientTape.batch_jacobian: the first dimension of "
                     "the target (shape " +
                     formatShape(target.shape()) + ") and the source (shape " +
                     formatShape(source.shape()) +
                     ") must be the batch, of one size, and both must "
                     "have rank 2 or more");
  return jacobianOf(*tape, target, source, "batch_jacobian", /*batched=*/true);
}
