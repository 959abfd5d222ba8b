// RUN: tnp-opt %s --tnp-autodiff=func=loss --canonicalize --cse --split-input-file | FileCheck %s

// d/dx sum(exp(x)) reuses the forward exp; the ones seed folds away.
// CHECK-LABEL: func.func @loss_grad(%arg0: tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>)
// CHECK-NEXT:  %[[E:.*]] = tnp.exp %arg0
// CHECK-NEXT:  %[[S:.*]] = tnp.reduce sum %[[E]]
// CHECK-NEXT:  return %[[S]], %[[E]]
func.func @loss(%x: tensor<3xf32>) -> tensor<f32> {
  %e = tnp.exp %x : tensor<3xf32>
  %s = tnp.reduce sum %e, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A broadcast operand's cotangent is summed over the broadcast dimensions
// and reshaped back; a dot_general's are dot_generals with the other
// operand, ordered so that they land in the operand's layout (no
// transpose here).
// CHECK-LABEL: func.func @loss_grad
// CHECK-SAME:  -> (tensor<f32>, tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x4xf32>)
// CHECK-NOT:   tnp.transpose
// CHECK-DAG:   tnp.dot_general %{{.*}}, %arg1, batch = [] x [], contracting = [1] x [1] : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<2x3xf32>
// CHECK-DAG:   tnp.dot_general %arg0, %{{.*}}, batch = [] x [], contracting = [0] x [0] : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
// CHECK-DAG:   %[[DB:.*]] = tnp.reduce sum %{{.*}}, axes = [0] : tensor<2x4xf32> -> tensor<4xf32>
// CHECK-DAG:   tnp.reshape %[[DB]] : (tensor<4xf32>) -> tensor<1x4xf32>
func.func @loss(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<1x4xf32>) -> tensor<f32> {
  %y = tnp.dot_general %x, %w, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %bb = tnp.broadcast_in_dim %b, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<2x4xf32>
  %z = tnp.add %y, %bb : tensor<2x4xf32>
  %t = tnp.tanh %z : tensor<2x4xf32>
  %s = tnp.reduce sum %t, axes = [0, 1] : tensor<2x4xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// Only float arguments are differentiated by default; the integer index
// takes no cotangent, and the gather's is a scatter-add into zeros.
// CHECK-LABEL: func.func @loss_grad(%arg0: tensor<5xf64>, %arg1: tensor<3x1xi64>) -> (tensor<f64>, tensor<5xf64>)
// CHECK:       %[[Z:.*]] = tnp.constant dense<0.000000e+00> : tensor<5xf64>
// CHECK:       tnp.scatter add %[[Z]][%arg1], %{{.*}}, axes = [0]
func.func @loss(%x: tensor<5xf64>, %i: tensor<3x1xi64>) -> tensor<f64> {
  %g = tnp.gather %x[%i], axes = [0] : (tensor<5xf64>, tensor<3x1xi64>) -> tensor<3xf64>
  %m = tnp.mul %g, %g : tensor<3xf64>
  %s = tnp.reduce sum %m, axes = [0] : tensor<3xf64> -> tensor<f64>
  return %s : tensor<f64>
}

// -----

// scf.if: the backward pass is an scf.if on the same condition whose
// branches recompute their forward values and yield the cotangents of the
// values they read from above.
// CHECK-LABEL: func.func @loss_grad
// CHECK:       %[[C:.*]] = tensor.extract
// CHECK:       scf.if %[[C]] -> (tensor<3xf32>)
// CHECK:       %[[BACK:.*]] = scf.if %[[C]] -> (tensor<3xf32>) {
// CHECK:         tnp.cos %arg0
// CHECK:         scf.yield
// CHECK:       } else {
// CHECK:         scf.yield
// CHECK:       }
// CHECK:       return %{{.*}}, %[[BACK]]
func.func @loss(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %c = tensor.extract %p[] : tensor<i1>
  %y = scf.if %c -> (tensor<3xf32>) {
    %s = tnp.sin %x : tensor<3xf32>
    scf.yield %s : tensor<3xf32>
  } else {
    %d = tnp.add %x, %x : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  }
  %s = tnp.reduce sum %y, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A loop with constant bounds is unrolled: two tanh steps, two backward.
// CHECK-LABEL: func.func @loss_grad
// CHECK-NOT:   scf.for
// CHECK-COUNT-2: tnp.tanh
// CHECK-NOT:   scf.for
func.func @loss(%x: tensor<3xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %y = scf.for %i = %c0 to %c2 step %c1 iter_args(%v = %x) -> (tensor<3xf32>) {
    %t = tnp.tanh %v : tensor<3xf32>
    scf.yield %t : tensor<3xf32>
  }
  %s = tnp.reduce sum %y, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A cotangent that no order of the product gives in the operand's layout
// is transposed into it: x is [contracting, batch-free, contracting].
// CHECK-LABEL: func.func @loss_grad
// CHECK:       %[[P:.*]] = tnp.dot_general %{{.*}}, %arg1, batch = [] x [], contracting = [] x [] : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<3x2x4xf32>
// CHECK:       tnp.transpose %[[P]], permutation = [1, 0, 2] : tensor<3x2x4xf32> -> tensor<2x3x4xf32>
func.func @loss(%x: tensor<2x3x4xf32>, %y: tensor<2x4xf32>) -> tensor<f32> {
  %d = tnp.dot_general %x, %y, batch = [] x [], contracting = [0, 2] x [0, 1] : (tensor<2x3x4xf32>, tensor<2x4xf32>) -> tensor<3xf32>
  %s = tnp.reduce sum %d, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// A sort's cotangent goes back through its permutation: the forward sort
// gives the permutation p as its `indices` result, and the cotangent of the
// sorted values, sorted by the keys p, lands where each value came from.
// CHECK-LABEL: func.func @loss_grad(%arg0: tensor<2x5xf32>) -> (tensor<f32>, tensor<2x5xf32>)
// CHECK:       %[[S:.*]]:2 = tnp.sort(%arg0) axis = 1 indices : tensor<2x5xf32>
// CHECK:       %[[U:.*]]:2 = tnp.sort(%[[S]]#1, %{{.*}}) axis = 1 : tensor<2x5xi64>, tensor<2x5xf32>
// CHECK:       return %{{.*}}, %[[U]]#1
func.func @loss(%x: tensor<2x5xf32>) -> tensor<f32> {
  %s:2 = tnp.sort(%x) axis = 1 indices : tensor<2x5xf32>
  %w = tnp.iota dim = 1 : tensor<2x5xf32>
  %p = tnp.mul %s#0, %w : tensor<2x5xf32>
  %r = tnp.reduce sum %p, axes = [0, 1] : tensor<2x5xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// nextafter passes x1's cotangent through (x2 only picks the direction);
// the real part of a real array is itself, its imaginary part a constant.
// CHECK-LABEL: func.func @loss_grad(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>, tensor<3xf32>)
// CHECK-DAG: %[[ZERO:.*]] = tnp.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK-DAG: %[[ONES:.*]] = tnp.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK: return %{{.*}}, %[[ONES]], %[[ZERO]]
func.func @loss(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<f32> {
  %n = tnp.nextafter %x, %y : tensor<3xf32>
  %r = tnp.real %n : tensor<3xf32>
  %i = tnp.imag %y : tensor<3xf32>
  %a = tnp.add %r, %i : tensor<3xf32>
  %s = tnp.reduce sum %a, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

