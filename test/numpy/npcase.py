"""Writes differential-test cases for tnp-numpy-check (see numpy_check.cpp).

A generator makes a Cases(outdir), adds cases whose expected results it
computes with NumPy, and calls write(): the .npy files and manifest.txt land
in outdir. Inputs are seeded, so every run writes the same files.
"""

import os
import shutil
import sys

import numpy as np

# The 15 dtypes tnp has, in its promotion order; NumPy lacks bfloat16, which
# the cases carry as float32 files marked "@bfloat16".
DTYPES = [
    "bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64",
    "uint64", "float16", "bfloat16", "float32", "float64", "complex64",
    "complex128",
]
NUMPY_DTYPES = [d for d in DTYPES if d != "bfloat16"]
INTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
FLOATS = ["float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]


class BF16:
    """A float32 array that stands for bfloat16 values (exactly
    representable ones as operands; expected results rounded to bfloat16)."""

    def __init__(self, values):
        self.values = round_bfloat16(np.asarray(values, dtype=np.float32))


def round_bfloat16(x):
    """float32 values rounded to the nearest bfloat16 (ties to even)."""
    x = np.array(x, dtype=np.float32, order="C")
    flat = x.reshape(-1)
    bits = flat.view(np.uint32).astype(np.uint64)
    one, half = np.uint64(1), np.uint64(0x7FFF)
    rounded = (bits + half + ((bits >> np.uint64(16)) & one)) >> np.uint64(16)
    out = (rounded << np.uint64(16)).astype(np.uint32).view(np.float32)
    out = np.where(np.isnan(flat), flat, out).astype(np.float32)
    return out.reshape(x.shape)


class Literal:
    """A C++ scalar literal operand (weak): int, float, bool or complex."""

    def __init__(self, value):
        self.value = value

    def token(self):
        v = self.value
        if isinstance(v, bool):
            return "bool:%d" % v
        if isinstance(v, int):
            return "int:%d" % v
        if isinstance(v, float):
            return "float:%r" % v
        if isinstance(v, complex):
            return "complex:%r:%r" % (v.real, v.imag)
        raise TypeError(v)


class Pattern:
    """An operand tnp-numpy-check generates itself (too large to save):
    `fill` (every element `param`, rounded to the dtype) or `hash` (element
    i is ((i * 40503) mod 1024) * 2**-param, exact in float16 and float32).
    values() is the same array, made by NumPy."""

    def __init__(self, kind, param, dtype, shape):
        self.kind, self.param, self.dtype = kind, param, dtype
        self.shape = tuple(shape)

    def token(self):
        return "pattern:%s:%r:%s:%s" % (self.kind, self.param, self.dtype,
                                         "x".join(map(str, self.shape)))

    def values(self):
        n = int(np.prod(self.shape))
        if self.kind == "fill":
            v = np.full(n, self.param, dtype=self.dtype)
        else:
            k = np.arange(n, dtype=np.int64) * 40503 % 1024
            v = (k * 2.0 ** -self.param).astype(self.dtype)
        return v.reshape(self.shape)


class Cases:
    def __init__(self, outdir):
        self.outdir = outdir
        if os.path.isdir(outdir):
            shutil.rmtree(outdir)
        os.makedirs(outdir)
        self.lines = []
        self.names = set()
        self.files = 0
        self.skipped = []
        # {known tnp bug: [case names]}: run as skipped, named in the output.
        self.expected_failures = {}

    def save(self, value):
        """Saves an operand, a result or an argument's array: its token."""
        name = "a%d.npy" % self.files
        self.files += 1
        path = os.path.join(self.outdir, name)
        if isinstance(value, BF16):
            np.save(path, np.array(value.values, order="C"))
            return name + "@bfloat16"
        # C order: a transposed view would be saved in Fortran order.
        np.save(path, np.array(value, order="C"))
        return name

    def _operand(self, value):
        if isinstance(value, (Literal, Pattern)):
            return value.token()
        return self.save(value)

    def case(self, name, fn, inputs=(), args=None, expect=None, raises=None,
             tol=None, skip=""):
        """One case: `expect` is NumPy's result (an array, a BF16, or a list
        of them), or `raises` a (class name, message substring) pair."""
        assert name not in self.names, "duplicate case " + name
        assert "\t" not in name + fn + skip
        self.names.add(name)
        args = dict(args or {})
        if tol:
            args["tol"] = tol
        arg_text = ";".join("%s=%s" % (k, _arg(v)) for k, v in args.items())
        if raises is not None:
            cls, message = raises
            expectation = "raises:%s:%s" % (cls, message)
        else:
            outs = expect if isinstance(expect, list) else [expect]
            expectation = "out:" + ",".join(self.save(o) for o in outs)
        operands = ",".join(self._operand(i) for i in inputs)
        self.lines.append([name, fn, operands, arg_text, skip, expectation])

    def write(self):
        """Writes manifest.txt; expected failures become skipped cases."""
        bugs = {}
        for bug, names in self.expected_failures.items():
            unknown = set(names) - self.names
            assert not unknown, "expected failures not generated: %s" % unknown
            bugs.update((name, bug) for name in names)
        with open(os.path.join(self.outdir, "manifest.txt"), "w") as f:
            f.write("# name, function, operands, arguments, skip, expectation "
                    "(tab-separated)\n")
            for line in self.lines:
                if line[0] in bugs:
                    line[4] = "expected failure: " + bugs[line[0]]
                if line[4]:
                    self.skipped.append((line[0], line[4]))
                f.write("\t".join(line) + "\n")
        print("%d cases (%d skipped) in %s" % (
            len(self.lines), len(self.skipped), self.outdir))


def _arg(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, (tuple, list)):
        return ",".join(str(int(x)) for x in v)
    return str(v)


def numpy_error(f):
    """The (class name, message) NumPy raises calling f(); AssertionError if
    it does not raise."""
    try:
        f()
    except Exception as e:  # noqa: B902 - classified below
        # The Python class tnp mirrors (UFuncTypeError is a TypeError).
        for cls in (np.AxisError, ValueError, TypeError, IndexError,
                    ZeroDivisionError):
            if isinstance(e, cls):
                return cls.__name__, str(e)
        raise
    raise AssertionError("numpy did not raise")


def small_array(rng, shape, dtype="float64"):
    """Seeded values from -9 to 9 as `dtype`: halves for floats, a negative
    imaginary part for complex, magnitudes for unsigned, > 0 for bool."""
    v = rng.integers(-9, 10, size=shape)
    if dtype == "bool":
        return v > 0
    if np.dtype(dtype).kind in "fc":
        v = v + 0.5
    if np.dtype(dtype).kind == "c":
        v = v - 0.25j * v
    if np.dtype(dtype).kind == "u":
        v = np.abs(v)
    return np.asarray(v).astype(dtype)


def outdir_from_argv():
    if len(sys.argv) != 2:
        sys.exit("usage: %s OUTDIR" % sys.argv[0])
    return sys.argv[1]
