// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0 size=4" --split-input-file --verify-diagnostics

func.func @f(%v: tensor<f32>) -> tensor<5xf32> {
  %x = tnp.constant dense<1.0> : tensor<3xf32>
  // expected-error @+1 {{'tnp.pad' op has no batching rule for a batched padding value}}
  %p = tnp.pad %x, %v, low = [1], high = [1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<5xf32>
  return %p : tensor<5xf32>
}

// -----

// expected-error @+1 {{tnp-batch: in-axes has 1 entries for 2 arguments}}
func.func @f(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}

// -----

// expected-error @+1 {{tnp-batch: in-axes 0 is out of range for an argument of type 'i1'}}
func.func @f(%p: i1) -> i1 {
  return %p : i1
}
