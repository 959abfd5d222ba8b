//===- CallingConvention.h - how compiled tnp code is called ----*- C++ -*-===//
//
// Every compiled tnp function (an eager kernel, a trace, a derivative) is
// called one way, destination-passing: its inputs, which it only reads, then
// one buffer per result, which the caller allocates (aligned, sized from the
// result's shape, splittable among threads) and the function writes; it
// returns nothing, so compiled code allocates nothing to return. Each array
// is an ArrayView: pointer, shape, strides, dtype, and the device that holds
// the buffer.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_RUNTIME_CALLINGCONVENTION_H
#define TNP_RUNTIME_CALLINGCONVENTION_H

#include "runtime/JitEngine.h"

#include <tnp/dtype.h>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace tnp::runtime {

/// The highest rank compiled code takes: a call passes each array as a
/// memref descriptor of at most this rank.
constexpr int kMaxRank = 8;

/// The error for an array of `rank` past kMaxRank (success otherwise).
llvm::Error checkRank(size_t rank);

/// Where a buffer lives: the CPU backend's code reads host memory, the GPU
/// backend's (tnp-gpu-pipeline) a GPU's.
enum class Device : uint8_t { Host, Gpu };

/// An array as compiled code receives it; the caller owns the memory.
struct ArrayView {
  const void *data = nullptr;
  llvm::ArrayRef<int64_t> shape;
  /// In elements; empty means row-major contiguous, the one layout compiled
  /// code reads today.
  llvm::ArrayRef<int64_t> strides;
  tnp::dtype dtype = tnp::float64;
  Device device = Device::Host;
};

/// Rewrites `fn` (which returns tensors) into the convention: each result
/// is written into a memref argument appended for it, the function returns
/// nothing and gets a C interface; its tensor arguments are marked
/// read-only, so that bufferization copies rather than updates them.
void toDestinationPassing(mlir::func::FuncOp fn);

/// A function compiled in the convention, with the dtype and rank of each
/// argument (inputs, then results), which every call is checked against.
class CompiledFunction {
public:
  struct Argument {
    tnp::dtype dtype;
    int rank;
  };

  /// Function `name` of `executable` (which must outlive the result),
  /// taking `signature`, its arrays in `device`'s memory.
  static llvm::Expected<CompiledFunction>
  lookup(const Executable &executable, llvm::StringRef name,
         std::vector<Argument> signature, Device device = Device::Host);

  /// Calls the function on `arrays`: its inputs, then its results'
  /// buffers. Calls nothing, and fails, when their number, a dtype or a rank
  /// differs from the signature, a layout is not row-major or a buffer is
  /// not where the function reads.
  llvm::Error operator()(llvm::ArrayRef<ArrayView> arrays) const;

private:
  CompiledFunction(Executable::PackedFunction fn,
                   std::vector<Argument> signature, Device device)
      : fn(fn), signature(std::move(signature)), device(device) {}

  Executable::PackedFunction fn;
  std::vector<Argument> signature;
  Device device;
};

} // namespace tnp::runtime

#endif // TNP_RUNTIME_CALLINGCONVENTION_H
