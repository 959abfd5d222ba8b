// An scf.if whose condition is not batched keeps one if, with batched
// branches; batching then differentiating, and differentiating then
// batching, both compose. tnp-batch built the branches in blocks outside any
// region and crashed (issue 20).
// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0,-1 size=8 name=fb" | FileCheck %s --check-prefix=BATCH
// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0,-1 size=8 name=fb" --tnp-autodiff="func=fb vjp=true" | FileCheck %s --check-prefix=BATCH-VJP
// RUN: tnp-opt %s --tnp-autodiff="func=f" --tnp-batch="func=f_grad in-axes=0,-1 size=8" | FileCheck %s --check-prefix=GRAD-BATCH

// BATCH-LABEL: func.func @fb(%arg0: tensor<8x3xf32>, %arg1: tensor<i1>) -> tensor<8xf32>
// BATCH:       %[[C:.*]] = tensor.extract %arg1[] : tensor<i1>
// BATCH:       scf.if %[[C]] -> (tensor<8x3xf32>) {
// BATCH:         tnp.add %arg0, %arg0 : tensor<8x3xf32>
// BATCH:       } else {
// BATCH:         tnp.neg %arg0 : tensor<8x3xf32>
// BATCH:       tnp.reduce sum %{{.*}}, axes = [1] : tensor<8x3xf32> -> tensor<8xf32>

// BATCH-VJP-LABEL: func.func @fb_vjp(%arg0: tensor<8x3xf32>, %arg1: tensor<i1>, %arg2: tensor<8xf32>) -> (tensor<8xf32>, tensor<8x3xf32>)
// BATCH-VJP-COUNT-2: scf.if
// BATCH-VJP:       return

// GRAD-BATCH-LABEL: func.func @f_grad_batched(%arg0: tensor<8x3xf32>, %arg1: tensor<i1>) -> (tensor<8xf32>, tensor<8x3xf32>)
// GRAD-BATCH-COUNT-2: scf.if
// GRAD-BATCH:       return
func.func @f(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %c = tensor.extract %p[] : tensor<i1>
  %r = scf.if %c -> (tensor<3xf32>) {
    %d = tnp.add %x, %x : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  } else {
    %n = tnp.neg %x : tensor<3xf32>
    scf.yield %n : tensor<3xf32>
  }
  %s = tnp.reduce sum %r, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}
