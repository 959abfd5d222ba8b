#!/usr/bin/env python3
"""Before/after medians of the tnp-bench-* programs from one interleaved run.

Usage: bench/before_after.py BEFORE_BUILD AFTER_BUILD [--runs N] [NAME ...]

Runs build/bench/tnp-bench-NAME of both builds in turn, N times each
(alternating, so that both see the same machine state), and prints, for
every number each program prints, its median over the runs in each build
and the ratio after/before. A line's label is its words; its numbers are
numbered left to right (#0, #1, ...), as the program prints them.
"""
import argparse
import re
import statistics
import subprocess
import sys

NUMBER = re.compile(r"^-?\d+(\.\d+)?(e-?\d+)?$")


def numbers_by_label(output):
    """{(label, index): value} for each line of a program's output."""
    table = {}
    for line in output.splitlines():
        words = line.split()
        values = [float(w) for w in words if NUMBER.match(w)]
        label = " ".join(w for w in words if not NUMBER.match(w))
        # The size column of a table row names the row.
        if words and NUMBER.match(words[0]):
            label = words[0] + " " + label
            values = values[1:]
        for i, v in enumerate(values):
            table[(label, i)] = v
    return table


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("names", nargs="*",
                        default=["eager", "trace", "vectorize", "autodiff",
                                 "indexing", "interop"])
    args = parser.parse_intermixed_args()
    for name in args.names:
        runs = {"before": [], "after": []}
        for _ in range(args.runs):
            for which in ("before", "after"):
                build = getattr(args, which)
                program = f"{build}/bench/tnp-bench-{name}"
                out = subprocess.run([program], capture_output=True,
                                     text=True, check=True).stdout
                runs[which].append(numbers_by_label(out))
        print(f"== tnp-bench-{name}: medians of {args.runs} interleaved runs")
        print(f"{'before':>12} {'after':>12} {'after/before':>12}  line #value")
        for key in runs["before"][0]:
            before = [r[key] for r in runs["before"] if key in r]
            after = [r[key] for r in runs["after"] if key in r]
            if len(before) != args.runs or len(after) != args.runs:
                continue
            b, a = statistics.median(before), statistics.median(after)
            ratio = a / b if b else float("nan")
            print(f"{b:12.4g} {a:12.4g} {ratio:12.2f}  {key[0]} #{key[1]}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
