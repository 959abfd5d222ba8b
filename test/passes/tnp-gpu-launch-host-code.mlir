// RUN: tnp-opt %s --tnp-gpu-launch-host-code --split-input-file --verify-diagnostics | FileCheck %s

// Buffers are the device's; a sequential loop runs in a one-thread launch;
// a constant global is copied to the device at entry and freed at return.
// CHECK-LABEL: func.func @host
// CHECK: %[[D:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: %[[G:.*]] = memref.get_global @table
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

// Host control flow (a while loop around a launch) stays on the host. A
// scalar the host reads (its condition) is stored to a device
// buffer in the launch and copied back into a stack slot, both made at
// entry for every trip; the slot is zeroed first, so that the loop ends if
// a failed call skips the copy.
// CHECK-LABEL: func.func @condition
// CHECK-DAG: %[[SLOT:.*]] = memref.alloca() : memref<i1>
// CHECK-DAG: %[[DEV:.*]] = gpu.alloc () : memref<i1>
// CHECK: scf.while
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: memref.store %[[FALSE]], %[[SLOT]][]
// CHECK: gpu.launch
// CHECK: %[[V:.*]] = memref.load
// CHECK: %[[C:.*]] = arith.cmpf olt, %[[V]]
// CHECK: memref.store %[[C]], %[[DEV]][]
// CHECK: gpu.terminator
// CHECK: gpu.memcpy %[[SLOT]], %[[DEV]]
// CHECK: %[[READ:.*]] = memref.load %[[SLOT]][]
// CHECK: scf.condition(%[[READ]])
// CHECK: gpu.dealloc %[[DEV]]
// CHECK-NEXT: return
func.func @condition(%a: memref<f32>) {
  %limit = arith.constant 100.0 : f32
  scf.while : () -> () {
    %v = memref.load %a[] : memref<f32>
    %c = arith.cmpf olt, %v, %limit : f32
    scf.condition(%c)
  } do {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
        threads(%t0, %t1, %t2) in (%s0 = %c1, %s1 = %c1, %s2 = %c1) {
      %v = memref.load %a[] : memref<f32>
      %d = arith.addf %v, %v : f32
      memref.store %d, %a[] : memref<f32>
      gpu.terminator
    }
    scf.yield
  }
  return
}

// -----

// Host control flow (a traced loop, the ownership choices of buffer
// deallocation) stays on the host, and its regions become host code: the
// allocation, copy and free of a trip are the device's.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for
// CHECK: %[[A:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[A]], %{{.*}}
// CHECK: scf.if
// CHECK-NEXT: gpu.dealloc
// CHECK: scf.yield %[[A]], %{{.*}}
// CHECK-NOT: gpu.launch
func.func @loop(%x: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x, %own = %false)
      -> (memref<4xf32>, i1) {
    %a = memref.alloc() : memref<4xf32>
    memref.copy %v, %a : memref<4xf32> to memref<4xf32>
    scf.if %own {
      memref.dealloc %v : memref<4xf32>
    }
    scf.yield %a, %true : memref<4xf32>, i1
  }
  return %r#0 : memref<4xf32>
}

// -----

// Only scalars are copied back.
func.func @vector(%a: memref<8xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.load' op reads a 'vector<4xf32>' from device memory into the host: not supported on the GPU}}
  %v = vector.load %a[%c0] : memref<8xf32>, vector<4xf32>
  return %v : vector<4xf32>
}
