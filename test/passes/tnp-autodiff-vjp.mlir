// RUN: tnp-opt %s --tnp-autodiff="func=f vjp=true wrt=1" --canonicalize --cse | FileCheck %s --check-prefix=VJP
// RUN: tnp-opt %s --tnp-autodiff="func=g name=dg" --tnp-autodiff="func=dg wrt=0 vjp=true name=ddg" --canonicalize --cse | FileCheck %s --check-prefix=TWICE

// VJP form: one cotangent per result after the arguments; only argument 1
// is differentiated. The cotangent of x * w with respect to w is ct * x.
// VJP-LABEL: func.func @f_vjp(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// VJP-NEXT:  %[[Y:.*]] = tnp.mul %arg0, %arg1
// VJP-NEXT:  %[[D:.*]] = tnp.mul %arg2, %arg0
// VJP-NEXT:  return %[[Y]], %[[D]]
func.func @f(%x: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  %y = tnp.mul %x, %w : tensor<4xf32>
  return %y : tensor<4xf32>
}

// The output of tnp-autodiff is tnp again: differentiating the gradient of
// sum(x**3) (3 x**2) in VJP form gives ct * 6 x, the second derivative.
// TWICE-LABEL: func.func @ddg(%arg0: tensor<3xf64>, %arg1: tensor<f64>, %arg2: tensor<3xf64>) -> (tensor<f64>, tensor<3xf64>, tensor<3xf64>)
// TWICE:       tnp.mul
// TWICE:       return
func.func @g(%x: tensor<3xf64>) -> tensor<f64> {
  %s = tnp.mul %x, %x : tensor<3xf64>
  %c = tnp.mul %s, %x : tensor<3xf64>
  %r = tnp.reduce sum %c, axes = [0] : tensor<3xf64> -> tensor<f64>
  return %r : tensor<f64>
}
