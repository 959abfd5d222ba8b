// RUN: tnp-opt %s --tnp-lower-to-linalg --split-input-file | FileCheck %s
// RUN: tnp-opt %s --tnp-cpu-pipeline --split-input-file | FileCheck %s --check-prefix=LLVM

// One operand sorts in place in a copy of itself: a runtime call per row,
// the rows in an scf.parallel, through memrefs of any offset and stride.
// CHECK-LABEL: func.func private @tnp_sort_float32(memref<?xf32, strided<[?], offset: ?>>)
// CHECK-LABEL: func.func @sort_rows
// CHECK:       %[[C:.*]] = linalg.copy ins(%arg0 : tensor<3x4xf32>)
// CHECK:       %[[B:.*]] = bufferization.to_buffer %[[C]] : tensor<3x4xf32> to memref<3x4xf32>
// CHECK:       scf.parallel (%[[R:.*]]) =
// CHECK:         %[[ROW:.*]] = memref.subview %[[B]][%[[R]], 0] [1, 4] [1, 1]
// CHECK:         %[[CAST:.*]] = memref.cast %[[ROW]]
// CHECK:         func.call @tnp_sort_float32(%[[CAST]])
// CHECK:       bufferization.to_tensor %[[B]] restrict writable
// LLVM-LABEL:  llvm.func @sort_rows
// LLVM:        llvm.call @tnp_sort_float32
func.func @sort_rows(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = tnp.sort(%x) axis = 1 : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// With indices (or more operands) the runtime writes the permutation of
// the keys, read in place (any layout); each result gathers its operand by
// it. Unsigned keys call their own function: the runtime orders them.
// CHECK-LABEL: func.func private @tnp_argsort_uint32(memref<?xi32, strided<[?], offset: ?>>, memref<?xi64, strided<[?], offset: ?>>)
// CHECK-LABEL: func.func @argsort_columns
// CHECK:       %[[K:.*]] = bufferization.to_buffer %arg0 read_only : tensor<?x4xi32> to memref<?x4xi32, strided<[?, ?], offset: ?>>
// CHECK:       %[[P:.*]] = bufferization.to_buffer %{{.*}} : tensor<?x4xi64> to memref<?x4xi64>
// CHECK:       scf.parallel (%[[COL:.*]]) =
// CHECK:         memref.subview %[[K]][0, %[[COL]]]
// CHECK:         func.call @tnp_argsort_uint32
// CHECK:       %[[PERM:.*]] = bufferization.to_tensor %[[P]] restrict writable
// CHECK:       linalg.generic {{.*}} ins(%[[PERM]] : tensor<?x4xi64>)
// CHECK:         %[[I:.*]] = arith.index_cast
// CHECK:         tensor.extract %arg0[%[[I]], %{{.*}}]
// CHECK:       linalg.generic {{.*}} ins(%[[PERM]] : tensor<?x4xi64>)
// CHECK:         tensor.extract %arg1
// CHECK:       return %{{.*}}, %{{.*}}, %[[PERM]]
func.func @argsort_columns(%x: tensor<?x4xui32>, %v: tensor<?x4xf64>) -> (tensor<?x4xui32>, tensor<?x4xf64>, tensor<?x4xi64>) {
  %0:3 = tnp.sort(%x, %v) axis = 0 indices : tensor<?x4xui32>, tensor<?x4xf64>
  return %0#0, %0#1, %0#2 : tensor<?x4xui32>, tensor<?x4xf64>, tensor<?x4xi64>
}

// -----

// A 1-d sort is one call, no loop.
// CHECK-LABEL: func.func @sort_bool
// CHECK-NOT:   scf.parallel
// CHECK:       call @tnp_sort_bool
func.func @sort_bool(%x: tensor<?xi1>) -> tensor<?xi1> {
  %0 = tnp.sort(%x) axis = 0 : tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

// An empty sort calls nothing: its results are its operands (and an empty
// permutation), with no row to take a view of.
// CHECK-LABEL: func.func @sort_empty
// CHECK-NOT:   call
// CHECK:       %[[E:.*]] = tensor.empty() : tensor<3x0xi64>
// CHECK:       return %arg0, %[[E]]
func.func @sort_empty(%x: tensor<3x0xf32>) -> (tensor<3x0xf32>, tensor<3x0xi64>) {
  %0:2 = tnp.sort(%x) axis = 1 indices : tensor<3x0xf32>
  return %0#0, %0#1 : tensor<3x0xf32>, tensor<3x0xi64>
}
