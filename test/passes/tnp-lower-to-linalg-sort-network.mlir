// RUN: tnp-opt %s --tnp-lower-to-linalg=runtime-sorts=false --split-input-file | FileCheck %s

// Without the runtime's sorts (GPU kernels, mlir-runner), rows sort by a
// network in buffers of the lowering's own: the keys' copy and an iota
// permutation, which each comparator moves with the keys (stable ties).
// Phases while their runs are shorter than a row, each phase's steps in a
// for loop, each step one scf.parallel whose comparator dimension takes
// the axis's place (the columns stay innermost). Unsigned keys compare
// unsigned; the other operands gather by the permutation.
// CHECK-LABEL: func.func @sort_columns
// CHECK-NOT:   call
// CHECK:       %[[K:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xi8>
// CHECK:       %[[IN:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK:       memref.copy %[[IN]], %[[K]]
// CHECK:       %[[P:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xi64>
// CHECK:       linalg.generic {{.*}} outs(%[[P]] : memref<?x?xi64>)
// CHECK:         linalg.index 0
// CHECK:       %[[N:.*]] = memref.dim %[[K]], %c0
// CHECK:       scf.while (%[[PHASE:.*]] = %c1
// CHECK:         %[[SPAN:.*]] = arith.shli
// CHECK:         arith.cmpi ult, %[[SPAN]], %[[N]]
// CHECK:       } do {
// CHECK:         scf.for %[[STEP:.*]] = %{{.*}} to %{{.*}} step
// CHECK:           %[[COLS:.*]] = memref.dim %[[K]], %c1
// CHECK:           scf.parallel (%[[I:.*]], %[[COL:.*]]) = ({{.*}}) to (%{{.*}}, %[[COLS]])
// CHECK:             %[[L:.*]] = arith.select
// CHECK:             scf.if
// CHECK:               %[[KI:.*]] = memref.load %[[K]][%[[LO:.*]], %[[COL]]]
// CHECK:               %[[KL:.*]] = memref.load %[[K]][%[[L]], %[[COL]]]
// CHECK:               arith.cmpi ult, %[[KL]], %[[KI]] : i8
// CHECK:               memref.load %[[P]]
// CHECK:               scf.if
// CHECK:                 memref.store %[[KL]], %[[K]][%[[LO]], %[[COL]]]
// CHECK:                 memref.store %[[KI]], %[[K]][%[[L]], %[[COL]]]
// CHECK:       %[[SORTED:.*]] = bufferization.to_tensor %[[K]] restrict writable
// CHECK:       %[[PERM:.*]] = bufferization.to_tensor %[[P]] restrict writable
// CHECK:       %[[V:.*]] = linalg.generic {{.*}} ins(%[[PERM]] : tensor<?x?xi64>)
// CHECK:         tensor.extract %arg1
// CHECK:       return %[[SORTED]], %[[V]]
func.func @sort_columns(%x: tensor<?x?xui8>, %v: tensor<?x?xf32>) -> (tensor<?x?xui8>, tensor<?x?xf32>) {
  %0:2 = tnp.sort(%x, %v) axis = 0 : tensor<?x?xui8>, tensor<?x?xf32>
  return %0#0, %0#1 : tensor<?x?xui8>, tensor<?x?xf32>
}

// -----

// Equal integers are one value: a sort of integers alone moves no
// permutation.
// CHECK-LABEL: func.func @sort_ints
// CHECK-NOT:   memref<?xi64>
// CHECK:       arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-NOT:   memref<?xi64>
// CHECK:       return
func.func @sort_ints(%x: tensor<?xi32>) -> tensor<?xi32> {
  %0 = tnp.sort(%x) axis = 0 : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

// Floats order NaNs last (olt, or a NaN against a number) and ties by
// position; 16-bit floats compare as float32. The upper key L swaps down
// when it sorts before the lower one I.
// CHECK-LABEL: func.func @sort_halves
// CHECK:       %[[L:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:       %[[I:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK-DAG:   arith.cmpf olt, %[[L]], %[[I]]
// CHECK-DAG:   arith.cmpf uno, %[[I]], %[[I]]
// CHECK-DAG:   arith.cmpf ord, %[[L]], %[[L]]
// CHECK:       arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK:       return
func.func @sort_halves(%x: tensor<?xf16>) -> tensor<?xf16> {
  %0 = tnp.sort(%x) axis = 0 : tensor<?xf16>
  return %0 : tensor<?xf16>
}
