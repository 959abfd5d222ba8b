// RUN: tnp-opt %s --tnp-autodiff="func=f wrt=0" --split-input-file --verify-diagnostics

// expected-error @+1 {{argument #0 has type 'tensor<3xi32>'; only float arguments are differentiable}}
func.func @f(%x: tensor<3xi32>, %y: tensor<f32>) -> tensor<f32> {
  return %y : tensor<f32>
}

// -----

// expected-error @+1 {{wrt names argument #0 of a function with 0}}
func.func @f() -> tensor<f32> {
  %c = tnp.constant dense<1.0> : tensor<f32>
  return %c : tensor<f32>
}
