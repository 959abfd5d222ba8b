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
// The GPU pipeline shares the first steps (large products call cuBLAS
// through the runtime; the same fusion and bufferization), then:
//   tnp-gpu-split-reductions                   (few outputs: many threads)
//   linalg -> parallel loops, tiled by the block size (bounds checked
//   inside), mapped to blocks and threads, -> gpu.launch
//   tnp-gpu-launch-host-code                   (device buffers; sequential
//                                               loops in one-thread launches)
//   gpu-kernel-outlining, gpu-async-region       (one stream per call)
//   MLIR's lower-to-NVVM steps: nvvm-attach-target, NVVM, gpu-to-llvm
//   (launches call the runtime's mgpu* functions), gpu-module-to-binary
//   (PTX for the driver's JIT, or a cubin), with libdevice linked
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
                     "BLAS, sorts its row sorts, and buffers come from its "
                     "allocator. Off for mlir-runner"),
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

/// Options of the GPU pipeline: the target chip and the launch shape.
struct GpuPipelineOptions : public PassPipelineOptions<GpuPipelineOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("The compute capability kernels are compiled for, as "
                     "sm_XY (the device's, at run time)"),
      llvm::cl::init("sm_80")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("NVPTX features; the PTX ISA version the kernels use"),
      llvm::cl::init("+ptx80")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What gpu-module-to-binary makes of each kernel module: "
                     "isa (PTX, compiled by the driver), bin (a cubin, "
                     "through ptxas), fatbin"),
      llvm::cl::init("isa")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("The CUDA toolkit, for libdevice (float64 math) and "
                     "ptxas (format=bin); default: $CUDA_ROOT, $CUDA_HOME, "
                     "$CUDA_PATH, else /usr/local/cuda"),
      llvm::cl::init("")};
  Option<bool> blas{
      *this, "blas",
      llvm::cl::desc("Large float32 and float64 products call cuBLAS "
                     "through the runtime (tnp_gpu_matmul_*); off: "
                     "generated loops"),
      llvm::cl::init(true)};
  Option<unsigned> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block along the innermost parallel "
                     "dimension (1 to 1024)"),
      llvm::cl::init(256)};
  Option<unsigned> elementsPerThread{
      *this, "elements-per-thread",
      llvm::cl::desc("Elements each thread computes along the innermost "
                     "dimension, block-size apart (1 to 16)"),
      llvm::cl::init(1)};
  Option<bool> elideWaits{
      *this, "elide-waits",
      llvm::cl::desc("The host waits for the GPU only where it reads a copy "
                     "back (tnp-gpu-elide-waits); off: at the end of every "
                     "block, as gpu-async-region leaves it"),
      llvm::cl::init(true)};
};

/// tnp-promote-types through tnp-lower-to-linalg: tensors in upstream
/// dialects, nothing bufferized. `blas`: large products call the runtime's
/// BLAS (tnp-lower-to-linalg's option), its cuBLAS ones for a `gpu`;
/// `runtimeSorts`: sorts call the runtime's row sorts, else they are
/// sorting networks.
void buildTnpToLinalgPipeline(OpPassManager &pm, bool blas = true,
                              bool gpu = false, bool runtimeSorts = true);

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

/// The whole GPU pipeline, from the tnp dialect to host code in the LLVM
/// dialect that launches kernels held in gpu.binary ops.
void buildGpuPipeline(OpPassManager &pm, const GpuPipelineOptions &options);

/// The GPU pipeline's end, from gpu.launch ops on buffers: kernels outlined
/// and compiled to gpu.binary ops, host code in the LLVM dialect.
void buildGpuToNVVMPipeline(OpPassManager &pm,
                            const GpuPipelineOptions &options);

/// Registers tnp-to-linalg, tnp-cpu-pipeline and tnp-gpu-pipeline for
/// tnp-opt.
void registerPipelines();

} // namespace mlir::tnp

#endif // TNP_PASSES_PIPELINES_H
