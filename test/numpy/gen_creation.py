"""Cases for tnp's creation functions: zeros, ones, full, empty, arange,
linspace, logspace, geomspace, eye, identity, asarray (and asanyarray,
ascontiguousarray, copy), the *_like functions, and the matrices: tri,
tril, triu, diag, diagflat, vander, meshgrid."""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import BF16, DTYPES, Cases, Literal, outdir_from_argv  # noqa: E402

c = Cases(outdir_from_argv())


def np_dtype(name):
    return np.float32 if name == "bfloat16" else np.dtype(name)


def result(values, dtype):
    """NumPy's array of `values` as dtype (a BF16 for bfloat16)."""
    if dtype == "bfloat16":
        return BF16(np.asarray(values, dtype=np.float32))
    return np.asarray(values, dtype=dtype)


SHAPES = [(), (0,), (3,), (2, 3), (2, 0, 3)]

# zeros / ones / empty: every dtype at one shape, every shape at float64.
for fn in ["zeros", "ones", "empty"]:
    maker = {"zeros": np.zeros, "ones": np.ones, "empty": np.zeros}[fn]
    extra = {"values": 0} if fn == "empty" else {}
    for dtype in DTYPES:
        c.case("%s_%s" % (fn, dtype), fn,
               args=dict(shape=(2, 3), dtype=dtype, **extra),
               expect=result(maker((2, 3), np_dtype(dtype)), dtype))
    for shape in SHAPES:
        c.case("%s_shape%s" % (fn, "x".join(map(str, shape))), fn,
               args=dict(shape=shape, **extra),
               expect=maker(shape))

# full: the fill value's dtype by default (a C++ int is int64, as a Python
# int), else the given dtype.
for name, fill in [("int", 7), ("negint", -3), ("float", 2.5),
                   ("bool", True), ("complex", 1 - 2j)]:
    c.case("full_%s" % name, "full", [Literal(fill)], dict(shape=(2, 2)),
           np.full((2, 2), fill))
for dtype in ["int8", "uint16", "float32", "float16", "complex64", "bool"]:
    c.case("full_int_as_%s" % dtype, "full", [Literal(3)],
           dict(shape=(3,), dtype=dtype),
           np.full((3,), 3, dtype=dtype))
c.case("full_float_as_bfloat16", "full", [Literal(1.5)],
       dict(shape=(2,), dtype="bfloat16"), BF16(np.full((2,), 1.5)))
c.case("full_0d", "full", [Literal(4.25)], dict(shape=()), np.full((), 4.25))
c.case("full_empty", "full", [Literal(1)], dict(shape=(0, 2)),
       np.full((0, 2), 1))

c.case("zeros_like", "zeros_like", [np.arange(6, dtype=np.int16)],
       expect=np.zeros_like(np.arange(6, dtype=np.int16)))
c.case("ones_like", "ones_like", [np.ones((2, 1), dtype=np.float32)],
       expect=np.ones((2, 1), dtype=np.float32))

# arange: int64 when every argument is an integer, else float64.
ARANGES = [
    ("stop", [5], {}),
    ("stop0", [0], {}),
    ("start_stop", [2, 7], {}),
    ("step", [2, 10, 3], {}),
    ("negative_step", [10, 0, -2], {}),
    ("empty", [5, 2, 1], {}),
    ("float_step", [0.0, 1.0, 0.25], {}),
    ("float_stop", [2.5], {}),
    ("negative_float", [-1.0, 1.0, 0.5], {}),
    ("dtype_float32", [0, 5, 1], {"dtype": "float32"}),
    ("dtype_int8", [-3, 3, 1], {"dtype": "int8"}),
]
for name, params, kw in ARANGES:
    c.case("arange_" + name, "arange", [Literal(p) for p in params], kw,
           np.arange(*params, **kw))

LINSPACES = [
    ("basic", dict(start=0.0, stop=1.0, num=5)),
    ("no_endpoint", dict(start=0.0, stop=1.0, num=5, endpoint=False)),
    ("default_num", dict(start=-2.0, stop=3.0)),
    ("one", dict(start=3.0, stop=7.0, num=1)),
    ("zero", dict(start=0.0, stop=1.0, num=0)),
    ("descending", dict(start=1.0, stop=-1.0, num=7)),
    ("float32", dict(start=0.0, stop=1.0, num=4, dtype="float32")),
]
for name, kw in LINSPACES:
    c.case("linspace_" + name, "linspace", args=kw,
           expect=np.linspace(**kw))

EYES = [
    ("3", dict(N=3), {}),
    ("3x4_k1", dict(N=3, M=4, k=1), {}),
    ("4x3_km1", dict(N=4, M=3, k=-1), {}),
    ("k_out_of_range", dict(N=2, k=5), {}),
    ("int32", dict(N=2, dtype="int32"), {}),
    ("bool", dict(N=3, dtype="bool"), {}),
    ("0", dict(N=0), {}),
]
for name, kw, _ in EYES:
    c.case("eye_" + name, "eye", args=kw, expect=np.eye(**kw))
c.case("identity_3", "identity", args=dict(n=3), expect=np.identity(3))
c.case("identity_uint8", "identity", args=dict(n=2, dtype="uint8"),
       expect=np.identity(2, dtype=np.uint8))

# asarray of C++ scalars: strong 0-d arrays of Python's dtypes.
for name, v in [("int", 5), ("negint", -7), ("float", 1.5), ("bool", False),
                ("complex", 2 + 3j)]:
    c.case("asarray_scalar_" + name, "asarray", [Literal(v)],
           expect=np.asarray(v))
c.case("asarray_scalar_int_as_float32", "asarray", [Literal(3)],
       dict(dtype="float32"), np.asarray(3, dtype=np.float32))

# asarray of an array, converted.
ints = np.array([[-2, 0, 7]], dtype=np.int32)
for dtype in ["int32", "float32", "int8", "complex128", "bool"]:
    c.case("asarray_int32_as_" + dtype, "asarray", [ints],
           dict(dtype=dtype), np.asarray(ints, dtype=dtype))
c.case("asarray_float64_as_int16", "asarray",
       [np.array([1.9, -2.9, 0.0])], dict(dtype="int16"),
       np.asarray([1.9, -2.9, 0.0], dtype=np.int16))
c.case("asarray_keeps", "asarray", [np.ones((2, 0), dtype=np.uint16)],
       expect=np.ones((2, 0), dtype=np.uint16))

# asarray of the literal lists in registry.cpp (the same lists as here).
LISTS = {
    "int_2x3": lambda: np.asarray([[1, 2, 3], [4, 5, -6]]),
    "double_2x2": lambda: np.asarray([[1.5, -2.0], [3.25, 4.0]]),
    "bool_1d": lambda: np.asarray([True, False, True]),
    "int_1d": lambda: np.asarray([1, 2, 3]),
    "double_1d_float32": lambda: np.asarray([0.1, 0.2, -0.3], np.float32),
    "int_2x2_uint8": lambda: np.asarray([[1, 2], [3, 255]], np.uint8),
    "int_2x2_float64": lambda: np.asarray([[1, 2], [3, 4]], np.float64),
    "complex_1d": lambda: np.asarray([1 + 2j, -3 + 0.5j]),
    "empty_double": lambda: np.asarray([]),
    "array_vector_2x3": lambda: np.array([[1, 2, 3], [4, 5, 6]]),
    "vector_int32_2x2": lambda: np.asarray([[1, -2], [3, -4]], np.int32),
}
for name, f in LISTS.items():
    c.case("asarray_list_" + name, "asarray_list:" + name, expect=f())

# The *_like functions, copies and asarray's aliases.
rng = np.random.default_rng(77)
for dtype in ["bool", "int8", "uint32", "float32", "complex64"]:
    x = (rng.uniform(-3, 3, (2, 3)) * 2).round().astype(dtype)
    c.case("empty_like_%s" % dtype, "empty_like", [x], {"values": 0},
           np.empty_like(x))
    c.case("full_like_%s" % dtype, "full_like", [x, 2.5], {},
           np.full_like(x, 2.5))
    c.case("full_like_%s_as_float64" % dtype, "full_like",
           [x, np.array([1, -2, 3], np.int16)], {"dtype": "float64"},
           np.full_like(x, np.array([1, -2, 3], np.int16), dtype="float64"))
    for fn in ["copy", "asanyarray", "ascontiguousarray"]:
        c.case("%s_%s" % (fn, dtype), fn, [x], {}, getattr(np, fn)(x))
c.case("full_like_bcast_error", "full_like", [np.zeros((2, 3)), np.ones(2)],
       raises=("ValueError", "could not be broadcast"))

# logspace and geomspace: bases, endpoints, negative and mixed-sign ends.
for kw in [dict(start=0, stop=3, num=4), dict(start=-2, stop=2, num=5,
                                                   base=2.0),
           dict(start=1, stop=2, num=4, endpoint=0), dict(start=0, stop=1,
                                                          num=0),
           dict(start=0.5, stop=-1.5, num=7, dtype="float32"),
           dict(start=3, stop=3, num=1)]:
    npkw = {k: bool(v) if k == "endpoint" else v for k, v in kw.items()}
    tag = "_".join("%s%s" % (k, v) for k, v in kw.items()).replace("-", "m")
    c.case("logspace_" + tag, "logspace", [], kw, np.logspace(**npkw),
           tol="transcendental")
for kw in [dict(start=1, stop=1000, num=4), dict(start=-1, stop=-1000, num=4),
           dict(start=2, stop=0.5, num=5, endpoint=0),
           dict(start=1, stop=256, num=9, dtype="float32"),
           dict(start=1, stop=10, num=1), dict(start=3, stop=7, num=0),
           dict(start=-2, stop=8, num=3)]:
    npkw = {k: bool(v) if k == "endpoint" else v for k, v in kw.items()}
    tag = "_".join("%s%s" % (k, v) for k, v in kw.items()).replace("-", "m")
    with np.errstate(invalid="ignore"):
        expect = np.geomspace(**npkw)
    c.case("geomspace_" + tag, "geomspace", [], kw, expect,
           tol="transcendental")
c.case("geomspace_zero", "geomspace", [], dict(start=0, stop=2, num=3),
       raises=("ValueError", "Geometric sequence cannot include zero"))

# tri, tril, triu, diag, diagflat, vander.
for N, M, k in [(3, None, 0), (2, 4, 1), (4, 2, -1), (3, 3, -5), (0, 2, 0)]:
    kw = dict(N=N, k=k)
    if M is not None:
        kw["M"] = M
    c.case("tri_%d_%s_%d" % (N, M, k), "tri", [], kw,
           np.tri(N, M, k))
c.case("tri_int8", "tri", [], dict(N=3, dtype="int8"), np.tri(3, dtype="int8"))
for shape in [(4,), (3, 4), (2, 3, 2), (0, 3)]:
    for dtype in ["float64", "int32", "bool", "complex64"]:
        m = (rng.uniform(-5, 5, shape) * 3).round().astype(dtype)
        for k in [0, 1, -2]:
            for fn in ["tril", "triu"]:
                c.case("%s_%s_%s_k%d" % (fn, "x".join(map(str, shape)), dtype,
                                         k), fn, [m], {"k": k},
                       getattr(np, fn)(m, k))
c.case("tril_0d", "tril", [np.float64(2)],
       raises=("TypeError", "tri() missing 1 required positional argument"))
for v in [np.array([1.5, -2.0, 3.0]), np.arange(4).reshape(2, 2),
          np.arange(12).reshape(3, 4).astype("float32"), np.array([], "int8"),
          np.array([True, False])]:
    for k in [0, 2, -1, -4]:
        tag = "%s_%s_k%d" % ("x".join(map(str, v.shape)), v.dtype, k)
        c.case("diag_" + tag, "diag", [v], {"k": k}, np.diag(v, k))
        c.case("diagflat_" + tag, "diagflat", [v], {"k": k},
               np.diagflat(v, k))
c.case("diag_3d", "diag", [np.zeros((2, 2, 2))],
       raises=("ValueError", "Input must be 1- or 2-d."))
for x in [np.array([1, 2, 3, 5]), np.array([0.5, -1.5, 2.0], "float32"),
          np.array([True, False]), np.array([1 + 1j, 2 - 1j]),
          np.array([], "int16"), np.array([2, 3], "uint8")]:
    for kw in [{}, {"N": 3}, {"N": 0}, {"N": 5, "increasing": 1}]:
        npkw = {k: bool(v) if k == "increasing" else v
                for k, v in kw.items()}
        tag = "_".join("%s%s" % (k, v) for k, v in kw.items())
        c.case("vander_%s_%d_%s" % (x.dtype, len(x), tag), "vander", [x], kw,
               np.vander(x, **npkw))
c.case("vander_negative", "vander", [np.ones(2)], {"N": -1},
       raises=("ValueError", "negative dimensions are not allowed"))
c.case("tri_negative", "tri", [], {"N": -2},
       raises=("ValueError", "negative dimensions are not allowed"))
c.case("vander_2d", "vander", [np.ones((2, 2))],
       raises=("ValueError", "x must be a one-dimensional array"))

# meshgrid: each indexing, sparse grids, one, two and three inputs.
xs = [np.array([1.0, 2.0, 3.0]), np.array([4, 5], "int32"),
      np.array([[0.5, 1.5]])]
for n in [1, 2, 3]:
    for indexing in ["xy", "ij"]:
        for sparse in [0, 1]:
            c.case("meshgrid_%d_%s_sparse%d" % (n, indexing, sparse),
                   "meshgrid", xs[:n], {"indexing": indexing,
                                        "sparse": sparse},
                   list(np.meshgrid(*xs[:n], indexing=indexing,
                                    sparse=bool(sparse))))
c.case("meshgrid_bad_indexing", "meshgrid", xs[:2], {"indexing": "yx"},
       raises=("ValueError", "Valid values for `indexing` are 'xy' and 'ij'."))

c.write()
