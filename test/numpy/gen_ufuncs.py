"""Cases for tnp's ufuncs (math.h): every unary and binary function over the
15 dtypes where NumPy has the loop (a TypeError case where it has none),
NumPy's promotion of mixed array dtypes, C++ scalars as weak literals,
operators, where/clip, broadcasting, 0-d and size-0 operands, NaN, inf and
signed zeros, integer division by zero and the signs of floor_divide and
remainder.

Kernels compile on first use, one per (function, dtypes, rank): the sweeps
use one 1-d shape, and the shapes vary only in cases of their own.
"""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (  # noqa: E402
    BF16, COMPLEX, DTYPES, FLOATS, INTS, NUMPY_DTYPES, Cases, Literal,
    numpy_error, outdir_from_argv, round_bfloat16)

c = Cases(outdir_from_argv())
rng = np.random.default_rng(20240611)
N = 16  # elements of the sweeps' 1-d operands

# angle is atan2 of the parts: NumPy's own atan2 (SVML's on AVX-512 CPUs)
# and libm's, which tnp calls, differ in the last ulp.
TRANSCENDENTAL = {"exp", "expm1", "log", "log1p", "tanh", "sin", "cos",
                  "power", "arctan2", "logistic", "tan", "arcsin", "arccos",
                  "arctan", "sinh", "cosh", "arcsinh", "arccosh", "arctanh",
                  "log2", "log10", "exp2", "cbrt", "deg2rad", "rad2deg",
                  "sinc", "hypot", "logaddexp", "logaddexp2", "float_power",
                  "angle"}

# Each function's NumPy counterpart (the logistic function: scipy's expit).
UNARY = {
    "negative": np.negative, "absolute": np.absolute, "abs": np.abs,
    "sign": np.sign, "exp": np.exp, "expm1": np.expm1, "log": np.log,
    "log1p": np.log1p, "sqrt": np.sqrt, "square": np.square,
    "tanh": np.tanh, "sin": np.sin, "cos": np.cos, "floor": np.floor,
    "ceil": np.ceil, "round": np.round, "logical_not": np.logical_not,
    "invert": np.invert, "tan": np.tan, "arcsin": np.arcsin,
    "arccos": np.arccos, "arctan": np.arctan, "sinh": np.sinh,
    "cosh": np.cosh, "arcsinh": np.arcsinh, "arccosh": np.arccosh,
    "arctanh": np.arctanh, "log2": np.log2, "log10": np.log10,
    "exp2": np.exp2, "cbrt": np.cbrt, "positive": np.positive,
    "fabs": np.fabs, "reciprocal": np.reciprocal, "deg2rad": np.deg2rad,
    "rad2deg": np.rad2deg, "fix": np.fix, "sinc": np.sinc, "isnan": np.isnan,
    "isinf": np.isinf, "isfinite": np.isfinite, "isposinf": np.isposinf,
    "isneginf": np.isneginf, "real": np.real, "imag": np.imag,
    "conjugate": np.conjugate, "conj": np.conj, "angle": np.angle,
    "signbit": np.signbit, "iscomplex": np.iscomplex, "isreal": np.isreal,
    "bitwise_not": np.bitwise_not,
}
# NumPy has complex loops for these; tnp raises NotImplementedError.
NO_COMPLEX_YET = {"arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh",
                  "arccosh", "arctanh"}
BINARY = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
    "divide": np.divide, "true_divide": np.true_divide,
    "floor_divide": np.floor_divide, "remainder": np.remainder,
    "mod": np.mod, "power": np.power, "maximum": np.maximum,
    "minimum": np.minimum, "arctan2": np.arctan2,
    "logical_and": np.logical_and, "logical_or": np.logical_or,
    "logical_xor": np.logical_xor, "bitwise_and": np.bitwise_and,
    "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor,
    "equal": np.equal, "not_equal": np.not_equal, "less": np.less,
    "less_equal": np.less_equal, "greater": np.greater,
    "greater_equal": np.greater_equal, "hypot": np.hypot,
    "logaddexp": np.logaddexp, "logaddexp2": np.logaddexp2,
    "heaviside": np.heaviside, "float_power": np.float_power,
    "nextafter": np.nextafter, "gcd": np.gcd, "lcm": np.lcm,
}
# Functions that are aliases of another: checked at fewer dtypes.
ALIASES = {"abs", "true_divide", "mod", "conj", "bitwise_not"}


# Complex ops that are formulas of several real roundings.
COMPLEX_ROUNDING = {"multiply", "divide", "true_divide", "absolute", "abs",
                    "reciprocal",
                    "sqrt", "sign", "square", "op*", "op/", "op*=", "op/="}


def tol_of(fn, operands=()):
    """The checker's tolerance column for fn (numpy_check.cpp)."""
    if fn in TRANSCENDENTAL:
        return "transcendental"
    if fn in COMPLEX_ROUNDING and any(
            np.asarray(np_array(x)).dtype.kind == "c" or
            isinstance(np_array(x), complex) for x in operands):
        return "rounding"
    return None


# --- operand values ----------------------------------------------------------

FLOAT_SPECIALS = [np.nan, np.inf, -np.inf, 0.0, -0.0]


def ints(dtype, n, low=None, high=None):
    info = np.iinfo(dtype)
    lo = info.min if low is None else max(low, info.min)
    hi = info.max if high is None else min(high, info.max)
    v = rng.integers(lo, hi, size=n, endpoint=True, dtype=np.int64
                     if dtype != "uint64" else np.uint64)
    return v.astype(dtype)


def values(dtype, domain, n=N):
    """n values of dtype for a domain: "any" (extremes and specials too),
    "small", "positive", "exp", "trig", "tanh", "int_exponent"."""
    if dtype == "bool":
        return np.array([True, False] * (n // 2) + [True] * (n % 2))
    if dtype in INTS:
        info = np.iinfo(dtype)
        if domain == "any":
            edge = [info.min, info.max, 0, 1]
            if info.min < 0:
                edge += [-1]
            v = np.concatenate([np.array(edge, dtype=dtype),
                                ints(dtype, n - len(edge))])
            return v
        if domain == "int_exponent":
            return ints(dtype, n, 0, 4)
        if domain == "trig_int":
            return ints(dtype, n, -3, 3)
        if domain == "positive":
            return ints(dtype, n, 1, 50)
        return ints(dtype, n, -10, 10)
    if dtype in COMPLEX:
        re = rng.uniform(-3, 3, n).round(2)
        im = rng.uniform(-3, 3, n).round(2)
        if domain in ("positive",):
            re = np.abs(re) + 0.25
        v = (re + 1j * im).astype(dtype)
        v[0] = 0 if domain != "positive" else 1
        return v
    # Floats (and bfloat16, through float32).
    fdt = "float32" if dtype == "bfloat16" else dtype
    big = {"float16": 6e4, "float32": 3e38, "float64": 1e308}[fdt]
    if domain == "any":
        body = rng.uniform(-100, 100, n - 9).round(2)
        v = np.array(FLOAT_SPECIALS + [0.5, -2.5, big, -big / 3] +
                     list(body))
    elif domain == "small":
        v = np.concatenate([[0.0, -0.0, 0.5, -1.5, 2.5],
                            rng.uniform(-10, 10, n - 5).round(3)])
    elif domain == "positive":
        v = np.concatenate([[np.nan, np.inf, 0.0, -1.0, 1.0],
                            np.exp(rng.uniform(-8, 8, n - 5))])
    elif domain == "log1p":
        v = np.concatenate([[np.nan, np.inf, -1.0, -2.0, 0.0, 1e-5],
                            rng.uniform(-0.99, 50, n - 6)])
    elif domain == "exp":
        lim = {"float16": 10, "float32": 80, "float64": 700}[fdt]
        v = np.concatenate([[np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-4],
                            rng.uniform(-lim, lim, n - 6)])
    elif domain == "trig":
        # Near zero (sin_large_float32 and cos_large_float32 check beyond).
        v = np.concatenate([[np.nan, np.inf, -np.inf, 0.0, -0.0],
                            rng.uniform(-np.pi, np.pi, n - 5)])
    elif domain == "unit":
        # [-1, 1] and its edges, and beyond it (NaN).
        v = np.concatenate([[np.nan, np.inf, -1.0, 1.0, 0.0, -0.0, 1.5],
                            rng.uniform(-1, 1, n - 7)])
    elif domain == "tanh":
        v = np.concatenate([[np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-4],
                            rng.uniform(-20, 20, n - 6)])
    else:
        raise ValueError(domain)
    with np.errstate(over="ignore"):
        v = v.astype(fdt)
    return BF16(v) if dtype == "bfloat16" else v


UNARY_DOMAIN = {
    "exp": "exp", "expm1": "exp", "log": "positive", "log1p": "log1p",
    "sqrt": "positive", "tanh": "tanh", "sin": "trig", "cos": "trig",
    "logistic": "exp", "tan": "trig", "arcsin": "unit", "arccos": "unit",
    "arctan": "tanh", "sinh": "exp", "cosh": "exp", "arcsinh": "tanh",
    "arccosh": "positive", "arctanh": "unit", "log2": "positive",
    "log10": "positive", "exp2": "exp", "cbrt": "any", "sinc": "small",
}


def domain_for(fn, dtype):
    if fn in UNARY_DOMAIN and (dtype in FLOATS or dtype in COMPLEX or
                               dtype == "bfloat16"):
        return UNARY_DOMAIN[fn]
    if fn in ("sin", "cos", "tan", "arcsin", "arccos", "arctanh"):
        return "trig_int"
    if fn in UNARY_DOMAIN:
        return "positive" if UNARY_DOMAIN[fn] == "positive" else "small"
    return "any"


# --- NumPy's results -----------------------------------------------------------

def np_array(x):
    if isinstance(x, Literal):
        return x.value
    return x.values if isinstance(x, BF16) else x


def logistic(x):
    return 1 / (1 + np.exp(-x))


def call(f, *xs):
    """NumPy's result of f: bfloat16 operands compute in float32 and round
    to bfloat16 (NumPy has no bfloat16)."""
    with np.errstate(all="ignore"):
        r = f(*[np_array(x) for x in xs])
    if any(isinstance(x, BF16) for x in xs) and r.dtype == np.float32:
        return BF16(round_bfloat16(r))
    return r


def loop_error(fname):
    """The TypeError of a ufunc without a loop: NumPy's class, and the
    ufunc's name, which both wordings ("not supported for the input types",
    "did not contain a loop with signature matching types") quote; the exact
    wording is gen_errors.py's business."""
    return ("TypeError", "ufunc '%s'" % fname)


def add_case(name, fn, f, operands, fname=None, tol=None, skip=""):
    """A case from NumPy's result, or NumPy's TypeError."""
    tol = tol or tol_of(fn, operands)
    try:
        expect = call(f, *operands)
    except TypeError as e:
        cls, msg = numpy_error(lambda: call(f, *operands))
        if "ufunc" in msg:
            cls, msg = loop_error(fname or fn)
        c.case(name, fn, operands, raises=(cls, msg), skip=skip)
        return
    c.case(name, fn, operands, expect=expect, tol=tol, skip=skip)


# --- unary sweep -------------------------------------------------------------

for fn, f in list(UNARY.items()) + [("logistic", logistic)]:
    for dtype in DTYPES:
        if fn in ALIASES and dtype not in ("int8", "float32", "complex128"):
            continue
        if fn == "logistic" and dtype not in FLOATS + ["bfloat16"]:
            continue
        x = values(dtype, domain_for(fn, dtype))
        if fn in NO_COMPLEX_YET and dtype in COMPLEX:
            c.case("%s_%s" % (fn, dtype), fn, [x],
                   raises=("NotImplementedError",
                           "complex arrays are not supported yet"))
            continue
        if fn == "reciprocal" and dtype in INTS:
            x = np.where(x == 0, np.asarray(1, x.dtype), x)  # C's 1/0
        if fn == "sign" and not isinstance(x, BF16) and x.dtype.kind == "f":
            x = np.where(x == 0, np.zeros_like(x), x)  # sign_signed_zero_*
        if fn == "sign" and isinstance(x, BF16):
            x = BF16(np.where(x.values == 0, 0, x.values))
        add_case("%s_%s" % (fn, dtype), fn, f, [x],
                 fname=getattr(f, "__name__", fn))

# Round halves to even.
halves = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.5, -3.49], np.float64)
for dtype in ["float16", "float32", "float64"]:
    add_case("round_halves_%s" % dtype, "round", np.round,
             [halves.astype(dtype)])


# --- binary sweep ------------------------------------------------------------

def binary_operands(fn, dtype):
    if fn == "power":
        if dtype in INTS:
            return values(dtype, "small"), values(dtype, "int_exponent")
        if dtype == "bool":
            return values(dtype, "any"), values(dtype, "any")[::-1].copy()
        if dtype in COMPLEX:
            return values(dtype, "positive"), values(dtype, "small") / 2
        base = np.concatenate([[0.0, 2.0, -2.0, -0.5, np.nan, 1.0, np.inf, 4.0],
                               rng.uniform(0.1, 10, N - 8)])
        ex = np.concatenate([[0.0, 3.0, 3.0, -2.0, 0.0, np.nan, -1.0, 0.5],
                             rng.uniform(-3, 3, N - 8).round(2)])
        if dtype == "bfloat16":
            return BF16(base), BF16(ex)
        return base.astype(dtype), ex.astype(dtype)
    if fn == "arctan2":
        # (±0, ±0) has cases of its own (arctan2_zeros_*).
        y = np_array(values(dtype, "small"))
        x = rng.permutation(np_array(values(dtype, "small")))
        x = np.where((y == 0) & (x == 0), np.asarray(1, x.dtype), x)
        if dtype == "bfloat16":
            return BF16(y), BF16(x)
        return y, x
    if fn == "lcm":
        # Products that fit: NumPy's C loops overflow as C does, by width.
        a = np_array(values(dtype, "small"))
        b = a[::-1].copy()
        return (BF16(a), BF16(b)) if dtype == "bfloat16" else (a, b)
    divides = fn in ("divide", "true_divide", "floor_divide", "remainder",
                     "mod")
    a = np_array(values(dtype, "any"))
    b = rng.permutation(np_array(values(dtype, "small" if divides else "any")))
    if fn in ("maximum", "minimum") and a.dtype.kind in "fc":
        # NumPy's choice between +0 and -0 at a tie is its SIMD code's, not
        # IEEE's: keep zeros from meeting.
        b = np.where((a == 0) & (b == 0), np.asarray(1, b.dtype), b)
    if dtype == "bfloat16":
        return BF16(a), BF16(b)
    return a, b


for fn, f in BINARY.items():
    for dtype in DTYPES:
        if fn in ALIASES and dtype not in ("int8", "float32", "complex128"):
            continue
        if fn == "nextafter" and dtype == "bfloat16":
            continue  # NumPy has no bfloat16 steps: nextafter_bfloat16
        a, b = binary_operands(fn, dtype)
        add_case("%s_%s" % (fn, dtype), fn, f, [a, b], fname=f.__name__)

# isclose, allclose, array_equal: tolerances, infinities, NaN, signed zeros,
# mixed dtypes, broadcasting, 0-d and empty operands.
ca = np.array([1.0, 1e10, 1e-8, np.inf, -np.inf, np.nan, 0.0, 2.0, np.inf])
cb = np.array([1.0 + 1e-6, 1.00001e10, 1e-9, np.inf, np.inf, np.nan, -0.0,
               2.1, 1.0])
for label, kw in [("default", {}), ("rtol", {"rtol": 0.1}),
                  ("atol", {"atol": 0.2}), ("equal_nan", {"equal_nan": 1})]:
    npkw = {k: bool(v) if k == "equal_nan" else v for k, v in kw.items()}
    c.case("isclose_" + label, "isclose", [ca, cb], kw,
           np.isclose(ca, cb, **npkw))
    c.case("allclose_" + label, "allclose", [ca[:3], cb[:3]], kw,
           np.asarray(np.allclose(ca[:3], cb[:3], **npkw)))
for da, db in [("int32", "float32"), ("float32", "int64"), ("bool", "bool"),
               ("complex64", "float64"), ("float16", "float16"),
               ("uint8", "int8")]:
    x = np_array(values(da, "small"))
    y = np_array(values(db, "small"))
    c.case("isclose_%s_%s" % (da, db), "isclose", [x, y], {},
           np.isclose(x, y))
    c.case("array_equal_%s_%s" % (da, db), "array_equal", [x, x.astype(db)],
           {}, np.asarray(np.array_equal(x, x.astype(db))))
col = rng.uniform(-1, 1, (3, 1))
c.case("isclose_broadcast", "isclose", [col, col.T], {"atol": 0.5},
       np.isclose(col, col.T, atol=0.5))
c.case("isclose_0d", "isclose", [np.array(1.0), np.array(1.0 + 1e-9)], {},
       np.isclose(np.array(1.0), np.array(1.0 + 1e-9)))
c.case("isclose_empty", "isclose", [np.zeros((0, 2)), np.zeros((0, 2))], {},
       np.isclose(np.zeros((0, 2)), np.zeros((0, 2))))
c.case("allclose_empty", "allclose", [np.zeros(0), np.zeros(0)], {},
       np.asarray(np.allclose(np.zeros(0), np.zeros(0))))
c.case("allclose_broadcast", "allclose", [col, np.array(0.0)],
       {"atol": 1.0}, np.asarray(np.allclose(col, 0.0, atol=1.0)))
nan = np.array([1.0, np.nan])
for eq in [0, 1]:
    c.case("array_equal_nan_%d" % eq, "array_equal", [nan, nan],
           {"equal_nan": eq},
           np.asarray(np.array_equal(nan, nan, equal_nan=bool(eq))))
c.case("array_equal_shapes", "array_equal", [np.ones(3), np.ones((1, 3))],
       {}, np.asarray(np.array_equal(np.ones(3), np.ones((1, 3)))))
c.case("array_equal_differs", "array_equal", [ca[:3], cb[:3]], {},
       np.asarray(np.array_equal(ca[:3], cb[:3])))

# Integer division by zero (NumPy: 0, with a warning), the most negative
# value over -1, and floor_divide/remainder signs for every sign pair.
for dtype in ["int8", "int32", "int64", "uint8", "uint64"]:
    info = np.iinfo(dtype)
    if info.min < 0:
        a = np.array([7, -7, 7, -7, 0, 5, info.min, info.min, 6, -6],
                     dtype)
        b = np.array([2, 2, -2, -2, 3, 0, -1, 1, 0, 3], dtype)
    else:
        a = np.array([7, 0, 5, info.max, 9, 1], dtype)
        b = np.array([2, 3, 0, 0, 9, info.max], dtype)
    for fn in ["floor_divide", "remainder"]:
        add_case("%s_signs_%s" % (fn, dtype), fn, BINARY[fn], [a, b])
fa = np.array([7.5, -7.5, 7.5, -7.5, 0.0, -0.0, 5.0, -5.0, 1.0, np.inf,
               6.0, -6.0])
fb = np.array([2.0, 2.0, -2.0, -2.0, 3.0, 3.0, 0.0, 0.0, np.inf, 2.0,
               -3.0, 3.0])
for dtype in FLOATS:
    for fn in ["floor_divide", "remainder"]:
        add_case("%s_signs_%s" % (fn, dtype), fn, BINARY[fn],
                 [fa.astype(dtype), fb.astype(dtype)])
    add_case("divide_by_zero_%s" % dtype, "divide", np.divide,
             [fa.astype(dtype), fb.astype(dtype)])

# NaN propagates through maximum and minimum, from either side.
na = np.array([np.nan, 1.0, np.nan, -np.inf, 2.0])
nb = np.array([1.0, np.nan, np.nan, 3.0, np.inf])
for dtype in ["float16", "float32", "float64"]:
    for fn in ["maximum", "minimum"]:
        add_case("%s_nan_%s" % (fn, dtype), fn, BINARY[fn],
                 [na.astype(dtype), nb.astype(dtype)])


# --- mixed dtypes ---------------------------------------------------------------

def promo_values(dtype, n=6):
    """Values every dtype holds exactly (so only the dtype is at stake)."""
    base = [0, 1, 2, 3, 5, 7] if dtype in ("bool",) or dtype.startswith(
        "uint") else [0, 1, -2, 3, -5, 7]
    if dtype == "bool":
        return np.array([False, True, True, False, True, True])
    v = np.array(base[:n])
    if dtype in FLOATS or dtype in COMPLEX:
        v = v + 0.5
    if dtype in COMPLEX:
        v = v - 1j * v
    return v.astype(dtype)


for da in NUMPY_DTYPES:
    for db in NUMPY_DTYPES:
        if da == db:
            continue
        add_case("add_%s_%s" % (da, db), "add", np.add,
                 [promo_values(da), promo_values(db)])

PAIRS = [("int8", "uint8"), ("int64", "uint64"), ("int16", "float16"),
         ("uint32", "float32"), ("int8", "float16"), ("complex64", "float64"),
         ("bool", "int8"), ("bool", "float16"), ("uint64", "int8"),
         ("int32", "float32")]
for fn in ["multiply", "divide", "floor_divide", "less", "maximum", "power",
           "bitwise_or", "equal"]:
    for da, db in PAIRS:
        a, b = promo_values(da), promo_values(db)
        if fn == "power":
            b = np.abs(b)
        add_case("%s_%s_%s" % (fn, da, db), fn, BINARY[fn], [a, b],
                 tol=tol_of(fn))

# bfloat16 meets the floats that contain it (NumPy has no rule for others).
bf = BF16(np.array([1.5, -2.0, 0.25, 3.0, np.nan, -0.0]))
for other in ["float32", "float64"]:
    o = np.array([0.5, 1.0, -4.0, 2.25, 1.0, 0.0], other)
    c.case("add_bfloat16_%s" % other, "add", [bf, o],
           expect=np.add(bf.values, o))
    c.case("add_%s_bfloat16" % other, "add", [o, bf],
           expect=np.add(o, bf.values))


# --- C++ scalars as weak literals -----------------------------------------------

def literal_case(fn, f, dtype, literal, left=False, tol=None):
    x = values(dtype, "small" if fn != "power" else "int_exponent"
               if dtype in INTS else "small")
    if fn == "power" and dtype in INTS and not left:
        x = values(dtype, "small")
    name = "%s_%s_%s%s" % (fn, dtype, type(literal).__name__,
                           "_left" if left else "")
    if name in c.names:
        name += "_%r" % literal
    lit = Literal(literal)
    ops = [lit, x] if left else [x, lit]
    add_case(name, fn, f, ops, tol=tol)


LITERAL_OPS = ["add", "subtract", "multiply", "divide", "floor_divide",
               "remainder", "power", "maximum", "less", "equal"]
for fn in LITERAL_OPS:
    for dtype in DTYPES:
        literal_case(fn, BINARY[fn], dtype, 3, tol=tol_of(fn))
for fn in ["add", "multiply", "less"]:
    for dtype in DTYPES:
        literal_case(fn, BINARY[fn], dtype, -1.25, tol=tol_of(fn))
for dtype in DTYPES:
    literal_case("add", np.add, dtype, 1 - 2j)
    literal_case("multiply", np.multiply, dtype, True)
for dtype in ["int8", "uint8", "int32", "float16", "float32", "bool"]:
    literal_case("subtract", np.subtract, dtype, 2, left=True)
    literal_case("divide", np.divide, dtype, 3, left=True)
    literal_case("power", np.power, dtype, 2, left=True,
                 tol="transcendental")
# Values out of the array dtype's range: NumPy 1.24 widens by the value
# (int8 + 1000 is int16), and so does tnp's numpy mode.
for dtype, lit in [("int8", 1000), ("uint8", -1), ("uint8", 300),
                   ("int16", 70000), ("float16", 1e5), ("uint32", -5)]:
    literal_case("add", np.add, dtype, lit)


# --- operators -----------------------------------------------------------------

OPERATORS = {
    "op+": np.add, "op-": np.subtract, "op*": np.multiply, "op/": np.divide,
    "op%": np.remainder, "op&": np.bitwise_and, "op|": np.bitwise_or,
    "op^": np.bitwise_xor, "op==": np.equal, "op!=": np.not_equal,
    "op<": np.less, "op<=": np.less_equal, "op>": np.greater,
    "op>=": np.greater_equal, "op+=": np.add, "op-=": np.subtract,
    "op*=": np.multiply, "op/=": np.divide,
}
for op, f in OPERATORS.items():
    for dtype in ["int32", "uint8", "float64", "bool"]:
        a = values(dtype, "any")
        b = values(dtype, "small")
        add_case("%s_%s" % (op, dtype), op, f, [a, b], fname=f.__name__)
    for lit in [2, 0.5]:
        a = values("int16", "small")
        name = "%s_int16_%s" % (op, type(lit).__name__)
        add_case(name, op, f, [a, Literal(lit)], fname=f.__name__)
def positive(x):
    # Python's +x: NumPy 1.24 copies a bool array (with a warning).
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return +x


for op, f in [("op-x", np.negative), ("op+x", positive),
              ("op~x", np.invert), ("op!x", np.logical_not)]:
    for dtype in ["int8", "uint16", "float32", "bool"]:
        add_case("%s_%s" % (op, dtype), op, f, [values(dtype, "any")],
                 fname=f.__name__)


# --- where and clip -------------------------------------------------------------

cond = np.array([True, False, True, True, False, False])
cond_int = np.array([0, 3, -1, 0, 2, 0], np.int16)
xf = np.array([1.5, np.nan, -2.0, np.inf, 0.0, -0.0], np.float32)
yi = np.array([7, -8, 9, 10, -11, 12], np.int16)
add_case("where_bool_f32_i16", "where", np.where, [cond, xf, yi])
add_case("where_int_cond", "where", np.where, [cond_int, yi, xf])
add_case("where_float_cond", "where", np.where,
         [np.array([0.0, np.nan, -0.0, 2.0, 0.0, 1e-30]), yi, yi[::-1].copy()])
add_case("where_broadcast", "where", np.where,
         [cond.reshape(6, 1), np.arange(3, dtype=np.float64),
          np.float64(-1).reshape(())])
for dtype in ["int8", "uint8", "float32", "bool"]:
    x = values(dtype, "small", 6)
    with np.errstate(all="ignore"):
        got = np.where(cond, x, 0)
    c.case("where_%s_literal" % dtype, "where", [cond, x, Literal(0)],
           expect=got)
c.case("where_0d", "where", [np.array(True), np.array(1.0), np.array(2.0)],
       expect=np.where(np.array(True), 1.0, 2.0))

clip_a = np.array([-5, -1, 0, 3, 8, 12], np.int32)
add_case("clip_int32_literals", "clip", np.clip,
         [clip_a, Literal(0), Literal(8)])
add_case("clip_float_arrays", "clip", np.clip,
         [np.array([np.nan, -3.0, 0.5, 9.0, -0.0, 2.0]),
          np.array([0.0, 0.0, 1.0, 1.0, -1.0, np.nan]),
          np.array([1.0, 2.0, 2.0, 5.0, 1.0, 3.0])])
add_case("clip_lo_above_hi", "clip", np.clip,
         [clip_a, Literal(5), Literal(2)])
add_case("clip_broadcast_mixed", "clip", np.clip,
         [np.arange(6, dtype=np.int8).reshape(2, 3),
          np.array([1, 0, 2], np.int8), np.array([[3.5], [4.0]], np.float32)])


# --- shapes: broadcasting, 0-d, size 0 --------------------------------------------

SHAPE_PAIRS = [((2, 3), (3,)), ((2, 1), (1, 3)), ((4, 1, 2), (3, 1)),
               ((), ()), ((), (5,)), ((3,), ()), ((0, 3), (3,)),
               ((0,), ()), ((2, 0), (2, 1)), ((1,), (4,)),
               ((2, 3, 4), (2, 3, 4))]
for sa, sb in SHAPE_PAIRS:
    tag = "%s_%s" % ("x".join(map(str, sa)) or "0d",
                     "x".join(map(str, sb)) or "0d")
    a = rng.uniform(-5, 5, sa).round(2)
    b = rng.integers(-5, 5, sb).astype(np.int32)
    add_case("add_bcast_%s" % tag, "add", np.add, [a, b])
    add_case("less_bcast_%s" % tag, "less", np.less, [b, a])
for shape in [(), (0,), (2, 0, 3), (1, 1)]:
    tag = "x".join(map(str, shape)) or "0d"
    x = rng.uniform(0.1, 3, shape).astype(np.float32)
    add_case("exp_shape_%s" % tag, "exp", np.exp, [x], tol="transcendental")
    add_case("negative_shape_%s" % tag, "negative", np.negative,
             [x.astype(np.int64)])
    add_case("logical_not_shape_%s" % tag, "logical_not", np.logical_not,
             [x > 1])

# --- special values with cases of their own ------------------------------------

# arctan2 at (±0, ±0) and the other signed-zero quadrants.
zy = np.array([0.0, -0.0, 0.0, -0.0, 0.0, -0.0, 1.0, -1.0])
zx = np.array([0.0, 0.0, -0.0, -0.0, -2.0, -2.0, 0.0, -0.0])
for dtype in ["bool", "float16", "bfloat16", "float32", "float64"]:
    if dtype == "bool":
        ops = [np.array([False, True, False]), np.array([False, False, True])]
    elif dtype == "bfloat16":
        ops = [BF16(zy), BF16(zx)]
    else:
        ops = [zy.astype(dtype), zx.astype(dtype)]
    add_case("arctan2_zeros_%s" % dtype, "arctan2", np.arctan2, ops)

# sign(-0.0) is +0.0 in NumPy.
for dtype in ["float16", "bfloat16", "float32", "float64"]:
    z = np.array([-0.0, 0.0, -1.5, np.nan])
    add_case("sign_signed_zero_%s" % dtype, "sign", np.sign,
             [BF16(z) if dtype == "bfloat16" else z.astype(dtype)])

# float32 sin and cos beyond [-pi, pi], where an approximation's range
# reduction would lose accuracy (docs/accuracy.md).
large = np.concatenate([np.linspace(-100, -4, 8), np.linspace(4, 100, 8)])
for fn in ["sin", "cos"]:
    add_case("%s_large_float32" % fn, fn, UNARY[fn], [large.astype("float32")])

# nextafter: steps from zeros, towards infinities, out of the largest finite
# value, through subnormals, at NaN; bfloat16 steps on its 16 bits.
def nextafter_bfloat16(x, y):
    """C's nextafter on bfloat16 values held in float32 (their top 16
    bits)."""
    bits = (x.view(np.uint32) >> 16).astype(np.int64)
    up = (x < y) == (x > 0)
    stepped = ((bits + np.where(up, 1, -1)) << 16).astype(np.uint32)
    r = stepped.view(np.float32)
    tiniest = (((y.view(np.uint32) & 0x80000000) | 0x10000)).view(np.float32)
    r = np.where(x == 0, tiniest, r)
    r = np.where(x == y, y, r)
    return np.where(np.isnan(x) | np.isnan(y), np.float32(np.nan), r)


nx = np.array([0.0, -0.0, 0.0, 1.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1.0,
               2.0, 3.0e38, 1.5, 0.0])
ny = np.array([1.0, -1.0, -0.0, 2.0, 0.0, -np.inf, 0.0, 0.0, 1.0, np.nan,
               2.0, np.inf, -np.inf, 0.0])
for dtype in ["float16", "float32", "float64"]:
    with np.errstate(over="ignore"):
        ops = [nx.astype(dtype), ny.astype(dtype)]
    add_case("nextafter_specials_%s" % dtype, "nextafter", np.nextafter, ops)
    tiny = np.finfo(dtype).smallest_subnormal
    sub = np.array([tiny, -tiny, 2 * tiny, np.finfo(dtype).tiny], dtype)
    add_case("nextafter_subnormals_%s" % dtype, "nextafter", np.nextafter,
             [sub, np.zeros(4, dtype)])
bx = round_bfloat16(np.array([0.0, -0.0, 1.0, 1.0, -1.0, np.inf, np.nan, 2.5,
                              -3.0], np.float32))
by = round_bfloat16(np.array([1.0, -1.0, 2.0, 0.0, -5.0, 0.0, 1.0, 2.5, 0.0],
                             np.float32))
c.case("nextafter_bfloat16", "nextafter", [BF16(bx), BF16(by)],
       expect=BF16(nextafter_bfloat16(bx, by)))

# signbit sees -0.0 and -NaN; iscomplex and isreal look at the imaginary
# part only.
sb = np.array([-0.0, 0.0, -np.nan, np.nan, -np.inf, np.inf, -1e-30, 2.0])
for dtype in ["float16", "float32", "float64"]:
    add_case("signbit_specials_%s" % dtype, "signbit", np.signbit,
             [sb.astype(dtype)])
add_case("signbit_specials_bfloat16", "signbit", np.signbit, [BF16(sb)])
cz = np.array([1 + 0j, 1j, -0.0j, complex(0, -0.0), complex(np.nan, 0),
               complex(0, np.nan), complex(np.inf, 1)])
for dtype in ["complex64", "complex128"]:
    for fn in ["iscomplex", "isreal", "real", "imag", "conjugate", "angle"]:
        add_case("%s_specials_%s" % (fn, dtype), fn, UNARY[fn],
                 [cz.astype(dtype)],
                 tol="transcendental" if fn == "angle" else None)

# iscomplexobj and isrealobj look at the dtype only.
for dtype in DTYPES:
    x = values(dtype, "small")
    for fn, f in [("iscomplexobj", np.iscomplexobj),
                  ("isrealobj", np.isrealobj)]:
        c.case("%s_%s" % (fn, dtype), fn, [x], {},
               np.asarray(f(np_array(x))))

# angle in degrees; divmod's two results.
for dtype in ["int8", "float32", "complex64", "complex128"]:
    z = values(dtype, "small")
    c.case("angle_deg_%s" % dtype, "angle", [z], {"deg": 1},
           np.angle(z, deg=True), tol="transcendental")
for dtype in ["int8", "uint16", "int64", "float16", "float32", "float64"]:
    a, b = binary_operands("floor_divide", dtype)
    with np.errstate(all="ignore"):
        q, r = np.divmod(a, b)
    c.case("divmod_%s" % dtype, "divmod", [a, b], expect=[q, r])

# select (the first true condition wins), piecewise (the last one does;
# pieces are registry_cpp's: "neg" is -x, "sq" x*x, numbers are values),
# around at positive and negative decimals.
sx = np.array([-3.0, -1.5, 0.0, 0.5, 2.0, 4.5])
conds = [sx < 0, sx > 1, sx > 3]
choices = [sx * 2, sx ** 2, np.array(7, "int32")]
c.case("select_first_wins", "select", conds + choices, {"n": 3},
       np.select(conds, choices))
c.case("select_default", "select", conds[:2] + choices[:2] + [-1.5],
       {"n": 2, "default": 1}, np.select(conds[:2], choices[:2], -1.5))
c.case("select_bcast", "select",
       [np.array([[True], [False]]), np.arange(3, dtype="int8")], {"n": 1},
       np.select([np.array([[True], [False]])], [np.arange(3, dtype="int8")]))
c.case("select_length", "select", conds + choices[:2], {"n": 3},
       raises=("ValueError",
               "list of cases must be same length as list of conditions"))
c.case("select_not_bool", "select", [sx, sx], {"n": 1},
       raises=("TypeError",
               "invalid entry 0 in condlist: should be boolean ndarray"))
PIECES = {"neg": lambda v: -v, "sq": lambda v: v * v}
for pieces in [["neg", "sq"], ["neg", "sq", "2.5"], ["1", "neg", "0"]]:
    conds = [sx < 0, sx > 1] if len(pieces) < 3 or pieces[0] != "1" else \
        [sx < 1, sx > -2]
    funcs = [PIECES[p] if p in PIECES else float(p) for p in pieces]
    for dtype in ["float64", "int32"]:
        x = sx.astype(dtype)
        cs = [np.asarray(cc) for cc in conds]
        c.case("piecewise_%s_%s" % ("_".join(pieces), dtype), "piecewise",
               [x] + cs, {"pieces": ",".join(pieces)},
               np.piecewise(x, cs, funcs))
c.case("piecewise_count", "piecewise", [sx, sx < 0], {"pieces": "1,2,3"},
       raises=("ValueError",
               "with 1 condition(s), either 1 or 2 functions are expected"))
ax = np.array([1.25, -2.675, 12345.678, -0.5, 0.5, 1.5, 2.5, 1e300, np.nan])
for dtype in ["float16", "float32", "float64", "int32", "uint8", "complex64"]:
    x = (ax * 3).astype(dtype) if dtype[0] in "iu" else ax.astype(dtype)
    for d in [0, 1, 2, -1, -2]:
        if dtype == "complex64":
            # Finite parts that do not round to zero: tnp scales by complex
            # products, which lose infinities and signed zeros (docs/api.md).
            f = np.array([1.25, -2.675, 12345.678, -0.75, 0.75, 1.5, 2.5,
                          3.0, -4.0]) * (1 if d >= 0 else 1000)
            x = (f + 1j * f[::-1]).astype(dtype)
        with np.errstate(all="ignore"):
            c.case("around_%s_%d" % (dtype, d), "around", [x],
                   {"decimals": d}, np.around(x, d))

# Known tnp bugs (see the report in docs/ or the commit that adds them): run
# as skipped, by name, until fixed.
c.expected_failures = {}

c.write()
