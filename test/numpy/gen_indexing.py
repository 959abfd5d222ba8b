"""Cases for NumPy indexing (registry_indexing.cpp reads the index specs):
seeded random index expressions mixing integers, slices (negative steps,
out-of-range bounds), newaxis, ellipsis, Python bools, integer arrays and
bool masks on arrays of rank 0-4 (size-0 axes too), read and updated
(x[i] = v, np.add.at, np.multiply.at, np.minimum.at, np.maximum.at); every
error NumPy raises for a bad index; take, take_along_axis, nonzero, where,
argwhere, flatnonzero, diagonal, cumsum and cumprod; compress, ix_ and
diag_indices."""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import (Cases, numpy_error, outdir_from_argv,  # noqa: E402
                    small_array)

c = Cases(outdir_from_argv())
rng = np.random.default_rng(2025)


def arr(shape, dtype="float64"):
    return small_array(rng, shape, dtype)


class Index:
    """An index expression: the Python items, the spec the checker parses,
    and the arrays it names (operands from `first` on)."""

    def __init__(self, first):
        self.items, self.tokens, self.arrays, self.first = [], [], [], first

    def add(self, item, token):
        self.items.append(item)
        self.tokens.append(token)

    def array(self, a):
        self.add(a, "@%d" % (self.first + len(self.arrays)))
        self.arrays.append(a)

    def spec(self):
        return ",".join(self.tokens) or "()"

    def key(self):
        return tuple(self.items)


def slice_token(s):
    return "s:%s:%s:%s" % tuple("" if v is None else str(v)
                                for v in (s.start, s.stop, s.step))


def random_index(shape, first, arrays=True):
    """A random index on `shape`: a list of kinds, then values in range for
    the axis each kind lands on (an ellipsis takes the axes left over)."""
    rank = len(shape)
    kinds, consumed = [], 0
    choices = ["int", "slice", "slice", "newaxis", "ellipsis", "bool"]
    if arrays:
        choices += ["intarray", "intarray", "mask", "mask"]
    for _ in range(rng.integers(0, rank + 2)):
        k = choices[rng.integers(len(choices))]
        if k == "ellipsis" and "ellipsis" in kinds:
            continue
        width = {"int": 1, "slice": 1, "intarray": 1}.get(k, 0)
        if k == "mask":
            width = int(rng.integers(1, 3))
        if consumed + width > rank:
            continue
        kinds.append((k, width))
        consumed += width
    # The axis each consuming kind starts at; after an ellipsis, counted
    # from the end.
    names = [k for k, _ in kinds]
    e = names.index("ellipsis") if "ellipsis" in names else None
    after = sum(w for _, w in kinds[e + 1:]) if e is not None else 0
    axes, axis = [], 0
    for i, (k, w) in enumerate(kinds):
        if i == e:
            axis = rank - after
        axes.append(axis)
        axis += w
    index = Index(first)
    for (k, w), ax in zip(kinds, axes):
        n = shape[ax] if ax < rank else 0
        if k == "int" and n > 0:
            v = int(rng.integers(-n, n))
            index.add(v, str(v))
        elif k in ("int", "slice"):
            bounds = [None, None] + list(range(-n - 2, n + 3))
            s = slice(bounds[rng.integers(len(bounds))],
                      bounds[rng.integers(len(bounds))],
                      [None, 1, 2, 3, -1, -2][rng.integers(6)])
            index.add(s, slice_token(s))
        elif k == "newaxis":
            index.add(None, "N")
        elif k == "ellipsis":
            index.add(Ellipsis, "E")
        elif k == "bool":
            b = bool(rng.integers(2))
            index.add(b, "T" if b else "F")
        elif k == "intarray":
            ishape = [(), (1,), (3,), (2, 2), (0,), (2, 1)][rng.integers(6)]
            if n == 0:
                ishape = (0,)
            values = rng.integers(-n, max(n, 1), size=ishape)
            index.array(np.asarray(values).astype(
                ["int64", "int32", "uint8", "int16"][rng.integers(4)]
                if n < 128 and values.min(initial=0) >= 0 else "int64"))
        else:  # mask
            index.array(rng.integers(0, 2, size=shape[ax:ax + w]) > 0)
    return index


def traced(index, args):
    """`args`, marked as needing values under trace (tnp-numpy-check
    --trace) when the index holds a bool mask: its result's shape depends on
    the mask's values."""
    if any(a.dtype == bool and a.ndim > 0 for a in index.arrays):
        args = dict(args, traced=0)
    return args


def tag(shape):
    return "x".join(map(str, shape)) or "0d"


DTYPES = ["float64", "int64", "float32", "int32", "uint8", "bool",
          "complex64", "float16", "int8", "uint16"]
SHAPES = [(), (5,), (0,), (4, 3), (3, 0), (2, 3, 4), (2, 1, 3), (3, 2, 2, 2),
          (1, 4, 0, 2), (2, 3, 2, 3)]

# Reads: random expressions (NumPy's errors included) on ranks 0-4.
for shape in SHAPES:
    for j in range(24):
        dtype = DTYPES[(j + len(shape)) % len(DTYPES)]
        x = arr(shape, dtype)
        index = random_index(shape, 1)
        name = "getitem_%s_%d" % (tag(shape), j)
        try:
            want = x[index.key()]
        except Exception:  # noqa: B902 - NumPy's error is the expectation
            c.case(name, "getitem", [x] + index.arrays,
                   {"index": index.spec()},
                   raises=numpy_error(lambda: x[index.key()]))
            continue
        c.case(name, "getitem", [x] + index.arrays, traced(index,
               {"index": index.spec()}), np.array(want))

# The seed's three expressions, and the API's spellings of one index.
x = np.arange(24).reshape(2, 3, 4)
c.case("seed_basic", "getitem", [x], {"index": "1,N,s:1:3:,E"},
       x[1, np.newaxis, 1:3, ...])
mask = np.array([True, False, True])
c.case("seed_boolean", "getitem", [x, mask],
       {"index": "s:::,@1", "traced": 0},
       x[:, (True, False, True)])
i0, i1 = np.array([0, 0, 1]), np.array([0, 1, 1])
c.case("seed_advanced", "getitem", [x, i0, i1], {"index": "1,@1,@2"},
       x[1, (0, 0, 1), np.asarray([0, 1, 1])])
for spec, key in [("1,s:::-1", (1, slice(None, None, -1))),
                  ("@1,N", (i0, None)), ("E,2", (Ellipsis, 2))]:
    c.case("call2_%s" % spec.replace(":", "_").replace(",", "_")
           .replace("@", "a").replace("-", "m"), "getitem.call2", [x, i0],
           {"index": spec}, [x[key]] * 3)
for spec, key in [("1", 1), ("s:1::", slice(1, None)), ("@1", i0),
                  ("N", None), ("E", Ellipsis), ("T", True)]:
    c.case("one_%s" % spec.replace(":", "_").replace("@", "a"),
           "getitem.one", [x, i0], {"index": spec}, [x[key]] * 2)

# Integers among basic indices whose slices alone (the integers' axes
# whole) are a view of x: eagerly that view, then one gather of the
# integers' positions; slices that would copy take the general gather.
z = arr((6, 5, 4), "float32")
for spec, key in [("s:1:5:,2", (slice(1, 5), 2)),
                  ("s:1:5:,-1,N", (slice(1, 5), -1, None)),
                  ("s:2:3:,1,3", (slice(2, 3), 1, 3)),
                  ("E,3", (Ellipsis, 3)),
                  ("s:::,s:::,0", (slice(None), slice(None), 0)),
                  ("N,s:1:4:,-2,E", (None, slice(1, 4), -2, Ellipsis)),
                  ("s:0:0:,1", (slice(0, 0), 1)),
                  ("s::6:2,1,2", (slice(None, 6, 2), 1, 2)),
                  ("s:::-1,0", (slice(None, None, -1), 0))]:
    c.case("integers_of_view_%s" % spec.replace(":", "_").replace(",", "_")
           .replace("-", "m"), "getitem", [z], {"index": spec}, z[key])

# Placement of the arrays' dimensions: together (at the first array) or
# separated by a slice or newaxis (first).
y = arr((2, 3, 4, 5), "int32")
ia, ib = np.array([[0, 1]]), np.array([2, 0])
for spec, key in [("s:::,@1,@2", (slice(None), ia, ib)),
                  ("@1,s:::,@2", (ia, slice(None), ib)),
                  ("s:::,@1,N,@2", (slice(None), ia, None, ib)),
                  ("1,s:::,@2", (1, slice(None), ib)),
                  ("s:::,1,@2", (slice(None), 1, ib)),
                  ("E,@1,@2", (Ellipsis, ia, ib)),
                  ("@1,E,@2", (ia, Ellipsis, ib)),
                  ("s:1::,@1,s:::-1,1", (slice(1, None), ia, slice(None, None,
                                                                    -1), 1))]:
    c.case("placement_%s" % spec.replace(":", "_").replace(",", "_")
           .replace("@", "a").replace("-", "m"), "getitem", [y, ia, ib],
           {"index": spec}, y[key])

# Every error, by name (NumPy's class and message).
e = arr((2, 3), "float32")
errors = {
    "too_many": ("0,0,0", []),
    "int_out_of_bounds": ("2", []),
    "negative_out_of_bounds": ("s:::,-4", []),
    "array_out_of_bounds": ("s:::,@1", [np.array([0, 3])]),
    "array_negative_out_of_bounds": ("@1", [np.array([-3])]),
    "two_ellipses": ("E,E", []),
    "float_scalar": ("f:1.5", []),
    "float_array": ("@1", [np.array([1.0])]),
    "mask_mismatch": ("@1", [np.array([True, False, True])]),
    "mask_mismatch_axis1": ("s:::,@1", [np.array([True, False])]),
    "broadcast_mismatch": ("@1,@2", [np.array([0, 1]), np.array([0, 1, 2])]),
    "step_zero": ("s:::0", []),
}
for name, (spec, arrays) in errors.items():
    items = []
    for t in spec.split(","):
        if t.startswith("@"):
            items.append(arrays[int(t[1:]) - 1])
        elif t == "E":
            items.append(Ellipsis)
        elif t.startswith("s:"):
            items.append(slice(*[int(v) if v else None
                                 for v in t.split(":")[1:]]))
        elif t.startswith("f:"):
            items.append(float(t[2:]))
        else:
            items.append(int(t))
    c.case("error_" + name, "getitem", [e] + arrays, {"index": spec},
           raises=numpy_error(lambda: e[tuple(items)]))

# Updates: the same kind of expressions, with NumPy's assignment and ufunc.at.
UPDATES = {
    "set": None,
    "add": np.add,
    "multiply": np.multiply,
    "min": np.minimum,
    "max": np.maximum,
}
UPDATE_DTYPES = ["float64", "int32", "float32", "int64", "uint8", "complex64"]
for shape in SHAPES[1:]:
    for j in range(12):
        fn = list(UPDATES)[j % len(UPDATES)]
        dtype = UPDATE_DTYPES[(j + len(shape)) % len(UPDATE_DTYPES)]
        if fn in ("min", "max") and dtype == "complex64":
            dtype = "float32"
        x = arr(shape, dtype)
        index = random_index(shape, 2)
        try:
            target = x[index.key()]
        except Exception:  # noqa: B902 - reads cover the errors
            continue
        counts = np.zeros(shape, np.int64)
        np.add.at(counts, index.key(), 1)
        # Repeated targets: set() stores one of the values, so give it one.
        rshape = target.shape if fn != "set" or counts.max(initial=0) <= 1 \
            else ()
        if rshape and rng.integers(3) == 0:
            rshape = rshape[1:]
        v = arr(rshape, dtype)
        want = x.copy()
        if fn == "set":
            want[index.key()] = v
        else:
            UPDATES[fn].at(want, index.key(), v)
        c.case("at_%s_%s_%d" % (fn, tag(shape), j), "at." + fn,
               [x, v] + index.arrays, traced(index, {"index": index.spec()}),
               want)

# Repeated indices: set keeps the last value (NumPy's order), add all.
z = arr((4,), "float64")
rep = np.array([0, 2, 0, 0])
vals = np.array([1.0, 2.0, 3.0, 4.0])
want = z.copy()
want[rep] = vals
c.case("at_set_repeated", "at.set", [z, vals, rep], {"index": "@2"}, want)
for fn in ["add", "multiply", "min", "max"]:
    want = z.copy()
    UPDATES[fn].at(want, rep, vals)
    c.case("at_%s_repeated" % fn, "at." + fn, [z, vals, rep],
           {"index": "@2"}, want)
w = arr((2, 3), "int32")
want = w.copy()
want[:, 1] = np.array([7.9, -2.5])  # unsafe cast, as NumPy's assignment
c.case("at_set_cast", "at.set", [w, np.array([7.9, -2.5])],
       {"index": "s:::,1"}, want)
c.case("at_set_bool_mask", "at.set", [w, np.array(0, np.int32), w > 0],
       {"index": "@2", "traced": 0}, np.where(w > 0, 0, w).astype(np.int32))
c.case("error_at_value_shape", "at.set", [w, np.ones(2), np.array([0, 1])],
       {"index": "@2,s:::"},
       raises=numpy_error(lambda: w.copy().__setitem__(
           (np.array([0, 1]), slice(None)), np.ones(2))))

# take, take_along_axis.
t = arr((3, 4, 2), "float32")
for axis, ind in [(None, np.array([0, 23, -1])), (0, np.array([2, 0])),
                  (1, np.array([[0, 3], [-1, 1]])), (-1, np.array(1)),
                  (2, np.array([], np.int64)), (1, np.array([1, 1, 1]))]:
    args = {} if axis is None else {"axis": axis}
    c.case("take_%s_%s" % (axis, tag(ind.shape)), "take", [t, ind], args,
           np.take(t, ind, axis=axis))
c.case("error_take_out_of_bounds", "take", [t, np.array([24])], {},
       raises=numpy_error(lambda: np.take(t, np.array([24]))))
c.case("error_take_axis", "take", [t, np.array([0])], {"axis": 3},
       raises=numpy_error(lambda: np.take(t, np.array([0]), axis=3)))
for axis in [0, 1, 2, -1]:
    order = np.argsort(t, axis=axis)
    c.case("take_along_axis_%d" % axis, "take_along_axis", [t, order],
           {"axis": axis}, np.take_along_axis(t, order, axis))
    first = np.argmax(t, axis=axis)[..., None] if axis in (2, -1) else None
    if first is not None:
        c.case("take_along_axis_keep_%d" % axis, "take_along_axis",
               [t, first], {"axis": axis}, np.take_along_axis(t, first, axis))
flat = np.array([5, 0, 23])
c.case("take_along_axis_none", "take_along_axis", [t, flat], {},
       np.take_along_axis(t, flat, None))
bcast = np.array([[[1], [0], [2], [2]]])
c.case("take_along_axis_broadcast", "take_along_axis", [t, bcast],
       {"axis": 0}, np.take_along_axis(t, bcast, 0))
for name, ind, axis in [("rank", np.zeros((3, 4), np.int64), 1),
                        ("dtype", np.zeros((3, 4, 2)), 1)]:
    c.case("error_take_along_axis_" + name, "take_along_axis", [t, ind],
           {"axis": axis},
           raises=numpy_error(lambda: np.take_along_axis(t, ind, axis)))

# nonzero, where(cond), argwhere, flatnonzero.
for shape in [(7,), (3, 4), (2, 3, 4), (2, 2, 1, 3), (0,), (3, 0), (1,)]:
    for dtype in ["bool", "int32", "float64", "complex64"]:
        a = arr(shape, dtype)
        # Their result's shape depends on the values: not under trace.
        for fn, f in [("nonzero", np.nonzero), ("where1", np.where)]:
            c.case("%s_%s_%s" % (fn, tag(shape), dtype), fn, [a],
                   {"traced": 0}, list(f(a)))
        c.case("argwhere_%s_%s" % (tag(shape), dtype), "argwhere", [a],
               {"traced": 0}, np.argwhere(a))
        c.case("flatnonzero_%s_%s" % (tag(shape), dtype), "flatnonzero", [a],
               {"traced": 0}, np.flatnonzero(a))
for fill in [0, 1]:
    a = np.full((2, 3), fill, np.int8)
    c.case("nonzero_all_%d" % fill, "nonzero", [a], {"traced": 0},
           list(np.nonzero(a)))
    c.case("argwhere_0d_%d" % fill, "argwhere", [np.array(fill)],
           {"traced": 0}, np.argwhere(np.array(fill)))
# Falses after the last true (and before the first), which the positions'
# branchless fill stops short of.
edges = np.zeros((3, 2, 4), np.int16)
edges[1, 0, 2] = edges[1, 1, 0] = 5
for name, a in [("edges_1d", edges.ravel()), ("edges_3d", edges)]:
    c.case("nonzero_" + name, "nonzero", [a], {"traced": 0},
           list(np.nonzero(a)))
    c.case("argwhere_" + name, "argwhere", [a], {"traced": 0},
           np.argwhere(a))
big = rng.integers(0, 2, size=(257, 129)) > 0
c.case("nonzero_large", "nonzero", [big], {"traced": 0},
       list(np.nonzero(big)))

# diagonal.
for shape in [(4, 4), (3, 5), (5, 3), (2, 3, 4), (3, 2, 3, 2)]:
    d = arr(shape, "int16")
    for offset in [0, 1, -1, 2, -4, 7]:
        for axes in [(0, 1), (1, 0), (-1, 0), (0, -1)]:
            name = "diagonal_%s_%d_%d_%d" % (tag(shape), offset, *axes)
            c.case(name.replace("-", "m"), "diagonal", [d],
                   {"offset": offset, "axis1": axes[0], "axis2": axes[1]},
                   np.diagonal(d, offset, *axes))
for name, a, args in [("rank", arr((3,)), {}),
                      ("same_axes", arr((3, 3)), {"axis1": 1, "axis2": 1}),
                      ("axis", arr((3, 3)), {"axis2": 2})]:
    c.case("error_diagonal_" + name, "diagonal", [a], args,
           raises=numpy_error(lambda: np.diagonal(
               a, 0, args.get("axis1", 0), args.get("axis2", 1))))

# cumsum, cumprod (the scan under boolean masks).
for shape in [(6,), (3, 4), (2, 3, 4), (0,), (2, 0), ()]:
    for dtype in ["int8", "int32", "uint16", "float32", "float64", "bool",
                  "complex64", "float16"]:
        a = arr(shape, dtype)
        for axis in [None] + list(range(-len(shape), len(shape))):
            args = {} if axis is None else {"axis": axis}
            for fn, f in [("cumsum", np.cumsum), ("cumprod", np.cumprod)]:
                c.case("%s_%s_%s_%s" % (fn, tag(shape), dtype, axis), fn,
                       [a], args, f(a, axis=axis))
a = arr((3, 3), "int8")
c.case("cumsum_dtype", "cumsum", [a], {"axis": 1, "dtype": "float32"},
       np.cumsum(a, axis=1, dtype=np.float32))

# compress: a 1-d condition (shorter than the axis too) needs its values.
a = arr((3, 4), "float32")
for cond in [[True, False, True], [False, True], [True, False, False, True],
             []]:
    cond = np.array(cond, bool)
    for axis in [None, 0, 1, -1]:
        if axis is not None and len(cond) > a.shape[axis]:
            continue
        args = {"traced": 0} if axis is None else {"traced": 0, "axis": axis}
        c.case("compress_%d_%s" % (len(cond), axis), "compress", [cond, a],
               args, np.compress(cond, a, axis))
c.case("compress_ints", "compress", [np.array([0, 2, 0, 1]), np.arange(5)],
       {"traced": 0}, np.compress(np.array([0, 2, 0, 1]), np.arange(5)))
c.case("compress_2d_condition", "compress", [np.ones((2, 2), bool), a],
       raises=("ValueError", "condition must be a 1-d array"))
c.case("compress_too_long", "compress",
       [np.array([0, 0, 0, 1], bool), a], {"traced": 0, "axis": 0},
       raises=numpy_error(lambda: np.compress(np.array([0, 0, 0, 1], bool),
                                              a, 0)))

# ix_ and diag_indices, and the indexing they are for.
ixs = [np.array([0, 2]), np.array([True, False, True, True]),
       np.array([], "int32")]
for n in [1, 2, 3]:
    # A bool index needs its values.
    c.case("ix_%d" % n, "ix_", ixs[:n], {"traced": 0} if n > 1 else {},
           list(np.ix_(*ixs[:n])))
c.case("ix_2d", "ix_", [np.ones((2, 2), "int64")],
       raises=("ValueError", "Cross index must be 1 dimensional"))
for n, ndim in [(3, 2), (2, 3), (0, 2), (4, 1)]:
    c.case("diag_indices_%d_%d" % (n, ndim), "diag_indices", [],
           {"n": n, "ndim": ndim}, list(np.diag_indices(n, ndim)))

c.write()
