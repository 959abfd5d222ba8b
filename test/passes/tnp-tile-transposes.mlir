// RUN: tnp-opt %s --split-input-file --tnp-tile-transposes | FileCheck %s

// A transpose copy: tiled 8 x 8, the last tiles clipped where sizes are
// dynamic; every loop runs from 0 by 1 (the vectorizer crashed on a tile's
// loop from %i0 to %i0 + 8).
// CHECK-DAG:   #[[$TILES:.*]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// CHECK-DAG:   #[[$CLIP:.*]] = affine_map<(d0)[s0] -> (8, d0 * -8 + s0)>
// CHECK-DAG:   #[[$AT:.*]] = affine_map<(d0, d1) -> (d0 + d1 * 8)>
// CHECK-LABEL: func.func @transpose
// CHECK:       affine.for %[[I0:.*]] = 0 to #[[$TILES]]()[%{{.*}}] {
// CHECK:         affine.for %[[J0:.*]] = 0 to #[[$TILES]]()[%{{.*}}] {
// CHECK:           affine.for %[[I:.*]] = 0 to min #[[$CLIP]](%[[I0]])[%{{.*}}] {
// CHECK-NEXT:        %[[ROW:.*]] = affine.apply #[[$AT]](%[[I]], %[[I0]])
// CHECK-NEXT:        affine.for %[[J:.*]] = 0 to min #[[$CLIP]](%[[J0]])[%{{.*}}] {
// CHECK-NEXT:          %[[COL:.*]] = affine.apply #[[$AT]](%[[J]], %[[J0]])
// CHECK-NEXT:          affine.load %arg0[%[[COL]], %[[ROW]]]
// CHECK-NEXT:          affine.store %{{.*}}, %arg1[%[[ROW]], %[[COL]]]
func.func @transpose(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %out, %c0 : memref<?x?xf32>
  %m = memref.dim %out, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %v = affine.load %in[%j, %i] : memref<?x?xf32>
      affine.store %v, %out[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// A batch of transposes: the batch loop stays, the two inner ones tile.
// CHECK-LABEL: func.func @batched
// CHECK:       affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 16 {
// CHECK:           affine.for %{{.*}} = 0 to 32 {
// CHECK:             affine.for %{{.*}} = 0 to 8 {
// CHECK:               affine.for %{{.*}} = 0 to 8 {
func.func @batched(%in: memref<4x256x128xf32>, %out: memref<4x128x256xf32>) {
  affine.for %b = 0 to 4 {
    affine.for %i = 0 to 128 {
      affine.for %j = 0 to 256 {
        %v = affine.load %in[%b, %j, %i] : memref<4x256x128xf32>
        affine.store %v, %out[%b, %i, %j] : memref<4x128x256xf32>
      }
    }
  }
  return
}

// -----

// Copies along rows, transposes under 16 trips, reductions, and rows
// divided by their sums (a load indexed by the row alone, broadcast along
// it) stay.
// CHECK-LABEL: func.func @kept
// CHECK-NOT:   affine.apply
func.func @kept(%a: memref<128x128xf32>, %b: memref<128x128xf32>, %s: memref<32x128xf32>, %t: memref<128x32xf32>, %sums: memref<128xf32>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %v = affine.load %a[%i, %j] : memref<128x128xf32>
      %d = affine.load %sums[%i] : memref<128xf32>
      %q = arith.divf %v, %d : f32
      affine.store %q, %b[%i, %j] : memref<128x128xf32>
    }
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %v = affine.load %a[%i, %j] : memref<128x128xf32>
      affine.store %v, %b[%i, %j] : memref<128x128xf32>
    }
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 8 {
      %v = affine.load %s[%j, %i] : memref<32x128xf32>
      affine.store %v, %t[%i, %j] : memref<128x32xf32>
    }
  }
  %acc = memref.alloc() : memref<f32>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      %v = affine.load %a[%j, %i] : memref<128x128xf32>
      %w = affine.load %acc[] : memref<f32>
      %x = arith.addf %v, %w : f32
      affine.store %x, %acc[] : memref<f32>
    }
  }
  return
}
