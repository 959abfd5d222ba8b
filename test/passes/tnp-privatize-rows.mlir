// RUN: tnp-opt %s --split-input-file --tnp-privatize-rows | FileCheck %s

// A row written and read back in the trip of the loop over rows that
// writes it: one row, allocated where the buffer was.
// CHECK-LABEL: func.func @sequential
// CHECK:       %[[ROW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x1024xf32>
// CHECK:       affine.for %[[I:.*]] = 0 to 4096 {
// CHECK:         affine.store %{{.*}}, %[[ROW]][0, %{{.*}}] : memref<1x1024xf32>
// CHECK:         affine.load %[[ROW]][0, %{{.*}}] : memref<1x1024xf32>
// CHECK:         affine.store %{{.*}}, %arg1[%[[I]], %{{.*}}] : memref<4096x1024xf32>
// CHECK:       memref.dealloc %[[ROW]] : memref<1x1024xf32>
func.func @sequential(%x: memref<4096x1024xf32>, %y: memref<4096x1024xf32>) {
  %e = memref.alloc() {alignment = 64 : i64} : memref<4096x1024xf32>
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<4096x1024xf32>
      %w = math.exp %v : f32
      affine.store %w, %e[%i, %j] : memref<4096x1024xf32>
    }
    affine.for %j = 0 to 1024 {
      %v = affine.load %e[%i, %j] : memref<4096x1024xf32>
      affine.store %v, %y[%i, %j] : memref<4096x1024xf32>
    }
  }
  memref.dealloc %e : memref<4096x1024xf32>
  return
}

// -----

// A parallel loop cut into chunks (as tnp-parallelize leaves it): each
// chunk's loop over its rows gets a row of its own, allocated and freed in
// the parallel body.
// CHECK-LABEL: func.func @chunks
// CHECK:       affine.parallel (%[[C:.*]]) = (0) to (4096) step (64) {
// CHECK-DAG:     %[[S:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1xf32>
// CHECK-DAG:     %[[ROW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x1024xf32>
// CHECK:         affine.for %[[I:.*]] = #{{.*}}(%[[C]]) to #{{.*}}(%[[C]]) {
// CHECK:           affine.store %{{.*}}, %[[ROW]][0, %{{.*}}]
// CHECK:           affine.store %{{.*}}, %[[S]][0]
// CHECK:         }
// CHECK-DAG:     memref.dealloc %[[S]]
// CHECK-DAG:     memref.dealloc %[[ROW]]
// CHECK:       }
// CHECK-NEXT:  return
#start = affine_map<(d0) -> (d0)>
#end = affine_map<(d0) -> (d0 + 64)>
func.func @chunks(%x: memref<4096x1024xf32>, %y: memref<4096xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = memref.alloc() {alignment = 64 : i64} : memref<4096x1024xf32>
  %s = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  affine.parallel (%c) = (0) to (4096) step (64) {
    affine.for %i = #start(%c) to #end(%c) {
      affine.for %j = 0 to 1024 {
        %v = affine.load %x[%i, %j] : memref<4096x1024xf32>
        affine.store %v, %e[%i, %j] : memref<4096x1024xf32>
      }
      %r = affine.for %j = 0 to 1024 iter_args(%a = %zero) -> (f32) {
        %v = affine.load %e[%i, %j] : memref<4096x1024xf32>
        %b = arith.addf %a, %v : f32
        affine.yield %b : f32
      }
      affine.store %r, %s[%i] : memref<4096xf32>
      %q = affine.load %s[%i] : memref<4096xf32>
      affine.store %q, %y[%i] : memref<4096xf32>
    }
  }
  memref.dealloc %e : memref<4096x1024xf32>
  memref.dealloc %s : memref<4096xf32>
  return
}

// -----

// Left whole: a buffer read after the loop, one whose rows follow another
// index than the loop's, one written by one loop and read by the next, one
// returned, one whose rows pass 64 KiB, and one whose rows the loop visits
// again on each trip of a loop around it.
// CHECK-LABEL: func.func @shared
// CHECK-NOT:   memref<1x
// CHECK-NOT:   memref<1xf32>
func.func @shared(%x: memref<64x64xf32>, %big: memref<8x32768xf32>)
    -> (f32, memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<64x64xf32>
  %d = memref.alloc() : memref<64xf32>
  %e = memref.alloc() : memref<8x32768xf32>
  %f = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %v = affine.load %x[%i, %i] : memref<64x64xf32>
    affine.store %v, %a[%i] : memref<64xf32>
    affine.store %v, %b[63 - %i] : memref<64xf32>
    affine.store %v, %d[%i] : memref<64xf32>
    affine.store %v, %c[%i, %c0] : memref<64x64xf32>
  }
  affine.for %k = 0 to 64 {
    %v = affine.load %c[%k, %c0] : memref<64x64xf32>
    affine.store %v, %x[%k, %k] : memref<64x64xf32>
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 32768 {
      %v = affine.load %big[%i, %j] : memref<8x32768xf32>
      affine.store %v, %e[%i, %j] : memref<8x32768xf32>
    }
  }
  affine.for %k = 0 to 2 {
    affine.for %i = 0 to 64 {
      %v = affine.load %f[%i] : memref<64xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %f[%i] : memref<64xf32>
    }
  }
  %r = affine.load %a[%c0] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %c : memref<64x64xf32>
  memref.dealloc %e : memref<8x32768xf32>
  memref.dealloc %f : memref<64xf32>
  return %r, %d : f32, memref<64xf32>
}

// -----

// Rows counted at run time (an eager kernel's), each of a static shape:
// one row as well.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK:       %[[ROW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x64xf32>
// CHECK:       affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK:         affine.store %{{.*}}, %[[ROW]][0, %{{.*}}] : memref<1x64xf32>
// CHECK:         affine.load %[[ROW]][0, %{{.*}}] : memref<1x64xf32>
// CHECK:       memref.dealloc %[[ROW]] : memref<1x64xf32>
func.func @dynamic_rows(%x: memref<?x64xf32>, %y: memref<?x64xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x64xf32>
  %e = memref.alloc(%n) {alignment = 64 : i64} : memref<?x64xf32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 64 {
      %v = affine.load %x[%i, %j] : memref<?x64xf32>
      affine.store %v, %e[%i, %j] : memref<?x64xf32>
    }
    affine.for %j = 0 to 64 {
      %v = affine.load %e[%i, %j] : memref<?x64xf32>
      affine.store %v, %y[%i, %j] : memref<?x64xf32>
    }
  }
  memref.dealloc %e : memref<?x64xf32>
  return
}

// -----

// A row of unknown length stays shared.
// CHECK-LABEL: func.func @dynamic_row_length
// CHECK:       memref.alloc(%{{.*}}, %{{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
func.func @dynamic_row_length(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  %e = memref.alloc(%n, %m) {alignment = 64 : i64} : memref<?x?xf32>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %v = affine.load %x[%i, %j] : memref<?x?xf32>
      affine.store %v, %e[%i, %j] : memref<?x?xf32>
    }
    affine.for %j = 0 to %m {
      %v = affine.load %e[%i, %j] : memref<?x?xf32>
      affine.store %v, %y[%i, %j] : memref<?x?xf32>
    }
  }
  memref.dealloc %e : memref<?x?xf32>
  return
}
