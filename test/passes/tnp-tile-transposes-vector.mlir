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

// Sizes known only at run time (an eager kernel's): the whole tiles, up to
// each size rounded down to 16, transposed in registers; then the strip of
// columns past them, and the rows past them, copied by scalars.
// CHECK-DAG:   #[[$TILES:.*]] = affine_map<()[s0] -> (s0 floordiv 16)>
// CHECK-DAG:   #[[$STRIP:.*]] = affine_map<()[s0] -> ((s0 floordiv 16) * 2)>
// CHECK-DAG:   #[[$REST:.*]] = affine_map<()[s0] -> ((s0 mod 16) ceildiv 8)>
// CHECK-DAG:   #[[$ALL:.*]] = affine_map<()[s0] -> (s0 ceildiv 8)>
// The whole tiles run in one of two copies: one whose stores stream,
// claiming the alignment, where the result (an argument the function only
// writes) has 16 MiB or more and its start and rows are whole 64-byte
// lines; the other, as before.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:  %{{.*}}: memref<?x?xf32>, %[[OUT:.*]]: memref<?x?xf32>
// CHECK-DAG:   %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-DAG:   %[[BYTES:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK-DAG:   %[[START:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK-DAG:   %[[LARGE:.*]] = arith.cmpi uge, %[[BYTES]], %{{.*}} : index
// CHECK-DAG:   arith.remui %[[START]], %{{.*}} : index
// CHECK-DAG:   arith.remui %[[ROW]], %{{.*}} : index
// CHECK:       %[[BOTH:.*]] = arith.andi
// CHECK:       %[[ALL:.*]] = arith.andi %[[LARGE]], %[[BOTH]] : i1
// CHECK:       scf.if %[[ALL]] {
// CHECK:         affine.for %{{.*}} = 0 to #[[$TILES]]()
// CHECK:           affine.for %{{.*}} = 0 to #[[$TILES]]()
// CHECK-COUNT-64:    vector.shuffle
// CHECK-COUNT-16:    affine.vector_store {{.*}} {tnp.aligned_rows = 64 : i64, tnp.nontemporal}
// CHECK:       } else {
// CHECK:         affine.for %{{.*}} = 0 to #[[$TILES]]()[%[[M:.*]]] {
// CHECK:           affine.for %{{.*}} = 0 to #[[$TILES]]()[%[[N:.*]]] {
// CHECK-COUNT-16:    affine.vector_load
// CHECK-COUNT-64:    vector.shuffle
// CHECK-COUNT-16:    affine.vector_store {{[^]]*}}] : memref<?x?xf32>
// CHECK:       }
// CHECK:       affine.for %{{.*}} = 0 to #[[$STRIP]]()[%[[N]]] {
// CHECK:         affine.for %{{.*}} = 0 to #[[$REST]]()[%[[M]]] {
// CHECK:           affine.load
// CHECK:       affine.for %{{.*}} = 0 to #[[$REST]]()[%[[N]]] {
// CHECK:         affine.for %{{.*}} = 0 to #[[$ALL]]()[%[[M]]] {
// CHECK:           affine.load
// CHECK-NOT:   affine.for
func.func @dynamic(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
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

// 40 x 50: whole tiles up to 32 x 48 in registers, the strips (2 columns,
// 8 rows: under two tiles of 8) left as loops.
// CHECK-LABEL: func.func @off_the_tile
// CHECK:       affine.for %{{.*}} = 0 to 2 {
// CHECK:         affine.for %{{.*}} = 0 to 3 {
// CHECK-COUNT-64:  vector.shuffle
// CHECK:       affine.for %{{.*}} = 0 to 48 {
// CHECK-NEXT:    affine.for %{{.*}} = 32 to 40 {
// CHECK:       affine.for %{{.*}} = 48 to 50 {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 40 {
func.func @off_the_tile(%in: memref<40x50xf32>, %out: memref<50x40xf32>) {
  affine.for %i = 0 to 50 {
    affine.for %j = 0 to 40 {
      %v = affine.load %in[%j, %i] : memref<40x50xf32>
      affine.store %v, %out[%i, %j] : memref<50x40xf32>
    }
  }
  return
}

// -----

// Left to scalars in tiles: a tile that computes besides copying, and
// 16-bit elements (tiles of 8).
// CHECK-LABEL: func.func @scalar
// CHECK-NOT:   vector.transpose
// CHECK-NOT:   vector.shuffle
func.func @scalar(%a: memref<64x64xf32>, %b: memref<64x64xf32>,
                  %h: memref<64x64xf16>, %g: memref<64x64xf16>) {
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
