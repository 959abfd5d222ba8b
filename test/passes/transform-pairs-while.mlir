// Transform pairs over scf.while: batching twice composes (the batched
// loop's condition forwards more values than it carries, which the second
// batching broke, issue 20); reverse mode refuses a while loop after or
// before batching, with a diagnostic.
// RUN: tnp-opt %s --split-input-file --tnp-batch="func=f in-axes=0,-1 size=4 name=fb" --tnp-batch="func=fb in-axes=0,-1 size=2 name=fbb" --tnp-cpu-pipeline | FileCheck %s --check-prefix=BB
// RUN: not tnp-opt %s --split-input-file --tnp-batch="func=f in-axes=0,-1 size=4 name=fb" --tnp-autodiff="func=fb vjp=true" 2>&1 | FileCheck %s --check-prefix=NO
// RUN: not tnp-opt %s --split-input-file --tnp-autodiff="func=f name=fg" --tnp-batch="func=fg in-axes=0,-1 size=4" 2>&1 | FileCheck %s --check-prefix=NO

// BB-LABEL: llvm.func @fbb(
// BB: llvm.cond_br
// NO: 'scf.while' op has no reverse-mode rule
// An scf.while whose condition depends on the example (while_loop).
func.func @f(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %r = scf.while (%v = %x) : (tensor<3xf32>) -> tensor<3xf32> {
    %s = tnp.reduce sum %v, axes = [0] : tensor<3xf32> -> tensor<f32>
    %lim = tnp.constant dense<100.0> : tensor<f32>
    %lt = tnp.lt %s, %lim : tensor<f32>
    %c = tensor.extract %lt[] : tensor<i1>
    scf.condition(%c) %v : tensor<3xf32>
  } do {
  ^bb0(%w: tensor<3xf32>):
    %d = tnp.add %w, %w : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  }
  %t = tnp.reduce sum %r, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %t : tensor<f32>
}

// -----

// BB-LABEL: llvm.func @fbb(
// BB: llvm.cond_br
// NO: 'scf.while' op has no reverse-mode rule
// An scf.while on an unbatched condition.
func.func @f(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %r = scf.while (%v = %x) : (tensor<3xf32>) -> tensor<3xf32> {
    %c = tensor.extract %p[] : tensor<i1>
    scf.condition(%c) %v : tensor<3xf32>
  } do {
  ^bb0(%w: tensor<3xf32>):
    %d = tnp.add %w, %w : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  }
  %t = tnp.reduce sum %r, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %t : tensor<f32>
}
