#!/usr/bin/env python3
"""tnp against NumPy, PyTorch and JAX on the workloads of issue 19, in one run.

Usage: bench/compare.py BUILD [--threads 1,2] [--rounds 3] [--out DIR] [--quick]

Each library runs in a child process pinned to the first N CPUs (taskset),
for N in --threads, so every library gets the same cores: tnp (BUILD's
tnp-bench-compare, eager and traced), NumPy (with the BLAS threadpoolctl
names), PyTorch and JAX (jax.jit), each skipped when it does not import.
Each library runs in --rounds processes, one per round: a process on
these machines lands in a fast or a slow memory state and stays there (the
same DRAM-bound sum took 1.5 or 2.2 ms from one process to the next), so one
process per library decides a row by chance. A round starts one process per
library and has them time each workload in turn, one library after the
other, so a row's libraries are timed within seconds of each other: the
machine's slow spells last minutes, and timing every workload of one
library before the next library's put a spell on one side of a ratio. A
library's time is the median over its processes of each process's median
(of 7 batches).
Prints one table per thread count, medians in ms and, for each row, the best
peer's time over tnp's best (>= 1: tnp at least as fast), and writes
DIR/<family>-<N>t.png: time against size, one line per library and case
(matplotlib's Agg backend). Run it with a Python that has pip's NumPy (which
links OpenBLAS), threadpoolctl, matplotlib, torch and jax: the one
scripts/bench-env makes and prints. tnp's products call the BLAS --tnp-blas
names (TNP_BLAS, runtime/Blas.h): by default pip's MKL beside that Python,
which scripts/bench-env installs, else tnp's own choice.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

# (family, case, sizes, quick sizes); a size is the side of square
# matrices, the rows of a row-wise op (1024 columns), or the elements of an
# elementwise one.
WORKLOADS = [
    ("matmul", "f32", [64, 128, 256, 512, 1024, 2048], [64, 256, 512]),
    ("matmul", "f64", [64, 128, 256, 512, 1024], [64, 256]),
    ("reduce", "sum", [256, 1024, 4096], [1024]),
    ("reduce", "argmax1", [256, 1024, 4096], [1024]),
    ("transpose", "copy", [256, 1024, 4096], [1024]),
    ("rows", "softmax", [256, 1024, 4096], [1024]),
    ("rows", "normalize", [256, 1024, 4096], [1024]),
    ("elementwise", "a*b+c", [2**10, 2**14, 2**18, 2**22], [2**18]),
]
PEERS = ["numpy", "torch", "jax"]
# Pause after each library's turn: its idle threads spin a while before they
# sleep (OpenBLAS's about 2^28 cycles), on the cores the next library uses.
SETTLE_SECONDS = 0.2


def median(fn):
    """Median seconds per call over 7 batches of about 20 ms each."""
    fn()
    t = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t, 1e-7)
    inner = max(1, min(10000, int(0.02 / once)))
    times = []
    for _ in range(7):
        t = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t) / inner)
    times.sort()
    return times[len(times) // 2]


def numpy_fns(np):
    def inputs(family, case, n):
        rng = np.random.default_rng(0)
        dtype = np.float64 if case == "f64" else np.float32
        shape = {"rows": (n, 1024), "elementwise": (n,)}.get(family, (n, n))
        count = {"matmul": 2, "elementwise": 3}.get(family, 1)
        return [rng.standard_normal(shape).astype(dtype)
                for _ in range(count)]

    def softmax(x):
        e = np.exp(x - x.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)

    ops = {
        ("matmul", "f32"): lambda a, b: a @ b,
        ("matmul", "f64"): lambda a, b: a @ b,
        ("reduce", "sum"): lambda a: a.sum(),
        ("reduce", "argmax1"): lambda a: a.argmax(1),
        ("transpose", "copy"): lambda a: np.ascontiguousarray(a.T),
        ("rows", "softmax"): softmax,
        ("rows", "normalize"): lambda x: (x - x.mean(1, keepdims=True)) /
        x.std(1, keepdims=True),
        ("elementwise", "a*b+c"): lambda a, b, c: a * b + c,
    }
    return inputs, ops


def asked_workloads():
    """The workloads the driver asks for, one line each, as they come."""
    for line in iter(sys.stdin.readline, ""):
        if line.strip():
            family, case, n = line.split()
            yield family, case, int(n)


def run_peer(lib, threads, workloads):
    """The worker: prints a first line naming the library, then one JSON
    line per workload as it is asked for."""
    import numpy as np
    inputs, np_ops = numpy_fns(np)
    if lib == "numpy":
        try:
            from threadpoolctl import threadpool_info, threadpool_limits
            threadpool_limits(threads)
            blas = ", ".join("%s %s" % (i["internal_api"], i.get("version"))
                             for i in threadpool_info()
                             if i["user_api"] == "blas")
        except ImportError:
            blas = "BLAS unknown (no threadpoolctl)"
        print(json.dumps({"library": "NumPy %s (%s)" % (np.__version__,
                                                          blas)}), flush=True)
        for family, case, n in workloads:
            xs = inputs(family, case, n)
            op = np_ops[(family, case)]
            print(json.dumps([family, case, n, median(lambda: op(*xs))]),
                  flush=True)
        return
    if lib == "torch":
        import torch
        torch.set_num_threads(threads)
        print(json.dumps({"library": "PyTorch %s" % torch.__version__}),
              flush=True)
        ops = {
            ("matmul", "f32"): lambda a, b: a @ b,
            ("matmul", "f64"): lambda a, b: a @ b,
            ("reduce", "sum"): lambda a: a.sum(),
            ("reduce", "argmax1"): lambda a: a.argmax(1),
            ("transpose", "copy"): lambda a: a.t().contiguous(),
            ("rows", "softmax"): lambda x: torch.softmax(x, 1),
            ("rows", "normalize"): lambda x: torch.nn.functional.layer_norm(
                x, x.shape[1:]),
            ("elementwise", "a*b+c"): lambda a, b, c: torch.addcmul(c, a, b),
        }
        with torch.inference_mode():
            for family, case, n in workloads:
                xs = [torch.from_numpy(x) for x in inputs(family, case, n)]
                op = ops[(family, case)]
                print(json.dumps([family, case, n, median(lambda: op(*xs))]),
                      flush=True)
        return
    if lib == "jax":
        import jax
        jax.config.update("jax_enable_x64", True)
        import jax.numpy as jnp
        print(json.dumps({"library": "JAX %s (jit)" % jax.__version__}),
              flush=True)
        for family, case, n in workloads:
            xs = [jnp.asarray(x) for x in inputs(family, case, n)]
            fn = np_ops[(family, case)]
            if (family, case) == ("transpose", "copy"):
                fn = lambda a: a.T + 0  # noqa: E731 (a materialized copy)
            elif family == "rows" and case == "softmax":
                fn = lambda x: jax.nn.softmax(x, axis=1)  # noqa: E731
            elif family == "rows":
                fn = lambda x: (x - x.mean(1, keepdims=True)) / x.std(  # noqa
                    1, keepdims=True)
            jitted = jax.jit(fn)
            print(json.dumps([family, case, n, median(
                lambda: jitted(*xs).block_until_ready())]), flush=True)
        return
    raise SystemExit("unknown library " + lib)


def pinned(threads):
    return ["taskset", "-c", ",".join(str(c) for c in range(threads))]


def child_env(threads):
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(threads)
    env["OPENBLAS_NUM_THREADS"] = str(threads)
    env["XLA_FLAGS"] = ("--xla_cpu_multi_thread_eigen=false "
                        "intra_op_parallelism_threads=1"
                        if threads == 1 else "")
    return env


class Worker:
    """A library's process for one round, pinned to the round's CPUs: asked
    for one workload at a time, it answers with its time(s) for it."""

    def __init__(self, lib, argv, env):
        self.lib = lib
        self.errors = tempfile.TemporaryFile("w+")
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.errors, text=True, env=env)
        self.name = None

    def line(self):
        """The process's next line, or None where it has exited."""
        line = self.process.stdout.readline()
        return line.rstrip("\n") if line else None

    def failed(self):
        """Says why the process stopped answering, and ends it."""
        self.close()
        self.errors.seek(0)
        print("%s: not measured (%s)" % (self.lib, (
            self.errors.read().strip().splitlines() or ["no output"])[-1]))

    def close(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
            except BrokenPipeError:
                pass
            self.process.wait()

    def ask(self, workload):
        """The process's answer to `workload`, or None where it has exited."""
        try:
            self.process.stdin.write(" ".join(map(str, workload)) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            return None
        return self.line()


class PeerWorker(Worker):
    def __init__(self, lib, threads):
        super().__init__(lib, pinned(threads) + [
            sys.executable, __file__, "--worker", lib, "--threads",
            str(threads)], child_env(threads))
        first = self.line()
        self.name = json.loads(first)["library"] if first else None

    def time(self, workload):
        """{"lib": seconds}, or None where the process has stopped."""
        line = self.ask(workload)
        return {self.lib: json.loads(line)[3]} if line else None


class TnpWorker(Worker):
    def __init__(self, build, threads, blas):
        env = child_env(threads)
        if blas:
            env["TNP_BLAS"] = blas
        super().__init__("tnp", pinned(threads) + [
            os.path.join(build, "bench", "tnp-bench-compare")], env)
        self.name = "tnp"
        self.backend = "?"

    def time(self, workload):
        line = self.ask(workload)
        while line is not None and line.startswith("# products: "):
            self.backend = line[len("# products: "):]
            line = self.line()
        if line is None:
            return None
        eager, traced = map(float, line.split()[3:])
        return {"tnp eager": eager, "tnp traced": traced}


def mkl_beside_python():
    """pip's libmkl_rt beside this Python, or "" (TNP_BLAS's default)."""
    found = sorted(glob.glob(os.path.join(sys.prefix, "lib",
                                          "libmkl_rt.so.*")))
    return found[-1] if found else ""


def measure_round(build, threads, workloads, blas, first, runs, names):
    """One round: a process per library, each workload timed by each in
    turn (from library `first` on, so no library always goes first).
    Appends each library's {workload: seconds} to runs[lib]; returns the
    BLAS tnp's products call."""
    tnp = TnpWorker(build, threads, blas)
    workers = [tnp]
    for lib in PEERS:
        worker = PeerWorker(lib, threads)
        if worker.name:
            names[lib] = worker.name
            workers.append(worker)
        else:
            worker.failed()
    workers = workers[first % len(workers):] + workers[:first % len(workers)]
    times = {}
    for w in workloads:
        for worker in list(workers):
            measured = worker.time(w)
            time.sleep(SETTLE_SECONDS)
            if measured is None:
                worker.failed()
                workers.remove(worker)
                continue
            for lib, seconds in measured.items():
                times.setdefault(lib, {})[w] = seconds
    for worker in workers:
        worker.close()
    for lib, measured in times.items():
        runs.setdefault(lib, []).append(measured)
    return tnp.backend


def median_of(runs):
    """{workload: median over runs} of a list of {workload: seconds}."""
    merged = {}
    for run in runs:
        for w, t in run.items():
            merged.setdefault(w, []).append(t)
    return {w: sorted(ts)[len(ts) // 2] for w, ts in merged.items()}


def plot(results, threads, out_dir, workloads):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    for family in sorted({w[0] for w in workloads}):
        fig, ax = plt.subplots(figsize=(7, 4.5))
        cases = sorted({w[1] for w in workloads if w[0] == family})
        # A color per library, a line style per case.
        for color, (lib, times) in enumerate(results.items()):
            for style, case in zip(["-", "--", ":"], cases):
                points = sorted((n, t) for (f, c, n), t in times.items()
                                if f == family and c == case)
                if points:
                    ax.plot([p[0] for p in points],
                            [p[1] * 1e3 for p in points], marker="o",
                            color="C%d" % color, linestyle=style,
                            label="%s %s" % (lib, case))
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("size")
        ax.set_ylabel("ms per call (median)")
        ax.set_title("%s, %d thread%s" % (family, threads,
                                          "" if threads == 1 else "s"))
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, "%s-%dt.png" % (family, threads)))
        plt.close(fig)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build", nargs="?")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default="bench/plots")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--worker")
    parser.add_argument("--tnp-blas", default=mkl_beside_python(),
                        help="the BLAS tnp's products call (TNP_BLAS); "
                        "default: pip's MKL beside this Python, if any")
    args = parser.parse_args()
    if args.worker:
        return run_peer(args.worker, int(args.threads), asked_workloads())

    workloads = [(f, c, n) for f, c, sizes, quick in WORKLOADS
                 for n in (quick if args.quick else sizes)]
    os.makedirs(args.out, exist_ok=True)
    for threads in map(int, args.threads.split(",")):
        runs, names = {}, {}
        for turn in range(args.rounds):
            backend = measure_round(args.build, threads, workloads,
                                    args.tnp_blas, turn, runs, names)
        results = {lib: median_of(r) for lib, r in runs.items()}
        if "tnp eager" not in results:
            raise SystemExit("tnp-bench-compare did not run")
        eager, traced = results["tnp eager"], results["tnp traced"]
        print("\n%d thread%s, medians of %d processes per library; peers: %s" % (
            threads, "" if threads == 1 else "s", args.rounds,
            "; ".join(names.values()) or "none"))
        print("tnp's products: %s" % backend)
        header = ["workload", "size", "tnp eager", "tnp traced"] + \
            [lib for lib in PEERS if lib in results] + ["peer/tnp"]
        print(("%-22s %8s" + " %10s" * (len(header) - 2)) % tuple(header))
        for w in workloads:
            if w not in eager:
                continue  # tnp's process stopped before it (said above)
            tnp_best = min(eager[w], traced[w])
            peers = [results[lib][w] for lib in PEERS
                     if lib in results and w in results[lib]]
            row = [eager[w] * 1e3, traced[w] * 1e3] + [
                results[lib].get(w, float("nan")) * 1e3
                for lib in PEERS if lib in results]
            ratio = min(peers) / tnp_best if peers else float("nan")
            print(("%-22s %8d" + " %10.4f" * len(row) + " %10.2f") % (
                (w[0] + " " + w[1], w[2]) + tuple(row) + (ratio,)))
        try:
            plot(results, threads, args.out, workloads)
        except ImportError:
            print("no matplotlib: no plots")


if __name__ == "__main__":
    sys.exit(main())
