// tnp-batch and tnp-autodiff compose in both orders: per-example gradients
// (batch a gradient) and the gradient of a batched function.
// RUN: tnp-opt %s --tnp-autodiff="func=loss" --tnp-batch="func=loss_grad in-axes=0,-1 size=16" --canonicalize --cse | FileCheck %s --check-prefix=PER
// RUN: tnp-opt %s --tnp-batch="func=loss in-axes=0,-1 size=16 name=batched" --tnp-autodiff="func=batched vjp=true" --canonicalize --cse | FileCheck %s --check-prefix=GRAD

// PER-LABEL: func.func @loss_grad_batched(%arg0: tensor<16x3xf32>, %arg1: tensor<3x2xf32>) -> (tensor<16xf32>, tensor<16x3xf32>, tensor<16x3x2xf32>)
// PER:       tnp.dot_general
// PER-NOT:   scf.for
// PER:       return

// GRAD-LABEL: func.func @batched_vjp(%arg0: tensor<16x3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<16xf32>) -> (tensor<16xf32>, tensor<16x3xf32>, tensor<3x2xf32>)
// GRAD:       tnp.dot_general
// GRAD:       return
func.func @loss(%x: tensor<3xf32>, %w: tensor<3x2xf32>) -> tensor<f32> {
  %y = tnp.dot_general %x, %w, batch = [] x [], contracting = [0] x [0] : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
  %t = tnp.tanh %y : tensor<2xf32>
  %s = tnp.reduce sum %t, axes = [0] : tensor<2xf32> -> tensor<f32>
  return %s : tensor<f32>
}
