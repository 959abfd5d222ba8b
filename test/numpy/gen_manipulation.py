"""Cases for tnp's manipulation functions: concatenate (mixed dtypes too),
stack, split (sections and indices), expand_dims, squeeze, reshape (with
-1), ravel, T, transpose (axes), broadcast_to."""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import BF16, Cases, outdir_from_argv, small_array  # noqa: E402

c = Cases(outdir_from_argv())
rng = np.random.default_rng(1234)


def arr(shape, dtype="float64"):
    return small_array(rng, shape, dtype)


def tag(shape):
    return "x".join(map(str, shape)) or "0d"


# concatenate
for dtype in ["float64", "int32", "bool", "complex64", "float16", "uint8"]:
    parts = [arr((2, 3), dtype), arr((1, 3), dtype), arr((4, 3), dtype)]
    c.case("concatenate_axis0_%s" % dtype, "concatenate", parts,
           {"axis": 0}, np.concatenate(parts, axis=0))
for axis in [1, -1]:
    parts = [arr((2, 1)), arr((2, 4)), arr((2, 2))]
    c.case("concatenate_axis%d" % axis, "concatenate", parts, {"axis": axis},
           np.concatenate(parts, axis=axis))
parts = [arr((2, 3, 2)), arr((2, 1, 2))]
c.case("concatenate_3d_axis1", "concatenate", parts, {"axis": 1},
       np.concatenate(parts, axis=1))
for da, db in [("int8", "float32"), ("bool", "int16"), ("uint8", "int8"),
               ("complex64", "float64"), ("int64", "uint64"),
               ("float16", "int16")]:
    parts = [arr((2, 2), da), arr((3, 2), db)]
    c.case("concatenate_%s_%s" % (da, db), "concatenate", parts, {},
           np.concatenate(parts))
parts = [arr((1, 2), "int8"), arr((1, 2), "uint16"), arr((1, 2), "bool")]
c.case("concatenate_three_dtypes", "concatenate", parts, {},
       np.concatenate(parts))
parts = [arr((0, 3)), arr((2, 3)), arr((0, 3))]
c.case("concatenate_empty_parts", "concatenate", parts, {},
       np.concatenate(parts))
parts = [arr((0, 3), "int32"), arr((0, 3), "float32")]
c.case("concatenate_all_empty_mixed", "concatenate", parts, {},
       np.concatenate(parts))
one = arr((3,), "int16")
c.case("concatenate_one", "concatenate", [one], {}, np.concatenate([one]))
parts = [arr((0, 1), "int8"), arr((0, 2), "int8")]
c.case("concatenate_empty_axis1", "concatenate", parts, {"axis": 1},
       np.concatenate(parts, axis=1))
many = [arr((1, 2)) for _ in range(12)]
c.case("concatenate_twelve", "concatenate", many, {}, np.concatenate(many))
bf = [BF16(np.array([1.5, -2.0])), BF16(np.array([0.25]))]
c.case("concatenate_bfloat16", "concatenate", bf, {},
       BF16(np.concatenate([b.values for b in bf])))

# stack
for axis in [0, 1, 2, -1]:
    parts = [arr((2, 3)), arr((2, 3)), arr((2, 3))]
    c.case("stack_axis%d" % axis, "stack", parts, {"axis": axis},
           np.stack(parts, axis=axis))
parts = [arr((2,), "int8"), arr((2,), "float32")]
c.case("stack_mixed", "stack", parts, {}, np.stack(parts))
parts = [np.array(1.5), np.array(-2.0)]
c.case("stack_0d", "stack", parts, {}, np.stack(parts))
parts = [arr((0, 2), "bool"), arr((0, 2), "bool")]
c.case("stack_empty", "stack", parts, {"axis": 1}, np.stack(parts, axis=1))

# split
a62 = arr((6, 4), "int32")
for sections, axis in [(3, 0), (2, 1), (1, 0), (6, 0), (4, -1)]:
    c.case("split_sections%d_axis%d" % (sections, axis), "split", [a62],
           {"sections": sections, "axis": axis},
           np.split(a62, sections, axis=axis))
for indices, axis in [((1, 3), 0), ((2,), 1), ((2, 10), 0), ((-2,), 0),
                      ((), 0), ((4, 1), 0), ((0, 6), 0), ((1, 1), 1)]:
    name = "split_indices_%s_axis%d" % (
        "_".join(str(i).replace("-", "m") for i in indices) or "none", axis)
    c.case(name, "split", [a62], {"indices": indices, "axis": axis},
           np.split(a62, list(indices), axis=axis))
e03 = arr((0, 3))
c.case("split_empty_axis0", "split", [e03], {"sections": 3},
       np.split(e03, 3))

# expand_dims, squeeze
a23 = arr((2, 3), "float32")
for axis in [0, 1, 2, -1, -3]:
    c.case("expand_dims_%d" % axis, "expand_dims", [a23], {"axis": axis},
           np.expand_dims(a23, axis))
c.case("expand_dims_0d", "expand_dims", [np.array(3, np.int16)], {"axis": 0},
       np.expand_dims(np.array(3, np.int16), 0))
a131 = arr((1, 3, 1, 2), "uint8")
for fn in ["squeeze", "ndarray.squeeze"]:
    c.case("%s_all" % fn, fn, [a131], {}, np.squeeze(a131))
    for axis in [0, 2, -2]:
        c.case("%s_axis%d" % (fn, axis), fn, [a131], {"axis": axis},
               np.squeeze(a131, axis))
c.case("squeeze_0d", "squeeze", [np.array(2.5)], {}, np.squeeze(2.5))
ones = arr((1, 1), "bool")
c.case("squeeze_all_ones", "squeeze", [ones], {}, np.squeeze(ones))

# reshape, ravel
a24 = arr((2, 3, 4), "int64")
for shape in [(6, 4), (-1,), (4, -1), (2, -1, 3), (24, 1), (1, 2, 1, 12)]:
    for fn in ["reshape", "ndarray.reshape"]:
        c.case("%s_%s" % (fn, tag(shape).replace("-", "m")), fn, [a24],
               {"shape": shape}, np.reshape(a24, shape))
c.case("reshape_to_0d", "reshape", [np.array([7.0])], {"shape": ()},
       np.reshape(np.array([7.0]), ()))
c.case("reshape_from_0d", "reshape", [np.array(7.0)], {"shape": (1, 1)},
       np.reshape(np.array(7.0), (1, 1)))
c.case("reshape_empty", "reshape", [arr((0, 3))], {"shape": (3, 0, 2)},
       np.reshape(arr((0, 3)), (3, 0, 2)))
c.case("reshape_empty_minus1", "reshape", [arr((0, 3))], {"shape": (-1,)},
       np.reshape(arr((0, 3)), (-1,)))
for fn in ["ravel", "ndarray.ravel"]:
    c.case("%s_3d" % fn, fn, [a24], {}, np.ravel(a24))
    c.case("%s_0d" % fn, fn, [np.array(True)], {}, np.ravel(True))

# T, transpose
for shape in [(2, 3), (2, 3, 4), (5,), ()]:
    x = arr(shape, "complex128" if len(shape) == 2 else "float64")
    c.case("T_%s" % tag(shape), "ndarray.T", [x], {}, x.T)
    c.case("transpose_%s" % tag(shape), "transpose", [x], {}, np.transpose(x))
for axes in [(1, 0, 2), (2, 0, 1), (0, 1, 2), (-1, 0, 1), (0, -1, -2)]:
    for fn in ["transpose", "ndarray.transpose"]:
        c.case("%s_%s" % (fn, "_".join(map(str, axes)).replace("-", "m")),
               fn, [a24], {"axes": axes}, np.transpose(a24, axes))
c.case("transpose_empty", "transpose", [arr((0, 2, 3), "int8")],
       {"axes": (2, 0, 1)}, np.transpose(arr((0, 2, 3), "int8"), (2, 0, 1)))

# broadcast_to
for src, shape in [((3,), (2, 3)), ((), (2, 2)), ((2, 1), (2, 4)),
                   ((1,), (0,)), ((2, 3), (2, 3)), ((1, 3), (4, 2, 3)),
                   ((3, 1), (3, 0))]:
    x = arr(src, "int16")
    c.case("broadcast_to_%s_%s" % (tag(src), tag(shape)), "broadcast_to",
           [x], {"shape": shape}, np.broadcast_to(x, shape))

c.write()
