"""Cases for tnp's products (linalg.h): matmul, dot, tensordot, outer,
einsum, inner, vdot, kron, cross, convolve, correlate, polyval, over dtypes (integers wrap in theirs, bool is or-of-ands), 1-d and
batched operands, broadcasting batch dimensions, and their errors.

Values are small integers (halves for floats), so every sum of products is
exact in any order; the comparisons stay exact.
"""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (BF16, COMPLEX, DTYPES, INTS, Cases,  # noqa: E402
                    numpy_error, outdir_from_argv)

c = Cases(outdir_from_argv())
rng = np.random.default_rng(5)


def values(dtype, shape, gen=rng, top=4):
    """Integers in [-top, top] (halves of them for floats) from `gen`."""
    v = gen.integers(-top, top + 1, size=shape)
    if dtype == "bool":
        return v > 0
    if dtype in INTS:
        return (np.abs(v) if dtype.startswith("uint") else v).astype(dtype)
    v = v / 2
    if dtype in COMPLEX:
        return (v + 1j * gen.integers(-top, top + 1, size=shape) / 2).astype(
            dtype)
    if dtype == "bfloat16":
        return BF16(v)
    return v.astype(dtype)


def npv(x):
    return x.values if isinstance(x, BF16) else x


def case(name, fn, ops, args, f, dtype=None, tol=None):
    """NumPy's result of f on the operands (bfloat16: in float32, which the
    small values keep exact)."""
    try:
        r = np.asarray(f(*[npv(o) for o in ops]))
    except (ValueError, TypeError):
        cls, msg = numpy_error(lambda: f(*[npv(o) for o in ops]))
        # The manifest is one line a case: the message's first line.
        c.case(name, fn, ops, args, raises=(cls, msg.split("\n")[0]))
        return
    if any(isinstance(o, BF16) for o in ops) and r.dtype == np.float32:
        r = BF16(r)
    c.case(name, fn, ops, args, r, tol=tol)


def tag(shape):
    return "x".join(map(str, shape)) or "0d"


# matmul: every dtype at (2,3)@(3,4); shapes at float64 and int32.
for dtype in DTYPES:
    case("matmul_%s" % dtype, "matmul",
         [values(dtype, (2, 3)), values(dtype, (3, 4))], {}, np.matmul)
SHAPES = [((3,), (3, 4)), ((2, 3), (3,)), ((3,), (3,)), ((2, 2, 3), (3, 4)),
          ((2, 1, 2, 3), (3, 3, 2)), ((1, 3), (3, 1)), ((0, 3), (3, 2)),
          ((2, 0), (0, 3)), ((4, 2, 3), (4, 3, 2))]
for sa, sb in SHAPES:
    for dtype in ["float64", "int32"]:
        case("matmul_%s_%s_%s" % (dtype, tag(sa), tag(sb)), "matmul",
             [values(dtype, sa), values(dtype, sb)], {}, np.matmul)
for da, db in [("int32", "float32"), ("int8", "uint8"), ("bool", "int16"),
               ("float16", "complex64"), ("int64", "uint64")]:
    case("matmul_%s_%s" % (da, db), "matmul",
         [values(da, (2, 3)), values(db, (3, 2))], {}, np.matmul)
# Awkward sizes (BLAS's edge blocks, 1-wide panels, sizes past a block),
# transposed operands and broadcast batches, for every dtype; a generator of
# their own keeps the other cases' values. Entries of +-1/2 and 0 keep every
# sum exact (float16 too, and bfloat16 rounds the exact float32 sum once,
# as tnp does). Complex parts that sum to zero may differ in the zero's sign
# only (BLAS kernels add the partial products of re and im in other orders):
# "rounding", whose check ignores zeros' signs, with values still exact.
awkward = np.random.default_rng(11)


def small(dtype, shape):
    return values(dtype, shape, awkward, 1)


AWKWARD = [(1, 1, 1), (3, 3, 3), (17, 17, 17), (63, 65, 17), (65, 63, 65),
           (1, 511, 1), (511, 3, 2), (17, 1025, 3), (1025, 17, 5),
           (2, 33, 1025)]
for dtype in DTYPES:
    tol = "rounding" if dtype in COMPLEX else None
    for m, k, n in AWKWARD:
        case("matmul_%s_%dx%dx%d" % (dtype, m, k, n), "matmul",
             [small(dtype, (m, k)), small(dtype, (k, n))], {}, np.matmul,
             tol=tol)
    for ta, tb in [(1, 0), (0, 1), (1, 1)]:
        a = small(dtype, (65, 17) if ta else (17, 65))
        b = small(dtype, (33, 65) if tb else (65, 33))
        case("matmul_t%d%d_%s" % (ta, tb, dtype), "matmul_t", [a, b],
             {"ta": ta, "tb": tb},
             lambda x, y, ta=ta, tb=tb: np.matmul(
                 x.swapaxes(-1, -2) if ta else x,
                 y.swapaxes(-1, -2) if tb else y), tol=tol)
    case("matmul_batch_broadcast_%s" % dtype, "matmul",
         [small(dtype, (3, 1, 17, 9)), small(dtype, (4, 9, 33))], {},
         np.matmul, tol=tol)
    case("matmul_batch_t_%s" % dtype, "matmul_t",
         [small(dtype, (5, 9, 17)), small(dtype, (5, 33, 9))],
         {"ta": 1, "tb": 1},
         lambda x, y: np.matmul(x.swapaxes(-1, -2), y.swapaxes(-1, -2)),
         tol=tol)
# Products large enough (2^22 multiply-adds) that the runtime splits them
# across threads: by rows, by columns (more of them), by batches.
for dtype in ["float32", "float64", "complex64", "complex128"]:
    tol = "rounding" if dtype in COMPLEX else None
    for sa, sb in [((257, 129), (129, 255)), ((65, 513), (513, 257)),
                   ((8, 64, 128), (8, 128, 64))]:
        case("matmul_threads_%s_%s_%s" % (dtype, tag(sa), tag(sb)), "matmul",
             [small(dtype, sa), small(dtype, sb)], {}, np.matmul, tol=tol)
big = np.full((2, 4), 100, np.int8)
case("matmul_int8_wraps", "matmul", [big, big.T.copy()], {}, np.matmul)

# dot
for sa, sb in [((3,), (3,)), ((2, 3), (3, 4)), ((2, 3), (3,)),
               ((3,), (3, 2)), ((2, 2, 3), (3,)), ((2, 2, 3), (4, 3, 2)),
               ((), (3,)), ((2, 3), ()), ((), ())]:
    for dtype in ["float64", "int16", "complex128"]:
        ops = [values(dtype, sa), values(dtype, sb)]
        if sa == () or sb == ():
            # np.dot documents a 0-d operand as multiply, but its loop sums
            # from +0 (0 * -1 is +0 there, -0 in multiply): no zeros here.
            ops = [np.where(o == 0, np.ones_like(o), o) if dtype == "int16"
                   else o + np.asarray(0.25 + 0.25j if dtype == "complex128"
                                       else 0.25, o.dtype) for o in ops]
        case("dot_%s_%s_%s" % (dtype, tag(sa), tag(sb)), "dot", ops, {},
             np.dot)
for dtype in ["bool", "float32", "uint8", "bfloat16"]:
    case("dot_%s" % dtype, "dot",
         [values(dtype, (2, 3)), values(dtype, (3, 2))], {}, np.dot)

# tensordot
a = values("float64", (2, 3, 4))
b = values("float64", (3, 4, 5))
for axes in [2, 1, 0]:
    bb = b if axes != 1 else values("float64", (4, 5))
    case("tensordot_axes%d" % axes, "tensordot", [a, bb], {"axes": axes},
         lambda x, y: np.tensordot(x, y, axes=axes))
b2 = values("float64", (4, 3, 2))
for aa, ba in [((1, 2), (1, 0)), ((0,), (2,)), ((2, 1), (0, 1))]:
    case("tensordot_%s_%s" % ("".join(map(str, aa)), "".join(map(str, ba))),
         "tensordot", [a, b2], {"a_axes": aa, "b_axes": ba},
         lambda x, y: np.tensordot(x, y, axes=(list(aa), list(ba))))
case("tensordot_int8", "tensordot",
     [values("int8", (2, 3)), values("int8", (2, 3))], {"axes": 2},
     lambda x, y: np.tensordot(x, y, axes=2))

# outer
for sa, sb, dtype in [((3,), (4,), "float64"), ((2, 2), (3,), "int32"),
                      ((0,), (3,), "float32"), ((), (2,), "bool"),
                      ((3,), (2,), "complex64")]:
    case("outer_%s_%s_%s" % (dtype, tag(sa), tag(sb)), "outer",
         [values(dtype, sa), values(dtype, sb)], {}, np.outer)
case("outer_mixed", "outer", [values("int8", (3,)), values("float16", (2,))],
     {}, np.outer)

# einsum
EINSUMS = [
    ("ij,jk->ik", [(2, 3), (3, 4)]), ("ij,jk", [(2, 3), (3, 4)]),
    ("ii->i", [(3, 3)]), ("ii", [(3, 3)]), ("ij->ji", [(2, 3)]),
    ("ij->", [(2, 3)]), ("ij->j", [(2, 3)]), ("i,i->", [(4,), (4,)]),
    ("i,j->ij", [(2,), (3,)]), ("bij,bjk->bik", [(2, 2, 3), (2, 3, 2)]),
    ("ij,ij->ij", [(2, 3), (2, 3)]), ("ij,kj->ik", [(2, 3), (4, 3)]),
    ("ij,jk->ki", [(2, 3), (3, 4)]), ("ij,j->i", [(2, 3), (1,)]),
    ("i,i", [(3,), (3,)]), ("ba", [(2, 3)]),
]
for subs, shapes in EINSUMS:
    for dtype in ["float64", "int8"]:
        ops = [values(dtype, s) for s in shapes]
        name = "einsum_%s_%s" % (subs.replace(",", "_").replace("->", "_to_"),
                                 dtype)
        case(name, "einsum", ops, {"subscripts": subs},
             lambda *xs: np.einsum(subs, *xs))
case("einsum_mixed", "einsum", [values("int16", (2, 3)),
                                values("float32", (3,))],
     {"subscripts": "ij,j->i"}, lambda x, y: np.einsum("ij,j->i", x, y))

# Errors, in NumPy's words.
a23, a4 = values("float64", (2, 3)), values("float64", (4,))
case("matmul_mismatch", "matmul", [a23, values("float64", (4, 2))], {},
     np.matmul)
case("matmul_0d", "matmul", [np.array(2.0), a23], {}, np.matmul)
case("matmul_batch_mismatch", "matmul",
     [values("float64", (2, 2, 3)), values("float64", (3, 3, 2))], {},
     np.matmul)
case("dot_mismatch", "dot", [a23, a4], {}, np.dot)
case("tensordot_mismatch", "tensordot", [a23, a23], {"axes": 1},
     lambda x, y: np.tensordot(x, y, axes=1))
case("einsum_too_many_subscripts", "einsum", [a23], {"subscripts": "ijk"},
     lambda x: np.einsum("ijk", x))
case("einsum_size_mismatch", "einsum", [a23, a23],
     {"subscripts": "ij,jk->ik"}, lambda x, y: np.einsum("ij,jk->ik", x, y))
case("einsum_operand_count", "einsum", [a23], {"subscripts": "ij,jk"},
     lambda x: np.einsum("ij,jk", x))
case("einsum_output_letter", "einsum", [a23], {"subscripts": "ij->k"},
     lambda x: np.einsum("ij->k", x))

# inner, vdot, kron: every dtype; shapes (0-d, 1-d, batched, unequal ranks).
for dtype in DTYPES:
    a, b = values(dtype, (2, 3)), values(dtype, (4, 3))
    case("inner_%s" % dtype, "inner", [a, b], {}, np.inner)
    case("vdot_%s" % dtype, "vdot", [a, values(dtype, (3, 2))], {}, np.vdot)
    case("kron_%s" % dtype, "kron", [a, values(dtype, (2, 2))], {}, np.kron)
for sa, sb in [((3,), (3,)), ((), (2, 3)), ((2, 2, 3), (3,)),
               ((2, 3), (2, 4, 3)), ((2, 3), (2, 4))]:
    for fn, f in [("inner", np.inner), ("kron", np.kron)]:
        case("%s_%s_%s" % (fn, tag(sa), tag(sb)), fn,
             [values("float64", sa), values("int32", sb)], {}, f)
case("vdot_sizes", "vdot", [values("float64", (3,)), values("float64", (4,))],
     {}, np.vdot)
case("kron_1d_0d", "kron", [values("int8", (3,)), values("int8", ())], {},
     np.kron)
case("kron_3d_1d", "kron", [values("float32", (2, 1, 2)),
                            values("float32", (3,))], {}, np.kron)

# cross: 3x3, 2x3, 3x2, 2x2 vectors, broadcast batches, axis arguments.
for na, nb in [(3, 3), (2, 3), (3, 2), (2, 2)]:
    for dtype in ["float64", "int32", "complex64", "bool"]:
        a, b = values(dtype, (4, na)), values(dtype, (1, nb))
        case("cross_%d%d_%s" % (na, nb, dtype), "cross", [a, b], {},
             np.cross)
a, b = values("float64", (3, 2, 4)), values("float64", (3, 4))
case("cross_axes", "cross", [a, b], {"axisa": 0, "axisb": 0, "axisc": 1},
     lambda x, y: np.cross(x, y, axisa=0, axisb=0, axisc=1))
case("cross_axis", "cross", [values("float32", (3, 5)),
                             values("float32", (3, 5))], {"axis": 0},
     lambda x, y: np.cross(x, y, axis=0))
case("cross_dims", "cross", [values("float64", (4,)), values("float64", (3,))],
     {}, np.cross)

# convolve and correlate: each mode, either operand longer, odd and even
# lengths, complex (correlate conjugates), ints, and the errors.
for na, nv in [(5, 3), (3, 5), (6, 4), (4, 6), (1, 1), (4, 4), (7, 2)]:
    for dtype in ["float64", "int32", "complex128", "float32"]:
        a, v = values(dtype, (na,)), values(dtype, (nv,))
        for mode in ["full", "same", "valid"]:
            for fn, f in [("convolve", np.convolve),
                          ("correlate", np.correlate)]:
                case("%s_%d_%d_%s_%s" % (fn, na, nv, dtype, mode), fn,
                     [a, v], {"mode": mode},
                     lambda x, y, f=f, mode=mode: f(x, y, mode))
for fn, f in [("convolve", np.convolve), ("correlate", np.correlate)]:
    case("%s_default" % fn, fn, [values("int8", (5,)), values("int8", (2,))],
         {}, f)
    case("%s_bool" % fn, fn, [values("bool", (5,)), values("bool", (2,))],
         {}, f)
    case("%s_0d" % fn, fn, [values("float64", ()), values("float64", (3,))],
         {}, f)
    case("%s_empty" % fn, fn, [values("float64", (3,)),
                               values("float64", (0,))], {}, f)
    case("%s_2d" % fn, fn, [values("float64", (2, 2)),
                            values("float64", (3,))], {}, f)
    case("%s_mode" % fn, fn, [values("float64", (3,)),
                              values("float64", (2,))], {"mode": "wide"},
         lambda x, y, f=f: f(x, y, "wide"))

# polyval: coefficient and point dtypes, shapes, no coefficients.
for pd, xd in [("float64", "float64"), ("int32", "int32"), ("int8", "float32"),
               ("float32", "int16"), ("complex64", "float64")]:
    for shape in [(), (4,), (2, 3)]:
        case("polyval_%s_%s_%s" % (pd, xd, tag(shape)), "polyval",
             [values(pd, (4,)), values(xd, shape)], {}, np.polyval)
case("polyval_empty", "polyval", [np.zeros(0), values("float64", (3,))], {},
     np.polyval)
case("polyval_0d", "polyval", [np.float64(2), values("float64", (3,))], {},
     np.polyval)

c.write()
