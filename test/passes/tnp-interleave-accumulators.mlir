// RUN: tnp-opt %s --split-input-file --tnp-interleave-accumulators | FileCheck %s

// An argmax's lanes, vectorized: the loop over 4 vectors of lanes becomes one
// inner loop over the chunks carrying 4 independent accumulators.
// CHECK-LABEL: func.func @lanes
// CHECK:       affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT:     affine.for %{{.*}} = 0 to 64 step 16
// CHECK:         affine.for %{{.*}} = 0 to %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4:   arith.maximumf
// CHECK:         }
// CHECK-COUNT-4: vector.transfer_write
func.func @lanes(%x: memref<8x?xf32>, %acc: memref<8x64xf32>, %chunks: index) {
  %pad = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %l = 0 to 64 step 16 {
      %a0 = vector.transfer_read %acc[%i, %l], %pad : memref<8x64xf32>, vector<16xf32>
      %a = affine.for %c = 0 to %chunks iter_args(%best = %a0) -> (vector<16xf32>) {
        %j = affine.apply affine_map<(d0, d1) -> (d0 * 64 + d1)>(%c, %l)
        %v = vector.transfer_read %x[%i, %j], %pad : memref<8x?xf32>, vector<16xf32>
        %m = arith.maximumf %v, %best : vector<16xf32>
        affine.yield %m : vector<16xf32>
      }
      vector.transfer_write %a, %acc[%i, %l] : vector<16xf32>, memref<8x64xf32>
    }
  }
  return
}

// -----

// The same lanes in a private row (tnp-privatize-rows), indexed through the
// vectorizer's applies: `(d0, d1) -> (0)` and `(d0, d1) -> (d1)`.
// CHECK-LABEL: func.func @private_row
// CHECK:       affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT:     affine.for %{{.*}} = 0 to 64 step 16
// CHECK:         affine.for %{{.*}} = 0 to %{{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
func.func @private_row(%x: memref<8x?xf32>, %chunks: index) {
  %pad = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1x64xf32>
  affine.for %i = 0 to 8 {
    affine.for %l = 0 to 64 step 16 {
      %r0 = affine.apply affine_map<(d0, d1) -> (0)>(%i, %l)
      %l0 = affine.apply affine_map<(d0, d1) -> (d1)>(%i, %l)
      %a0 = vector.transfer_read %acc[%r0, %l0], %pad : memref<1x64xf32>, vector<16xf32>
      %a = affine.for %c = 0 to %chunks iter_args(%best = %a0) -> (vector<16xf32>) {
        %j = affine.apply affine_map<(d0, d1) -> (d0 * 64 + d1)>(%c, %l)
        %v = vector.transfer_read %x[%i, %j], %pad : memref<8x?xf32>, vector<16xf32>
        %m = arith.maximumf %v, %best : vector<16xf32>
        affine.yield %m : vector<16xf32>
      }
      %r1 = affine.apply affine_map<(d0, d1) -> (0)>(%i, %l)
      %l1 = affine.apply affine_map<(d0, d1) -> (d1)>(%i, %l)
      vector.transfer_write %a, %acc[%r1, %l1] : vector<16xf32>, memref<1x64xf32>
    }
  }
  memref.dealloc %acc : memref<1x64xf32>
  return
}

// -----

// An inner loop that writes memory may depend on the order of the trips.
// CHECK-LABEL: func.func @inner_writes
// CHECK:       affine.for %{{.*}} = 0 to 64 step 16 {
func.func @inner_writes(%x: memref<?xf32>, %acc: memref<64xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  affine.for %l = 0 to 64 step 16 {
    %a0 = vector.transfer_read %acc[%l], %pad : memref<64xf32>, vector<16xf32>
    %a = affine.for %c = 0 to %n iter_args(%best = %a0) -> (vector<16xf32>) {
      vector.transfer_write %best, %x[%c] : vector<16xf32>, memref<?xf32>
      affine.yield %best : vector<16xf32>
    }
    vector.transfer_write %a, %acc[%l] : vector<16xf32>, memref<64xf32>
  }
  return
}

// -----

// The inner loop reads the buffer the trips write: not reordered.
// CHECK-LABEL: func.func @inner_reads_written
// CHECK:       affine.for %{{.*}} = 0 to 64 step 16 {
func.func @inner_reads_written(%acc: memref<64xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  affine.for %l = 0 to 64 step 16 {
    %a0 = vector.transfer_read %acc[%l], %pad : memref<64xf32>, vector<16xf32>
    %a = affine.for %c = 0 to %n iter_args(%best = %a0) -> (vector<16xf32>) {
      %v = vector.transfer_read %acc[%c], %pad : memref<64xf32>, vector<16xf32>
      %m = arith.maximumf %v, %best : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    vector.transfer_write %a, %acc[%l] : vector<16xf32>, memref<64xf32>
  }
  return
}

// -----

// A trip writing past its own lanes (an index other than the loop's) stays.
// CHECK-LABEL: func.func @writes_elsewhere
// CHECK:       affine.for %{{.*}} = 0 to 64 step 16 {
func.func @writes_elsewhere(%x: memref<?xf32>, %acc: memref<64xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  affine.for %l = 0 to 64 step 16 {
    %a0 = vector.transfer_read %acc[%c0], %pad : memref<64xf32>, vector<16xf32>
    %a = affine.for %c = 0 to %n iter_args(%best = %a0) -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%c], %pad : memref<?xf32>, vector<16xf32>
      %m = arith.maximumf %v, %best : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    vector.transfer_write %a, %acc[%c0] : vector<16xf32>, memref<64xf32>
  }
  return
}

// -----

// More than 4 trips would need more registers than AVX-512 has.
// CHECK-LABEL: func.func @too_many
// CHECK:       affine.for %{{.*}} = 0 to 128 step 16 {
func.func @too_many(%x: memref<?xf32>, %acc: memref<128xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  affine.for %l = 0 to 128 step 16 {
    %a0 = vector.transfer_read %acc[%l], %pad : memref<128xf32>, vector<16xf32>
    %a = affine.for %c = 0 to %n iter_args(%best = %a0) -> (vector<16xf32>) {
      %v = vector.transfer_read %x[%c], %pad : memref<?xf32>, vector<16xf32>
      %m = arith.maximumf %v, %best : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    vector.transfer_write %a, %acc[%l] : vector<16xf32>, memref<128xf32>
  }
  return
}
