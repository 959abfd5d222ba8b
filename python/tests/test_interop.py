"""NumPy and DLPack interop, reference counting, and the GIL."""

import resource
import threading
import time

import numpy as np
import pytest

import tnp


def test_asarray_of_tnp_array_is_zero_copy():
    x = tnp.arange(1024, dtype=tnp.float32)
    a = np.asarray(x)
    b = np.asarray(x)
    assert a.ctypes.data == b.ctypes.data  # both views of tnp's buffer
    assert not a.flags.writeable  # tnp arrays are immutable
    assert a.ctypes.data % 64 == 0
    np.testing.assert_array_equal(a, np.arange(1024, dtype=np.float32))
    with pytest.raises(ValueError):
        a[0] = 1


def test_numpy_view_outlives_the_tnp_array():
    a = np.asarray(tnp.arange(100) * 2)
    import gc
    gc.collect()
    np.testing.assert_array_equal(a, np.arange(100) * 2)


def test_read_only_numpy_arrays_are_used_in_place():
    a = np.asarray(tnp.arange(256, dtype=tnp.float64))
    x = tnp.asarray(a)
    assert np.asarray(x).ctypes.data == a.ctypes.data
    w = np.arange(4.0)
    y = tnp.asarray(w)
    w[0] = 100  # a writeable array is copied: y does not change
    assert float(y[0]) == 0.0


def test_numpy_functions_take_tnp_arrays():
    s = np.sum(tnp.ones([2, 3]))
    assert float(s) == 6.0 and isinstance(s, np.float64)
    assert np.exp(tnp.zeros(2)).tolist() == [1.0, 1.0]


def test_dlpack_both_ways():
    x = tnp.arange(12, dtype=tnp.int32).reshape(3, 4)
    assert x.__dlpack_device__() == (1, 0)
    a = np.from_dlpack(x)
    np.testing.assert_array_equal(a, np.arange(12, dtype=np.int32).reshape(3, 4))
    y = tnp.from_dlpack(np.arange(6.0).reshape(2, 3))
    assert y.shape == (2, 3) and y.dtype == np.float64
    np.testing.assert_array_equal(np.asarray(y), np.arange(6.0).reshape(2, 3))
    with pytest.raises(TypeError, match="capsule"):
        tnp.from_dlpack(object())


def _rss_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() // 1024


def test_no_leaks_over_many_calls():
    x = tnp.ones([16], dtype=tnp.float32)
    a = np.ones(16, dtype=np.float32)
    f = tnp.function(lambda v: v * 2 + 1)

    def work(n):
        for _ in range(n):
            y = x + 1
            z = tnp.sum(y * a)
            np.asarray(z)
            f(x)
            _ = x[1:3]

    work(10_000)  # warm caches and allocators
    before = _rss_kib()
    work(100_000)
    grown = _rss_kib() - before
    # Each iteration makes ~6 arrays; a leaked one would cost >= 64 bytes
    # each, 6*64*1e5 = 37 MiB. Allow 4 MiB of allocator noise.
    assert grown < 4096, "RSS grew by %d KiB over 1e5 iterations" % grown


def test_gil_is_released_while_kernels_run():
    x = tnp.random.randn(2048, 2048).astype(tnp.float32)
    tnp.matmul(x, x)  # compile first
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0)

    t = threading.Thread(target=count)
    t.start()
    time.sleep(0.01)
    before = len(ticks)
    for _ in range(3):
        tnp.matmul(x, x)
    during = len(ticks) - before
    done.set()
    t.join()
    # With the GIL held for the whole products the counter thread would
    # only run at the switch interval between calls (a handful of ticks).
    assert during > 50, during


def test_calls_leave_no_reference_cycles():
    # Arrays must be freed when the last reference goes, not when Python's
    # cycle collector next runs: a cycle per call kept a traced function's
    # results alive (and its calls twice as slow).
    import gc
    f = tnp.function(lambda x, y: (x + 1, {"a": [y * 2]}))
    x = tnp.ones(3)
    loss = lambda w: tnp.sum(w * w)  # noqa: E731

    def work():
        f(x, x)
        f(x, y=x)
        tnp.grad(loss)(x)
        tnp.vjp(lambda w: (w * 2, w), x)[1]((x, x))
        tnp.vectorized_map(lambda r: {"s": r * 2}, (tnp.ones([2, 3]),))
        tnp.map_fn(lambda r: r * 2, tnp.ones([2, 3]))
        with tnp.GradientTape() as tape:
            tape.watch([x])
            y = loss(x)
        tape.gradient(y, [x])

    work()
    gc.collect()
    gc.disable()
    try:
        for _ in range(5):
            work()
        assert gc.collect() == 0
    finally:
        gc.enable()
