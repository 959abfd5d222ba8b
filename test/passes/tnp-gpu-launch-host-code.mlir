// RUN: tnp-opt %s --tnp-gpu-launch-host-code --split-input-file --verify-diagnostics | FileCheck %s

// Buffers are the device's; a sequential loop runs in a one-thread launch;
// a constant global is copied to the device at entry and freed at return.
// CHECK-LABEL: func.func @host
// CHECK: %[[G:.*]] = memref.get_global @table
// CHECK: %[[D:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[D]], %[[G]]
// CHECK: %[[A:.*]] = gpu.alloc (%{{.*}}) : memref<?xf32>
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]]) threads({{.*}}) in ({{.*}} = %[[ONE]], {{.*}} = %[[ONE]], {{.*}} = %[[ONE]])
// CHECK-NEXT: scf.for
// CHECK: memref.load %[[D]]
// CHECK: gpu.terminator
// CHECK: gpu.memcpy %{{.*}}, %[[A]]
// CHECK: gpu.dealloc %[[A]]
// CHECK: gpu.dealloc %[[D]]
// CHECK-NEXT: return
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @host(%n: index, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.get_global @table : memref<4xf32>
  %a = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  }
  memref.copy %a, %out : memref<?xf32> to memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// A value read from device memory cannot steer host code.
func.func @bound(%a: memref<?xindex>) -> index {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op reads device memory into the host: not supported on the GPU}}
  %n = memref.load %a[%c0] : memref<?xindex>
  return %n : index
}
