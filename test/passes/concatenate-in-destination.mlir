// RUN: tnp-opt %s --tnp-lower-to-linalg --eliminate-empty-tensors --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --canonicalize | FileCheck %s

// A concatenation written into the caller's buffer, as the runtime's
// calling convention passes it: each input is copied once, into its rows of
// the destination, with no allocation of its own (a tensor.concat would
// allocate its result and copy it again).
// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[OUT:.*]]: memref<?x?xf32>)
// CHECK-NOT: memref.alloc
// CHECK: %[[TOP:.*]] = memref.subview %[[OUT]][0, 0]
// CHECK: memref.copy %[[A]], %[[TOP]]
// CHECK: %[[BOTTOM:.*]] = memref.subview %[[OUT]][%{{.*}}, 0]
// CHECK: memref.copy %[[B]], %[[BOTTOM]]
// CHECK-NOT: memref.copy
// CHECK: return
func.func @concatenate(%a: tensor<?x?xf32> {bufferization.writable = false},
                       %b: tensor<?x?xf32> {bufferization.writable = false},
                       %out: memref<?x?xf32>) {
  %r = tnp.concatenate (%a, %b), dim = 0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
