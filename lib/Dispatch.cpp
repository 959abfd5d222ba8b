//===- Dispatch.cpp - eager execution of one primitive --------------------===//

#include "lib/Dispatch.h"

#include <tnp/errors.h>

#include "lib/DTypes.h"
#include "lib/Session.h"
#include "runtime/JitEngine.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/Hashing.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

using namespace tnp;
using namespace tnp::detail;

namespace tnp::detail {

struct KernelKey {
  BuildFn build = nullptr;
  uint8_t numInputs = 0;
  uint8_t numAttrs = 0;
  uint8_t resultDType = 0;
  uint8_t resultRank = 0;
  std::array<uint8_t, kMaxInputs> dtypes{};
  std::array<uint8_t, kMaxInputs> ranks{};
  /// Bit d set: dimension d is 1 (it broadcasts, or the result's is 1).
  std::array<uint16_t, kMaxInputs> unitDims{};
  uint16_t resultUnitDims = 0;
  std::array<int64_t, kMaxAttrs> attrs{};

  bool operator==(const KernelKey &o) const {
    return build == o.build && numInputs == o.numInputs &&
           numAttrs == o.numAttrs && resultDType == o.resultDType &&
           resultRank == o.resultRank && dtypes == o.dtypes &&
           ranks == o.ranks && unitDims == o.unitDims &&
           resultUnitDims == o.resultUnitDims && attrs == o.attrs;
  }
};

} // namespace tnp::detail

namespace {

struct KeyHash {
  size_t operator()(const KernelKey &k) const {
    return llvm::hash_combine(
        reinterpret_cast<uintptr_t>(k.build), k.numInputs, k.resultDType,
        k.resultRank, k.resultUnitDims,
        llvm::hash_combine_range(k.dtypes.begin(), k.dtypes.end()),
        llvm::hash_combine_range(k.ranks.begin(), k.ranks.end()),
        llvm::hash_combine_range(k.unitDims.begin(), k.unitDims.end()),
        llvm::hash_combine_range(k.attrs.begin(), k.attrs.begin() + k.numAttrs));
  }
};

struct Kernel {
  std::unique_ptr<runtime::Executable> executable;
  runtime::Executable::PackedFunction fn = nullptr;
};

struct KernelCache {
  std::mutex mutex;
  std::unordered_map<KernelKey, std::unique_ptr<Kernel>, KeyHash> kernels;
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
  b.setInsertionPointToEnd(module->getBody());
  auto fn = mlir::func::FuncOp::create(b, loc, "kernel",
                                       b.getFunctionType(args, result));
  fn->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  // The inputs are the user's immutable arrays: bufferization must copy
  // rather than update them in place (scatter would).
  for (int i = 0; i < key.numInputs; ++i)
    fn.setArgAttr(i, "bufferization.writable", b.getBoolAttr(false));
  mlir::Block *body = fn.addEntryBlock();
  b.setInsertionPointToEnd(body);
  llvm::SmallVector<mlir::Value> inputs(body->getArguments());
  mlir::Value value = key.build(b, loc, inputs.data(), key.numInputs,
                                key.attrs.data(), key.numAttrs, result);
  // Ops that need static shapes (iota, random_bits) or infer a more static
  // type return it; the kernel's signature is the polymorphic one.
  if (value.getType() != result)
    value = mlir::tensor::CastOp::create(b, loc, result, value);
  mlir::func::ReturnOp::create(b, loc, value);

  auto kernel = std::make_unique<Kernel>();
  kernel->executable = session.compile(*module);
  auto fnPtr = kernel->executable->lookupPacked("_mlir_ciface_kernel");
  if (!fnPtr)
    throw CompileError("tnp: " + llvm::toString(fnPtr.takeError()));
  kernel->fn = *fnPtr;
  return kernel;
}

Kernel &findKernel(const KernelKey &key) {
  KernelCache &cache = kernelCache();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.kernels.find(key);
    if (it != cache.kernels.end()) {
      ++cache.hits;
      return *it->second;
    }
  }
  std::lock_guard<std::mutex> compileLock(Session::get().mutex());
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto &slot = cache.kernels[key];
  if (!slot) {
    ++cache.misses;
    slot = buildKernel(key);
  }
  return *slot;
}

/// A memref descriptor of rank <= kMaxRank: allocated, aligned, offset,
/// sizes, strides, as MLIR's C interface lays it out.
struct Descriptor {
  std::array<int64_t, 3 + 2 * kMaxRank> words{};

  void set(const void *data, const shape_t &shape) {
    words[0] = reinterpret_cast<int64_t>(data);
    words[1] = reinterpret_cast<int64_t>(data);
    words[2] = 0;
    int rank = shape.size();
    int64_t stride = 1;
    for (int d = rank - 1; d >= 0; --d) {
      words[3 + d] = shape[d];
      words[3 + rank + d] = stride;
      stride *= shape[d];
    }
  }
  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  void *aligned() const { return reinterpret_cast<void *>(words[1]); }
};

} // namespace

std::shared_ptr<ArrayImpl> tnp::detail::execute(const Call &call) {
  Kernel &kernel = findKernel(makeKey(call));
  std::array<Descriptor, kMaxInputs> inputs;
  Descriptor result;
  std::array<void *, kMaxInputs + 1> pointers{};
  std::array<void *, kMaxInputs + 1> args{};
  pointers[0] = &result;
  for (int i = 0; i < call.numInputs; ++i) {
    inputs[i].set(call.inputs[i]->data(), call.inputs[i]->shape);
    pointers[i + 1] = &inputs[i];
  }
  for (int i = 0; i <= call.numInputs; ++i)
    args[i] = &pointers[i];
  kernel.fn(args.data());

  auto out = std::make_shared<ArrayImpl>();
  out->shape = call.resultShape;
  out->dtype = call.resultDType;
  out->size = numElements(call.resultShape);
  for (int i = 0; i < call.numInputs; ++i)
    if (result.aligned() == call.inputs[i]->data()) {
      out->buffer = call.inputs[i]->buffer;
      return out;
    }
  out->buffer = runtime::Buffer::adopt(result.allocated(), result.aligned(),
                                       out->size * call.resultDType.itemsize());
  return out;
}

DispatchStats tnp::detail::dispatchStats() {
  KernelCache &cache = kernelCache();
  return {cache.hits.load(), cache.misses.load()};
}
