// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0 size=4 fallback=true" --verify-diagnostics | FileCheck %s

// With fallback, an op without a rule runs once per element in a loop that
// gathers its operands' rows and scatters its result's.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<4xf32>) -> tensor<4x5xf32>
// CHECK:       scf.for
// CHECK:         tnp.gather %arg0
// CHECK:         tnp.pad
// CHECK:         tnp.scatter set
func.func @f(%v: tensor<f32>) -> tensor<5xf32> {
  %x = tnp.constant dense<1.0> : tensor<3xf32>
  // expected-warning @+1 {{'tnp.pad' op has no batching rule: it runs once per batch element in a loop (fallback)}}
  %p = tnp.pad %x, %v, low = [1], high = [1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  return %p : tensor<5xf32>
}
