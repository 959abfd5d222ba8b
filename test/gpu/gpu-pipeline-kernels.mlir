// Every op family the CPU runs compiles to kernels whose PTX ptxas
// assembles: reductions, products, gathers and scatters, scans, random bits,
// sorts.
// RUN: tnp-opt %s --tnp-gpu-pipeline | FileCheck %s --check-prefix=HOST
// RUN: tnp-opt %s --tnp-gpu-pipeline | %python %S/ptx_of.py | FileCheck %s
// RUN: %if ptxas %{ tnp-opt %s --tnp-gpu-pipeline | %python %S/ptx_of.py --ptxas %ptxas | FileCheck %s --check-prefix=PTXAS %}

// A row sum: 32 threads per row fold strided shares of it, one thread per
// row their partials (tnp-gpu-split-reductions), accumulating in float64 as
// the CPU does.
// CHECK-LABEL: // gpu.binary @row_sum_kernel
// CHECK: .visible .entry row_sum_kernel(
// CHECK: cvt.f64.f32
// CHECK: add.rn.f64
// PTXAS: ptxas: @row_sum_kernel assembles for sm_80,sm_90
func.func @row_sum(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %r = tnp.reduce sum %x, axes = [1] : tensor<?x?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A sum of everything: 32768 threads fold strided shares, 256 threads
// their partials, one thread the rest (after the accumulator's fill; then
// the rounding to float32).
// HOST-LABEL: llvm.func @total(
// HOST: gpu.launch_func {{.*}} @total_kernel::@total_kernel
// HOST-SAME: blocks in (%[[ONE:.*]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]])
// HOST: gpu.launch_func {{.*}} @[[FIRST:total_kernel_[0-9]+]]::@total_kernel
// HOST-SAME: blocks in (%[[BLOCKS:.*]], %[[ONE]], %[[ONE]]) threads in (%[[BLOCK:.*]], %[[ONE]], %[[ONE]])
// HOST: gpu.launch_func {{.*}} @[[SECOND:total_kernel_[0-9]+]]::@total_kernel
// HOST-SAME: blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[BLOCK]], %[[ONE]], %[[ONE]])
// HOST-COUNT-2: gpu.launch_func {{.*}} blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[ONE]], %[[ONE]], %[[ONE]])
// PTXAS: ptxas: @total_kernel_{{[0-9]+}} assembles for sm_80,sm_90
// PTXAS: ptxas: @total_kernel_{{[0-9]+}} assembles for sm_80,sm_90
func.func @total(%x: tensor<?xf32>) -> tensor<f32> {
  %r = tnp.reduce sum %x, axes = [0] : tensor<?xf32> -> tensor<f32>
  return %r : tensor<f32>
}

// argmax is two reductions, each split among threads where rows are few
// and long: each row's maximum (NaN-propagating), then the first position
// holding it; each a fill, 32 threads' partials per row and their fold. No
// host-side branch, no sequential chain per row.
// HOST-LABEL: llvm.func @row_argmax(
// HOST-NOT: llvm.cond_br
// HOST-COUNT-6: gpu.launch_func {{.*}} @row_argmax_kernel{{(_[0-9]+)?}}::@row_argmax_kernel
// HOST-NOT: gpu.launch_func
// HOST: llvm.return
// CHECK-LABEL: // gpu.binary @row_argmax_kernel_{{[0-9]+}}
// CHECK: max.NaN.f32
// CHECK-LABEL: // gpu.binary @row_argmax_kernel_{{[0-9]+}}
// CHECK: setp.nan.f32
// CHECK: min.s64
// PTXAS-COUNT-6: ptxas: @row_argmax_kernel{{(_[0-9]+)?}} assembles for sm_80,sm_90
func.func @row_argmax(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  %r = tnp.argmax %x, axis = 1 : (tensor<?x?xf32>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// A large (or dynamically sized) product calls the runtime's cuBLAS product
// from the host, on device buffers; it queues its work on the device's
// stream, after the work before it, without a wait.
// HOST-LABEL: llvm.func @matmul(
// HOST: llvm.call @mgpuMemAlloc
// HOST-NOT: mgpuStreamSynchronize
// HOST: llvm.call @tnp_gpu_matmul_float32(
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0]
      : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// A small product: a thread per output element, the contraction a loop of
// multiplies and adds (rounded each, as on the CPU).
// CHECK-LABEL: // gpu.binary @small_matmul_kernel
// CHECK: %ctaid.x
// CHECK: mul.rn.f32
// CHECK-NEXT: add.rn.f32
// PTXAS: ptxas: @small_matmul_kernel assembles for sm_80,sm_90
func.func @small_matmul(%a: tensor<20x16xf32>, %b: tensor<16x30xf32>) -> tensor<20x30xf32> {
  %r = tnp.dot_general %a, %b, batch = [] x [], contracting = [1] x [0]
      : (tensor<20x16xf32>, tensor<16x30xf32>) -> tensor<20x30xf32>
  return %r : tensor<20x30xf32>
}

// A gather reads its positions, then the rows they name.
// CHECK-LABEL: // gpu.binary @take_kernel
// CHECK: ld.global
// CHECK: ld.global.b32
// CHECK: st.global.b32
// PTXAS: ptxas: @take_kernel assembles for sm_80,sm_90
func.func @take(%x: tensor<?x3xf32>, %i: tensor<?x1xi64>) -> tensor<?x3xf32> {
  %g = tnp.gather %x[%i], axes = [0] : (tensor<?x3xf32>, tensor<?x1xi64>) -> tensor<?x3xf32>
  return %g : tensor<?x3xf32>
}

// A scatter-add runs one thread per update, each adding itself atomically
// (repeated positions accumulate); a scatter-multiply too, each
// multiplying in a compare-and-swap loop on the element's bits.
// HOST-LABEL: llvm.func @scatter_add(
// HOST: gpu.launch_func {{.*}} @scatter_add_kernel{{(_[0-9]+)?}}::@scatter_add_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[THREADS:.*]], %{{.*}}, %{{.*}})
// HOST-LABEL: llvm.func @scatter_mul(
// HOST: gpu.launch_func {{.*}} @scatter_mul_kernel{{(_[0-9]+)?}}::@scatter_mul_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// HOST-LABEL: llvm.func @scatter_mul_i32(
// HOST: gpu.launch_func {{.*}} @scatter_mul_i32_kernel{{(_[0-9]+)?}}::@scatter_mul_i32_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}})
// CHECK-LABEL: // gpu.binary @scatter_add_kernel
// CHECK: atom.global.add.f32
// PTXAS: ptxas: @scatter_add_kernel assembles for sm_80,sm_90
// CHECK-LABEL: // gpu.binary @scatter_mul_kernel
// CHECK: mul.rn.f32
// CHECK: atom.{{.*}}global.cas.b32
// PTXAS: ptxas: @scatter_mul_kernel assembles for sm_80,sm_90
// CHECK-LABEL: // gpu.binary @scatter_mul_i32_kernel
// CHECK: mul.lo.s32
// CHECK: atom.{{.*}}global.cas.b32
// PTXAS: ptxas: @scatter_mul_i32_kernel assembles for sm_80,sm_90
// Narrow dtypes: LLVM's compare-and-swap loops on the containing word, but
// float16 adds, which the GPU has.
// CHECK-LABEL: // gpu.binary @scatter_narrow_kernel
// CHECK: atom.{{.*}}global.cas.b32
// CHECK-LABEL: // gpu.binary @scatter_narrow_kernel_{{[0-9]+}}
// CHECK: atom.global.add.noftz.f16
// CHECK-LABEL: // gpu.binary @scatter_narrow_kernel_{{[0-9]+}}
// CHECK: atom.{{.*}}global.cas.b32
// PTXAS-COUNT-3: ptxas: @scatter_narrow_kernel{{(_[0-9]+)?}} assembles for sm_80,sm_90
// A complex sum: atomic float sums of its parts.
// CHECK-LABEL: // gpu.binary @scatter_complex_kernel_{{[0-9]+}}
// CHECK: atom.global.add.f64
// CHECK: atom.global.add.f64
// PTXAS-COUNT-3: ptxas: @scatter_complex_kernel{{(_[0-9]+)?}} assembles for sm_80,sm_90
func.func @scatter_add(%x: tensor<?xf32> {bufferization.writable = false},
                       %i: tensor<5x1xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %s = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<5x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @scatter_mul(%x: tensor<?xf32> {bufferization.writable = false},
                       %i: tensor<5x1xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %s = tnp.scatter mul %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<5x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @scatter_mul_i32(%x: tensor<?xi32> {bufferization.writable = false},
                           %i: tensor<5x1xi32>, %u: tensor<?xi32>) -> tensor<?xi32> {
  %s = tnp.scatter mul %x[%i], %u, axes = [0] : (tensor<?xi32>, tensor<5x1xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %s : tensor<?xi32>
}

func.func @scatter_narrow(%x: tensor<?xi8> {bufferization.writable = false},
                          %y: tensor<?xf16> {bufferization.writable = false},
                          %z: tensor<?xbf16> {bufferization.writable = false},
                          %i: tensor<5x1xi32>, %u: tensor<?xi8>,
                          %v: tensor<?xf16>, %w: tensor<?xbf16>)
    -> (tensor<?xi8>, tensor<?xf16>, tensor<?xbf16>) {
  %a = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<?xi8>, tensor<5x1xi32>, tensor<?xi8>) -> tensor<?xi8>
  %b = tnp.scatter add %y[%i], %v, axes = [0] : (tensor<?xf16>, tensor<5x1xi32>, tensor<?xf16>) -> tensor<?xf16>
  %c = tnp.scatter max %z[%i], %w, axes = [0] : (tensor<?xbf16>, tensor<5x1xi32>, tensor<?xbf16>) -> tensor<?xbf16>
  return %a, %b, %c : tensor<?xi8>, tensor<?xf16>, tensor<?xbf16>
}

func.func @scatter_complex(%x: tensor<?xcomplex<f64>> {bufferization.writable = false},
                           %i: tensor<5x1xi32>, %u: tensor<5xcomplex<f64>>)
    -> tensor<?xcomplex<f64>> {
  %s = tnp.scatter add %x[%i], %u, axes = [0] : (tensor<?xcomplex<f64>>, tensor<5x1xi32>, tensor<5xcomplex<f64>>) -> tensor<?xcomplex<f64>>
  return %s : tensor<?xcomplex<f64>>
}

// A set: a fill of the claims, the claims (atomic maxima of the updates'
// numbers), then the winners' stores.
// HOST-LABEL: llvm.func @scatter_set(
// HOST-COUNT-3: gpu.launch_func {{.*}} @scatter_set_kernel{{(_[0-9]+)?}}::@scatter_set_kernel
// CHECK-LABEL: // gpu.binary @scatter_set_kernel_{{[0-9]+}}
// CHECK: atom.global.max.s64
// CHECK-LABEL: // gpu.binary @scatter_set_kernel_{{[0-9]+}}
// CHECK: ld.global
// CHECK: setp.ne.b64
// CHECK: st.global.b32
// PTXAS-COUNT-3: ptxas: @scatter_set_kernel{{(_[0-9]+)?}} assembles for sm_80,sm_90
func.func @scatter_set(%x: tensor<?xf32> {bufferization.writable = false},
                       %i: tensor<?x1xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %s = tnp.scatter set %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<?x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

// Scatter maxima are atomics too: an integer's native, a float's a
// compare-and-swap loop (the GPU has no float atomic max).
// CHECK-LABEL: // gpu.binary @scatter_max_i32_kernel
// CHECK: atom.global.max.s32
// PTXAS: ptxas: @scatter_max_i32_kernel assembles for sm_80,sm_90
// CHECK-LABEL: // gpu.binary @scatter_max_f32_kernel
// CHECK: atom.{{.*}}global.cas.b32
// PTXAS: ptxas: @scatter_max_f32_kernel assembles for sm_80,sm_90
func.func @scatter_max_i32(%x: tensor<?xi32> {bufferization.writable = false},
                           %i: tensor<5x1xi32>, %u: tensor<?xi32>) -> tensor<?xi32> {
  %s = tnp.scatter max %x[%i], %u, axes = [0] : (tensor<?xi32>, tensor<5x1xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %s : tensor<?xi32>
}

func.func @scatter_max_f32(%x: tensor<?xf32> {bufferization.writable = false},
                           %i: tensor<5x1xi32>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %s = tnp.scatter max %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<5x1xi32>, tensor<?xf32>) -> tensor<?xf32>
  return %s : tensor<?xf32>
}

// A running sum along rows.
// CHECK-LABEL: // gpu.binary @cumsum_kernel
// CHECK: add.rn.f32
// PTXAS: ptxas: @cumsum_kernel assembles for sm_80,sm_90
func.func @cumsum(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %s = tnp.scan sum %x, axis = 1 : tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

// Threefry-2x32 counters: 32-bit adds, rotations and xors, one thread per
// pair of words. The rotations' amounts are the kernel's constants, so each
// is one funnel shift.
// CHECK-LABEL: // gpu.binary @bits_kernel
// CHECK: xor.b32
// CHECK: shf.l.wrap.b32 {{.*}}, 13;
// CHECK: st.global.b32
// PTXAS: ptxas: @bits_kernel assembles for sm_80,sm_90
func.func @bits(%k: tensor<2xui32>) -> tensor<1024xui32> {
  %a = tnp.random_bits %k : (tensor<2xui32>) -> tensor<1024xui32>
  return %a : tensor<1024xui32>
}

// Sorts are sorting networks (passes/lowering/SortNetwork.cpp): the
// permutation's iota is one kernel, then each step of the network one launch
// in the host's phase and step loops. Each comparator loads two keys,
// orders NaNs last (setp.nan / setp.num), breaks ties by position (the
// permutation's int64 compare) and stores both when they swap.
// HOST-LABEL: llvm.func @argsort_rows(
// HOST: gpu.launch_func {{.*}} @argsort_rows_kernel::@argsort_rows_kernel
// HOST: llvm.cond_br
// HOST: llvm.cond_br
// HOST: gpu.launch_func {{.*}} @argsort_rows_kernel_{{[0-9]+}}::@argsort_rows_kernel
// HOST: llvm.br ^bb2
// CHECK-LABEL: // gpu.binary @argsort_rows_kernel_{{[0-9]+}}
// CHECK: ld.global.b32
// CHECK: ld.global.b32
// CHECK-DAG: setp.nan.f32
// CHECK-DAG: setp.lt.f32
// CHECK: setp.lt.s64
// CHECK: st.global.b32
// PTXAS: ptxas: @argsort_rows_kernel assembles for sm_80,sm_90
// PTXAS: ptxas: @argsort_rows_kernel_{{[0-9]+}} assembles for sm_80,sm_90
func.func @argsort_rows(%x: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xi64>) {
  %s:2 = tnp.sort(%x) axis = 1 indices : tensor<?x?xf32>
  return %s#0, %s#1 : tensor<?x?xf32>, tensor<?x?xi64>
}

// Complex float64 keys (real, then imaginary part) carry bfloat16 values,
// gathered by the permutation after the network.
// CHECK-LABEL: // gpu.binary @sort_complex_kernel
// CHECK-LABEL: // gpu.binary @sort_complex_kernel_{{[0-9]+}}
// CHECK: ld.global.b64
// CHECK: setp.nan.f64
// CHECK: setp.lt.f64
// CHECK-LABEL: // gpu.binary @sort_complex_kernel_{{[0-9]+}}
// CHECK: ld.global.b16
// CHECK: st.global.b16
// PTXAS-COUNT-2: ptxas: @sort_complex_kernel_{{[0-9]+}} assembles for sm_80,sm_90
func.func @sort_complex(%x: tensor<?xcomplex<f64>>, %v: tensor<?xbf16>) -> (tensor<?xcomplex<f64>>, tensor<?xbf16>) {
  %s:2 = tnp.sort(%x, %v) axis = 0 : tensor<?xcomplex<f64>>, tensor<?xbf16>
  return %s#0, %s#1 : tensor<?xcomplex<f64>>, tensor<?xbf16>
}

// What the NumPy suites' sweep on the fake driver (tnp-numpy-check
// --gpu-compile) found not compiling: a float remainder (libdevice's fmod,
// not llvm.frem), an integer power (its helper function copied into the
// kernel's module), a pad (its value read in the kernel, not on the host),
// and a scatter of one update (no parallel loop: one thread).
// CHECK-LABEL: // gpu.binary @remainder_kernel
// CHECK-NOT: frem
// CHECK-LABEL: // gpu.binary @integer_power_kernel
// CHECK-LABEL: // gpu.binary @pad_kernel
// CHECK-LABEL: // gpu.binary @set_one_kernel
// PTXAS: ptxas: @remainder_kernel assembles for sm_80,sm_90
// PTXAS: ptxas: @integer_power_kernel assembles for sm_80,sm_90
// PTXAS: ptxas: @pad_kernel{{(_[0-9]+)?}} assembles for sm_80,sm_90
// PTXAS: ptxas: @set_one_kernel{{(_[0-9]+)?}} assembles for sm_80,sm_90
func.func @remainder(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %r = tnp.rem %x, %y : tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @integer_power(%x: tensor<?xui8>, %y: tensor<?xui8>) -> tensor<?xui8> {
  %r = tnp.pow %x, %y : tensor<?xui8>
  return %r : tensor<?xui8>
}

func.func @pad(%x: tensor<?xf64>, %v: tensor<f64>) -> tensor<?xf64> {
  %r = tnp.pad %x, %v, low = [2], high = [3], interior = [0] : (tensor<?xf64>, tensor<f64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}

func.func @set_one(%x: tensor<?xf32>, %i: tensor<1xi64>, %u: tensor<f32>) -> tensor<?xf32> {
  %r = tnp.scatter set %x[%i], %u, axes = [0] : (tensor<?xf32>, tensor<1xi64>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
