"""tnp.device and tnp.config on two logical CPUs, in a fresh interpreter:
the CPU is split before anything initializes the devices, as TF requires."""

import subprocess
import sys
import textwrap

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
