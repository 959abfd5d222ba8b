"""Cases for tnp's sorting, searching and order statistics: sort and
argsort (every dtype, any axis, axis=None, NaN/inf/signed zeros, ties,
complex NaNs, empty and 0-d arrays, a large row), searchsorted (duplicates
with side left/right, NaN, sorter, mixed dtypes), digitize, interp (left,
right, period), median, quantile, percentile (every method, q arrays,
axes, keepdims) and their NaN-skipping forms, and their errors. NumPy's
stable sort is the oracle: tnp's sort is stable, so ties (and the order of
-0.0 and 0.0) must come out as NumPy's kind="stable" leaves them."""

import sys
import warnings

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (  # noqa: E402
    BF16, DTYPES, Cases, Literal, numpy_error, outdir_from_argv, small_array)

warnings.simplefilter("ignore", RuntimeWarning)
c = Cases(outdir_from_argv())
rng = np.random.default_rng(4321)


def arr(shape, dtype="float64"):
    return small_array(rng, shape, dtype)


def specials(dtype):
    """Values with NaNs, infinities, signed zeros and ties."""
    v = np.array([3.5, -0.0, np.nan, -np.inf, 0.0, 3.5, -2.0, np.inf,
                  -np.nan, 0.0, -0.0, 1.0])
    return v.astype(dtype)


# sort and argsort: every dtype, along each axis and flattened.
for dtype in DTYPES:
    if dtype == "bfloat16":
        x = BF16(small_array(rng, (3, 5), "float32"))
        c.case("sort_bfloat16", "sort", [x], {},
               BF16(np.sort(x.values, kind="stable")))
        c.case("argsort_bfloat16", "argsort", [x], {},
               np.argsort(x.values, kind="stable"))
        continue
    x = arr((4, 6), dtype)
    for axis in [0, 1, -1, "none"]:
        npaxis = None if axis == "none" else axis
        c.case("sort_%s_axis%s" % (dtype, axis), "sort", [x], {"axis": axis},
               np.sort(x, axis=npaxis, kind="stable"))
        c.case("argsort_%s_axis%s" % (dtype, axis), "argsort", [x],
               {"axis": axis}, np.argsort(x, axis=npaxis, kind="stable"))
for dtype in ["float16", "float32", "float64"]:
    v = specials(dtype)
    c.case("sort_specials_%s" % dtype, "sort", [v], {},
           np.sort(v, kind="stable"))
    c.case("argsort_specials_%s" % dtype, "argsort", [v], {},
           np.argsort(v, kind="stable"))
bf = BF16(specials("float32"))
c.case("sort_specials_bfloat16", "sort", [bf], {},
       BF16(np.sort(bf.values, kind="stable")))
nan, inf = np.nan, np.inf
for dtype in ["complex64", "complex128"]:
    z = np.array([complex(nan, 1), 2 + 1j, complex(1, nan), 2 - 1j,
                  complex(nan, nan), 1 + 0j, complex(nan, -3), 2 - 1j,
                  complex(-inf, 0), complex(1, -nan)], dtype=dtype)
    c.case("sort_complex_nans_%s" % dtype, "sort", [z], {},
           np.sort(z, kind="stable"))
    c.case("argsort_complex_nans_%s" % dtype, "argsort", [z], {},
           np.argsort(z, kind="stable"))
x = arr((2, 3, 4), "int16")
c.case("sort_3d_axis1", "sort", [x], {"axis": 1}, np.sort(x, axis=1))
c.case("argsort_3d_axis0", "argsort", [x], {"axis": 0},
       np.argsort(x, axis=0, kind="stable"))
ties = rng.integers(0, 4, size=(5, 40)).astype("float32")
c.case("argsort_ties_rows", "argsort", [ties], {},
       np.argsort(ties, kind="stable"))
big = rng.standard_normal(5000).astype("float32")
big[::97] = 0.0
big[::89] = -0.0
c.case("sort_large", "sort", [big], {}, np.sort(big, kind="stable"))
c.case("argsort_large", "argsort", [big], {}, np.argsort(big, kind="stable"))
# Rows the AVX-512 sort takes (32-bit keys, up to 2^14), in both axes:
# a short last block, NaNs, signed zeros and ties.
rows32 = rng.standard_normal((3, 700)).astype("float32")
rows32[:, ::31] = np.nan
rows32[:, ::37] = -0.0
rows32[:, ::41] = 0.0
rows32[1, ::2] = 1.5
for axis in [1, 0]:
    c.case("sort_rows_float32_axis%d" % axis, "sort", [rows32],
           {"axis": axis}, np.sort(rows32, axis=axis, kind="stable"))
ints32 = rng.integers(-2**31, 2**31, size=(2, 1500)).astype("int32")
ints32[0, ::3] = 7
c.case("sort_rows_int32", "sort", [ints32], {}, np.sort(ints32))
c.case("sort_rows_uint32", "sort", [ints32.astype("uint32")], {},
       np.sort(ints32.astype("uint32")))
big64 = rng.integers(-2**62, 2**62, size=3000)
c.case("sort_large_int64", "sort", [big64], {}, np.sort(big64))
c.case("argsort_large_uint8", "argsort", [big64.astype("uint8")], {},
       np.argsort(big64.astype("uint8"), kind="stable"))
for shape in [(0,), (3, 0), (0, 4)]:
    e = arr(shape, "float32")
    tag = "x".join(map(str, shape))
    c.case("sort_empty_%s" % tag, "sort", [e], {}, np.sort(e))
    c.case("argsort_empty_%s" % tag, "argsort", [e], {"axis": 0},
           np.argsort(e, axis=0))
zero_d = np.array(2.5)
c.case("sort_0d_none", "sort", [zero_d], {"axis": "none"},
       np.sort(zero_d, axis=None))
c.case("sort_0d_error", "sort", [zero_d], {},
       raises=numpy_error(lambda: np.sort(zero_d)))
c.case("sort_axis_error", "sort", [x], {"axis": 3},
       raises=numpy_error(lambda: np.sort(x, axis=3)))
c.case("sort_kind_error", "sort", [x], {"kind": "bogo"},
       raises=numpy_error(lambda: np.sort(x, kind="bogo")))
for kind in ["mergesort", "heapsort", "stable"]:
    c.case("argsort_kind_%s" % kind, "argsort", [ties], {"kind": kind},
           np.argsort(ties, kind="stable"))
c.case("sort_literal", "sort", [Literal(3)], {"axis": "none"},
       np.sort(np.array(3), axis=None))

# searchsorted: duplicates on both sides, values between, beyond, NaN.
edges = np.array([-np.inf, -1.0, 0.0, 0.0, 0.0, 2.5, 7.0, 7.0, np.nan])
probes = np.array([[-np.inf, -2.0, 0.0, 1.0], [7.0, 9.0, np.nan, -0.0]])
for side in ["left", "right"]:
    c.case("searchsorted_dups_%s" % side, "searchsorted", [edges, probes],
           {"side": side}, np.searchsorted(edges, probes, side=side))
    ints = np.array([1, 3, 3, 3, 8, 12], dtype="int32")
    vals = np.array([0.5, 3, 3.5, 12, 13], dtype="float32")
    c.case("searchsorted_mixed_%s" % side, "searchsorted", [ints, vals],
           {"side": side}, np.searchsorted(ints, vals, side=side))
    for n in [1, 2, 7, 64, 1000]:
        a = np.sort(rng.integers(0, n, size=n)).astype("int64")
        v = rng.integers(-1, n + 1, size=50)
        c.case("searchsorted_n%d_%s" % (n, side), "searchsorted", [a, v],
               {"side": side}, np.searchsorted(a, v, side=side))
unsorted = np.array([5.0, 1.0, 4.0, 1.0, 3.0])
order = np.argsort(unsorted, kind="stable")
c.case("searchsorted_sorter", "searchsorted",
       [unsorted, np.array([1.0, 2.0, 5.0, 6.0]), order], {},
       np.searchsorted(unsorted, [1.0, 2.0, 5.0, 6.0], sorter=order))
c.case("searchsorted_empty_a", "searchsorted",
       [np.zeros(0), np.array([1.0, 2.0])], {},
       np.searchsorted(np.zeros(0), [1.0, 2.0]))
c.case("searchsorted_0d_v", "searchsorted", [edges, np.array(2.5)],
       {"side": "right"}, np.searchsorted(edges, np.array(2.5), "right"))
c.case("searchsorted_literal_v", "searchsorted", [edges, Literal(0.0)], {},
       np.searchsorted(edges, 0.0))
zs = np.sort(np.array([1 + 1j, 1 - 1j, 2j, complex(np.nan, 0), 1 + 1j]))
zv = np.array([1 + 0j, 1 + 1j, 3 + 0j, complex(np.nan, 1)])
for side in ["left", "right"]:
    c.case("searchsorted_complex_%s" % side, "searchsorted", [zs, zv],
           {"side": side}, np.searchsorted(zs, zv, side=side))
c.case("searchsorted_2d_a_error", "searchsorted", [x, probes], {},
       raises=("ValueError", "searchsorted: a must be 1-d"))
c.case("searchsorted_side_error", "searchsorted", [edges, probes],
       {"side": "middle"},
       raises=numpy_error(lambda: np.searchsorted(edges, probes, "middle")))

# digitize: increasing and decreasing bins, both closures, NaN.
xs = np.array([-1.0, 0.0, 0.5, 1.0, 2.5, 4.0, 9.0, np.nan])
for name, bins in [("inc", np.array([0.0, 1.0, 1.0, 2.5, 4.0])),
                   ("dec", np.array([4.0, 2.5, 1.0, 1.0, 0.0])),
                   ("one", np.array([1.0]))]:
    for right in [False, True]:
        c.case("digitize_%s_right%d" % (name, right), "digitize", [xs, bins],
               {"right": right}, np.digitize(xs, bins, right=right))
ibins = np.array([1, 5, 10], dtype="int16")
ix = np.array([[0, 1, 5], [7, 10, 11]], dtype="int64")
c.case("digitize_ints", "digitize", [ix, ibins], {}, np.digitize(ix, ibins))
c.case("digitize_complex_error", "digitize",
       [np.array([1 + 1j]), np.array([0.0, 2.0])], {},
       raises=numpy_error(lambda: np.digitize([1 + 1j], [0.0, 2.0])))
bad = np.array([0.0, 2.0, 1.0])
c.case("digitize_not_monotonic", "digitize", [xs, bad], {},
       raises=numpy_error(lambda: np.digitize(xs, bad)))

# interp: inside, outside, on the points, NaN, left/right, period.
xp = np.array([1.0, 2.0, 4.0, 4.5])
fp = np.array([10.0, -20.0, 30.0, 30.0])
x = np.array([[-1.0, 1.0, 1.5], [2.0, 3.9, 4.5], [4.25, 7.0, np.nan]])
c.case("interp_basic", "interp", [x, xp, fp], {}, np.interp(x, xp, fp))
c.case("interp_left_right", "interp", [x, xp, fp],
       {"left": -1.5, "right": 99.0},
       np.interp(x, xp, fp, left=-1.5, right=99.0))
c.case("interp_float32", "interp",
       [x.astype("float32"), xp.astype("float32"), fp.astype("float32")],
       {}, np.interp(x.astype("float32"), xp.astype("float32"),
                     fp.astype("float32")), tol="rounding")
c.case("interp_one_point", "interp",
       [np.array([0.0, 1.0, 2.0]), np.array([1.0]), np.array([5.0])], {},
       np.interp([0.0, 1.0, 2.0], [1.0], [5.0]))
angles = np.array([-180.0, -10.0, 5.0, 370.0, 725.0])
deg = np.array([350.0, 10.0, 90.0, 180.0, 270.0])
vals = np.array([3.5, 0.5, 1.0, 2.0, 3.0])
c.case("interp_period", "interp", [angles, deg, vals], {"period": 360.0},
       np.interp(angles, deg, vals, period=360.0), tol="rounding")
c.case("interp_length_error", "interp", [x, xp, fp[:3]], {},
       raises=numpy_error(lambda: np.interp(x, xp, fp[:3])))
c.case("interp_empty_error", "interp", [x, np.zeros(0), np.zeros(0)], {},
       raises=numpy_error(lambda: np.interp(x, np.zeros(0), np.zeros(0))))
c.case("interp_period_error", "interp", [x, xp, fp], {"period": 0.0},
       raises=numpy_error(lambda: np.interp(x, xp, fp, period=0.0)))

# median and nanmedian.
for dtype in ["float64", "float32", "float16", "int32", "uint8", "bool",
              "complex128"]:
    for shape, kw in [((7,), {}), ((4, 6), {"axis": 0}), ((4, 6), {"axis": 1}),
                      ((2, 3, 4), {"axes": (0, 2)}),
                      ((2, 3, 4), {"axis": -1, "keepdims": True})]:
        a = arr(shape, dtype)
        npkw = {"axis": kw.get("axis", kw.get("axes")),
                "keepdims": kw.get("keepdims", False)}
        tag = "%s_%s_%s" % (dtype, "x".join(map(str, shape)),
                            "_".join("%s%s" % i for i in kw.items()))
        c.case("median_" + tag, "median", [a], kw, np.median(a, **npkw),
               tol="rounding")
        if dtype != "complex128":
            c.case("nanmedian_" + tag, "nanmedian", [a], kw,
                   np.nanmedian(a, **npkw), tol="rounding")
withnan = np.array([[1.0, np.nan, 3.0, 2.0], [np.nan] * 4, [4.0, 1.0, 2.0, 8.0]])
for fn in ["median", "nanmedian"]:
    c.case("%s_nans" % fn, fn, [withnan], {"axis": 1},
           getattr(np, fn)(withnan, axis=1))
    c.case("%s_nans_all" % fn, fn, [withnan], {}, getattr(np, fn)(withnan))
c.case("median_empty", "median", [np.zeros((0,))], {},
       np.median(np.zeros((0,))))
c.case("median_0d", "median", [np.array(4.5)], {}, np.median(np.array(4.5)))

# quantile, percentile and their NaN forms: every method, q arrays.
a = arr((5, 8), "float64")
ai = arr((5, 8), "int32")
q2 = np.array([0.0, 0.1, 0.5, 0.625, 0.999, 1.0])
for method in ["linear", "lower", "higher", "nearest", "midpoint"]:
    for name, data in [("f64", a), ("i32", ai)]:
        c.case("quantile_%s_%s" % (method, name), "quantile", [data, q2],
               {"axis": 1, "method": method},
               np.quantile(data, q2, axis=1, method=method), tol="rounding")
    c.case("nanquantile_%s" % method, "nanquantile", [withnan, q2],
           {"axis": 1, "method": method},
           np.nanquantile(withnan, q2, axis=1, method=method),
           tol="rounding")
qgrid = np.array([[0.25, 0.5], [0.75, 0.9]])
b = arr((3, 4, 5))
c.case("quantile_q2d_axes", "quantile", [b, qgrid],
       {"axes": (0, 2), "keepdims": True},
       np.quantile(b, qgrid, axis=(0, 2), keepdims=True), tol="rounding")
c.case("quantile_literal_q", "quantile", [a, Literal(0.3)], {},
       np.quantile(a, 0.3), tol="rounding")
f32 = arr((6,), "float32")
c.case("quantile_float32", "quantile", [f32, np.array([0.2, 0.7])], {},
       np.quantile(f32, np.array([0.2, 0.7])), tol="rounding")
c.case("quantile_nan_slice", "quantile", [withnan, np.array(0.5)],
       {"axis": 1}, np.quantile(withnan, 0.5, axis=1))
c.case("percentile_basic", "percentile", [a, np.array([10.0, 50.0, 95.0])],
       {"axis": 0}, np.percentile(a, [10.0, 50.0, 95.0], axis=0),
       tol="rounding")
c.case("percentile_int_q", "percentile", [ai, np.array([0, 25, 100])],
       {"method": "nearest"},
       np.percentile(ai, [0, 25, 100], method="nearest"))
for method in ["lower", "nearest"]:
    c.case("nanquantile_int_%s" % method, "nanquantile", [ai, q2],
           {"axis": 0, "method": method},
           np.nanquantile(ai, q2, axis=0, method=method))
c.case("nanpercentile_basic", "nanpercentile",
       [withnan, np.array([30.0, 60.0])], {"axis": 1},
       np.nanpercentile(withnan, [30.0, 60.0], axis=1), tol="rounding")
c.case("quantile_range_error", "quantile", [a, np.array([0.5, 1.5])], {},
       raises=numpy_error(lambda: np.quantile(a, [0.5, 1.5])))
c.case("percentile_range_error", "percentile", [a, np.array(-1.0)], {},
       raises=numpy_error(lambda: np.percentile(a, -1.0)))
c.case("quantile_method_error", "quantile", [a, np.array(0.5)],
       {"method": "average"},
       raises=("ValueError", "'average' is not a valid method. Use one of"))
c.case("quantile_complex_error", "quantile",
       [arr((3,), "complex64"), np.array(0.5)], {},
       raises=("TypeError", "a must be an array of real numbers"))
c.case("quantile_method_unsupported", "quantile", [a, np.array(0.5)],
       {"method": "hazen"},
       raises=("NotImplementedError", "method 'hazen' is not supported"))

c.write()
