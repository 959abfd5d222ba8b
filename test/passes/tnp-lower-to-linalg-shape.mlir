// RUN: tnp-opt %s --tnp-lower-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @reshape_collapse
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
func.func @reshape_collapse(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  // CHECK: %[[R:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  // CHECK: return %[[R]]
  %0 = tnp.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// The one dynamic size is the element count over the static sizes; uint
// becomes signless.
// CHECK-LABEL: func.func @reshape_expand_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xi8>) -> tensor<?x2x2xi8>
func.func @reshape_expand_dynamic(%x: tensor<?x4xui8>) -> tensor<?x2x2xui8> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x4xi8>
  // CHECK: %[[COUNT:.*]] = arith.muli %[[D]], %{{.*}} : index
  // CHECK: %[[N:.*]] = arith.divui %[[COUNT]], %{{.*}} : index
  // CHECK: tensor.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [%[[N]], 2, 2] : tensor<?x4xi8> into tensor<?x2x2xi8>
  %0 = tnp.reshape %x : (tensor<?x4xui8>) -> tensor<?x2x2xui8>
  return %0 : tensor<?x2x2xui8>
}

// -----

// Neither a collapse nor an expansion: through the flat array.
// CHECK-LABEL: func.func @reshape_general
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi32>)
func.func @reshape_general(%x: tensor<2x3xi32>) -> tensor<3x2xi32> {
  // CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1]] : tensor<2x3xi32> into tensor<6xi32>
  // CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [3, 2] : tensor<6xi32> into tensor<3x2xi32>
  %0 = tnp.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// Collapsing dims 1 and 2 would assume x's dim 2 is 2 (1x3x4 -> 2x6 is also
// valid): the two dynamic groups go through the flat array.
// CHECK-LABEL: func.func @reshape_dynamic_groups
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x?xf32>)
func.func @reshape_dynamic_groups(%x: tensor<?x3x?xf32>) -> tensor<?x6xf32> {
  // CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<?x3x?xf32> into tensor<?xf32>
  // CHECK: %[[N:.*]] = arith.divui
  // CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [%[[N]], 6] : tensor<?xf32> into tensor<?x6xf32>
  %0 = tnp.reshape %x : (tensor<?x3x?xf32>) -> tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_refines
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
func.func @reshape_refines(%x: tensor<?xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[S:.*]] = tensor.cast %[[X]] : tensor<?xf32> to tensor<6xf32>
  // CHECK: tensor.expand_shape %[[S]] {{\[}}[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %0 = tnp.reshape %x : (tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_rank0
// CHECK-SAME: (%[[X:.*]]: tensor<1x?xf32>, %[[S:.*]]: tensor<f32>)
func.func @reshape_rank0(%x: tensor<1x?xf32>, %s: tensor<f32>) -> (tensor<f32>, tensor<1x?xf32>) {
  // CHECK: %[[ONES:.*]] = tensor.cast %[[X]] : tensor<1x?xf32> to tensor<1x1xf32>
  // CHECK: %[[A:.*]] = tensor.collapse_shape %[[ONES]] [] : tensor<1x1xf32> into tensor<f32>
  %0 = tnp.reshape %x : (tensor<1x?xf32>) -> tensor<f32>
  // CHECK: %[[E:.*]] = tensor.expand_shape %[[S]] [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  // CHECK: %[[B:.*]] = tensor.cast %[[E]] : tensor<1x1xf32> to tensor<1x?xf32>
  %1 = tnp.reshape %s : (tensor<f32>) -> tensor<1x?xf32>
  // CHECK: return %[[A]], %[[B]]
  return %0, %1 : tensor<f32>, tensor<1x?xf32>
}

// -----

func.func @reshape_two_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?x2xf32> {
  // expected-error @+2 {{cannot lower: result type 'tensor<?x?x2xf32>' has 2 dynamic dimensions; at most one follows from the element count}}
  // expected-error @+1 {{failed to legalize operation 'tnp.reshape'}}
  %0 = tnp.reshape %x : (tensor<?x?xf32>) -> tensor<?x?x2xf32>
  return %0 : tensor<?x?x2xf32>
}

// -----

func.func @reshape_size0(%x: tensor<0x3xf32>) -> tensor<0x?xf32> {
  // expected-error @+2 {{the dynamic dimension of result type 'tensor<0x?xf32>' does not follow from a size-0 operand}}
  // expected-error @+1 {{failed to legalize operation 'tnp.reshape'}}
  %0 = tnp.reshape %x : (tensor<0x3xf32>) -> tensor<0x?xf32>
  return %0 : tensor<0x?xf32>
}

// -----

// The same type is no identity: 2x3 -> 3x2 also has it.
func.func @reshape_same_dynamic_type(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @+2 {{result type 'tensor<?x?xf32>' has 2 dynamic dimensions}}
  // expected-error @+1 {{failed to legalize operation 'tnp.reshape'}}
  %0 = tnp.reshape %x : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @reshape_count(%x: tensor<6xui8>) -> tensor<?x4xui8> {
  // expected-error @+2 {{cannot reshape 'tensor<6xui8>' into 'tensor<?x4xui8>'}}
  // expected-error @+1 {{failed to legalize operation 'tnp.reshape'}}
  %0 = tnp.reshape %x : (tensor<6xui8>) -> tensor<?x4xui8>
  return %0 : tensor<?x4xui8>
}

// -----

func.func @reshape_count_to_static(%x: tensor<2x?xf32>) -> tensor<f32> {
  // expected-error @+2 {{cannot reshape 'tensor<2x?xf32>' into 'tensor<f32>'}}
  // expected-error @+1 {{failed to legalize operation 'tnp.reshape'}}
  %0 = tnp.reshape %x : (tensor<2x?xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// One dynamic dimension and the same type: the same sizes.
// CHECK-LABEL: func.func @reshape_identity
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
func.func @reshape_identity(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // CHECK-NEXT: return %[[X]]
  %0 = tnp.reshape %x : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xi16>)
func.func @transpose(%x: tensor<?x3x4xui16>) -> tensor<4x?x3xui16> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3x4xi16>
  // CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<4x?x3xi16>
  // CHECK: linalg.transpose ins(%[[X]] : tensor<?x3x4xi16>) outs(%[[E]] : tensor<4x?x3xi16>) permutation = [2, 0, 1]
  %0 = tnp.transpose %x, permutation = [2, 0, 1] : tensor<?x3x4xui16> -> tensor<4x?x3xui16>
  return %0 : tensor<4x?x3xui16>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[X:.*]]: tensor<?x6xf32>, %[[Y:.*]]: tensor<3x4xi1>)
func.func @slice(%x: tensor<?x6xf32>, %y: tensor<3x4xi1>) -> (tensor<2x4xf32>, tensor<3x0xi1>) {
  // CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][0, 1] [2, 4] [2, 1] : tensor<?x6xf32> to tensor<2x4xf32>
  %0 = tnp.slice %x, start = [0, 1], limit = [4, 5], strides = [2, 1] : tensor<?x6xf32> -> tensor<2x4xf32>
  // An empty slice at the end, [4, 4), is no tensor.extract_slice: its
  // offset would be out of bounds.
  // CHECK-NOT: tensor.extract_slice
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<3x0xi1>
  %1 = tnp.slice %y, start = [0, 4], limit = [3, 4], strides = [1, 1] : tensor<3x4xi1> -> tensor<3x0xi1>
  // CHECK: return %[[S]], %[[E]]
  return %0, %1 : tensor<2x4xf32>, tensor<3x0xi1>
}

// -----

// CHECK-LABEL: func.func @reverse
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>)
func.func @reverse(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<4x?xf32>
  // CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<4x?xf32>
  // CHECK: %[[C3:.*]] = arith.constant 3 : index
  // CHECK: %[[D1:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<4x?xf32>
  // CHECK: %[[LAST:.*]] = arith.subi %[[D1]], %{{.*}} : index
  // CHECK: linalg.generic
  // CHECK-SAME: iterator_types = ["parallel", "parallel"]
  // CHECK-SAME: outs(%[[E]] : tensor<4x?xf32>)
  // CHECK: %[[I:.*]] = linalg.index 0 : index
  // CHECK: %[[RI:.*]] = arith.subi %[[C3]], %[[I]]
  // CHECK: %[[J:.*]] = linalg.index 1 : index
  // CHECK: %[[RJ:.*]] = arith.subi %[[LAST]], %[[J]]
  // CHECK: %[[V:.*]] = tensor.extract %[[X]][%[[RI]], %[[RJ]]] : tensor<4x?xf32>
  // CHECK: linalg.yield %[[V]] : f32
  %0 = tnp.reverse %x, dims = [0, 1] : tensor<4x?xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// CHECK-LABEL: func.func @reverse_one_dim
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>)
func.func @reverse_one_dim(%x: tensor<2x3xi64>) -> tensor<2x3xi64> {
  // CHECK: %[[I:.*]] = linalg.index 0 : index
  // CHECK: %[[J:.*]] = linalg.index 1 : index
  // CHECK: %[[RJ:.*]] = arith.subi %{{.*}}, %[[J]]
  // CHECK: tensor.extract %[[X]][%[[I]], %[[RJ]]] : tensor<2x3xi64>
  %0 = tnp.reverse %x, dims = [1] : tensor<2x3xi64> -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xi8>, %[[B:.*]]: tensor<?x3xi8>, %[[Z:.*]]: tensor<0x3xi8>)
func.func @concatenate(%a: tensor<2x3xui8>, %b: tensor<?x3xui8>, %z: tensor<0x3xui8>) -> tensor<?x3xui8> {
  // Inputs empty along the dimension are dropped; the others are inserted
  // into one tensor.empty, A's 2 rows first.
  // CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x3xi8>
  // CHECK: %[[S:.*]] = tensor.insert_slice %[[A]] into %[[E]][0, 0] [2, 3] [1, 1]
  // CHECK: %[[N:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?x3xi8>
  // CHECK: %[[C:.*]] = tensor.insert_slice %[[B]] into %[[S]][%{{.*}}, 0] [%[[N]], 3] [1, 1]
  // CHECK-NOT: tensor.insert_slice
  // CHECK: return %[[C]]
  %0 = tnp.concatenate (%a, %z, %b), dim = 0 : (tensor<2x3xui8>, tensor<0x3xui8>, tensor<?x3xui8>) -> tensor<?x3xui8>
  return %0 : tensor<?x3xui8>
}

// -----

// CHECK-LABEL: func.func @concatenate_one
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[Z:.*]]: tensor<2x0xf32>)
func.func @concatenate_one(%a: tensor<2x3xf32>, %z: tensor<2x0xf32>) -> tensor<2x3xf32> {
  // CHECK-NOT: tensor.insert_slice
  // CHECK: return %[[A]]
  %0 = tnp.concatenate (%z, %a), dim = 1 : (tensor<2x0xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// lax.pad semantics: low = [1, 0], high = [0, -1], interior = [0, 1] makes
// 2x3 into 3x4: columns land at 0, 2, 4 and the last is cropped. The fill
// reads the padding value in its loop (a broadcast of the 0-d operand): on
// a GPU that is in the kernel, where the value is.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>)
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x4xf32> {
  // CHECK-NOT: tensor.extract %[[V]]
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<3x4xf32>
  // CHECK: %[[F:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%[[V]] : tensor<f32>) outs(%[[E]] : tensor<3x4xf32>)
  // CHECK: %[[K:.*]] = tensor.extract_slice %[[X]][0, 0] [2, 2] [1, 1] : tensor<2x3xf32> to tensor<2x2xf32>
  // CHECK: %[[R:.*]] = tensor.insert_slice %[[K]] into %[[F]][1, 0] [2, 2] [1, 2] : tensor<2x2xf32> into tensor<3x4xf32>
  // CHECK: return %[[R]]
  %0 = tnp.pad %x, %v, low = [1, 0], high = [0, -1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// A negative low drops the first ceil(1 / 3) elements; the rest land from 2
// on, every 3rd.
// CHECK-LABEL: func.func @pad_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xi8>, %[[V:.*]]: tensor<i8>)
func.func @pad_dynamic(%x: tensor<?xui8>, %v: tensor<ui8>) -> tensor<?xui8> {
  // size = n + max(n - 1, 0) * 2 + (-1 + 2)
  // CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xi8>
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[C1:.*]] = arith.constant 1 : index
  // CHECK: %[[NM1:.*]] = arith.subi %[[N]], %[[C1]]
  // CHECK: %[[GAPS:.*]] = arith.maxsi %[[NM1]], %[[C0]]
  // CHECK: %[[C2:.*]] = arith.constant 2 : index
  // CHECK: %[[INTERIOR:.*]] = arith.muli %[[GAPS]], %[[C2]]
  // CHECK: %[[S0:.*]] = arith.addi %[[N]], %[[INTERIOR]]
  // CHECK: %[[SIZE:.*]] = arith.addi %[[S0]], %{{.*}} : index
  // kept = max(n - 1, 0)
  // CHECK: %[[DROP:.*]] = arith.subi %[[N]], %{{.*}} : index
  // CHECK: %[[KEPT:.*]] = arith.maxsi %[[DROP]], %{{.*}} : index
  // CHECK: %[[E:.*]] = tensor.empty(%[[SIZE]]) : tensor<?xi8>
  // CHECK: %[[F:.*]] = linalg.generic {{.*}} ins(%[[V]] : tensor<i8>) outs(%[[E]] : tensor<?xi8>)
  // CHECK: %[[K:.*]] = tensor.extract_slice %[[X]][1] [%[[KEPT]]] [1]
  // CHECK: tensor.insert_slice %[[K]] into %[[F]][2] [%[[KEPT]]] [3] : tensor<?xi8> into tensor<?xi8>
  %0 = tnp.pad %x, %v, low = [-1], high = [2], interior = [2] : (tensor<?xui8>, tensor<ui8>) -> tensor<?xui8>
  return %0 : tensor<?xui8>
}

// -----

// Everything cropped: the result is the padding value only.
// CHECK-LABEL: func.func @pad_cropped_away
func.func @pad_cropped_away(%x: tensor<3x4xi1>, %v: tensor<i1>) -> tensor<1x4xi1> {
  // CHECK: %[[F:.*]] = linalg.generic
  // CHECK-NOT: tensor.insert_slice
  // CHECK: return %[[F]]
  %0 = tnp.pad %x, %v, low = [-3, 0], high = [1, 0], interior = [0, 0] : (tensor<3x4xi1>, tensor<i1>) -> tensor<1x4xi1>
  return %0 : tensor<1x4xi1>
}

// -----

// A slice to the end of a dynamic dimension (limit -2^63) keeps its size.
// CHECK-LABEL: func.func @slice_to_end
// CHECK: %[[N:.*]] = tensor.dim %arg0, %c0
// CHECK: tensor.extract_slice %arg0[0, 2] [%[[N]], 3] [1, 1] : tensor<?x6xf32> to tensor<?x3xf32>
func.func @slice_to_end(%x: tensor<?x6xf32>) -> tensor<?x3xf32> {
  %0 = tnp.slice %x, start = [0, 2], limit = [-9223372036854775808, 5], strides = [1, 1] : tensor<?x6xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
