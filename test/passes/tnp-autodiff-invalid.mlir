// RUN: tnp-opt %s --tnp-autodiff=func=f --split-input-file --verify-diagnostics

// expected-error @+1 {{a gradient needs one 0-d float result (a loss), got 'tensor<3xf32>'; use vjp=true for other results}}
func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}


// -----

func.func @f(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'scf.while' op has no reverse-mode rule: a while loop's trip count is known only when it runs}}
  %r = scf.while (%v = %x) : (tensor<f32>) -> tensor<f32> {
    %t = tensor.extract %v[] : tensor<f32>
    %c = arith.constant 10.0 : f32
    %lt = arith.cmpf olt, %t, %c : f32
    scf.condition(%lt) %v : tensor<f32>
  } do {
  ^bb0(%w: tensor<f32>):
    %d = tnp.add %w, %w : tensor<f32>
    scf.yield %d : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @f(%x: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{computes a complex value from differentiated arguments}}
  %c = tnp.convert %x : (tensor<3xf32>) -> tensor<3xcomplex<f32>>
  %a = tnp.abs %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %s = tnp.reduce sum %a, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

func.func @f(%x: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{'tnp.scan' op has no VJP rule for a running max}}
  %m = tnp.scan max %x, axis = 0 : tensor<3xf32>
  %s = tnp.reduce sum %m, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// -----

// expected-error @+1 {{tnp-autodiff: no function body named 'f'}}
module {
  func.func @g(%x: tensor<f32>) -> tensor<f32> {
    return %x : tensor<f32>
  }
}

// -----

// A slice of a dynamic dimension has no static pad to undo it (the fuzzer
// found the pad widths computed from the dynamic size's sentinel, issue 20).
func.func @f(%x: tensor<?x6xf32>) -> tensor<f32> {
  // expected-error @+1 {{has no VJP for a slice of dynamic dimension 0 (a pad needs static widths)}}
  %s = tnp.slice %x, start = [0, 1], limit = [4, 5], strides = [2, 1] : tensor<?x6xf32> -> tensor<2x4xf32>
  %r = tnp.reduce sum %s, axes = [0, 1] : tensor<2x4xf32> -> tensor<f32>
  return %r : tensor<f32>
}
