// RUN: tnp-opt %s --split-input-file --verify-diagnostics

// Bad text gets a diagnostic, never a crash: unknown ops, wrong attribute
// values and kinds, wrong types.

func.func @unknown_op(%a: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'tnp.frobnicate' is unknown}}
  %0 = tnp.frobnicate %a : tensor<4xf32>
  return
}

// -----

func.func @unknown_generic_op(%a: tensor<4xf32>) {
  // expected-error @+1 {{unregistered operation 'tnp.frobnicate' found in dialect ('tnp') that does not allow unknown operations}}
  %0 = "tnp.frobnicate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @float_dims(%a: tensor<3xf32>) {
  // expected-error @+2 {{expected integer value}}
  // expected-error @+1 {{expected ']'}}
  %0 = tnp.broadcast_in_dim %a, dims = [1.5] : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @missing_attribute(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{requires attribute 'permutation'}}
  %0 = "tnp.transpose"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @wrong_attribute_kind(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{invalid properties {permutation = "x"} for op tnp.transpose}}
  %0 = "tnp.transpose"(%a) <{permutation = "x"}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @not_a_tensor(%a: vector<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of NumPy dtype values}}
  %0 = tnp.exp %a : vector<4xf32>
  return
}

// -----

func.func @unranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of NumPy dtype values}}
  %0 = tnp.exp %a : tensor<*xf32>
  return
}

// -----

func.func @type_mismatch_with_value(%a: tensor<4xf32>) {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<4xf64>' vs 'tensor<4xf32>'}}
  %0 = tnp.exp %a : tensor<4xf64>
  return
}

// -----

func.func @wrong_enum(%a: tensor<5xf32>, %i: tensor<4x1xi64>, %u: tensor<4xf32>) {
  // expected-error @+2 {{expected ::mlir::tnp::ScatterKind to be one of: set, add, mul, min, max}}
  // expected-error @+1 {{failed to parse Tnp_ScatterKindAttr parameter}}
  %0 = tnp.scatter sub %a[%i], %u, axes = [0] : (tensor<5xf32>, tensor<4x1xi64>, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @bad_constant() {
  // expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
  %0 = tnp.constant dense<[1.0, 2.0]> : tensor<3xf32>
  return
}

// -----

func.func @operand_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected 2 operands, but found 1}}
  %0 = "tnp.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @result_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{requires one result}}
  "tnp.exp"(%a) : (tensor<4xf32>) -> ()
  return
}
