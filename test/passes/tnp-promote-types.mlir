// RUN: tnp-opt %s --tnp-promote-types --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @mixed_arrays
// CHECK-SAME: (%[[I:.*]]: tensor<4xi32>, %[[F:.*]]: tensor<4xf32>)
func.func @mixed_arrays(%i: tensor<4xi32>, %f: tensor<4xf32>) -> tensor<4xf64> {
  // CHECK-DAG: %[[A:.*]] = tnp.convert %[[I]] : (tensor<4xi32>) -> tensor<4xf64>
  // CHECK-DAG: %[[B:.*]] = tnp.convert %[[F]] : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK: tnp.add %[[A]], %[[B]] : tensor<4xf64>
  %0 = tnp.add %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Comparisons compute in the promoted dtype; the result stays bool.
// CHECK-LABEL: func.func @compare
// CHECK-SAME: (%[[I:.*]]: tensor<4xi64>, %[[U:.*]]: tensor<4xui64>)
func.func @compare(%i: tensor<4xi64>, %u: tensor<4xui64>) -> tensor<4xi1> {
  // CHECK-DAG: %[[A:.*]] = tnp.convert %[[I]] : (tensor<4xi64>) -> tensor<4xf64>
  // CHECK-DAG: %[[B:.*]] = tnp.convert %[[U]] : (tensor<4xui64>) -> tensor<4xf64>
  // CHECK: tnp.lt %[[A]], %[[B]] : tensor<4xf64>
  %0 = tnp.lt %i, %u : (tensor<4xi64>, tensor<4xui64>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Integers become float before a float-only op.
// CHECK-LABEL: func.func @inexact
// CHECK-SAME: (%[[I:.*]]: tensor<4xi16>)
func.func @inexact(%i: tensor<4xi16>) -> (tensor<4xf32>, tensor<4xf64>) {
  // CHECK: %[[A:.*]] = tnp.convert %[[I]] : (tensor<4xi16>) -> tensor<4xf32>
  // CHECK: tnp.exp %[[A]] : tensor<4xf32>
  %0 = tnp.exp %i : (tensor<4xi16>) -> tensor<4xf32>
  // CHECK: %[[B:.*]] = tnp.convert %[[I]] : (tensor<4xi16>) -> tensor<4xf64>
  // CHECK: tnp.div %[[B]], %[[B]] : tensor<4xf64>
  %1 = tnp.div %i, %i : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf32>, tensor<4xf64>
}

// -----

// A weak literal becomes a constant of the array's dtype, through its
// broadcast, instead of a convert.
// CHECK-LABEL: func.func @weak_literal
// CHECK-SAME: (%[[X:.*]]: tensor<?xf16>)
func.func @weak_literal(%x: tensor<?xf16>) -> tensor<?xf16> {
  %c = tnp.constant weak dense<2> : tensor<i64>
  %b = tnp.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<?xi64>
  // CHECK: %[[C:.*]] = tnp.constant dense<2.000000e+00> : tensor<f16>
  // CHECK: %[[B:.*]] = tnp.broadcast_in_dim %[[C]], dims = [] : (tensor<f16>) -> tensor<?xf16>
  // CHECK: tnp.mul %[[X]], %[[B]] : tensor<?xf16>
  // CHECK-NOT: tnp.convert
  %0 = tnp.mul %x, %b : (tensor<?xf16>, tensor<?xi64>) -> tensor<?xf16>
  return %0 : tensor<?xf16>
}

// -----

// select's predicate is not promoted; dot_general promotes both sides.
// CHECK-LABEL: func.func @select_and_dot
// CHECK-SAME: (%[[P:.*]]: tensor<2xi1>, %[[A:.*]]: tensor<2xi8>, %[[B:.*]]: tensor<2xui8>, %[[M:.*]]: tensor<2x2xf32>)
func.func @select_and_dot(%p: tensor<2xi1>, %a: tensor<2xi8>, %b: tensor<2xui8>, %m: tensor<2x2xf32>) -> (tensor<2xi16>, tensor<2xf32>) {
  // CHECK-DAG: %[[CA:.*]] = tnp.convert %[[A]] : (tensor<2xi8>) -> tensor<2xi16>
  // CHECK-DAG: %[[CB:.*]] = tnp.convert %[[B]] : (tensor<2xui8>) -> tensor<2xi16>
  // CHECK: tnp.select %[[P]], %[[CA]], %[[CB]] : tensor<2xi1>, tensor<2xi16>
  %0 = tnp.select %p, %a, %b : tensor<2xi1>, (tensor<2xi8>, tensor<2xui8>) -> tensor<2xi16>
  // CHECK: %[[CA2:.*]] = tnp.convert %[[A]] : (tensor<2xi8>) -> tensor<2xf32>
  // CHECK: tnp.dot_general %[[CA2]], %[[M]]
  %1 = tnp.dot_general %a, %m, batch = [] x [], contracting = [0] x [0] : (tensor<2xi8>, tensor<2x2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xi16>, tensor<2xf32>
}

// -----

// Homogeneous ops are left alone.
// CHECK-LABEL: func.func @homogeneous
func.func @homogeneous(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NOT: tnp.convert
  %0 = tnp.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
