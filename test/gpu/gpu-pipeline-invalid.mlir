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
