"""Indexing with Python syntax and x.at[] updates, against NumPy."""

import numpy as np
import pytest

import tnp

A = np.arange(2 * 3 * 4).reshape(2, 3, 4)

INDICES = [
    1, -1, (1, 2), (1, 2, 3), slice(None), slice(1, None), slice(None, None, -1),
    (Ellipsis, 1), (1, None, slice(1, 3), Ellipsis), (None,), (slice(None), 1),
    (slice(None), (True, False, True)), (1, (0, 0, 1), np.array([0, 1, 1])),
    [0, 1, 1], ([0, 1], [2, 0]), (slice(None), [2, 0], slice(1, 3)),
    A > 10, (1, A[0] > 4), np.array([True, False]), (0, slice(None, None, 2)),
    (slice(-2, None), Ellipsis, slice(None, None, -2)),
]


@pytest.mark.parametrize("index", INDICES, ids=repr)
def test_getitem_matches_numpy(index):
    got = tnp.asarray(A)[index]
    want = A[index]
    assert got.shape == want.shape
    np.testing.assert_array_equal(np.asarray(got), want)


def test_index_with_tnp_arrays():
    x = tnp.asarray(A)
    np.testing.assert_array_equal(
        np.asarray(x[tnp.asarray([1, 0]), tnp.asarray(2)]), A[[1, 0], 2])
    np.testing.assert_array_equal(np.asarray(x[x > 20]), A[A > 20])


@pytest.mark.parametrize("method", ["set", "add", "multiply", "min", "max"])
def test_at_updates_match_numpy(method):
    x = tnp.asarray(A)
    got = getattr(x.at[1, :, 2], method)(7)
    want = A.copy()
    ufunc = {"set": None, "add": np.add, "multiply": np.multiply,
             "min": np.minimum, "max": np.maximum}[method]
    if ufunc is None:
        want[1, :, 2] = 7
    else:
        ufunc.at(want, (1, slice(None), 2), 7)
    np.testing.assert_array_equal(np.asarray(got), want)
    np.testing.assert_array_equal(np.asarray(x), A)  # x unchanged


def test_at_repeated_indices_add_every_value():
    got = tnp.zeros(3).at[[0, 0, 2]].add(1)
    np.testing.assert_array_equal(np.asarray(got), [2.0, 0.0, 1.0])


def test_index_errors():
    x = tnp.asarray(A)
    with pytest.raises(IndexError):
        x[2]
    with pytest.raises(IndexError):
        x[0, 0, 0, 0]
    with pytest.raises(IndexError, match="float"):
        x[1.5]
    with pytest.raises(TypeError, match="slice indices"):
        x[1.5:2]
    np.testing.assert_array_equal(np.asarray(x[np.int64(1):]), A[1:])
    with pytest.raises(IndexError, match="integer"):
        x[tnp.asarray([0.5])]
    with pytest.raises(IndexError):
        x[[0, 5]]
