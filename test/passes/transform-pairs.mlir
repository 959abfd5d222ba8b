// Every pair of transforms (tnp-batch, tnp-autodiff) over each control-flow
// form the tracer records, then lowered to the LLVM dialect: each composes
// (issue 20). While loops are in transform-pairs-while.mlir.
// RUN: tnp-opt %s --split-input-file --tnp-batch="func=f in-axes=0,-1 size=4 name=fb" --tnp-batch="func=fb in-axes=0,-1 size=2 name=fbb" --tnp-cpu-pipeline | FileCheck %s --check-prefix=BB
// RUN: tnp-opt %s --split-input-file --tnp-batch="func=f in-axes=0,-1 size=4 name=fb" --tnp-autodiff="func=fb vjp=true" --tnp-cpu-pipeline | FileCheck %s --check-prefix=BA
// RUN: tnp-opt %s --split-input-file --tnp-autodiff="func=f name=fg" --tnp-batch="func=fg in-axes=0,-1 size=4" --tnp-cpu-pipeline | FileCheck %s --check-prefix=AB
// RUN: tnp-opt %s --split-input-file --tnp-autodiff="func=f name=fg" --tnp-autodiff="func=fg vjp=true name=fgg" --tnp-cpu-pipeline | FileCheck %s --check-prefix=AA

// BB: llvm.func @fbb(
// BA: llvm.func @fb_vjp(
// AB: llvm.func @fg_batched(
// AA: llvm.func @fgg(
// An scf.if on a per-example condition.
func.func @f(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %s = tnp.reduce sum %x, axes = [0] : tensor<3xf32> -> tensor<f32>
  %zero = tnp.constant dense<0.0> : tensor<f32>
  %g = tnp.gt %s, %zero : tensor<f32>
  %c = tensor.extract %g[] : tensor<i1>
  %r = scf.if %c -> (tensor<3xf32>) {
    %d = tnp.mul %x, %x : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  } else {
    %n = tnp.neg %x : tensor<3xf32>
    scf.yield %n : tensor<3xf32>
  }
  %t = tnp.reduce sum %r, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %t : tensor<f32>
}

// -----

// BB: llvm.func @fbb(
// BA: llvm.func @fb_vjp(
// AB: llvm.func @fg_batched(
// AA: llvm.func @fgg(
// An scf.if on an unbatched condition.
func.func @f(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %c = tensor.extract %p[] : tensor<i1>
  %r = scf.if %c -> (tensor<3xf32>) {
    %d = tnp.mul %x, %x : tensor<3xf32>
    scf.yield %d : tensor<3xf32>
  } else {
    %n = tnp.neg %x : tensor<3xf32>
    scf.yield %n : tensor<3xf32>
  }
  %t = tnp.reduce sum %r, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %t : tensor<f32>
}

// -----

// BB: llvm.func @fbb(
// BA: llvm.func @fb_vjp(
// AB: llvm.func @fg_batched(
// AA: llvm.func @fgg(
// An scf.for with constant bounds (fori_loop).
func.func @f(%x: tensor<3xf32>, %p: tensor<i1>) -> tensor<f32> {
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %st = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (tensor<3xf32>) {
    %s = tnp.sin %a : tensor<3xf32>
    %m = tnp.mul %s, %x : tensor<3xf32>
    scf.yield %m : tensor<3xf32>
  }
  %t = tnp.reduce sum %r, axes = [0] : tensor<3xf32> -> tensor<f32>
  return %t : tensor<f32>
}
