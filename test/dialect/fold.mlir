// RUN: tnp-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @fold_int_arith
func.func @fold_int_arith() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) {
  %a = tnp.constant dense<[3, 2147483647]> : tensor<2xi32>
  %b = tnp.constant dense<[4, 1]> : tensor<2xi32>
  // Integer arithmetic wraps, as NumPy's does.
  // CHECK-DAG: tnp.constant dense<[7, -2147483648]> : tensor<2xi32>
  %0 = tnp.add %a, %b : tensor<2xi32>
  // CHECK-DAG: tnp.constant dense<[-1, 2147483646]> : tensor<2xi32>
  %1 = tnp.sub %a, %b : tensor<2xi32>
  // CHECK-DAG: tnp.constant dense<[12, 2147483647]> : tensor<2xi32>
  %2 = tnp.mul %a, %b : tensor<2xi32>
  // CHECK-DAG: tnp.constant dense<[-3, -2147483647]> : tensor<2xi32>
  %3 = tnp.neg %a : tensor<2xi32>
  // CHECK-NOT: tnp.add
  // CHECK-NOT: tnp.neg
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @fold_float_arith
func.func @fold_float_arith() -> (tensor<f16>, tensor<f32>) {
  // f16 rounds in f16: 2048 + 1 is 2048.
  // CHECK-DAG: tnp.constant dense<2.048000e+03> : tensor<f16>
  %a = tnp.constant dense<2048.0> : tensor<f16>
  %b = tnp.constant dense<1.0> : tensor<f16>
  %0 = tnp.add %a, %b : tensor<f16>
  // CHECK-DAG: tnp.constant dense<-1.500000e+00> : tensor<f32>
  %c = tnp.constant dense<1.5> : tensor<f32>
  %1 = tnp.neg %c : tensor<f32>
  return %0, %1 : tensor<f16>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @fold_not
func.func @fold_not() -> (tensor<2xi1>, tensor<ui8>) {
  // CHECK-DAG: tnp.constant dense<[false, true]> : tensor<2xi1>
  %a = tnp.constant dense<[true, false]> : tensor<2xi1>
  %0 = tnp.not %a : tensor<2xi1>
  // CHECK-DAG: tnp.constant dense<250> : tensor<ui8>
  %b = tnp.constant dense<5> : tensor<ui8>
  %1 = tnp.not %b : tensor<ui8>
  return %0, %1 : tensor<2xi1>, tensor<ui8>
}

// -----

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32>, %[[F:.*]]: tensor<4xf32>)
func.func @identities(%i: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %zi = tnp.constant dense<0> : tensor<4xi32>
  %zf = tnp.constant dense<0.0> : tensor<4xf32>
  %one = tnp.constant dense<1.0> : tensor<4xf32>
  %0 = tnp.add %i, %zi : tensor<4xi32>
  // x + 0.0 is not x for x = -0.0, so it stays.
  // CHECK: %[[KEEP:.*]] = tnp.add %[[F]], %{{.*}} : tensor<4xf32>
  %1 = tnp.add %f, %zf : tensor<4xf32>
  %2 = tnp.sub %f, %zf : tensor<4xf32>
  %3 = tnp.mul %f, %one : tensor<4xf32>
  // CHECK: return %[[I]], %[[KEEP]], %[[F]], %[[F]]
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Mixed dtypes are not folded: the arithmetic happens in the promoted dtype.
// CHECK-LABEL: func.func @mixed_not_folded
func.func @mixed_not_folded() -> tensor<f64> {
  %a = tnp.constant dense<1> : tensor<i32>
  %b = tnp.constant dense<2.5> : tensor<f32>
  // CHECK: tnp.add %{{.*}}, %{{.*}} : (tensor<i32>, tensor<f32>) -> tensor<f64>
  %0 = tnp.add %a, %b : (tensor<i32>, tensor<f32>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[P:.*]]: tensor<3xi1>, %[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>)
func.func @select(%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = tnp.select %p, %a, %a : tensor<3xi1>, tensor<3xf32>
  %f = tnp.constant dense<false> : tensor<3xi1>
  %1 = tnp.select %f, %a, %b : tensor<3xi1>, tensor<3xf32>
  // CHECK-NOT: tnp.select
  // CHECK: return %[[A]], %[[B]]
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @convert
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>)
func.func @convert(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<2xi8>, tensor<2xi1>, tensor<2xi64>) {
  %0 = tnp.convert %x : (tensor<3xf32>) -> tensor<3xf32>
  %c = tnp.constant dense<300> : tensor<2xi32>
  // CHECK-DAG: tnp.constant dense<44> : tensor<2xi8>
  %1 = tnp.convert %c : (tensor<2xi32>) -> tensor<2xi8>
  // CHECK-DAG: tnp.constant dense<true> : tensor<2xi1>
  %2 = tnp.convert %c : (tensor<2xi32>) -> tensor<2xi1>
  %m = tnp.constant dense<-1> : tensor<2xi8>
  // CHECK-DAG: tnp.constant dense<-1> : tensor<2xi64>
  %3 = tnp.convert %m : (tensor<2xi8>) -> tensor<2xi64>
  // CHECK: return %[[X]]
  return %0, %1, %2, %3 : tensor<3xf32>, tensor<2xi8>, tensor<2xi1>, tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @data_movement
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @data_movement(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x3xf32>) {
  %0 = tnp.transpose %x, permutation = [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  %1 = tnp.slice %x, start = [0, 0], limit = [2, 3], strides = [1, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = tnp.reverse %x, dims = [] : tensor<2x3xf32> -> tensor<2x3xf32>
  %3 = tnp.concatenate (%x), dim = 0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // A reshape of a reshape reads the original.
  // CHECK: %[[R:.*]] = tnp.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = tnp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %4 = tnp.reshape %r : (tensor<6xf32>) -> tensor<3x2xf32>
  %5 = tnp.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[R]], %[[X]]
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x2xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @constant_shapes
func.func @constant_shapes() -> (tensor<2x3xf32>, tensor<3x2xi32>) {
  %s = tnp.constant dense<1.0> : tensor<f32>
  // CHECK-DAG: tnp.constant dense<1.000000e+00> : tensor<2x3xf32>
  %0 = tnp.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %c = tnp.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  // CHECK-DAG: tnp.constant dense<{{\[}}[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %1 = tnp.reshape %c : (tensor<6xi32>) -> tensor<3x2xi32>
  // CHECK-NOT: tnp.broadcast_in_dim
  // CHECK-NOT: tnp.reshape
  return %0, %1 : tensor<2x3xf32>, tensor<3x2xi32>
}

// -----

// Weak literals keep their weakness: they are not merged with a strong
// constant of the same value, nor folded into a broadcast or an add.
// CHECK-LABEL: func.func @weak_literals
func.func @weak_literals(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i64>, tensor<i64>) {
  // CHECK-DAG: %[[WEAK:.*]] = tnp.constant weak dense<2> : tensor<i64>
  // CHECK-DAG: %[[STRONG:.*]] = tnp.constant dense<2> : tensor<i64>
  %w = tnp.constant weak dense<2> : tensor<i64>
  %s = tnp.constant dense<2> : tensor<i64>
  // CHECK: %[[B:.*]] = tnp.broadcast_in_dim %[[WEAK]], dims = [] : (tensor<i64>) -> tensor<2xi64>
  %b = tnp.broadcast_in_dim %w, dims = [] : (tensor<i64>) -> tensor<2xi64>
  // CHECK: tnp.mul %{{.*}}, %[[B]] : (tensor<2xf32>, tensor<2xi64>) -> tensor<2xf32>
  %0 = tnp.mul %x, %b : (tensor<2xf32>, tensor<2xi64>) -> tensor<2xf32>
  // CHECK: tnp.add %[[WEAK]], %[[WEAK]] : tensor<i64>
  %1 = tnp.add %w, %w : tensor<i64>
  return %0, %1, %s : tensor<2xf32>, tensor<i64>, tensor<i64>
}

// -----

// A weak literal broadcast to a dynamic shape stays (and folding it, which
// reads the literal through m_Constant, does not crash).
// CHECK-LABEL: func.func @weak_dynamic_broadcast
// CHECK:       %[[W:.*]] = tnp.constant weak dense<0> : tensor<i64>
// CHECK:       tnp.broadcast_in_dim %[[W]], dims = [] : (tensor<i64>) -> tensor<?x4xi64>
func.func @weak_dynamic_broadcast(%x: tensor<?x4xf32>) -> tensor<?x4xi64> {
  %c = tnp.constant weak dense<0> : tensor<i64>
  %b = tnp.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<?x4xi64>
  return %b : tensor<?x4xi64>
}
