// Traced control flow compiles for the GPU: host loops and choices around
// launches, a while loop's condition copied back from the device each
// trip, and no dealloc_helper (its lists would be in device memory).
// RUN: tnp-opt %s --tnp-gpu-pipeline | FileCheck %s
// RUN: tnp-opt %s --tnp-gpu-pipeline=elide-waits=false | FileCheck %s --check-prefix=WAITS
// RUN: %if ptxas %{ tnp-opt %s --tnp-gpu-pipeline | %python %S/ptx_of.py --ptxas %ptxas | FileCheck %s --check-prefix=PTXAS %}

// CHECK-NOT: dealloc_helper

// A while loop (tnp::while_loop) whose condition reads a reduction.
// CHECK-LABEL: llvm.func @doubling(
// CHECK: llvm.br ^[[COND:bb[0-9]+]]
// CHECK: ^[[COND]](
// CHECK: gpu.launch_func
// CHECK: llvm.call @mgpuMemcpy
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK: %[[GO:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK: llvm.cond_br %[[GO]]
// PTXAS: ptxas: @doubling_kernel assembles for sm_80,sm_90
func.func @doubling(%x: tensor<1000xf32>) -> tensor<1000xf32> {
  %r = scf.while (%v = %x) : (tensor<1000xf32>) -> tensor<1000xf32> {
    %s = tnp.reduce sum %v, axes = [0] : tensor<1000xf32> -> tensor<f32>
    %lim = tnp.constant dense<100000.0> : tensor<f32>
    %lt = tnp.lt %s, %lim : tensor<f32>
    %c = tensor.extract %lt[] : tensor<i1>
    scf.condition(%c) %v : tensor<1000xf32>
  } do {
  ^bb0(%w: tensor<1000xf32>):
    %d = tnp.add %w, %w : tensor<1000xf32>
    scf.yield %d : tensor<1000xf32>
  }
  return %r : tensor<1000xf32>
}

// A counted loop (tnp::fori_loop) writing its result into the caller's
// buffer, as the runtime calls it: a launch per trip, queued without
// waiting for the last (tnp-gpu-elide-waits); the runtime waits once, when
// the call ends.
// CHECK-LABEL: llvm.func @counted(
// CHECK-NOT: mgpuStreamSynchronize
// CHECK: llvm.icmp "slt"
// CHECK-NOT: mgpuStreamSynchronize
// CHECK: gpu.launch_func
// CHECK-NOT: mgpuStreamSynchronize
// CHECK: llvm.call @mgpuMemcpy
// CHECK-NOT: mgpuStreamSynchronize
// CHECK: llvm.return
// Without tnp-gpu-elide-waits (the option tnp-gpu-exec --bench compares
// with), each trip waits.
// WAITS-LABEL: llvm.func @counted(
// WAITS: llvm.icmp "slt"
// WAITS: gpu.launch_func
// WAITS-NEXT: llvm.call @mgpuStreamSynchronize
// WAITS-LABEL: llvm.func @choice(
// PTXAS: ptxas: @counted_kernel assembles for sm_80,sm_90
func.func @counted(%x: tensor<4xf64> {bufferization.writable = false},
                   %out: memref<4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> tensor<4xf64> {
    %one = tnp.constant dense<1.0> : tensor<f64>
    %b = tnp.broadcast_in_dim %one, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %s = tnp.add %v, %b : tensor<4xf64>
    scf.yield %s : tensor<4xf64>
  }
  bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<4xf64>, memref<4xf64>) -> ()
  return
}

// A choice (tnp::cond) on a value of the device.
// CHECK-LABEL: llvm.func @choice(
// CHECK: llvm.call @mgpuMemcpy
// CHECK: %[[UP:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i1
// CHECK: llvm.cond_br %[[UP]]
// PTXAS: ptxas: @choice_kernel assembles for sm_80,sm_90
func.func @choice(%x: tensor<8xf32>) -> tensor<8xf32> {
  %s = tnp.reduce sum %x, axes = [0] : tensor<8xf32> -> tensor<f32>
  %zero = tnp.constant dense<0.0> : tensor<f32>
  %gt = tnp.gt %s, %zero : tensor<f32>
  %c = tensor.extract %gt[] : tensor<i1>
  %r = scf.if %c -> tensor<8xf32> {
    %d = tnp.add %x, %x : tensor<8xf32>
    scf.yield %d : tensor<8xf32>
  } else {
    %n = tnp.neg %x : tensor<8xf32>
    scf.yield %n : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
