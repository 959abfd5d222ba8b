"""tnp.device and tnp.config in fresh interpreters: on two logical CPUs (the
CPU is split before anything initializes the devices, as TF requires), and
on the fake GPU."""

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import tnp

SCRIPT = textwrap.dedent("""
    import pytest
    import tnp
    cpu = tnp.config.list_physical_devices("CPU")[0]
    tnp.config.set_logical_device_configuration(
        cpu, [tnp.config.LogicalDeviceConfiguration()] * 2)
    names = [d.name for d in tnp.config.list_logical_devices("CPU")]
    assert names == ["/device:CPU:0", "/device:CPU:1"], names
    with tnp.device("CPU:1"):
        x = tnp.ones(3)
        with tnp.device("/cpu:0"):
            assert tnp.ones(1).device.endswith("device:CPU:0")
        y = tnp.exp(x)
    assert x.device.endswith("device:CPU:1") and y.device.endswith("CPU:1")
    assert (y + 1).device.endswith("device:CPU:0")
    with tnp.device("/device:CPU:0"):
        z = tnp.copy(y)
    assert z.device.endswith("device:CPU:0")
    with pytest.raises(RuntimeError, match="after being initialized"):
        tnp.config.set_logical_device_configuration(
            cpu, [tnp.config.LogicalDeviceConfiguration()])
    tnp.config.set_soft_device_placement(False)
    assert not tnp.config.get_soft_device_placement()
    with pytest.raises(RuntimeError, match="Could not satisfy"):
        with tnp.device("CPU:7"):
            pass
    print("ok")
""")


def test_scopes_and_copies_on_logical_cpus():
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


GPU_SCRIPT = textwrap.dedent("""
    import numpy as np
    import pytest
    import tnp
    assert [d.name for d in tnp.config.list_logical_devices("GPU")] == [
        "/device:GPU:0"]
    a = np.random.default_rng(0).standard_normal((96, 160), np.float32)
    b = np.random.default_rng(1).standard_normal((160, 48), np.float32)
    dot = tnp.function(lambda a, b: tnp.dot(a, b))
    with tnp.device("GPU:0"):
        x = tnp.asarray(a)
        product = tnp.matmul(x, b)
        traced = dot(x, b)
        # The fake driver runs no kernel: an elementwise op fails at launch.
        with pytest.raises(RuntimeError, match="cuLaunchKernel"):
            x + 1
    for array in (x, product, traced):
        assert array.device.endswith("device:GPU:0"), array.device
        assert array.__dlpack_device__() == (2, 0)  # kDLCUDA, GPU:0
        # Calls return with their work queued; this waits for it (JAX's).
        assert array.block_until_ready() is array
    np.testing.assert_array_equal(np.asarray(x), a)
    np.testing.assert_allclose(np.asarray(product), a @ b, rtol=1e-4,
                               atol=1e-4)
    np.testing.assert_allclose(np.asarray(traced), a @ b, rtol=1e-4,
                               atol=1e-4)
    assert tnp.copy(product).device.endswith("device:CPU:0")
    assert tnp.copy(product).__dlpack_device__() == (1, 0)
    assert tnp.copy(product).block_until_ready().device.endswith("CPU:0")
    print("ok")
""")


def test_arrays_and_products_on_the_fake_gpu():
    """GPU:0 of the fake CUDA driver (test/gpu/fake, built with tnp): arrays
    in its memory, read back by NumPy, cuBLAS products eagerly and traced."""
    fake = pathlib.Path(tnp.__file__).resolve().parents[2] / "test/gpu/fake"
    if not (fake / "libcuda.so.1").exists():
        pytest.skip("no fake CUDA driver: the package is not in a tnp build")
    env = dict(os.environ, LD_LIBRARY_PATH=str(fake),
               TNP_FAKE_GPU_BYTES=str(64 << 20))
    run = subprocess.run([sys.executable, "-c", GPU_SCRIPT], env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
