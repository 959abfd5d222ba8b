//===- KernelCache.cpp - compiled eager kernels, by key -------------------===//

#include "lib/KernelCache.h"

#include "lib/DTypes.h"
#include "runtime/CachePolicy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/Hashing.h"

#include <atomic>
#include <mutex>

using namespace tnp;
using namespace tnp::detail;

namespace {

/// What makes two eager calls share a kernel. Plain data: hashing and
/// comparing it allocates nothing.
struct KernelKey {
  BuildFn build = nullptr;
  uint8_t numInputs = 0;
  uint8_t numAttrs = 0;
  uint8_t resultDType = 0;
  uint8_t resultRank = 0;
  /// The promotion rules, which decide what mixed operands compute in.
  uint8_t promotion = 0;
  /// Where the kernel runs: 0 on the CPU, 1 + i on GPU i.
  uint8_t target = 0;
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
           target == o.target && dtypes == o.dtypes && ranks == o.ranks &&
           unitDims == o.unitDims && resultUnitDims == o.resultUnitDims &&
           attrs == o.attrs;
  }
};

struct KeyHash {
  size_t operator()(const KernelKey &k) const {
    return llvm::hash_combine(
        reinterpret_cast<uintptr_t>(k.build), k.numInputs, k.resultDType,
        k.resultRank, k.promotion, k.target, k.resultUnitDims,
        llvm::hash_combine_range(k.dtypes.begin(), k.dtypes.end()),
        llvm::hash_combine_range(k.ranks.begin(), k.ranks.end()),
        llvm::hash_combine_range(k.unitDims.begin(), k.unitDims.end()),
        llvm::hash_combine_range(k.attrs.begin(),
                                 k.attrs.begin() + k.numAttrs));
  }
};

struct KernelCache {
  std::mutex mutex;
  /// Shared: a kernel evicted while another thread runs it lives on.
  runtime::LruCache<KernelKey, std::shared_ptr<const CompiledCode>, KeyHash>
      kernels;
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

KernelKey makeKey(const Call &call, int gpu) {
  // The key's masks have a bit per dimension.
  checkRank(call.resultShape.size());
  KernelKey key;
  key.build = call.build;
  key.numInputs = call.numInputs;
  key.numAttrs = call.numAttrs;
  key.resultDType = call.resultDType.index();
  key.resultRank = call.resultShape.size();
  key.promotion = promotionCode(currentPromotion());
  key.target = gpu + 1;
  key.resultUnitDims = unitMask(call.resultShape);
  for (int i = 0; i < call.numInputs; ++i) {
    const ArrayImpl &a = *call.inputs[i];
    checkRank(a.shape.size());
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

CompiledCode buildKernel(const KernelKey &key) {
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
                                       b.getFunctionType(args, {result}));
  mlir::tnp::setPromotionOptions(fn, promotionFromCode(key.promotion));
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
  CompileOptions options;
  options.gpu = key.target - 1;
  return session.compile(*module, options);
}

std::shared_ptr<const CompiledCode> findKernel(const KernelKey &key) {
  KernelCache &cache = kernelCache();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (std::shared_ptr<const CompiledCode> *kernel = cache.kernels.find(key)) {
      ++cache.hits;
      return *kernel;
    }
  }
  std::lock_guard<std::mutex> compileLock(Session::get().mutex());
  {
    // Another thread may have built it while this one waited.
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (std::shared_ptr<const CompiledCode> *kernel = cache.kernels.find(key))
      return *kernel;
  }
  ++cache.misses;
  auto kernel = std::make_shared<const CompiledCode>(buildKernel(key));
  std::lock_guard<std::mutex> lock(cache.mutex);
  return cache.kernels.insert(key, std::move(kernel));
}

} // namespace

std::shared_ptr<const CompiledCode> tnp::detail::kernelFor(const Call &call,
                                                           int gpu) {
  // This thread's last kernel per slot, direct-mapped by primitive and
  // dtype: eager code repeats a few calls, and a hit skips the shared
  // cache's hash, lock and LRU update (a third of an eager 1-element add's
  // dispatch). The shared cache keeps its policy: a kernel it evicts lives on
  // here only until its slot is reused, kRecentSlots per thread at most.
  struct Recent {
    KernelKey key;
    std::shared_ptr<const CompiledCode> kernel;
  };
  constexpr size_t kRecentSlots = 16;
  thread_local std::array<Recent, kRecentSlots> recent;
  KernelKey key = makeKey(call, gpu);
  size_t slot = ((reinterpret_cast<uintptr_t>(key.build) >> 4) ^
                 (key.resultDType * 5u) ^ key.dtypes[0]) %
                kRecentSlots;
  Recent &entry = recent[slot];
  if (entry.kernel && entry.key == key) {
    ++kernelCache().hits;
    return entry.kernel;
  }
  std::shared_ptr<const CompiledCode> kernel = findKernel(key);
  entry = {key, kernel};
  return kernel;
}

DispatchStats tnp::detail::dispatchStats() {
  KernelCache &cache = kernelCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  return {cache.hits.load(), cache.misses.load(), cache.kernels.size()};
}
