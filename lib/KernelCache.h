//===- KernelCache.h - compiled eager kernels, by key -----------*- C++ -*-===//
//
// An eager call finds its compiled kernel by a key (the primitive, its
// attributes, the operand dtypes and ranks, which dimensions are 1, the CPU
// or the GPU it runs on) in a cache bounded by the cache policy
// (runtime/CachePolicy.h), compiling it on a miss. Kernels are shape polymorphic: every dimension but the size-1 ones
// is dynamic. The hit path builds no MLIR and allocates nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TNP_LIB_KERNELCACHE_H
#define TNP_LIB_KERNELCACHE_H

#include "lib/Dispatch.h"
#include "lib/Session.h"

#include <cstdint>
#include <memory>

namespace tnp::detail {

/// The kernel of `call`'s primitive, attributes, dtypes and ranks, for the
/// CPU or for GPU `gpu`: from the cache, or compiled. NotImplementedError
/// for ranks compiled code cannot take.
std::shared_ptr<const CompiledCode> kernelFor(const Call &call, int gpu = -1);

/// Kernel cache counters, for tests and benchmarks.
struct DispatchStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  /// Kernels held now (at most runtime::memoryCacheCapacity()).
  uint64_t kernels = 0;
};
DispatchStats dispatchStats();

} // namespace tnp::detail

#endif // TNP_LIB_KERNELCACHE_H
