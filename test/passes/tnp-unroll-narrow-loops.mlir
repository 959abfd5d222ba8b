// RUN: tnp-opt %s --tnp-unroll-narrow-loops=width=8 | FileCheck %s

// The loop over the 2 columns of a [512, 64] x [64, 2] product is unrolled
// (the vectorizer would make it 8-wide masked transfers); the loops of 512
// and 64 stay.
// The copies index column 0 and 1 through constant maps, not affine.apply
// ops of a constant (which the vectorizer would reject around them).
// CHECK-LABEL: func.func @narrow_columns
// CHECK:       affine.for %{{.*}} = 0 to 512 {
// CHECK-NOT:     affine.for {{.*}} = 0 to 2
// CHECK:         affine.for {{.*}} = 0 to 64 {
// CHECK:           affine.load %arg1[%{{.*}}, 0]
// CHECK-NOT:     affine.apply
// CHECK:         affine.for {{.*}} = 0 to 64 {
// CHECK:           affine.load %arg1[%{{.*}}, 1]
func.func @narrow_columns(%a: memref<512x64xf32>, %b: memref<64x2xf32>, %c: memref<512x2xf32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 2 {
      affine.for %k = 0 to 64 {
        %x = affine.load %a[%i, %k] : memref<512x64xf32>
        %y = affine.load %b[%k, %j] : memref<64x2xf32>
        %z = affine.load %c[%i, %j] : memref<512x2xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %z, %p : f32
        affine.store %s, %c[%i, %j] : memref<512x2xf32>
      }
    }
  }
  return
}

// A loop as wide as a vector stays.
// CHECK-LABEL: func.func @wide
// CHECK:       affine.for {{.*}} = 0 to 8 {
func.func @wide(%c: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 8 {
    affine.store %zero, %c[%j] : memref<8xf32>
  }
  return
}

// A narrow loop over rows (not the contiguous dimension) is not what the
// vectorizer takes: it stays rolled.
// CHECK-LABEL: func.func @narrow_rows
// CHECK:       affine.for {{.*}} = 0 to 2 {
// CHECK:         affine.for {{.*}} = 0 to 64 {
func.func @narrow_rows(%c: memref<2x64xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 64 {
      affine.store %zero, %c[%i, %j] : memref<2x64xf32>
    }
  }
  return
}
