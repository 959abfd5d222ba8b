// The VJP of a slice to the end of a dynamic dimension pads the other
// dimensions only: what a trace with a dynamic batch records for x[:, 1:5].
// RUN: tnp-opt %s --tnp-autodiff=func=f --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f_grad(%arg0: tensor<?x6xf32>) -> (tensor<f32>, tensor<?x6xf32>)
// CHECK: tnp.pad %{{.*}}, %{{.*}}, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x6xf32>
func.func @f(%x: tensor<?x6xf32>) -> tensor<f32> {
  %s = tnp.slice %x, start = [0, 1], limit = [-9223372036854775808, 5], strides = [1, 1] : tensor<?x6xf32> -> tensor<?x4xf32>
  %r = tnp.reduce sum %s, axes = [0, 1] : tensor<?x4xf32> -> tensor<f32>
  return %r : tensor<f32>
}
