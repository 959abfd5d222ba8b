// RUN: tnp-opt %s --tnp-cpu-pipeline=runtime=false \
// RUN: | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so \
// RUN: | FileCheck %s
// The GPU's lowering (gpu=true: one update per thread, atomics and
// last-wins claims; blas=false keeps products off cuBLAS) on the CPU, whose
// loops run the same algorithm in order: the same answers.
// RUN: tnp-opt %s --tnp-lower-to-linalg="gpu=true blas=false" \
// RUN:     --tnp-cpu-pipeline=runtime=false \
// RUN: | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so \
// RUN: | FileCheck %s

// tnp.gather and tnp.scatter run, against NumPy: each expected line is the
// NumPy expression in the comment above it. Gather clamps out-of-range
// indices (np.clip first); scatter drops them (NumPy's ufunc.at applied to
// the in-range ones only).

func.func @main() {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : i32
  %l0 = arith.constant 0 : i64

  // x = np.arange(15, dtype=np.float32).reshape(5, 3)
  // x[np.clip([4, 0, 7, -2], 0, 4)], through dynamic dims.
  // CHECK: ( ( 12, 13, 14 ), ( 0, 1, 2 ), ( 12, 13, 14 ), ( 0, 1, 2 ) )
  %x1 = tnp.constant dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0], [12.0, 13.0, 14.0]]> : tensor<5x3xf32>
  %x1d = tensor.cast %x1 : tensor<5x3xf32> to tensor<?x3xf32>
  %i1 = tnp.constant dense<[[4], [0], [7], [-2]]> : tensor<4x1xi64>
  %i1d = tensor.cast %i1 : tensor<4x1xi64> to tensor<?x1xi64>
  %g1d = tnp.gather %x1d[%i1d], axes = [0] : (tensor<?x3xf32>, tensor<?x1xi64>) -> tensor<?x3xf32>
  %g1 = tensor.cast %g1d : tensor<?x3xf32> to tensor<4x3xf32>
  %v1 = vector.transfer_read %g1[%c0, %c0], %f0 : tensor<4x3xf32>, vector<4x3xf32>
  vector.print %v1 : vector<4x3xf32>

  // x = np.arange(24, dtype=np.int32).reshape(3, 4, 2); idx = [[1, 2], [0, 0]]
  // x[idx[:, 1], :, idx[:, 0]] (axes = [2, 0])
  // CHECK: ( ( 17, 19, 21, 23 ), ( 0, 2, 4, 6 ) )
  %x2 = tnp.constant dense<[[[0, 1], [2, 3], [4, 5], [6, 7]], [[8, 9], [10, 11], [12, 13], [14, 15]], [[16, 17], [18, 19], [20, 21], [22, 23]]]> : tensor<3x4x2xi32>
  %i2 = tnp.constant dense<[[1, 2], [0, 0]]> : tensor<2x2xi32>
  %g2 = tnp.gather %x2[%i2], axes = [2, 0] : (tensor<3x4x2xi32>, tensor<2x2xi32>) -> tensor<2x4xi32>
  %v2 = vector.transfer_read %g2[%c0, %c0], %i0 : tensor<2x4xi32>, vector<2x4xi32>
  vector.print %v2 : vector<2x4xi32>

  // x = np.zeros(5, np.float32); np.add.at(x, [1, 3, 1], [1, 2, 3]);
  // indices 9 and -1 dropped. Dynamic dims.
  // CHECK: ( 0, 4, 0, 2, 0 )
  %x3 = tnp.constant dense<0.0> : tensor<5xf32>
  %x3d = tensor.cast %x3 : tensor<5xf32> to tensor<?xf32>
  %i3 = tnp.constant dense<[[1], [3], [1], [9], [-1]]> : tensor<5x1xi32>
  %u3 = tnp.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %u3d = tensor.cast %u3 : tensor<5xf32> to tensor<?xf32>
  %s3d = tnp.scatter add %x3d[%i3], %u3d, axes = [0] : (tensor<?xf32>, tensor<5x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  %s3 = tensor.cast %s3d : tensor<?xf32> to tensor<5xf32>
  %v3 = vector.transfer_read %s3[%c0], %f0 : tensor<5xf32>, vector<5xf32>
  vector.print %v3 : vector<5xf32>

  // x = np.array([1, 2, 3, 4], np.int32); np.multiply.at(x, [0, 0, 2], [5, 6, 7])
  // CHECK: ( 30, 2, 21, 4 )
  %x4 = tnp.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %i4 = tnp.constant dense<[[0], [0], [2], [4]]> : tensor<4x1xi64>
  %u4 = tnp.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
  %s4 = tnp.scatter mul %x4[%i4], %u4, axes = [0] : (tensor<4xi32>, tensor<4x1xi64>, tensor<4xi32>) -> tensor<4xi32>
  %v4 = vector.transfer_read %s4[%c0], %i0 : tensor<4xi32>, vector<4xi32>
  vector.print %v4 : vector<4xi32>

  // x = np.array([1, 5, nan, 3], np.float32); idx = [1, 1, 0, 3];
  // u = [2, 4, nan, 7]: np.minimum.at(x, idx, u), np.maximum.at(x, idx, u).
  // CHECK: ( nan, 2, nan, 3 )
  // CHECK: ( nan, 5, nan, 7 )
  %x5 = tnp.constant dense<[1.0, 5.0, 0x7FC00000, 3.0]> : tensor<4xf32>
  %i5 = tnp.constant dense<[[1], [1], [0], [3]]> : tensor<4x1xi32>
  %u5 = tnp.constant dense<[2.0, 4.0, 0x7FC00000, 7.0]> : tensor<4xf32>
  %s5 = tnp.scatter min %x5[%i5], %u5, axes = [0] : (tensor<4xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<4xf32>
  %v5 = vector.transfer_read %s5[%c0], %f0 : tensor<4xf32>, vector<4xf32>
  vector.print %v5 : vector<4xf32>
  %s5b = tnp.scatter max %x5[%i5], %u5, axes = [0] : (tensor<4xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<4xf32>
  %v5b = vector.transfer_read %s5b[%c0], %f0 : tensor<4xf32>, vector<4xf32>
  vector.print %v5b : vector<4xf32>

  // Unsigned and signed compares: np.maximum.at(np.array([1, 5], np.uint32),
  // [0, 1], [4294967295, 2]), np.maximum.at(np.array([-5, 0], np.int8),
  // [0, 1], [-3, -1]), np.minimum.at(np.array([7, 9], np.uint8), [0, 1],
  // [200, 3]).
  // CHECK: ( 4294967295, 5 )
  // CHECK: ( -3, 0 )
  // CHECK: ( 7, 3 )
  %x6 = tnp.constant dense<[1, 5]> : tensor<2xui32>
  %i6 = tnp.constant dense<[[0], [1]]> : tensor<2x1xi32>
  %u6 = tnp.constant dense<[4294967295, 2]> : tensor<2xui32>
  %s6 = tnp.scatter max %x6[%i6], %u6, axes = [0] : (tensor<2xui32>, tensor<2x1xi32>, tensor<2xui32>) -> tensor<2xui32>
  %s6w = tnp.convert %s6 : (tensor<2xui32>) -> tensor<2xi64>
  %v6 = vector.transfer_read %s6w[%c0], %l0 : tensor<2xi64>, vector<2xi64>
  vector.print %v6 : vector<2xi64>
  %x7 = tnp.constant dense<[-5, 0]> : tensor<2xi8>
  %u7 = tnp.constant dense<[-3, -1]> : tensor<2xi8>
  %s7 = tnp.scatter max %x7[%i6], %u7, axes = [0] : (tensor<2xi8>, tensor<2x1xi32>, tensor<2xi8>) -> tensor<2xi8>
  %s7w = tnp.convert %s7 : (tensor<2xi8>) -> tensor<2xi64>
  %v7 = vector.transfer_read %s7w[%c0], %l0 : tensor<2xi64>, vector<2xi64>
  vector.print %v7 : vector<2xi64>
  %x8 = tnp.constant dense<[7, 9]> : tensor<2xui8>
  %u8 = tnp.constant dense<[200, 3]> : tensor<2xui8>
  %s8 = tnp.scatter min %x8[%i6], %u8, axes = [0] : (tensor<2xui8>, tensor<2x1xi32>, tensor<2xui8>) -> tensor<2xui8>
  %s8w = tnp.convert %s8 : (tensor<2xui8>) -> tensor<2xi64>
  %v8 = vector.transfer_read %s8w[%c0], %l0 : tensor<2xi64>, vector<2xi64>
  vector.print %v8 : vector<2xi64>

  // x = np.zeros((3, 4), np.int64); x[:, [2, 0]] = [[1, 2, 3], [4, 5, 6]].T
  // (set along axes = [1]; the updates' window dim is operand dim 0).
  // CHECK: ( ( 4, 0, 1, 0 ), ( 5, 0, 2, 0 ), ( 6, 0, 3, 0 ) )
  %x9 = tnp.constant dense<0> : tensor<3x4xi64>
  %i9 = tnp.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %u9 = tnp.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %s9 = tnp.scatter set %x9[%i9], %u9, axes = [1] : (tensor<3x4xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<3x4xi64>
  %v9 = vector.transfer_read %s9[%c0, %c0], %l0 : tensor<3x4xi64>, vector<3x4xi64>
  vector.print %v9 : vector<3x4xi64>

  // Repeated positions of a set: the last update wins, as in NumPy.
  // x = np.zeros(6, np.float32); x[[1, 4, 1, 7, 1, 4]] = [10, 20, 30, 40, 50,
  // 60] (7 dropped); then np.multiply.at(y, [2, 0, 2], [3, 5, 7]) for
  // y = np.arange(1, 4, dtype=np.float64).
  // CHECK: ( 0, 50, 0, 0, 60, 0 )
  // CHECK: ( 5, 2, 63 )
  %x11 = tnp.constant dense<0.0> : tensor<6xf32>
  %x11d = tensor.cast %x11 : tensor<6xf32> to tensor<?xf32>
  %i11 = tnp.constant dense<[[1], [4], [1], [7], [1], [4]]> : tensor<6x1xi32>
  %u11 = tnp.constant dense<[10.0, 20.0, 30.0, 40.0, 50.0, 60.0]> : tensor<6xf32>
  %s11d = tnp.scatter set %x11d[%i11], %u11, axes = [0] : (tensor<?xf32>, tensor<6x1xi32>, tensor<6xf32>) -> tensor<?xf32>
  %s11 = tensor.cast %s11d : tensor<?xf32> to tensor<6xf32>
  %v11 = vector.transfer_read %s11[%c0], %f0 : tensor<6xf32>, vector<6xf32>
  vector.print %v11 : vector<6xf32>
  %x12 = tnp.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %i12 = tnp.constant dense<[[2], [0], [2]]> : tensor<3x1xi64>
  %u12 = tnp.constant dense<[3.0, 5.0, 7.0]> : tensor<3xf64>
  %s12 = tnp.scatter mul %x12[%i12], %u12, axes = [0] : (tensor<3xf64>, tensor<3x1xi64>, tensor<3xf64>) -> tensor<3xf64>
  %d0 = arith.constant 0.0 : f64
  %v12 = vector.transfer_read %s12[%c0], %d0 : tensor<3xf64>, vector<3xf64>
  vector.print %v12 : vector<3xf64>

  // Narrow dtypes, repeated positions (on the GPU, atomics on the
  // containing 32-bit word):
  // x = np.array([1, 2, 3], np.float16); np.multiply.at(x, [0, 0, 2], [1.5, 2, 0.5])
  // CHECK: ( 3, 2, 1.5 )
  %x13 = tnp.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf16>
  %i13 = tnp.constant dense<[[0], [0], [2]]> : tensor<3x1xi32>
  %u13 = tnp.constant dense<[1.5, 2.0, 0.5]> : tensor<3xf16>
  %s13 = tnp.scatter mul %x13[%i13], %u13, axes = [0] : (tensor<3xf16>, tensor<3x1xi32>, tensor<3xf16>) -> tensor<3xf16>
  %s13w = tnp.convert %s13 : (tensor<3xf16>) -> tensor<3xf32>
  %v13 = vector.transfer_read %s13w[%c0], %f0 : tensor<3xf32>, vector<3xf32>
  vector.print %v13 : vector<3xf32>
  // x = np.array([100, 200], np.int16); np.add.at(x, [1, 1, 0], [1000, 2000, 5])
  // CHECK: ( 105, 3200 )
  %x14 = tnp.constant dense<[100, 200]> : tensor<2xi16>
  %i14 = tnp.constant dense<[[1], [1], [0]]> : tensor<3x1xi32>
  %u14 = tnp.constant dense<[1000, 2000, 5]> : tensor<3xi16>
  %s14 = tnp.scatter add %x14[%i14], %u14, axes = [0] : (tensor<2xi16>, tensor<3x1xi32>, tensor<3xi16>) -> tensor<2xi16>
  %s14w = tnp.convert %s14 : (tensor<2xi16>) -> tensor<2xi64>
  %v14 = vector.transfer_read %s14w[%c0], %l0 : tensor<2xi64>, vector<2xi64>
  vector.print %v14 : vector<2xi64>

  // Complex sums: on the GPU, atomic sums of each part.
  // x = np.array([1+1j, 2, 3j], np.complex64); np.add.at(x, [2, 0, 2, 9], [1, 1j, 2-1j, 7])
  // CHECK: ( 1, 2, 3 )
  // CHECK: ( 2, 0, 2 )
  %x15 = tnp.constant dense<[(1.0, 1.0), (2.0, 0.0), (0.0, 3.0)]> : tensor<3xcomplex<f32>>
  %i15 = tnp.constant dense<[[2], [0], [2], [9]]> : tensor<4x1xi32>
  %u15 = tnp.constant dense<[(1.0, 0.0), (0.0, 1.0), (2.0, -1.0), (7.0, 0.0)]> : tensor<4xcomplex<f32>>
  %s15 = tnp.scatter add %x15[%i15], %u15, axes = [0] : (tensor<3xcomplex<f32>>, tensor<4x1xi32>, tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %r15 = tnp.real %s15 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %m15 = tnp.imag %s15 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %v15 = vector.transfer_read %r15[%c0], %f0 : tensor<3xf32>, vector<3xf32>
  vector.print %v15 : vector<3xf32>
  %w15 = vector.transfer_read %m15[%c0], %f0 : tensor<3xf32>, vector<3xf32>
  vector.print %w15 : vector<3xf32>

  // The operand of a scatter is not modified: x3 is still zeros.
  // CHECK: ( 0, 0, 0, 0, 0 )
  %v10 = vector.transfer_read %x3[%c0], %f0 : tensor<5xf32>, vector<5xf32>
  vector.print %v10 : vector<5xf32>
  return
}
