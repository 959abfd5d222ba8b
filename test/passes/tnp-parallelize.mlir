// RUN: tnp-opt %s --pass-pipeline='builtin.module(func.func(tnp-parallelize{min-elements=4096}))' --split-input-file | FileCheck %s

// A large 2-d nest: its outer loop is cut into 64 chunks of rows, which run
// in parallel; the inner one stays a loop (for the vectorizer).
// CHECK-LABEL: func.func @nest
// CHECK: affine.parallel (%[[C:.*]]) = (0) to (256) step (4)
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]])
// CHECK-NEXT: affine.for %{{.*}} = 0 to 64
func.func @nest(%a: memref<256x64xf32>, %b: memref<256x64xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 64 {
      %x = affine.load %a[%i, %j] : memref<256x64xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %b[%i, %j] : memref<256x64xf32>
    }
  }
  return
}

// -----

// A single large loop is cut into 64 chunks; the chunks run in parallel.
// CHECK-LABEL: func.func @single
// CHECK: affine.parallel (%[[C:.*]]) = (0) to (8192) step (128)
// CHECK-NEXT: affine.for %{{.*}} = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]])
func.func @single(%a: memref<8192xf32>, %b: memref<8192xf32>) {
  affine.for %i = 0 to 8192 {
    %x = affine.load %a[%i] : memref<8192xf32>
    %y = arith.mulf %x, %x : f32
    affine.store %y, %b[%i] : memref<8192xf32>
  }
  return
}

// -----

// Too small, dynamically sized (eager kernels: the runtime splits those),
// or carrying a dependence: sequential.
// CHECK-LABEL: func.func @stays
// CHECK-NOT: affine.parallel
func.func @stays(%a: memref<64xf32>, %d: memref<?xf32>, %s: memref<8192xf32>) {
  affine.for %i = 0 to 64 {
    %x = affine.load %a[%i] : memref<64xf32>
    affine.store %x, %a[%i] : memref<64xf32>
  }
  %c0 = arith.constant 0 : index
  %n = memref.dim %d, %c0 : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %d[%i] : memref<?xf32>
    affine.store %x, %d[%i] : memref<?xf32>
  }
  affine.for %i = 1 to 8192 {
    %x = affine.load %s[%i - 1] : memref<8192xf32>
    affine.store %x, %s[%i] : memref<8192xf32>
  }
  return
}

// -----

// A full sum, its accumulator carried by both loops (tnp-promote-accumulators'
// form): the inner loop starts from zero, the outer one adds each row's
// partial sum and becomes a parallel reduction over the rows (not cut into
// chunks), the fastmath flags kept.
// CHECK-LABEL: func.func @full_sum
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[TOTAL:.*]] = affine.parallel (%{{.*}}) = (0) to (256) reduce ("addf") -> (f64)
// CHECK:   %[[ROW:.*]] = affine.for %{{.*}} = 0 to 64 iter_args(%[[B:.*]] = %[[ZERO]]) -> (f64)
// CHECK:     arith.addf %{{.*}}, %[[B]] fastmath<reassoc> : f64
// CHECK:   affine.yield %[[ROW]] : f64
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[TOTAL]] fastmath<reassoc> : f64
// CHECK: affine.store %[[SUM]]
func.func @full_sum(%a: memref<256x64xf32>, %out: memref<f64>) {
  %init = affine.load %out[] : memref<f64>
  %r = affine.for %i = 0 to 256 iter_args(%acc = %init) -> (f64) {
    %s = affine.for %j = 0 to 64 iter_args(%b = %acc) -> (f64) {
      %x = affine.load %a[%i, %j] : memref<256x64xf32>
      %e = arith.extf %x : f32 to f64
      %t = arith.addf %e, %b fastmath<reassoc> : f64
      affine.yield %t : f64
    }
    affine.yield %s : f64
  }
  affine.store %r, %out[] : memref<f64>
  return
}

// -----

// Not sums (a max), or an accumulator read for more than its sum (a running
// total stored at every element): sequential.
// CHECK-LABEL: func.func @carried
// CHECK-NOT: affine.parallel
func.func @carried(%a: memref<256x64xf32>, %out: memref<f32>, %run: memref<256x64xf32>) {
  %init = affine.load %out[] : memref<f32>
  %m = affine.for %i = 0 to 256 iter_args(%acc = %init) -> (f32) {
    %s = affine.for %j = 0 to 64 iter_args(%b = %acc) -> (f32) {
      %x = affine.load %a[%i, %j] : memref<256x64xf32>
      %t = arith.maximumf %x, %b : f32
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  affine.store %m, %out[] : memref<f32>
  %r = affine.for %i = 0 to 256 iter_args(%acc = %init) -> (f32) {
    %s = affine.for %j = 0 to 64 iter_args(%b = %acc) -> (f32) {
      %x = affine.load %a[%i, %j] : memref<256x64xf32>
      %t = arith.addf %x, %b : f32
      affine.store %t, %run[%i, %j] : memref<256x64xf32>
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// A trip that stores vectors counts their lanes: 16 x 16 trips of 16 lanes
// (a tile transposed in registers stores 16 such rows) reach the threshold.
// CHECK-LABEL: func.func @vector_stores
// CHECK: affine.parallel
func.func @vector_stores(%a: memref<256x256xf32>) {
  %v = arith.constant dense<1.0> : vector<16xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.vector_store %v, %a[%i * 16, %j * 16] : memref<256x256xf32>, vector<16xf32>
    }
  }
  return
}
