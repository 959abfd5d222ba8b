"""tnp.function, GradientTape, grad/vjp, vectorized_map and map_fn from
Python: traced functions equal eager ones, gradients equal finite
differences."""

import numpy as np
import pytest

import tnp
from tnp.compat import tf


def loss(w, x):
    return tnp.sum(tnp.tanh(tnp.matmul(x, w)) ** 2)


def numeric_grad(f, w, eps=1e-6):
    w = np.asarray(w, dtype=np.float64)
    g = np.zeros_like(w)
    for i in np.ndindex(w.shape):
        d = np.zeros_like(w)
        d[i] = eps
        g[i] = (float(f(w + d)) - float(f(w - d))) / (2 * eps)
    return g


W = np.random.default_rng(1).standard_normal((3, 2))
X = np.random.default_rng(2).standard_normal((4, 3))


def test_function_equals_eager_and_retraces_by_signature():
    calls = []

    @tnp.function
    def f(x, scale):
        calls.append(1)
        return {"y": tnp.sin(x) * scale, "n": tnp.sum(x)}

    x = tnp.asarray(X)
    out = f(x, 2.0)
    np.testing.assert_allclose(np.asarray(out["y"]), np.sin(X) * 2.0,
                               rtol=1e-12)
    np.testing.assert_allclose(float(out["n"]), X.sum(), rtol=1e-12)
    f(x, 2.0)
    assert f.experimental_get_tracing_count() == 1
    f(x, 3.0)  # a new Python value
    assert f.experimental_get_tracing_count() == 2
    f(x.astype(tnp.float32), 2.0)  # a new dtype
    f(tnp.ones([2, 3]), 2.0)  # a new shape
    assert f.experimental_get_tracing_count() == 4
    assert "tnp." in f.ir(x, 2.0)


def test_function_input_signature_takes_any_size():
    @tnp.function(input_signature=[tnp.TensorSpec([None], tnp.float32)])
    def f(x):
        return x * 2

    for n in (3, 7, 100):
        np.testing.assert_array_equal(np.asarray(f(tnp.ones(n, tnp.float32))),
                                      np.full(n, 2, np.float32))
    assert f.experimental_get_tracing_count() == 1
    with pytest.raises(TypeError):
        f(tnp.ones(3, tnp.int32))


def test_function_method_and_errors():
    class M:
        @tnp.function
        def apply(self, x):
            return x + 1

    assert M().apply(tnp.ones(2)).tolist() == [2.0, 2.0]

    @tnp.function
    def bad(x):
        return tnp.reshape(x, [5])

    with pytest.raises(ValueError, match="reshape|size"):
        bad(tnp.ones([2, 3]))


def test_gradient_tape_matches_finite_differences():
    w = tnp.asarray(W)
    x = tnp.asarray(X)
    with tnp.GradientTape() as tape:
        tape.watch(w)
        l = loss(w, x)
    g = tape.gradient(l, w)
    want = numeric_grad(lambda v: loss(tnp.asarray(v), x), W)
    np.testing.assert_allclose(np.asarray(g), want, rtol=1e-5, atol=1e-7)
    with pytest.raises(RuntimeError, match="non-persistent"):
        tape.gradient(l, w)


def test_gradient_tape_structures_persistent_and_jacobians():
    w = tnp.asarray(W)
    b = tnp.ones(2)
    x = tnp.asarray(X)
    with tnp.GradientTape(persistent=True) as tape:
        tape.watch({"w": w, "b": b, "x": x})
        y = tnp.matmul(x, w) + b
        l = tnp.sum(y * y)
    grads = tape.gradient(l, {"w": w, "b": b})
    assert set(grads) == {"w", "b"}
    np.testing.assert_allclose(np.asarray(grads["b"]),
                               2 * (X @ W + 1).sum(axis=0), rtol=1e-12)
    j = tape.jacobian(y, b)
    assert j.shape == (4, 2, 2)
    bj = tape.batch_jacobian(y, x)
    assert bj.shape == (4, 2, 3)
    np.testing.assert_allclose(np.asarray(bj[0]), W.T, rtol=1e-12)


def test_gradient_tape_inside_function():
    @tnp.function
    def g(w, x):
        with tnp.GradientTape() as tape:
            tape.watch(w)
            l = loss(w, x)
        return tape.gradient(l, w)

    w, x = tnp.asarray(W), tnp.asarray(X)
    with tnp.GradientTape() as tape:
        tape.watch(w)
        l = loss(w, x)
    np.testing.assert_allclose(np.asarray(g(w, x)),
                               np.asarray(tape.gradient(l, w)), rtol=1e-10)


def test_grad_value_and_grad_vjp():
    w, x = tnp.asarray(W), tnp.asarray(X)
    want = numeric_grad(lambda v: loss(tnp.asarray(v), x), W)
    np.testing.assert_allclose(np.asarray(tnp.grad(loss)(w, x)), want,
                               rtol=1e-5, atol=1e-7)
    value, (gw, gx) = tnp.value_and_grad(loss, argnums=(0, 1))(w, x)
    np.testing.assert_allclose(float(value), float(loss(w, x)), rtol=1e-12)
    assert gw.shape == (3, 2) and gx.shape == (4, 3)
    y, pullback = tnp.vjp(lambda a: tnp.sin(a) * 2, w)
    (ct,) = pullback(tnp.ones_like(y))
    np.testing.assert_allclose(np.asarray(ct), 2 * np.cos(W), rtol=1e-12)


def test_vectorized_map_equals_map_fn_and_a_loop():
    x = tnp.asarray(X)

    def row(arg):
        r, s = arg
        return {"norm": tnp.sum(r * r) * s, "r": r[::-1]}

    s = tnp.arange(4.0)
    v = tnp.vectorized_map(row, (x, s))
    m = tnp.map_fn(row, (x, s))
    want = (X * X).sum(axis=1) * np.arange(4.0)
    np.testing.assert_allclose(np.asarray(v["norm"]), want, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(m["norm"]), want, rtol=1e-12)
    np.testing.assert_array_equal(np.asarray(v["r"]), X[:, ::-1])
    with pytest.raises(ValueError, match="leading"):
        tnp.map_fn(row, (tnp.asarray(1.0), s))


def test_devices_and_the_tf_shim():
    assert [d.device_type for d in tf.config.list_logical_devices()] == ["CPU"]
    assert tf.config.list_logical_devices("GPU") == []
    assert tf.config.list_physical_devices()[0].device_type == "CPU"
    with tf.device("/device:CPU:0"):
        y = tnp.copy(tnp.ones(2))
    assert y.device.endswith("CPU:0")
    with pytest.raises(ValueError, match="device name"):
        with tnp.device("not a device"):
            pass
    x = tf.constant([1, 2])
    assert x.dtype == np.int32 and isinstance(x, tf.Tensor)
    assert tf.constant(1.5).dtype == np.float32
    assert tf.constant([1, 2 ** 40]).dtype == np.int64  # TF's rule: int64
    assert tf.constant([-2 ** 31, 2 ** 31 - 1]).dtype == np.int32
    assert tf.convert_to_tensor(np.ones(2)).dtype == np.float64
    assert float(tf.reduce_sum(tf.ones([2, 3]))) == 6.0
    assert tf.ones([2]).dtype == np.float32


def test_python_errors_in_traces_and_escaped_arrays():
    @tnp.function
    def raises(x):
        raise KeyError("boom")

    with pytest.raises(KeyError, match="boom"):
        raises(tnp.ones(2))
    assert tnp.function(lambda x: x + 1)(tnp.ones(2)).tolist() == [2.0, 2.0]

    escaped = []

    @tnp.function
    def keep(x):
        escaped.append(x)
        return x * 2

    keep(tnp.ones(2))
    with pytest.raises(ValueError, match="escaped"):
        escaped[0] + 1
    with pytest.raises(TypeError, match="traced"):
        np.asarray(escaped[0])
    assert str(escaped[0]).startswith("Tensor(\"traced\"")


def test_tape_misuse_is_an_error():
    with pytest.raises(RuntimeError, match="with"):
        tnp.GradientTape().gradient(tnp.ones(1), tnp.ones(1))
    with tnp.GradientTape() as tape:
        y = tnp.sum(tnp.ones(3))
    with pytest.raises(ValueError, match="not watched"):
        tape.gradient(y, tnp.ones(3))
