// RUN: tnp-opt %s --tnp-lower-to-linalg=gpu=true --split-input-file | FileCheck %s

// On a GPU a scatter-add of a 32- or 64-bit dtype is a parallel loop over
// the updates, each in-range one added atomically into a copy of the
// operand.
// CHECK-LABEL: func.func @add_f32
// CHECK: %[[OUT:.*]] = bufferization.to_buffer %{{.*}} : tensor<?x3xf32> to memref<?x3xf32>
// CHECK: memref.copy %{{.*}}, %[[OUT]]
// CHECK: scf.parallel (%[[B:.*]], %[[W:.*]]) =
// CHECK: %[[I:.*]] = arith.index_cast
// CHECK: arith.cmpi ult, %[[I]]
// CHECK: scf.if
// CHECK: %[[U:.*]] = tensor.extract %arg2[%[[B]], %[[W]]]
// CHECK: memref.atomic_rmw addf %[[U]], %[[OUT]][%[[I]], %[[W]]]
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
func.func @add_f32(%x: tensor<?x3xf32>, %i: tensor<?x1xi64>, %u: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %s = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<?x3xf32>, tensor<?x1xi64>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return %s : tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @add_i64
// CHECK: memref.atomic_rmw addi
func.func @add_i64(%x: tensor<8xi64>, %i: tensor<4x1xi32>, %u: tensor<4xi64>) -> tensor<8xi64> {
  %s = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<8xi64>, tensor<4x1xi32>, tensor<4xi64>) -> tensor<8xi64>
  return %s : tensor<8xi64>
}

// -----

// Minima and maxima too: the float ones NaN-winning (buildCombine's
// minimumf/maximumf), integers by their signedness.
// CHECK-LABEL: func.func @min_max
// CHECK: scf.parallel
// CHECK: memref.atomic_rmw maximumf
// CHECK: scf.parallel
// CHECK: memref.atomic_rmw minu
// CHECK: scf.parallel
// CHECK: memref.atomic_rmw maxs
// CHECK-NOT: scf.for
func.func @min_max(%x: tensor<8xf64>, %y: tensor<8xui32>, %z: tensor<8xi64>,
                   %i: tensor<4x1xi32>, %u: tensor<4xf64>, %v: tensor<4xui32>,
                   %w: tensor<4xi64>)
    -> (tensor<8xf64>, tensor<8xui32>, tensor<8xi64>) {
  %a = tnp.scatter max %x[%i], %u, axes = [0] : (tensor<8xf64>, tensor<4x1xi32>, tensor<4xf64>) -> tensor<8xf64>
  %b = tnp.scatter min %y[%i], %v, axes = [0] : (tensor<8xui32>, tensor<4x1xi32>, tensor<4xui32>) -> tensor<8xui32>
  %c = tnp.scatter max %z[%i], %w, axes = [0] : (tensor<8xi64>, tensor<4x1xi32>, tensor<4xi64>) -> tensor<8xi64>
  return %a, %b, %c : tensor<8xf64>, tensor<8xui32>, tensor<8xi64>
}

// -----

// Multiplies: atomic products (tnp-expand-atomics makes them
// compare-and-swap loops after bufferization).
// CHECK-LABEL: func.func @mul
// CHECK: scf.parallel
// CHECK: memref.atomic_rmw muli
// CHECK: scf.parallel
// CHECK: memref.atomic_rmw mulf
func.func @mul(%x: tensor<8xi64>, %y: tensor<8xf32>, %i: tensor<4x1xi32>,
               %u: tensor<4xi64>, %v: tensor<4xf32>)
    -> (tensor<8xi64>, tensor<8xf32>) {
  %a = tnp.scatter mul %x[%i], %u, axes = [0] : (tensor<8xi64>, tensor<4x1xi32>, tensor<4xi64>) -> tensor<8xi64>
  %b = tnp.scatter mul %y[%i], %v, axes = [0] : (tensor<8xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<8xf32>
  return %a, %b : tensor<8xi64>, tensor<8xf32>
}

// -----

// No atomic for complex products: the sequential loop, in order, as on
// the CPU. Complex sums are atomic sums of each part, in [..., 2] floats
// made complex again; narrow dtypes have atomics (compare-and-swap loops on
// the containing word, which LLVM makes).
// CHECK-LABEL: func.func @no_atomics
// CHECK-NOT: memref.atomic_rmw
// CHECK-COUNT-1: scf.for
// CHECK-NOT: memref.atomic_rmw
// CHECK: return
// CHECK-LABEL: func.func @complex_sum
// CHECK: %[[PAIRS:.*]] = memref.alloc() : memref<8x2xf32>
// CHECK: scf.parallel
// CHECK: complex.re
// CHECK: complex.im
// CHECK: scf.parallel
// CHECK: memref.atomic_rmw addf %{{.*}}, %[[PAIRS]][%{{.*}}, %c0{{.*}}]
// CHECK: memref.atomic_rmw addf %{{.*}}, %[[PAIRS]][%{{.*}}, %c1{{.*}}]
// CHECK: scf.parallel
// CHECK: complex.create
// CHECK-LABEL: func.func @narrow
// CHECK: memref.atomic_rmw muli
// CHECK: memref.atomic_rmw addi
// CHECK: memref.atomic_rmw maximumf
func.func @no_atomics(%c: tensor<8xcomplex<f32>>, %i: tensor<4x1xi32>,
                      %d: tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %a = tnp.scatter mul %c[%i], %d, axes = [0] : (tensor<8xcomplex<f32>>, tensor<4x1xi32>, tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %a : tensor<8xcomplex<f32>>
}

func.func @complex_sum(%c: tensor<8xcomplex<f32>>, %i: tensor<4x1xi32>,
                       %d: tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %f = tnp.scatter add %c[%i], %d, axes = [0] : (tensor<8xcomplex<f32>>, tensor<4x1xi32>, tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %f : tensor<8xcomplex<f32>>
}

func.func @narrow(%x: tensor<8xi8>, %y: tensor<8xui16>, %z: tensor<8xbf16>,
                  %i: tensor<4x1xi32>, %u: tensor<4xi8>, %v: tensor<4xui16>,
                  %w: tensor<4xbf16>)
    -> (tensor<8xi8>, tensor<8xui16>, tensor<8xbf16>) {
  %a = tnp.scatter mul %x[%i], %u, axes = [0] : (tensor<8xi8>, tensor<4x1xi32>, tensor<4xi8>) -> tensor<8xi8>
  %b = tnp.scatter add %y[%i], %v, axes = [0] : (tensor<8xui16>, tensor<4x1xi32>, tensor<4xui16>) -> tensor<8xui16>
  %c = tnp.scatter max %z[%i], %w, axes = [0] : (tensor<8xbf16>, tensor<4x1xi32>, tensor<4xbf16>) -> tensor<8xbf16>
  return %a, %b, %c : tensor<8xi8>, tensor<8xui16>, tensor<8xbf16>
}

// -----

// A set of any dtype runs one update per thread and keeps the last update
// of a repeated position, as the CPU's loop does: each in-range update
// claims its position with an atomic maximum of its row-major number (in
// an int64 buffer filled with -1), then the claim's winner stores.
// CHECK-LABEL: func.func @set_rows
// CHECK: %[[OUT:.*]] = bufferization.to_buffer %{{.*}} : tensor<?x3xi8> to memref<?x3xi8>
// CHECK: %[[CLAIMS:.*]] = memref.alloc(%{{.*}}) : memref<?x3xi64>
// CHECK: linalg.fill ins(%c-1_i64 : i64) outs(%[[CLAIMS]] : memref<?x3xi64>)
// CHECK: scf.parallel (%[[B:.*]], %[[W:.*]]) =
// CHECK:   scf.if
// CHECK:     %[[N:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK:     memref.atomic_rmw maxs %[[N]], %[[CLAIMS]][%[[I:.*]], %[[W]]]
// CHECK: scf.parallel (%[[B2:.*]], %[[W2:.*]]) =
// CHECK:   scf.if
// CHECK:     %[[CLAIM:.*]] = memref.load %[[CLAIMS]]
// CHECK:     %[[WON:.*]] = arith.cmpi eq, %[[CLAIM]]
// CHECK:     scf.if %[[WON]]
// CHECK:       %[[U:.*]] = tensor.extract %arg2[%[[B2]], %[[W2]]]
// CHECK:       memref.store %[[U]], %[[OUT]]
// CHECK-NOT: scf.for
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
func.func @set_rows(%x: tensor<?x3xi8>, %i: tensor<?x1xi64>, %u: tensor<?x3xi8>) -> tensor<?x3xi8> {
  %s = tnp.scatter set %x[%i], %u, axes = [0] : (tensor<?x3xi8>, tensor<?x1xi64>, tensor<?x3xi8>) -> tensor<?x3xi8>
  return %s : tensor<?x3xi8>
}
