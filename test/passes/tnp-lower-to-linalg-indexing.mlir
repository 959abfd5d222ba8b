// RUN: tnp-opt %s --tnp-lower-to-linalg --split-input-file | FileCheck %s

// tnp.gather: a linalg.generic over the result reading indices and operand,
// each index clamped into [0, size - 1].

// CHECK-LABEL: func.func @gather_rows
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<4x1xi64>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5 : index
// CHECK: %[[LAST:.*]] = arith.subi %[[FIVE]], %[[ONE]] : index
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK: %[[G:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: outs(%[[EMPTY]] : tensor<4x3xf32>)
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[R:.*]] = linalg.index 1 : index
// CHECK: %[[K:.*]] = arith.constant 0 : index
// CHECK: %[[RAW:.*]] = tensor.extract %[[I]][%[[B]], %[[K]]] : tensor<4x1xi64>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK: %[[LO:.*]] = arith.maxsi %[[IDX]], %[[ZERO]] : index
// CHECK: %[[CL:.*]] = arith.minsi %[[LO]], %[[LAST]] : index
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[CL]], %[[R]]] : tensor<5x3xf32>
// CHECK: linalg.yield %[[E]] : f32
// CHECK: return %[[G]] : tensor<4x3xf32>
func.func @gather_rows(%x: tensor<5x3xf32>, %i: tensor<4x1xi64>) -> tensor<4x3xf32> {
  %0 = tnp.gather %x[%i], axes = [0] : (tensor<5x3xf32>, tensor<4x1xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// The window dim (operand dim 0) comes before the addressed one.

// CHECK-LABEL: func.func @gather_columns
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xi32>, %[[I:.*]]: tensor<2x1xi32>)
// CHECK: linalg.generic
// CHECK: %[[B:.*]] = linalg.index 0 : index
// CHECK: %[[R:.*]] = linalg.index 1 : index
// CHECK: %[[RAW:.*]] = tensor.extract %[[I]][%[[B]], %{{.*}}] : tensor<2x1xi32>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[RAW]] : i32 to index
// CHECK: %[[LO:.*]] = arith.maxsi %[[IDX]]
// CHECK: %[[CL:.*]] = arith.minsi %[[LO]]
// CHECK: tensor.extract %[[X]][%[[R]], %[[CL]]] : tensor<3x4xi32>
func.func @gather_columns(%x: tensor<3x4xi32>, %i: tensor<2x1xi32>) -> tensor<2x3xi32> {
  %0 = tnp.gather %x[%i], axes = [1] : (tensor<3x4xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// Axes out of order, two batch dims, dynamic dims, an unsigned dtype (signless
// after lowering).

// CHECK-LABEL: func.func @gather_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x?xi8>, %[[I:.*]]: tensor<?x2x2xi32>) -> tensor<?x2x3xi8>
// CHECK: %[[N:.*]] = tensor.dim %[[I]], %{{.*}} : tensor<?x2x2xi32>
// CHECK: %[[D2:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3x?xi8>
// CHECK: %[[LAST2:.*]] = arith.subi %[[D2]], %{{.*}} : index
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3x?xi8>
// CHECK: %[[LAST0:.*]] = arith.subi %[[D0]], %{{.*}} : index
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[N]]) : tensor<?x2x3xi8>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[EMPTY]] : tensor<?x2x3xi8>)
// CHECK: %[[B0:.*]] = linalg.index 0 : index
// CHECK: %[[B1:.*]] = linalg.index 1 : index
// CHECK: %[[R:.*]] = linalg.index 2 : index
// CHECK: tensor.extract %[[I]][%[[B0]], %[[B1]], %{{.*}}] : tensor<?x2x2xi32>
// CHECK: %[[A2:.*]] = arith.minsi %{{.*}}, %[[LAST2]] : index
// CHECK: tensor.extract %[[I]][%[[B0]], %[[B1]], %{{.*}}] : tensor<?x2x2xi32>
// CHECK: %[[A0:.*]] = arith.minsi %{{.*}}, %[[LAST0]] : index
// CHECK: tensor.extract %[[X]][%[[A0]], %[[R]], %[[A2]]] : tensor<?x3x?xi8>
// CHECK: } -> tensor<?x2x3xi8>
func.func @gather_dynamic(%x: tensor<?x3x?xui8>, %i: tensor<?x2x2xi32>) -> tensor<?x2x3xui8> {
  %0 = tnp.gather %x[%i], axes = [2, 0] : (tensor<?x3x?xui8>, tensor<?x2x2xi32>) -> tensor<?x2x3xui8>
  return %0 : tensor<?x2x3xui8>
}

// -----

// Every dim addressed: one scalar per index vector.

// CHECK-LABEL: func.func @gather_points
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xi1>, %[[I:.*]]: tensor<6x2xi64>)
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel"]
// CHECK: %[[A0:.*]] = arith.minsi
// CHECK: %[[A1:.*]] = arith.minsi
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[A0]], %[[A1]]] : tensor<4x5xi1>
// CHECK: linalg.yield %[[E]] : i1
func.func @gather_points(%x: tensor<4x5xi1>, %i: tensor<6x2xi64>) -> tensor<6xi1> {
  %0 = tnp.gather %x[%i], axes = [0, 1] : (tensor<4x5xi1>, tensor<6x2xi64>) -> tensor<6xi1>
  return %0 : tensor<6xi1>
}

// -----

// tnp.scatter: an scf.for nest over the updates carrying the result; an
// update whose index is out of range (an unsigned compare also catches
// negative ones) leaves the result unchanged.

// CHECK-LABEL: func.func @scatter_set
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xf32>, %[[I:.*]]: tensor<4x1xi64>, %[[U:.*]]: tensor<4x3xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[THREE:.*]] = arith.constant 3 : index
// CHECK: %[[RES:.*]] = scf.for %[[B:.*]] = %[[ZERO]] to %[[FOUR]] step %[[ONE]] iter_args(%[[ACC0:.*]] = %[[X]]) -> (tensor<5x3xf32>)
// CHECK: scf.for %[[R:.*]] = %[[ZERO]] to %[[THREE]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[ACC0]]) -> (tensor<5x3xf32>)
// CHECK: %[[RAW:.*]] = tensor.extract %[[I]][%[[B]], %{{.*}}] : tensor<4x1xi64>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[RAW]] : i64 to index
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[IDX]], %[[FIVE]] : index
// CHECK: %[[IF:.*]] = scf.if %[[OK]] -> (tensor<5x3xf32>)
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][%[[B]], %[[R]]] : tensor<4x3xf32>
// CHECK-NOT: tensor.extract %[[ACC]]
// CHECK: %[[NEW:.*]] = tensor.insert %[[UPD]] into %[[ACC]][%[[IDX]], %[[R]]] : tensor<5x3xf32>
// CHECK: scf.yield %[[NEW]] : tensor<5x3xf32>
// CHECK: } else {
// CHECK: scf.yield %[[ACC]] : tensor<5x3xf32>
// CHECK: scf.yield %[[IF]] : tensor<5x3xf32>
// CHECK: return %[[RES]] : tensor<5x3xf32>
func.func @scatter_set(%x: tensor<5x3xf32>, %i: tensor<4x1xi64>, %u: tensor<4x3xf32>) -> tensor<5x3xf32> {
  %0 = tnp.scatter set %x[%i], %u, axes = [0] : (tensor<5x3xf32>, tensor<4x1xi64>, tensor<4x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[X:.*]]: tensor<5xf32>, %[[I:.*]]: tensor<4x1xi32>, %[[U:.*]]: tensor<4xf32>)
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[X]])
// CHECK: %[[IDX:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: scf.if
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][%[[B]]] : tensor<4xf32>
// CHECK: %[[OLD:.*]] = tensor.extract %[[ACC]][%[[IDX]]] : tensor<5xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %[[UPD]] : f32
// CHECK: tensor.insert %[[SUM]] into %[[ACC]][%[[IDX]]] : tensor<5xf32>
func.func @scatter_add(%x: tensor<5xf32>, %i: tensor<4x1xi32>, %u: tensor<4xf32>) -> tensor<5xf32> {
  %0 = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<5xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_add_complex
// CHECK: %[[OLD:.*]] = tensor.extract %{{.*}} : tensor<5xcomplex<f64>>
// CHECK: %[[SUM:.*]] = complex.add %[[OLD]], %{{.*}} : complex<f64>
// CHECK: tensor.insert %[[SUM]]
func.func @scatter_add_complex(%x: tensor<5xcomplex<f64>>, %i: tensor<4x1xi32>, %u: tensor<4xcomplex<f64>>) -> tensor<5xcomplex<f64>> {
  %0 = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<5xcomplex<f64>>, tensor<4x1xi32>, tensor<4xcomplex<f64>>) -> tensor<5xcomplex<f64>>
  return %0 : tensor<5xcomplex<f64>>
}

// -----

// CHECK-LABEL: func.func @scatter_mul
// CHECK: %[[UPD:.*]] = tensor.extract %{{.*}} : tensor<4xi16>
// CHECK: %[[OLD:.*]] = tensor.extract %{{.*}} : tensor<5xi16>
// CHECK: %[[P:.*]] = arith.muli %[[OLD]], %[[UPD]] : i16
// CHECK: tensor.insert %[[P]]
func.func @scatter_mul(%x: tensor<5xi16>, %i: tensor<4x1xi32>, %u: tensor<4xi16>) -> tensor<5xi16> {
  %0 = tnp.scatter mul %x[%i], %u, axes = [0] : (tensor<5xi16>, tensor<4x1xi32>, tensor<4xi16>) -> tensor<5xi16>
  return %0 : tensor<5xi16>
}

// -----

// Float min/max propagate NaN, as np.minimum/np.maximum do.

// CHECK-LABEL: func.func @scatter_min
// CHECK: %[[UPD:.*]] = tensor.extract %{{.*}} : tensor<4xf64>
// CHECK: %[[OLD:.*]] = tensor.extract %{{.*}} : tensor<5xf64>
// CHECK: %[[M:.*]] = arith.minimumf %[[OLD]], %[[UPD]] : f64
// CHECK: tensor.insert %[[M]]
func.func @scatter_min(%x: tensor<5xf64>, %i: tensor<4x1xi32>, %u: tensor<4xf64>) -> tensor<5xf64> {
  %0 = tnp.scatter min %x[%i], %u, axes = [0] : (tensor<5xf64>, tensor<4x1xi32>, tensor<4xf64>) -> tensor<5xf64>
  return %0 : tensor<5xf64>
}

// -----

// CHECK-LABEL: func.func @scatter_min_signed
// CHECK: arith.minsi %{{.*}}, %{{.*}} : i8
func.func @scatter_min_signed(%x: tensor<5xi8>, %i: tensor<4x1xi32>, %u: tensor<4xi8>) -> tensor<5xi8> {
  %0 = tnp.scatter min %x[%i], %u, axes = [0] : (tensor<5xi8>, tensor<4x1xi32>, tensor<4xi8>) -> tensor<5xi8>
  return %0 : tensor<5xi8>
}

// -----

// CHECK-LABEL: func.func @scatter_max
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : bf16
func.func @scatter_max(%x: tensor<5xbf16>, %i: tensor<4x1xi32>, %u: tensor<4xbf16>) -> tensor<5xbf16> {
  %0 = tnp.scatter max %x[%i], %u, axes = [0] : (tensor<5xbf16>, tensor<4x1xi32>, tensor<4xbf16>) -> tensor<5xbf16>
  return %0 : tensor<5xbf16>
}

// -----

// The original ui32 dtype picks the unsigned max.

// CHECK-LABEL: func.func @scatter_max_unsigned
// CHECK-SAME: (%{{.*}}: tensor<5xi32>, %{{.*}}: tensor<4x1xi32>, %{{.*}}: tensor<4xi32>) -> tensor<5xi32>
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i32
func.func @scatter_max_unsigned(%x: tensor<5xui32>, %i: tensor<4x1xi32>, %u: tensor<4xui32>) -> tensor<5xui32> {
  %0 = tnp.scatter max %x[%i], %u, axes = [0] : (tensor<5xui32>, tensor<4x1xi32>, tensor<4xui32>) -> tensor<5xui32>
  return %0 : tensor<5xui32>
}

// -----

// Two addressed axes in reverse order around a dynamic window dim: loop
// bounds come from the updates, range checks from the operand.

// CHECK-LABEL: func.func @scatter_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x4xi64>, %[[I:.*]]: tensor<?x2xi64>, %[[U:.*]]: tensor<?x?xi64>)
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x?x4xi64>
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[U]], %{{.*}} : tensor<?x?xi64>
// CHECK-DAG: %[[W:.*]] = tensor.dim %[[U]], %{{.*}} : tensor<?x?xi64>
// CHECK: scf.for %[[B:.*]] = %{{.*}} to %[[N]] step
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[W]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[A2:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[OK2:.*]] = arith.cmpi ult, %[[A2]], %[[FOUR]] : index
// CHECK: %[[A0:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[OK0:.*]] = arith.cmpi ult, %[[A0]], %[[D0]] : index
// CHECK: %[[OK:.*]] = arith.andi %[[OK2]], %[[OK0]] : i1
// CHECK: scf.if %[[OK]] -> (tensor<?x?x4xi64>)
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][%[[B]], %[[R]]] : tensor<?x?xi64>
// CHECK: %[[OLD:.*]] = tensor.extract %[[ACC]][%[[A0]], %[[R]], %[[A2]]] : tensor<?x?x4xi64>
// CHECK: %[[SUM:.*]] = arith.addi %[[OLD]], %[[UPD]] : i64
// CHECK: tensor.insert %[[SUM]] into %[[ACC]][%[[A0]], %[[R]], %[[A2]]] : tensor<?x?x4xi64>
func.func @scatter_dynamic(%x: tensor<?x?x4xi64>, %i: tensor<?x2xi64>, %u: tensor<?x?xi64>) -> tensor<?x?x4xi64> {
  %0 = tnp.scatter add %x[%i], %u, axes = [2, 0] : (tensor<?x?x4xi64>, tensor<?x2xi64>, tensor<?x?xi64>) -> tensor<?x?x4xi64>
  return %0 : tensor<?x?x4xi64>
}

// -----

// Rank-0 updates: no loop, one guarded insert.

// CHECK-LABEL: func.func @scatter_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<3x4xf32>, %[[I:.*]]: tensor<2xi32>, %[[U:.*]]: tensor<f32>)
// CHECK-NOT: scf.for
// CHECK: %[[A0:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[A1:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (tensor<3x4xf32>)
// CHECK: %[[UPD:.*]] = tensor.extract %[[U]][] : tensor<f32>
// CHECK: tensor.insert %[[UPD]] into %[[X]][%[[A0]], %[[A1]]] : tensor<3x4xf32>
// CHECK: return %[[IF]] : tensor<3x4xf32>
func.func @scatter_scalar(%x: tensor<3x4xf32>, %i: tensor<2xi32>, %u: tensor<f32>) -> tensor<3x4xf32> {
  %0 = tnp.scatter set %x[%i], %u, axes = [0, 1] : (tensor<3x4xf32>, tensor<2xi32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// tnp.random_bits: Threefry-2x32 on the counter of each element's row-major
// position; ui32 elements 2j and 2j+1 are the two words for counter j. The
// key is read in the body (LLVM hoists it), where a batch of keys is indexed.

// CHECK-LABEL: func.func @random_bits_ui32
// CHECK-SAME: (%[[KEY:.*]]: tensor<2xi32>) -> tensor<3x4xi32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<3x4xi32>
// CHECK: linalg.generic
// CHECK-SAME: outs(%[[EMPTY]] : tensor<3x4xi32>)
// CHECK: %[[K0:.*]] = tensor.extract %[[KEY]][%{{.*}}] : tensor<2xi32>
// CHECK: %[[K1:.*]] = tensor.extract %[[KEY]][%{{.*}}] : tensor<2xi32>
// CHECK: %[[C:.*]] = arith.constant 466688986 : i32
// CHECK: %[[X:.*]] = arith.xori %[[K0]], %[[K1]] : i32
// CHECK: %[[K2:.*]] = arith.xori %[[X]], %[[C]] : i32
// CHECK: %[[COL:.*]] = linalg.index 1 : index
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK: %[[RS:.*]] = arith.muli %[[ROW]], %[[FOUR]] : index
// CHECK: %[[LIN:.*]] = arith.addi %[[COL]], %[[RS]] : index
// CHECK: %[[POS:.*]] = arith.index_castui %[[LIN]] : index to i64
// CHECK: %[[CTR:.*]] = arith.shrui %[[POS]], %{{.*}} : i64
// CHECK: %[[C0:.*]] = arith.trunci %[[CTR]] : i64 to i32
// CHECK: %[[HI:.*]] = arith.shrui %[[CTR]], %{{.*}} : i64
// CHECK: %[[C1:.*]] = arith.trunci %[[HI]] : i64 to i32
// CHECK: %[[X0:.*]] = arith.addi %[[C0]], %[[K0]] : i32
// CHECK: %[[X1:.*]] = arith.addi %[[C1]], %[[K1]] : i32
// Round 1: x0 += x1; x1 = rotl(x1, 13) ^ x0.
// CHECK: %[[Y0:.*]] = arith.addi %[[X0]], %[[X1]] : i32
// CHECK: %[[S13:.*]] = arith.constant 13 : i32
// CHECK: %[[L:.*]] = arith.shli %[[X1]], %[[S13]] : i32
// CHECK: %[[S19:.*]] = arith.constant 19 : i32
// CHECK: %[[R:.*]] = arith.shrui %[[X1]], %[[S19]] : i32
// CHECK: %[[ROT:.*]] = arith.ori %[[L]], %[[R]] : i32
// CHECK: arith.xori %[[ROT]], %[[Y0]] : i32
// CHECK: arith.constant 15 : i32
// CHECK: arith.constant 26 : i32
// CHECK: arith.constant 6 : i32
// CHECK: arith.constant 6 : i32
// CHECK: arith.constant 26 : i32
// After round 4, the first key injection: x0 += k1, x1 += k2 + 1.
// CHECK: %[[XOR4:.*]] = arith.xori
// CHECK: arith.addi %{{.*}}, %[[K1]] : i32
// CHECK: %[[J:.*]] = arith.constant 1 : i32
// CHECK: %[[T:.*]] = arith.addi %[[XOR4]], %[[K2]] : i32
// CHECK: arith.addi %[[T]], %[[J]] : i32
// CHECK: arith.constant 17 : i32
// CHECK: arith.constant 29 : i32
// CHECK: arith.constant 16 : i32
// CHECK: arith.constant 24 : i32
// The word of an element is its position's low bit.
// CHECK: %[[ODD:.*]] = arith.trunci %[[POS]] : i64 to i1
// CHECK: %[[BITS:.*]] = arith.select %[[ODD]], %{{.*}}, %{{.*}} : i32
// CHECK: linalg.yield %[[BITS]] : i32
func.func @random_bits_ui32(%k: tensor<2xui32>) -> tensor<3x4xui32> {
  %0 = tnp.random_bits %k : (tensor<2xui32>) -> tensor<3x4xui32>
  return %0 : tensor<3x4xui32>
}

// -----

// ui64: one counter per element, w0 | w1 << 32.

// CHECK-LABEL: func.func @random_bits_ui64
// CHECK-SAME: (%[[KEY:.*]]: tensor<2xi32>) -> tensor<5xi64>
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[POS:.*]] = arith.index_castui %[[I]] : index to i64
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: arith.trunci %[[POS]] : i64 to i32
// CHECK: %[[HI:.*]] = arith.shrui %[[POS]], %[[C32]] : i64
// CHECK: arith.trunci %[[HI]] : i64 to i32
// CHECK: %[[W0:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[W1:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[SH:.*]] = arith.shli %[[W1]], %[[C32]] : i64
// CHECK: %[[BITS:.*]] = arith.ori %[[W0]], %[[SH]] : i64
// CHECK: linalg.yield %[[BITS]] : i64
func.func @random_bits_ui64(%k: tensor<2xui32>) -> tensor<5xui64> {
  %0 = tnp.random_bits %k : (tensor<2xui32>) -> tensor<5xui64>
  return %0 : tensor<5xui64>
}

// -----

// CHECK-LABEL: func.func @random_bits_scalar
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = []
// CHECK: tensor.extract
// CHECK: tensor.extract
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: arith.index_castui %[[ZERO]] : index to i64
// CHECK: } -> tensor<i32>
func.func @random_bits_scalar(%k: tensor<2xui32>) -> tensor<ui32> {
  %0 = tnp.random_bits %k : (tensor<2xui32>) -> tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

// A batch of keys: the leading result dimension picks the key, the rest is
// each key's sample (its positions count from 0 again).
// CHECK-LABEL: func.func @random_bits_key_batch
// CHECK: linalg.generic
// CHECK: %[[K:.*]] = linalg.index 0 : index
// CHECK: tensor.extract %arg0[%[[K]], %{{.*}}] : tensor<3x2xi32>
// CHECK: tensor.extract %arg0[%[[K]], %{{.*}}] : tensor<3x2xi32>
// CHECK: %[[POS:.*]] = linalg.index 1 : index
// CHECK-NEXT: arith.index_castui %[[POS]] : index to i64
func.func @random_bits_key_batch(%k: tensor<3x2xui32>) -> tensor<3x4xui32> {
  %0 = tnp.random_bits %k : (tensor<3x2xui32>) -> tensor<3x4xui32>
  return %0 : tensor<3x4xui32>
}
