//===- EagerCall.cpp - running one primitive call eagerly -----------------===//

#include "lib/EagerCall.h"

#include <tnp/errors.h>

#include "lib/GpuArrays.h"
#include "lib/KernelCache.h"
#include "lib/Session.h"

#include "dialect/TnpOps.h"

#include "runtime/Workers.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <vector>

using namespace tnp;
using namespace tnp::detail;

namespace {

runtime::ArrayView viewOf(const ArrayImpl &a, const void *data,
                          llvm::ArrayRef<int64_t> shape) {
  runtime::ArrayView view;
  view.data = data;
  view.shape = shape;
  view.dtype = a.dtype;
  return view;
}

/// Calls `kernel` on rows [begin, end) of the result: the rowwise inputs
/// whose leading dimension is the result's are cut to the same rows, the
/// others (which broadcast along it, or are read whole) are passed whole.
void callRows(const CompiledCode &kernel, const Call &call,
              const ArrayImpl &out, int64_t begin, int64_t end) {
  // Only the arrays there are, and row shapes only for a part of the rows:
  // this is the eager hot path.
  llvm::SmallVector<runtime::ArrayView, kMaxInputs + 1> views;
  llvm::SmallVector<shape_t, 0> rowShapes;
  bool whole = begin == 0 && (out.shape.empty() || end == out.shape[0]);
  if (!whole)
    rowShapes.reserve(call.numInputs + 1);
  for (int i = 0; i <= call.numInputs; ++i) {
    bool isOut = i == call.numInputs;
    const ArrayImpl &a = isOut ? out : *call.inputs[i];
    bool rowwise = isOut || (call.rowwiseInputs >> i & 1);
    if (whole || !rowwise || a.shape.empty() || a.shape[0] != out.shape[0]) {
      views.push_back(viewOf(a, a.data(), a.shape));
      continue;
    }
    shape_t &rows = rowShapes.emplace_back(a.shape);
    rows[0] = end - begin;
    int64_t rowBytes = numElements(a.shape) / a.shape[0] * a.dtype.itemsize();
    views.push_back(viewOf(
        a, static_cast<const char *>(a.data()) + begin * rowBytes, rows));
  }
  callCompiled(kernel.function, views);
}

/// Below this many elements touched a call stays on the calling thread: a
/// task costs a few microseconds, and splitting 2^18 elements lost time.
constexpr int64_t kParallelElements = int64_t(1) << 19;

/// Runs `chunk(c)` for c in [0, chunks) on the workers and rethrows the
/// first error a chunk threw here: an exception must not leave a task.
void runChunksRethrowing(int64_t chunks,
                         llvm::function_ref<void(int64_t)> chunk) {
  std::exception_ptr failure;
  std::mutex failureMutex;
  runtime::runChunks(chunks, [&](int64_t c) {
    try {
      chunk(c);
    } catch (...) {
      std::lock_guard<std::mutex> lock(failureMutex);
      failure = std::current_exception();
    }
  });
  if (failure)
    std::rethrow_exception(failure);
}

/// The input converted to float64 and summed over the call's axes: one
/// range of rows' partial sum (attrs as tnp.reduce's: kind, then axes).
mlir::Value buildFloat64Sum(mlir::OpBuilder &b, mlir::Location loc,
                            const mlir::Value *inputs, int,
                            const int64_t *attrs, int numAttrs, mlir::Type) {
  mlir::Value x = inputs[0];
  auto type = mlir::cast<mlir::RankedTensorType>(x.getType());
  if (!type.getElementType().isF64())
    x = mlir::tnp::ConvertOp::create(b, loc, type.clone(b.getF64Type()), x);
  return mlir::tnp::ReduceOp::create(
      b, loc, mlir::tnp::ReduceKind::Sum, x,
      llvm::ArrayRef<int64_t>(attrs + 1, numAttrs - 1));
}

} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::sumRowRanges(const Call &call) {
  const ArrayImpl &x = *call.inputs[0];
  int64_t rows = x.shape.empty() ? 1 : x.shape[0];
  int64_t chunks = std::min<int64_t>(runtime::workerThreads(), rows);
  if (chunks < 2)
    return nullptr;
  Call partial = call;
  partial.build = buildFloat64Sum;
  partial.resultDType = float64;
  partial.onThreads = nullptr;
  std::shared_ptr<const CompiledCode> kernel = kernelFor(partial);
  std::vector<std::shared_ptr<ArrayImpl>> sums;
  for (int64_t c = 0; c < chunks; ++c)
    sums.push_back(allocateArray(call.resultShape, float64));
  int64_t rowBytes = x.size / rows * x.dtype.itemsize();
  runChunksRethrowing(chunks, [&](int64_t c) {
    int64_t begin = rows * c / chunks, end = rows * (c + 1) / chunks;
    shape_t rowShape = x.shape;
    rowShape[0] = end - begin;
    const ArrayImpl &sum = *sums[c];
    runtime::ArrayView views[] = {
        viewOf(x, static_cast<const char *>(x.data()) + begin * rowBytes,
               rowShape),
        viewOf(sum, sum.data(), sum.shape)};
    callCompiled(kernel->function, views);
  });
  std::shared_ptr<ArrayImpl> out =
      allocateArray(call.resultShape, call.resultDType);
  auto *total = static_cast<double *>(sums[0]->mutableData());
  for (int64_t c = 1; c < chunks; ++c) {
    const auto *more = static_cast<const double *>(sums[c]->data());
    for (int64_t i = 0; i < out->size; ++i)
      total[i] += more[i];
  }
  if (call.resultDType == float64)
    std::copy_n(total, out->size, static_cast<double *>(out->mutableData()));
  else
    std::transform(total, total + out->size,
                   static_cast<float *>(out->mutableData()),
                   [](double v) { return static_cast<float>(v); });
  return out;
}

namespace {

/// `call` on GPU `device`: its kernel there, on its inputs moved there (an
/// operand on another device is copied, docs/devices.md) and a new result
/// in that GPU's memory.
std::shared_ptr<ArrayImpl> runOnGpu(const Call &call, int device) {
  std::shared_ptr<const CompiledCode> kernel = kernelFor(call, device);
  llvm::SmallVector<const ArrayImpl *, kMaxInputs + 1> arrays(
      call.inputs.begin(), call.inputs.begin() + call.numInputs);
  std::vector<std::shared_ptr<ArrayImpl>> copies;
  moveToGpu(arrays, device, copies);
  std::shared_ptr<ArrayImpl> out =
      allocateOnGpu(call.resultShape, call.resultDType, device);
  arrays.push_back(out.get());
  callOnGpu(kernel->function, arrays, device);
  return out;
}

} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::runEagerly(const Call &call,
                                                   bool reuseInputs) {
  if (call.onHost)
    if (std::shared_ptr<ArrayImpl> out = call.onHost(call))
      return out;
  if (DeviceId place = currentPlacement(); place.kind == DeviceKind::GPU)
    return runOnGpu(call, place.index);
  // The work is at least the largest array the call touches.
  int64_t touched = numElements(call.resultShape);
  for (int i = 0; i < call.numInputs; ++i)
    touched = std::max(touched, call.inputs[i]->size);
  bool large = touched >= kParallelElements && runtime::workerThreads() > 1;
  if (large && call.onThreads)
    if (std::shared_ptr<ArrayImpl> out = call.onThreads(call))
      return out;
  std::shared_ptr<const CompiledCode> found = kernelFor(call);
  const CompiledCode &kernel = *found;
  std::shared_ptr<ArrayImpl> out =
      reuseInputs && call.reusableInputs
          ? arrayOver(
                call.resultShape, call.resultDType,
                call.inputs[llvm::countr_zero(call.reusableInputs)]->buffer)
          : allocateArray(call.resultShape, call.resultDType);
  int64_t rows = out->shape.empty() ? 1 : out->shape[0];
  if (!call.rowwiseInputs || !large || rows < 2) {
    callRows(kernel, call, *out, 0, rows);
    return out;
  }
  int64_t chunks = std::min<int64_t>(runtime::workerThreads(), rows);
  runChunksRethrowing(chunks, [&](int64_t c) {
    callRows(kernel, call, *out, rows * c / chunks, rows * (c + 1) / chunks);
  });
  return out;
}
