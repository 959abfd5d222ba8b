// RUN: tnp-opt %s --split-input-file --tnp-tile-transposes=vector-width=16 | FileCheck %s

// With 16 float32 lanes a whole tile of a transpose copy, 16 x 16 float32,
// is 16 row loads, a transpose lowered to 64 shuffles and 16 row stores;
// the tiles go along the source's rows.
// CHECK-LABEL: func.func @transpose
// CHECK:       affine.for %[[J0:.*]] = 0 to 2 {
// CHECK:         affine.for %[[I0:.*]] = 0 to 4 {
// CHECK:           %[[R0:.*]] = affine.vector_load %arg0[%[[J0]] * 16, %[[I0]] * 16] : memref<32x64xf32>, vector<16xf32>
// CHECK:           %[[R1:.*]] = affine.vector_load %arg0[%[[J0]] * 16 + 1, %[[I0]] * 16] : memref<32x64xf32>, vector<16xf32>
// CHECK:           affine.vector_load %arg0[%[[J0]] * 16 + 15, %[[I0]] * 16] : memref<32x64xf32>, vector<16xf32>
// CHECK:           vector.shuffle %[[R0]], %[[R1]] [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29]
// CHECK-COUNT-63:  vector.shuffle
// CHECK-NOT:       vector.transpose
// CHECK:           affine.vector_store %{{.*}}, %arg1[%[[I0]] * 16, %[[J0]] * 16] : memref<64x32xf32>, vector<16xf32>
// CHECK-NOT:       tnp.nontemporal
// CHECK:           affine.vector_store %{{.*}}, %arg1[%[[I0]] * 16 + 15, %[[J0]] * 16] : memref<64x32xf32>, vector<16xf32>
// CHECK-NOT:       affine.for
// CHECK-NOT:       affine.load
func.func @transpose(%in: memref<32x64xf32>, %out: memref<64x32xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      %v = affine.load %in[%j, %i] : memref<32x64xf32>
      affine.store %v, %out[%i, %j] : memref<64x32xf32>
    }
  }
  return
}

// -----

// float64: tiles of 8 x 8 (one 64-lane shuffle), the batch loop kept.
// CHECK-LABEL: func.func @batched
// CHECK:       affine.for %[[B:.*]] = 0 to 3 {
// CHECK:         vector.shuffle %{{.*}}, %{{.*}} [0, 8, 16, 24, 32, 40, 48, 56, 1, 9,
// CHECK:         affine.vector_store %{{.*}}, %arg1[%[[B]], %{{.*}}] : memref<3x16x24xf64>, vector<8xf64>
func.func @batched(%in: memref<3x24x16xf64>, %out: memref<3x16x24xf64>) {
  affine.for %b = 0 to 3 {
    affine.for %i = 0 to 16 {
      affine.for %j = 0 to 24 {
        %v = affine.load %in[%b, %j, %i] : memref<3x24x16xf64>
        affine.store %v, %out[%b, %i, %j] : memref<3x16x24xf64>
      }
    }
  }
  return
}

// -----

// Into a target of 16 MiB or more (2048^2 float32), the row stores are
// marked to go around the caches.
// CHECK-LABEL: func.func @large
// CHECK-COUNT-16: affine.vector_store {{.*}} {tnp.nontemporal}
func.func @large(%in: memref<2048x2048xf32>, %out: memref<2048x2048xf32>) {
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %v = affine.load %in[%j, %i] : memref<2048x2048xf32>
      affine.store %v, %out[%i, %j] : memref<2048x2048xf32>
    }
  }
  return
}

// -----

// Left to scalars in tiles: dynamic sizes (tiles clipped), a tile that
// computes besides copying, and 16-bit elements (tiles of 8).
// CHECK-LABEL: func.func @scalar
// CHECK-NOT:   vector.transpose
func.func @scalar(%in: memref<?x?xf32>, %out: memref<?x?xf32>,
                  %a: memref<64x64xf32>, %b: memref<64x64xf32>,
                  %h: memref<64x64xf16>, %g: memref<64x64xf16>) {
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
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %a[%j, %i] : memref<64x64xf32>
      %w = arith.negf %v : f32
      affine.store %w, %b[%i, %j] : memref<64x64xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %h[%j, %i] : memref<64x64xf16>
      affine.store %v, %g[%i, %j] : memref<64x64xf16>
    }
  }
  return
}
