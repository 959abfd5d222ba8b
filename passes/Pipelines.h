//===- Pipelines.h - tnp's pass pipelines -----------------------*- C++ -*-===//
//
// The one place pass order lives. The CPU pipeline, in order:
//   tnp-promote-types, canonicalize            (every op homogeneous)
//   tnp-lower-to-linalg, canonicalize, cse     (tensors in linalg/arith/math;
//                                               large products: BLAS calls)
//   tnp-fuse (MLIR's elementwise fusion, tnp's control function)
//   one-shot-bufferize (function boundaries), buffer deallocation
//   linalg -> affine loops, [tnp-fuse-loops], affine-super-vectorize
//   (host vector width)
//   [tnp-parallelize], vector -> scf, lower-affine, [scf -> openmp]
//   scf -> cf, tnp-approximate-math (polynomials or libm)
//   vector/scf/memref/math/complex/arith/func -> llvm (allocations: the
//   runtime's allocator)
//   tnp-legalize-bool-memory                   (bools are bytes in memory)
//
//===----------------------------------------------------------------------===//

#ifndef TNP_PASSES_PIPELINES_H
#define TNP_PASSES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::tnp {

struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
  Option<unsigned> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Elements per vector for the affine vectorizer "
                     "(0: no vectorization)"),
      llvm::cl::init(8)};
  Option<bool> fuse{*this, "fuse",
                    llvm::cl::desc("Fuse elementwise ops (tnp-fuse)"),
                    llvm::cl::init(true)};
  Option<bool> parallelize{
      *this, "parallelize",
      llvm::cl::desc("Run large static loop nests on OpenMP threads "
                     "(tnp-parallelize; needs libomp at run time)"),
      llvm::cl::init(false)};
  Option<bool> runtime{
      *this, "runtime",
      llvm::cl::desc("The code runs in tnp's runtime, which binds its "
                     "symbols (lib/Session.cpp): large products call its "
                     "BLAS and buffers come from its allocator. Off for "
                     "mlir-runner"),
      llvm::cl::init(true)};
  Option<unsigned> resultAlignment{
      *this, "result-alignment",
      llvm::cl::desc("Bytes the buffers the caller passes for results are "
                     "aligned to (tnp-stream-stores); 0: unknown"),
      llvm::cl::init(0)};
  Option<bool> approximateMath{
      *this, "approximate-math",
      llvm::cl::desc("Replace f32 transcendentals by polynomials"),
      llvm::cl::init(true)};
};

/// tnp-promote-types through tnp-lower-to-linalg: tensors in upstream
/// dialects, nothing bufferized. `blas`: large products call the runtime's
/// BLAS (tnp-lower-to-linalg's option).
void buildTnpToLinalgPipeline(OpPassManager &pm, bool blas = true);

struct TnpAutodiffPassOptions;
struct TnpBatchPassOptions;
/// Differentiates a recorded function: promotion (the VJP rules read
/// homogeneous ops), tnp-autodiff, then canonicalization and CSE, which
/// keep of the forward pass what the backward one reads.
void buildTnpGradientPipeline(OpPassManager &pm,
                              const TnpAutodiffPassOptions &options);
/// Batches a recorded function (vectorized_map): promotion, tnp-batch,
/// canonicalization and CSE.
void buildTnpBatchPipeline(OpPassManager &pm,
                           const TnpBatchPassOptions &options);

/// The rest of the CPU pipeline: from tnp-to-linalg's output to the LLVM
/// dialect.
void buildLinalgToLLVMPipeline(OpPassManager &pm,
                               const PipelineOptions &options);

/// The whole CPU pipeline, from the tnp dialect to the LLVM dialect.
void buildCpuPipeline(OpPassManager &pm, const PipelineOptions &options);

/// Registers tnp-to-linalg and tnp-cpu-pipeline for tnp-opt.
void registerPipelines();

} // namespace mlir::tnp

#endif // TNP_PASSES_PIPELINES_H
