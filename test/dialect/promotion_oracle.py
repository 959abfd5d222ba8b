"""Checks tnp's four promotion modes against their references.

tnp-dtypes answers one query per line (see tools/tnp-dtypes); this script
asks it about every pair of the 15 dtypes and each dtype with C++ literals,
and compares with:

- numpy mode: NumPy 1.24 itself, np.result_type and the dtype of np.add's
  result, with literals as Python scalars (value-based) at the values where
  np.min_scalar_type changes; under prefer_float32 with TF's np.float32 and
  np.complex64 scalars. NumPy has no bfloat16: those cells are left out.
- all mode: JAX's table (promotion_jax.csv, x64: i*, f*, c* are int64,
  float64 and complex128).
- safe mode: TF-NumPy's safe table (promotion_tf_numpy.csv), error cells
  included, for the strong dtypes and the x64 literals (int64*, float64*,
  complex128*); its all table over the same cells must be tnp's all mode.
- strict mode: TF's rule, restated here: one array dtype, literals that are
  values of it.
- can-cast: np.can_cast for every dtype pair and casting, and for literals.

usage: promotion_oracle.py TNP_DTYPES REFERENCE_DIR
"""
import csv
import os
import subprocess
import sys
import warnings

import numpy as np

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32",
          "int64", "uint64", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
NUMPY_DTYPES = [d for d in DTYPES if d != "bfloat16"]

INTS = [0, 1, -1, 127, 128, 200, 255, 256, -128, -129, 32767, 32768, 65535,
        65536, -32769, 2**31 - 1, 2**31, 2**32, 2**63 - 1, -2**63, 2**63,
        2**64 - 1]
FLOATS = [0.0, 1.5, -1.5, 64999.0, 65000.0, -65000.0, 1e5, 3.3e38, 3.5e38,
          1e300, float("inf"), float("nan")]
COMPLEXES = [1j, 1.5 - 2j, 1e39 + 0j, complex(float("nan"), 0)]
LITERALS = [True, False] + INTS + FLOATS + COMPLEXES


def spell(x):
    """A literal as tnp-dtypes reads it."""
    if isinstance(x, bool):
        return "b:%d" % x
    if isinstance(x, int):
        return ("u:%d" if x > 2**63 - 1 else "i:%d") % x
    if isinstance(x, float):
        return "f:%r" % x
    return "c:%r:%r" % (x.real, x.imag)


def numpy_answer(fn):
    """fn()'s dtype name, or "error" when NumPy raises."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return np.dtype(fn()).name
        except (TypeError, OverflowError, ValueError):
            return "error"


def as_f32(x):
    """TF's prefer_float32: Python floats and complexes become float32 and
    complex64 NumPy scalars."""
    with np.errstate(all="ignore"):
        if isinstance(x, float):
            return np.float32(x)
        if isinstance(x, complex):
            return np.complex64(x)
    return x


class Checker:
    def __init__(self):
        self.queries = []
        self.expected = []
        self.counts = {}

    def expect(self, group, query, answer):
        self.queries.append(query)
        self.expected.append(answer)
        self.counts[group] = self.counts.get(group, 0) + 1

    def run(self, tool):
        out = subprocess.run([tool, "query"], input="\n".join(self.queries),
                             capture_output=True, text=True, check=True)
        got = out.stdout.splitlines()
        if len(got) != len(self.queries):
            return ["tnp-dtypes answered %d of %d queries" %
                    (len(got), len(self.queries))]
        wrong = []
        for q, want, have in zip(self.queries, self.expected, got):
            have_kind = "error" if have.startswith("error") else have
            if have_kind != want:
                wrong.append("%s: tnp says %s, expected %s" % (q, have, want))
        return wrong


def numpy_mode(c):
    arrays = {d: np.zeros(2, d) for d in NUMPY_DTYPES}
    for a in NUMPY_DTYPES:
        for b in NUMPY_DTYPES:
            q = "promote numpy %s %s" % (a, b)
            c.expect("numpy", q, np.result_type(arrays[a], arrays[b]).name)
            c.expect("numpy", q,
                     numpy_answer(lambda: np.add(arrays[a], arrays[b]).dtype))
        for lit in LITERALS:
            for mode, value in [("numpy", lit), ("numpy+f32", as_f32(lit))]:
                for q, ops in [
                        ("%s %s" % (a, spell(lit)), (arrays[a], value)),
                        ("%s %s" % (spell(lit), a), (value, arrays[a]))]:
                    query = "promote %s %s" % (mode, q)
                    c.expect("numpy", query,
                             numpy_answer(lambda: np.result_type(*ops)))
                    c.expect("numpy", query,
                             numpy_answer(lambda: np.add(*ops).dtype))
    # np.result_type of three dtypes is not np.promote_types folded
    # pairwise: (int8, uint8, float16) is float16, not float32.
    for a in NUMPY_DTYPES:
        for b in NUMPY_DTYPES:
            for d in NUMPY_DTYPES:
                c.expect("numpy-triples", "promote numpy %s %s %s" % (a, b, d),
                         np.result_type(a, b, d).name)
    for x in [True, 1, 1.5, 1j]:
        for y in [True, 1, 1.5, 1j]:
            q = "%s %s" % (spell(x), spell(y))
            c.expect("numpy", "promote numpy " + q,
                     numpy_answer(lambda: np.result_type(x, y)))
            c.expect("numpy", "promote numpy+f32 " + q,
                     numpy_answer(lambda: np.result_type(as_f32(x),
                                                         as_f32(y))))


def read_table(path):
    """{(row, column): cell} of a reference CSV (two comment lines first);
    with a mode column, keys are (mode, row, column)."""
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if not r[0].startswith("#")]
    header = rows[0]
    moded = header[0] == "mode"
    names = header[2:] if moded else header[1:]
    table = {}
    for r in rows[1:]:
        key = (r[0], r[1]) if moded else (r[0],)
        cells = r[2:] if moded else r[1:]
        for name, cell in zip(names, cells):
            table[key + (name,)] = cell
    return table


JAX_OPERANDS = {d: d for d in DTYPES}
JAX_OPERANDS.update({"i*": "i:1", "f*": "f:1.0", "c*": "c:0.0:1.0"})
JAX_DTYPE = {"i*": "int64", "f*": "float64", "c*": "complex128"}


def all_mode(c, reference):
    table = read_table(os.path.join(reference, "promotion_jax.csv"))
    for (a, b), cell in table.items():
        q = "promote all %s %s" % (JAX_OPERANDS[a], JAX_OPERANDS[b])
        c.expect("all", q, JAX_DTYPE.get(cell, cell))


TF_OPERANDS = {d: d for d in DTYPES}
TF_OPERANDS.update({"int64*": "i:1", "float64*": "f:1.0",
                    "complex128*": "c:0.0:1.0"})


def safe_mode(c, reference):
    table = read_table(os.path.join(reference, "promotion_tf_numpy.csv"))
    for (mode, a, b), cell in table.items():
        if a not in TF_OPERANDS or b not in TF_OPERANDS:
            continue
        q = "promote %s %s %s" % (mode, TF_OPERANDS[a], TF_OPERANDS[b])
        c.expect("safe" if mode == "safe" else "tf-all", q,
                 cell.rstrip("*"))


KIND = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def strict_answer(a, lit):
    """TF's strict rule for an array of dtype `a` and a literal."""
    kind = KIND[np.dtype(a).kind]
    lit_kind = KIND[np.asarray(lit).dtype.kind]
    if lit_kind > kind:
        return "error"
    if isinstance(lit, int) and not isinstance(lit, bool) and kind == 1:
        info = np.iinfo(a)
        if not info.min <= lit <= info.max:
            return "error"
    return a


def strict_mode(c):
    for a in DTYPES:
        for b in DTYPES:
            c.expect("strict", "promote strict %s %s" % (a, b),
                     a if a == b else "error")
        if a == "bfloat16":
            continue
        for lit in LITERALS:
            if isinstance(lit, int) and lit > 2**63 - 1:
                continue
            c.expect("strict", "promote strict %s %s" % (a, spell(lit)),
                     strict_answer(a, lit))


CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def can_cast(c):
    for a in NUMPY_DTYPES:
        for b in NUMPY_DTYPES:
            for k in CASTINGS:
                c.expect("can-cast", "can-cast %s %s %s" % (k, a, b),
                         "1" if np.can_cast(a, b, k) else "0")
    for lit in LITERALS:
        if isinstance(lit, int) and lit > 2**63 - 1:
            continue
        for b in NUMPY_DTYPES:
            for k in ["safe", "same_kind"]:
                c.expect("can-cast", "can-cast %s %s %s" % (k, spell(lit), b),
                         "1" if np.can_cast(lit, b, k) else "0")


def main():
    tool, reference = sys.argv[1], sys.argv[2]
    c = Checker()
    numpy_mode(c)
    all_mode(c, reference)
    safe_mode(c, reference)
    strict_mode(c)
    can_cast(c)
    wrong = c.run(tool)
    print("\n".join(wrong))
    counts = ", ".join("%s %d" % kv for kv in sorted(c.counts.items()))
    print("%d cases checked (%s), %d wrong" % (len(c.queries), counts,
                                                len(wrong)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
