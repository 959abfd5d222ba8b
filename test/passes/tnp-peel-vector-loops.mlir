// RUN: tnp-opt %s --split-input-file --tnp-peel-vector-loops | FileCheck %s

// An eager kernel's loop over a run-time size: whole vectors up to the
// least of the loop's bound and each buffer's last whole vector, in
// bounds; then the rest, masked as before.
// (The allocation's size is the loop's bound: one symbol serves both.)
// CHECK-DAG:   #[[$WHOLE:.*]] = affine_map<()[s0, s1, s2] -> (s0, (s1 floordiv 16) * 16, (s0 floordiv 16) * 16, (s2 floordiv 16) * 16)>
// CHECK-LABEL: func.func @elementwise
// CHECK-SAME:  (%[[X:[^:]*]]: memref<?xf32>, %[[Y:[^:]*]]: memref<?xf32>, %[[N:[^:]*]]: index)
// CHECK-DAG:   %[[XN:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK-DAG:   %[[YN:.*]] = memref.dim %[[Y]], %{{.*}}
// CHECK:       %[[END:.*]] = affine.min #[[$WHOLE]]()[%[[N]], %[[XN]], %[[YN]]]
// CHECK:       affine.for %[[I:.*]] = 0 to #{{.*}}(%[[END]]) step 16 {
// CHECK:         vector.transfer_read %[[X]][%[[I]]], %{{.*}} {in_bounds = [true]}
// CHECK:         vector.transfer_read %[[A:.*]][%[[I]]], %{{.*}} {in_bounds = [true]}
// CHECK:         vector.transfer_write %{{.*}}, %[[Y]][%[[I]]] {in_bounds = [true]}
// CHECK:       }
// CHECK:       affine.for %[[J:.*]] = #{{.*}}(%[[END]]) to %[[N]] step 16 {
// CHECK:         vector.transfer_read %[[X]][%[[J]]], %{{.*}} : memref<?xf32>
// CHECK:         vector.transfer_read %[[A]][%[[J]]], %{{.*}} : memref<?xf32>
// CHECK:         vector.transfer_write %{{.*}}, %[[Y]][%[[J]]] : vector<16xf32>
// CHECK:       }
func.func @elementwise(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  affine.for %i = 0 to %n step 16 {
    %v = vector.transfer_read %x[%i], %pad : memref<?xf32>, vector<16xf32>
    %w = vector.transfer_read %a[%i], %pad : memref<?xf32>, vector<16xf32>
    %s = arith.addf %v, %w : vector<16xf32>
    vector.transfer_write %s, %y[%i] : vector<16xf32>, memref<?xf32>
  }
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// A constant size that is no whole number of vectors: 96 elements of
// whole vectors, then one masked trip. A read 3 further along a row of
// 103 has the same whole vectors.
// CHECK-LABEL: func.func @constant_rest
// CHECK:       affine.for %[[I:.*]] = 0 to 96 step 16 {
// CHECK:         vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]}
// CHECK:         vector.transfer_write {{.*}}{in_bounds = [true]}
// CHECK:       affine.for %{{.*}} = 96 to 100 step 16 {
// CHECK-NOT:     in_bounds
// CHECK:       return
func.func @constant_rest(%x: memref<103xf32>, %y: memref<100xf32>) {
  %pad = arith.constant 0.0 : f32
  affine.for %i = 0 to 100 step 16 {
    %j = affine.apply affine_map<(d0) -> (d0 + 3)>(%i)
    %v = vector.transfer_read %x[%j], %pad : memref<103xf32>, vector<16xf32>
    vector.transfer_write %v, %y[%i] : vector<16xf32>, memref<100xf32>
  }
  return
}

// -----

// A reduction carried across the split: the rest starts from the whole
// vectors' result.
// CHECK-LABEL: func.func @carried
// CHECK:       %[[WHOLE:.*]] = affine.for {{.*}} iter_args(%{{.*}} = %[[INIT:.*]]) -> (vector<16xf32>)
// CHECK:         {in_bounds = [true]}
// CHECK:       %[[REST:.*]] = affine.for {{.*}} iter_args(%{{.*}} = %[[WHOLE]]) -> (vector<16xf32>)
// CHECK:       return %[[REST]]
func.func @carried(%x: memref<?xf32>, %n: index) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %r = affine.for %i = 0 to %n step 16 iter_args(%acc = %zero) -> (vector<16xf32>) {
    %v = vector.transfer_read %x[%i], %pad : memref<?xf32>, vector<16xf32>
    %s = arith.addf %v, %acc : vector<16xf32>
    affine.yield %s : vector<16xf32>
  }
  return %r : vector<16xf32>
}

// -----

// Left alone: whole vectors of a constant size (tnp-infer-in-bounds marks
// them), a scalar loop, a loop whose vectors run along an outer dimension,
// and a buffer made inside the loop (no size to bound the loop with).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:   affine.min
// CHECK-NOT:   in_bounds = [true]
// CHECK:       return
func.func @left_alone(%x: memref<64xf32>, %z: memref<?x?xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 step 16 {
    %v = vector.transfer_read %x[%i], %pad : memref<64xf32>, vector<16xf32>
    vector.transfer_write %v, %x[%i] : vector<16xf32>, memref<64xf32>
  }
  affine.for %i = 0 to %n {
    %v = affine.load %z[%i, %i] : memref<?x?xf32>
    affine.store %v, %z[%i, %i] : memref<?x?xf32>
  }
  affine.for %i = 0 to %n step 16 {
    %v = vector.transfer_read %z[%i, %n], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<?x?xf32>, vector<16xf32>
    vector.transfer_write %v, %z[%i, %n] {permutation_map = affine_map<(d0, d1) -> (d0)>} : vector<16xf32>, memref<?x?xf32>
  }
  affine.for %i = 0 to %n step 16 {
    %t = memref.alloca(%n) : memref<?xf32>
    %v = vector.transfer_read %t[%i], %pad : memref<?xf32>, vector<16xf32>
    vector.transfer_write %v, %t[%i] : vector<16xf32>, memref<?xf32>
  }
  return
}
