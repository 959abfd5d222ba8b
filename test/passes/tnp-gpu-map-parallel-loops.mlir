// RUN: tnp-opt %s --tnp-gpu-map-parallel-loops="block-size=128 elements-per-thread=4" | FileCheck %s

// A 2-d loop: tiles of [1, 128 x 4]; the outer dimension's tiles go to
// blocks x, the innermost's to blocks y and z (block (y, z) takes tile
// z * 65535 + y: y takes at most 65535 blocks, and the size is not known),
// the innermost in-tile dimension goes to threads x, each thread doing its
// 4 runs of 128 in turn (without their guards where all 4 are in bounds),
// and a loop nested in the tile stays sequential. The tile sizes are
// folded into constants.
// CHECK-LABEL: func.func @rows
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C512:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[CAP:.*]] = arith.constant 65535 : index
// CHECK: %[[TILES:.*]] = arith.ceildivui %{{.*}}, %[[C512]]
// CHECK: %[[Y:.*]] = arith.minui %[[TILES]], %[[CAP]]
// CHECK: %[[Z:.*]] = arith.ceildivui %[[TILES]], %[[CAP]]
// CHECK: scf.parallel (%{{.*}}, %[[BY:.*]], %[[BZ:.*]]) = ({{.*}}) to (%{{.*}}, %[[Y]], %[[Z]])
// CHECK: %[[ZY:.*]] = arith.muli %[[BZ]], %[[CAP]]
// CHECK: %[[TILE:.*]] = arith.addi %[[ZY]], %[[BY]]
// CHECK: arith.muli %[[TILE]], %[[C512]]
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%{{.*}}, %[[C128]])
// CHECK: arith.constant 384 : index
// CHECK: scf.if
// CHECK-COUNT-4: {mapping = [#gpu.loop_dim_map<processor = sequential
// CHECK: } else {
// CHECK: scf.if
// CHECK: scf.if
// CHECK: scf.parallel
// CHECK: {mapping = [#gpu.loop_dim_map<processor = sequential, {{.*}}>, #gpu.loop_dim_map<processor = thread_x
// CHECK-NOT: scf.parallel
// CHECK: {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_z
func.func @rows(%m: index, %n: index, %k: index, %a: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
    scf.parallel (%l) = (%c0) to (%k) step (%c1) {
      memref.store %zero, %a[%i, %j, %l] : memref<?x?x?xf32>
    }
  }
  return
}

// An innermost dimension of 32 trips (a split reduction's threads per
// output) leaves the rest of the block to the next dimension: tiles of
// [128 / 32, 32] (block-size=128), on threads y and x.
// CHECK-LABEL: func.func @short_rows
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%{{.*}}, %[[C32]]) step (%[[C4]], %[[C32]])
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%[[C4]], %[[C32]])
// CHECK: {mapping = [#gpu.loop_dim_map<processor = thread_y, {{.*}}>, #gpu.loop_dim_map<processor = thread_x
// CHECK: {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y
func.func @short_rows(%m: index, %a: memref<?x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %c32) step (%c1, %c1) {
    memref.store %f, %a[%i, %j] : memref<?x32xf32>
  }
  return
}

// A thread's 4 elements: where all are in bounds, the loads of x and y
// (which nothing in the loop writes) come first, then each element's
// arithmetic and store; at the edge, each element behind its guards. The
// loads of a buffer the loop writes (@in_place) keep their place.
// CHECK-LABEL: func.func @loads_first
// CHECK: scf.parallel
// CHECK: arith.andi
// CHECK: scf.if %{{[0-9]+}} {
// CHECK-COUNT-8: memref.load
// CHECK-NOT: memref.load
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: arith.addf
// CHECK: memref.store
// CHECK: } else {
// CHECK-COUNT-4: memref.load %arg0
func.func @loads_first(%x: memref<?xf32>, %y: memref<?xf32>,
                       %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.load %x[%i] : memref<?xf32>
    %b = memref.load %y[%i] : memref<?xf32>
    %r = arith.addf %a, %b : f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return
}

// CHECK-LABEL: func.func @in_place
// CHECK: scf.if
// CHECK: memref.load
// CHECK: memref.store
// CHECK: memref.load
// CHECK: memref.store
// CHECK: memref.load
// CHECK: memref.store
// CHECK: memref.load
// CHECK: memref.store
// CHECK: } else {
func.func @in_place(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %r = arith.addf %v, %f : f32
    memref.store %r, %a[%i] : memref<?xf32>
  }
  return
}

// Writes that tell which buffer they write only through their op's own
// effects (a linalg op's output, here a view of x) keep x's loads after
// them.
// CHECK-LABEL: func.func @filled
// CHECK: scf.if
// CHECK: linalg.fill
// CHECK-NEXT: memref.load %arg0
func.func @filled(%x: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %f = arith.constant 7.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %one = memref.subview %x[%i] [1] [1]
        : memref<?xf32> to memref<1xf32, strided<[1], offset: ?>>
    linalg.fill ins(%f : f32) outs(%one : memref<1xf32, strided<[1], offset: ?>>)
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
  }
  return
}

// A store into a choice between buffers, which may be x: the loop may
// write what others alias, and is left as tiled, its runs a loop.
// CHECK-LABEL: func.func @chosen
// CHECK: scf.parallel
// CHECK-NEXT: scf.parallel
// CHECK-NEXT: scf.parallel
// CHECK-NOT: else
// CHECK: return
func.func @chosen(%x: memref<?xf32>, %y: memref<?xf32>, %c: i1,
                  %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %m = arith.select %c, %x, %y : memref<?xf32>
  %f = arith.constant 7.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %m[%i] : memref<?xf32>
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
  }
  return
}

// A last dimension of known size within 65535 tiles keeps its blocks on y
// alone.
// CHECK-LABEL: func.func @known_rows
// CHECK-NOT: arith.minui
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%{{.*}}, %{{.*}}) step
// CHECK: {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>]}
func.func @known_rows(%m: index, %a: memref<?x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%m, %c4096) step (%c1, %c1) {
    memref.store %f, %a[%i, %j] : memref<?x4096xf32>
  }
  return
}

// A loop of rank 3: its outer dimensions become one, on blocks x (up to
// 2^31 - 1 blocks, where y and z take 65535), each thread recovering them by
// division; the innermost keeps blocks y and z and threads x.
// CHECK-LABEL: func.func @three_dims
// CHECK: %[[OUTER:.*]] = arith.muli %arg0, %arg1 : index
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%[[OUTER]], %{{.*}}, %{{.*}})
// CHECK: %[[J:.*]] = arith.remsi %{{.*}}, %arg1 : index
// CHECK: %[[I:.*]] = arith.divsi %{{.*}}, %arg1 : index
// CHECK: memref.store %{{.*}}, %arg3[%[[I]], %[[J]], %{{.*}}]
// CHECK: {mapping = [#gpu.loop_dim_map<processor = sequential, {{.*}}>, #gpu.loop_dim_map<processor = thread_x
// CHECK: {mapping = [#gpu.loop_dim_map<processor = block_x, {{.*}}>, #gpu.loop_dim_map<processor = block_y, {{.*}}>, #gpu.loop_dim_map<processor = block_z
func.func @three_dims(%m: index, %n: index, %k: index, %a: memref<?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j, %l) = (%c0, %c0, %c0) to (%m, %n, %k) step (%c1, %c1, %c1) {
    memref.store %f, %a[%i, %j, %l] : memref<?x?x?xf32>
  }
  return
}

// A copy between views that are not both contiguous becomes loads and
// stores: a parallel loop, or for one element (rank 0, an element of a
// slice) a load and a store, which tnp-gpu-launch-host-code runs on one
// thread.
// CHECK-LABEL: func.func @copies
// CHECK-NOT:   memref.copy
// CHECK:       scf.parallel
// CHECK:         memref.load %arg0
// CHECK:         memref.store %{{.*}}, %arg1
// CHECK:       %[[ONE:.*]] = memref.load %[[ELEMENT:.*]][] : memref<i64, strided<[], offset: ?>>
// CHECK:       memref.store %[[ONE]], %arg2[] : memref<i64>
// CHECK-NOT:   memref.copy
func.func @copies(%x: memref<?x?xi64, strided<[?, ?], offset: ?>>,
                  %y: memref<?x?xi64>, %z: memref<i64>) {
  memref.copy %x, %y : memref<?x?xi64, strided<[?, ?], offset: ?>> to memref<?x?xi64>
  %c1 = arith.constant 1 : index
  %element = memref.subview %y[%c1, %c1] [1, 1] [1, 1] : memref<?x?xi64> to memref<i64, strided<[], offset: ?>>
  memref.copy %element, %z : memref<i64, strided<[], offset: ?>> to memref<i64>
  return
}
