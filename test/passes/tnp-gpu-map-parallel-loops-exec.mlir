// Loops mapped for a GPU with several elements per thread, run on the CPU
// (the mapping is an attribute the CPU ignores): blocks of 4 threads, 3
// runs each, so tiles of 12 elements, and lengths on either side of a tile
// (the threads whose runs are all in bounds take the loads-first path, the
// others the guarded one, which writes nothing past the end).
// RUN: tnp-opt %s --tnp-gpu-map-parallel-loops="block-size=4 elements-per-thread=3" \
// RUN:     --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm \
// RUN:     --reconcile-unrealized-casts \
// RUN: | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so \
// RUN: | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)

// out = 2 x + y, y[i] = 1000: loads of x and y go first. `out` views the
// first n elements of a longer buffer, whose rest no thread may write.
func.func @axpy(%x: memref<?xf32>, %y: memref<?xf32>,
                %out: memref<?xf32, strided<[1]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %x[%i] : memref<?xf32>
    %b = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %two : f32
    %r = arith.addf %ax, %b : f32
    memref.store %r, %out[%i] : memref<?xf32, strided<[1]>>
  }
  return
}

// a[i] = 7 through a view of a, then out[i] = a[i] + 1: the load reads the
// store before it, and stays after it.
func.func @store_then_load(%a: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7.0 : f32
  %one = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %view = memref.subview %a[0] [%n] [1]
      : memref<?xf32> to memref<?xf32, strided<[1]>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %seven, %view[%i] : memref<?xf32, strided<[1]>>
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
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = call @iota(%n) : (index) -> memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  %k = arith.constant 1000.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %k, %y[%i] : memref<?xf32>
  }
  // Four more elements, -1 each, after the result.
  %more = arith.addi %n, %c4 : index
  %buffer = memref.alloc(%more) : memref<?xf32>
  %minus = arith.constant -1.0 : f32
  scf.for %i = %c0 to %more step %c1 {
    memref.store %minus, %buffer[%i] : memref<?xf32>
  }
  %out = memref.subview %buffer[0] [%n] [1]
      : memref<?xf32> to memref<?xf32, strided<[1]>>
  call @axpy(%x, %y, %out)
      : (memref<?xf32>, memref<?xf32>, memref<?xf32, strided<[1]>>) -> ()
  %u = memref.cast %buffer : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %x : memref<?xf32>
  memref.dealloc %y : memref<?xf32>
  memref.dealloc %buffer : memref<?xf32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c25 = arith.constant 25 : index
  // CHECK: data =
  // CHECK-NEXT: [1000,  -1,  -1,  -1,  -1]
  call @run_axpy(%c1) : (index) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1000,  1002,  1004,  1006,  1008,  1010,  1012,  1014,  1016,  1018,  1020,  -1,  -1,  -1,  -1]
  call @run_axpy(%c11) : (index) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1000,  1002,  1004,  1006,  1008,  1010,  1012,  1014,  1016,  1018,  1020,  1022,  -1,  -1,  -1,  -1]
  call @run_axpy(%c12) : (index) -> ()
  // CHECK: data =
  // CHECK-NEXT: [1000,  1002,  1004,  1006,  1008,  1010,  1012,  1014,  1016,  1018,  1020,  1022,  1024,  1026,  1028,  1030,  1032,  1034,  1036,  1038,  1040,  1042,  1044,  1046,  1048,  -1,  -1,  -1,  -1]
  call @run_axpy(%c25) : (index) -> ()

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
