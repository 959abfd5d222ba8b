"""Cases for the accuracy of long float sums: np.sum, np.mean, np.var and
np.std of 10**7 and 2**25 float32 and float16 elements, over every axis of
a vector, a wide and a tall matrix (long rows; long columns).

tnp's result has NumPy's dtype and shape, and is at least as close to the
exact result (the float64 reduction of the same values, which errs by
about 1e-16, rounded to the dtype) as NumPy's, or within a few ulp of it
(numpy_check.cpp: compareSums). NumPy's own column sums (axis 0 of a tall
matrix) add one row at a time and err by up to 7.6e5 ulp here. A sum that adds one element at
a time in float32 fails both: 2**25 ones sum to 16777216, 10**7 copies of
0.1 to 1087937 (8.8% off). The operands are patterns tnp-numpy-check
generates itself (npcase.Pattern), so no large file is written.
"""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import Cases, Pattern, outdir_from_argv  # noqa: E402

c = Cases(outdir_from_argv())


def args_of(axis):
    return {} if axis is None else {"axis": axis}

# (kind, param) per dtype: values whose sums stay in range (float16's largest
# value is 65504, so its elements are small).
PATTERNS = {
    "float32": [("fill", 1.0), ("fill", 0.1), ("hash", 10)],
    "float16": [("fill", 0.001), ("hash", 20)],
}
REDUCTIONS = {"sum": np.sum, "mean": np.mean, "var": np.var, "std": np.std}

for dtype, patterns in PATTERNS.items():
    for size in [10**7, 2**25]:
        for shape, axis in [((size,), None), ((size,), 0),
                            ((4, size // 4), 1), ((size // 4, 4), 0)]:
            for kind, param in patterns:
                p = Pattern(kind, param, dtype, shape)
                x = p.values()
                x64 = x.astype(np.float64)
                for name, f in REDUCTIONS.items():
                    args = args_of(axis)
                    tag = "%s_%s_%s_%s_%s" % (
                        name, dtype, "x".join(map(str, shape)),
                        "all" if axis is None else "axis%d" % axis,
                        kind + str(param).replace(".", "p"))
                    exact = np.asarray(f(x64, **args)).astype(dtype)
                    args["exact"] = c.save(exact)
                    c.case(tag, name, [p], args,
                           expect=np.asarray(f(x, **args_of(axis))))

c.write()
