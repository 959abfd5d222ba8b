"""Python structures of arrays as flat lists, and back.

tnp's C++ transforms take and return lists of arrays; these functions turn
the tuples, lists and dicts of arrays Python code passes around (TF's nests,
JAX's pytrees) into such lists and a tree to rebuild them from. Anything
else (Python scalars, None, objects) is static: kept in the tree, not a leaf.
A tree is a tuple, hashable when its static values are: tnp.function and
grad key their traces on it.
"""

import numpy as _np

from tnp._tnp import ndarray, asarray

_LEAF = "leaf"


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
        if isinstance(x, tuple):
            if hasattr(x, "_fields"):
                return ("namedtuple", type(x), tuple(walk(e) for e in x))
            return ("tuple", tuple(walk(e) for e in x))
        if isinstance(x, list):
            return ("list", tuple(walk(e) for e in x))
        if isinstance(x, dict):
            keys = sorted(x)
            return ("dict", tuple(keys), tuple(walk(x[k]) for k in keys))
        # The type too: 1, 1.0 and True are equal but trace differently.
        return ("static", type(x), x)

    return leaves, walk(structure)


def unflatten(tree, leaves):
    """The structure `tree` describes, with `leaves` in its arrays' places."""
    if tree is _LEAF:
        return leaves[0]
    it = iter(leaves)

    def build(t):
        if t is _LEAF:
            return next(it)
        kind = t[0]
        if kind == "static":
            return t[2]
        if kind == "namedtuple":
            return t[1](*(build(c) for c in t[2]))
        if kind == "dict":
            return {k: build(c) for k, c in zip(t[1], t[2])}
        items = [build(c) for c in t[1]]
        return tuple(items) if kind == "tuple" else items

    return build(tree)


def key(tree):
    """A hashable form of `tree`: the tree itself, or with unhashable static
    values by identity (tf.function's rule for such objects)."""
    try:
        hash(tree)
        return tree
    except TypeError:
        pass

    def walk(t):
        if t is _LEAF:
            return t
        kind = t[0]
        if kind == "static":
            try:
                hash(t[2])
                return t
            except TypeError:
                return ("static-id", t[1], id(t[2]))
        if kind in ("namedtuple", "dict"):
            return (kind, t[1], tuple(walk(c) for c in t[2]))
        return (kind, tuple(walk(c) for c in t[1]))

    return walk(tree)
