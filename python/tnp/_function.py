"""tnp.function: tf.function for Python functions of tnp arrays.

A call flattens its arguments (tnp/_tree.py): arrays are the traced
function's inputs, everything else (Python scalars, objects) is part of the
trace's identity, as tf.function's Python values are. tnp's C++ tracer then
traces once per array signature (shapes, dtypes) and runs compiled code.
"""

import functools

from tnp import _tnp, _tree


class Function:
    def __init__(self, fn, input_signature=None, opt_level=2):
        self._fn = fn
        self._signature = input_signature
        self._opt_level = opt_level
        self._traces = {}
        # The traces of calls whose arguments are n arrays, by n: the common
        # call skips flattening.
        self._array_calls = {}
        functools.update_wrapper(self, fn)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return functools.partial(self.__call__, instance)

    def _entry(self, tree):
        k = _tree.key(tree)
        entry = self._traces.get(k)
        if entry is None:
            entry = _Trace(self._fn, tree, self._signature, self._opt_level)
            self._traces[k] = entry
        return entry

    def __call__(self, *args, **kwargs):
        if not kwargs and all(type(a) is _tnp.ndarray for a in args):
            entry = self._array_calls.get(len(args))
            if entry is None:
                entry = self._entry(_tree.flatten((args, {}))[1])
                self._array_calls[len(args)] = entry
            return entry.call(list(args))
        leaves, tree = _tree.flatten((args, kwargs))
        return self._entry(tree).call(leaves)

    def experimental_get_tracing_count(self):
        """How many times the function was traced (all its signatures)."""
        return sum(e.traced.trace_count for e in self._traces.values())

    def ir(self, *args, stage="traced", **kwargs):
        """The trace's IR for these arguments: "traced" (the tnp dialect, as
        tnp-opt reads it), "linalg" or "llvm"."""
        leaves, tree = _tree.flatten((args, kwargs))
        return self._entry(tree).traced.ir(stage, leaves)


class _Trace:
    """The traces of one argument structure (one C++ traced function)."""

    def __init__(self, fn, tree, signature, opt_level):
        # body must not refer to self: the C++ function holds body, and a
        # cycle through it is invisible to Python's garbage collector.
        self.output = output = {}

        def body(leaves):
            args, kwargs = _tree.unflatten(tree, leaves)
            out_leaves, output["tree"] = _tree.flatten(fn(*args, **kwargs))
            return out_leaves

        specs = None
        if signature is not None:
            specs = [(s.shape, s.dtype) for s in signature]
        self.traced = _tnp._TracedFunction(
            body, getattr(fn, "__name__", "traced"), opt_level, specs)

    def call(self, leaves):
        outputs = self.traced(leaves)
        return _tree.unflatten(self.output["tree"], outputs)


class TensorSpec:
    """tf.TensorSpec: a shape (None for a size any call may have) and a
    dtype, for input_signature."""

    def __init__(self, shape, dtype="float32", name=None):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.name = name

    def __repr__(self):
        return "TensorSpec(shape=%s, dtype=%s)" % (self.shape, self.dtype)


def function(func=None, input_signature=None, opt_level=2):
    """tf.function: as a decorator (with or without arguments) or a call."""
    if func is None:
        return lambda f: Function(f, input_signature, opt_level)
    return Function(func, input_signature, opt_level)
