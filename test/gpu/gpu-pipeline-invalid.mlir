// What has no GPU version is a diagnostic, never a crash or host code
// reading device memory: a call of a host function (tnp's lowering emits
// none for the GPU; its sorts are networks of kernels).
// RUN: tnp-opt %s --tnp-gpu-pipeline --split-input-file --verify-diagnostics

func.func private @host_function(memref<?xf32>)

func.func @calls_the_host(%x: memref<?xf32>) {
  // expected-error @+1 {{'func.call' op calls the host function @host_function, which has no GPU version}}
  func.call @host_function(%x) : (memref<?xf32>) -> ()
  return
}

// -----

// Options no GPU block takes, and unrolling past reason, are diagnostics.
// RUN: not tnp-opt %s --split-input-file --tnp-gpu-pipeline="block-size=2048" 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tnp-opt %s --split-input-file --tnp-gpu-pipeline="elements-per-thread=0" 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: not tnp-opt %s --split-input-file --tnp-gpu-pipeline="elements-per-thread=64" 2>&1 | FileCheck %s --check-prefix=OPTIONS
// OPTIONS: error: tnp-gpu-map-parallel-loops takes block-size 1 to 1024 and elements-per-thread 1 to 16, not block-size={{[0-9]+}} elements-per-thread={{[0-9]+}}
func.func @double(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = tnp.add %x, %x : tensor<?xf32>
  return %r : tensor<?xf32>
}
