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


# The recursions are module functions, not closures: a closure that calls
# itself is a reference cycle, which would keep the arrays it saw alive until
# Python's cycle collector ran.


def flatten(structure):
    """Returns (leaves, tree): the arrays in order, and how to rebuild."""
    leaves = []
    return leaves, _walk(structure, leaves)


def _walk(x, leaves):
    if isinstance(x, ndarray):
        leaves.append(x)
        return _LEAF
    if isinstance(x, _np.ndarray):
        leaves.append(asarray(x))
        return _LEAF
    if isinstance(x, tuple):
        children = tuple([_walk(e, leaves) for e in x])
        if hasattr(x, "_fields"):
            return ("namedtuple", type(x), children)
        return ("tuple", children)
    if isinstance(x, list):
        return ("list", tuple([_walk(e, leaves) for e in x]))
    if isinstance(x, dict):
        keys = sorted(x)
        return ("dict", tuple(keys), tuple([_walk(x[k], leaves) for k in keys]))
    # The type too: 1, 1.0 and True are equal but trace differently.
    return ("static", type(x), x)


def unflatten(tree, leaves):
    """The structure `tree` describes, with `leaves` in its arrays' places."""
    if tree is _LEAF:
        return leaves[0]
    return _build(tree, iter(leaves))


def _build(t, it):
    if t is _LEAF:
        return next(it)
    kind = t[0]
    if kind == "static":
        return t[2]
    if kind == "namedtuple":
        return t[1](*[_build(c, it) for c in t[2]])
    if kind == "dict":
        return {k: _build(c, it) for k, c in zip(t[1], t[2])}
    items = [_build(c, it) for c in t[1]]
    return tuple(items) if kind == "tuple" else items


def key(tree):
    """A hashable form of `tree`: the tree itself, or with unhashable static
    values by identity (tf.function's rule for such objects)."""
    try:
        hash(tree)
        return tree
    except TypeError:
        return _hashable(tree)


def _hashable(t):
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
        return (kind, t[1], tuple(_hashable(c) for c in t[2]))
    return (kind, tuple(_hashable(c) for c in t[1]))
