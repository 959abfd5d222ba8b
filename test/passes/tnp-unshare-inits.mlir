// RUN: tnp-opt %s --tnp-unshare-inits --split-input-file | FileCheck %s

// Two ops writing into one (CSE'd) zero fill each get their own fill of
// their own empty, so that eliminate-empty-tensors can give each its
// destination without one result overwriting the other.
// CHECK-LABEL: func.func @shared_fill
// CHECK:       %[[E1:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT:  %[[F1:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%[[E1]] : tensor<4xf64>)
// CHECK-NEXT:  %[[E2:.*]] = tensor.empty() : tensor<4xf64>
// CHECK-NEXT:  %[[F2:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%[[E2]] : tensor<4xf64>)
// CHECK-NEXT:  linalg.generic {{.*}} ins(%arg0 : tensor<4xf64>) outs(%[[F2]] : tensor<4xf64>)
// CHECK:       linalg.generic {{.*}} ins(%arg1 : tensor<4xf64>) outs(%[[F1]] : tensor<4xf64>)
#map = affine_map<(d0) -> (d0)>
func.func @shared_fill(%x: tensor<4xf64>, %y: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<4xf64>) outs(%f : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.addf %in, %out : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%y : tensor<4xf64>) outs(%f : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.addf %in, %out : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %a, %b : tensor<4xf64>, tensor<4xf64>
}

// -----

// An init used once stays as it is.
// CHECK-LABEL: func.func @single
// CHECK-COUNT-1: tensor.empty
// CHECK-NOT: tensor.empty
func.func @single(%x: tensor<4xf64>) -> tensor<4xf64> {
  %e = tensor.empty() : tensor<4xf64>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    linalg.yield %in : f64
  } -> tensor<4xf64>
  return %a : tensor<4xf64>
}

// -----

// A fill that tnp-fuse generalized (a linalg.generic reading no tensor) is
// made from nothing too.
// CHECK-LABEL: func.func @generalized_fill
// CHECK-COUNT-2: tensor.empty
// CHECK-NOT:     tensor.empty
#map = affine_map<(d0) -> (d0)>
func.func @generalized_fill(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %f = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%e : tensor<4xf64>) {
  ^bb0(%out: f64):
    linalg.yield %zero : f64
  } -> tensor<4xf64>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<4xf64>) outs(%f : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.addf %in, %out : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<4xf64>) outs(%f : tensor<4xf64>) {
  ^bb0(%in: f64, %out: f64):
    %s = arith.mulf %in, %out : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %a, %b : tensor<4xf64>, tensor<4xf64>
}
