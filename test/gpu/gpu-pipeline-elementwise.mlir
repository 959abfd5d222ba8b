// Fused elementwise code on the GPU: one kernel per fused op, in the
// runtime's destination-passing form, whose PTX ptxas assembles.
// REQUIRES: libdevice
// RUN: tnp-opt %s --tnp-gpu-pipeline | FileCheck %s --check-prefix=HOST
// RUN: tnp-opt %s --tnp-gpu-pipeline | %python %S/ptx_of.py | FileCheck %s
// RUN: tnp-opt %s --tnp-gpu-pipeline="chip=sm_90" | %python %S/ptx_of.py | FileCheck %s --check-prefix=SM90
// RUN: %if ptxas %{ tnp-opt %s --tnp-gpu-pipeline | %python %S/ptx_of.py --ptxas %ptxas | FileCheck %s --check-prefix=PTXAS %}
// RUN: tnp-opt %s --tnp-gpu-pipeline="elements-per-thread=4" | %python %S/ptx_of.py %if ptxas %{ --ptxas %ptxas %} | FileCheck %s --check-prefix=FOUR

// The host code launches one kernel on the device's stream and returns:
// the runtime binds the mgpu* functions (runtime/cuda/), and waits for the
// stream as the call ends (tnp-gpu-elide-waits).
// HOST-LABEL: llvm.func @sigmoid(
// HOST: %[[S:.*]] = llvm.call @mgpuStreamCreate()
// HOST: gpu.launch_func <%[[S]] : !llvm.ptr> @sigmoid_kernel::@sigmoid_kernel
// HOST-SAME: threads in (%{{.*}}, %{{.*}}, %{{.*}})
// HOST-NOT: gpu.launch_func
// HOST-NOT: mgpuStreamSynchronize
// HOST: llvm.func @_mlir_ciface_sigmoid
// HOST: gpu.binary @sigmoid_kernel {{.*}}#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">

// SM90: .target sm_90
// CHECK-LABEL: // gpu.binary @sigmoid_kernel
// CHECK: .target sm_80
// CHECK: .visible .entry sigmoid_kernel(
// Constants and sizes are the kernel's own, not parameters
// (gpu-launch-sink-index-computations): the two buffers' descriptors only.
// CHECK: .param .u64 sigmoid_kernel_param_9
// CHECK-NEXT: )
// Threads take consecutive elements: the index is thread + block * 256,
// one element each, no loop; 1 / x, its numerator known, is a reciprocal.
// CHECK: mov.u32 {{.*}}%ctaid.x
// CHECK: mov.u32 {{.*}}%tid.x
// CHECK: mul.wide.u32 {{.*}}, 256;
// CHECK-NOT: bra.uni
// CHECK: ld.global.b32
// CHECK: ex2.approx
// CHECK: rcp.rn.f32
// CHECK: st.global.b32
// CHECK: ret;
// PTXAS: ptxas: @sigmoid_kernel assembles for sm_80,sm_90
// Four elements per thread, 256 apart: where all four are in bounds, their
// four loads are in flight together, before the first store.
// FOUR-LABEL: // gpu.binary @sigmoid_kernel
// FOUR: ld.global.b32 {{.*}}, [%[[P:rd[0-9]+]]];
// FOUR-NEXT: ld.global.b32 {{.*}}, [%[[P]]+1024];
// FOUR-NEXT: ld.global.b32 {{.*}}, [%[[P]]+2048];
// FOUR-NEXT: ld.global.b32 {{.*}}, [%[[P]]+3072];
// FOUR-NOT: ld.global
// FOUR: st.global.b32
func.func @sigmoid(%x: tensor<?xf32> {bufferization.writable = false},
                   %out: memref<?xf32>) attributes {llvm.emit_c_interface} {
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

// float64 transcendentals come from libdevice, linked into the module: no
// call is left for the driver to resolve.
// CHECK-LABEL: // gpu.binary @tanh_exp_kernel
// CHECK-NOT: .extern
// CHECK: .visible .entry tanh_exp_kernel(
// CHECK: fma.rn.f64
// CHECK-NOT: call
// CHECK: ret;
// PTXAS: ptxas: @tanh_exp_kernel assembles for sm_80,sm_90
func.func @tanh_exp(%x: tensor<?xf64>) -> tensor<?xf64> {
  %e = tnp.exp %x : tensor<?xf64>
  %t = tnp.tanh %e : tensor<?xf64>
  return %t : tensor<?xf64>
}

// A broadcasting compare of two 2-d arrays: bools are stored as bytes, and
// blocks cover rows (y in 2-d) while threads run along them.
// CHECK-LABEL: // gpu.binary @less_kernel
// CHECK: %ctaid.y
// CHECK: setp.lt.f32
// CHECK: st.global.b8
// PTXAS: ptxas: @less_kernel assembles for sm_80,sm_90
func.func @less(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> tensor<?x?xi1> {
  %b = tnp.broadcast_in_dim %y, dims = [1] : (tensor<?xf32>) -> tensor<?x?xf32>
  %r = tnp.lt %x, %b : tensor<?x?xf32>
  return %r : tensor<?x?xi1>
}
