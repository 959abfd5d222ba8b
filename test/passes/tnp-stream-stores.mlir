// RUN: tnp-opt %s --split-input-file --tnp-stream-stores | FileCheck %s
// RUN: tnp-opt %s --split-input-file \
// RUN:   --tnp-stream-stores=result-alignment=64 | FileCheck %s --check-prefix=ALIGN

// A marked store becomes a non-temporal vector.store at the map's indices;
// a fence follows the nest, once; an unmarked store stays.
// CHECK-LABEL: func.func @sequential
// CHECK:       affine.for %[[I:.*]] = 0 to 64 {
// CHECK:         %[[M:.*]] = arith.muli %[[I]], %{{.*}} : index
// CHECK:         %[[R:.*]] = arith.addi %[[M]], %{{.*}} : index
// CHECK:         vector.store %{{.*}}, %arg0[%[[R]], %{{.*}}] {nontemporal = true} : memref<1024x64xf32>, vector<16xf32>
// CHECK:         vector.store %{{.*}} {nontemporal = true}
// CHECK:         affine.vector_store %{{.*}}, %arg1[%[[I]], 0]
// CHECK:       }
// CHECK-NEXT:  llvm.fence seq_cst
// CHECK-NOT:   llvm.fence
// With the caller's buffers 64-byte aligned, rows of 64 float32 and indices
// 0 and 16 start whole lines.
// ALIGN-LABEL: func.func @sequential
// ALIGN:       vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true}
// ALIGN:       vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true}
func.func @sequential(%out: memref<1024x64xf32>, %other: memref<64x16xf32>) {
  %v = arith.constant dense<1.0> : vector<16xf32>
  affine.for %i = 0 to 64 {
    affine.vector_store %v, %out[%i * 16 + 3, 0] {tnp.nontemporal} : memref<1024x64xf32>, vector<16xf32>
    affine.vector_store %v, %out[%i * 16 + 4, 16] {tnp.nontemporal} : memref<1024x64xf32>, vector<16xf32>
    affine.vector_store %v, %other[%i, 0] : memref<64x16xf32>, vector<16xf32>
  }
  return
}

// -----

// A store whose buffer and rows a run-time check found aligned (sizes
// unknown here) claims that alignment where its index keeps it (16 float32
// are 64 bytes; 8 are not), with or without result-alignment; the fence
// follows the branch holding the nest.
// CHECK-LABEL: func.func @aligned_rows
// CHECK:       scf.if
// CHECK:         vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true}
// CHECK:         vector.store %{{.*}} {nontemporal = true}
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  llvm.fence seq_cst
// ALIGN-LABEL: func.func @aligned_rows
// ALIGN:         vector.store %{{.*}} {alignment = 64 : i64, nontemporal = true}
// ALIGN:         vector.store %{{.*}} {nontemporal = true}
func.func @aligned_rows(%out: memref<?x?xf32>, %n: index, %check: i1) {
  %v = arith.constant dense<1.0> : vector<16xf32>
  scf.if %check {
    affine.for %i = 0 to %n {
      affine.vector_store %v, %out[%i, %i * 16] {tnp.aligned_rows = 64 : i64, tnp.nontemporal} : memref<?x?xf32>, vector<16xf32>
      affine.vector_store %v, %out[%i, %i * 8] {tnp.aligned_rows = 64 : i64, tnp.nontemporal} : memref<?x?xf32>, vector<16xf32>
    }
  }
  return
}

// -----

// In a parallel loop the fence follows the parallel loop: its threads pass
// OpenMP's barrier.
// CHECK-LABEL: func.func @parallel
// CHECK:       affine.parallel
// CHECK-NOT:     llvm.fence
// CHECK:         vector.store {{.*}} {nontemporal = true}
// CHECK-NOT:     llvm.fence
// CHECK:         }
// CHECK-NEXT:  }
// CHECK-NEXT:  llvm.fence seq_cst
func.func @parallel(%out: memref<1024x64xf32>) {
  %v = arith.constant dense<1.0> : vector<16xf32>
  affine.parallel (%c) = (0) to (64) step (4) {
    affine.for %i = affine_map<(d0) -> (d0)>(%c) to affine_map<(d0) -> (d0 + 4)>(%c) {
      affine.vector_store %v, %out[%i * 16, 0] {tnp.nontemporal} : memref<1024x64xf32>, vector<16xf32>
    }
  }
  return
}

// -----

// A whole in-bounds vector into a function argument of 16 MiB or more that
// the function only writes (a result's destination) streams; the fence
// follows its nest.
// CHECK-LABEL: func.func @large_result
// CHECK:       affine.for
// CHECK:         vector.store %{{.*}}, %arg1[%{{.*}}] {nontemporal = true} : memref<4194304xf32>, vector<16xf32>
// CHECK:       }
// CHECK-NEXT:  llvm.fence seq_cst
func.func @large_result(%x: memref<4194304xf32>, %out: memref<4194304xf32>) {
  %pad = arith.constant 0.0 : f32
  affine.for %j = 0 to 4194304 step 16 {
    %v = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<4194304xf32>, vector<16xf32>
    vector.transfer_write %v, %out[%j] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
  }
  return
}

// -----

// These stay plain: a result the function also reads, a write-only one
// under 16 MiB, a write that may run out of bounds, a temporary (not an
// argument), and bools (bits here, bytes once lowered).
// CHECK-LABEL: func.func @kept_in_cache
// CHECK-NOT:   nontemporal
// CHECK-NOT:   llvm.fence
func.func @kept_in_cache(%x: memref<4194304xf32>, %read: memref<4194304xf32>, %small: memref<1048576xf32>, %maybe: memref<4194304xf32>, %bools: memref<134217728xi1>) -> f32 {
  %b = arith.constant dense<true> : vector<16xi1>
  affine.for %j = 0 to 134217728 step 16 {
    vector.transfer_write %b, %bools[%j] {in_bounds = [true]} : vector<16xi1>, memref<134217728xi1>
  }
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %temp = memref.alloc() {alignment = 64 : i64} : memref<4194304xf32>
  affine.for %j = 0 to 4194304 step 16 {
    %v = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<4194304xf32>, vector<16xf32>
    vector.transfer_write %v, %read[%j] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
    vector.transfer_write %v, %maybe[%j] : vector<16xf32>, memref<4194304xf32>
    vector.transfer_write %v, %temp[%j] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
  }
  affine.for %j = 0 to 1048576 step 16 {
    %v = vector.transfer_read %x[%j], %pad {in_bounds = [true]} : memref<4194304xf32>, vector<16xf32>
    vector.transfer_write %v, %small[%j] {in_bounds = [true]} : vector<16xf32>, memref<1048576xf32>
  }
  %r = memref.load %read[%c0] : memref<4194304xf32>
  %t = memref.load %temp[%c0] : memref<4194304xf32>
  %s = arith.addf %r, %t : f32
  memref.dealloc %temp : memref<4194304xf32>
  return %s : f32
}

// -----

// Stores that start whole lines of a result the caller aligns claim it,
// so that LLVM writes each line with one vector store rather than 8-byte
// pieces; an index 8 elements into a line and rows of 4100 elements do
// not.
// CHECK-LABEL: func.func @aligned_lines
// CHECK-COUNT-3: vector.store %{{.*}} {nontemporal = true}
// ALIGN-LABEL: func.func @aligned_lines
// ALIGN:       vector.store %{{.*}}, %arg0[%{{.*}}] {alignment = 64 : i64, nontemporal = true}
// ALIGN:       vector.store %{{.*}}, %arg0[%{{.*}}] {nontemporal = true}
// ALIGN:       vector.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}] {nontemporal = true}
func.func @aligned_lines(%out: memref<4194304xf32>, %rows: memref<1024x4100xf32>) {
  %v = arith.constant dense<1.0> : vector<16xf32>
  affine.for %j = 0 to 4194304 step 16 {
    vector.transfer_write %v, %out[%j] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
  }
  affine.for %j = 0 to 4194288 step 16 {
    %k = affine.apply affine_map<(d0) -> (d0 + 8)>(%j)
    vector.transfer_write %v, %out[%k] {in_bounds = [true]} : vector<16xf32>, memref<4194304xf32>
  }
  affine.for %i = 0 to 1024 {
    affine.for %j = 0 to 4096 step 16 {
      vector.transfer_write %v, %rows[%i, %j] {in_bounds = [true]} : vector<16xf32>, memref<1024x4100xf32>
    }
  }
  return
}
