"""Cases for tnp's reductions (reductions.h): sum, prod, mean, max, min,
argmax, argmin, any, all, std, var with axis (None, int, tuple, negative)
and keepdims, over the dtypes, 0-d and empty operands, NaN, and their
errors.

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
for fn, f in [("argmax", np.argmax), ("argmin", np.argmin)]:
    cls, msg = numpy_error(lambda: f(a23, axis=-3))
    c.case("%s_axis_range" % fn, fn, [a23], {"axis": -3}, raises=(cls, msg))

c.write()
