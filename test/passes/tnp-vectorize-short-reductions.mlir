// RUN: tnp-opt %s --split-input-file --tnp-vectorize-short-reductions=width=16 | FileCheck %s

// The max over an argmax's 64 lanes: one vector accumulator over 4 vectors,
// then a vector.reduction.
// CHECK-LABEL: func.func @lane_max
// CHECK:       affine.for %{{.*}} = 0 to 64 step 16 iter_args(%{{.*}} = %{{.*}}) -> (vector<16xf32>) {
// CHECK:         arith.maximumf %{{.*}} : vector<16xf32>
// CHECK:       vector.reduction <maximumf>, %{{.*}} : vector<16xf32> into f32
func.func @lane_max(%lanes: memref<8x64xf32>, %out: memref<8xf32>) {
  %init = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 8 {
    %m = affine.for %l = 0 to 64 iter_args(%acc = %init) -> (f32) {
      %v = affine.load %lanes[%i, %l] : memref<8x64xf32>
      %r = arith.maximumf %v, %acc : f32
      affine.yield %r : f32
    }
    affine.store %m, %out[%i] : memref<8xf32>
  }
  return
}

// -----

// Longer reductions stay with LLVM (several accumulators); so do lengths
// that are not a multiple of the width, and loops that use their induction
// variable as a value.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:   vector
func.func @left_alone(%x: memref<256xf32>, %y: memref<40xf32>, %z: memref<32xi64>) -> (f32, f32, i64) {
  %zero = arith.constant 0.0 : f32
  %none = arith.constant 9223372036854775807 : i64
  %a = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %x[%j] : memref<256xf32>
    %s = arith.addf %v, %acc : f32
    affine.yield %s : f32
  }
  %b = affine.for %j = 0 to 40 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %y[%j] : memref<40xf32>
    %s = arith.addf %v, %acc : f32
    affine.yield %s : f32
  }
  %c = affine.for %j = 0 to 32 iter_args(%acc = %none) -> (i64) {
    %v = affine.load %z[%j] : memref<32xi64>
    %i = arith.index_cast %j : index to i64
    %w = arith.addi %v, %i : i64
    %m = arith.minsi %w, %acc : i64
    affine.yield %m : i64
  }
  return %a, %b, %c : f32, f32, i64
}
