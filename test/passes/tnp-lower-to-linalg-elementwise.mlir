// RUN: tnp-opt %s --tnp-lower-to-linalg --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_absorbed
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xi8>, %[[Y:.*]]: tensor<?xi8>)
func.func @broadcast_absorbed(%x: tensor<?x?xui8>, %y: tensor<?xui8>) -> tensor<?x?xi1> {
  // The broadcast is read through a map, never materialized; uint compares
  // unsigned.
  // CHECK-NOT: tnp.broadcast_in_dim
  // CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]]]
  // CHECK-SAME: ins(%[[X]], %[[Y]] : tensor<?x?xi8>, tensor<?xi8>)
  // CHECK: arith.cmpi ult
  %b = tnp.broadcast_in_dim %y, dims = [1] : (tensor<?xui8>) -> tensor<?x?xui8>
  %r = tnp.lt %x, %b : tensor<?x?xui8>
  return %r : tensor<?x?xi1>
}

// -----

// CHECK-LABEL: func.func @broadcast_materialized
func.func @broadcast_materialized(%y: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
  // CHECK: linalg.generic
  // CHECK-SAME: outs(%[[E]] : tensor<2x3xf32>)
  // CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
  // CHECK-NEXT: linalg.yield %[[IN]] : f32
  %b = tnp.broadcast_in_dim %y, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %b : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @scalar_rules
func.func @scalar_rules(%f: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>, %c: tensor<4xcomplex<f32>>) {
  // CHECK: math.exp %{{.*}} : f32
  %0 = tnp.exp %f : tensor<4xf32>
  // CHECK: complex.exp %{{.*}} : complex<f32>
  %1 = tnp.exp %c : tensor<4xcomplex<f32>>
  // NumPy's bool + bool is logical or.
  // CHECK: arith.ori %{{.*}}, %{{.*}} : i1
  %2 = tnp.add %b, %b : tensor<4xi1>
  // CHECK: arith.maximumf
  %3 = tnp.maximum %f, %f : tensor<4xf32>
  // CHECK: arith.maxsi
  %4 = tnp.maximum %i, %i : tensor<4xi32>
  // Integer floor division never traps: guarded against 0 and -1.
  // CHECK: arith.floordivsi
  // CHECK: arith.select
  %5 = tnp.floor_div %i, %i : tensor<4xi32>
  // CHECK: math.roundeven
  %6 = tnp.round %f : tensor<4xf32>
  // NaN != NaN: the unordered predicate.
  // CHECK: arith.cmpf une
  %7 = tnp.ne %f, %f : tensor<4xf32>
  // CHECK: arith.xori
  %8 = tnp.not %i : tensor<4xi32>
  // CHECK: math.ipowi
  %9 = tnp.pow %i, %i : tensor<4xi32>
  return
}

// -----

// CHECK-LABEL: func.func @converts
func.func @converts(%f: tensor<4xf32>, %u: tensor<4xui16>, %b: tensor<4xi1>) {
  // CHECK: arith.fptosi %{{.*}} : f32 to i32
  %0 = tnp.convert %f : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK: arith.uitofp %{{.*}} : i16 to f64
  %1 = tnp.convert %u : (tensor<4xui16>) -> tensor<4xf64>
  // CHECK: arith.cmpf une
  %2 = tnp.convert %f : (tensor<4xf32>) -> tensor<4xi1>
  // CHECK: arith.extui %{{.*}} : i1 to i8
  %3 = tnp.convert %b : (tensor<4xi1>) -> tensor<4xi8>
  // CHECK: arith.extf %{{.*}} : f32 to f64
  %4 = tnp.convert %f : (tensor<4xf32>) -> tensor<4xf64>
  // CHECK: complex.create
  %5 = tnp.convert %f : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @creation
func.func @creation() -> (tensor<2xui8>, tensor<2x3xf32>) {
  // Unsigned constants keep their bits in a signless type.
  // CHECK: arith.constant dense<[-1, 1]> : tensor<2xi8>
  %0 = tnp.constant dense<[255, 1]> : tensor<2xui8>
  // CHECK: linalg.generic
  // CHECK: linalg.index 1
  // CHECK: arith.sitofp
  %1 = tnp.iota dim = 1 : tensor<2x3xf32>
  return %0, %1 : tensor<2xui8>, tensor<2x3xf32>
}

// -----

func.func @unpromoted(%i: tensor<4xi32>, %f: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{has operands of dtypes 'i32' and 'f32': run tnp-promote-types before lowering}}
  %0 = tnp.add %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @unpromoted_compare(%i: tensor<4xi32>, %f: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{has operands of dtypes 'i32' and 'f32': run tnp-promote-types before lowering}}
  %0 = tnp.lt %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Homogeneous operands, but not yet in the result's dtype.
func.func @unconverted(%i: tensor<4xi16>) -> tensor<4xf32> {
  // expected-error @+1 {{has operands of dtype 'i16' but computes in 'f32': run tnp-promote-types before lowering}}
  %0 = tnp.exp %i : (tensor<4xi16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unsized(%s: tensor<f32>) -> tensor<?xf32> {
  // expected-error @+2 {{cannot size dynamic result dimension 0: no operand carries it}}
  // expected-error @+1 {{failed to legalize operation 'tnp.broadcast_in_dim'}}
  %b = tnp.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

func.func @no_integer_division(%i: tensor<4xi32>) -> tensor<4xf64> {
  // expected-error @+1 {{has operands of dtype 'i32' but computes in 'f64'}}
  %0 = tnp.div %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// The complex parts, the sign bit, nextafter's step on the bits and gcd's
// Euclid loop.
// CHECK-LABEL: func.func @parts_bits_divisors
func.func @parts_bits_divisors(%c: tensor<4xcomplex<f32>>, %f: tensor<4xf16>, %i: tensor<4xi64>) {
  // CHECK: complex.re %{{.*}} : complex<f32>
  %0 = tnp.real %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: complex.im %{{.*}} : complex<f32>
  %1 = tnp.imag %c : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  // CHECK: complex.conj %{{.*}} : complex<f32>
  %2 = tnp.conj %c : tensor<4xcomplex<f32>>
  // CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f16 to i16
  // CHECK: arith.cmpi slt, %[[BITS]]
  %3 = tnp.signbit %f : (tensor<4xf16>) -> tensor<4xi1>
  // CHECK: arith.bitcast %{{.*}} : f16 to i16
  // CHECK: arith.addi %{{.*}} : i16
  // CHECK: arith.bitcast %{{.*}} : i16 to f16
  %4 = tnp.nextafter %f, %f : tensor<4xf16>
  // CHECK: math.absi
  // CHECK: scf.while
  // CHECK: arith.remui
  %5 = tnp.gcd %i, %i : tensor<4xi64>
  return
}

