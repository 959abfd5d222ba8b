// The functions tnp-gpu-exec runs on a GPU (main.cpp holds their reference
// results): one per op family, a gradient (tnp-autodiff of @loss) and a
// vectorized_map (tnp-batch of @layer), each compiled by tnp-gpu-pipeline at
// build time (CMakeLists.txt).

func.func @sigmoid(%x: tensor<?xf32> {bufferization.writable = false},
                   %out: memref<?xf32>) {
  %n = tnp.neg %x : tensor<?xf32>
  %e = tnp.exp %n : tensor<?xf32>
  %one = tnp.constant dense<1.0> : tensor<f32>
  %ob = tnp.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<?xf32>
  %d = tnp.add %e, %ob : tensor<?xf32>
  %r = tnp.div %ob, %d : tensor<?xf32>
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<?xf32>, memref<?xf32>) -> ()
  return
}

func.func @tanh_exp(%x: tensor<?xf64>) -> tensor<?xf64> {
  %e = tnp.exp %x : tensor<?xf64>
  %t = tnp.tanh %e : tensor<?xf64>
  return %t : tensor<?xf64>
}

func.func @row_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = tnp.reduce sum %x, axes = [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @total(%x: tensor<?xf32>) -> tensor<f32> {
  %r = tnp.reduce sum %x, axes = [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}

func.func @row_argmax(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %r = tnp.argmax %x, axis = 1 : (tensor<?x?xf32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @argmax_all(%x: tensor<?xf32>) -> tensor<i64> {
  %r = tnp.argmax %x, axis = 0 : (tensor<?xf32>) -> tensor<i64>
  return %r : tensor<i64>
}

func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0]
      : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @take(%x: tensor<?x3xf32>, %i: tensor<?x1xi64>) -> tensor<?x3xf32> {
  %g = tnp.gather %x[%i], axes = [0] : (tensor<?x3xf32>, tensor<?x1xi64>) -> tensor<?x3xf32>
  return %g : tensor<?x3xf32>
}

func.func @scatter_add(%x: tensor<?xf32> {bufferization.writable = false},
                       %i: tensor<?x1xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %s = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<?x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @scatter_set(%x: tensor<?xf32> {bufferization.writable = false},
                       %i: tensor<?x1xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %s = tnp.scatter set %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<?x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @cumsum(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = tnp.scan sum %x, axis = 1 : tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

func.func @argsort_rows(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xi64>) {
  %s:2 = tnp.sort(%x) axis = 1 indices : tensor<?x?xf32>
  return %s#0, %s#1 : tensor<?x?xf32>, tensor<?x?xi64>
}

func.func @sort_columns(%x: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %s = tnp.sort(%x) axis = 0 : tensor<?x?xi32>
  return %s : tensor<?x?xi32>
}

func.func @bits(%k: tensor<2xui32>) -> tensor<4xui32> {
  %a = tnp.random_bits %k : (tensor<2xui32>) -> tensor<4xui32>
  return %a : tensor<4xui32>
}

// d/dx sum(tanh(x)) = 1 - tanh(x)^2.
func.func @loss(%x: tensor<1000xf32>) -> tensor<f32> {
  %t = tnp.tanh %x : tensor<1000xf32>
  %s = tnp.reduce sum %t, axes = [0] : tensor<1000xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// tanh(x . w) per row of a batch of x.
func.func @layer(%w: tensor<3x2xf32>, %x: tensor<3xf32>) -> tensor<2xf32> {
  %p = tnp.dot_general %x, %w, batch = [] x [], contracting = [0] x [0]
      : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
  %t = tnp.tanh %p : tensor<2xf32>
  return %t : tensor<2xf32>
}

// a^T @ b in float64: cuBLAS reads the transposed operand as is.
func.func @matmul_t64(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = tnp.dot_general %a, %b, batch = [] x [], contracting = [0] x [0]
      : (tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// Below kBlasMinMultiplyAdds: generated loops, not cuBLAS.
func.func @matmul_small(%a: tensor<20x16xf32>, %b: tensor<16x30xf32>) -> tensor<20x30xf32> {
  %r = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0]
      : (tensor<20x16xf32>, tensor<16x30xf32>) -> tensor<20x30xf32>
  return %r : tensor<20x30xf32>
}

// Rows longer than 65535 blocks of 256 threads: their blocks take grid
// y and z (tnp-gpu-map-parallel-loops).
func.func @double_rows(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = tnp.add %x, %x : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// A traced fori_loop: a launch per trip, queued without waiting for the
// last (tnp-gpu-elide-waits); variants.mlir has it with the waits.
func.func @add_ones(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> tensor<?xf32> {
    %one = tnp.constant dense<1.0> : tensor<f32>
    %ob = tnp.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<?xf32>
    %s = tnp.add %v, %ob : tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// A traced while loop: its condition, a sum on the device, is copied back
// to the host each trip (tnp-gpu-launch-host-code).
func.func @double_until(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = scf.while (%v = %x) : (tensor<?xf32>) -> tensor<?xf32> {
    %s = tnp.reduce sum %v, axes = [0] : tensor<?xf32> -> tensor<f32>
    %limit = tnp.constant dense<1000.0> : tensor<f32>
    %lt = tnp.lt %s, %limit : tensor<f32>
    %c = tensor.extract %lt[] : tensor<i1>
    scf.condition(%c) %v : tensor<?xf32>
  } do {
  ^bb0(%w: tensor<?xf32>):
    %d = tnp.add %w, %w : tensor<?xf32>
    scf.yield %d : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
