// Loops mapped for a GPU with several elements per thread, run on the CPU
// (the mapping is an attribute the CPU ignores): blocks of 4 threads, 3
// runs each, so tiles of 12 elements, and lengths on either side of a tile
// (the threads whose runs are all in bounds take the loads-first path, the
// others the guarded one).
// RUN: tnp-opt %s --tnp-gpu-map-parallel-loops="block-size=4 elements-per-thread=3" \
// RUN:     --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm \
// RUN:     --reconcile-unrealized-casts \
// RUN: | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so \
// RUN: | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)

// out = 2 x + y, y[i] = 1000: loads of x and y go first.
func.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %x[%i] : memref<?xf32>
    %b = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %two : f32
    %r = arith.addf %ax, %b : f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return
}

// a[i] += a[n - 1 - i] / 1000 for i < n / 2: a read of a buffer the loop
// writes stays after the stores before it.
func.func @in_place(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %k = arith.constant 1000.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %half = arith.divui %n, %c2 : index
  %last = arith.subi %n, %c1 : index
  scf.parallel (%i) = (%c0) to (%half) step (%c1) {
    %j = arith.subi %last, %i : index
    %v = memref.load %a[%i] : memref<?xf32>
    %w = memref.load %a[%j] : memref<?xf32>
    %s = arith.divf %w, %k : f32
    %r = arith.addf %v, %s : f32
    memref.store %r, %a[%i] : memref<?xf32>
  }
  return
}

// a[i] = 7, then out[i] = a[i] + 1: the load reads the store before it.
func.func @store_then_load(%a: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7.0 : f32
  %one = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %seven, %a[%i] : memref<?xf32>
    %v = memref.load %a[%i] : memref<?xf32>
    %r = arith.addf %v, %one : f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return
}

// Rows: out[i, j] = x[i, j] - x[i, 0].
func.func @rows(%x: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    %a = memref.load %x[%i, %j] : memref<?x?xf32>
    %b = memref.load %x[%i, %c0] : memref<?x?xf32>
    %r = arith.subf %a, %b : f32
    memref.store %r, %out[%i, %j] : memref<?x?xf32>
  }
  return
}

// x[i] = i.
func.func @iota(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f32
    memref.store %f, %x[%i] : memref<?xf32>
  }
  return %x : memref<?xf32>
}

func.func @run_axpy(%n: index) {
  %x = call @iota(%n) : (index) -> memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  %k = arith.constant 1000.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %k, %y[%i] : memref<?xf32>
  }
  %out = memref.alloc(%n) : memref<?xf32>
  call @axpy(%x, %y, %out) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  %u = memref.cast %out : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  memref.dealloc %out : memref<?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c25 = arith.constant 25 : index
  // CHECK: data =
  // CHECK-NEXT: [1000]
  call @run_axpy(%c1) : (index) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1000,  1002,  1004,  1006,  1008,  1010,  1012,  1014,  1016,  1018,  1020]
  call @run_axpy(%c11) : (index) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1000,  1002,  1004,  1006,  1008,  1010,  1012,  1014,  1016,  1018,  1020,  1022]
  call @run_axpy(%c12) : (index) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1000,  1002,  1004,  1006,  1008,  1010,  1012,  1014,  1016,  1018,  1020,  1022,  1024,  1026,  1028,  1030,  1032,  1034,  1036,  1038,  1040,  1042,  1044,  1046,  1048]
  call @run_axpy(%c25) : (index) -> ()

  // a = np.arange(25.0); a[:12] += a[24:12:-1] / 1000
  // CHECK: data =
  // CHECK-NEXT: [0.024,  1.023,  2.022,  3.021,  4.02,  5.019,  6.018,  7.017,  8.016,  9.015,  10.014,  11.013,  12,  13,
  %a = call @iota(%c25) : (index) -> memref<?xf32>
  call @in_place(%a) : (memref<?xf32>) -> ()
  %ua = memref.cast %a : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<?xf32>

  // CHECK: data =
  // CHECK-NEXT: [8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8,  8]
  %b = call @iota(%c25) : (index) -> memref<?xf32>
  %eights = memref.alloc(%c25) : memref<?xf32>
  call @store_then_load(%b, %eights) : (memref<?xf32>, memref<?xf32>) -> ()
  %ue = memref.cast %eights : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%ue) : (memref<*xf32>) -> ()
  memref.dealloc %b : memref<?xf32>
  memref.dealloc %eights : memref<?xf32>

  // x = np.arange(39.0).reshape(3, 13); x - x[:, :1]
  // CHECK: data =
  // CHECK-NEXT: {{\[}}[0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12],
  // CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12],
  // CHECK-NEXT: [0,   1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12]]
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c13 = arith.constant 13 : index
  %x = memref.alloc(%c3, %c13) : memref<?x?xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c13 step %c1 {
      %ij = arith.muli %i, %c13 : index
      %e = arith.addi %ij, %j : index
      %ei = arith.index_cast %e : index to i64
      %f = arith.sitofp %ei : i64 to f32
      memref.store %f, %x[%i, %j] : memref<?x?xf32>
    }
  }
  %out = memref.alloc(%c3, %c13) : memref<?x?xf32>
  call @rows(%x, %out) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  %uo = memref.cast %out : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<?x?xf32>
  memref.dealloc %out : memref<?x?xf32>
  return
}
