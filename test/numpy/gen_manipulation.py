"""Cases for tnp's manipulation functions: concatenate (mixed dtypes too),
stack, split (sections and indices), expand_dims, squeeze, reshape (with
-1), ravel, T, transpose (axes), broadcast_to; flip, fliplr, flipud, roll,
moveaxis, swapaxes, rot90, atleast_1d/2d/3d, hstack, vstack, dstack,
hsplit, vsplit, dsplit, append, tile, repeat, broadcast_arrays, flatten,
pad (every mode, widths past the axis), and their errors."""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (  # noqa: E402
    BF16, Cases, numpy_error, outdir_from_argv, small_array)

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
# Traced with static sizes, whole tiles of a vector's lanes a side (16 x 16
# of 32-bit elements, 8 x 8 of 64-bit ones with AVX-512) are transposed in
# registers; sizes off the tile, and 8- and 16-bit elements, use scalars.
for shape, axes, dtype in [((32, 48), (1, 0), "float32"),
                           ((48, 32), (1, 0), "int32"),
                           ((16, 24), (1, 0), "float64"),
                           ((24, 40), (1, 0), "int64"),
                           ((33, 48), (1, 0), "float32"),
                           ((3, 32, 48), (0, 2, 1), "float32"),
                           ((32, 3, 48), (2, 1, 0), "float32"),
                           ((48, 32), (1, 0), "int16")]:
    x = arr(shape, dtype)
    c.case("transpose_tiles_%s_%s" % (dtype, tag(shape)), "transpose", [x],
           {"axes": axes}, np.transpose(x, axes))
c.case("transpose_empty", "transpose", [arr((0, 2, 3), "int8")],
       {"axes": (2, 0, 1)}, np.transpose(arr((0, 2, 3), "int8"), (2, 0, 1)))

# broadcast_to
for src, shape in [((3,), (2, 3)), ((), (2, 2)), ((2, 1), (2, 4)),
                   ((1,), (0,)), ((2, 3), (2, 3)), ((1, 3), (4, 2, 3)),
                   ((3, 1), (3, 0))]:
    x = arr(src, "int16")
    c.case("broadcast_to_%s_%s" % (tag(src), tag(shape)), "broadcast_to",
           [x], {"shape": shape}, np.broadcast_to(x, shape))

def error_case(name, fn, inputs, args, f):
    c.case(name, fn, inputs, args, raises=numpy_error(f))


a234 = arr((2, 3, 4), "int32")
m23 = arr((2, 3), "float32")

# flip, fliplr, flipud
for axis in [None, 0, 1, -1]:
    args = {} if axis is None else {"axis": axis}
    c.case("flip_axis_%s" % str(axis).replace("-", "m"), "flip", [a234], args,
           np.flip(a234, axis))
for axes in [(0, 2), (), (-1, 0)]:
    c.case("flip_axes_%s" % "_".join(map(str, axes)).replace("-", "m"),
           "flip", [a234], {"axes": axes}, np.flip(a234, axes))
c.case("flip_0d", "flip", [np.array(2.5)], {}, np.flip(np.array(2.5)))
c.case("flip_empty", "flip", [arr((0, 3), "bool")], {"axis": 1},
       np.flip(arr((0, 3), "bool"), 1))
error_case("flip_axis_error", "flip", [m23], {"axis": 3},
           lambda: np.flip(m23, 3))
error_case("flip_repeated", "flip", [m23], {"axes": (0, 0)},
           lambda: np.flip(m23, (0, 0)))
for fn, f in [("fliplr", np.fliplr), ("flipud", np.flipud)]:
    c.case(fn + "_2d", fn, [m23], {}, f(m23))
    c.case(fn + "_3d", fn, [a234], {}, f(a234))
error_case("fliplr_1d", "fliplr", [arr((3,))], {},
           lambda: np.fliplr(arr((3,))))
error_case("flipud_0d", "flipud", [np.array(1.0)], {},
           lambda: np.flipud(np.array(1.0)))

# roll
for shift, axis in [(1, None), (-2, None), (5, 0), (-1, 1), (7, 2), (0, 1),
                    (3, -1)]:
    args = {"shift": shift}
    if axis is not None:
        args["axis"] = axis
    c.case("roll_%d_%s" % (shift, str(axis)), "roll", [a234], args,
           np.roll(a234, shift, axis))
for shifts, axes in [((1, 2), (0, 1)), ((1, -1), (2, 2)), ((2,), (0, 2)),
                     ((), (0,)), ((1,), ()), ((), ())]:
    c.case("roll_multi_%s_%s" % ("_".join(map(str, shifts)),
                                 "_".join(map(str, axes))),
           "roll", [a234], {"shifts": shifts, "axes": axes},
           np.roll(a234, shifts, axes))
c.case("roll_empty", "roll", [arr((0, 2))], {"shift": 3, "axis": 0},
       np.roll(arr((0, 2)), 3, 0))
c.case("roll_0d", "roll", [np.array(4, "int8")], {"shift": 2},
       np.roll(np.array(4, "int8"), 2))
error_case("roll_axis_error", "roll", [m23], {"shift": 1, "axis": 5},
           lambda: np.roll(m23, 1, 5))
error_case("roll_mismatch", "roll", [a234],
           {"shifts": (1, 2), "axes": (0, 1, 1)},
           lambda: np.roll(a234, (1, 2), (0, 1, 1)))

# moveaxis, swapaxes
for src, dst in [(0, 2), (-1, 0), (1, 1)]:
    c.case("moveaxis_%d_%d" % (src, dst), "moveaxis", [a234],
           {"source": src, "destination": dst}, np.moveaxis(a234, src, dst))
for src, dst in [((0, 1), (2, 0)), ((2, 0), (0, 1)), ((), ())]:
    c.case("moveaxis_multi_%s_%s" % ("_".join(map(str, src)),
                                     "_".join(map(str, dst))),
           "moveaxis", [a234], {"sources": src, "destinations": dst},
           np.moveaxis(a234, src, dst))
error_case("moveaxis_axis_error", "moveaxis", [m23],
           {"source": 0, "destination": 5}, lambda: np.moveaxis(m23, 0, 5))
error_case("moveaxis_lengths", "moveaxis", [m23],
           {"sources": (0, 1), "destinations": (0,)},
           lambda: np.moveaxis(m23, (0, 1), (0,)))
error_case("moveaxis_repeated", "moveaxis", [m23],
           {"sources": (0, 0), "destinations": (0, 1)},
           lambda: np.moveaxis(m23, (0, 0), (0, 1)))
for a1, a2 in [(0, 2), (-1, 1), (1, 1)]:
    c.case("swapaxes_%d_%d" % (a1, a2), "swapaxes", [a234],
           {"axis1": a1, "axis2": a2}, np.swapaxes(a234, a1, a2))
error_case("swapaxes_axis_error", "swapaxes", [m23],
           {"axis1": 0, "axis2": 5}, lambda: np.swapaxes(m23, 0, 5))

# rot90
for k in [1, 2, 3, 4, -1, 5]:
    c.case("rot90_k%d" % k, "rot90", [m23], {"k": k},
           np.rot90(m23, k).copy())
for axes in [(1, 2), (2, 0), (-1, 0)]:
    c.case("rot90_axes_%s" % "_".join(map(str, axes)).replace("-", "m"),
           "rot90", [a234], {"axes": axes}, np.rot90(a234, 1, axes).copy())
error_case("rot90_one_axis", "rot90", [m23], {"axes": (0,)},
           lambda: np.rot90(m23, 1, (0,)))
error_case("rot90_same_axes", "rot90", [a234], {"axes": (0, -3)},
           lambda: np.rot90(a234, 1, (0, -3)))
error_case("rot90_axes_range", "rot90", [m23], {"axes": (0, 2)},
           lambda: np.rot90(m23, 1, (0, 2)))

# atleast_1d/2d/3d
for shape in [(), (3,), (2, 3), (2, 3, 4)]:
    x = arr(shape, "int16")
    for fn, f in [("atleast_1d", np.atleast_1d), ("atleast_2d", np.atleast_2d),
                  ("atleast_3d", np.atleast_3d)]:
        c.case("%s_%s" % (fn, tag(shape)), fn, [x], {}, f(x))
parts = [np.array(1.0), arr((2,)), arr((2, 2))]
c.case("atleast_3d_list", "atleast_3d_list", parts, {},
       list(np.atleast_3d(*parts)))

# hstack, vstack, dstack
for fn, f in [("hstack", np.hstack), ("vstack", np.vstack),
              ("dstack", np.dstack)]:
    for label, parts in [
            ("1d", [arr((2,)), arr((3,))] if fn == "hstack"
             else [arr((3,)), arr((3,))]),
            ("2d", [arr((2, 3)), arr((2, 3), "int8")]),
            ("0d", [np.array(1.0), np.array(2.0)]),
            ("3d", [arr((2, 3, 1)), arr((2, 3, 1))])]:
        c.case("%s_%s" % (fn, label), fn, parts, {}, f(parts))
error_case("vstack_mismatch", "vstack", [arr((2,)), arr((3,))], {},
           lambda: np.vstack([arr((2,)), arr((3,))]))
error_case("hstack_empty", "hstack", [], {}, lambda: np.hstack([]))

# hsplit, vsplit, dsplit
a246 = arr((2, 4, 6), "float32")
for fn, f in [("hsplit", np.hsplit), ("vsplit", np.vsplit),
              ("dsplit", np.dsplit)]:
    c.case(fn + "_sections", fn, [a246], {"sections": 2}, f(a246, 2))
    c.case(fn + "_indices", fn, [a246], {"indices": (1, 3)},
           f(a246, [1, 3]))
a6 = arr((6,))
c.case("hsplit_1d", "hsplit", [a6], {"sections": 3}, np.hsplit(a6, 3))
error_case("hsplit_0d", "hsplit", [np.array(1.0)], {"sections": 1},
           lambda: np.hsplit(np.array(1.0), 1))
error_case("vsplit_1d", "vsplit", [arr((4,))], {"sections": 2},
           lambda: np.vsplit(arr((4,)), 2))
error_case("dsplit_2d", "dsplit", [m23], {"sections": 1},
           lambda: np.dsplit(m23, 1))
error_case("hsplit_unequal", "hsplit", [a246], {"sections": 3},
           lambda: np.hsplit(a246, 3))

# append
for label, x, v, axis in [("flat", m23, arr((2,), "int8"), None),
                          ("axis0", m23, arr((1, 3)), 0),
                          ("axis1", m23, arr((2, 2), "float32"), 1),
                          ("0d", np.array(1.5), np.array(2.5), None)]:
    args = {} if axis is None else {"axis": axis}
    c.case("append_" + label, "append", [x, v], args, np.append(x, v, axis))
error_case("append_mismatch", "append", [m23, arr((2, 2))], {"axis": 0},
           lambda: np.append(m23, arr((2, 2)), 0))

# tile
for reps in [(2,), (2, 1), (1, 3, 2), (0, 2), (2, 1, 1, 1)]:
    c.case("tile_%s" % "_".join(map(str, reps)), "tile", [m23],
           {"reps": reps}, np.tile(m23, reps))
b3 = arr((3,), "bool")
c.case("tile_int", "tile", [b3], {"reps_int": 3}, np.tile(b3, 3))
c.case("tile_0d", "tile", [np.array(7, "int64")], {"reps": (2, 2)},
       np.tile(np.array(7, "int64"), (2, 2)))
error_case("tile_negative", "tile", [m23], {"reps": (-1,)},
           lambda: np.tile(m23, (-1,)))

# repeat
for repeats, axis in [(2, None), (3, 0), (2, 1), (0, 1), (1, -1)]:
    args = {"repeats": repeats}
    if axis is not None:
        args["axis"] = axis
    c.case("repeat_%d_%s" % (repeats, str(axis).replace("-", "m")), "repeat",
           [m23], args, np.repeat(m23, repeats, axis))
c.case("repeat_counts", "repeat", [m23], {"counts": (1, 0, 3), "axis": 1},
       np.repeat(m23, [1, 0, 3], 1))
i22 = arr((2, 2), "int8")
c.case("repeat_counts_flat", "repeat", [i22], {"counts": (2, 1, 0, 1)},
       np.repeat(i22, [2, 1, 0, 1]))
c.case("repeat_0d", "repeat", [np.array(True)], {"repeats": 3},
       np.repeat(np.array(True), 3))
error_case("repeat_negative", "repeat", [m23], {"repeats": -1},
           lambda: np.repeat(m23, -1))
error_case("repeat_negative_count", "repeat", [m23],
           {"counts": (1, -1), "axis": 0},
           lambda: np.repeat(m23, [1, -1], 0))
error_case("repeat_count_mismatch", "repeat", [m23],
           {"counts": (1, 2, 3), "axis": 0},
           lambda: np.repeat(m23, [1, 2, 3], 0))
error_case("repeat_axis_error", "repeat", [m23], {"repeats": 2, "axis": 2},
           lambda: np.repeat(m23, 2, 2))

# broadcast_arrays and flatten.
for shapes in [[(2, 3), (3,)], [(4, 1), (1, 5), ()], [(2, 0), (1,)], [(3,)]]:
    xs = [arr(s, d) for s, d in zip(shapes, ["float64", "int8", "bool"])]
    c.case("broadcast_arrays_" + "_".join(tag(s) for s in shapes),
           "broadcast_arrays", xs, {}, list(np.broadcast_arrays(*xs)))
error_case("broadcast_arrays_mismatch", "broadcast_arrays",
           [arr((2, 3)), arr((1, 3)), arr((4,))], {},
           lambda: np.broadcast_arrays(arr((2, 3)), arr((1, 3)), arr((4,))))
for shape in [(), (3,), (2, 3, 2), (2, 0)]:
    x = arr(shape, "int16")
    c.case("flatten_" + tag(shape), "flatten", [x], {}, x.flatten())
    # ndim, shape, size; TF's isscalar is ndim == 0.
    c.case("ndim_" + tag(shape), "ndim", [x], {}, np.asarray(np.ndim(x)))
    c.case("shape_" + tag(shape), "shape", [x], {},
           np.asarray(np.shape(x), np.int64))
    c.case("size_" + tag(shape), "size", [x], {}, np.asarray(np.size(x)))
    for axis in range(-len(shape), len(shape)):
        c.case("size_%s_axis%d" % (tag(shape), axis), "size", [x],
               {"axis": axis}, np.asarray(np.size(x, axis)))
    c.case("isscalar_" + tag(shape), "isscalar", [x], {},
           np.asarray(np.ndim(x) == 0))
error_case("size_axis_range", "size", [arr((2, 3))], {"axis": 2},
           lambda: np.size(arr((2, 3)), 2))

# pad: each mode, widths wider than the axis, per-axis pairs, 0-width.
for mode in ["constant", "edge", "reflect", "symmetric", "wrap"]:
    for shape, width in [((5,), (2, 3)), ((3, 4), ((1, 2), (0, 3))),
                         ((2, 3), (7, 8)), ((1, 3), 2), ((0,), 0),
                         ((2, 2, 3), ((1, 0), (2, 2), (0, 1)))]:
        for dtype in ["float64", "int32", "bool", "complex64"]:
            x = arr(shape, dtype)
            if isinstance(width, int):
                args = {"width": width}
            elif isinstance(width[0], int):
                args = {"widths": width}
            else:
                args = {"widths": [v for pair in width for v in pair]}
            args["mode"] = mode
            name = "pad_%s_%s_%s_%s" % (mode, tag(shape), dtype,
                                        str(width).replace(" ", ""))
            c.case(name, "pad", [x], args, np.pad(x, width, mode))
x = arr((2, 3), "float32")
c.case("pad_constant_value", "pad", [x, 2.5], {"width": 1}, np.pad(x, 1,
       constant_values=2.5))
i3 = arr((3,), "int8")
c.case("pad_constant_int_value", "pad", [i3, 7], {"widths": (2, 1)},
       np.pad(i3, (2, 1), constant_values=7))
error_case("pad_negative", "pad", [x], {"width": -1},
           lambda: np.pad(x, -1))
error_case("pad_mode", "pad", [x], {"width": 1, "mode": "foo"},
           lambda: np.pad(x, 1, "foo"))
error_case("pad_widths", "pad", [x], {"widths": (1, 1, 1, 1, 1, 1)},
           lambda: np.pad(x, ((1, 1), (1, 1), (1, 1))))
c.case("pad_constant_pairs", "pad", [x, np.array([1.0, 2.0])], {"width": 1},
       raises=("NotImplementedError", "constant_values must be a scalar"))
c.case("pad_empty_axis", "pad", [arr((0, 2))], {"width": 1, "mode": "edge"},
       raises=("ValueError", "can't extend empty axis 0 using modes other "
               "than 'constant' or 'empty'"))

c.write()
