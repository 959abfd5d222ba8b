// RUN: tnp-opt %s --split-input-file --tnp-gpu-elide-waits | FileCheck %s

// All of a device's work is queued on one stream, in order: a trip of a
// loop need not wait for the last, and the runtime waits at the end of
// the call.
// CHECK-LABEL: func.func @trips
// CHECK-NOT: gpu.wait [
// CHECK: scf.for
// CHECK-NEXT: gpu.wait async
// CHECK-NEXT: gpu.launch_func async
// CHECK-NEXT: gpu.alloc async
// CHECK-NEXT: gpu.memcpy async
// CHECK-NEXT: gpu.dealloc async
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.wait async
// CHECK-NEXT: gpu.launch_func async
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%m: memref<4xf32>) kernel { gpu.return }
  }
  func.func @trips(%x: memref<4xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = gpu.alloc () : memref<4xf32>
    %0 = gpu.wait async
    %1 = gpu.memcpy async [%0] %a, %x : memref<4xf32>, memref<4xf32>
    gpu.wait [%1]
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %a) -> memref<4xf32> {
      %2 = gpu.wait async
      %3 = gpu.launch_func async [%2] @k::@k blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1) args(%v : memref<4xf32>)
      %b, %4 = gpu.alloc async [%3] () : memref<4xf32>
      // A copy between buffers the loop carries: device memory.
      %5 = gpu.memcpy async [%4] %b, %v : memref<4xf32>, memref<4xf32>
      %6 = gpu.dealloc async [%5] %v : memref<4xf32>
      gpu.wait [%6]
      scf.yield %b : memref<4xf32>
    }
    %7 = gpu.wait async
    %8 = gpu.launch_func async [%7] @k::@k blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%r : memref<4xf32>)
    gpu.wait [%8]
    return
  }
}

// -----

// The host waits before it reads what a copy wrote into host memory (a
// while loop's condition, through a stack slot), and where a copy reads
// memory that may be the host's, even through a loop's carried values.
// CHECK-LABEL: func.func @reads
// CHECK: scf.while
// CHECK: %[[C:.*]] = gpu.memcpy async [%{{.*}}] %{{.*}}, %{{.*}} : memref<i1>
// CHECK-NEXT: gpu.wait [%[[C]]]
// CHECK-NEXT: memref.load
// CHECK: scf.for
// CHECK: %[[H:.*]] = gpu.memcpy async
// CHECK-NEXT: gpu.wait [%[[H]]]
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%m: memref<i1>) kernel { gpu.return }
  }
  func.func @reads(%flag: memref<i1>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %slot = memref.alloca() : memref<i1>
    scf.while : () -> () {
      %0 = gpu.wait async
      %1 = gpu.launch_func async [%0] @k::@k blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1) args(%flag : memref<i1>)
      %2 = gpu.memcpy async [%1] %slot, %flag : memref<i1>, memref<i1>
      gpu.wait [%2]
      %go = memref.load %slot[] : memref<i1>
      scf.condition(%go)
    } do {
      scf.yield
    }
    %host = memref.alloca() : memref<i1>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %host) -> memref<i1> {
      %3 = gpu.wait async
      %4 = gpu.memcpy async [%3] %flag, %v : memref<i1>, memref<i1>
      gpu.wait [%4]
      scf.yield %v : memref<i1>
    }
    return
  }
}

// -----

// A choice's branches wait for nothing they do not read.
// CHECK-LABEL: func.func @choice
// CHECK-NOT: gpu.wait [
// CHECK: return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%m: memref<i1>) kernel { gpu.return }
  }
  func.func @choice(%flag: memref<i1>, %c: i1) {
    %c1 = arith.constant 1 : index
    scf.if %c {
      %0 = gpu.wait async
      %1 = gpu.launch_func async [%0] @k::@k blocks in (%c1, %c1, %c1)
          threads in (%c1, %c1, %c1) args(%flag : memref<i1>)
      gpu.wait [%1]
    }
    return
  }
}

// -----

// A copy from a constant global needs no wait (it never changes, and lives
// as long as the module); one from a global that may change does.
// CHECK-LABEL: func.func @globals
// CHECK: gpu.memcpy async
// CHECK-NOT: gpu.wait [
// CHECK: %[[C:.*]] = gpu.memcpy async
// CHECK-NEXT: gpu.wait [%[[C]]]
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>
  memref.global "private" @state : memref<2xf32> = dense<0.0>
  func.func @globals(%out: memref<2xf32>) {
    %a = gpu.alloc () : memref<2xf32>
    %t = memref.get_global @table : memref<2xf32>
    %0 = gpu.wait async
    %1 = gpu.memcpy async [%0] %a, %t : memref<2xf32>, memref<2xf32>
    gpu.wait [%1]
    %s = memref.get_global @state : memref<2xf32>
    %2 = gpu.wait async
    %3 = gpu.memcpy async [%2] %out, %s : memref<2xf32>, memref<2xf32>
    gpu.wait [%3]
    return
  }
}
