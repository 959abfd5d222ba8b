// RUN: tnp-opt %s --tnp-cpu-pipeline=runtime=false \
// RUN: | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so \
// RUN: | FileCheck %s

// The shape ops run, against NumPy: each case is a function (so nothing
// folds on constants), and each expected line is the NumPy expression in the
// comment above it. lax.pad(x, v, [(low, high, interior)]) is XLA's pad.

func.func @case0(%a0: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %t = tnp.reshape %a0 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %r = tnp.add %t, %t : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

func.func @case1(%a0: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %t = tnp.reshape %a0 : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %r = tnp.add %t, %t : tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}

func.func @case2(%a0: tensor<6x4xui8>) -> tensor<6x2x2xui8> {
  %t = tnp.reshape %a0 : (tensor<6x4xui8>) -> tensor<6x2x2xui8>
  %r = tnp.add %t, %t : tensor<6x2x2xui8>
  return %r : tensor<6x2x2xui8>
}

func.func @case3(%a0: tensor<f32>) -> tensor<1x1x1xf32> {
  %t = tnp.reshape %a0 : (tensor<f32>) -> tensor<1x1x1xf32>
  %r = tnp.add %t, %t : tensor<1x1x1xf32>
  return %r : tensor<1x1x1xf32>
}

func.func @case4(%a0: tensor<1x1xf32>) -> tensor<f32> {
  %t = tnp.reshape %a0 : (tensor<1x1xf32>) -> tensor<f32>
  %r = tnp.add %t, %t : tensor<f32>
  return %r : tensor<f32>
}

func.func @case5(%a0: tensor<?x4x5xi16>) -> tensor<5x?x4xi16> {
  %r = tnp.transpose %a0, permutation = [2, 0, 1] : tensor<?x4x5xi16> -> tensor<5x?x4xi16>
  return %r : tensor<5x?x4xi16>
}

func.func @case6(%a0: tensor<5x7xf64>) -> tensor<2x3xf64> {
  %r = tnp.slice %a0, start = [1, 0], limit = [5, 7], strides = [2, 3] : tensor<5x7xf64> -> tensor<2x3xf64>
  return %r : tensor<2x3xf64>
}

func.func @case7(%a0: tensor<3x4x5xi16>) -> tensor<3x4x5xi16> {
  %r = tnp.reverse %a0, dims = [0, 2] : tensor<3x4x5xi16> -> tensor<3x4x5xi16>
  return %r : tensor<3x4x5xi16>
}

func.func @case8(%a0: tensor<3x?x?xi16>) -> tensor<3x?x?xi16> {
  %r = tnp.reverse %a0, dims = [1, 2] : tensor<3x?x?xi16> -> tensor<3x?x?xi16>
  return %r : tensor<3x?x?xi16>
}

func.func @case9(%a0: tensor<2x3xui8>, %a1: tensor<2x1xui8>, %a2: tensor<2x4xui8>) -> tensor<2x8xui8> {
  %r = tnp.concatenate (%a0, %a1, %a2), dim = 1 : (tensor<2x3xui8>, tensor<2x1xui8>, tensor<2x4xui8>) -> tensor<2x8xui8>
  return %r : tensor<2x8xui8>
}

func.func @case10(%a0: tensor<2x3x4xf32>, %a1: tensor<?x3x4xf32>) -> tensor<?x3x4xf32> {
  %r = tnp.concatenate (%a0, %a1), dim = 0 : (tensor<2x3x4xf32>, tensor<?x3x4xf32>) -> tensor<?x3x4xf32>
  return %r : tensor<?x3x4xf32>
}

func.func @case11(%a0: tensor<3x4xf32>, %a1: tensor<f32>) -> tensor<6x6xf32> {
  %r = tnp.pad %a0, %a1, low = [1, 2], high = [2, 0], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x6xf32>
  return %r : tensor<6x6xf32>
}

func.func @case12(%a0: tensor<3x4xf32>, %a1: tensor<f32>) -> tensor<6x11xf32> {
  %r = tnp.pad %a0, %a1, low = [0, 1], high = [1, 0], interior = [1, 2] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x11xf32>
  return %r : tensor<6x11xf32>
}

func.func @case13(%a0: tensor<3x4xf32>, %a1: tensor<f32>) -> tensor<2x1xf32> {
  %r = tnp.pad %a0, %a1, low = [-1, 0], high = [0, -3], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}

func.func @case14(%a0: tensor<3x4xf32>, %a1: tensor<f32>) -> tensor<4x2xf32> {
  %r = tnp.pad %a0, %a1, low = [-2, -1], high = [-1, -4], interior = [2, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

func.func @case15(%a0: tensor<3x4xf32>, %a1: tensor<f32>) -> tensor<1x4xf32> {
  %r = tnp.pad %a0, %a1, low = [-3, 0], high = [1, 0], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<1x4xf32>
  return %r : tensor<1x4xf32>
}

func.func @case16(%a0: tensor<?x4xf32>, %a1: tensor<f32>) -> tensor<?x5xf32> {
  %r = tnp.pad %a0, %a1, low = [1, 0], high = [0, 1], interior = [1, 0] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}

func.func @case17(%a0: tensor<6xui8>, %a1: tensor<ui8>) -> tensor<17xui8> {
  %r = tnp.pad %a0, %a1, low = [-1], high = [2], interior = [2] : (tensor<6xui8>, tensor<ui8>) -> tensor<17xui8>
  return %r : tensor<17xui8>
}

func.func @case18(%a0: tensor<3xi1>, %a1: tensor<i1>) -> tensor<7xi1> {
  %r = tnp.pad %a0, %a1, low = [1], high = [1], interior = [1] : (tensor<3xi1>, tensor<i1>) -> tensor<7xi1>
  return %r : tensor<7xi1>
}

// CHECK-LABEL: exec
func.func @main() {
  %c0 = arith.constant 0 : index
  vector.print str "exec\n"
  // x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
  // x.reshape(6, 4) * 2
  // (+ itself: a function returning a view of its argument leaves a bufferization.clone that tnp-cpu-pipeline does not lower)
  %x0_0 = tnp.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %r0 = func.call @case0(%x0_0) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %pad0_0 = arith.constant 0.0 : f32
  %v0_0 = vector.transfer_read %r0[%c0, %c0], %pad0_0 : tensor<6x4xf32>, vector<6x4xf32>
  vector.print %v0_0 : vector<6x4xf32>
  // CHECK-NEXT: ( ( 0, 2, 4, 6 ), ( 8, 10, 12, 14 ), ( 16, 18, 20, 22 ), ( 24, 26, 28, 30 ), ( 32, 34, 36, 38 ), ( 40, 42, 44, 46 ) )

  // x.reshape(4, 6) * 2, through the flat array
  %x1_0 = tnp.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %r1 = func.call @case1(%x1_0) : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %pad1_0 = arith.constant 0.0 : f32
  %v1_0 = vector.transfer_read %r1[%c0, %c0], %pad1_0 : tensor<4x6xf32>, vector<4x6xf32>
  vector.print %v1_0 : vector<4x6xf32>
  // CHECK-NEXT: ( ( 0, 2, 4, 6, 8, 10 ), ( 12, 14, 16, 18, 20, 22 ), ( 24, 26, 28, 30, 32, 34 ), ( 36, 38, 40, 42, 44, 46 ) )

  // u = (np.arange(24) * 5 + 5).astype(np.uint8).reshape(6, 4)
  // u.reshape(6, 2, 2) * 2 (wraps)
  %x2_0 = tnp.constant dense<[[5, 10, 15, 20], [25, 30, 35, 40], [45, 50, 55, 60], [65, 70, 75, 80], [85, 90, 95, 100], [105, 110, 115, 120]]> : tensor<6x4xui8>
  %r2 = func.call @case2(%x2_0) : (tensor<6x4xui8>) -> tensor<6x2x2xui8>
  %w2 = tnp.convert %r2 : (tensor<6x2x2xui8>) -> tensor<6x2x2xi32>
  %pad2_0 = arith.constant 0 : i32
  %v2_0 = vector.transfer_read %w2[%c0, %c0, %c0], %pad2_0 : tensor<6x2x2xi32>, vector<6x2x2xi32>
  vector.print %v2_0 : vector<6x2x2xi32>
  // CHECK-NEXT: ( ( ( 10, 20 ), ( 30, 40 ) ), ( ( 50, 60 ), ( 70, 80 ) ), ( ( 90, 100 ), ( 110, 120 ) ), ( ( 130, 140 ), ( 150, 160 ) ), ( ( 170, 180 ), ( 190, 200 ) ), ( ( 210, 220 ), ( 230, 240 ) ) )

  // np.float32(5).reshape(1, 1, 1) * 2
  %x3_0 = tnp.constant dense<5.0> : tensor<f32>
  %r3 = func.call @case3(%x3_0) : (tensor<f32>) -> tensor<1x1x1xf32>
  %pad3_0 = arith.constant 0.0 : f32
  %v3_0 = vector.transfer_read %r3[%c0, %c0, %c0], %pad3_0 : tensor<1x1x1xf32>, vector<1x1x1xf32>
  vector.print %v3_0 : vector<1x1x1xf32>
  // CHECK-NEXT: ( ( ( 10 ) ) )

  // np.array([[5]], np.float32).reshape(()) * 2
  %x4_0 = tnp.constant dense<[[5.0]]> : tensor<1x1xf32>
  %r4 = func.call @case4(%x4_0) : (tensor<1x1xf32>) -> tensor<f32>
  %v4_0 = tensor.extract %r4[] : tensor<f32>
  %b4_0 = vector.broadcast %v4_0 : f32 to vector<1xf32>
  vector.print %b4_0 : vector<1xf32>
  // CHECK-NEXT: ( 10 )

  // t = np.arange(60, dtype=np.int16).reshape(3, 4, 5) - 30
  // t.transpose(2, 0, 1)
  %x5_0 = tnp.constant dense<[[[-30, -29, -28, -27, -26], [-25, -24, -23, -22, -21], [-20, -19, -18, -17, -16], [-15, -14, -13, -12, -11]], [[-10, -9, -8, -7, -6], [-5, -4, -3, -2, -1], [0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19], [20, 21, 22, 23, 24], [25, 26, 27, 28, 29]]]> : tensor<3x4x5xi16>
  %y5_0 = tensor.cast %x5_0 : tensor<3x4x5xi16> to tensor<?x4x5xi16>
  %r5 = func.call @case5(%y5_0) : (tensor<?x4x5xi16>) -> tensor<5x?x4xi16>
  %s5 = tensor.cast %r5 : tensor<5x?x4xi16> to tensor<5x3x4xi16>
  %pad5_0 = arith.constant 0 : i16
  %v5_0 = vector.transfer_read %s5[%c0, %c0, %c0], %pad5_0 : tensor<5x3x4xi16>, vector<5x3x4xi16>
  vector.print %v5_0 : vector<5x3x4xi16>
  // CHECK-NEXT: ( ( ( -30, -25, -20, -15 ), ( -10, -5, 0, 5 ), ( 10, 15, 20, 25 ) ), ( ( -29, -24, -19, -14 ), ( -9, -4, 1, 6 ), ( 11, 16, 21, 26 ) ), ( ( -28, -23, -18, -13 ), ( -8, -3, 2, 7 ), ( 12, 17, 22, 27 ) ), ( ( -27, -22, -17, -12 ), ( -7, -2, 3, 8 ), ( 13, 18, 23, 28 ) ), ( ( -26, -21, -16, -11 ), ( -6, -1, 4, 9 ), ( 14, 19, 24, 29 ) ) )

  // s = np.arange(35, dtype=np.float64).reshape(5, 7)
  // s[1:5:2, 0:7:3]
  %x6_0 = tnp.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0], [14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0], [28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0]]> : tensor<5x7xf64>
  %r6 = func.call @case6(%x6_0) : (tensor<5x7xf64>) -> tensor<2x3xf64>
  %pad6_0 = arith.constant 0.0 : f64
  %v6_0 = vector.transfer_read %r6[%c0, %c0], %pad6_0 : tensor<2x3xf64>, vector<2x3xf64>
  vector.print %v6_0 : vector<2x3xf64>
  // CHECK-NEXT: ( ( 7, 10, 13 ), ( 21, 24, 27 ) )

  // t[::-1, :, ::-1]
  %x7_0 = tnp.constant dense<[[[-30, -29, -28, -27, -26], [-25, -24, -23, -22, -21], [-20, -19, -18, -17, -16], [-15, -14, -13, -12, -11]], [[-10, -9, -8, -7, -6], [-5, -4, -3, -2, -1], [0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19], [20, 21, 22, 23, 24], [25, 26, 27, 28, 29]]]> : tensor<3x4x5xi16>
  %r7 = func.call @case7(%x7_0) : (tensor<3x4x5xi16>) -> tensor<3x4x5xi16>
  %pad7_0 = arith.constant 0 : i16
  %v7_0 = vector.transfer_read %r7[%c0, %c0, %c0], %pad7_0 : tensor<3x4x5xi16>, vector<3x4x5xi16>
  vector.print %v7_0 : vector<3x4x5xi16>
  // CHECK-NEXT: ( ( ( 14, 13, 12, 11, 10 ), ( 19, 18, 17, 16, 15 ), ( 24, 23, 22, 21, 20 ), ( 29, 28, 27, 26, 25 ) ), ( ( -6, -7, -8, -9, -10 ), ( -1, -2, -3, -4, -5 ), ( 4, 3, 2, 1, 0 ), ( 9, 8, 7, 6, 5 ) ), ( ( -26, -27, -28, -29, -30 ), ( -21, -22, -23, -24, -25 ), ( -16, -17, -18, -19, -20 ), ( -11, -12, -13, -14, -15 ) ) )

  // t[:, ::-1, ::-1] from tensor<3x?x?xi16>
  %x8_0 = tnp.constant dense<[[[-30, -29, -28, -27, -26], [-25, -24, -23, -22, -21], [-20, -19, -18, -17, -16], [-15, -14, -13, -12, -11]], [[-10, -9, -8, -7, -6], [-5, -4, -3, -2, -1], [0, 1, 2, 3, 4], [5, 6, 7, 8, 9]], [[10, 11, 12, 13, 14], [15, 16, 17, 18, 19], [20, 21, 22, 23, 24], [25, 26, 27, 28, 29]]]> : tensor<3x4x5xi16>
  %y8_0 = tensor.cast %x8_0 : tensor<3x4x5xi16> to tensor<3x?x?xi16>
  %r8 = func.call @case8(%y8_0) : (tensor<3x?x?xi16>) -> tensor<3x?x?xi16>
  %s8 = tensor.cast %r8 : tensor<3x?x?xi16> to tensor<3x4x5xi16>
  %pad8_0 = arith.constant 0 : i16
  %v8_0 = vector.transfer_read %s8[%c0, %c0, %c0], %pad8_0 : tensor<3x4x5xi16>, vector<3x4x5xi16>
  vector.print %v8_0 : vector<3x4x5xi16>
  // CHECK-NEXT: ( ( ( -11, -12, -13, -14, -15 ), ( -16, -17, -18, -19, -20 ), ( -21, -22, -23, -24, -25 ), ( -26, -27, -28, -29, -30 ) ), ( ( 9, 8, 7, 6, 5 ), ( 4, 3, 2, 1, 0 ), ( -1, -2, -3, -4, -5 ), ( -6, -7, -8, -9, -10 ) ), ( ( 29, 28, 27, 26, 25 ), ( 24, 23, 22, 21, 20 ), ( 19, 18, 17, 16, 15 ), ( 14, 13, 12, 11, 10 ) ) )

  // a = np.array([[1, 2, 3], [4, 5, 6]], np.uint8) * 40; b = [[7], [8]]; c = [[209, ...]]
  // np.concatenate([a, b, c], axis=1)
  %x9_0 = tnp.constant dense<[[40, 80, 120], [160, 200, 240]]> : tensor<2x3xui8>
  %x9_1 = tnp.constant dense<[[7], [8]]> : tensor<2x1xui8>
  %x9_2 = tnp.constant dense<[[209, 210, 211, 212], [213, 214, 215, 216]]> : tensor<2x4xui8>
  %r9 = func.call @case9(%x9_0, %x9_1, %x9_2) : (tensor<2x3xui8>, tensor<2x1xui8>, tensor<2x4xui8>) -> tensor<2x8xui8>
  %w9 = tnp.convert %r9 : (tensor<2x8xui8>) -> tensor<2x8xi32>
  %pad9_0 = arith.constant 0 : i32
  %v9_0 = vector.transfer_read %w9[%c0, %c0], %pad9_0 : tensor<2x8xi32>, vector<2x8xi32>
  vector.print %v9_0 : vector<2x8xi32>
  // CHECK-NEXT: ( ( 40, 80, 120, 7, 209, 210, 211, 212 ), ( 160, 200, 240, 8, 213, 214, 215, 216 ) )

  // np.concatenate([x, x], axis=0) from tensor<?x3x4xf32>
  %x10_0 = tnp.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %x10_1 = tnp.constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %y10_1 = tensor.cast %x10_1 : tensor<2x3x4xf32> to tensor<?x3x4xf32>
  %r10 = func.call @case10(%x10_0, %y10_1) : (tensor<2x3x4xf32>, tensor<?x3x4xf32>) -> tensor<?x3x4xf32>
  %s10 = tensor.cast %r10 : tensor<?x3x4xf32> to tensor<4x3x4xf32>
  %pad10_0 = arith.constant 0.0 : f32
  %v10_0 = vector.transfer_read %s10[%c0, %c0, %c0], %pad10_0 : tensor<4x3x4xf32>, vector<4x3x4xf32>
  vector.print %v10_0 : vector<4x3x4xf32>
  // CHECK-NEXT: ( ( ( 0, 1, 2, 3 ), ( 4, 5, 6, 7 ), ( 8, 9, 10, 11 ) ), ( ( 12, 13, 14, 15 ), ( 16, 17, 18, 19 ), ( 20, 21, 22, 23 ) ), ( ( 0, 1, 2, 3 ), ( 4, 5, 6, 7 ), ( 8, 9, 10, 11 ) ), ( ( 12, 13, 14, 15 ), ( 16, 17, 18, 19 ), ( 20, 21, 22, 23 ) ) )

  // p = np.arange(1, 13, dtype=np.float32).reshape(3, 4); lax.pad(p, -1, [(1, 2, 0), (2, 0, 0)]): np.pad(p, ((1, 2), (2, 0)), constant_values=-1)
  %x11_0 = tnp.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x11_1 = tnp.constant dense<-1.0> : tensor<f32>
  %r11 = func.call @case11(%x11_0, %x11_1) : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x6xf32>
  %pad11_0 = arith.constant 0.0 : f32
  %v11_0 = vector.transfer_read %r11[%c0, %c0], %pad11_0 : tensor<6x6xf32>, vector<6x6xf32>
  vector.print %v11_0 : vector<6x6xf32>
  // CHECK-NEXT: ( ( -1, -1, -1, -1, -1, -1 ), ( -1, -1, 1, 2, 3, 4 ), ( -1, -1, 5, 6, 7, 8 ), ( -1, -1, 9, 10, 11, 12 ), ( -1, -1, -1, -1, -1, -1 ), ( -1, -1, -1, -1, -1, -1 ) )

  // p = np.arange(1, 13, dtype=np.float32).reshape(3, 4); lax.pad(p, -1, [(0, 1, 1), (1, 0, 2)]): interior padding
  %x12_0 = tnp.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x12_1 = tnp.constant dense<-1.0> : tensor<f32>
  %r12 = func.call @case12(%x12_0, %x12_1) : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x11xf32>
  %pad12_0 = arith.constant 0.0 : f32
  %v12_0 = vector.transfer_read %r12[%c0, %c0], %pad12_0 : tensor<6x11xf32>, vector<6x11xf32>
  vector.print %v12_0 : vector<6x11xf32>
  // CHECK-NEXT: ( ( -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4 ), ( -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 ), ( -1, 5, -1, -1, 6, -1, -1, 7, -1, -1, 8 ), ( -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 ), ( -1, 9, -1, -1, 10, -1, -1, 11, -1, -1, 12 ), ( -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 ) )

  // p = np.arange(1, 13, dtype=np.float32).reshape(3, 4); lax.pad(p, -1, [(-1, 0, 0), (0, -3, 0)]): p[1:, :1]
  %x13_0 = tnp.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x13_1 = tnp.constant dense<-1.0> : tensor<f32>
  %r13 = func.call @case13(%x13_0, %x13_1) : (tensor<3x4xf32>, tensor<f32>) -> tensor<2x1xf32>
  %pad13_0 = arith.constant 0.0 : f32
  %v13_0 = vector.transfer_read %r13[%c0, %c0], %pad13_0 : tensor<2x1xf32>, vector<2x1xf32>
  vector.print %v13_0 : vector<2x1xf32>
  // CHECK-NEXT: ( ( 5 ), ( 9 ) )

  // p = np.arange(1, 13, dtype=np.float32).reshape(3, 4); lax.pad(p, -1, [(-2, -1, 2), (-1, -4, 1)]): interior, then cropped
  %x14_0 = tnp.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x14_1 = tnp.constant dense<-1.0> : tensor<f32>
  %r14 = func.call @case14(%x14_0, %x14_1) : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x2xf32>
  %pad14_0 = arith.constant 0.0 : f32
  %v14_0 = vector.transfer_read %r14[%c0, %c0], %pad14_0 : tensor<4x2xf32>, vector<4x2xf32>
  vector.print %v14_0 : vector<4x2xf32>
  // CHECK-NEXT: ( ( -1, -1 ), ( -1, 6 ), ( -1, -1 ), ( -1, -1 ) )

  // p = np.arange(1, 13, dtype=np.float32).reshape(3, 4); lax.pad(p, -1, [(-3, 1, 0), (0, 0, 0)]): everything cropped
  %x15_0 = tnp.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x15_1 = tnp.constant dense<-1.0> : tensor<f32>
  %r15 = func.call @case15(%x15_0, %x15_1) : (tensor<3x4xf32>, tensor<f32>) -> tensor<1x4xf32>
  %pad15_0 = arith.constant 0.0 : f32
  %v15_0 = vector.transfer_read %r15[%c0, %c0], %pad15_0 : tensor<1x4xf32>, vector<1x4xf32>
  vector.print %v15_0 : vector<1x4xf32>
  // CHECK-NEXT: ( ( -1, -1, -1, -1 ) )

  // lax.pad(p, -1, [(1, 0, 1), (0, 1, 0)]) from tensor<?x4xf32>
  %x16_0 = tnp.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %y16_0 = tensor.cast %x16_0 : tensor<3x4xf32> to tensor<?x4xf32>
  %x16_1 = tnp.constant dense<-1.0> : tensor<f32>
  %r16 = func.call @case16(%y16_0, %x16_1) : (tensor<?x4xf32>, tensor<f32>) -> tensor<?x5xf32>
  %s16 = tensor.cast %r16 : tensor<?x5xf32> to tensor<6x5xf32>
  %pad16_0 = arith.constant 0.0 : f32
  %v16_0 = vector.transfer_read %s16[%c0, %c0], %pad16_0 : tensor<6x5xf32>, vector<6x5xf32>
  vector.print %v16_0 : vector<6x5xf32>
  // CHECK-NEXT: ( ( -1, -1, -1, -1, -1 ), ( 1, 2, 3, 4, -1 ), ( -1, -1, -1, -1, -1 ), ( 5, 6, 7, 8, -1 ), ( -1, -1, -1, -1, -1 ), ( 9, 10, 11, 12, -1 ) )

  // q = np.arange(200, 206, dtype=np.uint8); lax.pad(q, 255, [(-1, 2, 2)])
  %x17_0 = tnp.constant dense<[200, 201, 202, 203, 204, 205]> : tensor<6xui8>
  %x17_1 = tnp.constant dense<255> : tensor<ui8>
  %r17 = func.call @case17(%x17_0, %x17_1) : (tensor<6xui8>, tensor<ui8>) -> tensor<17xui8>
  %w17 = tnp.convert %r17 : (tensor<17xui8>) -> tensor<17xi32>
  %pad17_0 = arith.constant 0 : i32
  %v17_0 = vector.transfer_read %w17[%c0], %pad17_0 : tensor<17xi32>, vector<17xi32>
  vector.print %v17_0 : vector<17xi32>
  // CHECK-NEXT: ( 255, 255, 201, 255, 255, 202, 255, 255, 203, 255, 255, 204, 255, 255, 205, 255, 255 )

  // lax.pad([True, False, True], False, [(1, 1, 1)])
  %x18_0 = tnp.constant dense<[true, false, true]> : tensor<3xi1>
  %x18_1 = tnp.constant dense<false> : tensor<i1>
  %r18 = func.call @case18(%x18_0, %x18_1) : (tensor<3xi1>, tensor<i1>) -> tensor<7xi1>
  %w18 = tnp.convert %r18 : (tensor<7xi1>) -> tensor<7xi32>
  %pad18_0 = arith.constant 0 : i32
  %v18_0 = vector.transfer_read %w18[%c0], %pad18_0 : tensor<7xi32>, vector<7xi32>
  vector.print %v18_0 : vector<7xi32>
  // CHECK-NEXT: ( 0, 1, 0, 0, 0, 1, 0 )
  return
}
