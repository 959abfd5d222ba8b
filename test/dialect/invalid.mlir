// RUN: tnp-opt %s --split-input-file --verify-diagnostics

// One case per verifier error path of every tnp op. Ops with inferred result
// types report the broken rule, then that inference failed.

//===----------------------------------------------------------------------===//
// Elementwise families.
//===----------------------------------------------------------------------===//

func.func @shape_mismatch(%a: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tnp.add %a, %b : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @result_dtype(%a: tensor<4xf32>) {
  // expected-error @+1 {{result dtype 'i32' does not follow from operand dtype 'f32': expected 'f32'}}
  %0 = tnp.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @inexact_result_dtype(%a: tensor<4xi16>) {
  // expected-error @+1 {{result dtype 'f16' does not follow from operand dtype 'i16': expected 'f32'}}
  %0 = tnp.exp %a : (tensor<4xi16>) -> tensor<4xf16>
  return
}

// -----

func.func @true_divide_dtype(%a: tensor<4xi8>) {
  // expected-error @+1 {{expected 'f64'}}
  %0 = tnp.div %a, %a : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xf16>
  return
}

// -----

func.func @magnitude_dtype(%a: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{expected 'f64'}}
  %0 = tnp.abs %a : tensor<4xcomplex<f64>>
  return
}

// -----

func.func @numeric_dtype(%a: tensor<4xi1>) {
  // expected-error @+1 {{expected 'i8'}}
  %0 = tnp.pow %a, %a : tensor<4xi1>
  return
}

// -----

func.func @select_dtype(%p: tensor<4xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{result dtype 'f64' does not follow from operand dtype 'f32'}}
  %0 = tnp.select %p, %a, %a : tensor<4xi1>, (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @neg_bool(%a: tensor<4xi1>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of integer or float or complex values}}
  %0 = tnp.neg %a : tensor<4xi1>
  return
}

// -----

func.func @and_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of bool or integer values}}
  %0 = tnp.and %a, %a : tensor<4xf32>
  return
}

// -----

func.func @gcd_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of}}
  %0 = tnp.gcd %a, %a : tensor<4xf32>
  return
}

// -----

func.func @signbit_complex(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of real values}}
  %0 = tnp.signbit %a : (tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return
}

// -----

func.func @floor_complex(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of real values}}
  %0 = tnp.floor %a : tensor<4xcomplex<f32>>
  return
}

// -----

// The inverse and hyperbolic functions have no complex lowering yet.
func.func @asin_complex(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of real values}}
  %0 = tnp.asin %a : tensor<4xcomplex<f32>>
  return
}

// -----

func.func @compare_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of bool values}}
  %0 = tnp.eq %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @signed_dtype(%a: tensor<4xsi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of NumPy dtype values}}
  %0 = tnp.exp %a : tensor<4xsi32>
  return
}

// -----

func.func @select_pred(%p: tensor<4xi8>, %a: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of bool values}}
  %0 = tnp.select %p, %a, %a : tensor<4xi8>, tensor<4xf32>
  return
}

// -----

func.func @function_type_arity(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected a function type with 2 inputs and 1 result}}
  %0 = tnp.add %a, %a : (tensor<4xf32>) -> tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// constant, iota, convert.
//===----------------------------------------------------------------------===//

// -----

func.func @weak_f32() {
  // expected-error @+1 {{weak literals are int64, float64 or complex128, got 'f32'}}
  %0 = tnp.constant weak dense<1.0> : tensor<f32>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{failed to verify that all of {value, result} have same type}}
  %0 = "tnp.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i32>
  return
}

// -----

func.func @iota_rank0() {
  // expected-error @+1 {{result must have rank >= 1}}
  %0 = tnp.iota dim = 0 : tensor<i64>
  return
}

// -----

func.func @iota_dim() {
  // expected-error @+1 {{dimension 2 out of range [0, 2)}}
  %0 = tnp.iota dim = 2 : tensor<2x3xi64>
  return
}

// -----

func.func @iota_dynamic() {
  // expected-error @+1 {{result shape must be static, got 'tensor<?xi64>'}}
  %0 = tnp.iota dim = 0 : tensor<?xi64>
  return
}

// -----

func.func @iota_bool() {
  // expected-error @+1 {{result dtype must be numeric, got bool}}
  %0 = tnp.iota dim = 0 : tensor<3xi1>
  return
}

// -----

func.func @convert_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape and base type}}
  %0 = tnp.convert %a : (tensor<4xf32>) -> tensor<5xi32>
  return
}

//===----------------------------------------------------------------------===//
// broadcast_in_dim, reshape.
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_dims_length(%a: tensor<3xf32>) {
  // expected-error @+1 {{dims has 2 entries, but the operand has rank 1}}
  %0 = tnp.broadcast_in_dim %a, dims = [0, 1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dims_range(%a: tensor<3xf32>) {
  // expected-error @+1 {{dims [2] has dimension 2 out of range [0, 2)}}
  %0 = tnp.broadcast_in_dim %a, dims = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dims_repeat(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{dims [1, 1] repeats dimension 1}}
  %0 = tnp.broadcast_in_dim %a, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dims_order(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{dims [1, 0] must be strictly increasing}}
  %0 = tnp.broadcast_in_dim %a, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @broadcast_size(%a: tensor<2xf32>) {
  // expected-error @+1 {{operand dimension 0 of size 2 cannot broadcast to size 3 of result dimension 1}}
  %0 = tnp.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dtype(%a: tensor<3xf32>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tnp.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf64>
  return
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{cannot reshape 6 elements [2, 3] into 5 elements [5]}}
  %0 = tnp.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>
  return
}

//===----------------------------------------------------------------------===//
// transpose, slice, reverse, concatenate, pad.
//===----------------------------------------------------------------------===//

// -----

func.func @transpose_length(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{'tnp.transpose' op permutation has 1 entries, but the operand has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.transpose %a, permutation = [0] : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @transpose_repeat(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{permutation [1, 1] repeats dimension 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.transpose %a, permutation = [1, 1] : tensor<2x3xf32> -> tensor<3x3xf32>
  return
}

// -----

func.func @transpose_range(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{permutation [0, 2] has dimension 2 out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.transpose %a, permutation = [0, 2] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @transpose_result(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.transpose %a, permutation = [1, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return
}

// -----

func.func @slice_length(%a: tensor<4xf32>) {
  // expected-error @+2 {{start has 2 entries, but the operand has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.slice %a, start = [0, 0], limit = [4], strides = [1] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @slice_stride(%a: tensor<4xf32>) {
  // expected-error @+2 {{stride 0 of dimension 0 must be positive}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.slice %a, start = [0], limit = [4], strides = [0] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

// A limit of -2^63 (kSliceToEnd) is "to the end": only of a whole dimension.
func.func @slice_to_end(%a: tensor<?xf32>) {
  // expected-error @+2 {{a slice to the end of dimension 0 starts at 0 with stride 1, not start 1 and stride 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.slice %a, start = [1], limit = [-9223372036854775808], strides = [1] : tensor<?xf32> -> tensor<?xf32>
  return
}

// -----

// Limits and strides near 2^63 count without overflowing.
func.func @slice_huge_stride(%a: tensor<?xf32>) {
  // expected-error @+2 {{'tnp.slice' op inferred type(s) 'tensor<1xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.slice %a, start = [0], limit = [9223372036854775807], strides = [9223372036854775807] : tensor<?xf32> -> tensor<2xf32>
  return
}

// -----

func.func @slice_limit(%a: tensor<4xf32>) {
  // expected-error @+2 {{slice [1, 5) of dimension 0 is not within [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.slice %a, start = [1], limit = [5], strides = [1] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @slice_start(%a: tensor<4xf32>) {
  // expected-error @+2 {{slice [3, 2) of dimension 0 is not within [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.slice %a, start = [3], limit = [2], strides = [1] : tensor<4xf32> -> tensor<0xf32>
  return
}

// -----

func.func @reverse_dims(%a: tensor<4xf32>) {
  // expected-error @+2 {{dims [1] has dimension 1 out of range [0, 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.reverse %a, dims = [1] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_empty() {
  // expected-error @+1 {{expected 1 or more operands, but found 0}}
  %0 = "tnp.concatenate"() <{dimension = 0 : i64}> : () -> tensor<0xf32>
  return
}

// -----

func.func @concatenate_dim(%a: tensor<2xf32>) {
  // expected-error @+2 {{dimension 1 out of range [0, 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.concatenate (%a, %a), dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_rank(%a: tensor<2xf32>, %b: tensor<2x1xf32>) {
  // expected-error @+2 {{all the input arrays must have same number of dimensions, but the array at index 0 has 1 dimension(s) and the array at index 1 has 2 dimension(s)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.concatenate (%a, %b), dim = 0 : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_shape(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+2 {{all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size 3 and the array at index 1 has size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.concatenate (%a, %b), dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_dtype(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tnp.concatenate (%a, %b), dim = 0 : (tensor<2xf32>, tensor<2xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @pad_length(%a: tensor<3xf32>, %v: tensor<f32>) {
  // expected-error @+2 {{high has 2 entries, but the operand has rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.pad %a, %v, low = [0], high = [0, 0], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @pad_interior(%a: tensor<3xf32>, %v: tensor<f32>) {
  // expected-error @+2 {{interior padding -1 of dimension 0 must be non-negative}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.pad %a, %v, low = [0], high = [0], interior = [-1] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return
}

// -----

func.func @pad_negative_size(%a: tensor<3xf32>, %v: tensor<f32>) {
  // expected-error @+2 {{padding of dimension 0 gives size -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.pad %a, %v, low = [-2], high = [-2], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<0xf32>
  return
}

// -----

func.func @pad_value_rank(%a: tensor<3xf32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{operand #1 must be 0D tensor of NumPy dtype values}}
  %0 = tnp.pad %a, %v, low = [0], high = [0], interior = [0] : (tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
  return
}

//===----------------------------------------------------------------------===//
// reduce, argmax/argmin, dot_general.
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_any_float(%a: tensor<3xf32>) {
  // expected-error @+2 {{'any' needs a bool operand, got 'f32'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.reduce any %a, axes = [0] : tensor<3xf32> -> tensor<f32>
  return
}

// -----

func.func @reduce_sum_bool(%a: tensor<3xi1>) {
  // expected-error @+2 {{'sum' does not take a bool operand, got 'i1'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.reduce sum %a, axes = [0] : tensor<3xi1> -> tensor<i1>
  return
}

// -----

func.func @reduce_max_complex(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+2 {{'max' is not defined for complex operand 'complex<f32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.reduce max %a, axes = [0] : tensor<3xcomplex<f32>> -> tensor<complex<f32>>
  return
}

// -----

func.func @reduce_axes(%a: tensor<3xf32>) {
  // expected-error @+2 {{axes [1] has dimension 1 out of range [0, 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.reduce sum %a, axes = [1] : tensor<3xf32> -> tensor<f32>
  return
}

// -----

func.func @reduce_result(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<3xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = tnp.reduce sum %a, axes = [0] : tensor<2x3xf32> -> tensor<2xf32>
  return
}

// -----

func.func @scan_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tnp.scan' op axis 2 out of range [0, 2)}}
  %0 = tnp.scan sum %a, axis = 2 : tensor<2x3xf32>
  return
}

// -----

func.func @scan_negative_axis(%a: tensor<3xf32>) {
  // expected-error @+1 {{'tnp.scan' op axis -1 out of range [0, 1)}}
  %0 = tnp.scan sum %a, axis = -1 : tensor<3xf32>
  return
}

// -----

func.func @scan_sum_bool(%a: tensor<3xi1>) {
  // expected-error @+1 {{'sum' does not take a bool operand, got 'i1'}}
  %0 = tnp.scan sum %a, axis = 0 : tensor<3xi1>
  return
}

// -----

func.func @scan_max_complex(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'max' is not defined for complex operand 'complex<f32>'}}
  %0 = tnp.scan max %a, axis = 0 : tensor<3xcomplex<f32>>
  return
}

// -----

func.func @reduce_kind(%a: tensor<3xf32>) {
  // expected-error @+2 {{expected ::mlir::tnp::ReduceKind to be one of: sum, prod, max, min, any, all}}
  // expected-error @+1 {{failed to parse Tnp_ReduceKindAttr parameter}}
  %0 = tnp.reduce mean %a, axes = [0] : tensor<3xf32> -> tensor<f32>
  return
}

// -----

func.func @argmax_axis(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{axes [2] has dimension 2 out of range [0, 2)}}
  %0 = tnp.argmax %a, axis = 2 : (tensor<3x4xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @argmax_empty(%a: tensor<0x4xf32>) {
  // expected-error @+1 {{axis 0 is empty: no index of an empty sequence}}
  %0 = tnp.argmax %a, axis = 0 : (tensor<0x4xf32>) -> tensor<4xi64>
  return
}

// -----

func.func @argmin_result(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{result shape [4] should be [3]}}
  %0 = tnp.argmin %a, axis = 1 : (tensor<3x4xf32>) -> tensor<4xi64>
  return
}

// -----

func.func @argmax_dtype(%a: tensor<3xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values}}
  %0 = tnp.argmax %a, axis = 0 : (tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @dot_batch_count(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+1 {{batch dimension counts differ: 1 vs 0}}
  %0 = tnp.dot_general %a, %b, batch = [0] x [], contracting = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @dot_contracting_count(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) {
  // expected-error @+1 {{contracting dimension counts differ: 1 vs 2}}
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0, 1] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @dot_repeat(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{lhs batch and contracting dims [0, 0] repeats dimension 0}}
  %0 = tnp.dot_general %a, %b, batch = [0] x [0], contracting = [0] x [1] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @dot_range(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{rhs batch and contracting dims [2] has dimension 2 out of range [0, 2)}}
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [2] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dot_batch_size(%a: tensor<2x2x3xf32>, %b: tensor<5x3x4xf32>) {
  // expected-error @+1 {{batch dimension sizes differ: 2 vs 5}}
  %0 = tnp.dot_general %a, %b, batch = [0] x [0], contracting = [2] x [1] : (tensor<2x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x2x4xf32>
  return
}

// -----

func.func @dot_mismatch(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{contracting dimension sizes differ: 3 vs 4}}
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @dot_result_shape(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{result shape [4, 2] should be [2, 4]}}
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @dot_result_dtype(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{result dtype 'f64' does not follow from operand dtype 'f32'}}
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf64>
  return
}

//===----------------------------------------------------------------------===//
// gather, scatter.
//===----------------------------------------------------------------------===//

// -----

func.func @gather_indices_rank(%a: tensor<5xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{indices must have rank >= 1 (the last dimension indexes the axes)}}
  %0 = tnp.gather %a[%i], axes = [0] : (tensor<5xf32>, tensor<i64>) -> tensor<f32>
  return
}

// -----

func.func @gather_index_depth(%a: tensor<5x3xf32>, %i: tensor<4x2xi64>) {
  // expected-error @+1 {{indices' last dimension (2) must equal the number of axes (1)}}
  %0 = tnp.gather %a[%i], axes = [0] : (tensor<5x3xf32>, tensor<4x2xi64>) -> tensor<4x3xf32>
  return
}

// -----

func.func @gather_axes(%a: tensor<5x3xf32>, %i: tensor<4x1xi64>) {
  // expected-error @+1 {{axes [2] has dimension 2 out of range [0, 2)}}
  %0 = tnp.gather %a[%i], axes = [2] : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x5x3xf32>
  return
}

// -----

func.func @gather_dtype(%a: tensor<5x3xf32>, %i: tensor<4x1xi64>) {
  // expected-error @+1 {{result dtype 'f64' differs from operand dtype 'f32'}}
  %0 = tnp.gather %a[%i], axes = [0] : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x3xf64>
  return
}

// -----

func.func @gather_shape(%a: tensor<5x3xf32>, %i: tensor<4x1xi64>) {
  // expected-error @+1 {{result shape [4, 5] should be [4, 3]}}
  %0 = tnp.gather %a[%i], axes = [0] : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x5xf32>
  return
}

// -----

func.func @gather_float_indices(%a: tensor<5xf32>, %i: tensor<4x1xf32>) {
  // expected-error @+1 {{operand #1 must be ranked tensor of 32-bit signless integer or 64-bit signless integer values}}
  %0 = tnp.gather %a[%i], axes = [0] : (tensor<5xf32>, tensor<4x1xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scatter_result(%a: tensor<5xf32>, %i: tensor<4x1xi64>, %u: tensor<4xf32>) {
  // expected-error @+1 {{result type 'tensor<5xf64>' differs from operand type 'tensor<5xf32>'}}
  %0 = tnp.scatter add %a[%i], %u, axes = [0] : (tensor<5xf32>, tensor<4x1xi64>, tensor<4xf32>) -> tensor<5xf64>
  return
}

// -----

func.func @scatter_updates_dtype(%a: tensor<5xf32>, %i: tensor<4x1xi64>, %u: tensor<4xf64>) {
  // expected-error @+1 {{updates dtype 'f64' differs from operand dtype 'f32'}}
  %0 = tnp.scatter add %a[%i], %u, axes = [0] : (tensor<5xf32>, tensor<4x1xi64>, tensor<4xf64>) -> tensor<5xf32>
  return
}

// -----

func.func @scatter_updates_shape(%a: tensor<5x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x2xf32>) {
  // expected-error @+1 {{updates shape [4, 2] should be [4, 3]}}
  %0 = tnp.scatter set %a[%i], %u, axes = [0] : (tensor<5x3xf32>, tensor<4x1xi64>, tensor<4x2xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @scatter_index_depth(%a: tensor<5xf32>, %i: tensor<4x2xi64>, %u: tensor<4xf32>) {
  // expected-error @+1 {{indices' last dimension (2) must equal the number of axes (1)}}
  %0 = tnp.scatter set %a[%i], %u, axes = [0] : (tensor<5xf32>, tensor<4x2xi64>, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @scatter_add_bool(%a: tensor<5xi1>, %i: tensor<4x1xi64>, %u: tensor<4xi1>) {
  // expected-error @+1 {{'add' is not defined for dtype 'i1'}}
  %0 = tnp.scatter add %a[%i], %u, axes = [0] : (tensor<5xi1>, tensor<4x1xi64>, tensor<4xi1>) -> tensor<5xi1>
  return
}

// -----

func.func @scatter_max_complex(%a: tensor<5xcomplex<f32>>, %i: tensor<4x1xi64>, %u: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'max' is not defined for dtype 'complex<f32>'}}
  %0 = tnp.scatter max %a[%i], %u, axes = [0] : (tensor<5xcomplex<f32>>, tensor<4x1xi64>, tensor<4xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return
}

//===----------------------------------------------------------------------===//
// random_bits.
//===----------------------------------------------------------------------===//

// -----

func.func @random_key_shape(%k: tensor<3xui32>) {
  // expected-error @+1 {{key must be tensor<2xui32> or a batch of them (K x 2), got 'tensor<3xui32>'}}
  %0 = tnp.random_bits %k : (tensor<3xui32>) -> tensor<4xui32>
  return
}

// -----

func.func @random_key_dtype(%k: tensor<2xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 32-bit unsigned integer values}}
  %0 = tnp.random_bits %k : (tensor<2xi32>) -> tensor<4xui32>
  return
}

// -----

func.func @random_key_batch(%k: tensor<4x2xui32>) {
  // expected-error @+1 {{a batch of keys of shape 'tensor<4x2xui32>' gives results whose shape starts with it, got 'tensor<3xui32>'}}
  %0 = tnp.random_bits %k : (tensor<4x2xui32>) -> tensor<3xui32>
  return
}

// -----

func.func @random_dynamic(%k: tensor<2xui32>) {
  // expected-error @+1 {{result shape must be static, got 'tensor<?xui32>'}}
  %0 = tnp.random_bits %k : (tensor<2xui32>) -> tensor<?xui32>
  return
}

// -----

func.func @random_dtype(%k: tensor<2xui32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 32-bit unsigned integer or 64-bit unsigned integer values}}
  %0 = tnp.random_bits %k : (tensor<2xui32>) -> tensor<4xf32>
  return
}

// -----

func.func @sort_axis(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'tnp.sort' op axis 2 out of range [0, 2)}}
  %0 = tnp.sort(%a) axis = 2 : tensor<2x3xf32>
  return
}

// -----

func.func @sort_0d(%a: tensor<f32>) {
  // expected-error @+1 {{'tnp.sort' op cannot sort a 0-d array}}
  %0 = tnp.sort(%a) axis = 0 : tensor<f32>
  return
}

// -----

func.func @sort_shapes(%a: tensor<2x3xf32>, %b: tensor<3x2xi64>) {
  // expected-error @+1 {{'tnp.sort' op operand 1 has shape [3, 2], operand 0 [2, 3]}}
  %0:2 = tnp.sort(%a, %b) axis = 1 : tensor<2x3xf32>, tensor<3x2xi64>
  return
}

// -----

// The permutation's type comes from the keys' before their constraints are
// checked: a key that is no tensor is a diagnostic, not a crash.
func.func @sort_indices_of_scalar(%x: f32) {
  // expected-error @+1 {{'tnp.sort' op operand #0 must be a ranked tensor, got 'f32'}}
  %s, %p = tnp.sort(%x) axis = 0 indices : f32
  return
}

