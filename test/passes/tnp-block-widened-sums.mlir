// RUN: tnp-opt %s --split-input-file --tnp-block-widened-sums | FileCheck %s

// A sum of a dynamic length: blocks of 1024 trips sum in float32 from zero,
// each block's sum is widened and added to the float64 accumulator.
// CHECK-LABEL: func.func @dynamic
// CHECK:       %[[N:.*]] = memref.dim
// CHECK:       affine.for %[[T:.*]] = 0 to %[[N]] step 1024 iter_args(%[[ACC:.*]] = %arg1) -> (f64) {
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[B:.*]] = affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]])[%[[N]]] iter_args(%[[P:.*]] = %[[ZERO]]) -> (f32) {
// CHECK:           %[[X:.*]] = affine.load %arg0[%[[I]]]
// CHECK:           %[[S:.*]] = arith.addf %[[X]], %[[P]] fastmath<reassoc> : f32
// CHECK:           affine.yield %[[S]] : f32
// CHECK:         }
// CHECK:         %[[W:.*]] = arith.extf %[[B]] : f32 to f64
// CHECK:         %[[T2:.*]] = arith.addf %[[ACC]], %[[W]] fastmath<reassoc> : f64
// CHECK:         affine.yield %[[T2]] : f64
func.func @dynamic(%x: memref<?xf32>, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %r = affine.for %i = 0 to %n iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<?xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc fastmath<reassoc> : f64
    affine.yield %s : f64
  }
  return %r : f64
}

// -----

// A row of 256 is one block: not split, summed in float32, added after.
// CHECK-LABEL: func.func @one_block
// CHECK:       affine.for %{{.*}} = 0 to 64 iter_args(%[[ACC:.*]] = %arg1) -> (f64) {
// CHECK:         %[[B:.*]] = affine.for %{{.*}} = 0 to 256 iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK:           arith.addf %{{.*}} : f32
// CHECK:         }
// CHECK:         %[[W:.*]] = arith.extf %[[B]] : f32 to f64
// CHECK:         arith.addf %[[ACC]], %[[W]] fastmath<reassoc> : f64
func.func @one_block(%x: memref<64x256xf32>, %init: f64) -> f64 {
  %r = affine.for %i = 0 to 64 iter_args(%outer = %init) -> (f64) {
    %row = affine.for %j = 0 to 256 iter_args(%acc = %outer) -> (f64) {
      %v = affine.load %x[%i, %j] : memref<64x256xf32>
      %w = arith.extf %v : f32 to f64
      %s = arith.addf %acc, %w fastmath<reassoc> : f64
      affine.yield %s : f64
    }
    affine.yield %row : f64
  }
  return %r : f64
}

// -----

// A static length above a block, with a step: blocks of 1024 trips.
// CHECK-LABEL: func.func @strided
// CHECK:       affine.for %[[T:.*]] = 0 to 5000 step 2048
// CHECK:         affine.for %{{.*}} = #{{.*}}(%[[T]]) to min #[[MAP:.*]](%[[T]]) step 2
func.func @strided(%x: memref<5000xf32>, %init: f64) -> f64 {
  %r = affine.for %i = 0 to 5000 step 2 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<5000xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc fastmath<reassoc> : f64
    affine.yield %s : f64
  }
  return %r : f64
}

// -----

// A static length of whole blocks: no block is clipped.
// CHECK-LABEL: func.func @whole_blocks
// CHECK:       affine.for %[[T:.*]] = 0 to 4096 step 1024
// CHECK-NOT:     min
// CHECK:         affine.for %{{.*}} = #{{.*}}(%[[T]]) to #{{.*}}(%[[T]]) iter_args
func.func @whole_blocks(%x: memref<4096xf32>, %init: f64) -> f64 {
  %r = affine.for %i = 0 to 4096 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<4096xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc fastmath<reassoc> : f64
    affine.yield %s : f64
  }
  return %r : f64
}

// -----

// Left alone: float16 elements (float16 blocks would lose digits), a sum
// without reassoc (its order is fixed), an accumulator also used otherwise,
// a product, and a loop that is not innermost.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT:   -> (f32)
// CHECK-NOT:   step 1024
func.func @untouched(%x: memref<4096xf32>, %h: memref<4096xf16>,
                     %m: memref<4096xf64>, %init: f64)
    -> (f64, f64, f64, f64, f64) {
  %a = affine.for %i = 0 to 4096 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %h[%i] : memref<4096xf16>
    %w = arith.extf %v : f16 to f64
    %s = arith.addf %w, %acc fastmath<reassoc> : f64
    affine.yield %s : f64
  }
  %b = affine.for %i = 0 to 4096 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<4096xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc : f64
    affine.yield %s : f64
  }
  %c = affine.for %i = 0 to 4096 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<4096xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc fastmath<reassoc> : f64
    affine.store %acc, %m[%i] : memref<4096xf64>
    affine.yield %s : f64
  }
  %d = affine.for %i = 0 to 4096 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<4096xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.mulf %w, %acc fastmath<reassoc> : f64
    affine.yield %s : f64
  }
  %e = affine.for %i = 0 to 4096 iter_args(%acc = %init) -> (f64) {
    %v = affine.load %x[%i] : memref<4096xf32>
    %w = arith.extf %v : f32 to f64
    %s = arith.addf %w, %acc fastmath<reassoc> : f64
    affine.for %j = 0 to 4 {
      affine.store %init, %m[%j] : memref<4096xf64>
    }
    affine.yield %s : f64
  }
  return %a, %b, %c, %d, %e : f64, f64, f64, f64, f64
}

// -----

// A sum across rows (axis 0) through a float64 row: blocks of 16 rows sum
// into a float32 row from zero, which is widened and added to the float64
// row after each block.
// CHECK-LABEL: func.func @across_rows
// CHECK-SAME:  (%[[X:.*]]: memref<40x64xf32>)
// CHECK:       %[[ACC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf64>
// CHECK:       %[[PARTIAL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
// CHECK:       affine.for %[[T:.*]] = 0 to 40 step 16 {
// CHECK:         affine.for %[[J0:.*]] = 0 to 64 {
// CHECK:           affine.store %{{.*}}, %[[PARTIAL]][%[[J0]]]
// CHECK:         affine.for %[[I:.*]] = #{{.*}}(%[[T]]) to min #{{.*}}(%[[T]]) {
// CHECK:           affine.for %[[J:.*]] = 0 to 64 {
// CHECK:             %[[V:.*]] = affine.load %[[X]][%[[I]], %[[J]]]
// CHECK:             %[[P:.*]] = affine.load %[[PARTIAL]][%[[J]]]
// CHECK:             %[[S:.*]] = arith.addf %[[V]], %[[P]] fastmath<reassoc> : f32
// CHECK:             affine.store %[[S]], %[[PARTIAL]][%[[J]]]
// CHECK:         affine.for %[[J1:.*]] = 0 to 64 {
// CHECK:           %[[B:.*]] = affine.load %[[PARTIAL]][%[[J1]]]
// CHECK:           %[[A:.*]] = affine.load %[[ACC]][%[[J1]]]
// CHECK:           %[[W:.*]] = arith.extf %[[B]] : f32 to f64
// CHECK:           %[[T2:.*]] = arith.addf %[[A]], %[[W]] fastmath<reassoc> : f64
// CHECK:           affine.store %[[T2]], %[[ACC]][%[[J1]]]
// CHECK:       memref.dealloc %[[PARTIAL]]
func.func @across_rows(%x: memref<40x64xf32>) -> memref<64xf64> {
  %zero = arith.constant 0.0 : f64
  %acc = memref.alloc() {alignment = 64 : i64} : memref<64xf64>
  affine.for %j = 0 to 64 {
    affine.store %zero, %acc[%j] : memref<64xf64>
  }
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 64 {
      %v = affine.load %x[%i, %j] : memref<40x64xf32>
      %a = affine.load %acc[%j] : memref<64xf64>
      %w = arith.extf %v : f32 to f64
      %s = arith.addf %w, %a fastmath<reassoc> : f64
      affine.store %s, %acc[%j] : memref<64xf64>
    }
  }
  return %acc : memref<64xf64>
}

// -----

// Not across rows: 16 rows or fewer (one block), a row index in the
// accumulator's, or an accumulator that is not an allocation.
// CHECK-LABEL: func.func @not_across_rows
// CHECK-NOT:   step 16
func.func @not_across_rows(%x: memref<16x64xf32>, %y: memref<40x40xf32>,
                           %z: memref<40xf64>) {
  %acc = memref.alloc() : memref<64xf64>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 64 {
      %v = affine.load %x[%i, %j] : memref<16x64xf32>
      %a = affine.load %acc[%j] : memref<64xf64>
      %w = arith.extf %v : f32 to f64
      %s = arith.addf %w, %a fastmath<reassoc> : f64
      affine.store %s, %acc[%j] : memref<64xf64>
    }
  }
  %diag = memref.alloc() : memref<40xf64>
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 40 {
      %v = affine.load %y[%i, %j] : memref<40x40xf32>
      %a = affine.load %diag[%i] : memref<40xf64>
      %w = arith.extf %v : f32 to f64
      %s = arith.addf %w, %a fastmath<reassoc> : f64
      affine.store %s, %diag[%i] : memref<40xf64>
    }
  }
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 40 {
      %v = affine.load %y[%i, %j] : memref<40x40xf32>
      %a = affine.load %z[%j] : memref<40xf64>
      %w = arith.extf %v : f32 to f64
      %s = arith.addf %w, %a fastmath<reassoc> : f64
      affine.store %s, %z[%j] : memref<40xf64>
    }
  }
  return
}
