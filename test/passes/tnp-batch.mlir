// RUN: tnp-opt %s --tnp-batch="func=f in-axes=0,-1 size=8" --canonicalize --split-input-file | FileCheck %s

// An unbatched operand stays unbatched where the op allows: the weights of
// a product, a bias broadcast once into the batched shape.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<8x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<8xf32>
// CHECK-NEXT:  %[[P:.*]] = tnp.dot_general %arg0, %arg1, batch = [] x [], contracting = [1] x [0] : (tensor<8x3xf32>, tensor<3x2xf32>) -> tensor<8x2xf32>
// CHECK-NEXT:  %[[E:.*]] = tnp.exp %[[P]] : tensor<8x2xf32>
// CHECK-NEXT:  %[[S:.*]] = tnp.reduce sum %[[E]], axes = [1] : tensor<8x2xf32> -> tensor<8xf32>
// CHECK-NEXT:  return %[[S]]
func.func @f(%x: tensor<3xf32>, %w: tensor<3x2xf32>) -> tensor<f32> {
  %y = tnp.dot_general %x, %w, batch = [] x [], contracting = [0] x [0] : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
  %e = tnp.exp %y : tensor<2xf32>
  %s = tnp.reduce sum %e, axes = [0] : tensor<2xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// Both operands batched: one more batch dimension of the product. A gather
// from a batched table addresses the batch with an iota column.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<8x2x3xf32>, %arg1: tensor<4x1xi64>) -> tensor<8x4x3xf32>
// CHECK:       %[[M:.*]] = tnp.dot_general %arg0, %arg0, batch = [0] x [0], contracting = [1] x [1] : (tensor<8x2x3xf32>, tensor<8x2x3xf32>) -> tensor<8x3x3xf32>
// CHECK:       %[[I:.*]] = tnp.iota dim = 0 : tensor<8x4x1xi64>
// CHECK:       %[[C:.*]] = tnp.concatenate(%[[I]], %{{.*}}), dim = 2
// CHECK:       tnp.gather %[[M]][%[[C]]], axes = [0, 1] : (tensor<8x3x3xf32>, tensor<8x4x2xi64>) -> tensor<8x4x3xf32>
func.func @f(%x: tensor<2x3xf32>, %i: tensor<4x1xi64>) -> tensor<4x3xf32> {
  %m = tnp.dot_general %x, %x, batch = [] x [], contracting = [0] x [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  %g = tnp.gather %m[%i], axes = [0] : (tensor<3x3xf32>, tensor<4x1xi64>) -> tensor<4x3xf32>
  return %g : tensor<4x3xf32>
}

// -----

// A per-element condition: both branches run, a select picks.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<8x3xf32>, %arg1: tensor<i1>) -> tensor<8x3xf32>
// CHECK-NOT:   scf.if
// CHECK:       %[[P:.*]] = tnp.gt %{{.*}}, %{{.*}} : tensor<8xf32>
// CHECK:       %[[M:.*]] = tnp.broadcast_in_dim %[[P]], dims = [0] : (tensor<8xi1>) -> tensor<8x3xi1>
// CHECK:       tnp.select %[[M]], %{{.*}}, %{{.*}} : tensor<8x3xi1>, tensor<8x3xf32>
func.func @f(%x: tensor<3xf32>, %unused: tensor<i1>) -> tensor<3xf32> {
  %s = tnp.reduce sum %x, axes = [0] : tensor<3xf32> -> tensor<f32>
  %zero = tnp.constant dense<0.0> : tensor<f32>
  %p = tnp.gt %s, %zero : tensor<f32>
  %c = tensor.extract %p[] : tensor<i1>
  %r = scf.if %c -> (tensor<3xf32>) {
    %d = tnp.add %x, %x : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  } else {
    %n = tnp.neg %x : tensor<3xf32>
    scf.yield %n : tensor<3xf32>
  }
  return %r : tensor<3xf32>
}

// -----

// A batch of keys: one more leading key dimension of random_bits.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<8x2xui32>, %arg1: tensor<i1>) -> tensor<8x3xui32>
// CHECK-NEXT:  tnp.random_bits %arg0 : (tensor<8x2xui32>) -> tensor<8x3xui32>
func.func @f(%key: tensor<2xui32>, %unused: tensor<i1>) -> tensor<3xui32> {
  %b = tnp.random_bits %key : (tensor<2xui32>) -> tensor<3xui32>
  return %b : tensor<3xui32>
}

// -----

// A sort batches along the axis past the batch; an unbatched operand it
// carries along is broadcast into the batch first.
// CHECK-LABEL: func.func @f_batched(%arg0: tensor<8x4xf32>, %arg1: tensor<4xi64>) -> (tensor<8x4xf32>, tensor<8x4xi64>)
// CHECK:       %[[B:.*]] = tnp.broadcast_in_dim %arg1, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
// CHECK:       %[[S:.*]]:3 = tnp.sort(%arg0, %[[B]]) axis = 1 indices : tensor<8x4xf32>, tensor<8x4xi64>
// CHECK:       return %[[S]]#0, %[[S]]#2
func.func @f(%x: tensor<4xf32>, %v: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi64>) {
  %s:3 = tnp.sort(%x, %v) axis = 0 indices : tensor<4xf32>, tensor<4xi64>
  return %s#0, %s#2 : tensor<4xf32>, tensor<4xi64>
}
