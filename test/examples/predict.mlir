// The demo module that scripts/demo runs stays valid and canonical.
// RUN: tnp-opt %S/../../examples/predict.mlir --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @predict
// CHECK: tnp.constant weak dense<0> : tensor<i64>
// CHECK: tnp.dot_general
// CHECK: tnp.maximum {{.*}} : (tensor<?x64xf32>, tensor<?x64xi64>) -> tensor<?x64xf32>
// CHECK: tnp.dot_general {{.*}} -> tensor<?x2xf32>
