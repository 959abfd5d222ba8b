//===- EagerCall.cpp - running one primitive call eagerly -----------------===//

#include "lib/EagerCall.h"

#include "lib/KernelCache.h"

#include "runtime/Workers.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <exception>
#include <mutex>

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

} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::runEagerly(const Call &call) {
  if (call.onHost)
    if (std::shared_ptr<ArrayImpl> out = call.onHost(call))
      return out;
  std::shared_ptr<const CompiledCode> found = kernelFor(call);
  const CompiledCode &kernel = *found;
  std::shared_ptr<ArrayImpl> out =
      allocateArray(call.resultShape, call.resultDType);
  int64_t rows = out->shape.empty() ? 1 : out->shape[0];
  unsigned threads = runtime::workerThreads();
  // The work is at least the largest array the call touches.
  int64_t touched = out->size;
  for (int i = 0; i < call.numInputs; ++i)
    touched = std::max(touched, call.inputs[i]->size);
  if (!call.rowwiseInputs || touched < kParallelElements || rows < 2 ||
      threads < 2) {
    callRows(kernel, call, *out, 0, rows);
    return out;
  }
  int64_t chunks = std::min<int64_t>(threads, rows);
  // A worker's error is rethrown here: an exception must not leave a task.
  std::exception_ptr failure;
  std::mutex failureMutex;
  runtime::runChunks(chunks, [&](int64_t c) {
    try {
      callRows(kernel, call, *out, rows * c / chunks, rows * (c + 1) / chunks);
    } catch (...) {
      std::lock_guard<std::mutex> lock(failureMutex);
      failure = std::current_exception();
    }
  });
  if (failure)
    std::rethrow_exception(failure);
  return out;
}
