//===- Pipelines.cpp - tnp's pass pipelines -------------------------------===//

#include "passes/Pipelines.h"

#include "passes/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::tnp;

void tnp::buildTnpToLinalgPipeline(OpPassManager &pm, bool blas, bool gpu,
                                   bool runtimeSorts) {
  pm.addNestedPass<func::FuncOp>(createTnpPromoteTypesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTnpLowerToLinalgPass(
      TnpLowerToLinalgPassOptions{blas, gpu, runtimeSorts}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tnp::buildTnpGradientPipeline(OpPassManager &pm,
                                   const TnpAutodiffPassOptions &options) {
  pm.addNestedPass<func::FuncOp>(createTnpPromoteTypesPass());
  pm.addPass(createTnpAutodiffPass(options));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tnp::buildTnpBatchPipeline(OpPassManager &pm,
                                const TnpBatchPassOptions &options) {
  pm.addNestedPass<func::FuncOp>(createTnpPromoteTypesPass());
  pm.addPass(createTnpBatchPass(options));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tnp::buildCpuPipeline(OpPassManager &pm, const PipelineOptions &options) {
  buildTnpToLinalgPipeline(pm, options.runtime, /*gpu=*/false,
                           /*runtimeSorts=*/options.runtime);
  buildLinalgToLLVMPipeline(pm, options);
}

/// Fusion and bufferization, the same for every target.
static void buildLinalgBufferizePipeline(OpPassManager &pm, bool fuse) {
  pm.addNestedPass<func::FuncOp>(createTnpUnshareInitsPass());
  if (fuse)
    pm.addNestedPass<func::FuncOp>(createTnpFusePass());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Traced loops (scf.while, scf.for) may yield new tensors each iteration.
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // MLIR's buffer deallocation pipeline, with deallocs of several memrefs
  // (a traced loop's) lowered inline rather than through the lists in
  // memory of its dealloc_helper, which would be the device's on a GPU.
  pm.addPass(memref::createExpandReallocPass(
      memref::ExpandReallocPassOptions{/*emitDeallocs=*/false}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addNestedPass<func::FuncOp>(createTnpInlineDeallocationsPass());
  pm.addNestedPass<func::FuncOp>(createTnpExpandAtomicsPass());
  pm.addPass(createCSEPass());
  // Removes the self-copies destination passing leaves.
  pm.addPass(createCanonicalizerPass());
}

void tnp::buildLinalgToLLVMPipeline(OpPassManager &pm,
                                    const PipelineOptions &options) {
  buildLinalgBufferizePipeline(pm, options.fuse);
  OpPassManager &fn = pm.nest<func::FuncOp>();
  fn.addPass(createConvertLinalgToAffineLoopsPass());
  // Loop bounds read the sizes of views (memref.dim of an expand_shape)
  // as the sizes they were made with, so that tnp-fuse-loops sees equal
  // bounds as equal (an argmax's per-lane and lane-folding row loops).
  fn.addPass(memref::createResolveRankedShapeTypeResultDimsPass());
  // Loads and stores through views (slices, reshapes) index their base
  // buffer instead: the vectorizer takes identity layouts only, and loop
  // fusion sees the accesses of a reshaped row reduction (a softmax's
  // maxima, read as [n, 1]) at the rows that wrote them.
  fn.addPass(createTnpFoldViewAccessesPass());
  if (options.fuse)
    fn.addPass(createTnpFuseLoopsPass());
  // A one-trip loop (a size-1 dimension) would be vectorized into an invalid
  // broadcasting store: fold it away first.
  fn.addPass(affine::createAffineLoopNormalizePass(/*promoteSingleIter=*/true));
  fn.addPass(createTnpPromoteAccumulatorsPass());
  fn.addPass(createTnpTileTransposesPass(
      TnpTileTransposesPassOptions{options.vectorWidth}));
  if (options.parallelize)
    fn.addPass(createTnpParallelizePass());
  // After the parallel split, which sees through neither: a shared row
  // would be a dependence, and each thread's share of a sum is blocked.
  fn.addPass(createTnpPrivatizeRowsPass());
  fn.addPass(createTnpBlockWidenedSumsPass());
  if (options.vectorWidth > 0) {
    fn.addPass(createTnpUnrollNarrowLoopsPass(
        TnpUnrollNarrowLoopsPassOptions{options.vectorWidth}));
    affine::AffineVectorizeOptions vectorize;
    vectorize.vectorSizes = {static_cast<int64_t>(options.vectorWidth)};
    // Along the innermost (contiguous) dimension of the stored memref.
    vectorize.fastestVaryingPattern = {0};
    // Reductions (accumulators in iter_args, combiners marked reassoc) are
    // left to LLVM's loop vectorizer, which interleaves several vector
    // accumulators; this one keeps one, a chain of dependent max or add
    // ops (a row max 2.9 -> 2.3 ms, a row sum 2.4 -> 2.1 ms at 4096^2).
    vectorize.vectorizeReductions = false;
    fn.addPass(affine::createAffineVectorize(vectorize));
    fn.addPass(createTnpVectorizeShortReductionsPass(
        TnpVectorizeShortReductionsPassOptions{options.vectorWidth}));
    fn.addPass(createTnpPeelVectorLoopsPass());
    fn.addPass(createTnpInferInBoundsPass());
    fn.addPass(createTnpForwardTransfersPass());
    fn.addPass(createTnpInterleaveAccumulatorsPass());
  }
  fn.addPass(createTnpStreamStoresPass(
      TnpStreamStoresPassOptions{options.resultAlignment}));
  // vector-to-scf emits affine.apply, so affine is lowered after it.
  fn.addPass(createConvertVectorToSCFPass());
  fn.addPass(createLowerAffinePass());
  if (options.parallelize) {
    pm.addPass(createConvertSCFToOpenMPPass());
    // Inlines the memref.alloca_scope it wraps each body in (no allocas
    // there), which scf-to-cf's blocks would not fit.
    pm.addPass(createCanonicalizerPass());
  }
  pm.addNestedPass<func::FuncOp>(createSCFToControlFlowPass());
  if (options.approximateMath)
    pm.addPass(createTnpApproximateMathPass());

  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  // expand-strided-metadata computes offsets with affine.apply.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertComplexToStandardPass());
  // Math ops with an LLVM intrinsic (fma, floor, exp, ...) become
  // intrinsics, which stay vectors; the rest (tanh, atan2, ...) call libm.
  // Integer powers have no LLVM intrinsic: a loop in a helper function.
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertVectorToLLVMPass());
  if (options.runtime) {
    // Allocations call _mlir_memref_to_llvm_alloc/free, which the runtime
    // binds to its host allocator (runtime/HostAllocator.h).
    FinalizeMemRefToLLVMConversionPassOptions memref;
    memref.useGenericFunctions = true;
    pm.addPass(createFinalizeMemRefToLLVMConversionPass(memref));
  }
  pm.addPass(createConvertToLLVMPass());
  if (options.parallelize)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createTnpLegalizeBoolMemoryPass());
}

void tnp::buildGpuPipeline(OpPassManager &pm,
                           const GpuPipelineOptions &options) {
  buildTnpToLinalgPipeline(pm, options.blas, /*gpu=*/true,
                           /*runtimeSorts=*/false);
  buildLinalgBufferizePipeline(pm, /*fuse=*/true);
  OpPassManager &fn = pm.nest<func::FuncOp>();
  fn.addPass(createTnpGpuSplitReductionsPass());
  fn.addPass(createConvertLinalgToParallelLoopsPass());
  fn.addPass(createTnpGpuMapParallelLoopsPass(TnpGpuMapParallelLoopsPassOptions{
      options.blockSize, options.elementsPerThread}));
  fn.addPass(createConvertParallelLoopToGpuPass());
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addNestedPass<func::FuncOp>(createTnpGpuLaunchHostCodePass());
  pm.addPass(createConvertComplexToStandardPass());
  // Integer powers become calls of helper functions, made before outlining
  // so that it copies those a kernel calls into its module.
  pm.addPass(createConvertMathToFuncs());
  // Launches, allocations and copies become async ops on the device's one
  // stream (gpu-to-llvm lowers async gpu ops only); the host waits only
  // where it reads a copy back, the call returning with its work queued.
  // It takes outlined kernels (the NVVM pipeline's outlining then finds
  // none).
  // Constants and sizes are computed in the kernels rather than passed:
  // outlining would make each a parameter, leaving a thread's loop over its
  // elements without known bounds to unroll and a division by a broadcast
  // 1.0 a division by a parameter.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  if (options.elideWaits)
    pm.addNestedPass<func::FuncOp>(createTnpGpuElideWaitsPass());

  buildGpuToNVVMPipeline(pm, options);
}

/// Where libdevice and ptxas are: the option, else CUDA's variables, else
/// CUDA's default prefix where it exists. Debian's MLIR has no default
/// compiled in, and without libdevice, float64 math (and an accurate expf)
/// would be left to calls the driver cannot resolve. Without a toolkit the
/// PTX is still made, with those calls.
static std::string cudaToolkit(const GpuPipelineOptions &options) {
  if (!options.toolkit.empty())
    return options.toolkit;
  for (const char *var : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *path = std::getenv(var))
      return path;
  constexpr const char *kDefault = "/usr/local/cuda";
  return llvm::sys::fs::is_directory(kDefault) ? kDefault : "";
}

void tnp::buildGpuToNVVMPipeline(OpPassManager &pm,
                                 const GpuPipelineOptions &options) {
  // MLIR's gpu-lower-to-nvvm-pipeline (GPUToNVVMPipeline.cpp) in its order,
  // listed here because it takes no toolkit path for gpu-module-to-binary.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  pm.addPass(createLowerAffinePass());
  // The host's arith only: convert-gpu-to-nvvm lowers the kernels', with
  // libdevice calls where NVVM has no instruction (a float remainder is
  // __nv_fmodf; as llvm.frem, which MLIR's pipeline makes of it here, it is
  // rejected).
  pm.addNestedPass<LLVM::LLVMFuncOp>(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createStripDebugInfoPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(LLVM::createNVVMOptimizeForTargetPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = cudaToolkit(options);
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void tnp::registerPipelines() {
  PassPipelineRegistration<>(
      "tnp-to-linalg", "tnp to tensors in linalg/arith/math",
      [](OpPassManager &pm) { buildTnpToLinalgPipeline(pm); });
  PassPipelineRegistration<PipelineOptions>(
      "tnp-cpu-pipeline", "tnp to the LLVM dialect for the host CPU",
      buildCpuPipeline);
  PassPipelineRegistration<GpuPipelineOptions>(
      "tnp-gpu-pipeline",
      "tnp to host code in the LLVM dialect that launches NVVM kernels",
      buildGpuPipeline);
}
