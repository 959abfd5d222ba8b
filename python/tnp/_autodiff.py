"""GradientTape, grad, value_and_grad and vjp over Python structures.

The C++ tape and transforms work on lists of arrays; these wrappers flatten
sources, targets and arguments (tnp/_tree.py) and rebuild the results in
the structure the caller gave.
"""

from tnp import _tnp, _tree


class GradientTape:
    """tf.GradientTape: records the operations run inside its `with` block
    on watched arrays, eagerly or inside tnp.function."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._tape = None
        self._used = False

    def __enter__(self):
        self._tape = _tnp._GradientTape(self._persistent)
        return self

    def __exit__(self, *exc):
        self._tape.stop_recording()
        return False

    def _check(self, what):
        if self._tape is None:
            raise RuntimeError("GradientTape.%s: the tape was never entered "
                               "(use it in a `with` block)" % what)
        if self._used and not self._persistent:
            raise RuntimeError(
                "A non-persistent GradientTape can only be used to compute "
                "one set of gradients (or jacobians)")
        self._used = True

    def watch(self, tensor):
        """Watches the arrays of `tensor` (an array or a structure)."""
        if self._tape is None:
            raise RuntimeError("GradientTape.watch outside its `with` block")
        self._tape.watch(_tree.flatten(tensor)[0])

    def gradient(self, target, sources, output_gradients=None):
        """d target / d sources, in the structure of `sources`; a list of
        targets is the gradient of their sum, as TF's."""
        self._check("gradient")
        targets = _tree.flatten(target)[0]
        if output_gradients is not None:
            raise NotImplementedError(
                "GradientTape.gradient: output_gradients is not supported; "
                "use tnp.vjp")
        leaves, tree = _tree.flatten(sources)
        total = None
        for t in targets:
            grads = self._tape.gradient(t, leaves)
            total = grads if total is None else [
                a + b for a, b in zip(total, grads)]
        return _tree.unflatten(tree, total)

    def jacobian(self, target, source):
        self._check("jacobian")
        return self._tape.jacobian(target, source)

    def batch_jacobian(self, target, source):
        self._check("batch_jacobian")
        return self._tape.batch_jacobian(target, source)


def _split(args, argnums):
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    for n in nums:
        if not -len(args) <= n < len(args):
            raise ValueError("argnums %s is out of range for %d arguments"
                             % (argnums, len(args)))
    nums = tuple(n % len(args) for n in nums)
    wrt = [args[n] for n in nums]
    rest = [a for i, a in enumerate(args) if i not in nums]
    return nums, wrt, rest


def value_and_grad(fun, argnums=0):
    """jax.value_and_grad: fun's value and its gradient with respect to the
    arguments `argnums` (an int or a tuple), compiled once per signature."""
    compiled = {}

    def wrapped(*args):
        nums, wrt, rest = _split(args, argnums)
        wrt_leaves, wrt_tree = _tree.flatten(wrt)
        rest_leaves, rest_tree = _tree.flatten(rest)
        k = (_tree.key(wrt_tree), _tree.key(rest_tree))
        vg = compiled.get(k)
        if vg is None:
            def loss(w, r):
                wl = iter(_tree.unflatten(wrt_tree, w))
                rl = iter(_tree.unflatten(rest_tree, r))
                full = [next(wl) if i in nums else next(rl)
                        for i in range(len(args))]
                return fun(*full)
            vg = compiled[k] = _tnp._ValueAndGrad(loss)
        value, grads = vg(wrt_leaves, rest_leaves)
        g = _tree.unflatten(wrt_tree, grads)
        return value, (g[0] if isinstance(argnums, int) else tuple(g))

    return wrapped


def grad(fun, argnums=0):
    """jax.grad: the gradient of fun (returning a 0-d float array)."""
    vg = value_and_grad(fun, argnums)
    return lambda *args: vg(*args)[1]


def vjp(fun, *primals):
    """jax.vjp: (fun(*primals), pullback), the pullback mapping a cotangent
    of fun's result to a tuple of the primals' cotangents."""
    leaves, tree = _tree.flatten(primals)
    out = {}

    def body(ls):
        result = fun(*_tree.unflatten(tree, ls))
        out_leaves, out["tree"] = _tree.flatten(result)
        return out_leaves

    outputs, pullback = _tnp._vjp(body, leaves)

    def pull(cotangent):
        return tuple(_tree.unflatten(tree, pullback(
            _tree.flatten(cotangent)[0])))

    return _tree.unflatten(out["tree"], outputs), pull
