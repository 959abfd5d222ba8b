// What tnp-gpu-exec --bench times beside the defaults (kernels.mlir): the
// product as generated loops, the sigmoid at four elements per thread, and
// kernels.mlir's @add_ones waiting for the GPU each trip, compiled with
// tnp-gpu-pipeline's blas=false elements-per-thread=4 elide-waits=false.
func.func @add_ones_waiting(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
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

func.func @matmul_loops(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0]
      : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @sigmoid_four_per_thread(%x: tensor<?xf32> {bufferization.writable = false},
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
