"""Cases for the error path of each public function: the exception class and
NumPy's own message (taken from NumPy here, so it is NumPy's words), which
tnp's what() must contain."""

import sys

sys.dont_write_bytecode = True

import numpy as np  # noqa: E402

from npcase import Cases, Literal, numpy_error, outdir_from_argv  # noqa: E402

c = Cases(outdir_from_argv())


def f64(*shape):
    return np.ones(shape)


def err(name, fn, inputs, args, numpy_call, message=None):
    """A case expecting NumPy's exception; `message` overrides the part of
    NumPy's message that is checked (when NumPy's quotes Python)."""
    cls, msg = numpy_error(numpy_call)
    msg = msg.rstrip()
    if message is not None:
        assert message in msg, (message, msg)
        msg = message
    c.case(name, fn, inputs, args, raises=(cls, msg))


# Broadcasting, in NumPy's words (every operand's shape).
a23, a4 = f64(2, 3), f64(4)
err("add_broadcast", "add", [a23, a4], {}, lambda: np.add(a23, a4))
err("op+_broadcast", "op+", [a23, a4], {}, lambda: a23 + a4)
err("op==_broadcast", "op==", [a4, a23], {}, lambda: np.equal(a4, a23))
err("less_broadcast_3d", "less", [f64(2, 1, 3), f64(4, 2)], {},
    lambda: np.less(f64(2, 1, 3), f64(4, 2)))
err("where_broadcast", "where", [np.ones(2, bool), f64(3), f64(4)], {},
    lambda: np.where(np.ones(2, bool), f64(3), f64(4)))
err("clip_broadcast", "clip", [f64(2), f64(3), Literal(1.0)], {},
    lambda: np.clip(f64(2), f64(3), 1.0))
err("broadcast_to_incompatible", "broadcast_to", [f64(3)], {"shape": (2, 4)},
    lambda: np.broadcast_to(f64(3), (2, 4)))
err("broadcast_to_fewer_dims", "broadcast_to", [f64(2, 3)], {"shape": (3,)},
    lambda: np.broadcast_to(f64(2, 3), (3,)))
err("broadcast_to_negative", "broadcast_to", [f64(3)], {"shape": (-1, 3)},
    lambda: np.broadcast_to(f64(3), (-1, 3)))

# Reshaping.
a6 = np.arange(6.0)
for fn in ["reshape", "ndarray.reshape"]:
    err("%s_size" % fn, fn, [a6], {"shape": (4,)}, lambda: a6.reshape(4))
    err("%s_size_2d" % fn, fn, [a6], {"shape": (4, 2)},
        lambda: a6.reshape(4, 2))
    err("%s_two_unknown" % fn, fn, [a6], {"shape": (-1, -1)},
        lambda: a6.reshape(-1, -1))
    err("%s_unknown_no_fit" % fn, fn, [a6], {"shape": (4, -1)},
        lambda: a6.reshape(4, -1))

# Axes.
for fn in ["squeeze", "ndarray.squeeze"]:
    err("%s_not_one" % fn, fn, [a23], {"axis": 1}, lambda: np.squeeze(a23, 1))
    err("%s_axis_range" % fn, fn, [a23], {"axis": 2},
        lambda: np.squeeze(a23, 2))
err("expand_dims_axis", "expand_dims", [a23], {"axis": 3},
    lambda: np.expand_dims(a23, 3))
err("expand_dims_axis_negative", "expand_dims", [a23], {"axis": -4},
    lambda: np.expand_dims(a23, -4))
for fn in ["transpose", "ndarray.transpose"]:
    err("%s_too_few" % fn, fn, [a23], {"axes": (0,)},
        lambda: np.transpose(a23, (0,)))
    err("%s_repeated" % fn, fn, [a23], {"axes": (0, 0)},
        lambda: np.transpose(a23, (0, 0)))
    err("%s_axis_range" % fn, fn, [a23], {"axes": (0, 2)},
        lambda: np.transpose(a23, (0, 2)))

# Joining and splitting.
err("concatenate_ndim", "concatenate", [a23, f64(3)], {},
    lambda: np.concatenate([a23, f64(3)]))
err("concatenate_size", "concatenate", [a23, f64(2, 4)], {},
    lambda: np.concatenate([a23, f64(2, 4)]))
err("concatenate_size_axis1", "concatenate", [a23, f64(3, 3)], {"axis": 1},
    lambda: np.concatenate([a23, f64(3, 3)], axis=1))
err("concatenate_0d", "concatenate", [np.array(1.0), np.array(2.0)], {},
    lambda: np.concatenate([np.array(1.0), np.array(2.0)]))
err("concatenate_none", "concatenate", [], {}, lambda: np.concatenate([]))
err("concatenate_axis", "concatenate", [a23, a23], {"axis": 2},
    lambda: np.concatenate([a23, a23], axis=2))
err("stack_none", "stack", [], {}, lambda: np.stack([]))
err("stack_shapes", "stack", [f64(2), f64(3)], {},
    lambda: np.stack([f64(2), f64(3)]))
err("stack_axis", "stack", [f64(2), f64(2)], {"axis": 2},
    lambda: np.stack([f64(2), f64(2)], axis=2))
err("split_unequal", "split", [f64(5)], {"sections": 2},
    lambda: np.split(f64(5), 2))
# (np.split with an axis out of range raises an IndexError from indexing
# a.shape, not a message of its own: not compared.)

# dtypes: NumPy's TypeErrors.
b = np.array([True, False])
for fn in ["negative", "op-x"]:
    err("%s_bool" % fn, fn, [b], {}, lambda: np.negative(b))
for fn in ["subtract", "op-"]:
    err("%s_bool" % fn, fn, [b, b], {}, lambda: np.subtract(b, b))
fl = np.array([1.5, 2.0])
for fn, f in [("invert", np.invert), ("op~x", np.invert)]:
    err("%s_float" % fn, fn, [fl], {}, lambda: f(fl))
for fn, f in [("bitwise_and", np.bitwise_and), ("op&", np.bitwise_and),
              ("bitwise_xor", np.bitwise_xor), ("op|", np.bitwise_or)]:
    err("%s_float" % fn, fn, [fl, fl], {}, lambda: f(fl, fl))
cx = np.array([1 + 2j])
for fn, f in [("floor", np.floor), ("ceil", np.ceil)]:
    err("%s_complex" % fn, fn, [cx], {}, lambda: f(cx))
for fn, f in [("floor_divide", np.floor_divide), ("remainder", np.remainder),
              ("op%", np.remainder), ("arctan2", np.arctan2)]:
    err("%s_complex" % fn, fn, [cx, cx], {}, lambda: f(cx, cx))
err("bitwise_or_int_float", "bitwise_or",
    [np.array([1], np.int32), np.array([1.0], np.float32)], {},
    lambda: np.bitwise_or(np.array([1], np.int32), np.array([1.0], np.float32)))
# (sign of bool: NumPy's "did not contain a loop with signature matching
# types <class ...>" quotes Python; gen_ufuncs.py checks its class and name.)
err("power_negative_int", "power",
    [np.array([2, 3], np.int64), np.array([-1, 2], np.int64)], {},
    lambda: np.power(np.array([2, 3]), np.array([-1, 2])))

# Creation.
for fn in ["zeros", "ones", "empty"]:
    err("%s_negative" % fn, fn, [], {"shape": (2, -1)},
        lambda: np.zeros((2, -1)))
err("full_negative", "full", [Literal(1)], {"shape": (-2,)},
    lambda: np.full((-2,), 1))
err("eye_negative", "eye", [], {"N": -1}, lambda: np.eye(-1))
err("eye_negative_M", "eye", [], {"N": 2, "M": -3}, lambda: np.eye(2, -3))
err("identity_negative", "identity", [], {"n": -2}, lambda: np.identity(-2))
err("linspace_negative", "linspace", [], {"start": 0, "stop": 1, "num": -1},
    lambda: np.linspace(0, 1, -1))
err("asarray_ragged", "asarray_list:ragged", [], {},
    lambda: np.asarray([[1, 2, 3], [4, 5]]))
err("asarray_size_mismatch", "asarray_list:vector_size_mismatch", [], {},
    lambda: np.asarray([1.0, 2.0, 3.0]).reshape(2, 2))

# Python's bool(a).
err("truth_two", "truth", [f64(2)], {}, lambda: bool(f64(2)))
# bool(a) needs a's value: under trace it raises ConcretizationTypeError.
c.case("truth_one", "truth", [np.array([0.0])], {"traced": 0},
       expect=np.array(False))
c.case("truth_0d", "truth", [np.array(3)], {"traced": 0},
       expect=np.array(True))

c.write()
