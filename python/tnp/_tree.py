"""Python structures of arrays as flat lists, and back.

tnp's C++ transforms take and return lists of arrays; these functions turn
the tuples, lists and dicts of arrays Python code passes around (TF's nests,
JAX's pytrees) into such lists and a tree to rebuild them from. Anything
else (Python scalars, None, objects) is static: kept in the tree, not a leaf.
"""

import numpy as _np

from tnp._tnp import ndarray, asarray

_LEAF = "leaf"


def is_leaf(x):
    return isinstance(x, (ndarray, _np.ndarray))


def flatten(structure):
    """Returns (leaves, tree): the arrays in order, and how to rebuild."""
    leaves = []

    def walk(x):
        if isinstance(x, ndarray):
            leaves.append(x)
            return _LEAF
        if isinstance(x, _np.ndarray):
            leaves.append(asarray(x))
            return _LEAF
        if isinstance(x, tuple) and hasattr(x, "_fields"):
            return ("namedtuple", type(x), tuple(walk(e) for e in x))
        if isinstance(x, (tuple, list)):
            return (type(x).__name__, tuple(walk(e) for e in x))
        if isinstance(x, dict):
            keys = sorted(x)
            return ("dict", tuple(keys), tuple(walk(x[k]) for k in keys))
        return ("static", x)

    return leaves, walk(structure)


def unflatten(tree, leaves):
    """The structure `tree` describes, with `leaves` in its arrays' places."""
    it = iter(leaves)

    def build(t):
        if t is _LEAF:
            return next(it)
        kind = t[0]
        if kind == "static":
            return t[1]
        if kind == "namedtuple":
            return t[1](*(build(c) for c in t[2]))
        if kind == "dict":
            return {k: build(c) for k, c in zip(t[1], t[2])}
        items = [build(c) for c in t[1]]
        return tuple(items) if kind == "tuple" else items

    return build(tree)


def key(tree):
    """A hashable form of `tree`: static values by type and value, or by
    identity when they are not hashable (tf.function's rule for objects)."""
    if tree is _LEAF:
        return tree
    kind = tree[0]
    if kind == "static":
        value = tree[1]
        try:
            hash(value)
            return ("static", type(value), value)
        except TypeError:
            return ("static-id", id(value))
    if kind == "namedtuple":
        return (kind, tree[1], tuple(key(c) for c in tree[2]))
    if kind == "dict":
        return (kind, tree[1], tuple(key(c) for c in tree[2]))
    return (kind, tuple(key(c) for c in tree[1]))
