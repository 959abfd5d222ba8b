// RUN: tnp-opt %s --tnp-cpu-pipeline=runtime=false \
// RUN: | /usr/lib/llvm-22/bin/mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so,/usr/lib/llvm-22/lib/libmlir_runner_utils.so \
// RUN: | FileCheck %s

// tnp.random_bits against Threefry-2x32-20. The Random123 known answer for
// key [0, 0], counter [0, 0] is [0x6b200159, 0x99ba4efe]; the other values
// come from a Python threefry2x32 that reproduces Random123's three KATs
// (the other two KATs use counters no static shape reaches). Words are
// printed as unsigned decimals.

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64

  // ui32, key [0, 0]: elements 2j, 2j+1 are the words for counter j.
  // CHECK: ( ( 1797259609, 2579123966, 1351547692 ), ( 3235790642, 1688610540, 4229293427 ) )
  %k0 = tnp.constant dense<[0, 0]> : tensor<2xui32>
  %a = tnp.random_bits %k0 : (tensor<2xui32>) -> tensor<2x3xui32>
  %a64 = tnp.convert %a : (tensor<2x3xui32>) -> tensor<2x3xi64>
  %av = vector.transfer_read %a64[%c0, %c0], %zero : tensor<2x3xi64>, vector<2x3xi64>
  vector.print %av : vector<2x3xi64>

  // ui32, key [0xffffffff, 0xffffffff], an odd count (word 1 of counter 2
  // unused).
  // CHECK: ( 1094285764, 1314454335, 2682970465, 4102744727, 603717486 )
  %k1 = tnp.constant dense<[4294967295, 4294967295]> : tensor<2xui32>
  %b = tnp.random_bits %k1 : (tensor<2xui32>) -> tensor<5xui32>
  %b64 = tnp.convert %b : (tensor<5xui32>) -> tensor<5xi64>
  %bv = vector.transfer_read %b64[%c0], %zero : tensor<5xi64>, vector<5xi64>
  vector.print %bv : vector<5xi64>

  // ui32 scalar, key [0x13198a2e, 0x03707344]: word 0 of counter 0.
  // CHECK: 1095259177
  %k2 = tnp.constant dense<[320440878, 57701188]> : tensor<2xui32>
  %c = tnp.random_bits %k2 : (tensor<2xui32>) -> tensor<ui32>
  %c64 = tnp.convert %c : (tensor<ui32>) -> tensor<i64>
  %cs = tensor.extract %c64[] : tensor<i64>
  vector.print %cs : i64

  // ui64, one counter per element, w0 | w1 << 32; printed as its (w0, w1)
  // words. Key [0, 0]: element 0 is the KAT pair again.
  // CHECK: ( 1797259609, 2579123966, 1351547692, 3235790642 )
  %d = tnp.random_bits %k0 : (tensor<2xui32>) -> tensor<2xui64>
  %d64 = tnp.convert %d : (tensor<2xui64>) -> tensor<2xi64>
  %dv = vector.transfer_read %d64[%c0], %zero : tensor<2xi64>, vector<2xi64>
  %dw = vector.bitcast %dv : vector<2xi64> to vector<4xi32>
  %dx = arith.extui %dw : vector<4xi32> to vector<4xi64>
  vector.print %dx : vector<4xi64>

  // ui64, key [0x13198a2e, 0x03707344]: 0xd158445a41485429,
  // 0x0fc5db96916a90d0, 0xc4baaebf20a2094f.
  // CHECK: ( 1095259177, 3512222810, 2439680208, 264625046, 547490127, 3300568767 )
  %e = tnp.random_bits %k2 : (tensor<2xui32>) -> tensor<3xui64>
  %e64 = tnp.convert %e : (tensor<3xui64>) -> tensor<3xi64>
  %ev = vector.transfer_read %e64[%c0], %zero : tensor<3xi64>, vector<3xi64>
  %ew = vector.bitcast %ev : vector<3xi64> to vector<6xi32>
  %ex = arith.extui %ew : vector<6xi32> to vector<6xi64>
  vector.print %ex : vector<6xi64>
  return
}
