// RUN: tnp-opt %s --tnp-expand-atomics | FileCheck %s

// An atomic product, which LLVM's atomicrmw lacks, becomes a loop that
// multiplies the element read and swaps the product in if the element's
// bits are still those read (else again, from the bits found); it returns
// the value replaced. Other atomics stay.
// CHECK-LABEL: func.func @products
// CHECK: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[FIRST:.*]] = memref.load %arg0[%arg2]
// CHECK: %[[FIRSTBITS:.*]] = arith.bitcast %[[FIRST]] : f32 to i32
// CHECK: %[[OLD:.*]] = scf.while (%[[BITS:.*]] = %[[FIRSTBITS]]) : (i32) -> i32 {
// CHECK: %[[CUR:.*]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK: %[[P:.*]] = arith.mulf %[[CUR]], %arg1 : f32
// CHECK: %[[PBITS:.*]] = arith.bitcast %[[P]] : f32 to i32
// CHECK: %[[SWAP:.*]] = llvm.cmpxchg %[[PTR]], %[[BITS]], %[[PBITS]] acq_rel monotonic : !llvm.ptr, i32
// CHECK: %[[FOUND:.*]] = llvm.extractvalue %[[SWAP]][0]
// CHECK: %[[OK:.*]] = llvm.extractvalue %[[SWAP]][1]
// CHECK: %[[AGAIN:.*]] = arith.xori %[[OK]], %true
// CHECK: scf.condition(%[[AGAIN]]) %[[FOUND]] : i32
// CHECK: %[[R:.*]] = arith.bitcast %[[OLD]] : i32 to f32
// CHECK: scf.while
// CHECK: arith.muli
// CHECK: llvm.cmpxchg {{.*}} : !llvm.ptr, i64
// CHECK: memref.atomic_rmw addi
// CHECK: return %[[R]]
func.func @products(%m: memref<8xf32>, %v: f32, %i: index,
                    %n: memref<4x4xi64>, %w: i64) -> f32 {
  %r = memref.atomic_rmw mulf %v, %m[%i] : (f32, memref<8xf32>) -> f32
  %s = memref.atomic_rmw muli %w, %n[%i, %i] : (i64, memref<4x4xi64>) -> i64
  %t = memref.atomic_rmw addi %w, %n[%i, %i] : (i64, memref<4x4xi64>) -> i64
  return %r : f32
}
