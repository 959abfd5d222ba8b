// RUN: tnp-opt %s --split-input-file --tnp-fold-view-accesses | FileCheck %s

// An argmax's chunked view of a row (whole chunks of 16, through a subview
// and an expand_shape) and the rest of the row (a subview at a dynamic
// offset): both index the row's buffer, and the store into a subview of the
// result too.
// CHECK-LABEL: func.func @views
// CHECK:       %[[WHOLE:.*]] = arith.muli
// CHECK:       affine.for %[[I:.*]] = 0 to
// CHECK:         affine.for %[[C:.*]] = 0 to
// CHECK:           affine.for %[[L:.*]] = 0 to 16 {
// CHECK:             affine.load %arg0[%[[I]], %[[L]] + %[[C]] * 16] : memref<?x?xf32>
// CHECK:       affine.for %[[I2:.*]] = 0 to
// CHECK:         affine.for %[[J:.*]] = 0 to
// CHECK:           affine.load %arg0[%[[I2]], %[[J]] + symbol(%[[WHOLE]])] : memref<?x?xf32>
// CHECK:       affine.for %[[K:.*]] = 0 to 8 {
// CHECK:         affine.store %{{.*}}, %arg3[%[[K]] + 1] : memref<9xf32>
func.func @views(%x: memref<?x?xf32>, %out: memref<?x16xf32>, %tail: memref<?xf32>, %flat: memref<9xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  %chunks = arith.divui %n, %c16 : index
  %whole = arith.muli %chunks, %c16 : index
  %rest = arith.subi %n, %whole : index
  %main = memref.subview %x[0, 0] [%m, %whole] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %chunked = memref.expand_shape %main [[0], [1, 2]] output_shape [%m, %chunks, 16] : memref<?x?xf32, strided<[?, 1]>> into memref<?x?x16xf32, strided<[?, 16, 1]>>
  affine.for %i = 0 to %m {
    affine.for %c = 0 to %chunks {
      affine.for %l = 0 to 16 {
        %v = affine.load %chunked[%i, %c, %l] : memref<?x?x16xf32, strided<[?, 16, 1]>>
        affine.store %v, %out[%i, %l] : memref<?x16xf32>
      }
    }
  }
  %end = memref.subview %x[0, %whole] [%m, %rest] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %rest {
      %v = affine.load %end[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      affine.store %v, %tail[%i] : memref<?xf32>
    }
  }
  %part = memref.subview %flat[1] [8] [1] : memref<9xf32> to memref<8xf32, strided<[1], offset: 1>>
  affine.for %j = 0 to 8 {
    %v = affine.load %tail[%j] : memref<?xf32>
    affine.store %v, %part[%j] : memref<8xf32, strided<[1], offset: 1>>
  }
  return
}

// -----

// A strided subview, and an expand_shape whose inner size is dynamic, stay.
// CHECK-LABEL: func.func @kept
// CHECK:       affine.load %[[EVERY2:.*]][%{{.*}}] : memref<4xf32, strided<[2]>>
// CHECK:       affine.load %[[EXPANDED:.*]][%{{.*}}, %{{.*}}] : memref<2x?xf32>
func.func @kept(%x: memref<8xf32>, %y: memref<?xf32>, %k: index, %out: memref<f32>) {
  %every2 = memref.subview %x[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %expanded = memref.expand_shape %y [[0, 1]] output_shape [2, %k] : memref<?xf32> into memref<2x?xf32>
  affine.for %j = 0 to 4 {
    %v = affine.load %every2[%j] : memref<4xf32, strided<[2]>>
    affine.store %v, %out[] : memref<f32>
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to %k {
      %v = affine.load %expanded[%i, %j] : memref<2x?xf32>
      affine.store %v, %out[] : memref<f32>
    }
  }
  return
}
