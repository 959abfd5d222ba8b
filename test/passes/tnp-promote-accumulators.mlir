// RUN: tnp-opt %s --split-input-file --tnp-promote-accumulators | FileCheck %s

// A row sum: acc[i] is loaded before the loop over j and stored after it.
// CHECK-LABEL: func.func @row_sum
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK:         %[[INIT:.*]] = affine.load %arg1[%[[I]]]
// CHECK:         %[[SUM:.*]] = affine.for %{{.*}} = 0 to %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (f64) {
// CHECK-NOT:       affine.load %arg1
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %{{.*}} : f64
// CHECK-NOT:       affine.store
// CHECK:           affine.yield %[[S]] : f64
// CHECK:         }
// CHECK:         affine.store %[[SUM]], %arg1[%[[I]]]
func.func @row_sum(%x: memref<64x?xf32>, %acc: memref<64xf64>) {
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c1 : memref<64x?xf32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to %n {
      %v = affine.load %x[%i, %j] : memref<64x?xf32>
      %w = arith.extf %v : f32 to f64
      %a = affine.load %acc[%i] : memref<64xf64>
      %s = arith.addf %a, %w : f64
      affine.store %s, %acc[%i] : memref<64xf64>
    }
  }
  return
}

// -----

// A full reduction's accumulator rises through the whole nest, into an
// allocation that is then copied out.
// CHECK-LABEL: func.func @full_max
// CHECK:       %[[ACC:.*]] = memref.alloc() : memref<f32>
// CHECK:       %[[INIT:.*]] = affine.load %[[ACC]][]
// CHECK:       %[[OUTER:.*]] = affine.for %{{.*}} = 0 to 64 iter_args(%[[A:.*]] = %[[INIT]]) -> (f32) {
// CHECK:         %[[INNER:.*]] = affine.for %{{.*}} = 0 to 128 iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK:           arith.maximumf %[[B]]
// CHECK:         affine.yield %[[INNER]] : f32
// CHECK:       affine.store %[[OUTER]], %[[ACC]][]
func.func @full_max(%x: memref<64x128xf32>, %out: memref<f32>) {
  %acc = memref.alloc() : memref<f32>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %v = affine.load %x[%i, %j] : memref<64x128xf32>
      %a = affine.load %acc[] : memref<f32>
      %m = arith.maximumf %a, %v : f32
      affine.store %m, %acc[] : memref<f32>
    }
  }
  memref.copy %acc, %out : memref<f32> to memref<f32>
  memref.dealloc %acc : memref<f32>
  return
}

// -----

// The buffer read in the loop is a view of the accumulator's: they might
// overlap, so nothing moves.
// CHECK-LABEL: func.func @aliased
// CHECK:       %[[FLAT:.*]] = memref.reinterpret_cast
// CHECK:       affine.for
// CHECK:         affine.load %{{.*}}[%{{.*}}]
// CHECK:         affine.load %[[FLAT]][]
// CHECK:         affine.store %{{.*}}, %[[FLAT]][]
func.func @aliased(%all: memref<16xf32>) {
  %view = memref.subview %all[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %flat = memref.reinterpret_cast %all to offset: [0], sizes: [], strides: [] : memref<16xf32> to memref<f32>
  affine.for %j = 0 to 8 {
    %v = affine.load %view[%j] : memref<8xf32, strided<[1]>>
    %a = affine.load %flat[] : memref<f32>
    %s = arith.addf %a, %v : f32
    affine.store %s, %flat[] : memref<f32>
  }
  return
}

// -----

// The element depends on the loop (a running update, not an accumulator),
// the store is conditional, or an op in the loop touches memory: nothing
// moves.
// CHECK-LABEL: func.func @not_accumulators
// CHECK-NOT:   iter_args
func.func @not_accumulators(%x: memref<8xf32>, %acc: memref<8xf32>, %one: memref<f32>, %flag: i1) {
  affine.for %j = 0 to 8 {
    %v = affine.load %x[%j] : memref<8xf32>
    %a = affine.load %acc[%j] : memref<8xf32>
    %s = arith.addf %a, %v : f32
    affine.store %s, %acc[%j] : memref<8xf32>
  }
  affine.for %j = 0 to 8 {
    %v = affine.load %x[%j] : memref<8xf32>
    %a = affine.load %one[] : memref<f32>
    %s = arith.addf %a, %v : f32
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%j) {
      affine.store %s, %one[] : memref<f32>
    }
  }
  affine.for %j = 0 to 8 {
    %v = affine.load %x[%j] : memref<8xf32>
    %a = affine.load %one[] : memref<f32>
    %s = arith.addf %a, %v : f32
    affine.store %s, %one[] : memref<f32>
    memref.store %s, %x[%j] : memref<8xf32>
  }
  return
}
