//===- Dispatch.cpp - eager execution of one primitive --------------------===//

#include "lib/Dispatch.h"

#include <tnp/errors.h>

#include "lib/DTypes.h"
#include "lib/Descriptor.h"
#include "lib/GradientTape.h"
#include "lib/Session.h"
#include "lib/Tracer.h"
#include "runtime/JitEngine.h"
#include "runtime/CachePolicy.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace tnp;
using namespace tnp::detail;

namespace tnp::detail {

struct KernelKey {
  BuildFn build = nullptr;
  uint8_t numInputs = 0;
  uint8_t numAttrs = 0;
  uint8_t resultDType = 0;
  uint8_t resultRank = 0;
  /// The promotion rules, which decide what mixed operands compute in.
  uint8_t promotion = 0;
  std::array<uint8_t, kMaxInputs> dtypes{};
  std::array<uint8_t, kMaxInputs> ranks{};
  /// Bit d set: dimension d is 1 (it broadcasts, or the result's is 1).
  std::array<uint16_t, kMaxInputs> unitDims{};
  uint16_t resultUnitDims = 0;
  std::array<int64_t, kMaxAttrs> attrs{};

  bool operator==(const KernelKey &o) const {
    return build == o.build && numInputs == o.numInputs &&
           numAttrs == o.numAttrs && resultDType == o.resultDType &&
           resultRank == o.resultRank && promotion == o.promotion &&
           dtypes == o.dtypes && ranks == o.ranks && unitDims == o.unitDims &&
           resultUnitDims == o.resultUnitDims && attrs == o.attrs;
  }
};

} // namespace tnp::detail

namespace {

struct KeyHash {
  size_t operator()(const KernelKey &k) const {
    return llvm::hash_combine(
        reinterpret_cast<uintptr_t>(k.build), k.numInputs, k.resultDType,
        k.resultRank, k.promotion, k.resultUnitDims,
        llvm::hash_combine_range(k.dtypes.begin(), k.dtypes.end()),
        llvm::hash_combine_range(k.ranks.begin(), k.ranks.end()),
        llvm::hash_combine_range(k.unitDims.begin(), k.unitDims.end()),
        llvm::hash_combine_range(k.attrs.begin(),
                                 k.attrs.begin() + k.numAttrs));
  }
};

struct Kernel {
  std::unique_ptr<runtime::Executable> executable;
  runtime::Executable::PackedFunction fn = nullptr;
};

struct KernelCache {
  std::mutex mutex;
  /// Shared: a kernel evicted while another thread runs it lives on.
  runtime::LruCache<KernelKey, std::shared_ptr<const Kernel>, KeyHash> kernels;
  std::atomic<uint64_t> hits{0}, misses{0};
};

KernelCache &kernelCache() {
  static KernelCache cache;
  return cache;
}

uint16_t unitMask(const shape_t &shape) {
  uint16_t mask = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] == 1)
      mask |= uint16_t(1) << d;
  return mask;
}

KernelKey makeKey(const Call &call) {
  if (call.resultShape.size() > kMaxRank)
    throw NotImplementedError("tnp: arrays of rank " +
                              std::to_string(call.resultShape.size()) +
                              " are not supported (at most 8)");
  KernelKey key;
  key.build = call.build;
  key.numInputs = call.numInputs;
  key.numAttrs = call.numAttrs;
  key.resultDType = call.resultDType.index();
  key.resultRank = call.resultShape.size();
  key.promotion = promotionCode(currentPromotion());
  key.resultUnitDims = unitMask(call.resultShape);
  for (int i = 0; i < call.numInputs; ++i) {
    const ArrayImpl &a = *call.inputs[i];
    if (a.shape.size() > kMaxRank)
      throw NotImplementedError("tnp: arrays of rank " +
                                std::to_string(a.shape.size()) +
                                " are not supported (at most 8)");
    key.dtypes[i] = a.dtype.index();
    key.ranks[i] = a.shape.size();
    key.unitDims[i] = unitMask(a.shape);
  }
  std::copy(call.attrs.begin(), call.attrs.begin() + call.numAttrs,
            key.attrs.begin());
  return key;
}

/// A tensor type of `rank` whose dimensions are dynamic but the unit ones.
mlir::RankedTensorType kernelType(mlir::Type dtype, int rank, uint16_t unit) {
  llvm::SmallVector<int64_t> shape;
  for (int d = 0; d < rank; ++d)
    shape.push_back(unit & (1u << d) ? 1 : mlir::ShapedType::kDynamic);
  return mlir::RankedTensorType::get(shape, dtype);
}

std::unique_ptr<Kernel> buildKernel(const KernelKey &key) {
  Session &session = Session::get();
  mlir::MLIRContext *ctx = &session.context();
  mlir::OpBuilder b(ctx);
  mlir::Location loc = mlir::UnknownLoc::get(ctx);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::ModuleOp::create(loc);
  llvm::SmallVector<mlir::Type> args;
  for (int i = 0; i < key.numInputs; ++i)
    args.push_back(kernelType(
        toMlirType(ctx, tnp::dtype(static_cast<dtype::code>(key.dtypes[i]))),
        key.ranks[i], key.unitDims[i]));
  mlir::Type result = kernelType(
      toMlirType(ctx, tnp::dtype(static_cast<dtype::code>(key.resultDType))),
      key.resultRank, key.resultUnitDims);
  // Destination-passing: the caller allocates the result (aligned, and
  // splittable among threads) and passes it last, as a memref the kernel
  // writes; the kernel returns nothing, so it allocates nothing to return.
  auto resultTensor = mlir::cast<mlir::RankedTensorType>(result);
  args.push_back(mlir::MemRefType::get(resultTensor.getShape(),
                                       resultTensor.getElementType()));
  b.setInsertionPointToEnd(module->getBody());
  auto fn =
      mlir::func::FuncOp::create(b, loc, "kernel", b.getFunctionType(args, {}));
  fn->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  mlir::tnp::setPromotionOptions(fn, promotionFromCode(key.promotion));
  // The inputs are the user's immutable arrays: bufferization must copy
  // rather than update them in place (scatter would).
  for (int i = 0; i < key.numInputs; ++i)
    fn.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
  mlir::Block *body = fn.addEntryBlock();
  b.setInsertionPointToEnd(body);
  llvm::SmallVector<mlir::Value> inputs(body->getArguments().drop_back());
  mlir::Value value = key.build(b, loc, inputs.data(), key.numInputs,
                                key.attrs.data(), key.numAttrs, result);
  // Ops that need static shapes (iota, random_bits) or infer a more static
  // type return it; the kernel's signature is the polymorphic one.
  if (value.getType() != result)
    value = mlir::tensor::CastOp::create(b, loc, result, value);
  mlir::bufferization::MaterializeInDestinationOp::create(
      b, loc, mlir::TypeRange{}, value, body->getArguments().back(),
      /*restrict=*/true, /*writable=*/true);
  mlir::func::ReturnOp::create(b, loc);

  auto kernel = std::make_unique<Kernel>();
  kernel->executable = session.compile(*module);
  auto fnPtr = kernel->executable->lookupPacked("_mlir_ciface_kernel");
  if (!fnPtr)
    throw CompileError("tnp: " + llvm::toString(fnPtr.takeError()));
  kernel->fn = *fnPtr;
  return kernel;
}

std::shared_ptr<const Kernel> findKernel(const KernelKey &key) {
  KernelCache &cache = kernelCache();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (std::shared_ptr<const Kernel> *kernel = cache.kernels.find(key)) {
      ++cache.hits;
      return *kernel;
    }
  }
  std::lock_guard<std::mutex> compileLock(Session::get().mutex());
  {
    // Another thread may have built it while this one waited.
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (std::shared_ptr<const Kernel> *kernel = cache.kernels.find(key))
      return *kernel;
  }
  ++cache.misses;
  std::shared_ptr<const Kernel> kernel = buildKernel(key);
  std::lock_guard<std::mutex> lock(cache.mutex);
  return cache.kernels.insert(key, std::move(kernel));
}

/// Calls `kernel` on rows [begin, end) of the result: the rowwise inputs
/// whose leading dimension is the result's are cut to the same rows, the
/// others (which broadcast along it, or are read whole) are passed whole.
void callRows(const Kernel &kernel, const Call &call, const ArrayImpl &out,
              int64_t begin, int64_t end) {
  std::array<Descriptor, kMaxInputs + 1> descriptors;
  std::array<void *, kMaxInputs + 1> pointers{};
  std::array<void *, kMaxInputs + 1> args{};
  bool whole = begin == 0 && (out.shape.empty() || end == out.shape[0]);
  auto rows = [&](const ArrayImpl &a, Descriptor &d, bool rowwise) {
    if (whole || !rowwise || a.shape.empty() || a.shape[0] != out.shape[0]) {
      d.set(a.data(), a.shape);
      return;
    }
    shape_t shape = a.shape;
    shape[0] = end - begin;
    int64_t rowBytes = numElements(a.shape) / a.shape[0] * a.dtype.itemsize();
    d.set(static_cast<const char *>(a.data()) + begin * rowBytes, shape);
  };
  for (int i = 0; i <= call.numInputs; ++i) {
    bool isOut = i == call.numInputs;
    rows(isOut ? out : *call.inputs[i], descriptors[i],
         isOut || (call.rowwiseInputs >> i & 1));
    pointers[i] = &descriptors[i];
    args[i] = &pointers[i];
  }
  kernel.fn(args.data());
}

/// Below this many elements touched a call stays on the calling thread: a
/// task costs a few microseconds, and splitting 2^18 elements lost time.
constexpr int64_t kParallelElements = int64_t(1) << 19;

/// Workers besides the calling thread, which takes a share too.
llvm::ThreadPoolInterface &threadPool() {
  static llvm::DefaultThreadPool pool(llvm::heavyweight_hardware_concurrency(
      std::max(1u, llvm::hardware_concurrency().compute_thread_count() - 1)));
  return pool;
}

} // namespace

namespace {

std::shared_ptr<ArrayImpl> run(const Call &call) {
  // Every primitive's result, eager, view or traced, has a size that fits.
  checkedBytes(call.resultShape, call.resultDType);
  for (int i = 0; i < call.numInputs; ++i)
    if (call.inputs[i]->tracer) {
      // An array of an enclosing trace is a capture of the active one.
      Tracer *tracer = activeTracer();
      if (!tracer || (!tracer->holds(*call.inputs[i]) &&
                      !tracer->startedIn(call.inputs[i]->tracer)))
        throw ValueError("tnp::trace: an array traced by a function was used "
                         "outside it (it escaped, say through a capture)");
      return tracer->record(call);
    }
  if (call.view)
    if (std::shared_ptr<ArrayImpl> out = call.view(call))
      return out;
  std::shared_ptr<const Kernel> found = findKernel(makeKey(call));
  const Kernel &kernel = *found;
  std::shared_ptr<ArrayImpl> out =
      allocateArray(call.resultShape, call.resultDType);
  int64_t rows = out->shape.empty() ? 1 : out->shape[0];
  unsigned threads = threadPool().getMaxConcurrency() + 1;
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
  llvm::ThreadPoolTaskGroup group(threadPool());
  for (int64_t c = 1; c < chunks; ++c)
    group.async([&, c] {
      callRows(kernel, call, *out, rows * c / chunks, rows * (c + 1) / chunks);
    });
  callRows(kernel, call, *out, 0, rows / chunks);
  group.wait();
  return out;
}

} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::execute(const Call &call) {
  std::shared_ptr<ArrayImpl> out = run(call);
  if (tapesRecording())
    recordOnTapes(call, *out);
  return out;
}

DispatchStats tnp::detail::dispatchStats() {
  KernelCache &cache = kernelCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  return {cache.hits.load(), cache.misses.load(), cache.kernels.size()};
}
