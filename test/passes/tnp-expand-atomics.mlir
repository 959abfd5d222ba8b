// RUN: tnp-opt %s --tnp-expand-atomics | FileCheck %s

// An atomic integer product, which LLVM's atomicrmw lacks, becomes a
// compare-and-swap loop multiplying the current value; other atomics stay.
// CHECK-LABEL: func.func @products
// CHECK: %[[R:.*]] = memref.generic_atomic_rmw %arg0[%arg2] : memref<8xi32> {
// CHECK-NEXT: ^bb0(%[[CUR:.*]]: i32):
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[CUR]], %arg1 : i32
// CHECK-NEXT: memref.atomic_yield %[[P]] : i32
// CHECK: memref.atomic_rmw addi
// CHECK: return %[[R]]
func.func @products(%m: memref<8xi32>, %v: i32, %i: index) -> i32 {
  %r = memref.atomic_rmw muli %v, %m[%i] : (i32, memref<8xi32>) -> i32
  %s = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<8xi32>) -> i32
  return %r : i32
}
