"""Writes seeded printing cases with NumPy's repr and str as the oracle.

Usage: print_cases.py OUT

Each line of OUT is a JSON object: dtype, shape, data (the raw little-endian
element bytes in hex), src (for float16/bfloat16: the same values as float32,
which the checker converts with astype), repr and str.

NumPy has no bfloat16. Its printing is defined here as float16's is, with
bfloat16's own digits: the values ride in float32 arrays through NumPy's own
arrayprint with Dragon4 swapped for ref_positional/ref_scientific below,
which run Dragon4 on bfloat16's fields. Those functions are first checked
against NumPy's Dragon4 on float16, float32 and float64 values.
"""

import json
import math
import sys

import numpy as np
import numpy.core.arrayprint as ap

SEED = 20240612
LOG10_2 = 0.30102999566398119521373889472449

# Field widths (mantissa, exponent) and the unsigned type of the bits.
FIELDS = {
    "float16": (10, 5, np.uint16),
    "bfloat16": (7, 8, None),
    "float32": (23, 8, np.uint32),
    "float64": (52, 11, np.uint64),
}


# --- Dragon4 on any binary float format, after NumPy's dragon4.c ----------


def decompose(bits, mbits, ebits):
    frac = bits & ((1 << mbits) - 1)
    biased = (bits >> mbits) & ((1 << ebits) - 1)
    neg = (bits >> (mbits + ebits)) & 1
    bias = (1 << (ebits - 1)) - 1
    if biased == (1 << ebits) - 1:
        return {"special": "nan" if frac else "inf", "neg": neg}
    if biased:
        return {"m": (1 << mbits) | frac, "e": biased - bias - mbits,
                "mb": mbits, "unequal": biased != 1 and frac == 0, "neg": neg}
    return {"m": frac, "e": 1 - bias - mbits,
            "mb": frac.bit_length() - 1 if frac else 0, "unequal": False,
            "neg": neg}


def dragon4(f, unique, fraction, cutoff_max, cutoff_min):
    """Digits and the decimal exponent of the first one."""
    m, e = f["m"], f["e"]
    if m == 0:
        return "0", 0
    even = m % 2 == 0
    # value = v / s; margins are half the gaps to the neighbours, times 4.
    t = max(-e, 0)
    v = (m << (e + t)) * 4
    s = 4 << t
    gap = 2 << (e + t)
    low_m = gap // 2 if f["unequal"] else gap
    high_m = gap
    k = math.ceil((f["mb"] + e) * LOG10_2 - 0.69)
    if cutoff_max >= 0 and fraction and k <= -cutoff_max:
        k = -cutoff_max + 1
    if k > 0:
        s *= 10 ** k
    elif k < 0:
        v, low_m, high_m = v * 10 ** -k, low_m * 10 ** -k, high_m * 10 ** -k
    if v >= s:
        k += 1
    else:
        v, low_m, high_m = v * 10, low_m * 10, high_m * 10
    cut_max = k - 16383
    if cutoff_max >= 0:
        cut_max = max(cut_max, -cutoff_max if fraction else k - cutoff_max)
    cut_min = k
    if cutoff_min >= 0:
        cut_min = min(cut_min, -cutoff_min if fraction else k - cutoff_min)
    digits, exp10, pos = [], k - 1, k
    low = high = False
    while True:
        pos -= 1
        digit, v = divmod(v, s)
        if unique:
            low = v <= low_m if even else v < low_m
            high = v + high_m >= s if even else v + high_m > s
            if ((low or high) and pos <= cut_min) or pos == cut_max:
                break
        elif v == 0 or pos == cut_max:
            break
        digits.append(digit)
        v, low_m, high_m = v * 10, low_m * 10, high_m * 10
    round_down = low
    if low == high:
        round_down = 2 * v < s or (2 * v == s and digit % 2 == 0)
    if round_down:
        digits.append(digit)
    elif digit < 9:
        digits.append(digit + 1)
    else:
        while digits and digits[-1] == 9:
            digits.pop()
        if digits:
            digits[-1] += 1
        else:
            digits, exp10 = [1], exp10 + 1
    return "".join(map(str, digits)), exp10


def special(f, sign):
    if f["special"] == "nan":
        return "nan"
    return ("-" if f["neg"] else "+" if sign else "") + "inf"


def trim_zeros(s, nfrac):
    while s.endswith("0"):
        s, nfrac = s[:-1], nfrac - 1
    return s, nfrac


def ref_positional_parts(f, precision=-1, min_digits=-1, unique=True,
                         fractional=True, trim="k", sign=False, pad_left=-1,
                         pad_right=-1):
    if "special" in f:
        return special(f, sign)
    out = "-" if f["neg"] else "+" if sign else ""
    has_sign = len(out)
    digits, exp10 = dragon4(f, unique, fractional, precision, min_digits)
    nfrac = 0
    if exp10 >= 0:
        whole = exp10 + 1
        if len(digits) <= whole:
            out += digits + "0" * (whole - len(digits))
        else:
            out += digits[:whole] + "." + digits[whole:]
            nfrac = len(digits) - whole
    else:
        zeros = -(exp10 + 1)
        out += "0." + "0" * zeros + digits
        nfrac, whole = zeros + len(digits), 1
    if trim != "-" and nfrac == 0:
        out += "."
    add = min_digits if unique else precision
    desired = max(add, 0) if fractional else add - whole
    if trim == "0":
        if nfrac == 0:
            out, nfrac = out + "0", 1
    elif trim == "k" and desired > nfrac:
        out, nfrac = out + "0" * (desired - nfrac), desired
    if trim != "k" and nfrac > 0:
        out, nfrac = trim_zeros(out, nfrac)
        if out.endswith("."):
            if trim == "0":
                out, nfrac = out + "0", nfrac + 1
            elif trim == "-":
                out = out[:-1]
    if pad_right >= nfrac:
        if trim == "-" and nfrac == 0:
            out += " "
        out += " " * (pad_right - nfrac)
    if pad_left > whole + has_sign:
        out = " " * (pad_left - whole - has_sign) + out
    return out


def ref_scientific_parts(f, precision=-1, min_digits=-1, unique=True,
                         trim="k", sign=False, pad_left=-1, exp_digits=-1):
    if "special" in f:
        return special(f, sign)
    left = 1 + (1 if f["neg"] or sign else 0)
    out = " " * max(pad_left - left, 0)
    out += "-" if f["neg"] else "+" if sign else ""
    digits, exp10 = dragon4(f, unique, False,
                            -1 if precision < 0 else precision + 1,
                            -1 if min_digits < 0 else min_digits + 1)
    out += digits[0]
    nfrac = len(digits) - 1
    if nfrac > 0:
        out += "." + digits[1:]
    if trim != "-" and nfrac == 0:
        out += "."
    add = max(min_digits if unique else precision, 0)
    if trim == "0":
        if nfrac == 0:
            out, nfrac = out + "0", 1
    elif trim == "k" and add > nfrac:
        out, nfrac = out + "0" * (add - nfrac), add
    if trim != "k" and nfrac > 0:
        out, nfrac = trim_zeros(out, nfrac)
        if trim == "0" and out.endswith("."):
            out += "0"
    width = 2 if exp_digits < 0 else min(exp_digits, 5)
    # Leading zeros go down to `width` digits, none at all for 0.
    exp = (str(abs(exp10)) if exp10 else "").zfill(width)
    return out + ("e-" if exp10 < 0 else "e+") + exp


def parts_of(x, name):
    mbits, ebits, utype = FIELDS[name]
    if name == "bfloat16":
        bits = int(np.float32(x).view(np.uint32))
        assert bits & 0xFFFF == 0, "not a bfloat16 value"
        bits >>= 16
    else:
        bits = int(np.array(x, dtype=name).view(utype))
    return decompose(bits, mbits, ebits)


def clean(kwargs):
    return {k: (-1 if v is None else v) for k, v in kwargs.items()}


def bf16_positional(x, **kwargs):
    return ref_positional_parts(parts_of(x, "bfloat16"), **clean(kwargs))


def bf16_scientific(x, **kwargs):
    return ref_scientific_parts(parts_of(x, "bfloat16"), **clean(kwargs))


def scalar_str(f, trim_pos, trim_sci, sign, value):
    """NumPy's str() of a float scalar, for a decomposed value."""
    if "special" not in f and (value == 0 or 1e-4 <= abs(value) < 1e16):
        return ref_positional_parts(f, trim=trim_pos, sign=sign)
    return ref_scientific_parts(f, trim=trim_sci, sign=sign)


def self_check(rng):
    """The reference Dragon4 against NumPy's on the types NumPy has."""
    checked = 0
    for name, count in (("float16", 3000), ("float32", 1500),
                        ("float64", 800)):
        mbits, ebits, utype = FIELDS[name]
        nbits = 1 + mbits + ebits
        raw = rng.integers(0, 1 << nbits, size=count, dtype=np.uint64)
        vals = raw.astype(utype).view(name)
        for bits, x in zip(raw, vals):
            f = decompose(int(bits), mbits, ebits)
            if "special" in f:
                continue
            p = int(rng.integers(0, 9))
            pad = int(rng.integers(0, 4))
            calls = [
                (dict(precision=8, unique=True, fractional=True, trim="."),
                 "pos"),
                (dict(precision=8, min_digits=0, unique=True, fractional=True,
                      trim=".", pad_left=pad, pad_right=p), "pos"),
                (dict(precision=8, unique=True, trim=".", sign=True), "sci"),
                (dict(precision=p, min_digits=p, unique=True, trim="k",
                      pad_left=pad, exp_digits=pad), "sci"),
                (dict(trim="0"), "pos"),
                (dict(trim="-", sign=True), "pos"),
                (dict(trim="-"), "sci"),
            ]
            for kwargs, kind in calls:
                if kind == "pos":
                    want = ap.dragon4_positional(x, **kwargs)
                    got = ref_positional_parts(f, **kwargs)
                else:
                    want = ap.dragon4_scientific(x, **kwargs)
                    got = ref_scientific_parts(f, **kwargs)
                if want != got:
                    raise SystemExit(f"reference Dragon4 differs from NumPy "
                                     f"on {name} {x!r} {kind} {kwargs}: "
                                     f"{want!r} vs {got!r}")
                checked += 1
            want = str(x)
            got = scalar_str(f, "0", "-", False, float(x))
            if want != got:
                raise SystemExit(f"reference str differs from NumPy on "
                                 f"{name} {x!r}: {want!r} vs {got!r}")
    return checked


def bf16_round(x):
    """float32 values rounded to bfloat16, nearest even."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = np.isnan(np.asarray(x, dtype=np.float32))
    u = np.uint64
    bits = (bits + u(0x7FFF) + ((bits >> u(16)) & u(1))) & u(0xFFFF0000)
    out = bits.astype(np.uint32).view(np.float32)
    return np.where(nan, np.float32(np.nan), out)


class BF16FloatingFormat(ap.FloatingFormat):
    """FloatingFormat whose max/min ratio is rounded to bfloat16, as
    float16's is to float16 by NumPy's scalar division."""

    def fillFormat(self, data):
        finite = data[np.isfinite(data)]
        nonzero = np.absolute(finite[finite != 0])
        if len(nonzero):
            big, small = np.max(nonzero), np.min(nonzero)
            with np.errstate(over="ignore"):
                ratio = float(bf16_round(np.float32(big) / np.float32(small)))
            if big >= 1e8 or small < 0.0001 or ratio > 1000.0:
                self.exp_format = True
        saved = self.suppress_small
        self.suppress_small = True  # leaves only the 1e8 test, decided above
        try:
            super().fillFormat(data)
        finally:
            self.suppress_small = saved


def bf16_outputs(values32, shape):
    """repr and str of a bfloat16 array held as exact float32 values."""
    a = np.asarray(values32, dtype=np.float32).reshape(shape)
    saved = (ap.dragon4_positional, ap.dragon4_scientific, ap.FloatingFormat,
             ap.dtype_short_repr)
    ap.dragon4_positional, ap.dragon4_scientific = (bf16_positional,
                                                    bf16_scientific)
    ap.FloatingFormat = BF16FloatingFormat
    ap.dtype_short_repr = lambda dtype: "bfloat16"
    try:
        r = repr(a)
        s = str(a) if a.shape != () else None
    finally:
        (ap.dragon4_positional, ap.dragon4_scientific, ap.FloatingFormat,
         ap.dtype_short_repr) = saved
    if s is None:
        x = a[()]
        s = scalar_str(parts_of(x, "bfloat16"), "0", "-", False, float(x))
    return r, s


# --- cases -----------------------------------------------------------------

INTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
        "uint64"]
REALS = ["float16", "bfloat16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
DTYPES = ["bool"] + INTS + REALS + COMPLEX
SHAPES = [(), (0,), (0, 3), (2, 0), (3, 0, 2), (1,), (5,), (2, 3), (3, 1, 4),
          (2, 2, 2, 2), (1, 1, 1, 1), (30,), (4, 25), (2, 3, 20), (7, 11),
          (1001,), (40, 30), (11, 11, 11), (3, 2, 200), (2, 3, 4, 50)]
FLOAT_KINDS = ["normal", "short", "integral", "scaled", "tiny", "huge",
               "ratio", "special", "allspecial", "denormal", "mixed", "bits"]


def float_values(rng, kind, n, name):
    if kind == "normal":
        v = rng.standard_normal(n) * 10 ** rng.uniform(-1, 3)
    elif kind == "short":
        v = rng.integers(-2000, 2000, n) / 10.0 ** rng.integers(0, 4)
    elif kind == "integral":
        v = rng.integers(-60000, 60000, n).astype(float)
    elif kind == "scaled":
        v = rng.standard_normal(n) * 10.0 ** rng.integers(-30, 30, n)
    elif kind == "tiny":
        v = rng.standard_normal(n) * 10.0 ** rng.uniform(-7, -3)
    elif kind == "huge":
        v = rng.choice([99999999.0, 1e8, 1.5e7, 123456789.0, 1e16, 4e4], n)
    elif kind == "ratio":
        v = rng.choice([1.0, 999.9, 1000.0, 1000.1, 1001.0, 0.5, 0.0001,
                        0.00011, 0.099, 65.5], n)
    elif kind == "special":
        v = rng.standard_normal(n) * 100
        mask = rng.random(n)
        v[mask < 0.3] = np.nan
        v[(mask >= 0.3) & (mask < 0.45)] = np.inf
        v[(mask >= 0.45) & (mask < 0.6)] = -np.inf
        v[(mask >= 0.6) & (mask < 0.7)] = -0.0
        v[(mask >= 0.7) & (mask < 0.8)] = 0.0
    elif kind == "allspecial":
        v = rng.choice([np.nan, np.inf, -np.inf], n)
    elif kind == "denormal":
        tiny = {"float16": 6e-8, "bfloat16": 1e-40, "float32": 1e-45,
                "float64": 5e-324}[name]
        v = rng.integers(-5, 300, n) * tiny
    elif kind == "bits":
        # Any bit pattern: every exponent, subnormals, nan and inf.
        mbits, ebits, utype = FIELDS[name]
        raw = rng.integers(0, 1 << (1 + mbits + ebits), n, dtype=np.uint64)
        if name == "bfloat16":
            v = (raw.astype(np.uint32) << np.uint32(16)).view(np.float32)
        else:
            v = raw.astype(utype).view(name)
    else:  # mixed
        v = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 9, n)
        v[rng.random(n) < 0.2] = 0.0
    return v.astype(np.float64)


def as_type(v, name):
    """Values of dtype `name` (bfloat16: float32 values rounded to it)."""
    if name == "bfloat16":
        with np.errstate(over="ignore", invalid="ignore"):
            return bf16_round(v.astype(np.float32))
    with np.errstate(over="ignore", invalid="ignore"):
        return v.astype(name)


def int_values(rng, kind, n, name):
    info = np.iinfo(name)
    if kind == "small":
        v = rng.integers(max(info.min, -12), min(info.max, 12) + 1, n)
        return v.astype(name)
    if kind == "full":
        return rng.integers(info.min, info.max, n, dtype=name, endpoint=True)
    v = rng.integers(info.min, info.max, n, dtype=name, endpoint=True)
    if n == 0:
        return v
    v.flat[rng.integers(0, n)] = info.min
    v.flat[rng.integers(0, n)] = info.max
    return v


def values(rng, name, shape, kind):
    n = int(np.prod(shape))
    if name == "bool":
        return (rng.random(n) < 0.5).reshape(shape)
    if name in INTS:
        return int_values(rng, kind, n, name).reshape(shape)
    if name in REALS:
        return as_type(float_values(rng, kind, n, name), name).reshape(shape)
    part = "float32" if name == "complex64" else "float64"
    re = as_type(float_values(rng, kind[0], n, part), part)
    im = as_type(float_values(rng, kind[1], n, part), part)
    c = np.empty(n, dtype=name)  # re + 1j * im would turn inf into nan
    c.real, c.imag = re, im
    return c.reshape(shape)


def kinds_for(name):
    if name == "bool":
        return ["bool"]
    if name in INTS:
        return ["small", "full", "extremes"]
    if name in REALS:
        return FLOAT_KINDS
    return [(a, b) for a in FLOAT_KINDS for b in FLOAT_KINDS]


def record(name, a):
    """One case line for the array `a` of dtype `name`."""
    shape = list(a.shape)
    if name in ("float16", "bfloat16"):
        src = np.asarray(a, dtype=np.float32)
        if name == "float16":
            data = a.tobytes().hex()
            r, s = repr(a), str(a)
        else:
            data = (src.view(np.uint32) >> 16).astype(np.uint16).tobytes()
            data = data.hex()
            r, s = bf16_outputs(src, a.shape)
        return {"dtype": name, "shape": shape, "data": data,
                "src": src.tobytes().hex(), "repr": r, "str": s}
    return {"dtype": name, "shape": shape, "data": a.tobytes().hex(),
            "repr": repr(a), "str": str(a)}


def edge_scalars():
    """0-d values at the edges of the str and repr rules."""
    floats = [0.0, -0.0, 1.0, -1.5, 0.1, 1.0 / 3, 1e-4, 9.999e-5, 1e16,
              9.999e15, 1e15, 1e8, 99999999.0, 1e-5, 1.5e-5, 1e23, 1e300,
              5e-324, 2.0 ** -1022, 65504.0, 8224.0, 6e-8, 123456.789,
              np.nan, -np.nan, np.inf, -np.inf, 1e-320, 3.4e38, 1.17e-38,
              1.7976931348623157e308, 2.2250738585072014e-308]
    out = []
    for name in REALS:
        for x in floats:
            v = as_type(np.array([x]), name)[0]
            out.append((name, np.array(v, dtype=np.float32
                                       if name == "bfloat16" else name)))
    parts = [0.0, -0.0, 1.0, -2.5, 1e20, 1e-5, np.nan, np.inf, -np.inf]
    for name in COMPLEX:
        for re in parts:
            for im in parts:
                out.append((name, np.array(complex(re, im), dtype=name)))
    for name in INTS:
        info = np.iinfo(name)
        for x in (0, 1, info.min, info.max):
            out.append((name, np.array(x, dtype=name)))
    out += [("bool", np.array(True)), ("bool", np.array(False))]
    return out


def layout_cases(rng):
    """Arrays whose repr lands the dtype suffix near the line end."""
    out = []
    for n in range(8, 30):
        out.append(("int32", (np.arange(n) * 1000003).astype(np.int32)))
        out.append(("float32", (np.arange(n) / 7).astype(np.float32)))
        out.append(("int64", np.arange(n) * 10 ** 17))
    for n in (6, 7, 13, 14):
        out.append(("complex128", rng.standard_normal(n) + 1j * np.arange(n)))
        out.append(("bool", rng.random((2, n)) < 0.5))
    return out


def exhaustive(name):
    """Every float16/bfloat16 value, in runs of 1000 consecutive bit
    patterns (so runs of similar magnitude, in both notations)."""
    out = []
    allbits = np.arange(1 << 16, dtype=np.uint32)
    for start in range(0, 1 << 16, 1000):
        bits = allbits[start:start + 1000]
        if name == "float16":
            a = bits.astype(np.uint16).view(np.float16)
        else:
            a = (bits << 16).view(np.float32)
        out.append((name, a))
    return out


def main():
    out_path = sys.argv[1]
    rng = np.random.default_rng(SEED)
    self_check(rng)
    cases = []
    for name in DTYPES:
        kinds = kinds_for(name)
        for shape in SHAPES:
            big = int(np.prod(shape)) > 1000
            for _ in range(1 if big else 2):
                kind = kinds[int(rng.integers(0, len(kinds)))]
                cases.append((name, values(rng, name, shape, kind)))
    for name in REALS + COMPLEX:
        # 0-d values, whose str follows the scalar rules.
        for _ in range(100):
            kinds = kinds_for(name)
            kind = kinds[int(rng.integers(0, len(kinds)))]
            cases.append((name, values(rng, name, (), kind)))
    cases += edge_scalars()
    cases += layout_cases(rng)
    cases += exhaustive("float16") + exhaustive("bfloat16")
    with open(out_path, "w") as f:
        for name, a in cases:
            f.write(json.dumps(record(name, a)) + "\n")


if __name__ == "__main__":
    main()
