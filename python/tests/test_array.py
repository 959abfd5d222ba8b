"""tnp.ndarray against NumPy: attributes, operators (either operand NumPy's
or a Python scalar), conversions, printing, and errors as Python's."""

import operator
import pathlib

import numpy as np
import pytest

import tnp

BINARY = [operator.add, operator.sub, operator.mul, operator.truediv,
          operator.floordiv, operator.mod, operator.pow, operator.eq,
          operator.ne, operator.lt, operator.le, operator.gt, operator.ge]


def test_attributes():
    x = tnp.ones([5, 3], dtype=tnp.float32)
    assert x.shape == (5, 3) and x.ndim == 2 and x.size == 15
    assert x.dtype == np.float32 and x.dtype == tnp.float32
    assert x.device.endswith("device:CPU:0")
    assert x.T.shape == (3, 5)
    assert x.reshape(-1).shape == (15,)
    assert x.reshape(3, 5).shape == x.reshape((3, 5)).shape == (3, 5)
    assert x.ravel().shape == (15,)
    assert x.astype(tnp.int32).dtype == np.int32
    assert x.astype("float64").dtype == np.float64
    assert x.strides == (12, 4) and x.itemsize == 4 and x.nbytes == 60


@pytest.mark.parametrize("op", BINARY)
def test_binary_operators_match_numpy(op):
    a = np.array([[1.5, -2.0, 3.0], [4.0, 5.5, -6.0]], dtype=np.float32)
    b = np.array([2.0, -1.5, 0.5], dtype=np.float32)
    ta, tb = tnp.asarray(a), tnp.asarray(b)
    for left, right, nl, nr in [(ta, tb, a, b), (ta, b, a, b), (a, tb, a, b),
                                (ta, 2, a, 2), (3, tb, 3, b)]:
        got = op(left, right)
        assert isinstance(got, tnp.ndarray), (op, type(left), type(right))
        want = op(nl, nr)
        assert got.dtype == want.dtype
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6)


def test_matmul_and_bitwise_operators():
    a = np.arange(6).reshape(2, 3)
    b = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(np.asarray(tnp.asarray(a) @ b), a @ b)
    np.testing.assert_array_equal(np.asarray(a @ tnp.asarray(b)), a @ b)
    for op in (operator.and_, operator.or_, operator.xor):
        np.testing.assert_array_equal(np.asarray(op(tnp.asarray(a), 5)),
                                      op(a, 5))
    np.testing.assert_array_equal(np.asarray(-tnp.asarray(a)), -a)
    np.testing.assert_array_equal(np.asarray(~tnp.asarray(a)), ~a)
    np.testing.assert_array_equal(np.asarray(abs(tnp.asarray(-a))), a)


def test_python_scalars_are_weak():
    x = tnp.ones([3], dtype=tnp.float32)
    assert (x * 2).dtype == np.float32
    assert (x + 2.5).dtype == np.float32
    assert (tnp.arange(3, dtype=tnp.int8) + 1).dtype == np.int8
    assert (tnp.arange(3) * 1.5).dtype == np.float64
    assert tnp.asarray(1).dtype == np.int64
    assert tnp.asarray(1.0).dtype == np.float64


def test_priority_over_numpy():
    assert isinstance(tnp.ones([2]) + np.ones([2]), tnp.ndarray)
    assert isinstance(np.ones([2]) + tnp.ones([2]), tnp.ndarray)
    assert isinstance(np.ones([2]) * tnp.ones([2]), tnp.ndarray)


def test_promotion_modes():
    a = tnp.ones([2], dtype=tnp.int32)
    b = tnp.ones([2], dtype=tnp.float32)
    assert (a + b).dtype == np.float64
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="all")
    assert (a + b).dtype == np.float32
    tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="off")
    with pytest.raises(TypeError, match="int32"):
        a + b
    tnp.experimental_enable_numpy_behavior(prefer_float32=True)
    assert tnp.asarray(1.0).dtype == np.float32
    assert tnp.add(1.0, 2.0).dtype == np.float32
    assert tnp.asarray([1.0, 2.0]).dtype == np.float32
    with pytest.raises(ValueError, match="dtype_conversion_mode"):
        tnp.experimental_enable_numpy_behavior(dtype_conversion_mode="x")


def test_conversions():
    assert float(tnp.asarray(2.5)) == 2.5
    assert int(tnp.asarray([7])) == 7
    assert complex(tnp.asarray(1 + 2j)) == 1 + 2j
    assert bool(tnp.asarray(1)) and not bool(tnp.asarray(0))
    assert len(tnp.ones([4, 2])) == 4
    rows = list(tnp.arange(6).reshape(3, 2))
    assert [r.tolist() for r in rows] == [[0, 1], [2, 3], [4, 5]]
    assert tnp.arange(4).tolist() == [0, 1, 2, 3]
    assert tnp.asarray(3).item() == 3
    assert [0, 1, 2][tnp.asarray(1)] == 1
    with pytest.raises(ValueError, match="ambiguous"):
        bool(tnp.ones([2]))
    with pytest.raises(TypeError, match="size 1"):
        float(tnp.ones([2]))
    with pytest.raises(TypeError, match="len"):
        len(tnp.asarray(1))


def test_printing_as_tf():
    x = tnp.asarray([1, 2], dtype=tnp.int32)
    assert str(x) == "tf.Tensor([1 2], shape=(2,), dtype=int32)"
    assert repr(x) == ("<tf.Tensor: shape=(2,), dtype=int32, "
                       "numpy=array([1, 2], dtype=int32)>")
    assert str(tnp.ones([2, 2])) == (
        "tf.Tensor(\n[[1. 1.]\n [1. 1.]], shape=(2, 2), dtype=float64)")


def test_mutation_is_a_type_error():
    with pytest.raises(TypeError, match=r"at\[index\]\.set"):
        tnp.arange(6)[1] = -1


def test_errors_are_pythons_with_tnps_messages():
    with pytest.raises(ValueError, match=r"size 6 into shape \(4,\)"):
        tnp.ones([2, 3]).reshape(4)
    with pytest.raises(ValueError, match="broadcast"):
        tnp.ones([2, 3]) + tnp.ones([4])
    with pytest.raises(IndexError, match="out of bounds|out of range"):
        tnp.arange(3)[5]
    with pytest.raises(TypeError, match="not a dtype"):
        tnp.asarray([1]).astype("no-such-dtype")
    with pytest.raises(TypeError, match="no dtype"):
        tnp.asarray(np.array(["a", "b"]))
    with pytest.raises(ValueError):
        tnp.sum(tnp.ones([2]), axis=3)
    with pytest.raises(TypeError, match="not a shape"):
        tnp.ones([2.5])
    with pytest.raises(TypeError, match="not a shape"):
        tnp.zeros("ab")
    with pytest.raises(TypeError, match="dtype float64"):
        tnp.ones(tnp.asarray([2.0]))
    assert tnp.ones(np.int64(3)).shape == (3,)


def test_functions_match_numpy():
    a = np.random.default_rng(0).standard_normal((4, 5))
    ta = tnp.asarray(a)
    for name in ["exp", "sin", "tanh", "abs", "square", "sqrt", "floor"]:
        want = getattr(np, name)(np.abs(a) if name == "sqrt" else a)
        got = getattr(tnp, name)(tnp.abs(ta) if name == "sqrt" else ta)
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12)
    for name in ["sum", "mean", "max", "min", "prod", "std", "var"]:
        for axis in [None, 0, 1, (0, 1)]:
            np.testing.assert_allclose(
                np.asarray(getattr(tnp, name)(ta, axis=axis)),
                getattr(np, name)(a, axis=axis), rtol=1e-12)
    np.testing.assert_array_equal(np.asarray(tnp.argmax(ta, axis=1)),
                                  np.argmax(a, axis=1))
    np.testing.assert_allclose(np.asarray(tnp.matmul(ta, ta.T)), a @ a.T,
                               rtol=1e-12)
    np.testing.assert_array_equal(
        np.asarray(tnp.concatenate([ta, ta], axis=1)),
        np.concatenate([a, a], axis=1))
    np.testing.assert_array_equal(np.asarray(tnp.where(ta > 0, ta, 0)),
                                  np.where(a > 0, a, 0))
    np.testing.assert_allclose(np.asarray(tnp.einsum("ij,kj->ik", ta, ta)),
                               np.einsum("ij,kj->ik", a, a), rtol=1e-12)
    np.testing.assert_array_equal(np.asarray(tnp.sort(ta)), np.sort(a))


def test_creation():
    assert tnp.zeros(3).dtype == np.float64
    assert tnp.ones((2, 3), tnp.int32).shape == (2, 3)
    np.testing.assert_array_equal(np.asarray(tnp.arange(2, 10, 3)),
                                  np.arange(2, 10, 3))
    np.testing.assert_allclose(np.asarray(tnp.linspace(0, 1, 5)),
                               np.linspace(0, 1, 5))
    np.testing.assert_array_equal(np.asarray(tnp.eye(3, k=1)), np.eye(3, k=1))
    np.testing.assert_array_equal(np.asarray(tnp.full([2], 7)),
                                  np.full([2], 7))
    assert tnp.random.randn(3, 4).shape == (3, 4)
    assert tnp.random.randn(5).dtype == np.float64
    assert tnp.random.uniform(size=(2, 2)).shape == (2, 2)
    assert tnp.random.randint(0, 5, size=10).dtype == np.int64


def test_every_tf_numpy_name_exists():
    # tf.experimental.numpy's public names (the file names its source).
    path = pathlib.Path(__file__).with_name("tf_numpy_api.txt")
    names = [line.split()[0] for line in path.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    missing = [n for n in names if not hasattr(
        tnp.random if n.startswith("random.") else tnp, n.split(".")[-1])]
    assert not missing


def test_more_functions_match_numpy():
    a = np.arange(12.0).reshape(3, 4)
    np.testing.assert_array_equal(np.asarray(tnp.trace(a)), np.trace(a))
    np.testing.assert_array_equal(np.asarray(tnp.trace(a, offset=1)),
                                  np.trace(a, offset=1))
    counts, edges = tnp.histogram(np.array([1, 2, 2, 3, 7]), bins=3)
    want_counts, want_edges = np.histogram(np.array([1, 2, 2, 3, 7]), bins=3)
    np.testing.assert_array_equal(np.asarray(counts), want_counts)
    np.testing.assert_allclose(np.asarray(edges), want_edges)
    x = np.linspace(-1, 1, 5)
    np.testing.assert_array_equal(
        np.asarray(tnp.piecewise(x, [x < 0], [lambda v: -v, lambda v: 2 * v])),
        np.piecewise(x, [x < 0], [lambda v: -v, lambda v: 2 * v]))
    for name in ("hsplit", "vsplit"):
        got = getattr(tnp, name)(a, [1])
        want = getattr(np, name)(a, [1])
        assert [g.shape for g in got] == [w.shape for w in want]
    rows, cols = tnp.ix_([0, 2], [1, 3])
    np.testing.assert_array_equal(np.asarray(tnp.asarray(a)[rows, cols]),
                                  a[np.ix_([0, 2], [1, 3])])
    assert tnp.issubdtype(tnp.float32, tnp.floating)
    assert tnp.ascontiguousarray(a).shape == (3, 4)
