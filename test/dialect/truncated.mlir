// Every prefix of a valid module is rejected with a diagnostic and exit code
// 1; none crashes tnp-opt.
// RUN: %python %S/truncate.py %S/ops.mlir tnp-opt
