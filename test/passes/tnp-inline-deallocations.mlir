// RUN: tnp-opt %s --tnp-inline-deallocations --split-input-file | FileCheck %s

// Two memrefs, one retained: each is freed under its condition unless it
// is the retained one or the memref before it (by base pointer); the
// retained one is owned where a memref with its pointer has its condition.
// CHECK-LABEL: func.func @two_retain_one(
// CHECK-SAME: %[[A:[^:]*]]: memref<f32>, %[[B:[^:]*]]: memref<f32>, %[[CA:[^:]*]]: i1, %[[CB:[^:]*]]: i1, %[[R:[^:]*]]: memref<4xf32>)
// CHECK-DAG: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-DAG: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK: %[[AR:.*]] = arith.cmpi eq, %[[PA]], %[[PR]]
// CHECK: %[[OA:.*]] = arith.andi %[[AR]], %[[CA]]
// CHECK: %[[O1:.*]] = arith.ori %{{.*}}, %[[OA]]
// CHECK: %[[ANR:.*]] = arith.cmpi ne, %[[PA]], %[[PR]]
// CHECK: %[[FA:.*]] = arith.andi %[[CA]], %[[ANR]]
// CHECK: scf.if %[[FA]] {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: %[[BR:.*]] = arith.cmpi eq, %[[PB]], %[[PR]]
// CHECK: %[[OB:.*]] = arith.andi %[[BR]], %[[CB]]
// CHECK: %[[O2:.*]] = arith.ori %[[O1]], %[[OB]]
// CHECK: %[[BNR:.*]] = arith.cmpi ne, %[[PB]], %[[PR]]
// CHECK: %[[FB1:.*]] = arith.andi %[[CB]], %[[BNR]]
// CHECK: %[[BNA:.*]] = arith.cmpi ne, %[[PB]], %[[PA]]
// CHECK: %[[FB:.*]] = arith.andi %[[FB1]], %[[BNA]]
// CHECK: scf.if %[[FB]] {
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: return %[[O2]]
// CHECK-NOT: dealloc_helper
func.func @two_retain_one(%a: memref<f32>, %b: memref<f32>, %ca: i1, %cb: i1,
                          %r: memref<4xf32>) -> i1 {
  %o = bufferization.dealloc (%a, %b : memref<f32>, memref<f32>)
      if (%ca, %cb) retain (%r : memref<4xf32>)
  return %o : i1
}

// -----

// One memref, nothing retained: freed under its condition.
// CHECK-LABEL: func.func @one(
// CHECK-SAME: %[[A:[^:]*]]: memref<f32>, %[[C:[^:]*]]: i1)
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NOT: bufferization.dealloc
func.func @one(%a: memref<f32>, %c: i1) {
  bufferization.dealloc (%a : memref<f32>) if (%c)
  return
}
