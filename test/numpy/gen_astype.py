"""Cases for ndarray.astype across all 15 x 15 dtype pairs (NumPy's unsafe
casting): integers wrap, floats truncate toward zero, complex drops the
imaginary part, anything nonzero (NaN too) is True. Float-to-integer
values stay in the target's range, as NumPy's out-of-range result is the
platform's (x86 and ARM differ); integers too large for a float round to
nearest even. bfloat16 has no NumPy dtype: its values are float32 files,
and its references are rounded to bfloat16 once, from the exact value.
"""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (BF16, DTYPES, INTS, Cases, outdir_from_argv,  # noqa: E402
                    round_bfloat16)

c = Cases(outdir_from_argv())


def kind(dtype):
    return "f" if dtype == "bfloat16" else np.dtype(dtype).kind


def source_values(src, dst):
    """Values of src whose cast to dst NumPy defines."""
    k, dk = kind(src), kind(dst)
    if k == "b":
        return np.array([True, False, True, True, False, False])
    if k in "iu":
        info = np.iinfo(src)
        v = [0, 1, 2, 100, info.max, info.min, info.max - 1,
             max(info.min, -3), min(info.max, 300), min(info.max, 70000)]
        if dk == "f" and src in ("int64", "uint64", "uint32", "int32") and \
                dst in ("float16", "bfloat16"):
            # Integers beyond float32's 24 bits would round twice in NumPy
            # (through float32 or float64); keep those to float32/float64.
            v = [x for x in v if abs(x) < 2 ** 24]
        return np.array(v, dtype=src)
    fdt = "float32" if src == "bfloat16" else src
    if dk in "iu":
        info = np.iinfo(dst)
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        if src == "float16":
            hi = min(hi, 2048)
        v = np.array([0.0, -0.0, 0.5, 0.99, 1.0, 2.7, lo, hi, lo + 0.7,
                      hi - 0.7, 42.25, float(np.floor(hi / 3))])
        if info.min < 0:
            v = np.concatenate([v, [-0.5, -2.7, -41.9]])
    elif dk == "b":
        v = np.array([0.0, -0.0, np.nan, np.inf, -1e-3, 2.5, 1e-30])
    else:
        big = {"float16": 6e4, "float32": 3e38, "float64": 1e300,
               "complex64": 3e38, "complex128": 1e300}[fdt]
        v = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1.0, -2.5,
                      1 / 3, big, -big, 1e-3, 65519.0, 65521.0, 1e-8,
                      3.0e38])
    if k == "c":
        v = v + 1j * np.linspace(-2, 2, len(v))
    with np.errstate(all="ignore"):
        v = v.astype(fdt)
    if src == "bfloat16":
        return BF16(v)
    return v


def to_bfloat16(x):
    """x (any real dtype) rounded once to bfloat16, as float32."""
    x = np.asarray(x)
    if x.dtype.kind == "c":
        x = x.real
    if x.dtype.kind == "b":
        x = x.astype(np.float64)
    if x.dtype.kind in "iu":
        # Exact in float128's 64-bit significand, where float64 is not.
        x = x.astype(np.longdouble)
    m, e = np.frexp(x)
    r = np.ldexp(np.round(m * 256) / 256, e)  # 8 significant bits, even ties
    with np.errstate(over="ignore"):
        out = np.where(np.isfinite(x), r, x).astype(np.float32)
    big = np.abs(np.where(np.isfinite(out), out, 0)) > 3.3895314e38
    return np.where(big, np.copysign(np.inf, out), out).astype(np.float32)


for src in DTYPES:
    for dst in DTYPES:
        x = source_values(src, dst)
        xv = x.values if isinstance(x, BF16) else x
        with np.errstate(all="ignore"):
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # ComplexWarning
                if dst == "bfloat16":
                    expect = BF16(to_bfloat16(xv))
                else:
                    expect = xv.astype(dst)
        c.case("astype_%s_%s" % (src, dst), "astype", [x], {"dtype": dst},
               expect)

# 0-d, empty and 2-d operands.
for shape in [(), (0,), (2, 0), (2, 3)]:
    x = np.arange(np.prod(shape, dtype=int), dtype=np.float32).reshape(shape)
    name = "x".join(map(str, shape)) or "0d"
    c.case("astype_shape_%s" % name, "astype", [x], {"dtype": "int16"},
           x.astype(np.int16))
    c.case("astype_shape_%s_bool" % name, "astype", [x], {"dtype": "bool"},
           x.astype(np.bool_))

# Integer wraparound across widths and signs.
wrap = np.array([-129, 128, 255, 256, -1, 65535, 65536, 2 ** 31, -2 ** 31 - 1],
                np.int64)
for dst in INTS:
    c.case("astype_wrap_int64_%s" % dst, "astype", [wrap], {"dtype": dst},
           wrap.astype(dst))

# finfo and iinfo (each field a 0-d float64 or int64 array, in
# registry.cpp's order), promote_types and issubdtype against NumPy's.
FINFO = ["bits", "eps", "epsneg", "max", "min", "tiny", "smallest_normal",
         "smallest_subnormal", "resolution", "precision", "nmant", "nexp",
         "maxexp", "minexp"]
for dtype in ["float16", "float32", "float64", "complex64", "complex128"]:
    f = np.finfo(dtype)
    c.case("finfo_" + dtype, "finfo", [], {"dtype": dtype},
           [np.asarray(getattr(f, k), np.float64) for k in FINFO])
# bfloat16's, from its format (8 exponent and 7 mantissa bits).
c.case("finfo_bfloat16", "finfo", [], {"dtype": "bfloat16"},
       [np.asarray(v, np.float64) for v in
        [16, 2.0 ** -7, 2.0 ** -8, (2 - 2.0 ** -7) * 2.0 ** 127,
         -(2 - 2.0 ** -7) * 2.0 ** 127, 2.0 ** -126, 2.0 ** -126,
         2.0 ** -133, float(round_bfloat16(np.float32(0.01))), 2, 7, 8, 128,
         -126]])
for dtype in ["int8", "bool", "uint64"]:
    try:
        np.finfo(dtype)
    except ValueError as e:
        c.case("finfo_error_" + dtype, "finfo", [], {"dtype": dtype},
               raises=("ValueError", str(e)))
for dtype in INTS:
    i = np.iinfo(dtype)
    c.case("iinfo_" + dtype, "iinfo", [], {"dtype": dtype},
           [np.asarray(i.bits, np.int64), np.asarray(i.min, np.int64),
            np.asarray(i.max, np.uint64)])
for dtype in ["float32", "bool", "complex64"]:
    try:
        np.iinfo(dtype)
    except ValueError as e:
        c.case("iinfo_error_" + dtype, "iinfo", [], {"dtype": dtype},
               raises=("ValueError", str(e)))
NP_DTYPES = [d for d in DTYPES if d != "bfloat16"]
for a in NP_DTYPES:
    for b in NP_DTYPES:
        c.case("promote_types_%s_%s" % (a, b), "promote_types", [],
               {"a": a, "b": b},
               np.zeros((), np.promote_types(a, b)))
KINDS = ["generic", "number", "integer", "signedinteger", "unsignedinteger",
         "inexact", "floating", "complexfloating"]
for a in NP_DTYPES + KINDS:
    for b in NP_DTYPES + KINDS:
        left = getattr(np, a) if a in KINDS else np.dtype(a)
        right = getattr(np, b) if b in KINDS else np.dtype(b)
        c.case("issubdtype_%s_%s" % (a, b), "issubdtype", [],
               {"a": a, "b": b}, np.asarray(np.issubdtype(left, right)))
for kind in KINDS:
    c.case("issubdtype_bfloat16_" + kind, "issubdtype", [],
           {"a": "bfloat16", "b": kind},
           np.asarray(kind in ("generic", "number", "inexact", "floating")))

c.write()
