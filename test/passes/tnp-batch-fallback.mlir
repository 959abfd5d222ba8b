// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0 size=4 fallback=true" --verify-diagnostics | FileCheck %s

// With fallback, an op without a rule runs once per element in a loop that
// gathers its operand's row and scatters its result's.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<4x2xui32>) -> tensor<4x3xui32>
// CHECK:       scf.for
// CHECK:         tnp.gather %arg0
// CHECK:         tnp.random_bits
// CHECK:         tnp.scatter set
func.func @f(%key: tensor<2xui32>) -> tensor<3xui32> {
  // expected-warning @+1 {{'tnp.random_bits' op has no batching rule: it runs once per batch element in a loop (fallback)}}
  %b = tnp.random_bits %key : (tensor<2xui32>) -> tensor<3xui32>
  return %b : tensor<3xui32>
}
