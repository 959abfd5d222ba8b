// RUN: tnp-opt %s --tnp-lower-to-linalg --split-input-file | FileCheck %s
// RUN: tnp-opt %s --tnp-lower-to-linalg=blas=false --split-input-file | FileCheck %s --check-prefix=LOOPS
// RUN: tnp-opt %s --tnp-cpu-pipeline --split-input-file | FileCheck %s --check-prefix=LLVM
// RUN: tnp-opt %s --tnp-cpu-pipeline=runtime=false --split-input-file | FileCheck %s --check-prefix=MALLOC

// Large float and complex products call the runtime's BLAS product on 3-d
// views [batch, rows, columns] of the operands' buffers (no batch: size 1,
// stride 0); eager kernels' dynamic sizes always do.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>)
// CHECK: %[[E:.*]] = tensor.empty
// CHECK: %[[OUT:.*]] = bufferization.to_buffer %[[E]] : tensor<?x?xf32> to memref<?x?xf32>
// CHECK: %[[AB:.*]] = bufferization.to_buffer %[[A]] read_only
// CHECK: %[[ABASE:.*]], %[[AOFF:.*]], %[[ASIZES:.*]]:2, %[[ASTRIDES:.*]]:2 = memref.extract_strided_metadata %[[AB]]
// CHECK: %[[AV:.*]] = memref.reinterpret_cast %[[ABASE]] to offset: [%[[AOFF]]], sizes: [1, %[[ASIZES]]#0, %[[ASIZES]]#1], strides: [0, %[[ASTRIDES]]#0, %[[ASTRIDES]]#1]
// CHECK: %[[BV:.*]] = memref.reinterpret_cast
// CHECK: %[[OV:.*]] = memref.reinterpret_cast
// CHECK: call @tnp_matmul_float32(%[[AV]], %[[BV]], %[[OV]])
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
// CHECK-NOT: linalg.matmul
// LOOPS-LABEL: func.func @dynamic
// LOOPS-NOT: call
// LOOPS: linalg.matmul
// In tnp's runtime, compiled code's buffers come from its allocator;
// without it (mlir-runner), from malloc, and products are loops.
// LLVM-LABEL: llvm.func @dynamic
// LLVM: llvm.call @_mlir_memref_to_llvm_alloc
// LLVM: llvm.call @tnp_matmul_float32
// MALLOC-LABEL: llvm.func @dynamic
// MALLOC: llvm.call @malloc
// MALLOC-NOT: llvm.call @tnp_matmul_float32
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// Operands contracted along their first dimension (a gradient's x^T @ dy)
// are views with the dimensions swapped, not transposed copies.
// CHECK-LABEL: func.func @transposed
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [1, %[[SIZES]]#1, %[[SIZES]]#0], strides: [0, %[[STRIDES]]#1, %[[STRIDES]]#0]
// CHECK: %[[BBASE:.*]], %[[BOFF:.*]], %[[BSIZES:.*]]:2, %[[BSTRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %[[BBASE]] to offset: [%[[BOFF]]], sizes: [1, %[[BSIZES]]#1, %[[BSIZES]]#0], strides: [0, %[[BSTRIDES]]#1, %[[BSTRIDES]]#0]
// CHECK: call @tnp_matmul_float64
// CHECK-NOT: linalg.transpose
func.func @transposed(%a: tensor<64x32xf64>, %b: tensor<48x64xf64>) -> tensor<32x48xf64> {
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [0] x [1] : (tensor<64x32xf64>, tensor<48x64xf64>) -> tensor<32x48xf64>
  return %0 : tensor<32x48xf64>
}

// -----

// One batch dimension is the views' first; complex products call cgemm's.
// CHECK-LABEL: func.func @batched
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:3, %[[STRIDES:.*]]:3 = memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%[[SIZES]]#0, %[[SIZES]]#1, %[[SIZES]]#2], strides: [%[[STRIDES]]#0, %[[STRIDES]]#1, %[[STRIDES]]#2]
// CHECK: call @tnp_matmul_complex64
func.func @batched(%a: tensor<?x2x3xcomplex<f32>>, %b: tensor<?x3x4xcomplex<f32>>) -> tensor<?x2x4xcomplex<f32>> {
  %0 = tnp.dot_general %a, %b, batch = [0] x [0], contracting = [2] x [1] : (tensor<?x2x3xcomplex<f32>>, tensor<?x3x4xcomplex<f32>>) -> tensor<?x2x4xcomplex<f32>>
  return %0 : tensor<?x2x4xcomplex<f32>>
}

// -----

// Loops, not BLAS: a small static product (its epilogue fuses, no call's
// fixed cost), 16-bit floats and integers (no BLAS for them), two batch
// dimensions, a matrix times a vector (an inner product: float32 sums in
// float64).
// CHECK-LABEL: func.func @loops
// CHECK-NOT: call
// CHECK: return
func.func @loops(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %h: tensor<?x?xf16>, %i: tensor<?x?xi32>, %c: tensor<?x?x2x3xf64>, %d: tensor<?x?x3x4xf64>, %v: tensor<?xf32>, %m: tensor<?x?xf32>) -> (tensor<2x4xf32>, tensor<?x?xf16>, tensor<?x?xi32>, tensor<?x?x2x4xf64>, tensor<?xf32>) {
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = tnp.dot_general %h, %h, batch = [] x [], contracting = [1] x [0] : (tensor<?x?xf16>, tensor<?x?xf16>) -> tensor<?x?xf16>
  %2 = tnp.dot_general %i, %i, batch = [] x [], contracting = [1] x [0] : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>
  %3 = tnp.dot_general %c, %d, batch = [0, 1] x [0, 1], contracting = [3] x [2] : (tensor<?x?x2x3xf64>, tensor<?x?x3x4xf64>) -> tensor<?x?x2x4xf64>
  %4 = tnp.dot_general %m, %v, batch = [] x [], contracting = [1] x [0] : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<2x4xf32>, tensor<?x?xf16>, tensor<?x?xi32>, tensor<?x?x2x4xf64>, tensor<?xf32>
}
