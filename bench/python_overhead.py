#!/usr/bin/env python3
"""Python per-op overhead: a 1-element add (x + y), and the tutorial's
sigmoid at sizes 2^0..2^20, in tnp (eager and tnp.function) against NumPy,
and jax.numpy and tf.experimental.numpy when they import, in one process on
one thread. Prints medians (of --runs timeit repeats) and ratios to NumPy.

  PYTHONPATH=build/python build/py-venv/bin/python bench/python_overhead.py
"""

import argparse
import os
import statistics
import timeit

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
            "TNP_NUM_THREADS", "XLA_FLAGS"):
    os.environ.setdefault(var, "1" if var != "XLA_FLAGS" else
                          "--xla_cpu_multi_thread_eigen=false "
                          "intra_op_parallelism_threads=1")

import numpy as np  # noqa: E402

import tnp  # noqa: E402


def libraries():
    libs = {"numpy": (np, np.asarray, lambda f: f, lambda r: r)}
    libs["tnp"] = (tnp, tnp.asarray, tnp.function, lambda r: r)
    versions = {"numpy": np.__version__, "tnp": tnp.__version__}
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_platforms", "cpu")
        libs["jax.numpy"] = (jnp, jnp.asarray, jax.jit,
                             lambda r: r.block_until_ready())
        versions["jax.numpy"] = jax.__version__
    except Exception:
        pass
    try:
        import tensorflow as tf
        import tensorflow.experimental.numpy as tfnp
        tf.config.threading.set_intra_op_parallelism_threads(1)
        tfnp.experimental_enable_numpy_behavior()
        libs["tf.numpy"] = (tfnp, tfnp.asarray, tf.function, lambda r: r)
        versions["tf.numpy"] = tf.__version__
    except Exception:
        pass
    return libs, versions


def median_us(fn, runs, number):
    times = timeit.repeat(fn, repeat=runs, number=number)
    return statistics.median(times) / number * 1e6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    libs, versions = libraries()
    print("libraries:", ", ".join("%s %s" % nv for nv in versions.items()))
    try:
        import threadpoolctl
        print("BLAS:", ", ".join(
            "%s %s (%s)" % (p["internal_api"], p["version"], p["filepath"])
            for p in threadpoolctl.threadpool_info()
            if p["user_api"] == "blas"))
    except ImportError:
        pass

    print("\n1-element add, x + y (us per op, median of %d runs, the "
          "libraries interleaved)" % args.runs)
    ops = {}
    for name, (m, asarray, _, sync) in libs.items():
        x = asarray(np.ones(1, np.float32))
        y = asarray(np.ones(1, np.float32))
        sync(x + y)
        ops[name] = lambda x=x, y=y, sync=sync: sync(x + y)
    samples = {name: [] for name in ops}
    for _ in range(args.runs):
        for name, op in ops.items():
            number = 20000 if name in ("numpy", "tnp") else 500
            samples[name].append(timeit.timeit(op, number=number) / number
                                 * 1e6)
    base = statistics.median(samples["numpy"])
    for name, times in samples.items():
        t = statistics.median(times)
        print("  %-10s %7.3f  (%.2fx NumPy)" % (name, t, t / base))

    print("\nsigmoid 1/(1+exp(-y)), float32 (us per call, median of %d)"
          % args.runs)
    sizes = [2 ** k for k in (0, 5, 10, 15, 20)]
    print("  %-22s" % "size" + "".join("%12d" % s for s in sizes))
    np_times = None
    for name, (m, asarray, jit, sync) in libs.items():
        def sigmoid(y, m=m):
            return 1. / (1. + m.exp(-y))
        for label, f in [(name, sigmoid)] + (
                [(name + " compiled", jit(sigmoid))] if name != "numpy"
                else []):
            row = []
            for s in sizes:
                y = asarray(np.random.randn(s).astype(np.float32))
                sync(f(y))
                number = max(3, 2000 // max(1, s // 1024))
                row.append(median_us(lambda: sync(f(y)), args.runs, number))
            if name == "numpy":
                np_times = row
            print("  %-22s" % label + "".join("%12.2f" % t for t in row)
                  + "   ratio to NumPy: " + " ".join(
                      "%.2f" % (t / b) for t, b in zip(row, np_times)))


if __name__ == "__main__":
    main()
