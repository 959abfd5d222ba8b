// The tour's model, predict(inputs) = max(inputs @ w1 + bias, 0) @ w2, written
// in the tnp dialect as the tracer will record it: broadcasting is explicit,
// and the literal 0 is a weak int64 that promotes to float32.
//
// scripts/demo runs: tnp-opt examples/predict.mlir --canonicalize
func.func @predict(%inputs: tensor<?x32xf32>, %w1: tensor<32x64xf32>,
                   %bias: tensor<64xf32>, %w2: tensor<64x2xf32>)
    -> tensor<?x2xf32> {
  %h = tnp.dot_general %inputs, %w1, batch = [] x [], contracting = [1] x [0]
      : (tensor<?x32xf32>, tensor<32x64xf32>) -> tensor<?x64xf32>
  %b = tnp.broadcast_in_dim %bias, dims = [1]
      : (tensor<64xf32>) -> tensor<?x64xf32>
  %y = tnp.add %h, %b : tensor<?x64xf32>
  %zero = tnp.constant weak dense<0> : tensor<i64>
  %z = tnp.broadcast_in_dim %zero, dims = [] : (tensor<i64>) -> tensor<?x64xi64>
  %relu = tnp.maximum %y, %z : (tensor<?x64xf32>, tensor<?x64xi64>) -> tensor<?x64xf32>
  %out = tnp.dot_general %relu, %w2, batch = [] x [], contracting = [1] x [0]
      : (tensor<?x64xf32>, tensor<64x2xf32>) -> tensor<?x2xf32>
  return %out : tensor<?x2xf32>
}
