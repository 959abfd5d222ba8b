#!/usr/bin/env python3
"""Eager tnp against NumPy, call by call, in one process on the CPUs it is
given: data movement (concatenate, take, repeat, pad, slices, stack, tile,
roll, flip), and a few elementwise calls, reductions and sorts, on a
1024 x 1024 float32 array and a 2^20-element float32 vector. Prints medians
(of 3 timeit repeats of 10 calls, 3 times) and tnp/NumPy (< 1: tnp faster).
NumPy's flip is a view (tnp's arrays are contiguous: a copy).

  PYTHONPATH=build/python taskset -c 0 build/py-venv/bin/python \\
      bench/eager_vs_numpy.py
"""

import statistics
import timeit

import numpy as np

import tnp

CASES = [
    ("concatenate ax0", lambda m, a, b, i: m.concatenate([a, a], 0)),
    ("concatenate ax1", lambda m, a, b, i: m.concatenate([a, a], 1)),
    ("stack", lambda m, a, b, i: m.stack([a, a], 0)),
    ("stack ax1", lambda m, a, b, i: m.stack([a, a], 1)),
    ("take rows", lambda m, a, b, i: m.take(a, i, axis=0)),
    ("take cols", lambda m, a, b, i: m.take(a, i, axis=1)),
    ("repeat ax1", lambda m, a, b, i: m.repeat(a, 2, axis=1)),
    ("tile", lambda m, a, b, i: m.tile(a, (2, 1))),
    ("pad", lambda m, a, b, i: m.pad(a, ((1, 1), (2, 2)))),
    ("slice step 2", lambda m, a, b, i: m.ascontiguousarray(a[::2, ::2])),
    ("slice cols", lambda m, a, b, i: m.ascontiguousarray(a[:, 100:900])),
    ("roll", lambda m, a, b, i: m.roll(b, 1000)),
    ("flip ax0", lambda m, a, b, i: m.flip(a, 0)),
    ("batched transpose", lambda m, a, b, i: m.ascontiguousarray(
        a.reshape(1024, 32, 32).transpose(0, 2, 1))),
    ("cumsum ax1", lambda m, a, b, i: m.cumsum(a, 1)),
    ("where", lambda m, a, b, i: m.where(a > 0, a, 0)),
    ("clip", lambda m, a, b, i: m.clip(b, -1, 1)),
    ("astype float64", lambda m, a, b, i: a.astype(m.float64)),
    ("diff", lambda m, a, b, i: m.diff(b)),
    ("mean", lambda m, a, b, i: m.mean(a)),
    ("max ax0", lambda m, a, b, i: m.max(a, 0)),
    ("sort", lambda m, a, b, i: m.sort(b)),
]


def numpy_blas():
    """The BLAS NumPy was built with, as np.show_config names it."""
    try:
        blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        return "%s %s" % (blas.get("name"), blas.get("version"))
    except (TypeError, KeyError):
        return "BLAS unknown (NumPy before 1.26)"


def median_us(fn):
    fn()
    return statistics.median(
        min(timeit.repeat(fn, number=10, repeat=3)) / 10
        for _ in range(3)) * 1e6


def main():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((1024, 1024)).astype(np.float32)
    b = rng.standard_normal(1 << 20).astype(np.float32)
    i = rng.integers(0, 1024, 512)
    inputs = {np: (a, b, i), tnp: (tnp.asarray(a), tnp.asarray(b),
                                    tnp.asarray(i))}
    print("NumPy %s (%s), tnp %s; us per call, one process" % (
        np.__version__, numpy_blas(), tnp.__version__))
    print("%-18s %10s %10s %8s" % ("call", "tnp", "numpy", "tnp/np"))
    for name, f in CASES:
        t = {m: median_us(lambda m=m: f(m, *inputs[m])) for m in (tnp, np)}
        print("%-18s %10.1f %10.1f %8.2f" % (name, t[tnp], t[np],
                                            t[tnp] / t[np]))


if __name__ == "__main__":
    main()
