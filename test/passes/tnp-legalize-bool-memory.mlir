// RUN: tnp-opt %s --pass-pipeline='builtin.module(llvm.func(tnp-legalize-bool-memory))' | FileCheck %s

// Vectors of bools are read and written as bytes, one per bool.
// CHECK-LABEL: llvm.func @bools
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[M:.*]]: vector<16xi1>)
llvm.func @bools(%p: !llvm.ptr, %m: vector<16xi1>) {
  // CHECK: %[[L:.*]] = llvm.load %[[P]] {alignment = 1 : i64} : !llvm.ptr -> vector<16xi8>
  // CHECK: %[[V:.*]] = llvm.trunc %[[L]] : vector<16xi8> to vector<16xi1>
  %v = llvm.load %p {alignment = 1 : i64} : !llvm.ptr -> vector<16xi1>
  // CHECK: %[[ML:.*]] = llvm.intr.masked.load %[[P]], %[[M]], %{{.*}} {alignment = 1 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xi8>) -> vector<16xi8>
  // CHECK: %[[W:.*]] = llvm.trunc %[[ML]] : vector<16xi8> to vector<16xi1>
  %w = llvm.intr.masked.load %p, %m, %v {alignment = 1 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xi1>) -> vector<16xi1>
  // CHECK: %[[S:.*]] = llvm.zext %[[W]] : vector<16xi1> to vector<16xi8>
  // CHECK: llvm.store %[[S]], %[[P]] {alignment = 1 : i64} : vector<16xi8>, !llvm.ptr
  llvm.store %w, %p {alignment = 1 : i64} : vector<16xi1>, !llvm.ptr
  // CHECK: %[[MS:.*]] = llvm.zext %[[V]] : vector<16xi1> to vector<16xi8>
  // CHECK: llvm.intr.masked.store %[[MS]], %[[P]], %[[M]] {alignment = 1 : i32} : vector<16xi8>, vector<16xi1> into !llvm.ptr
  llvm.intr.masked.store %v, %p, %m {alignment = 1 : i32} : vector<16xi1>, vector<16xi1> into !llvm.ptr
  llvm.return
}

// Scalar bools and other vectors are left alone.
// CHECK-LABEL: llvm.func @others
llvm.func @others(%p: !llvm.ptr) -> i1 {
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> i1
  // CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<4xf32>
  // CHECK-NOT: llvm.trunc
  %b = llvm.load %p : !llvm.ptr -> i1
  %f = llvm.load %p : !llvm.ptr -> vector<4xf32>
  llvm.return %b : i1
}
