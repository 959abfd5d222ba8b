"""Cases for tnp's reductions (reductions.h): sum, prod, mean, max, min,
argmax, argmin, any, all, std, var with axis (None, int, tuple, negative)
and keepdims, over the dtypes, 0-d and empty operands, NaN, and their
errors; nansum, nanprod, nanmean, count_nonzero, ptp, average (weights),
diff (n, prepend, append) and histogram (bins, range, weights, density).

Float values are small multiples of 1/4 (and means dyadic), so every sum
is exact whatever order tnp and NumPy add in; the comparisons stay exact.
"""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (BF16, COMPLEX, DTYPES, INTS, Cases,  # noqa: E402
                    numpy_error, outdir_from_argv)

c = Cases(outdir_from_argv())
rng = np.random.default_rng(99)


def values(dtype, shape):
    v = rng.integers(-8, 9, size=shape)
    if dtype == "bool":
        return v > 0
    if dtype in INTS:
        if dtype.startswith("uint"):
            v = np.abs(v)
        return v.astype(dtype)
    v = v / 4
    if dtype in COMPLEX:
        v = v + 1j * rng.integers(-8, 9, size=shape) / 2
        return v.astype(dtype)
    if dtype == "bfloat16":
        return BF16(v)
    return v.astype(dtype)


def np_values(x):
    return x.values if isinstance(x, BF16) else x


def expect_of(f, x, dtype, **kw):
    with np.errstate(all="ignore"):
        r = f(np_values(x), **kw)
    r = np.asarray(r)
    if dtype == "bfloat16" and r.dtype == np.float32:
        return BF16(r)
    return r


def tag(kw):
    parts = []
    for k, v in kw.items():
        if isinstance(v, tuple):
            v = "_".join(str(a).replace("-", "m") for a in v) or "empty"
        parts.append("%s%s" % (k, str(v).replace("-", "m")))
    return "_".join(parts) or "all"


def args_of(kw):
    out = dict(kw)
    if "axis" in out and isinstance(out["axis"], tuple):
        out["axes"] = out.pop("axis")
    return out


REDUCTIONS = {"sum": np.sum, "prod": np.prod, "mean": np.mean,
              "max": np.max, "min": np.min, "any": np.any, "all": np.all}
# NumPy has no reduction loops for bfloat16: float32 values, rounded.
BF16_NP = {"sum", "prod", "mean", "max", "min", "any", "all"}

# Every dtype, over all axes and along one (kernels: one per dtype and axes).
for fn, f in REDUCTIONS.items():
    for dtype in DTYPES:
        x = values(dtype, (3, 4))
        if fn == "prod":
            x = values(dtype, (3, 4))
        if fn in ("max", "min") and dtype in COMPLEX:
            c.case("%s_%s" % (fn, dtype), fn, [x], {},
                   expect=np.asarray(f(x)),
                   skip="documented: complex max/min are NotImplementedError")
            continue
        for kw in [{}, {"axis": 1}]:
            c.case("%s_%s_%s" % (fn, dtype, tag(kw)), fn, [x], args_of(kw),
                   expect_of(f, x, dtype, **kw))

# Axis forms and keepdims, at float64 and int32.
x3 = values("float64", (2, 3, 4))
i3 = values("int32", (2, 3, 4))
AXES = [{"axis": 0}, {"axis": -1}, {"axis": (0, 2)}, {"axis": (-1, 0)},
        {"axis": ()}, {"keepdims": True}, {"axis": 1, "keepdims": True},
        {"axis": (0, 2), "keepdims": True}]
for fn in ["sum", "mean", "max", "any", "prod"]:
    for kw in AXES:
        for x, dt in [(x3, "float64"), (i3, "int32")]:
            c.case("%s_%s_%s" % (fn, dt, tag(kw)), fn, [x], args_of(kw),
                   expect_of(REDUCTIONS[fn], x, dt, **kw))

# 0-d and empty operands.
for fn, f in REDUCTIONS.items():
    c.case("%s_0d" % fn, fn, [np.array(2.5)], {}, expect_of(f, np.array(2.5),
                                                           "float64"))
    e = np.zeros((0, 3))
    for kw in [{}, {"axis": 0}, {"axis": 1}]:
        name = "%s_empty_%s" % (fn, tag(kw))
        try:
            with np.errstate(all="ignore"):
                import warnings
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    r = np.asarray(f(e, **kw))
        except ValueError:
            cls, msg = numpy_error(lambda: f(e, **kw))
            c.case(name, fn, [e], args_of(kw), raises=(cls, msg))
            continue
        c.case(name, fn, [e], args_of(kw), r)

# NaN: max/min propagate it, any/all count it as true.
nan = np.array([[1.0, np.nan, 3.0], [-np.inf, 2.0, 0.0]])
for fn in ["max", "min", "sum", "any", "all", "mean"]:
    for kw in [{}, {"axis": 0}, {"axis": 1}]:
        c.case("%s_nan_%s" % (fn, tag(kw)), fn, [nan], args_of(kw),
               expect_of(REDUCTIONS[fn], nan, "float64", **kw))
c.case("all_zero_and_nan", "all", [np.array([np.nan, -0.0])], {},
       np.asarray(np.all(np.array([np.nan, -0.0]))))

# argmax / argmin: first occurrence, first NaN.
ties = np.array([[3, 1, 3, 0], [2, 2, -1, -1], [0, 5, 5, 5]], np.int16)
for fn, f in [("argmax", np.argmax), ("argmin", np.argmin)]:
    for dtype in ["int16", "uint8", "float32", "float64", "bool", "float16",
                  "int64"]:
        x = ties.astype(dtype) if dtype != "uint8" else np.abs(ties).astype(
            dtype)
        for kw in [{}, {"axis": 0}, {"axis": 1}, {"axis": -1},
                   {"axis": 1, "keepdims": True}, {"keepdims": True}]:
            c.case("%s_%s_%s" % (fn, dtype, tag(kw)), fn, [x], kw,
                   np.asarray(f(x, **kw)))
    c.case("%s_nan" % fn, fn, [nan], {"axis": 1}, f(nan, axis=1))
    c.case("%s_nan_flat" % fn, fn, [nan], {}, np.asarray(f(nan)))
    c.case("%s_0d" % fn, fn, [np.array(4.0)], {}, np.asarray(f(4.0)))
    e = np.zeros((0, 3))
    cls, msg = numpy_error(lambda: f(e))
    c.case("%s_empty" % fn, fn, [e], {}, raises=(cls, msg))
    cls, msg = numpy_error(lambda: f(e, axis=0))
    c.case("%s_empty_axis0" % fn, fn, [e], {"axis": 0}, raises=(cls, msg))
    c.case("%s_empty_axis1" % fn, fn, [e], {"axis": 1},
           np.asarray(f(e, axis=1)))

# var / std: dyadic means (4 or 8 values along the axis), so exact.
for fn, f in [("var", np.var), ("std", np.std)]:
    for dtype in ["float64", "float32", "int16", "uint8", "bool", "complex128",
                  "float16", "complex64"]:
        x = values(dtype, (2, 8))
        for kw in [{}, {"axis": 1}, {"axis": 1, "ddof": 1},
                   {"axis": 1, "keepdims": True}]:
            c.case("%s_%s_%s" % (fn, dtype, tag(kw)), fn, [x], args_of(kw),
                   expect_of(f, x, dtype, **kw),
                   tol="rounding" if "ddof" in kw or fn == "std" else None)
    e = np.zeros((0, 4))
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            c.case("%s_empty" % fn, fn, [e], {}, np.asarray(f(e)))
            c.case("%s_ddof_too_big" % fn, fn, [values("float64", (2, 4))],
                   {"axis": 1, "ddof": 4},
                   f(values("float64", (2, 4)), axis=1, ddof=4))

# Errors.
a23 = np.ones((2, 3))
for fn, f in [("sum", np.sum), ("max", np.max), ("mean", np.mean),
              ("var", np.var)]:
    cls, msg = numpy_error(lambda: f(a23, axis=2))
    c.case("%s_axis_range" % fn, fn, [a23], {"axis": 2}, raises=(cls, msg))
    cls, msg = numpy_error(lambda: f(a23, axis=(0, 0)))
    c.case("%s_axis_repeated" % fn, fn, [a23], {"axes": (0, 0)},
           raises=(cls, msg))
# Long rows (max and min too, which reduce integer order keys of floats):
# an argmax over the innermost axis folds lanes of 64 elements
# apiece, then the lanes, then the elements after the last whole chunk
# (lengths around multiples of 64; under 128 the row folds whole); dtypes of
# up to 32 bits fold the lanes as integer keys. Values from {-2..2} tie
# across lanes and chunks; NaNs sit in the middle, late (the tail) or twice;
# a row of the fold's start value (-inf, the dtype's minimum) and one of the
# other extreme must give index 0; one row spans the dtype's range (floats:
# magnitudes across the exponents, both signs); two rows hold zeros of both
# signs, which tie (first -0.0, first 0.0). (A generator of their own leaves
# the other cases' values as they were.)
lanes_rng = np.random.default_rng(16)
for n in [17, 100, 127, 128, 129, 191, 256, 300]:
    for dtype in ["float32", "float64", "float16", "int32", "uint8", "int64",
                  "int8", "int16", "uint16", "uint32", "bool"]:
        x = lanes_rng.integers(-2, 3, size=(9, n))
        if dtype.startswith("uint") or dtype == "bool":
            x = np.abs(x)
        x = x.astype(dtype)
        if dtype.startswith("float"):
            x[1, n // 2] = x[2, n - 1] = x[3, 3] = x[3, n - 2] = np.nan
            lo, hi = -np.inf, np.inf
            info = np.finfo(dtype)
            exponents = lanes_rng.uniform(np.log2(info.tiny), info.maxexp - 1,
                                          n)
            signs = lanes_rng.choice([-1.0, 1.0], n)
            x[6, :] = (signs * np.exp2(exponents)).astype(dtype)
            x[7, :] = np.where(lanes_rng.random(n) < 0.5, -0.0, 0.0)
            x[8, :] = -x[7, :]
            x[7, 0], x[8, 0] = -0.0, 0.0
        elif dtype == "bool":
            lo, hi = False, True
            x[6, :] = lanes_rng.random(n) < 0.5
        else:
            lo, hi = np.iinfo(dtype).min, np.iinfo(dtype).max
            x[6, :] = lanes_rng.integers(lo, hi, n, dtype=dtype,
                                         endpoint=True)
        x[4, :] = lo
        x[5, :] = hi
        for fn, f in [("argmax", np.argmax), ("argmin", np.argmin),
                      ("max", np.max), ("min", np.min)]:
            # The sign of a max or min of zeros is NumPy's loop's (the first
            # zero in its scalar loop, either in its SIMD ones); tnp's is
            # IEEE's maximum's (-0.0 < 0.0): not the zero rows.
            rows = x if fn.startswith("arg") else x[:7]
            c.case("%s_rows%d_%s" % (fn, n, dtype), fn, [rows], {"axis": -1},
                   np.asarray(f(rows, axis=-1)))
            c.case("%s_flat%d_%s" % (fn, n, dtype), fn, [x[:, ::-1]], {},
                   np.asarray(f(x[:, ::-1])))
for fn, f in [("argmax", np.argmax), ("argmin", np.argmin)]:
    cls, msg = numpy_error(lambda: f(a23, axis=-3))
    c.case("%s_axis_range" % fn, fn, [a23], {"axis": -3}, raises=(cls, msg))

# The NaN-skipping reductions, count_nonzero and ptp: every dtype, axes and
# keepdims, NaN rows, all-NaN slices, empty operands.
EXTRA = {"nansum": np.nansum, "nanprod": np.nanprod, "nanmean": np.nanmean,
         "count_nonzero": np.count_nonzero, "ptp": np.ptp}
for fn, f in EXTRA.items():
    for dtype in DTYPES:
        x = values(dtype, (3, 4))
        if dtype in ("float16", "float32", "float64") and fn != "ptp":
            x[0, 1] = x[2, 3] = np.nan
        for kw in [{}, {"axis": 1}, {"axis": (0, 1), "keepdims": True}]:
            name = "%s_%s_%s" % (fn, dtype, tag(kw))
            if fn == "count_nonzero" and kw.get("keepdims"):
                kw = {"axis": (0, 1)}  # NumPy 1.24 has no keepdims here
            try:
                expect = expect_of(f, x, dtype, **kw)
            except TypeError:
                c.case(name, fn, [x], args_of(kw),
                       raises=numpy_error(lambda: f(np_values(x), **kw)))
                continue
            if fn == "count_nonzero":
                expect = np.asarray(expect, np.int64)
            if fn == "ptp" and dtype in COMPLEX:
                c.case(name, fn, [x], args_of(kw), raises=(
                    "NotImplementedError", "complex arrays (ordered "
                    "lexicographically by NumPy) are not supported"))
                continue
            # NumPy divides complex numbers by their count as products by
            # its reciprocal; tnp divides (a rounding apart).
            tol = "rounding" if fn == "nanmean" and dtype in COMPLEX else None
            c.case(name, fn, [x], args_of(kw), expect, tol=tol)
nan_rows = np.array([[np.nan, np.nan], [1.0, np.nan], [-0.0, 2.5]])
for fn in ["nansum", "nanprod", "nanmean"]:
    for kw in [{}, {"axis": 1}, {"axis": 0}]:
        c.case("%s_nan_rows_%s" % (fn, tag(kw)), fn, [nan_rows],
               args_of(kw), expect_of(EXTRA[fn], nan_rows, "float64", **kw))
    c.case("%s_empty" % fn, fn, [np.zeros((0, 2))], {"axis": 0},
           expect_of(EXTRA[fn], np.zeros((0, 2)), "float64", axis=0))
c.case("ptp_empty", "ptp", [np.zeros((0, 2))], {},
       raises=numpy_error(lambda: np.ptp(np.zeros((0, 2)))))

# average: no weights, full-shape and 1-d weights along an axis, integer
# data, and the errors.
a34 = values("float64", (3, 4))
i34 = values("int16", (3, 4))
w34 = np.abs(values("float32", (3, 4))) + 0.25
for x, dt in [(a34, "float64"), (i34, "int16"), (values("float32", (3, 4)),
                                                  "float32")]:
    for kw in [{}, {"axis": 1}, {"axis": 0, "keepdims": True}]:
        c.case("average_%s_%s" % (dt, tag(kw)), "average", [x], args_of(kw),
               expect_of(np.average, x, dt, **kw))
        c.case("average_weighted_%s_%s" % (dt, tag(kw)), "average", [x, w34],
               args_of(kw), np.asarray(np.average(x, weights=w34, **kw)))
    for axis, w in [(0, np.array([1, 2, 3], "int32")),
                    (-1, np.array([0.5, 0.0, 1.0, 2.0]))]:
        c.case("average_1d_weights_%s_%d" % (dt, axis), "average", [x, w],
               {"axis": axis}, np.average(x, axis=axis, weights=w))
for name, w, kw in [("no_axis", np.ones(4), {}),
                    ("2d", np.ones((2, 4)), {"axis": 1}),
                    ("length", np.ones(3), {"axis": 1}),
                    ("zero_sum", np.array([1.0, -1.0, 0.0, 0.0]),
                     {"axis": 1})]:
    c.case("average_error_" + name, "average", [a34, w], args_of(kw),
           raises=numpy_error(lambda: np.average(a34, weights=w, **kw)))

# diff: orders, axes, bool, prepend/append (scalars broadcast), empty.
for x, dt in [(values("float64", (3, 5)), "float64"),
              (values("int8", (3, 5)), "int8"),
              (values("bool", (3, 5)), "bool"),
              (values("uint8", (3, 5)), "uint8")]:
    for kw in [{}, {"n": 2}, {"n": 0}, {"axis": 0}, {"n": 7}]:
        c.case("diff_%s_%s" % (dt, tag(kw)), "diff", [x], kw,
               np.diff(x, **kw))
x = values("float32", (2, 3))
c.case("diff_prepend_scalar", "diff", [x, 1.5], {"prepend": 1},
       np.diff(x, prepend=1.5))
c.case("diff_append_array", "diff", [x, np.ones((1, 3), "float32")],
       {"append": 1, "axis": 0},
       np.diff(x, axis=0, append=np.ones((1, 3), "float32")))
c.case("diff_both", "diff", [x, 0.0, np.zeros((2, 1), "int32")],
       {"prepend": 1, "append": 1}, np.diff(x, prepend=0.0,
                                            append=np.zeros((2, 1), "int32")))
c.case("diff_0d", "diff", [np.array(1.0)], {},
       raises=numpy_error(lambda: np.diff(np.array(1.0))))
c.case("diff_negative", "diff", [x], {"n": -1},
       raises=numpy_error(lambda: np.diff(x, n=-1)))

# histogram: bin counts, data ranges, a given range (values outside it),
# weights, density, edges given, one-valued and empty data, NaN errors.
hdata = np.concatenate([rng.normal(0, 2, 200), [5.0, -5.0, 0.0]])
for x, dt in [(hdata, "float64"), (hdata.astype("float32"), "float32"),
              (rng.integers(-5, 6, 50).astype("int32"), "int32")]:
    for kw in [{}, {"bins": 7}, {"bins": 1}, {"bins": 4, "range": (-1, 2)},
               {"bins": 5, "density": True}]:
        npkw = dict(kw)
        args = {k: v for k, v in kw.items() if k != "range"}
        args.setdefault("bins", 10)
        if "range" in kw:
            args["lo"], args["hi"] = kw["range"]
        if "density" in kw:
            args["density"] = 1
        h, e = np.histogram(x, **npkw)
        c.case("histogram_%s_%s" % (dt, tag(args)), "histogram", [x], args,
               [h.astype(np.int64) if not kw.get("density") else h, e])
        c.case("histogram_bin_edges_%s_%s" % (dt, tag(args)),
               "histogram_bin_edges", [x],
               {k: v for k, v in args.items() if k != "density"},
               np.histogram_bin_edges(x, npkw.get("bins", 10),
                                      npkw.get("range")))
    # Eighths: float32 sums of them are exact in any order. With given edges
    # NumPy sums the weights cumulatively in float32 in the order of its
    # unstable argsort, whose order among tied values (integer data) varies
    # with NumPy's version and the CPU it dispatches for.
    w = (np.round(np.abs(rng.normal(size=x.shape)) * 8) / 8).astype("float32")
    h, e = np.histogram(x, bins=6, weights=w)
    c.case("histogram_weights_%s" % dt, "histogram", [x, w],
           {"bins": 6, "weights": 1}, [h, e])
    edges = np.array([-3.0, -1.0, 0.0, 0.5, 4.0])
    h, e = np.histogram(x, bins=edges)
    c.case("histogram_edges_%s" % dt, "histogram", [x, edges], {},
           [h.astype(np.int64), e])
    h, e = np.histogram(x, bins=edges, weights=w, density=True)
    c.case("histogram_edges_weights_density_%s" % dt, "histogram",
           [x, edges, w], {"weights": 1, "density": 1}, [h, e])
for x, name in [(np.full(4, 2.5), "one_value"), (np.zeros(0), "empty"),
                (np.array([[1, 2], [2, 3]]), "2d")]:
    h, e = np.histogram(x, bins=3)
    c.case("histogram_%s" % name, "histogram", [x], {"bins": 3},
           [h.astype(np.int64), e])
for name, x, args, f in [
        ("nan", np.array([1.0, np.nan]), {"bins": 3},
         lambda: np.histogram(np.array([1.0, np.nan]), 3)),
        ("bins0", hdata, {"bins": 0}, lambda: np.histogram(hdata, 0)),
        ("range_order", hdata, {"bins": 3, "lo": 2, "hi": 1},
         lambda: np.histogram(hdata, 3, (2, 1))),
        ("decreasing_edges", hdata, {},
         lambda: np.histogram(hdata, np.array([1.0, 0.0])))]:
    ops = [x] if "bins" in args else [x, np.array([1.0, 0.0])]
    c.case("histogram_error_" + name, "histogram", ops, args,
           raises=numpy_error(f))
for edges in [np.array([1.0]), np.zeros(0)]:
    h, e = np.histogram(hdata, edges)
    c.case("histogram_%d_edges" % len(edges), "histogram", [hdata, edges], {},
           [h.astype(np.int64), e])
c.case("histogram_error_2d_edges", "histogram", [hdata, np.ones((2, 2))], {},
       raises=("ValueError", "`bins` must be 1d, when an array"))
c.case("histogram_error_weights", "histogram", [hdata, np.ones(3)],
       {"bins": 3, "weights": 1},
       raises=("ValueError", "weights should have the same shape as a."))

c.write()
