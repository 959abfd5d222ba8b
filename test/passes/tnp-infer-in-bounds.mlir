// RUN: tnp-opt %s --split-input-file --tnp-infer-in-bounds | FileCheck %s

// Loops from 0 to 1024 by 16 over a dimension of 1024: every transfer fits.
// CHECK-LABEL: func.func @whole_vectors
// CHECK:       vector.transfer_read %{{.*}} {in_bounds = [true]}
// CHECK:       vector.transfer_write %{{.*}} {in_bounds = [true]}
func.func @whole_vectors(%x: memref<8x1024xf32>, %y: memref<8x1024xf32>) {
  %pad = arith.constant 0.0 : f32
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 1024 step 16 {
      %v = vector.transfer_read %x[%i, %j], %pad : memref<8x1024xf32>, vector<16xf32>
      vector.transfer_write %v, %y[%i, %j] : vector<16xf32>, memref<8x1024xf32>
    }
  }
  return
}

// -----

// An argmax's chunks: lane + chunk * 64 is at most 48 + 3 * 64 = 240, and
// 240 + 16 fits 256.
// CHECK-LABEL: func.func @chunks
// CHECK:       vector.transfer_read %{{.*}} {in_bounds = [true]}
func.func @chunks(%x: memref<4x256xf32>) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %r = affine.for %l = 0 to 64 step 16 iter_args(%acc = %zero) -> (vector<16xf32>) {
    %s = affine.for %c = 0 to 4 iter_args(%a = %acc) -> (vector<16xf32>) {
      %j = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 64)>(%l, %c)
      %v = vector.transfer_read %x[%c, %j], %pad : memref<4x256xf32>, vector<16xf32>
      %m = arith.maximumf %v, %a : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    affine.yield %s : vector<16xf32>
  }
  return %r : vector<16xf32>
}

// -----

// The last vector of a 1000-wide row runs past it; a dynamic row, a
// dynamic loop bound and a loop step short of the vector are unknown or
// too long: all stay masked.
// CHECK-LABEL: func.func @may_overrun
// CHECK-NOT:   in_bounds
func.func @may_overrun(%x: memref<1000xf32>, %y: memref<?xf32>, %z: memref<64xf32>, %n: index) {
  %pad = arith.constant 0.0 : f32
  affine.for %j = 0 to 1000 step 16 {
    %v = vector.transfer_read %x[%j], %pad : memref<1000xf32>, vector<16xf32>
    vector.transfer_write %v, %x[%j] : vector<16xf32>, memref<1000xf32>
  }
  affine.for %j = 0 to 64 step 16 {
    %v = vector.transfer_read %y[%j], %pad : memref<?xf32>, vector<16xf32>
    vector.transfer_write %v, %y[%j] : vector<16xf32>, memref<?xf32>
  }
  affine.for %j = 0 to %n step 16 {
    %v = vector.transfer_read %z[%j], %pad : memref<64xf32>, vector<16xf32>
    vector.transfer_write %v, %z[%j] : vector<16xf32>, memref<64xf32>
  }
  affine.for %j = 0 to 64 step 8 {
    %v = vector.transfer_read %z[%j], %pad : memref<64xf32>, vector<16xf32>
    vector.transfer_write %v, %z[%j] : vector<16xf32>, memref<64xf32>
  }
  return
}

// -----

// tnp-parallelize's chunks: a parallel loop from 0 to 4096 by 1024 and a
// loop over each chunk from d0 to d0 + 1024 by 16. The last trip is at
// 3072 + 1024 - 16 = 4080, and 4080 + 16 fits 4096. A chunk whose span is
// not a whole number of steps (1000 by 16) may overrun.
// CHECK-LABEL: func.func @parallel_chunks
// CHECK:       vector.transfer_read %{{.*}} {in_bounds = [true]}
// CHECK:       vector.transfer_write %{{.*}} {in_bounds = [true]}
// CHECK-NOT:   in_bounds
func.func @parallel_chunks(%x: memref<4096xf32>, %y: memref<4096xf32>) {
  %pad = arith.constant 0.0 : f32
  affine.parallel (%c) = (0) to (4096) step (1024) {
    affine.for %j = affine_map<(d0) -> (d0)>(%c) to affine_map<(d0) -> (d0 + 1024)>(%c) step 16 {
      %v = vector.transfer_read %x[%j], %pad : memref<4096xf32>, vector<16xf32>
      vector.transfer_write %v, %y[%j] : vector<16xf32>, memref<4096xf32>
    }
  }
  affine.parallel (%c) = (0) to (4096) step (1024) {
    affine.for %j = affine_map<(d0) -> (d0)>(%c) to affine_map<(d0) -> (d0 + 1000)>(%c) step 16 {
      %v = vector.transfer_read %x[%j], %pad : memref<4096xf32>, vector<16xf32>
      vector.transfer_write %v, %y[%j] : vector<16xf32>, memref<4096xf32>
    }
  }
  return
}

// -----

// An argmax's chunks along a row of unknown length n: the chunk loop runs
// to n / 64, so lane + chunk * 64 + 16 is at most 48 + (n / 64 - 1) * 64
// + 16 <= n. Chunks of 32 counted against 64-element steps, a lane loop
// reaching past its chunk, and a count of chunks of another dimension
// may overrun.
// CHECK-LABEL: func.func @chunks_of_dynamic_row
// CHECK:       vector.transfer_read %{{.*}} {in_bounds = [true]}
// CHECK-NOT:   in_bounds
func.func @chunks_of_dynamic_row(%x: memref<4x?xf32>, %i: index) -> vector<16xf32> {
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %n = memref.dim %x, %c1 : memref<4x?xf32>
  %rows = memref.dim %x, %c0 : memref<4x?xf32>
  %chunks = arith.divui %n, %c64 : index
  %halves = arith.divui %n, %c32 : index
  %rowChunks = arith.divui %rows, %c64 : index
  %r = affine.for %l = 0 to 64 step 16 iter_args(%acc = %zero) -> (vector<16xf32>) {
    %s = affine.for %c = 0 to %chunks iter_args(%a = %acc) -> (vector<16xf32>) {
      %j = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 64)>(%l, %c)
      %v = vector.transfer_read %x[%i, %j], %pad : memref<4x?xf32>, vector<16xf32>
      %m = arith.maximumf %v, %a : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    affine.yield %s : vector<16xf32>
  }
  %r2 = affine.for %l = 0 to 64 step 16 iter_args(%acc = %r) -> (vector<16xf32>) {
    %s = affine.for %c = 0 to %halves iter_args(%a = %acc) -> (vector<16xf32>) {
      %j = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 64)>(%l, %c)
      %v = vector.transfer_read %x[%i, %j], %pad : memref<4x?xf32>, vector<16xf32>
      %m = arith.maximumf %v, %a : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    affine.yield %s : vector<16xf32>
  }
  %r3 = affine.for %l = 0 to 80 step 16 iter_args(%acc = %r2) -> (vector<16xf32>) {
    %s = affine.for %c = 0 to %chunks iter_args(%a = %acc) -> (vector<16xf32>) {
      %j = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 64)>(%l, %c)
      %v = vector.transfer_read %x[%i, %j], %pad : memref<4x?xf32>, vector<16xf32>
      %m = arith.maximumf %v, %a : vector<16xf32>
      affine.yield %m : vector<16xf32>
    }
    affine.yield %s : vector<16xf32>
  }
  %r4 = affine.for %c = 0 to %rowChunks iter_args(%a = %r3) -> (vector<16xf32>) {
    %j = affine.apply affine_map<(d0) -> (d0 * 64)>(%c)
    %v = vector.transfer_read %x[%i, %j], %pad : memref<4x?xf32>, vector<16xf32>
    %m = arith.maximumf %v, %a : vector<16xf32>
    affine.yield %m : vector<16xf32>
  }
  return %r4 : vector<16xf32>
}
