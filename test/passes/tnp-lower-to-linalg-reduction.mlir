// RUN: tnp-opt %s --tnp-lower-to-linalg=blas=false --split-input-file --verify-diagnostics | FileCheck %s

// Float sums accumulate in float64 and round once (at least as accurate as
// NumPy's pairwise sum); the combiner is reassoc, so that LLVM's loop
// vectorizer may keep partial sums per lane.
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[X:.*]]: tensor<2x?x4xf32>)
func.func @sum(%x: tensor<2x?x4xf32>) -> tensor<?xf32> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<2x?x4xf32>
  // CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
  // CHECK: %[[E:.*]] = tensor.empty(%[[D]]) : tensor<?xf64>
  // CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f64) outs(%[[E]] : tensor<?xf64>)
  // CHECK: %[[R:.*]] = linalg.reduce ins(%[[X]] : tensor<2x?x4xf32>) outs(%[[INIT]] : tensor<?xf64>) dimensions = [0, 2]
  // CHECK-NEXT: (%[[IN:.*]]: f32, %[[ACC:.*]]: f64) {
  // CHECK-NEXT: %[[W:.*]] = arith.extf %[[IN]] : f32 to f64
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[W]], %[[ACC]] fastmath<reassoc> : f64
  // CHECK-NEXT: linalg.yield %[[S]] : f64
  // CHECK: linalg.generic
  // CHECK-SAME: ins(%[[R]] : tensor<?xf64>) outs(%{{.*}} : tensor<?xf32>)
  // CHECK: arith.truncf %{{.*}} : f64 to f32
  %0 = tnp.reduce sum %x, axes = [2, 0] : tensor<2x?x4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A float64 sum accumulates in its dtype.
// CHECK-LABEL: func.func @sum_f64
func.func @sum_f64(%x: tensor<2x3xf64>) -> tensor<3xf64> {
  // CHECK: linalg.reduce ins(%{{.*}} : tensor<2x3xf64>) outs(%{{.*}} : tensor<3xf64>)
  // CHECK-NEXT: (%[[IN:.*]]: f64, %[[ACC:.*]]: f64) {
  // CHECK-NEXT: arith.addf %[[IN]], %[[ACC]] fastmath<reassoc> : f64
  // CHECK-NOT: arith.truncf
  %0 = tnp.reduce sum %x, axes = [0] : tensor<2x3xf64> -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// float16 sums accumulate in float64 too; its products in float32.
// CHECK-LABEL: func.func @sum_prod_f16
func.func @sum_prod_f16(%x: tensor<2x3xf16>) -> (tensor<3xf16>, tensor<3xf16>) {
  // CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%{{.*}} : tensor<3xf64>)
  // CHECK: %[[R:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x3xf16>) outs(%[[INIT]] : tensor<3xf64>)
  // CHECK-NEXT: (%[[IN:.*]]: f16, %[[ACC:.*]]: f64) {
  // CHECK-NEXT: %[[W:.*]] = arith.extf %[[IN]] : f16 to f64
  // CHECK-NEXT: arith.addf %[[W]], %[[ACC]] fastmath<reassoc> : f64
  // CHECK: linalg.generic
  // CHECK-SAME: ins(%[[R]] : tensor<3xf64>) outs(%{{.*}} : tensor<3xf16>)
  // CHECK: arith.truncf %{{.*}} : f64 to f16
  %0 = tnp.reduce sum %x, axes = [0] : tensor<2x3xf16> -> tensor<3xf16>
  // CHECK: linalg.reduce ins(%{{.*}} : tensor<2x3xf16>) outs(%{{.*}} : tensor<3xf32>)
  // CHECK-NEXT: (%{{.*}}: f16, %{{.*}}: f32) {
  // CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
  // CHECK-NEXT: arith.mulf
  // CHECK: arith.truncf %{{.*}} : f32 to f16
  %1 = tnp.reduce prod %x, axes = [0] : tensor<2x3xf16> -> tensor<3xf16>
  return %0, %1 : tensor<3xf16>, tensor<3xf16>
}

// -----

// CHECK-LABEL: func.func @prod_int
func.func @prod_int(%x: tensor<2x3xi64>) -> tensor<2xi64> {
  // CHECK: %[[ONE:.*]] = arith.constant 1 : i64
  // CHECK: linalg.fill ins(%[[ONE]] : i64)
  // CHECK: linalg.reduce
  // CHECK: arith.muli
  %0 = tnp.reduce prod %x, axes = [1] : tensor<2x3xi64> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// Float max and min reduce integer order keys (the float's bits, the
// magnitude bits of negatives flipped), from the key of -inf or +inf; NaN's
// key is the largest (max) or smallest (min), so NaN wins. The keys decode
// back to floats, NaN's to NumPy's NaN.
// CHECK-LABEL: func.func @max_min_float
func.func @max_min_float(%x: tensor<2x3xf32>, %h: tensor<4xf16>) -> (tensor<2xf32>, tensor<3xf32>, tensor<f16>) {
  // CHECK:      %[[NAN_KEY:.*]] = arith.constant 2147483647 : i32
  // CHECK:      %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
  // CHECK:      arith.bitcast %[[NEG_INF]] : f32 to i32
  // CHECK:      %[[INIT:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<2xi32>)
  // CHECK:      %[[KEYS:.*]] = linalg.reduce ins(%{{.*}} : tensor<2x3xf32>) outs(%[[INIT]] : tensor<2xi32>) dimensions = [1]
  // CHECK:        %[[IS_NAN:.*]] = arith.cmpf uno
  // CHECK:        %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
  // CHECK:        %[[SIGN:.*]] = arith.shrsi %[[BITS]]
  // CHECK:        %[[FLIP:.*]] = arith.andi %[[SIGN]]
  // CHECK:        %[[KEY:.*]] = arith.xori %[[BITS]], %[[FLIP]] : i32
  // CHECK:        %[[SELECTED:.*]] = arith.select %[[IS_NAN]], %[[NAN_KEY]], %[[KEY]] : i32
  // CHECK:        arith.maxsi %[[SELECTED]], %{{.*}} : i32
  // CHECK:      linalg.generic {{.*}} ins(%[[KEYS]] : tensor<2xi32>) outs(%{{.*}} : tensor<2xf32>)
  // CHECK:        %[[WAS_NAN:.*]] = arith.cmpi eq, %{{.*}}, %[[NAN_KEY]] : i32
  // CHECK:        %[[QNAN:.*]] = arith.constant 0x7FC00000 : f32
  // CHECK:        arith.xori
  // CHECK:        %[[DECODED:.*]] = arith.bitcast %{{.*}} : i32 to f32
  // CHECK:        arith.select %[[WAS_NAN]], %[[QNAN]], %[[DECODED]] : f32
  %0 = tnp.reduce max %x, axes = [1] : tensor<2x3xf32> -> tensor<2xf32>
  // CHECK:      arith.constant -2147483648 : i32
  // CHECK:      arith.constant 0x7F800000 : f32
  // CHECK:      linalg.reduce
  // CHECK:        arith.minsi
  %1 = tnp.reduce min %x, axes = [0] : tensor<2x3xf32> -> tensor<3xf32>
  // float16 keys are int32, the bits sign-extended.
  // CHECK:      linalg.reduce
  // CHECK:        %[[HALF:.*]] = arith.bitcast %{{.*}} : f16 to i16
  // CHECK:        arith.extsi %[[HALF]] : i16 to i32
  // CHECK:        arith.maxsi
  // CHECK:      linalg.generic
  // CHECK:        arith.trunci %{{.*}} : i32 to i16
  %2 = tnp.reduce max %h, axes = [0] : tensor<4xf16> -> tensor<f16>
  return %0, %1, %2 : tensor<2xf32>, tensor<3xf32>, tensor<f16>
}

// -----

// CHECK-LABEL: func.func @max_min_int
// CHECK-SAME: (%[[S:.*]]: tensor<4xi8>, %[[U:.*]]: tensor<4xi8>)
func.func @max_min_int(%s: tensor<4xi8>, %u: tensor<4xui8>) -> (tensor<i8>, tensor<i8>, tensor<ui8>, tensor<ui8>) {
  // CHECK: arith.constant -128 : i8
  // CHECK: arith.maxsi
  %0 = tnp.reduce max %s, axes = [0] : tensor<4xi8> -> tensor<i8>
  // CHECK: arith.constant 127 : i8
  // CHECK: arith.minsi
  %1 = tnp.reduce min %s, axes = [0] : tensor<4xi8> -> tensor<i8>
  // CHECK: arith.constant 0 : i8
  // CHECK: linalg.reduce ins(%[[U]] : tensor<4xi8>)
  // CHECK: arith.maxui
  %2 = tnp.reduce max %u, axes = [0] : tensor<4xui8> -> tensor<ui8>
  // CHECK: arith.constant -1 : i8
  // CHECK: arith.minui
  %3 = tnp.reduce min %u, axes = [0] : tensor<4xui8> -> tensor<ui8>
  return %0, %1, %2, %3 : tensor<i8>, tensor<i8>, tensor<ui8>, tensor<ui8>
}

// -----

// CHECK-LABEL: func.func @any_all
func.func @any_all(%b: tensor<2x3xi1>) -> (tensor<2xi1>, tensor<3xi1>) {
  // CHECK: %[[FALSE:.*]] = arith.constant false
  // CHECK: linalg.fill ins(%[[FALSE]] : i1)
  // CHECK: arith.ori
  %0 = tnp.reduce any %b, axes = [1] : tensor<2x3xi1> -> tensor<2xi1>
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK: linalg.fill ins(%[[TRUE]] : i1)
  // CHECK: arith.andi
  %1 = tnp.reduce all %b, axes = [0] : tensor<2x3xi1> -> tensor<3xi1>
  return %0, %1 : tensor<2xi1>, tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @complex
func.func @complex(%c: tensor<4xcomplex<f32>>) -> (tensor<complex<f32>>, tensor<complex<f32>>) {
  // CHECK: complex.constant [0.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
  // CHECK: complex.add
  %0 = tnp.reduce sum %c, axes = [0] : tensor<4xcomplex<f32>> -> tensor<complex<f32>>
  // CHECK: complex.constant [1.000000e+00 : f32, 0.000000e+00 : f32] : complex<f32>
  // CHECK: complex.mul
  %1 = tnp.reduce prod %c, axes = [0] : tensor<4xcomplex<f32>> -> tensor<complex<f32>>
  return %0, %1 : tensor<complex<f32>>, tensor<complex<f32>>
}

// -----

// CHECK-LABEL: func.func @no_axes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @no_axes(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NOT: linalg.reduce
  // CHECK: return %[[X]]
  %0 = tnp.reduce prod %x, axes = [] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A later element replaces the (value, index) pair only if strictly greater,
// or NaN where the held value is not: the first maximum, or the first NaN.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @argmax
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
func.func @argmax(%x: tensor<?x4xf32>) -> tensor<?xi64> {
  // CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}}
  // CHECK: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
  // CHECK: %[[VE:.*]] = tensor.empty(%[[D]]) : tensor<?xf32>
  // CHECK: %[[V:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[VE]] : tensor<?xf32>)
  // CHECK: %[[IE:.*]] = tensor.empty(%[[D]]) : tensor<?xi64>
  // CHECK: %[[I:.*]] = linalg.fill ins(%{{.*}} : i64) outs(%[[IE]] : tensor<?xi64>)
  // CHECK: %[[R:.*]]:2 = linalg.generic {indexing_maps = [#[[$IN]], #[[$OUT]], #[[$OUT]]], iterator_types = ["parallel", "reduction"]}
  // CHECK-SAME: ins(%[[X]] : tensor<?x4xf32>) outs(%[[V]], %[[I]] : tensor<?xf32>, tensor<?xi64>)
  // CHECK-NEXT: ^bb0(%[[E:.*]]: f32, %[[BEST:.*]]: f32, %[[BEST_I:.*]]: i64):
  // CHECK-NEXT: %[[NUM:.*]] = arith.cmpf ord, %[[BEST]], %[[BEST]] : f32
  // CHECK-NEXT: %[[GT:.*]] = arith.cmpf ugt, %[[E]], %[[BEST]] : f32
  // CHECK-NEXT: %[[TAKE:.*]] = arith.andi %[[NUM]], %[[GT]] : i1
  // CHECK-NEXT: %[[IDX:.*]] = linalg.index 1 : index
  // CHECK-NEXT: %[[IDX64:.*]] = arith.index_cast %[[IDX]] : index to i64
  // CHECK-NEXT: %[[NV:.*]] = arith.select %[[TAKE]], %[[E]], %[[BEST]] : f32
  // CHECK-NEXT: %[[NI:.*]] = arith.select %[[TAKE]], %[[IDX64]], %[[BEST_I]] : i64
  // CHECK-NEXT: linalg.yield %[[NV]], %[[NI]] : f32, i64
  // CHECK: return %[[R]]#1
  %0 = tnp.argmax %x, axis = 1 : (tensor<?x4xf32>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// A row of 136: two whole chunks of 64, viewed as [rows, 2, 64] and folded
// with the chunk loop innermost into one (value, chunk) pair per lane, the
// chunk counted in int32. Float32 keys fit in 32 bits: each lane's pair and
// then each of the last 8 elements (from 128 on) becomes one int64, its
// order-preserving key (NaN largest, -0.0 as 0.0) above the complement of
// its position, and the row's maximum of those holds the complement of the
// first maximum's position.
// CHECK-DAG:   #[[$CHUNKS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG:   #[[$LANES:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[$ROW:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[$LANE:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[$PER_ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @argmax_lanes
// CHECK-SAME:  (%[[X:.*]]: tensor<?x136xf32>)
func.func @argmax_lanes(%x: tensor<?x136xf32>) -> tensor<?xi64> {
  // CHECK:      %[[WHOLE:.*]] = tensor.extract_slice %[[X]][0, 0] [%{{.*}}, 128] [1, 1]
  // CHECK:      %[[CHUNKED:.*]] = tensor.expand_shape %[[WHOLE]] {{\[}}[0], [1, 2]] output_shape [%{{.*}}, 2, 64] : tensor<?x128xf32> into tensor<?x2x64xf32>
  // CHECK:      %[[TAIL:.*]] = tensor.extract_slice %[[X]][0, 128] [%{{.*}}, 8] [1, 1]
  // CHECK:      %[[PER_LANE:.*]]:2 = linalg.generic {indexing_maps = [#[[$CHUNKS]], #[[$LANES]], #[[$LANES]]], iterator_types = ["parallel", "parallel", "reduction"]}
  // CHECK-SAME:   ins(%[[CHUNKED]] : tensor<?x2x64xf32>)
  // CHECK-SAME:   tensor<?x64xf32>, tensor<?x64xi32>
  // CHECK:        %[[CHUNK:.*]] = linalg.index 2 : index
  // CHECK:        arith.index_cast %[[CHUNK]] : index to i32
  // CHECK:      %[[TABLE:.*]] = arith.constant dense<[0, 1, 2, {{.*}}, 63]> : tensor<64xi32>
  // CHECK:      %[[LOWEST:.*]] = arith.constant -9223372036854775808 : i64
  // CHECK:      %[[INIT:.*]] = linalg.fill ins(%[[LOWEST]] : i64)
  // CHECK:      %[[LANES_BEST:.*]] = linalg.generic {indexing_maps = [#[[$ROW]], #[[$ROW]], #[[$LANE]], #[[$PER_ROW]]], iterator_types = ["parallel", "reduction"]} ins(%[[PER_LANE]]#0, %[[PER_LANE]]#1, %[[TABLE]] : tensor<?x64xf32>, tensor<?x64xi32>, tensor<64xi32>) outs(%[[INIT]] : tensor<?xi64>)
  // CHECK:        %[[SCALED:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
  // CHECK:        %[[POS:.*]] = arith.addi %[[SCALED]], %{{.*}} : i32
  // CHECK:        %[[PLUS_ZERO:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
  // CHECK:        %[[BITS:.*]] = arith.bitcast %[[PLUS_ZERO]] : f32 to i32
  // CHECK:        %[[SIGN:.*]] = arith.shrsi %[[BITS]], %{{.*}} : i32
  // CHECK:        %[[FLIP:.*]] = arith.andi %[[SIGN]], %{{.*}} : i32
  // CHECK:        %[[KEY:.*]] = arith.xori %[[BITS]], %[[FLIP]] : i32
  // CHECK:        %[[NAN:.*]] = arith.cmpf uno
  // CHECK:        %[[NAN_KEY:.*]] = arith.select %[[NAN]], %{{.*}}, %[[KEY]] : i32
  // CHECK:        %[[WIDE:.*]] = arith.extsi %[[NAN_KEY]] : i32 to i64
  // CHECK:        %[[HIGH:.*]] = arith.shli %[[WIDE]], %{{.*}} : i64
  // CHECK:        %[[NOT_POS:.*]] = arith.xori %[[POS]], %{{.*}} : i32
  // CHECK:        %[[LOW:.*]] = arith.extui %[[NOT_POS]] : i32 to i64
  // CHECK:        %[[PAIR:.*]] = arith.ori %[[HIGH]], %[[LOW]] : i64
  // CHECK:        arith.maxsi %[[PAIR]], %{{.*}} : i64
  // CHECK:      %[[TAIL_LANES:.*]] = tensor.extract_slice %[[TABLE]][0] [%{{.*}}] [1]
  // CHECK:      %[[BEST:.*]] = linalg.generic {{.*}} ins(%[[TAIL]], %[[TAIL_LANES]] : tensor<?x8xf32>, tensor<?xi32>) outs(%[[LANES_BEST]] : tensor<?xi64>)
  // CHECK:        arith.maxsi
  // CHECK:      %[[R:.*]] = linalg.generic {{.*}} ins(%[[BEST]] : tensor<?xi64>)
  // CHECK:        %[[LOW_HALF:.*]] = arith.trunci %{{.*}} : i64 to i32
  // CHECK:        %[[FIRST:.*]] = arith.xori %[[LOW_HALF]], %{{.*}} : i32
  // CHECK:        arith.extui %[[FIRST]] : i32 to i64
  // CHECK:      return %[[R]]
  %0 = tnp.argmax %x, axis = 1 : (tensor<?x136xf32>) -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

// Argmin's keys are the complements of argmax's (NaN still the largest);
// int16 keys are its values, sign-extended.
// CHECK-LABEL: func.func @argmin_lanes_int16
func.func @argmin_lanes_int16(%x: tensor<2x128xi16>) -> tensor<2xi64> {
  // CHECK:      linalg.generic
  // CHECK:      linalg.generic
  // CHECK:        %[[KEY:.*]] = arith.extsi %{{.*}} : i16 to i32
  // CHECK:        %[[ONES:.*]] = arith.constant -1 : i32
  // CHECK:        arith.xori %[[KEY]], %[[ONES]] : i32
  // CHECK-NOT:    arith.cmpf
  // CHECK:        arith.maxsi
  %0 = tnp.argmin %x, axis = 1 : (tensor<2x128xi16>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// Rows of unknown length: under 2^31 elements, chunks count in int32 (and
// float32 keys pack); from there on, in int64, the lanes folding in two
// reductions (the best value, then the first lane holding it).
// CHECK-LABEL: func.func @argmin_dynamic_row
func.func @argmin_dynamic_row(%x: tensor<4x?xf32>) -> tensor<4xi64> {
  // CHECK:      %[[N:.*]] = tensor.dim
  // CHECK:      %[[NARROW:.*]] = arith.cmpi ult, %[[N]], %{{.*}} : index
  // CHECK:      scf.if %[[NARROW]] -> (tensor<4xi64>)
  // CHECK:        outs({{.*}} : tensor<4x64xf32>, tensor<4x64xi32>)
  // CHECK:        arith.maxsi
  // CHECK:      } else {
  // CHECK:        outs({{.*}} : tensor<4x64xf32>, tensor<4x64xi64>)
  // CHECK:        arith.minimumf
  // CHECK:        arith.minsi
  %0 = tnp.argmin %x, axis = 1 : (tensor<4x?xf32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Float64 keys do not fit in 32 bits: two reductions, the best value, then
// the first lane holding it, the chunks still counted in int32.
// CHECK-LABEL: func.func @argmax_lanes_f64
func.func @argmax_lanes_f64(%x: tensor<3x192xf64>) -> tensor<3xi64> {
  // CHECK:      outs({{.*}} : tensor<3x64xf64>, tensor<3x64xi32>)
  // CHECK:      %[[BEST:.*]] = linalg.generic
  // CHECK:        arith.maximumf
  // CHECK:      linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %[[BEST]] :
  // CHECK:        arith.extui %{{.*}} : i32 to i64
  // CHECK:        arith.cmpf oeq
  // CHECK:        arith.minsi
  %0 = tnp.argmax %x, axis = 1 : (tensor<3x192xf64>) -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func.func @argmin_unsigned
func.func @argmin_unsigned(%x: tensor<3x4xui32>) -> tensor<4xi32> {
  // The largest ui32 starts the search; ult compares.
  // CHECK: %[[MAX:.*]] = arith.constant -1 : i32
  // CHECK: linalg.fill ins(%[[MAX]] : i32) outs(%{{.*}} : tensor<4xi32>)
  // CHECK: linalg.generic
  // CHECK-SAME: iterator_types = ["reduction", "parallel"]
  // CHECK: arith.cmpi ult
  // CHECK: linalg.index 0 : index
  // CHECK: arith.index_cast %{{.*}} : index to i32
  %0 = tnp.argmin %x, axis = 0 : (tensor<3x4xui32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @argmax_int
func.func @argmax_int(%x: tensor<3xi16>, %b: tensor<3xi1>) -> (tensor<i64>, tensor<i64>) {
  // CHECK: arith.constant -32768 : i16
  // CHECK: arith.cmpi sgt
  %0 = tnp.argmax %x, axis = 0 : (tensor<3xi16>) -> tensor<i64>
  // Bool compares as unsigned.
  // CHECK: arith.constant false
  // CHECK: arith.cmpi ugt
  %1 = tnp.argmax %b, axis = 0 : (tensor<3xi1>) -> tensor<i64>
  return %0, %1 : tensor<i64>, tensor<i64>
}

// -----

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<3x?xf32>)
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x?xf32>) -> tensor<2x?xf32> {
  // CHECK: %[[N:.*]] = tensor.dim %[[B]], %{{.*}}
  // CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<2x?xf32>
  // CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<2x?xf32>)
  // CHECK: linalg.matmul ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x?xf32>) outs(%[[Z]] : tensor<2x?xf32>)
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xf32>, tensor<3x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @batch_matmul
// CHECK-SAME: (%[[A:.*]]: tensor<8x2x3xi8>, %[[B:.*]]: tensor<8x3x4xi8>)
func.func @batch_matmul(%a: tensor<8x2x3xui8>, %b: tensor<8x3x4xui8>) -> tensor<8x2x4xui8> {
  // CHECK: linalg.batch_matmul ins(%[[A]], %[[B]] : tensor<8x2x3xi8>, tensor<8x3x4xi8>) outs(%{{.*}} : tensor<8x2x4xi8>)
  %0 = tnp.dot_general %a, %b, batch = [0] x [0], contracting = [2] x [1] : (tensor<8x2x3xui8>, tensor<8x3x4xui8>) -> tensor<8x2x4xui8>
  return %0 : tensor<8x2x4xui8>
}

// -----

// Loops: batch (d0), lhs free (d1), rhs free (d2), contracting (d3).
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d1, d0)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @dot_general
// CHECK-SAME: (%[[A:.*]]: tensor<3x?x2xi32>, %[[B:.*]]: tensor<2x7x3xi32>)
func.func @dot_general(%a: tensor<3x?x2xi32>, %b: tensor<2x7x3xi32>) -> tensor<2x?x7xi32> {
  // CHECK: %[[M:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<3x?x2xi32>
  // CHECK: %[[E:.*]] = tensor.empty(%[[M]]) : tensor<2x?x7xi32>
  // CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%[[E]] : tensor<2x?x7xi32>)
  // CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
  // CHECK-SAME: ins(%[[A]], %[[B]] : tensor<3x?x2xi32>, tensor<2x7x3xi32>) outs(%[[Z]] : tensor<2x?x7xi32>)
  // CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %[[ACC:.*]]: i32):
  // CHECK-NEXT: %[[P:.*]] = arith.muli %[[X]], %[[Y]] : i32
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[ACC]], %[[P]] : i32
  // CHECK-NEXT: linalg.yield %[[S]] : i32
  %0 = tnp.dot_general %a, %b, batch = [2] x [0], contracting = [0] x [2] : (tensor<3x?x2xi32>, tensor<2x7x3xi32>) -> tensor<2x?x7xi32>
  return %0 : tensor<2x?x7xi32>
}

// -----

// The result may be more static than the operands.
// CHECK-LABEL: func.func @dot_static_result
func.func @dot_static_result(%a: tensor<?xf64>, %b: tensor<?xf64>) -> tensor<f64> {
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<f64>
  // CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%[[E]] : tensor<f64>)
  // CHECK: linalg.generic
  // CHECK-SAME: iterator_types = ["reduction"]
  // CHECK-SAME: outs(%[[Z]] : tensor<f64>)
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [0] x [0] : (tensor<?xf64>, tensor<?xf64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

// NumPy's bool dot is an or of ands.
// CHECK-LABEL: func.func @dot_bool
func.func @dot_bool(%a: tensor<2x3xi1>, %b: tensor<3x2xi1>) -> tensor<2x2xi1> {
  // CHECK-NOT: linalg.matmul
  // CHECK: linalg.generic
  // CHECK: %[[P:.*]] = arith.andi
  // CHECK: arith.ori %{{.*}}, %[[P]] : i1
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xi1>, tensor<3x2xi1>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

// CHECK-LABEL: func.func @dot_bf16
func.func @dot_bf16(%a: tensor<2x3xbf16>, %b: tensor<3x2xbf16>) -> tensor<2x2xbf16> {
  // CHECK: %[[ACC:.*]] = linalg.generic
  // CHECK: arith.extf %{{.*}} : bf16 to f32
  // CHECK: arith.extf %{{.*}} : bf16 to f32
  // CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
  // CHECK: arith.addf %{{.*}}, %{{.*}} : f32
  // CHECK: } -> tensor<2x2xf32>
  // CHECK: linalg.generic
  // CHECK-SAME: ins(%[[ACC]] : tensor<2x2xf32>)
  // CHECK: arith.truncf %{{.*}} : f32 to bf16
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<2x3xbf16>, tensor<3x2xbf16>) -> tensor<2x2xbf16>
  return %0 : tensor<2x2xbf16>
}

// -----

// CHECK-LABEL: func.func @dot_complex
func.func @dot_complex(%a: tensor<3xcomplex<f64>>, %b: tensor<3xcomplex<f64>>) -> tensor<complex<f64>> {
  // CHECK: complex.constant [0.000000e+00, 0.000000e+00] : complex<f64>
  // CHECK: linalg.generic
  // CHECK: %[[P:.*]] = complex.mul %{{.*}}, %{{.*}} : complex<f64>
  // CHECK: complex.add %{{.*}}, %[[P]] : complex<f64>
  %0 = tnp.dot_general %a, %b, batch = [] x [], contracting = [0] x [0] : (tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// A scan walks the operand in row-major order from position 1 on its axis,
// combining each element with the one before it in the carried copy.
// CHECK-LABEL: func.func @scan_sum
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xi64>)
func.func @scan_sum(%x: tensor<?x4xi64>) -> tensor<?x4xi64> {
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK: scf.for %[[I:.*]] = %[[C0]] to %{{.*}} step %[[C1]] iter_args(%[[A:.*]] = %[[X]])
  // CHECK: scf.for %[[J:.*]] = %[[C1]] to %{{.*}} step %[[C1]] iter_args(%[[B:.*]] = %[[A]])
  // CHECK: %[[P:.*]] = arith.subi %[[J]], %[[C1]] : index
  // CHECK: %[[BEFORE:.*]] = tensor.extract %[[B]][%[[I]], %[[P]]]
  // CHECK: %[[HERE:.*]] = tensor.extract %[[B]][%[[I]], %[[J]]]
  // CHECK: %[[S:.*]] = arith.addi %[[BEFORE]], %[[HERE]] : i64
  // CHECK: tensor.insert %[[S]] into %[[B]][%[[I]], %[[J]]]
  %0 = tnp.scan sum %x, axis = 1 : tensor<?x4xi64>
  return %0 : tensor<?x4xi64>
}

// -----

// Inner products (an operand without free dimensions: vector dot, matrix
// times vector) are sums: float32 accumulates in float64. Products of
// matrices accumulate in float32, as BLAS does.
// CHECK-LABEL: func.func @inner_products_f32
func.func @inner_products_f32(%a: tensor<4x?xf32>, %v: tensor<?xf32>, %b: tensor<?x5xf32>) -> (tensor<4xf32>, tensor<4x5xf32>) {
  // CHECK: linalg.generic
  // CHECK-SAME: outs(%{{.*}} : tensor<4xf64>)
  // CHECK: arith.extf %{{.*}} : f32 to f64
  // CHECK: arith.mulf %{{.*}} : f64
  // CHECK: arith.addf %{{.*}} : f64
  // CHECK: arith.truncf %{{.*}} : f64 to f32
  %0 = tnp.dot_general %a, %v, batch = [] x [], contracting = [1] x [0] : (tensor<4x?xf32>, tensor<?xf32>) -> tensor<4xf32>
  // CHECK: linalg.matmul
  // CHECK-SAME: outs(%{{.*}} : tensor<4x5xf32>)
  %1 = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0] : (tensor<4x?xf32>, tensor<?x5xf32>) -> tensor<4x5xf32>
  return %0, %1 : tensor<4xf32>, tensor<4x5xf32>
}
