// RUN: tnp-opt %s --pass-pipeline='builtin.module(func.func(tnp-fuse-loops))' --split-input-file | FileCheck %s --strict-whitespace

// A contraction's fill, its reduction and its elementwise epilogue become
// one nest: at each (i, j), the fill, the k loop, then the epilogue.
// CHECK-LABEL: func.func @matmul_epilogue
// CHECK:      affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:     affine.store %{{.*}}, %[[C:.*]][%[[I]], %[[J]]]
// CHECK-NEXT:     affine.for %{{.*}} = 0 to 16 {
// CHECK:          }
// CHECK-NEXT:     affine.load %[[C]][%[[I]], %[[J]]]
// CHECK:          arith.maximumf
// CHECK-NEXT:     affine.store
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @matmul_epilogue(%a: memref<4x16xf32>, %b: memref<16x8xf32>, %c: memref<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.store %zero, %c[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 16 {
        %x = affine.load %a[%i, %k] : memref<4x16xf32>
        %y = affine.load %b[%k, %j] : memref<16x8xf32>
        %acc = affine.load %c[%i, %j] : memref<4x8xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        affine.store %s, %c[%i, %j] : memref<4x8xf32>
      }
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %c[%i, %j] : memref<4x8xf32>
      %r = arith.maximumf %v, %zero : f32
      affine.store %r, %c[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// -----

// A nest that reads whole rows of another's result fuses at the row loop.
// CHECK-LABEL: func.func @rows
// CHECK:      affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 8 {
// CHECK:          affine.store %{{.*}}, %[[T:.*]][%[[I]],
// CHECK:        }
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 2 {
// CHECK:          affine.load %[[T]][%[[I]],
// CHECK:        }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @rows(%a: memref<4x8xf32>, %t: memref<4x8xf32>, %out: memref<4x2xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<4x8xf32>
      %y = arith.addf %x, %x : f32
      affine.store %y, %t[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %n = 0 to 2 {
      %x = affine.load %t[%i, %n] : memref<4x8xf32>
      affine.store %x, %out[%i, %n] : memref<4x2xf32>
    }
  }
  return
}

// -----

// Not fused: a consumer of a reduction over the outer loop (it needs the
// finished sums): two nests stay.
// CHECK-LABEL: func.func @after_reduction
// CHECK-COUNT-2: {{^    }}affine.for
// CHECK-NOT: {{^    }}affine.for
func.func @after_reduction(%a: memref<4x8xf32>, %acc: memref<8xf32>, %out: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<4x8xf32>
      %s = affine.load %acc[%j] : memref<8xf32>
      %y = arith.addf %x, %s : f32
      affine.store %y, %acc[%j] : memref<8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %s = affine.load %acc[%j] : memref<8xf32>
      affine.store %s, %out[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// -----

// Not fused: one nest writes a buffer through a view that the other reads
// directly.
// CHECK-LABEL: func.func @through_a_view
// CHECK-COUNT-2: {{^    }}affine.for
// CHECK-NOT: {{^    }}affine.for
func.func @through_a_view(%a: memref<4x8xf32>, %t: memref<32xf32>, %out: memref<4x8xf32>) {
  %v = memref.expand_shape %t [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %a[%i, %j] : memref<4x8xf32>
      affine.store %x, %v[%i, %j] : memref<4x8xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %x = affine.load %v[%i, %j] : memref<4x8xf32>
      affine.store %x, %out[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// -----

// A softmax's row maxima, then its exponentials into a buffer allocated
// between the nests: the allocation moves above the first nest, and the
// nests fuse at the row loop (not at the inner one, which the first reduces
// across), so each row is read again while in cache.
// CHECK-LABEL: func.func @allocation_between
// CHECK:      %[[E:.*]] = memref.alloc() {{.*}} : memref<4x64xf32>
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:   affine.store
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 64 {
// CHECK:          arith.maximumf
// CHECK:        }
// CHECK-NEXT:   affine.for %{{.*}} = 0 to 64 {
// CHECK:          math.exp
// CHECK-NEXT:     affine.store %{{.*}}, %[[E]][%[[I]], %{{.*}}]
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return %[[E]]
func.func @allocation_between(%x: memref<4x64xf32>, %m: memref<4xf32>) -> memref<4x64xf32> {
  %low = arith.constant 0xFF800000 : f32
  affine.for %i = 0 to 4 {
    affine.store %low, %m[%i] : memref<4xf32>
    affine.for %j = 0 to 64 {
      %v = affine.load %x[%i, %j] : memref<4x64xf32>
      %a = affine.load %m[%i] : memref<4xf32>
      %b = arith.maximumf %v, %a : f32
      affine.store %b, %m[%i] : memref<4xf32>
    }
  }
  %e = memref.alloc() {alignment = 64 : i64} : memref<4x64xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 64 {
      %v = affine.load %x[%i, %j] : memref<4x64xf32>
      %a = affine.load %m[%i] : memref<4xf32>
      %d = arith.subf %v, %a : f32
      %y = math.exp %d : f32
      affine.store %y, %e[%i, %j] : memref<4x64xf32>
    }
  }
  return %e : memref<4x64xf32>
}

// -----

// Not fused: nests with something between them that reads memory, or
// with other bounds.
// CHECK-LABEL: func.func @apart
// CHECK-COUNT-3: {{^    }}affine.for
// CHECK-NOT: {{^    }}affine.for
func.func @apart(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<4xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xf32>
    affine.store %x, %b[%i] : memref<8xf32>
  }
  %zero = arith.constant 0 : index
  %one = memref.load %a[%zero] : memref<8xf32>
  affine.for %i = 0 to 8 {
    %x = affine.load %b[%i] : memref<8xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %b[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 4 {
    %x = affine.load %b[%i] : memref<8xf32>
    affine.store %x, %c[%i] : memref<4xf32>
  }
  return
}

// -----

// Not fused: the second nest folds the lanes of the first's per-lane
// results into one (its lane loop stores to one element, a reduction).
// Fused, the first nest's lane loop, which vectorizes, would run inside
// that reduction, one lane at a time.
// CHECK-LABEL: func.func @into_a_reduction
// CHECK-COUNT-2: {{^    }}affine.for
// CHECK-NOT: {{^    }}affine.for
func.func @into_a_reduction(%x: memref<64x16xf32>, %lanes: memref<16xf32>, %acc: memref<f32>) {
  affine.for %l = 0 to 16 {
    affine.for %c = 0 to 64 {
      %v = affine.load %x[%c, %l] : memref<64x16xf32>
      %m = affine.load %lanes[%l] : memref<16xf32>
      %s = arith.maximumf %v, %m : f32
      affine.store %s, %lanes[%l] : memref<16xf32>
    }
  }
  affine.for %l = 0 to 16 {
    %v = affine.load %lanes[%l] : memref<16xf32>
    %a = affine.load %acc[] : memref<f32>
    %s = arith.maximumf %v, %a : f32
    affine.store %s, %acc[] : memref<f32>
  }
  return
}

// -----

// Fused: a pure scalar computed between the nests (from values known
// before both) moves above the first; loops up to the same run-time size
// have the same bounds; nests inside an scf.if fuse as well.
// CHECK-LABEL: func.func @dynamic_in_if
// CHECK:       %[[N:.*]] = memref.dim
// CHECK:       scf.if
// CHECK-NEXT:    arith.addf
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to %[[N]] {
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @dynamic_in_if(%a: memref<?xf32>, %b: memref<?xf32>, %go: i1,
                         %s: f32) {
  %zero = arith.constant 0 : index
  %n = memref.dim %a, %zero : memref<?xf32>
  scf.if %go {
    affine.for %i = 0 to %n {
      %x = affine.load %a[%i] : memref<?xf32>
      affine.store %x, %b[%i] : memref<?xf32>
    }
    %twice = arith.addf %s, %s : f32
    affine.for %i = 0 to %n {
      %x = affine.load %b[%i] : memref<?xf32>
      %y = arith.addf %x, %twice : f32
      affine.store %y, %b[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Not fused: loops up to different run-time sizes.
// CHECK-LABEL: func.func @other_sizes
// CHECK-COUNT-2: {{^    }}affine.for
func.func @other_sizes(%a: memref<?xf32>, %b: memref<?xf32>) {
  %zero = arith.constant 0 : index
  %n = memref.dim %a, %zero : memref<?xf32>
  %m = memref.dim %b, %zero : memref<?xf32>
  affine.for %i = 0 to %n {
    %x = affine.load %a[%i] : memref<?xf32>
    affine.store %x, %a[%i] : memref<?xf32>
  }
  affine.for %i = 0 to %m {
    %x = affine.load %b[%i] : memref<?xf32>
    affine.store %x, %b[%i] : memref<?xf32>
  }
  return
}
