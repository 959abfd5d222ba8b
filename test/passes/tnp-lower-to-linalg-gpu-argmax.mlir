// RUN: tnp-opt %s --tnp-lower-to-linalg=gpu=true --split-input-file | FileCheck %s

// On a GPU an argmax is two reductions over whole rows, whose combiners
// tnp-gpu-split-reductions can spread over threads: the best value
// (maximumf: NaN wins), then the smallest position whose value ties it
// (equal, or both NaN): the first extremum, as NumPy's. No lanes, no
// host-side choice on the row length.
// CHECK-LABEL: func.func @argmax_rows
// CHECK-NOT:   scf.if
// CHECK:       %[[LOW:.*]] = arith.constant 0xFF800000 : f32
// CHECK:       %[[START:.*]] = linalg.fill ins(%[[LOW]] : f32)
// CHECK:       %[[BEST:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x?xf32>) outs(%[[START]] : tensor<?xf32>)
// CHECK:         arith.maximumf
// CHECK:       %[[NONE:.*]] = arith.constant 9223372036854775807 : i64
// CHECK:       %[[NOTYET:.*]] = linalg.fill ins(%[[NONE]] : i64)
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[BEST]] : tensor<?x?xf32>, tensor<?xf32>) outs(%[[NOTYET]] : tensor<?xi64>)
// CHECK:       ^bb0(%[[X:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: i64):
// CHECK:         %[[J:.*]] = linalg.index 1
// CHECK:         %[[AT:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK:         arith.cmpf oeq, %[[X]], %[[B]]
// CHECK:         %[[C:.*]] = arith.select %{{.*}}, %[[AT]], %[[NONE]]
// CHECK:         arith.minsi %[[C]], %[[ACC]]
func.func @argmax_rows(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %r = tnp.argmax %x, axis = 1 : (tensor<?x?xf32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// -----

// argmin of unsigned columns into int32 positions: minui from the largest
// value, positions in int32.
// CHECK-LABEL: func.func @argmin_columns
// CHECK:       iterator_types = ["reduction", "parallel"]
// CHECK:         arith.minui
// CHECK:       %[[NONE:.*]] = arith.constant 2147483647 : i32
// CHECK:       iterator_types = ["reduction", "parallel"]
// CHECK:         %[[J:.*]] = linalg.index 0
// CHECK:         arith.index_cast %[[J]] : index to i32
// CHECK:         arith.cmpi eq
// CHECK:         arith.minsi
func.func @argmin_columns(%x: tensor<?x5xui16>) -> tensor<5xi32> {
  %r = tnp.argmin %x, axis = 0 : (tensor<?x5xui16>) -> tensor<5xi32>
  return %r : tensor<5xi32>
}
