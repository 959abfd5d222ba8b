// RUN: tnp-opt %s --tnp-forward-transfers | FileCheck %s

// An argmax's lanes start from a fill stored and read right back: the read
// takes the stored value, and the fill, overwritten before anything reads
// it, goes.
// CHECK-LABEL: func.func @fill_then_accumulate
// CHECK:       affine.for
// CHECK-NOT:     vector.transfer_read %arg1
// CHECK:         %[[M:.*]] = arith.maximumf %{{.*}}, %[[FILL:.*]] : vector<16xf32>
// CHECK-NEXT:    vector.transfer_write %[[M]], %arg1
// CHECK-NOT:     vector.transfer_write
func.func @fill_then_accumulate(%x: memref<4x64xf32>, %acc: memref<4x64xf32>) {
  %pad = arith.constant 0.0 : f32
  %fill = arith.constant dense<0xFF800000> : vector<16xf32>
  affine.for %i = 0 to 4 {
    affine.for %l = 0 to 64 step 16 {
      vector.transfer_write %fill, %acc[%i, %l] {in_bounds = [true]} : vector<16xf32>, memref<4x64xf32>
      %a = vector.transfer_read %acc[%i, %l], %pad {in_bounds = [true]} : memref<4x64xf32>, vector<16xf32>
      %v = vector.transfer_read %x[%i, %l], %pad {in_bounds = [true]} : memref<4x64xf32>, vector<16xf32>
      %m = arith.maximumf %v, %a : vector<16xf32>
      vector.transfer_write %m, %acc[%i, %l] {in_bounds = [true]} : vector<16xf32>, memref<4x64xf32>
    }
  }
  return
}
