// RUN: tnp-opt %s | tnp-opt | FileCheck %s
// RUN: tnp-opt %s --mlir-print-op-generic | tnp-opt | FileCheck %s
// RUN: tnp-opt %s --mlir-print-op-generic | tnp-opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every op parses, verifies, prints and parses back, in the custom and the
// generic form.

// GENERIC-LABEL: sym_name = "constants"
// GENERIC: "tnp.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}>
// GENERIC: "tnp.constant"() <{value = dense<2> : tensor<i64>, weak}>
// CHECK-LABEL: func.func @constants
func.func @constants() -> (tensor<2xf32>, tensor<i64>, tensor<f64>, tensor<complex<f64>>, tensor<2x3xi64>) {
  // CHECK: tnp.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = tnp.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // CHECK: tnp.constant weak dense<2> : tensor<i64>
  %1 = tnp.constant weak dense<2> : tensor<i64>
  // CHECK: tnp.constant weak dense<1.500000e+00> : tensor<f64>
  %2 = tnp.constant weak dense<1.5> : tensor<f64>
  // CHECK: tnp.constant weak dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f64>>
  %3 = tnp.constant weak dense<(0.0, 1.0)> : tensor<complex<f64>>
  // CHECK: tnp.iota dim = 1 : tensor<2x3xi64>
  %4 = tnp.iota dim = 1 : tensor<2x3xi64>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<i64>, tensor<f64>, tensor<complex<f64>>, tensor<2x3xi64>
}

// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi1>, %[[C:.*]]: tensor<4xcomplex<f32>>)
func.func @unary(%x: tensor<4xf32>, %i: tensor<4xi8>, %b: tensor<4xi1>, %c: tensor<4xcomplex<f32>>) {
  // CHECK: tnp.neg %[[X]] : tensor<4xf32>
  %0 = tnp.neg %x : tensor<4xf32>
  // CHECK: tnp.abs %[[I]] : tensor<4xi8>
  %1 = tnp.abs %i : tensor<4xi8>
  // CHECK: tnp.abs %[[C]] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %2 = tnp.abs %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: tnp.sign %[[X]] : tensor<4xf32>
  %3 = tnp.sign %x : tensor<4xf32>
  // CHECK: tnp.exp %[[X]] : tensor<4xf32>
  %4 = tnp.exp %x : tensor<4xf32>
  // CHECK: tnp.exp %[[I]] : (tensor<4xi8>) -> tensor<4xf16>
  %5 = tnp.exp %i : (tensor<4xi8>) -> tensor<4xf16>
  // CHECK: tnp.expm1 %[[X]] : tensor<4xf32>
  %6 = tnp.expm1 %x : tensor<4xf32>
  // CHECK: tnp.log %[[X]] : tensor<4xf32>
  %7 = tnp.log %x : tensor<4xf32>
  // CHECK: tnp.log1p %[[X]] : tensor<4xf32>
  %8 = tnp.log1p %x : tensor<4xf32>
  // CHECK: tnp.sqrt %[[X]] : tensor<4xf32>
  %9 = tnp.sqrt %x : tensor<4xf32>
  // CHECK: tnp.rsqrt %[[X]] : tensor<4xf32>
  %10 = tnp.rsqrt %x : tensor<4xf32>
  // CHECK: tnp.square %[[X]] : tensor<4xf32>
  %11 = tnp.square %x : tensor<4xf32>
  // CHECK: tnp.square %[[B]] : (tensor<4xi1>) -> tensor<4xi8>
  %12 = tnp.square %b : (tensor<4xi1>) -> tensor<4xi8>
  // CHECK: tnp.tanh %[[X]] : tensor<4xf32>
  %13 = tnp.tanh %x : tensor<4xf32>
  // CHECK: tnp.logistic %[[X]] : tensor<4xf32>
  %14 = tnp.logistic %x : tensor<4xf32>
  // CHECK: tnp.sin %[[X]] : tensor<4xf32>
  %15 = tnp.sin %x : tensor<4xf32>
  // CHECK: tnp.cos %[[C]] : tensor<4xcomplex<f32>>
  %16 = tnp.cos %c : tensor<4xcomplex<f32>>
  // CHECK: tnp.floor %[[X]] : tensor<4xf32>
  %17 = tnp.floor %x : tensor<4xf32>
  // CHECK: tnp.ceil %[[I]] : (tensor<4xi8>) -> tensor<4xf16>
  %18 = tnp.ceil %i : (tensor<4xi8>) -> tensor<4xf16>
  // CHECK: tnp.round %[[X]] : tensor<4xf32>
  %19 = tnp.round %x : tensor<4xf32>
  // CHECK: tnp.not %[[B]] : tensor<4xi1>
  %20 = tnp.not %b : tensor<4xi1>
  // CHECK: tnp.not %[[I]] : tensor<4xi8>
  %21 = tnp.not %i : tensor<4xi8>
  // CHECK: tnp.tan %[[C]] : tensor<4xcomplex<f32>>
  %22 = tnp.tan %c : tensor<4xcomplex<f32>>
  // CHECK: tnp.asin %[[X]] : tensor<4xf32>
  %23 = tnp.asin %x : tensor<4xf32>
  // CHECK: tnp.acos %[[X]] : tensor<4xf32>
  %24 = tnp.acos %x : tensor<4xf32>
  // CHECK: tnp.atan %[[X]] : tensor<4xf32>
  %25 = tnp.atan %x : tensor<4xf32>
  // CHECK: tnp.sinh %[[X]] : tensor<4xf32>
  %26 = tnp.sinh %x : tensor<4xf32>
  // CHECK: tnp.cosh %[[X]] : tensor<4xf32>
  %27 = tnp.cosh %x : tensor<4xf32>
  // CHECK: tnp.asinh %[[X]] : tensor<4xf32>
  %28 = tnp.asinh %x : tensor<4xf32>
  // CHECK: tnp.acosh %[[X]] : tensor<4xf32>
  %29 = tnp.acosh %x : tensor<4xf32>
  // CHECK: tnp.atanh %[[X]] : tensor<4xf32>
  %30 = tnp.atanh %x : tensor<4xf32>
  // CHECK: tnp.log2 %[[X]] : tensor<4xf32>
  %31 = tnp.log2 %x : tensor<4xf32>
  // CHECK: tnp.log10 %[[X]] : tensor<4xf32>
  %32 = tnp.log10 %x : tensor<4xf32>
  // CHECK: tnp.exp2 %[[X]] : tensor<4xf32>
  %33 = tnp.exp2 %x : tensor<4xf32>
  // CHECK: tnp.cbrt %[[I]] : (tensor<4xi8>) -> tensor<4xf16>
  %34 = tnp.cbrt %i : (tensor<4xi8>) -> tensor<4xf16>
  // CHECK: tnp.real %[[C]] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %35 = tnp.real %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: tnp.imag %[[I]] : tensor<4xi8>
  %36 = tnp.imag %i : tensor<4xi8>
  // CHECK: tnp.conj %[[C]] : tensor<4xcomplex<f32>>
  %37 = tnp.conj %c : tensor<4xcomplex<f32>>
  // CHECK: tnp.signbit %[[X]] : (tensor<4xf32>) -> tensor<4xi1>
  %38 = tnp.signbit %x : (tensor<4xf32>) -> tensor<4xi1>
  return
}

// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[X:.*]]: tensor<2x?xf32>, %[[Y:.*]]: tensor<2x?xf32>, %[[I:.*]]: tensor<2x?xi32>, %[[U:.*]]: tensor<2x?xui8>)
func.func @binary(%x: tensor<2x?xf32>, %y: tensor<2x?xf32>, %i: tensor<2x?xi32>, %u: tensor<2x?xui8>) {
  // CHECK: tnp.add %[[X]], %[[Y]] : tensor<2x?xf32>
  %0 = tnp.add %x, %y : tensor<2x?xf32>
  // CHECK: tnp.add %[[I]], %[[X]] : (tensor<2x?xi32>, tensor<2x?xf32>) -> tensor<2x?xf64>
  %1 = tnp.add %i, %x : (tensor<2x?xi32>, tensor<2x?xf32>) -> tensor<2x?xf64>
  // CHECK: tnp.sub %[[X]], %[[Y]] : tensor<2x?xf32>
  %2 = tnp.sub %x, %y : tensor<2x?xf32>
  // CHECK: tnp.mul %[[U]], %[[U]] : tensor<2x?xui8>
  %3 = tnp.mul %u, %u : tensor<2x?xui8>
  // CHECK: tnp.div %[[X]], %[[Y]] : tensor<2x?xf32>
  %4 = tnp.div %x, %y : tensor<2x?xf32>
  // CHECK: tnp.div %[[I]], %[[I]] : (tensor<2x?xi32>, tensor<2x?xi32>) -> tensor<2x?xf64>
  %5 = tnp.div %i, %i : (tensor<2x?xi32>, tensor<2x?xi32>) -> tensor<2x?xf64>
  // CHECK: tnp.floor_div %[[I]], %[[I]] : tensor<2x?xi32>
  %6 = tnp.floor_div %i, %i : tensor<2x?xi32>
  // CHECK: tnp.rem %[[X]], %[[Y]] : tensor<2x?xf32>
  %7 = tnp.rem %x, %y : tensor<2x?xf32>
  // CHECK: tnp.pow %[[X]], %[[Y]] : tensor<2x?xf32>
  %8 = tnp.pow %x, %y : tensor<2x?xf32>
  // CHECK: tnp.maximum %[[X]], %[[Y]] : tensor<2x?xf32>
  %9 = tnp.maximum %x, %y : tensor<2x?xf32>
  // CHECK: tnp.minimum %[[I]], %[[U]] : (tensor<2x?xi32>, tensor<2x?xui8>) -> tensor<2x?xi32>
  %10 = tnp.minimum %i, %u : (tensor<2x?xi32>, tensor<2x?xui8>) -> tensor<2x?xi32>
  // CHECK: tnp.and %[[I]], %[[I]] : tensor<2x?xi32>
  %11 = tnp.and %i, %i : tensor<2x?xi32>
  // CHECK: tnp.or %[[U]], %[[U]] : tensor<2x?xui8>
  %12 = tnp.or %u, %u : tensor<2x?xui8>
  // CHECK: tnp.xor %[[I]], %[[I]] : tensor<2x?xi32>
  %13 = tnp.xor %i, %i : tensor<2x?xi32>
  // CHECK: tnp.atan2 %[[X]], %[[Y]] : tensor<2x?xf32>
  %14 = tnp.atan2 %x, %y : tensor<2x?xf32>
  // CHECK: tnp.nextafter %[[X]], %[[Y]] : tensor<2x?xf32>
  %15 = tnp.nextafter %x, %y : tensor<2x?xf32>
  // CHECK: tnp.gcd %[[I]], %[[I]] : tensor<2x?xi32>
  %16 = tnp.gcd %i, %i : tensor<2x?xi32>
  return
}

// CHECK-LABEL: func.func @compare_select
// CHECK-SAME: (%[[X:.*]]: tensor<3xf32>, %[[Y:.*]]: tensor<3xf32>, %[[I:.*]]: tensor<3xi64>, %[[P:.*]]: tensor<3xi1>)
func.func @compare_select(%x: tensor<3xf32>, %y: tensor<3xf32>, %i: tensor<3xi64>, %p: tensor<3xi1>) {
  // CHECK: tnp.eq %[[X]], %[[Y]] : tensor<3xf32>
  %0 = tnp.eq %x, %y : tensor<3xf32>
  // CHECK: tnp.ne %[[X]], %[[I]] : (tensor<3xf32>, tensor<3xi64>) -> tensor<3xi1>
  %1 = tnp.ne %x, %i : (tensor<3xf32>, tensor<3xi64>) -> tensor<3xi1>
  // CHECK: tnp.lt %[[X]], %[[Y]] : tensor<3xf32>
  %2 = tnp.lt %x, %y : tensor<3xf32>
  // CHECK: tnp.le %[[I]], %[[I]] : tensor<3xi64>
  %3 = tnp.le %i, %i : tensor<3xi64>
  // CHECK: tnp.gt %[[X]], %[[Y]] : tensor<3xf32>
  %4 = tnp.gt %x, %y : tensor<3xf32>
  // CHECK: tnp.ge %[[X]], %[[Y]] : tensor<3xf32>
  %5 = tnp.ge %x, %y : tensor<3xf32>
  // CHECK: tnp.select %[[P]], %[[X]], %[[Y]] : tensor<3xi1>, tensor<3xf32>
  %6 = tnp.select %p, %x, %y : tensor<3xi1>, tensor<3xf32>
  // CHECK: tnp.select %[[P]], %[[X]], %[[I]] : tensor<3xi1>, (tensor<3xf32>, tensor<3xi64>) -> tensor<3xf64>
  %7 = tnp.select %p, %x, %i : tensor<3xi1>, (tensor<3xf32>, tensor<3xi64>) -> tensor<3xf64>
  return
}

// CHECK-LABEL: func.func @shapes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<3xf32>, %[[S:.*]]: tensor<f32>)
func.func @shapes(%x: tensor<2x3xf32>, %v: tensor<3xf32>, %s: tensor<f32>) {
  // CHECK: tnp.convert %[[X]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %0 = tnp.convert %x : (tensor<2x3xf32>) -> tensor<2x3xi32>
  // CHECK: tnp.broadcast_in_dim %[[V]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = tnp.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: tnp.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<4x?xf32>
  %2 = tnp.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<4x?xf32>
  // CHECK: tnp.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
  %3 = tnp.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: tnp.transpose %[[X]], permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %4 = tnp.transpose %x, permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  // CHECK: tnp.slice %[[X]], start = [0, 1], limit = [2, 3], strides = [2, 1] : tensor<2x3xf32> -> tensor<1x2xf32>
  %5 = tnp.slice %x, start = [0, 1], limit = [2, 3], strides = [2, 1] : tensor<2x3xf32> -> tensor<1x2xf32>
  // CHECK: tnp.reverse %[[X]], dims = [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  %6 = tnp.reverse %x, dims = [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: tnp.concatenate(%[[X]], %[[X]]), dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %7 = tnp.concatenate (%x, %x), dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  // CHECK: tnp.pad %[[X]], %[[S]], low = [1, 0], high = [0, -1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
  %8 = tnp.pad %x, %s, low = [1, 0], high = [0, -1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x4xf32>
  return
}

// CHECK-LABEL: func.func @reductions
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<2x3xi1>, %[[M:.*]]: tensor<4x5xf32>)
func.func @reductions(%x: tensor<2x3x4xf32>, %b: tensor<2x3xi1>, %m: tensor<4x5xf32>) {
  // CHECK: tnp.reduce sum %[[X]], axes = [0, 2] : tensor<2x3x4xf32> -> tensor<3xf32>
  %0 = tnp.reduce sum %x, axes = [0, 2] : tensor<2x3x4xf32> -> tensor<3xf32>
  // CHECK: tnp.reduce prod %[[X]], axes = [] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  %1 = tnp.reduce prod %x, axes = [] : tensor<2x3x4xf32> -> tensor<2x3x4xf32>
  // CHECK: tnp.reduce max %[[X]], axes = [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  %2 = tnp.reduce max %x, axes = [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
  // CHECK: tnp.reduce min %[[X]], axes = [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
  %3 = tnp.reduce min %x, axes = [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
  // CHECK: tnp.reduce any %[[B]], axes = [1] : tensor<2x3xi1> -> tensor<2xi1>
  %4 = tnp.reduce any %b, axes = [1] : tensor<2x3xi1> -> tensor<2xi1>
  // CHECK: tnp.reduce all %[[B]], axes = [0] : tensor<2x3xi1> -> tensor<3xi1>
  %5 = tnp.reduce all %b, axes = [0] : tensor<2x3xi1> -> tensor<3xi1>
  // CHECK: tnp.scan sum %[[X]], axis = 1 : tensor<2x3x4xf32>
  %9 = tnp.scan sum %x, axis = 1 : tensor<2x3x4xf32>
  // CHECK: tnp.scan max %[[X]], axis = 0 : tensor<2x3x4xf32>
  %10 = tnp.scan max %x, axis = 0 : tensor<2x3x4xf32>
  // CHECK: tnp.scan any %[[B]], axis = 1 : tensor<2x3xi1>
  %11 = tnp.scan any %b, axis = 1 : tensor<2x3xi1>
  // CHECK: tnp.argmax %[[X]], axis = 2 : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
  %6 = tnp.argmax %x, axis = 2 : (tensor<2x3x4xf32>) -> tensor<2x3xi64>
  // CHECK: tnp.argmin %[[X]], axis = 0 : (tensor<2x3x4xf32>) -> tensor<3x4xi32>
  %7 = tnp.argmin %x, axis = 0 : (tensor<2x3x4xf32>) -> tensor<3x4xi32>
  // CHECK: tnp.dot_general %[[X]], %[[M]], batch = [] x [], contracting = [2] x [0] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %8 = tnp.dot_general %x, %m, batch = [] x [], contracting = [2] x [0] : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// CHECK-LABEL: func.func @batched_dot
func.func @batched_dot(%a: tensor<8x2x3xf32>, %b: tensor<8x3x4xi32>) -> tensor<8x2x4xf64> {
  // CHECK: tnp.dot_general %{{.*}}, %{{.*}}, batch = [0] x [0], contracting = [2] x [1] : (tensor<8x2x3xf32>, tensor<8x3x4xi32>) -> tensor<8x2x4xf64>
  %0 = tnp.dot_general %a, %b, batch = [0] x [0], contracting = [2] x [1] : (tensor<8x2x3xf32>, tensor<8x3x4xi32>) -> tensor<8x2x4xf64>
  return %0 : tensor<8x2x4xf64>
}

// CHECK-LABEL: func.func @indexing
// CHECK-SAME: (%[[X:.*]]: tensor<5x3x4xf32>, %[[I:.*]]: tensor<7x2xi64>, %[[U:.*]]: tensor<7x3xf32>)
func.func @indexing(%x: tensor<5x3x4xf32>, %i: tensor<7x2xi64>, %u: tensor<7x3xf32>) {
  // CHECK: tnp.gather %[[X]][%[[I]]], axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>) -> tensor<7x3xf32>
  %0 = tnp.gather %x[%i], axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>) -> tensor<7x3xf32>
  // CHECK: tnp.scatter set %[[X]][%[[I]]], %[[U]], axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x3x4xf32>
  %1 = tnp.scatter set %x[%i], %u, axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x3x4xf32>
  // CHECK: tnp.scatter add
  %2 = tnp.scatter add %x[%i], %u, axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x3x4xf32>
  // CHECK: tnp.scatter mul
  %3 = tnp.scatter mul %x[%i], %u, axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x3x4xf32>
  // CHECK: tnp.scatter min
  %4 = tnp.scatter min %x[%i], %u, axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x3x4xf32>
  // CHECK: tnp.scatter max
  %5 = tnp.scatter max %x[%i], %u, axes = [0, 2] : (tensor<5x3x4xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x3x4xf32>
  return
}

// CHECK-LABEL: func.func @random
func.func @random(%key: tensor<2xui32>) -> (tensor<3x4xui32>, tensor<5xui64>) {
  // CHECK: tnp.random_bits %{{.*}} : (tensor<2xui32>) -> tensor<3x4xui32>
  %0 = tnp.random_bits %key : (tensor<2xui32>) -> tensor<3x4xui32>
  // CHECK: tnp.random_bits %{{.*}} : (tensor<2xui32>) -> tensor<5xui64>
  %1 = tnp.random_bits %key : (tensor<2xui32>) -> tensor<5xui64>
  return %0, %1 : tensor<3x4xui32>, tensor<5xui64>
}

// CHECK-LABEL: func.func @sort
func.func @sort(%x: tensor<3x4xf32>, %i: tensor<3x4xi64>, %c: tensor<?xcomplex<f64>>) -> (tensor<3x4xf32>, tensor<3x4xi64>) {
  // CHECK: tnp.sort(%{{.*}}) axis = 1 : tensor<3x4xf32>
  %0 = tnp.sort(%x) axis = 1 : tensor<3x4xf32>
  // CHECK: tnp.sort(%{{.*}}, %{{.*}}) axis = 0 : tensor<3x4xf32>, tensor<3x4xi64>
  %1:2 = tnp.sort(%x, %i) axis = 0 : tensor<3x4xf32>, tensor<3x4xi64>
  // CHECK: tnp.sort(%{{.*}}) axis = 0 : tensor<?xcomplex<f64>>
  %2 = tnp.sort(%c) axis = 0 : tensor<?xcomplex<f64>>
  // CHECK: tnp.sort(%{{.*}}) axis = 1 indices : tensor<3x4xf32>
  %3:2 = tnp.sort(%x) axis = 1 indices : tensor<3x4xf32>
  return %0, %1#1 : tensor<3x4xf32>, tensor<3x4xi64>
}
