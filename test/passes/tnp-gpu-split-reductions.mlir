// RUN: tnp-opt %s --tnp-gpu-split-reductions --canonicalize | FileCheck %s

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#none = affine_map<(d0, d1) -> ()>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// A sum of everything: 32768 threads each fold a strided share of the
// elements (the linear index split into the two dimensions), 256 threads
// fold those partials, and one loop folds the 256 into the initial value.
// CHECK-LABEL: func.func @everything
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C32768:.*]] = arith.constant 32768 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: %[[COUNT:.*]] = arith.muli
// CHECK: %[[FIRST:.*]] = memref.alloc() : memref<32768xf64>
// CHECK: scf.parallel (%[[P:.*]]) = (%{{.*}}) to (%[[C32768]])
// CHECK: scf.for %[[K:.*]] = %[[P]] to %[[COUNT]] step %[[C32768]] iter_args(%{{.*}} = %[[ZERO]])
// CHECK: arith.remui %[[K]]
// CHECK: arith.divui %[[K]]
// CHECK: memref.load %arg0
// CHECK: arith.extf
// CHECK: arith.addf {{.*}} fastmath<reassoc>
// CHECK: memref.store {{.*}}, %[[FIRST]][%[[P]]]
// CHECK: %[[SECOND:.*]] = memref.alloc() : memref<256xf64>
// CHECK: scf.parallel (%[[Q:.*]]) = (%{{.*}}) to (%[[C256]])
// CHECK: scf.for %{{.*}} = %[[Q]] to %[[C32768]] step %[[C256]]
// CHECK: memref.store {{.*}}, %[[SECOND]][%[[Q]]]
// CHECK: %[[INIT:.*]] = memref.load %arg1[]
// CHECK: %[[TOTAL:.*]] = scf.for {{.*}} to %[[C256]] {{.*}} iter_args(%{{.*}} = %[[INIT]])
// CHECK: memref.store %[[TOTAL]], %arg1[]
// CHECK: memref.dealloc %[[FIRST]]
// CHECK: memref.dealloc %[[SECOND]]
// CHECK-NOT: linalg.generic
func.func @everything(%x: memref<?x?xf32>, %out: memref<f64>) {
  linalg.generic {indexing_maps = [#id2, #none],
                  iterator_types = ["reduction", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<f64>) {
  ^bb0(%in: f32, %acc: f64):
    %e = arith.extf %in : f32 to f64
    %s = arith.addf %e, %acc fastmath<reassoc> : f64
    linalg.yield %s : f64
  }
  return
}

// A column maximum (the reduced dimension first): 32 threads per column,
// the columns innermost (consecutive threads read consecutive elements of a
// row); one thread per column folds them.
// CHECK-LABEL: func.func @columns
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[MIN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-DAG: %[[ROWS:.*]] = memref.dim %arg0, %c0
// CHECK-DAG: %[[COLS:.*]] = memref.dim %arg0, %c1
// CHECK: %[[PARTS:.*]] = memref.alloc(%[[COLS]]) : memref<32x?xi64>
// CHECK: scf.parallel (%[[P:.*]], %[[J:.*]]) = ({{.*}}) to (%[[C32]], %[[COLS]])
// CHECK: scf.for %[[K:.*]] = %[[P]] to %[[ROWS]] step %[[C32]] iter_args(%{{.*}} = %[[MIN]])
// CHECK-NOT: remui
// CHECK: memref.load %arg0[%[[K]], %[[J]]]
// CHECK: arith.maxsi
// CHECK: memref.store {{.*}}, %[[PARTS]][%[[P]], %[[J]]]
// CHECK: scf.parallel (%[[J2:.*]]) = ({{.*}}) to (%[[COLS]])
// CHECK: memref.load %arg1[%[[J2]]]
// CHECK: scf.for %[[Q:.*]] = {{.*}} to %[[C32]]
// CHECK: memref.load %[[PARTS]][%[[Q]], %[[J2]]]
// CHECK: arith.maxsi
// CHECK: memref.store {{.*}}, %arg1[%[[J2]]]
// CHECK: memref.dealloc %[[PARTS]]
func.func @columns(%x: memref<?x?xi64>, %out: memref<?xi64>) {
  linalg.generic {indexing_maps = [#id2, #col],
                  iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<?x?xi64>) outs(%out : memref<?xi64>) {
  ^bb0(%in: i64, %acc: i64):
    %m = arith.maxsi %in, %acc : i64
    linalg.yield %m : i64
  }
  return
}

// A row sum: 32 threads per row, innermost (consecutive elements of the
// row).
// CHECK-LABEL: func.func @rows
// CHECK: %[[PARTS:.*]] = memref.alloc(%{{.*}}) : memref<?x32xf32>
// CHECK: scf.parallel (%[[I:.*]], %[[P:.*]]) = ({{.*}}) to (%{{.*}}, %c32)
// CHECK: scf.for %[[K:.*]] = %[[P]] to
// CHECK: memref.load %arg0[%[[I]], %[[K]]]
// CHECK: memref.store {{.*}}, %[[PARTS]][%[[I]], %[[P]]]
func.func @rows(%x: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#id2, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// A body reading its position (an argmax's second reduction: the first
// position holding the row's best value) splits too: each thread's
// position is the element it folds.
// CHECK-LABEL: func.func @positions
// CHECK: scf.parallel (%[[R:.*]], %[[P:.*]]) =
// CHECK: scf.for %[[K:.*]] = %[[P]] to
// CHECK: %[[X:.*]] = memref.load %arg0[%[[R]], %[[K]]]
// CHECK: %[[BEST:.*]] = memref.load %arg1[%[[R]]]
// CHECK: %[[AT:.*]] = arith.index_cast %[[K]] : index to i64
// CHECK: arith.cmpf oeq, %[[X]], %[[BEST]]
// CHECK: arith.select %{{.*}}, %[[AT]]
// CHECK: arith.minsi
// CHECK-NOT: linalg.generic
func.func @positions(%x: memref<?x?xf32>, %best: memref<?xf32>,
                     %i: memref<?xi64>) {
  linalg.generic {indexing_maps = [#id2, #row, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x, %best : memref<?x?xf32>, memref<?xf32>) outs(%i : memref<?xi64>) {
  ^bb0(%in: f32, %b: f32, %acc: i64):
    %none = arith.constant 9223372036854775807 : i64
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i64
    %tie = arith.cmpf oeq, %in, %b : f32
    %s = arith.select %tie, %c, %none : i64
    %m = arith.minsi %s, %acc : i64
    linalg.yield %m : i64
  }
  return
}

// Left as they are: a float sum not marked reassoc, a reduction with
// threads enough (65536 rows), one with few elements per output (100).
// CHECK-LABEL: func.func @kept
// CHECK-NOT: scf.parallel
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: scf.parallel
func.func @kept(%x: memref<?x?xf32>, %out: memref<?xf32>,
                %many: memref<65536x512xf32>,
                %manyOut: memref<65536xf32>, %few: memref<?x100xf32>) {
  linalg.generic {indexing_maps = [#id2, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id2, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%many : memref<65536x512xf32>) outs(%manyOut : memref<65536xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id2, #row],
                  iterator_types = ["parallel", "reduction"]}
      ins(%few : memref<?x100xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// A fused variance: the column's mean read through a broadcast ([1, n],
// index 0) splits as any input does.
// CHECK-LABEL: func.func @broadcast_mean
// CHECK: scf.parallel (%[[P:.*]], %[[J:.*]]) =
// CHECK: scf.for %[[K:.*]] = %[[P]] to
// CHECK-DAG: memref.load %arg0[%[[K]], %[[J]]]
// CHECK-DAG: memref.load %arg1[%c0, %[[J]]]
// CHECK-NOT: linalg.generic
#first = affine_map<(d0, d1) -> (0, d1)>
func.func @broadcast_mean(%x: memref<?x4xf32>, %mean: memref<1x4xf32>,
                          %out: memref<4xf64>) {
  linalg.generic {indexing_maps = [#id2, #first, #col],
                  iterator_types = ["reduction", "parallel"]}
      ins(%x, %mean : memref<?x4xf32>, memref<1x4xf32>) outs(%out : memref<4xf64>) {
  ^bb0(%in: f32, %m: f32, %acc: f64):
    %d = arith.subf %in, %m : f32
    %q = arith.mulf %d, %d : f32
    %e = arith.extf %q : f32 to f64
    %s = arith.addf %e, %acc fastmath<reassoc> : f64
    linalg.yield %s : f64
  }
  return
}

// A reduction left whole, whose reduced loop came first (a column sum of
// many columns), has it moved innermost: convert-linalg-to-parallel-loops
// would leave it on the host around the kernel, one launch per row.
// CHECK-LABEL: func.func @many_columns
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["parallel", "reduction"]}
func.func @many_columns(%x: memref<512x65536xf32>, %out: memref<65536xf32>) {
  linalg.generic {indexing_maps = [#id2, #col],
                  iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<512x65536xf32>) outs(%out : memref<65536xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
