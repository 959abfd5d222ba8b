// RUN: tnp-opt %s --split-input-file --tnp-stream-stores | FileCheck %s

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
