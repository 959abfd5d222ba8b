// What has no GPU version yet is a diagnostic, never a crash or host code
// reading device memory.
// RUN: tnp-opt %s --tnp-gpu-pipeline --split-input-file --verify-diagnostics

func.func @sorted(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'func.call' op calls the host function @tnp_sort_float32, which has no GPU version}}
  %s = tnp.sort(%x) axis = 0 : tensor<?xf32>
  return %s : tensor<?xf32>
}
