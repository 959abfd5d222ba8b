// RUN: tnp-opt %s --tnp-promote-types --canonicalize --tnp-lower-to-linalg=blas=false --canonicalize --cse --tnp-fuse --split-input-file | FileCheck %s

// Products stay linalg ops here (blas=false): fusing into a contraction is
// what the loops path does, for the products BLAS does not take (integers,
// 16-bit floats, small ones).

// A chain of elementwise ops, a broadcast and a literal: one loop.
// CHECK-LABEL: func.func @sigmoid
// CHECK:     linalg.generic
// CHECK:       arith.negf
// CHECK-NEXT:  math.exp
// CHECK-NEXT:  arith.addf
// CHECK-NEXT:  arith.divf
// CHECK-NOT: linalg.generic
func.func @sigmoid(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = tnp.neg %x : tensor<8xf32>
  %1 = tnp.exp %0 : tensor<8xf32>
  %c = tnp.constant dense<1.0> : tensor<f32>
  %b = tnp.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %2 = tnp.add %b, %1 : tensor<8xf32>
  %3 = tnp.div %b, %2 : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

// A convert and a broadcast along a new dimension fuse into their consumer.
// CHECK-LABEL: func.func @convert_broadcast
// CHECK:     linalg.generic
// CHECK-SAME:  ins(%{{.*}}, %{{.*}} : tensor<3xi32>, tensor<2x3xf64>)
// CHECK:       arith.sitofp
// CHECK-NEXT:  arith.mulf
// CHECK-NOT: linalg.generic
func.func @convert_broadcast(%v: tensor<3xi32>, %m: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = tnp.convert %v : (tensor<3xi32>) -> tensor<3xf64>
  %1 = tnp.broadcast_in_dim %0, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>
  %2 = tnp.mul %1, %m : tensor<2x3xf64>
  return %2 : tensor<2x3xf64>
}

// -----

// An expensive producer used twice is computed once, not in each consumer.
// CHECK-LABEL: func.func @exp_used_twice
// CHECK:     %[[E:.*]] = linalg.generic
// CHECK:       math.exp
// CHECK:     linalg.generic {{.*}} ins(%[[E]],
// CHECK-NOT:   math.exp
// CHECK:       arith.addf
// CHECK:     linalg.generic {{.*}} ins(%[[E]],
// CHECK-NOT:   math.exp
// CHECK:       arith.mulf
func.func @exp_used_twice(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %1 = tnp.exp %x : tensor<8xf32>
  %2 = tnp.add %1, %x : tensor<8xf32>
  %3 = tnp.mul %1, %x : tensor<8xf32>
  return %2, %3 : tensor<8xf32>, tensor<8xf32>
}

// -----

// A cheap producer used twice is recomputed in each consumer.
// CHECK-LABEL: func.func @cheap_used_twice
// CHECK:     linalg.generic
// CHECK-SAME:  ins(%{{.*}} : tensor<8xf32>)
// CHECK:       arith.mulf
// CHECK-NEXT:  arith.addf
// CHECK:     linalg.generic
// CHECK-SAME:  ins(%{{.*}} : tensor<8xf32>)
// CHECK:       arith.mulf
// CHECK-NEXT:  arith.subf
func.func @cheap_used_twice(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %1 = tnp.mul %x, %x : tensor<8xf32>
  %2 = tnp.add %1, %x : tensor<8xf32>
  %3 = tnp.sub %1, %x : tensor<8xf32>
  return %2, %3 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Elementwise work fuses into the reduction that consumes it.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK:     linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:       arith.mulf
// CHECK-NEXT:  arith.extf
// CHECK-NEXT:  arith.addf
// The float64 accumulator's rounding to float32:
// CHECK:     linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK:       arith.truncf
// CHECK-NOT: linalg.generic
func.func @sum_of_squares(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %1 = tnp.mul %x, %x : tensor<4x8xf32>
  %2 = tnp.reduce sum %1, axes = [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// A contraction reads each lhs element once per output column: a cheap
// producer (relu) fuses into it, an expensive one (exp) does not.
// CHECK-LABEL: func.func @matmul_prologues
// CHECK:     linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK:       arith.maximumf
// CHECK-NEXT:  arith.mulf
// CHECK:     %[[E:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins
// CHECK:       math.exp
// CHECK:     linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[E]],
// CHECK-NOT:   math.exp
func.func @matmul_prologues(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %c = tnp.constant dense<0.0> : tensor<f32>
  %b = tnp.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %r = tnp.maximum %x, %b : tensor<4x8xf32>
  %m = tnp.dot_general %r, %w, batch = [] x [], contracting = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  %e = tnp.exp %x : tensor<4x8xf32>
  %n = tnp.dot_general %e, %w, batch = [] x [], contracting = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %m, %n : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// A cheap producer fuses into a contraction only while recomputing it at
// each reread costs at most 8 ops per element: a 1-op relu read 3 times
// fuses; the 8-op mask chain of a relu's derivative read 32 times (a
// weight gradient's product) stays a loop of its own.
// CHECK-LABEL: func.func @reread_budget
// CHECK:     %[[MASK:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]}
// CHECK:       arith.cmpf oeq
// CHECK:       arith.cmpf ogt
// CHECK:     linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]} ins({{.*}}%[[MASK]]
// CHECK-NOT:   arith.cmpf
func.func @reread_budget(%x: tensor<512x32xf32>, %h: tensor<512x64xf32>, %ct: tensor<512x64xf32>) -> tensor<32x64xf32> {
  %zero = tnp.constant dense<0.0> : tensor<512x64xf32>
  %half = tnp.constant dense<0.5> : tensor<512x64xf32>
  %eq = tnp.eq %h, %zero : tensor<512x64xf32>
  %eqf = tnp.convert %eq : (tensor<512x64xi1>) -> tensor<512x64xf32>
  %tie = tnp.mul %eqf, %half : tensor<512x64xf32>
  %gt = tnp.gt %h, %zero : tensor<512x64xf32>
  %gtf = tnp.convert %gt : (tensor<512x64xi1>) -> tensor<512x64xf32>
  %d = tnp.add %gtf, %tie : tensor<512x64xf32>
  %dh = tnp.mul %ct, %d : tensor<512x64xf32>
  %g = tnp.dot_general %x, %dh, batch = [] x [], contracting = [0] x [0] : (tensor<512x32xf32>, tensor<512x64xf32>) -> tensor<32x64xf32>
  return %g : tensor<32x64xf32>
}
