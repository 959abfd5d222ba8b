"""vectorized_map and map_fn over Python structures (TF's signatures)."""

from tnp import _tnp, _tree


def _mapped(fn, elems, run):
    leaves, tree = _tree.flatten(elems)
    out = {}

    def body(rows):
        result = fn(_tree.unflatten(tree, rows))
        out_leaves, out["tree"] = _tree.flatten(result)
        return out_leaves

    outputs = run(body, leaves)
    return _tree.unflatten(out["tree"], outputs)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """tf.vectorized_map: fn of one element of `elems` (sliced along their
    leading dimension), batched into one function by tnp-batch."""
    return _mapped(fn, elems, lambda body, leaves: _tnp._vectorized_map(
        body, leaves, fallback_to_while_loop))


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True,
           swap_memory=False, infer_shape=True, name=None,
           fn_output_signature=None):
    """tf.map_fn: fn called on each element of `elems` in turn (a loop);
    the results stack along a new leading dimension."""
    return _mapped(fn, elems, _tnp._map_fn)
