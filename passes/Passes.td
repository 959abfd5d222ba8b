//===- Passes.td - tnp passes ------------------------------*- tablegen -*-===//

#ifndef TNP_PASSES_TD
#define TNP_PASSES_TD

include "mlir/Pass/PassBase.td"

def TnpPromoteTypesPass : Pass<"tnp-promote-types", "::mlir::func::FuncOp"> {
  let summary = "make every implicit dtype conversion an explicit tnp.convert";
  let description = [{
    Ops that implement PromotableOpInterface may be recorded with operands of
    different dtypes and weak literals. This pass converts each operand to the
    dtype the op computes in, so that every later op is homogeneous:

    ```mlir
    %r = tnp.add %i, %f : (tensor<4xi32>, tensor<4xf32>) -> tensor<4xf64>
    ```
    becomes
    ```mlir
    %a = tnp.convert %i : (tensor<4xi32>) -> tensor<4xf64>
    %b = tnp.convert %f : (tensor<4xf32>) -> tensor<4xf64>
    %r = tnp.add %a, %b : tensor<4xf64>
    ```
    The computation dtype is the result dtype, except for comparisons and
    `abs` of complex, which compute in the promoted operand dtype.

    The rules are those of the function's `tnp.promotion` attribute (else
    the module's; default numpy) and `tnp.prefer_float32`: strict, numpy,
    all or safe (dialect/PromotionModes.h, docs/promotion.md). An op whose
    recorded result dtype does not follow under them, or whose promotion the
    mode forbids (mixed dtypes in strict mode, a widening or lossy one in
    safe mode, an out-of-range integer literal), is an error.
  }];
  let dependentDialects = ["::mlir::tnp::TnpDialect"];
}

def TnpLowerToLinalgPass : Pass<"tnp-lower-to-linalg", "::mlir::ModuleOp"> {
  let summary = "lower tnp ops to linalg, tensor, arith and math";
  let description = [{
    Converts every tnp op to the tensor-level upstream dialects. Unsigned
    integer tensors become signless ones (arith is signless: the op's
    original dtype chooses the signed or unsigned arithmetic), across
    function signatures too, which is why this is a module pass.
    Un-promoted (mixed-dtype) ops are rejected: run tnp-promote-types first.

    ```mlir
    %r = tnp.exp %x : tensor<?xf32>
    ```
    becomes a `linalg.generic` over `%x` whose body is `math.exp`.

    Large float and complex matrix products (passes/lowering/BlasProducts.h)
    become calls of the runtime's BLAS products instead, unless `blas` is
    off (as for code run by mlir-runner, which lacks tnp's runtime).
  }];
  let options = [
    Option<"blas", "blas", "bool", /*default=*/"true",
           "Lower large float and complex products to calls of the "
           "runtime's BLAS products (runtime/Matmul.h)">,
    Option<"gpu", "gpu", "bool", /*default=*/"false",
           "The code runs on a GPU: products call the GPU runtime's "
           "cuBLAS products (float32 and float64) instead, and "
           "scatter adds, minima and maxima of 32- and 64-bit dtypes "
           "combine atomically in parallel">,
    Option<"runtimeSorts", "runtime-sorts", "bool", /*default=*/"true",
           "Sort by calls of the runtime's row sorts (runtime/Sort.h); "
           "off (GPU kernels, code mlir-runner runs), by a sorting "
           "network in generated loops">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::complex::ComplexDialect", "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def TnpApproximateMathPass : Pass<"tnp-approximate-math", "::mlir::ModuleOp"> {
  let summary = "choose polynomials or libm for each transcendental";
  let description = [{
    Runs MLIR's polynomial approximations (exp, expm1, log, log1p, tanh,
    rsqrt, ...) on f32 (f16 and bf16 compute in f32), so that they
    vectorize instead of calling libm; sin and cos keep libm, whose range
    reduction holds for large arguments, and atan2 too (signed zeros). f64 keeps libm's precision, and its
    expm1 and log1p become libm calls here (the generic lowering would
    compute exp(x) - 1). Accuracy is measured in docs/accuracy.md.
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect", "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def TnpFusePass : Pass<"tnp-fuse"> {
  let summary = "fuse elementwise ops into the loops that consume them";
  let description = [{
    MLIR's elementwise fusion (linalg::populateElementwiseOpsFusionPatterns)
    with tnp's control function. After tnp-lower-to-linalg, elementwise ops,
    converts and broadcasts (indexing maps) are linalg.generic ops; this
    pass generalizes reductions and contractions to linalg.generic too, then
    fuses each all-parallel producer into its consumer when that wins:

    - a producer with one use always fuses (no intermediate array);
    - a producer with several uses fuses only if it is cheap (arith ops, no
      division or transcendental): recomputing it in each consumer costs
      less than writing and reading it back; an expensive one (exp, tanh,
      ...) stays, computed once;
    - into a consumer that reads each producer element several times (a
      contraction reads lhs once per output column), only a cheap producer
      fuses, for the same reason.

    ```mlir
    %e = linalg.generic {...} ins(%x) { math.exp }     // one use
    %s = linalg.generic {...} ins(%e) { arith.addf }
    // becomes one linalg.generic computing exp and add per element
    ```
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::affine::AffineDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def TnpUnshareInitsPass : Pass<"tnp-unshare-inits", "::mlir::func::FuncOp"> {
  let summary = "give each linalg op its own tensor.empty / linalg.fill init";
  let description = [{
    CSE merges equal inits (two matmuls' zero fills), and upstream
    eliminate-empty-tensors then miscompiles when the ops writing into the
    shared init end in different destinations (MLIR 22: the second result
    reads the first's destination after it was overwritten; found by
    tnp-autodiff's dot_general rule, test/passes/tnp-unshare-inits.mlir).
    This pass, run before tnp-fuse and it, clones a shared init made from
    nothing (an empty, or a fill of one, also generalized) for each op
    that uses it as an init. Both are free until
    bufferization, which then writes each into its own destination.
    ```mlir
    %f = linalg.fill ins(%zero) outs(%e)
    %a = linalg.generic ... outs(%f)
    %b = linalg.generic ... outs(%f)
    // becomes: %a and %b each fill a tensor.empty of their own
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TnpFoldViewAccessesPass
    : Pass<"tnp-fold-view-accesses", "::mlir::func::FuncOp"> {
  let summary = "affine accesses through views index the viewed buffer";
  let description = [{
    A load through a `memref.subview` (unit strides, no dropped dimension,
    offsets that are affine symbols) or a `memref.expand_shape` (static
    sizes after each group's first) becomes a load of the viewed buffer,
    its indices composed into the access's affine map; stores too. Views
    have strided layouts, which affine's vectorizer refuses; the buffers
    they view usually have the identity layout. Upstream's
    fold-memref-alias-ops does this for memref.load but no longer for
    affine accesses. Views left unused are erased: between two loop nests
    they would keep tnp-fuse-loops from joining them.
    ```mlir
    %v = memref.subview %x[0, %o] [%m, %k] [1, 1]
    %e = memref.expand_shape %v [[0], [1, 2]] output_shape [%m, %c, 16]
    affine.load %e[%i, %j, %l]
    // becomes
    affine.load %x[%i, %j * 16 + %l + %o]
    ```
  }];
}

def TnpPromoteAccumulatorsPass
    : Pass<"tnp-promote-accumulators", "::mlir::func::FuncOp"> {
  let summary = "carry loop-invariant accumulators in affine iter_args";
  let description = [{
    linalg's loops reduce through memory: `acc[i] += x[i, j]` loads and
    stores `acc[i]` on every trip of the loop over `j`, a chain through
    the store buffer that affine's vectorizer does not vectorize (a sum of
    a 4096 x 4096 float32 matrix took 10 ms, scalar). A buffer a loop
    accesses only by one load and then one store of the same element, at
    indices fixed outside the loop, becomes an iter_arg: loaded before the
    loop, stored after it. Inner loops go first, so a full reduction's
    accumulator rises through the whole nest. LLVM's loop vectorizer then
    vectorizes the reduction (tnp marks float sums and products reassoc),
    with several vector accumulators.
    ```mlir
    affine.for %j = 0 to %n {
      %a = affine.load %acc[%i]
      %s = arith.addf %a, %x : f64
      affine.store %s, %acc[%i]
    }
    // becomes
    %a0 = affine.load %acc[%i]
    %r = affine.for %j = 0 to %n iter_args(%a = %a0) -> (f64) {
      %s = arith.addf %a, %x : f64
      affine.yield %s : f64
    }
    affine.store %r, %acc[%i]
    ```
    Only buffers no other accessed buffer can alias qualify: an allocation
    or a function argument (the runtime passes each result in a buffer of
    its own), and nothing else in the loop may touch memory.
  }];
}

def TnpTileTransposesPass
    : Pass<"tnp-tile-transposes", "::mlir::func::FuncOp"> {
  let summary = "tile loop nests that read across rows and write along them";
  let description = [{
    A transpose (or any permutation that moves the contiguous dimension)
    lowers to loops that write `out[i, j]` along j but read `in[j, i]`
    down a column: every read of a row-major 4096 x 4096 operand touches
    another cache line and another page. When the innermost loop of a
    perfect nest writes along its contiguous dimension while a load's
    contiguous index follows an outer loop, the loops from that outer one
    in are tiled by 8 (measured best of 8, 16, 32): a tile's rows stay in
    L1 until the next tile along the row uses the rest of their lines. The
    tiles' loops are normalized (from 0 by 1, the last tile clipped), which
    the vectorizer needs; loops under two tiles are left alone.

    With `vector-width` (float32 lanes) set and 32- or 64-bit elements, a
    tile is a vector's lanes a side (16 x 16 float32 on AVX-512), and a
    whole tile that only copies is transposed in registers: one vector
    load per source row, a `vector.transpose` (16 x 16 lowered to
    shuffles right away), one vector store per target row; into a target of 16 MiB
    or more those stores are marked to go around the caches
    (tnp-stream-stores). Where the two tiled loops' sizes are not known to
    be whole tiles (run-time sizes, as every eager kernel has, or
    constants off the tile), the nest is first split in three: both loops
    up to their size rounded down to the tile (transposed in registers),
    the inner loop's strip past that, and the outer loop's, tiled by 8.
    Where the target is a function argument of run-time sizes that the
    function only writes (an eager kernel's result), the whole tiles come
    in two copies behind an `scf.if`: when the target has 16 MiB or more
    and its start and row length are multiples of a vector's bytes, a copy
    whose stores stream and say so (`tnp.aligned_rows`, the alignment
    tnp-stream-stores then claims); otherwise the copy as before.
    ```mlir
    affine.for %i = 0 to %n { affine.for %j = 0 to %m {
      %v = affine.load %in[%j, %i]
      affine.store %v, %out[%i, %j] } }
    // becomes
    affine.for %i0 = 0 to %n ceildiv 8 { affine.for %j0 = 0 to %m ceildiv 8 {
      affine.for %i = 0 to min(8, %n - %i0 * 8) {
        affine.for %j = 0 to min(8, %m - %j0 * 8) {
          ... %in[%j0 * 8 + %j, %i0 * 8 + %i] ... } } } }
    ```
  }];
  let options = [
    Option<"vectorWidth", "vector-width", "unsigned", /*default=*/"0",
           "float32 lanes of a vector; 0 keeps tiles of 8 copied by scalars">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TnpBlockWidenedSumsPass
    : Pass<"tnp-block-widened-sums", "::mlir::func::FuncOp"> {
  let summary = "sum float32 in blocks, adding the blocks in float64";
  let description = [{
    A float32 sum accumulates in float64, so that a sum of 10^7 elements
    errs by about one rounding rather than by up to 10^7 (NumPy's pairwise
    sum: about 30). Converting every element and adding twice as many
    lanes made a sum of 1024^2 float32 0.6x torch's. An innermost loop
    whose one iter_arg is such an accumulator, `acc = extf(x) + acc`
    (reassoc), now sums blocks of at most 1024 trips in float32 from zero
    and adds each block's sum, widened, to the float64 accumulator. A
    block is LLVM's to vectorize: four 16-lane accumulators on AVX-512,
    so each lane adds 16 elements and the 64 lanes combine as a tree, the
    error of NumPy's pairwise sum over a block of 1024 (8 accumulators of
    16 elements, then a tree); past a block, float64 adds no error that
    float32 would see, where NumPy's tree keeps rounding to float32.
    A sum across rows (axis 0: `acc[j] = extf(x[i, j]) + acc[j]` in a loop
    over i, through a float64 row) sums blocks of 16 rows into a float32 row
    from zero, widened and added to the float64 row after each block: each
    element adds 16 in float32, as each lane of a block along a row does
    (a sum of 4096^2 float32 along axis 0, traced, one thread: 2.5 ms,
    eager 5.4 -> 4.2 ms; NumPy 3.3, which adds all 4096 rows in float32).
    ```mlir
    %s = affine.for %i = 0 to %n iter_args(%acc = %init) -> (f64) {
      %w = arith.extf %x : f32 to f64
      %a = arith.addf %w, %acc fastmath<reassoc> : f64
      affine.yield %a : f64
    }
    // becomes
    %s = affine.for %t = 0 to %n step 1024 iter_args(%acc = %init) -> (f64) {
      %b = affine.for %i = %t to min(%t + 1024, %n) iter_args(%p = 0.0)
          -> (f32) {
        %a = arith.addf %x, %p fastmath<reassoc> : f32
        affine.yield %a : f32
      }
      %w = arith.extf %b : f32 to f64
      %a = arith.addf %acc, %w fastmath<reassoc> : f64
      affine.yield %a : f64
    }
    ```
    A loop of at most 1024 trips (static) is one block and is not split.
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect"];
}

def TnpPrivatizeRowsPass
    : Pass<"tnp-privatize-rows", "::mlir::func::FuncOp"> {
  let summary = "give a temporary touched one row per trip a single row";
  let description = [{
    Fused per row, softmax writes a row of exponentials and reads it back
    in the same trip of the loop over rows, yet the temporary is the whole
    [4096, 1024] array: each row is written back to memory and its lines
    read for ownership, traffic the result rows need too. An allocation
    whose every access (affine loads and stores only) indexes the first
    dimension by the induction variable of one loop around them all, the
    allocation and its deallocations outside that loop, is touched at row
    i by trip i alone; it becomes one row, [1, ...] (the number of rows
    may be dynamic, a row's shape not), allocated right before
    the loop, freed right after it and reused by every trip. Only
    sequential loops: tnp-parallelize has cut a parallel loop into chunks,
    each a sequential loop over its rows, so each chunk gets its row.
    ```mlir
    %e = memref.alloc() : memref<4096x1024xf32>
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 1024 { affine.store %x, %e[%i, %j] }
      affine.for %j = 0 to 1024 { %y = affine.load %e[%i, %j] }
    }
    // becomes
    %e = memref.alloc() : memref<1x1024xf32>
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 1024 { affine.store %x, %e[0, %j] }
      affine.for %j = 0 to 1024 { %y = affine.load %e[0, %j] }
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TnpStreamStoresPass
    : Pass<"tnp-stream-stores", "::mlir::func::FuncOp"> {
  let summary = "write marked and large-result vector stores around the caches";
  let description = [{
    A transpose into a large target (16 MiB or more) stores one cache line
    per row of the target: each store first reads its line for ownership,
    a miss the prefetcher does not see coming. Written around the caches
    (non-temporal, full lines), they need no read: copying 16-line tiles of
    a 4096^2 float32 array took 15.5 ms with plain stores and 5.6 ms with
    non-temporal ones (the copy roof is 3.3 ms). tnp-tile-transposes marks
    such stores `tnp.nontemporal`; affine has no non-temporal store, so they
    stay affine through the affine passes (which see through them) and
    become `vector.store {nontemporal = true}` here, before lower-affine.
    The same holds for a large result (a function argument of 16 MiB or
    more that the function only writes, as every traced result is): its
    whole in-bounds vector writes become non-temporal vector.stores too,
    since each line is written once and nothing in the function reads it
    (a traced a*b+c of 2^22 float32: 1.80 -> 1.5 ms, one thread). A store
    that provably starts a whole line (rows and index multiples of the
    buffer's alignment: an allocation's, or `result-alignment` for the
    function's arguments; or the store's `tnp.aligned_rows`, the alignment
    of the buffer and its rows that a run-time check around it found) says
    so; LLVM otherwise writes it in 8-byte pieces (1.5 -> 1.24 ms).
    Non-temporal stores are weakly ordered: a `llvm.fence seq_cst` follows
    the nest that runs them (a parallel loop's threads pass OpenMP's
    barrier, whose locked instructions drain the write-combining buffers).
  }];
  let options = [
    Option<"resultAlignment", "result-alignment", "unsigned", /*default=*/"0",
           "bytes the buffers the caller passes for results are aligned "
           "to (tnp's runtime: runtime::Buffer::kAlignment); 0: unknown">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect"];
}

def TnpUnrollNarrowLoopsPass
    : Pass<"tnp-unroll-narrow-loops", "::mlir::func::FuncOp"> {
  let summary = "unroll affine loops narrower than a vector";
  let description = [{
    The affine vectorizer vectorizes the innermost loop whatever its trip
    count: a loop over 2 elements becomes 8-wide masked transfers, each
    lowered to a scalar loop with bounds checks. A [512, 64] x [64, 2]
    matmul (the tour model's projection) took 204 us that way, its loop
    over the 2 columns vectorized. Unrolling such loops first (a body of
    at most width - 1 copies per loop) leaves the vectorizer the loops
    inside or around them, or scalar code. Only loops that index the
    innermost dimension of a load or store (those the vectorizer takes)
    unroll: others would only cost compile time.
    ```mlir
    affine.for %j = 0 to 2 { S(%j) }
    // becomes
    S(0) S(1)
    ```
  }];
  let options = [
    Option<"width", "width", "unsigned", /*default=*/"8",
           "unroll loops whose constant trip count is below this">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def TnpVectorizeShortReductionsPass
    : Pass<"tnp-vectorize-short-reductions", "::mlir::func::FuncOp"> {
  let summary = "vectorize reduction loops a few vectors long";
  let description = [{
    The pipeline leaves reduction loops to LLVM's loop vectorizer, which
    interleaves several vector accumulators where affine's vectorizer
    keeps one. LLVM gives up on short loops of some combiners, though: an
    argmax's fold of its 64 lanes, a max (arith.maximumf) and then a min
    of positions, ran as two scalar chains of 64 steps, costlier per row
    than the whole vectorized pass over a 1024-wide row. An innermost
    reduction loop whose constant trip count is 1 to 4 vectors (of
    `width` elements) is vectorized here instead: one vector accumulator,
    then a vector.reduction.
  }];
  let options = [
    Option<"width", "width", "unsigned", /*default=*/"16",
           "elements per vector">,
  ];
  let dependentDialects = [
    "::mlir::vector::VectorDialect", "::mlir::ub::UBDialect"
  ];
}

def TnpPeelVectorLoopsPass
    : Pass<"tnp-peel-vector-loops", "::mlir::func::FuncOp"> {
  let summary = "split vectorized loops into whole vectors and a remainder";
  let description = [{
    A vectorized loop over a size known only at run time (every eager
    kernel's), or a constant one that is no whole number of vectors, may
    end in a partial vector, so the vectorizer makes each of its transfers
    a masked load or store behind a mask computed per trip. Masked stores
    have no non-temporal form, and the masks cost a compare per vector. A
    loop from a constant by its vector's length is split here: a copy runs
    up to the least of its own bound and, for each buffer it moves vectors
    of along the innermost dimension at its induction variable (plus a
    constant), the end of the last whole vector that fits that buffer's
    size; those transfers are in bounds by that bound, and are marked so.
    The loop itself then runs what remains (one trip where the sizes
    agree), masked as before.
    ```mlir
    affine.for %i = 0 to %n step 16 {
      %v = vector.transfer_read %x[%i], %pad : memref<?xf32>, vector<16xf32>
    // becomes
    %m = affine.min affine_map<()[s0, s1] -> (s0, (s1 floordiv 16) * 16)>()[%n, %xn]
    affine.for %i = 0 to %m step 16 {
      %v = vector.transfer_read %x[%i], %pad {in_bounds = [true]} : ...
    affine.for %i = %m to %n step 16 {
      %v = vector.transfer_read %x[%i], %pad : memref<?xf32>, vector<16xf32>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TnpInferInBoundsPass
    : Pass<"tnp-infer-in-bounds", "::mlir::func::FuncOp"> {
  let summary = "mark vector transfers in bounds where loop bounds prove it";
  let description = [{
    affine's vectorizer makes every transfer possibly out of bounds, so
    each lowers to a masked load or store behind a mask computed per trip
    (a broadcast and a compare), even in a loop from 0 to 1024 by 16 over
    a dimension of 1024. Where the transfer runs along the innermost
    dimension of a static shape and its index is at most a known constant
    (a constant, a loop induction variable with constant bounds, or of a
    chunk of a parallel loop from d0 to d0 + C where C is a whole number of
    steps, or an affine.apply growing with such values), it is marked in
    bounds when
    that largest index plus the vector's length fits the dimension. Along
    a dynamic dimension, an index bounded by `c + k * (m - 1)`, where a
    loop runs to `m = size / C` (the dimension's size: an argmax's chunks
    of a row of unknown length) and `k <= C`, fits when `c` plus the
    vector's length is at most `k`.
    ```mlir
    affine.for %j = 0 to 1024 step 16 {
      %v = vector.transfer_read %x[%i, %j], %pad : memref<8x1024xf32>, vector<16xf32>
    // gets in_bounds = [true]
    ```
  }];
}

def TnpForwardTransfersPass
    : Pass<"tnp-forward-transfers", "::mlir::func::FuncOp"> {
  let summary = "forward vector stores to the loads that read them back";
  let description = [{
    A fill fused into the loop that then accumulates into the filled
    buffer leaves, once vectorized, a masked vector store of the fill
    value and a masked load of it right after (an argmax's lanes start
    that way): x86 does not forward a masked store to a load, which waits
    for the store to complete. MLIR's transfer-op flow optimization
    forwards such stores to the loads they dominate and drops stores that
    are overwritten before anything reads them.
  }];
}

def TnpInterleaveAccumulatorsPass
    : Pass<"tnp-interleave-accumulators", "::mlir::func::FuncOp"> {
  let summary = "unroll-jam short vector loops around accumulator chains";
  let description = [{
    An argmax over rows folds each row into lanes of (value, index) pairs,
    carried as vectors through the loop over the row's chunks: once
    vectorized, the loop over the lanes runs that inner loop once per
    vector of lanes, each trip a chain of dependent compares and selects
    (about 6 cycles per 16 elements on this CPU, 12 with the loop's own
    work). Unroll-jamming the lane loop (at most 4 trips) gives the inner
    loop independent chains the CPU overlaps. Only where reordering the
    trips is sound: the inner loop only reads memory, and the lane loop's
    other accesses to a buffer it writes touch that trip's lanes of a
    distinct buffer the inner loop does not read.
    ```mlir
    affine.for %l = 0 to 64 step 16 {
      %a0 = vector.transfer_read %acc[%i, %l]
      %a = affine.for %c = 0 to %n iter_args(%x = %a0) { ... }
      vector.transfer_write %a, %acc[%i, %l] }
    // becomes one trip whose inner loop carries four accumulators
    ```
  }];
}

def TnpFuseLoopsPass : Pass<"tnp-fuse-loops", "::mlir::func::FuncOp"> {
  let summary = "fuse adjacent loop nests that meet only point to point";
  let description = [{
    After linalg becomes affine loops, a contraction is three nests: the
    fill of its result, the contraction, and the elementwise epilogue that
    tnp-fuse could not fuse into it (a reduction must finish first). Two
    adjacent nests (in the function's body, or an scf region's) fuse when
    their outer loops have the same bounds (constants, or the same sizes)
    and every buffer one writes and the other touches is accessed by both
    at exactly those loops' indices: then running the second's body right
    after the first's, at each point, keeps every dependence. The first
    nest's inner loops (the reduction) stay whole inside the fused body.
    Nests that store one element at several points of those loops (a
    reduction across them) do not fuse there: the other nest's loop would
    run inside that reduction, one point at a time, unvectorized.
    ```mlir
    affine.for %i { affine.for %j { affine.for %k { C[i,j] += A[i,k]*B[k,j] } } }
    affine.for %i { affine.for %j { D[i,j] = relu(C[i,j]) } }
    // becomes
    affine.for %i { affine.for %j {
      affine.for %k { C[i,j] += A[i,k]*B[k,j] }
      D[i,j] = relu(C[i,j]) } }
    ```
  }];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def TnpParallelizePass : Pass<"tnp-parallelize", "::mlir::func::FuncOp"> {
  let summary = "run large parallel loop nests on every core";
  let description = [{
    Turns each outermost affine.for that carries no dependence (affine's
    isLoopParallel) into an affine.parallel, when its nest has static bounds
    and touches at least `min-elements` elements: smaller nests, and the
    eager kernels' dynamically sized ones (which the runtime splits
    itself), stay sequential, since a parallel region costs microseconds.
    lower-affine then makes it an scf.parallel, and convert-scf-to-openmp an
    OpenMP worksharing loop. A nest that carries sums (a full reduction,
    its accumulator passed from the outer loop to the inner one) becomes a
    parallel reduction: each inner loop starts from zero and the outer loop
    adds its partial sums (an OpenMP reduction); other carried values keep
    the nest sequential. The outermost loop (unless it carries sums through
    a nest, which affine's tiling does not take) is first cut into 64
    chunks (several per core, for OpenMP's static schedule), which run in
    parallel, each a sequential loop: a single loop's chunk vectorizes, and
    a chunk of rows can reuse one private row (tnp-privatize-rows).
  }];
  let options = [
    Option<"minElements", "min-elements", "int64_t", /*default=*/"1 << 17",
           "Elements a loop nest touches before it runs in parallel">
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect"];
}

def TnpGpuMapParallelLoopsPass
    : Pass<"tnp-gpu-map-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "tile parallel loops into blocks of threads";
  let description = [{
    Each outermost `scf.parallel` (what convert-linalg-to-parallel-loops
    makes of a linalg op's parallel dimensions) is tiled so that its
    innermost dimension runs in blocks of `block-size` threads, each tile
    checking its bounds (convert-parallel-loops-to-gpu maps loops of
    constant trip counts only). A block covers `elements-per-thread` runs
    of `block-size` consecutive elements of the innermost, contiguous
    dimension, and a thread one element of each run, so that a warp's loads
    and stores coalesce and each thread has several in flight; blocks take
    the dimensions in order, the first on x (up to 2^31 - 1 blocks), the
    next on y (up to 65535), and where the innermost may have more blocks
    than that (its size is not known, or too large), on y and z: block
    (y, z) takes the innermost's block z * 65535 + y, and blocks past the
    last find their threads out of bounds. A loop of rank 3 or more has its outer
    dimensions collapsed into one first (each thread recovers them by
    division), so that none waits on y or z's limit or runs sequentially. An
    innermost dimension of fewer known trips than `block-size` (a split
    reduction's 32 threads per output) takes a block's x threads, the next
    dimension the rest on y. Loops nested in mapped ones (a reduction's) run
    sequentially. A thread of several elements does them in turn; where
    all of them are in bounds, without their guards, and with their loads
    of buffers the loop does not write (and no other buffer aliases) first,
    so that those loads are in flight together.
    Upstream gpu-map-parallel-loops maps the first dimension to threads'
    x instead, which strides a row-major warp across rows. A copy between
    views that are not both contiguous (which gpu.memcpy cannot do) becomes
    such a loop first.
    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {...}
    // becomes tiles of [1, 256]: blocks (x: %i, y: %j / 256),
    // threads (x: %j % 256)
    ```
  }];
  let options = [
    Option<"blockSize", "block-size", "unsigned", /*default=*/"256",
           "Threads per block along the innermost dimension (1 to 1024)">,
    Option<"elementsPerThread", "elements-per-thread", "unsigned",
           /*default=*/"1",
           "Elements each thread computes along the innermost dimension, "
           "block-size apart (1 to 16: a thread's are unrolled)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect"];
}

def TnpGpuSplitReductionsPass
    : Pass<"tnp-gpu-split-reductions", "::mlir::func::FuncOp"> {
  let summary = "split reductions of few outputs among many threads";
  let description = [{
    A reduction (a `linalg.generic` on buffers with one output) whose
    combiner may be reassociated (integer sums and products, min and max,
    bitwise ops, float sums and products marked `reassoc`) and that has few
    outputs (under 65536 where known) and many elements per output (256 or
    more where known) would run one thread per output, sequentially over
    its elements: a sum of everything in one thread. It becomes parallel
    loops: threads (output, p) fold the elements p, p + P, p + 2P, ...
    (consecutive threads read consecutive elements) into partials, P = 32
    per output; a reduction of everything takes P = 32768 and folds those
    partials again with 256 threads. Then each output folds its partials
    into its initial value. Float sums add in another order than the
    CPU's (as cuBLAS-era libraries do). A body may read its position
    (`linalg.index`: an argmax's second reduction, the first position of
    the best value), and inputs may be read through broadcasts (index 0);
    multi-output reductions are left as they are. A reduction left whole
    has its reduced loops moved innermost (one thread per output): before
    a parallel loop, convert-linalg-to-parallel-loops would leave a reduced
    loop on the host around the kernel, one launch per trip.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TnpExpandAtomicsPass
    : Pass<"tnp-expand-atomics", "::mlir::func::FuncOp"> {
  let summary = "atomic products as compare-and-swap loops";
  let description = [{
    A `memref.atomic_rmw` of `mulf` or `muli` (a GPU scatter-multiply's, one
    thread per update) has no LLVM `atomicrmw`: it becomes a loop that
    reads the element, multiplies it, and swaps the product in with an
    `llvm.cmpxchg` of the element's bits if they are still those read
    (else again, from the bits found). Bits rather than values: LLVM's
    cmpxchg takes integers (MLIR's `memref.generic_atomic_rmw` makes one of
    the element type, which a float is not), and NaN bits compare equal.
    Run after buffer deallocation, which rejects the loop's regions around
    a memref: the lowering to linalg makes the region-free op. Both
    pipelines run it (the CPU's scatters are sequential, but mlir-runner
    tests run the GPU's lowering through the CPU pipeline).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def TnpInlineDeallocationsPass
    : Pass<"tnp-inline-deallocations", "::mlir::func::FuncOp"> {
  let summary = "lower bufferization.dealloc without MLIR's dealloc_helper";
  let description = [{
    Lowers each `bufferization.dealloc` to scalar code: comparisons of base
    pointers (`memref.extract_aligned_pointer_as_index`), and an `scf.if`
    around the `memref.dealloc` of each memref. The decisions are MLIR's
    dealloc_helper's (bufferization-lower-deallocations), which reads them
    from lists in memory instead: host memory, which the GPU pipeline
    (tnp-gpu-launch-host-code) would put on the device. The buffer
    deallocation of traced loops makes such deallocs of several memrefs.
    ```mlir
    %o = bufferization.dealloc (%a, %b : memref<f32>, memref<f32>)
        if (%ca, %cb) retain (%r : memref<4xf32>)
    // becomes, with %pa, %pb, %pr the base pointers:
    // free %a if %ca and %pa != %pr; free %b if %cb and %pb != %pr and
    // %pb != %pa; %o = (%ca and %pa == %pr) or (%cb and %pb == %pr)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def TnpGpuElideWaitsPass
    : Pass<"tnp-gpu-elide-waits", "::mlir::func::FuncOp"> {
  let summary = "drop host waits that one stream per device makes redundant";
  let description = [{
    Run after gpu-async-region, which ends each block holding GPU work with
    a host wait (`gpu.wait [%t]`) and puts one before each op with side
    effects: in a traced loop, a wait per trip, the GPU idle while the host
    queues the next trip's launches. tnp's runtime queues all of a device's
    work on one stream, so later launches, copies and frees (into its
    caching allocator) already run after earlier ones, and calls return
    with their work queued (host reads of device memory wait for it); the
    host needs to wait within a call only before it reads what a copy
    wrote to host memory (a while loop's condition), or writes what a copy
    reads. A host wait stays where its block holds, since the previous
    wait, a `gpu.memcpy` to memory that is not provably the device's (a
    `gpu.alloc` or an argument of the function, directly or through loops
    and choices), or from such memory unless it is a constant global
    (which never changes, and lives as long as the module, whose unload
    waits); the others go.
    ```mlir
    scf.for ... {
      %t = gpu.launch_func async [...] @k::@k ...
      gpu.wait [%t]       // erased
    }
    %c = gpu.memcpy async [%u] %slot, %flag : memref<i1>, memref<i1>
    gpu.wait [%c]         // kept: the host reads %slot
    %go = memref.load %slot[] : memref<i1>
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TnpGpuLaunchHostCodePass
    : Pass<"tnp-gpu-launch-host-code", "::mlir::func::FuncOp"> {
  let summary = "keep host functions off device memory";
  let description = [{
    Run after convert-parallel-loops-to-gpu, on host functions whose
    buffers live on the GPU. Buffers are allocated, freed and copied by the
    gpu dialect (`gpu.alloc`, `gpu.dealloc`, `gpu.memcpy`), which the
    runtime binds to its device allocator. What else in the function body
    reads or writes memory outside a `gpu.launch` (a sequential loop, such
    as a scatter's, which no parallel loop mapped) runs in a launch of one
    thread, in program order. Host control flow (ops whose regions
    allocate, copy, free, call or launch: traced loops and choices, the
    ownership choices of buffer deallocation) stays on the host, and its
    regions are host code too. A scalar the host reads from device memory
    (a while loop's condition) is stored by the launch into a device buffer
    and copied back into a stack slot, both made once at entry, the slot
    zeroed before each copy (a failed call skips the copy: a loop on the
    value then ends). Reading anything else back is an error, and so is a
    call of a host function (the runtime's sort).
    ```mlir
    %a = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 { memref.store %v, %a[%i] ... }
    // becomes
    %a = gpu.alloc (%n) : memref<?xf32>
    gpu.launch blocks(...) in (%c1, %c1, %c1) threads(...) in (%c1, ...) {
      scf.for %i = %c0 to %n step %c1 { memref.store %v, %a[%i] ... }
      gpu.terminator
    }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TnpLegalizeBoolMemoryPass
    : Pass<"tnp-legalize-bool-memory", "::mlir::LLVM::LLVMFuncOp"> {
  let summary = "load and store vectors of bools as bytes";
  let description = [{
    tnp keeps a bool in one byte, as NumPy does, and scalar i1 loads and
    stores read and write one byte. A vector of i1 in memory is bit-packed
    in LLVM, though: `vector<16xi1>` takes 2 bytes. This pass rewrites every
    vector load and store of i1 (plain and masked) as one of i8 with a
    trunc or zext, so vectorized code reads the bytes scalar code writes.
    ```mlir
    %v = llvm.load %p : !llvm.ptr -> vector<8xi1>
    // becomes
    %b = llvm.load %p : !llvm.ptr -> vector<8xi8>
    %v = llvm.trunc %b : vector<8xi8> to vector<8xi1>
    ```
  }];
}

def TnpBatchPass : Pass<"tnp-batch", "::mlir::ModuleOp"> {
  let summary = "vectorized_map: a function over one element as one over a batch";
  let description = [{
    Adds to the module `func` batched: argument i gains a dimension of
    `size` at `in-axes[i]` (-1: not batched, the same for every element),
    result i carries the batch at `out-axes[i]` (default 0). Each op is
    rebuilt by its BatchableOpInterface rule, as JAX's vmap does; inside,
    batched values keep the batch in front, and unbatched ones stay
    unbatched until an op needs them batched.

    ```mlir
    func.func @f(%x: tensor<3xf32>, %w: tensor<3x2xf32>) -> tensor<2xf32> {
      %y = tnp.dot_general %x, %w, batch = [] x [], contracting = [0] x [0]
          : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
      return %y : tensor<2xf32>
    }
    ```
    with `in-axes=0,-1 size=8` gains `@f_batched(%x: tensor<8x3xf32>,
    %w: tensor<3x2xf32>) -> tensor<8x2xf32>`, one matrix product.

    Control flow: `scf.if` on an unbatched condition stays, its branches
    batched; on a batched one both branches run and a select picks per
    element. `scf.for` carries batched values. `scf.while` with a batched
    condition runs until every element's condition fails, each element's
    carried values frozen once its own does. An op without a rule (a
    `pad` with a batched padding value) is an error, or with `fallback=true` runs once per element in a loop
    inside the batched function (with a warning), as TF's
    fallback_to_while_loop.
  }];
  let options = [
    Option<"function", "func", "std::string", /*default=*/"",
           "the function to batch">,
    ListOption<"inAxes", "in-axes", "int64_t",
               "per argument, where its batch dimension goes (-1: none)">,
    ListOption<"outAxes", "out-axes", "int64_t",
               "per result, where its batch dimension goes (default 0)">,
    Option<"size", "size", "int64_t", /*default=*/"0", "the batch size">,
    Option<"fallback", "fallback", "bool", /*default=*/"false",
           "loop over the batch for ops without a batching rule">,
    Option<"name", "name", "std::string", /*default=*/"",
           "the new function's name (default: func_batched)">,
  ];
  let dependentDialects = [
    "::mlir::tnp::TnpDialect", "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect"
  ];
}

def TnpAutodiffPass : Pass<"tnp-autodiff", "::mlir::ModuleOp"> {
  let summary = "reverse-mode differentiation: a function's gradient as a new function";
  let description = [{
    Adds to the module a function computing `func`'s results and the
    gradients of its arguments listed in `wrt` (default: every float
    argument), by each op's DifferentiableOpInterface rule, walking the
    function backwards. By default `func` must return one 0-d float (a loss)
    and the new function returns it, then the gradients (value_and_grad):

    ```mlir
    func.func @f(%x: tensor<3xf32>) -> tensor<f32> {
      %s = tnp.mul %x, %x : tensor<3xf32>
      %l = tnp.reduce sum %s, axes = [0] : tensor<3xf32> -> tensor<f32>
      return %l : tensor<f32>
    }
    ```
    gains `@f_grad(%x) -> (tensor<f32>, tensor<3xf32>)` returning the loss
    and `2 x`. With `vjp=true` the new function `@f_vjp` takes one
    cotangent per result after the arguments and returns the results, then
    the gradients (the VJP form, for any result shapes).

    The forward ops stay as they are (canonicalization and CSE drop what
    the backward pass does not read); the output is again tnp ops, so it
    can be differentiated again. Run after tnp-promote-types. `scf.if`
    differentiates branch by branch (recomputing the taken branch),
    `scf.for` with constant bounds is unrolled first; `scf.while` has no
    reverse-mode rule (JAX's while_loop has none either). Integer and bool
    values carry no cotangent; complex ones are rejected.
  }];
  let options = [
    Option<"function", "func", "std::string", /*default=*/"",
           "the function to differentiate">,
    ListOption<"wrt", "wrt", "unsigned",
               "argument positions to differentiate (default: the float ones)">,
    Option<"vjp", "vjp", "bool", /*default=*/"false",
           "take a cotangent per result instead of one scalar result">,
    Option<"name", "name", "std::string", /*default=*/"",
           "the new function's name (default: func_grad or func_vjp)">,
  ];
  let dependentDialects = [
    "::mlir::tnp::TnpDialect", "::mlir::scf::SCFDialect"
  ];
}

#endif // TNP_PASSES_TD
