// RUN: tnp-opt %s --split-input-file --tnp-fold-view-accesses | FileCheck %s
// RUN: tnp-opt %s --split-input-file --tnp-fold-view-accesses --tnp-fuse-loops | FileCheck %s --check-prefix=FUSE

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

// -----

// A softmax's row maxima, written as [4096] and read back as [4096, 1]:
// the read indexes the maxima themselves, and the view, left unused, goes,
// so that it no longer stands between the two nests (tnp-fuse-loops then
// joins them: fold-then-fuse below). A view still used stays.
// CHECK-LABEL: func.func @unused_views
// CHECK:       affine.for %[[I:.*]] = 0 to 4096 {
// CHECK:         affine.store %{{.*}}, %[[M:.*]][%[[I]]] : memref<4096xf32>
// CHECK:       }
// CHECK-NEXT:  affine.for %[[R:.*]] = 0 to 4096 {
// CHECK:         affine.load %[[M]][%[[R]]] : memref<4096xf32>
// CHECK:       %[[KEPT:.*]] = memref.expand_shape
// CHECK:       return %[[KEPT]]
// FUSE-LABEL:  func.func @unused_views
// FUSE:        affine.for %[[I:.*]] = 0 to 4096 {
// FUSE:          affine.store %{{.*}}, %[[M:.*]][%[[I]]] : memref<4096xf32>
// FUSE-NOT:    }
// FUSE:          affine.for %[[J:.*]] = 0 to 1024 {
// FUSE:            affine.load %[[M]][%[[I]]] : memref<4096xf32>
func.func @unused_views(%x: memref<4096x1024xf32>, %out: memref<4096x1024xf32>) -> memref<4x1024xf32> {
  %max = memref.alloc() : memref<4096xf32>
  affine.for %i = 0 to 4096 {
    %v = affine.load %x[%i, 0] : memref<4096x1024xf32>
    affine.store %v, %max[%i] : memref<4096xf32>
  }
  %column = memref.expand_shape %max [[0, 1]] output_shape [4096, 1] : memref<4096xf32> into memref<4096x1xf32>
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<4096x1024xf32>
      %m = affine.load %column[%i, 0] : memref<4096x1xf32>
      %d = arith.subf %v, %m : f32
      affine.store %d, %out[%i, %j] : memref<4096x1024xf32>
    }
  }
  %flat = memref.alloc() : memref<4096xf32>
  %kept = memref.expand_shape %flat [[0, 1]] output_shape [4, 1024] : memref<4096xf32> into memref<4x1024xf32>
  return %kept : memref<4x1024xf32>
}
