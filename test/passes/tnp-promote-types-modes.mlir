// The promotion mode comes from the func's (else the module's) tnp.promotion
// attribute; each mode's result dtypes and errors.
// RUN: tnp-opt %s --tnp-promote-types --split-input-file --verify-diagnostics | FileCheck %s

// all mode (JAX's lattice): int32 with float32 is float32, not float64.
// CHECK-LABEL: func.func @all_int_float
func.func @all_int_float(%i: tensor<4xi32>, %f: tensor<4xf32>) -> tensor<4xf32> attributes {tnp.promotion = #tnp.promotion<all>} {
  // CHECK: %[[A:.*]] = tnp.convert %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: tnp.add %[[A]], %{{.*}} : tensor<4xf32>
  %0 = tnp.add %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The module's mode holds for funcs without their own.
module attributes {tnp.promotion = #tnp.promotion<all>} {
  // CHECK-LABEL: func.func @module_mode
  func.func @module_mode(%i: tensor<4xi64>, %h: tensor<4xf16>) -> tensor<4xf16> {
    // CHECK: tnp.convert %{{.*}} : (tensor<4xi64>) -> tensor<4xf16>
    %0 = tnp.mul %i, %h : (tensor<4xi64>, tensor<4xf16>) -> tensor<4xf16>
    return %0 : tensor<4xf16>
  }
}

// -----

// A result dtype from another mode's rules is an error.
func.func @wrong_result(%i: tensor<4xi32>, %f: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result dtype 'f32' does not follow from its operands under numpy promotion: expected 'f64'}}
  %0 = tnp.add %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// numpy mode is value-based for literals, as NumPy 1.24: int8 + 200 is int16.
// CHECK-LABEL: func.func @numpy_value_based
func.func @numpy_value_based(%x: tensor<i8>) -> (tensor<i16>, tensor<i8>) {
  %c200 = tnp.constant weak dense<200> : tensor<i64>
  %c100 = tnp.constant weak dense<100> : tensor<i64>
  // CHECK-DAG: %[[C200:.*]] = tnp.constant dense<200> : tensor<i16>
  // CHECK-DAG: %[[X:.*]] = tnp.convert %{{.*}} : (tensor<i8>) -> tensor<i16>
  // CHECK: tnp.add %[[X]], %[[C200]] : tensor<i16>
  %0 = tnp.add %x, %c200 : (tensor<i8>, tensor<i64>) -> tensor<i16>
  // CHECK: %[[C100:.*]] = tnp.constant dense<100> : tensor<i8>
  // CHECK: tnp.add %{{.*}}, %[[C100]] : tensor<i8>
  %1 = tnp.add %x, %c100 : (tensor<i8>, tensor<i64>) -> tensor<i8>
  return %0, %1 : tensor<i16>, tensor<i8>
}

// -----

// prefer_float32: a float literal is float32, so with int8 the sum is float32.
// CHECK-LABEL: func.func @prefer_float32
func.func @prefer_float32(%x: tensor<4xi8>) -> tensor<4xf32> attributes {tnp.prefer_float32} {
  %c = tnp.constant weak dense<1.5> : tensor<f64>
  %b = tnp.broadcast_in_dim %c, dims = [] : (tensor<f64>) -> tensor<4xf64>
  // CHECK: %[[C:.*]] = tnp.constant dense<1.500000e+00> : tensor<f32>
  // CHECK: tnp.broadcast_in_dim %[[C]], dims = [] : (tensor<f32>) -> tensor<4xf32>
  %0 = tnp.add %x, %b : (tensor<4xi8>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// strict mode: mixed dtypes are an error; literals adopt the array's dtype.
func.func @strict(%i: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {tnp.promotion = #tnp.promotion<strict>} {
  %c = tnp.constant weak dense<2> : tensor<i64>
  %b = tnp.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4xi64>
  %0 = tnp.mul %f, %b : (tensor<4xf32>, tensor<4xi64>) -> tensor<4xf32>
  // expected-error @+1 {{strict promotion forbids mixing int32 and float32: convert one with astype}}
  %1 = tnp.add %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @strict_float_literal(%i: tensor<i32>) -> tensor<i32> attributes {tnp.promotion = #tnp.promotion<strict>} {
  %c = tnp.constant weak dense<1.5> : tensor<f64>
  // expected-error @+1 {{strict promotion forbids the literal 1.5 with int32: it would not be a value of int32}}
  %0 = tnp.add %i, %c : (tensor<i32>, tensor<f64>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @strict_out_of_range(%x: tensor<ui8>) -> tensor<ui8> attributes {tnp.promotion = #tnp.promotion<strict>} {
  %c = tnp.constant weak dense<300> : tensor<i64>
  // expected-error @+1 {{the literal 300 is out of range for uint8}}
  %0 = tnp.add %x, %c : (tensor<ui8>, tensor<i64>) -> tensor<ui8>
  return %0 : tensor<ui8>
}

// -----

// safe mode: what all allows but widens or loses precision is an error.
func.func @safe(%i8: tensor<4xi8>, %u8: tensor<4xui8>, %i16: tensor<4xi16>, %f32: tensor<4xf32>, %i32: tensor<4xi32>) -> (tensor<4xi16>, tensor<4xf32>, tensor<4xi16>, tensor<4xf32>) attributes {tnp.promotion = #tnp.promotion<safe>} {
  %0 = tnp.add %i16, %u8 : (tensor<4xi16>, tensor<4xui8>) -> tensor<4xi16>
  %1 = tnp.add %i16, %f32 : (tensor<4xi16>, tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{safe promotion forbids int8 and uint8 -> int16, which widens; convert explicitly with astype}}
  %2 = tnp.add %i8, %u8 : (tensor<4xi8>, tensor<4xui8>) -> tensor<4xi16>
  // expected-error @+1 {{safe promotion forbids int32 and float32 -> float32, which loses int32 precision; convert explicitly with astype}}
  %3 = tnp.add %i32, %f32 : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xi16>, tensor<4xf32>, tensor<4xi16>, tensor<4xf32>
}

// -----

func.func @safe_literal(%x: tensor<i64>) -> tensor<f64> attributes {tnp.promotion = #tnp.promotion<safe>} {
  %c = tnp.constant weak dense<0.5> : tensor<f64>
  // expected-error @+1 {{safe promotion forbids int64 and the literal 0.5 -> float64, which loses int64 precision}}
  %0 = tnp.mul %x, %c : (tensor<i64>, tensor<f64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// Converts of constants fold: a strong int16 constant meets int32 as an
// int32 constant, with no convert left.
// CHECK-LABEL: func.func @converts_fold
func.func @converts_fold(%x: tensor<i32>) -> tensor<i32> attributes {tnp.promotion = #tnp.promotion<all>} {
  %c = tnp.constant dense<3> : tensor<i16>
  // CHECK: %[[C:.*]] = tnp.constant dense<3> : tensor<i32>
  // CHECK-NOT: tnp.convert
  // CHECK: tnp.mul %{{.*}}, %[[C]] : tensor<i32>
  %0 = tnp.mul %x, %c : (tensor<i32>, tensor<i16>) -> tensor<i32>
  return %0 : tensor<i32>
}
