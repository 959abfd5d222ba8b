// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0 size=4" --split-input-file --verify-diagnostics

func.func @f(%key: tensor<2xui32>) -> tensor<3xui32> {
  // expected-error @+1 {{'tnp.random_bits' op has no batching rule for batched keys}}
  %b = tnp.random_bits %key : (tensor<2xui32>) -> tensor<3xui32>
  return %b : tensor<3xui32>
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
