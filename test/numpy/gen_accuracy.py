"""Inputs and references for tnp-numpy-check --accuracy: dense sets of
float32 and float64 inputs over each transcendental function's useful range
(seeded random pairs for power and arctan2), with NumPy's result in float64
(rounded to float32 for the float32 rows).

Regenerate docs/accuracy.md's table with:
  /usr/bin/python3 test/numpy/gen_accuracy.py /tmp/acc &&
  build/bin/tnp-numpy-check --accuracy /tmp/acc/manifest.txt
"""

import os
import sys

import numpy as np

POINTS = 1 << 16


def lin(lo, hi):
    return lambda dtype: np.linspace(lo, hi, POINTS).astype(dtype)


def geo(lo, hi):
    return lambda dtype: np.geomspace(lo, hi, POINTS).astype(dtype)


def both(lo, hi):
    """Log-spaced magnitudes of both signs."""
    def make(dtype):
        m = np.geomspace(lo, hi, POINTS // 2)
        return np.concatenate([-m[::-1], m]).astype(dtype)
    return make


def logistic(x):
    return 1 / (1 + np.exp(-x))


# (function, NumPy's, {dtype: [(label, inputs)]}).
F32, F64 = "float32", "float64"
TABLE = [
    ("exp", np.exp, {F32: [("[-87, 88]", lin(-87, 88))],
                     F64: [("[-708, 709]", lin(-708, 709))]}),
    ("expm1", np.expm1, {F32: [("[-1, 1]", lin(-1, 1)),
                               ("[-20, 88]", lin(-20, 88)),
                               ("±[1e-30, 1]", both(1e-30, 1))],
                         F64: [("[-1, 1]", lin(-1, 1)),
                               ("[-40, 709]", lin(-40, 709))]}),
    ("log", np.log, {F32: [("[0.5, 2]", lin(0.5, 2)),
                           ("[1e-37, 1e38]", geo(1e-37, 1e38))],
                     F64: [("[0.5, 2]", lin(0.5, 2)),
                           ("[1e-300, 1e300]", geo(1e-300, 1e300))]}),
    ("log1p", np.log1p, {F32: [("[-0.999, 1]", lin(-0.999, 1)),
                               ("±[1e-30, 0.5]", both(1e-30, 0.5)),
                               ("[1, 1e30]", geo(1, 1e30))],
                         F64: [("[-0.999, 1]", lin(-0.999, 1)),
                               ("[1, 1e300]", geo(1, 1e300))]}),
    ("tanh", np.tanh, {F32: [("[-10, 10]", lin(-10, 10)),
                             ("±[1e-30, 1]", both(1e-30, 1))],
                       F64: [("[-20, 20]", lin(-20, 20))]}),
    ("sin", np.sin, {F32: [("[-π, π]", lin(-np.pi, np.pi)),
                           ("[-100, 100]", lin(-100, 100)),
                           ("[-1e4, 1e4]", lin(-1e4, 1e4))],
                     F64: [("[-π, π]", lin(-np.pi, np.pi)),
                           ("[-1e4, 1e4]", lin(-1e4, 1e4))]}),
    ("cos", np.cos, {F32: [("[-π, π]", lin(-np.pi, np.pi)),
                           ("[-100, 100]", lin(-100, 100)),
                           ("[-1e4, 1e4]", lin(-1e4, 1e4))],
                     F64: [("[-π, π]", lin(-np.pi, np.pi)),
                           ("[-1e4, 1e4]", lin(-1e4, 1e4))]}),
    ("sqrt", np.sqrt, {F32: [("[1e-37, 1e38]", geo(1e-37, 1e38))],
                       F64: [("[1e-300, 1e300]", geo(1e-300, 1e300))]}),
    ("logistic", logistic, {F32: [("[-30, 30]", lin(-30, 30))],
                            F64: [("[-40, 40]", lin(-40, 40))]}),
    ("tan", np.tan, {F32: [("[-π/2, π/2]", lin(-1.57, 1.57)),
                           ("[-100, 100]", lin(-100, 100))],
                     F64: [("[-π/2, π/2]", lin(-1.5707, 1.5707)),
                           ("[-1e4, 1e4]", lin(-1e4, 1e4))]}),
    ("arcsin", np.arcsin, {F32: [("[-1, 1]", lin(-1, 1))],
                           F64: [("[-1, 1]", lin(-1, 1))]}),
    ("arccos", np.arccos, {F32: [("[-1, 1]", lin(-1, 1))],
                           F64: [("[-1, 1]", lin(-1, 1))]}),
    ("arctan", np.arctan, {F32: [("±[1e-30, 1e30]", both(1e-30, 1e30))],
                           F64: [("±[1e-300, 1e300]", both(1e-300, 1e300))]}),
    ("sinh", np.sinh, {F32: [("[-88, 88]", lin(-88, 88)),
                             ("±[1e-30, 1]", both(1e-30, 1))],
                       F64: [("[-709, 709]", lin(-709, 709)),
                             ("±[1e-300, 1]", both(1e-300, 1))]}),
    ("cosh", np.cosh, {F32: [("[-88, 88]", lin(-88, 88))],
                       F64: [("[-709, 709]", lin(-709, 709))]}),
    ("arcsinh", np.arcsinh, {F32: [("±[1e-30, 1e30]", both(1e-30, 1e30))],
                             F64: [("±[1e-300, 1e300]",
                                    both(1e-300, 1e300))]}),
    ("arccosh", np.arccosh, {F32: [("[1, 1e30]", geo(1, 1e30))],
                             F64: [("[1, 1e300]", geo(1, 1e300))]}),
    ("arctanh", np.arctanh, {F32: [("[-0.999, 0.999]", lin(-0.999, 0.999)),
                                   ("±[1e-30, 0.5]", both(1e-30, 0.5))],
                             F64: [("[-0.999, 0.999]",
                                    lin(-0.999, 0.999))]}),
    ("log2", np.log2, {F32: [("[1e-37, 1e38]", geo(1e-37, 1e38))],
                       F64: [("[1e-300, 1e300]", geo(1e-300, 1e300))]}),
    ("log10", np.log10, {F32: [("[1e-37, 1e38]", geo(1e-37, 1e38))],
                         F64: [("[1e-300, 1e300]", geo(1e-300, 1e300))]}),
    ("exp2", np.exp2, {F32: [("[-126, 127]", lin(-126, 127))],
                       F64: [("[-1022, 1023]", lin(-1022, 1023))]}),
    ("cbrt", np.cbrt, {F32: [("±[1e-37, 1e38]", both(1e-37, 1e38))],
                       F64: [("±[1e-300, 1e300]", both(1e-300, 1e300))]}),
]

rng = np.random.default_rng(314)


def pairs(x, y):
    """Random (seeded) pairs: x and y each from a (kind, lo, hi) range."""
    def draw(kind, lo, hi):
        if kind == "log":
            return np.exp(rng.uniform(np.log(lo), np.log(hi), POINTS))
        if kind == "signed_log":
            m = np.exp(rng.uniform(np.log(lo), np.log(hi), POINTS))
            return m * rng.choice([-1.0, 1.0], POINTS)
        return rng.uniform(lo, hi, POINTS)
    return lambda dtype: (draw(*x).astype(dtype), draw(*y).astype(dtype))


# Binary functions: (function, NumPy's, {dtype: [(label, pair maker)]}).
BINARY = [
    ("power", np.power, {
        F32: [("x in [0.01, 10], y in [-8, 8]",
               pairs(("log", 0.01, 10), ("lin", -8, 8))),
              ("x in [0.5, 2], y in [-100, 100]",
               pairs(("lin", 0.5, 2), ("lin", -100, 100)))],
        F64: [("x in [0.01, 10], y in [-8, 8]",
               pairs(("log", 0.01, 10), ("lin", -8, 8)))]}),
    ("arctan2", np.arctan2, {
        F32: [("y, x in [-10, 10]", pairs(("lin", -10, 10), ("lin", -10, 10))),
              ("y, x in ±[1e-6, 1e6]",
               pairs(("signed_log", 1e-6, 1e6), ("signed_log", 1e-6, 1e6)))],
        F64: [("y, x in [-10, 10]",
               pairs(("lin", -10, 10), ("lin", -10, 10)))]}),
]


# Rows whose error exceeds the tolerance table because of a known tnp bug:
# reported in the table, not failed. {(function, dtype, range): bug}.
KNOWN_BUGS = {}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_accuracy.py OUTDIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    lines = []
    for fn, f, ranges in TABLE:
        for dtype in (F32, F64):
            for i, (label, make) in enumerate(ranges[dtype]):
                x = make(dtype)
                with np.errstate(all="ignore"):
                    ref = f(x.astype(np.float64)).astype(dtype)
                stem = "%s_%s_%d" % (fn, dtype, i)
                np.save(os.path.join(out, stem + "_x.npy"), x)
                np.save(os.path.join(out, stem + "_ref.npy"), ref)
                bug = KNOWN_BUGS.get((fn, dtype, label), "")
                lines.append("\t".join([fn, dtype, stem + "_x.npy",
                                        stem + "_ref.npy", label, bug]))
    for fn, f, ranges in BINARY:
        for dtype in (F32, F64):
            for i, (label, make) in enumerate(ranges[dtype]):
                x, y = make(dtype)
                with np.errstate(all="ignore"):
                    ref = f(x.astype(np.float64),
                            y.astype(np.float64)).astype(dtype)
                stem = "%s_%s_%d" % (fn, dtype, i)
                np.save(os.path.join(out, stem + "_x.npy"), x)
                np.save(os.path.join(out, stem + "_y.npy"), y)
                np.save(os.path.join(out, stem + "_ref.npy"), ref)
                bug = KNOWN_BUGS.get((fn, dtype, label), "")
                lines.append("\t".join([fn, dtype,
                                        stem + "_x.npy," + stem + "_y.npy",
                                        stem + "_ref.npy", label, bug]))
    with open(os.path.join(out, "manifest.txt"), "w") as m:
        m.write("# function, dtype, inputs, reference, range, known bug "
                "(tab-separated)\n")
        m.write("\n".join(lines) + "\n")


main()
