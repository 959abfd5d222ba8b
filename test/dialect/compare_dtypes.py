"""Compares tnp-dtypes' tables with NumPy's promote_types and can_cast.

Every pair of NumPy's 14 dtypes must match exactly. bfloat16, which NumPy
lacks, must follow the documented rule: it holds 8 significant bits and
float32's exponent range, so it is safe from bool/int8/uint8 and to
float32/float64/complex, and promotes with float16 to float32.
"""
import csv
import sys

import numpy as np


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    names = rows[0][1:]
    return {(r[0], b): v for r in rows[1:] for b, v in zip(names, r[1:])}, names


promote, names = read(sys.argv[1])
cast, _ = read(sys.argv[2])
numpy_names = [n for n in names if n != "bfloat16"]
errors = []
for a in numpy_names:
    for b in numpy_names:
        want = np.promote_types(a, b).name
        if promote[a, b] != want:
            errors.append(f"promote({a}, {b}) = {promote[a, b]}, NumPy says {want}")
        want_cast = "1" if np.can_cast(a, b, "safe") else "0"
        if cast[a, b] != want_cast:
            errors.append(f"can_cast({a}, {b}) = {cast[a, b]}, NumPy says {want_cast}")

bf16_from = {"bool", "int8", "uint8", "bfloat16"}
bf16_to = {"bfloat16", "float32", "float64", "complex64", "complex128"}
for n in names:
    if (cast[n, "bfloat16"] == "1") != (n in bf16_from):
        errors.append(f"can_cast({n}, bfloat16) = {cast[n, 'bfloat16']}")
    if (cast["bfloat16", n] == "1") != (n in bf16_to):
        errors.append(f"can_cast(bfloat16, {n}) = {cast['bfloat16', n]}")
if promote["float16", "bfloat16"] != "float32":
    errors.append(f"promote(float16, bfloat16) = {promote['float16', 'bfloat16']}")

print("\n".join(errors))
print(f"{len(numpy_names) ** 2} NumPy pairs and the bfloat16 rule checked, {len(errors)} wrong")
sys.exit(1 if errors else 0)
