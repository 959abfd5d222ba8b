// RUN: tnp-opt %s --tnp-autodiff=func=loss | FileCheck %s
// RUN: tnp-opt %s --tnp-autodiff=func=loss --tnp-cpu-pipeline | FileCheck %s --check-prefix=LLVM

// A VJP rule's constant for an operand of dynamic size is a scalar
// broadcast (the lowering sizes it from the operands it meets), never a
// constant of dynamic shape, which no buffer could hold.
// CHECK-LABEL: func.func @loss_grad(%arg0: tensor<?xf32>)
// CHECK-NOT: tnp.constant {{.*}} : tensor<?xf32>
// CHECK: %[[ONE:.*]] = tnp.constant dense<1.000000e+00> : tensor<f32>
// CHECK: tnp.broadcast_in_dim %[[ONE]], dims = [] : (tensor<f32>) -> tensor<?xf32>
// CHECK-NOT: tnp.constant {{.*}} : tensor<?xf32>
// LLVM: llvm.func @loss_grad(
func.func @loss(%x: tensor<?xf32>) -> tensor<f32> {
  %t = tnp.tanh %x : tensor<?xf32>
  %s = tnp.reduce sum %t, axes = [0] : tensor<?xf32> -> tensor<f32>
  return %s : tensor<f32>
}
