"""Devices, TF-style: tnp.device(...), tnp.config.list_logical_devices.

The C++ registry (include/tnp/device.h, docs/devices.md): the CPU, logical
CPUs from set_logical_device_configuration, the GPUs the CUDA driver finds.
A scope places what runs inside it, on its thread; outside scopes
operations run on CPU:0. As TF with soft device placement (the default), a
scope naming a device that is not there places operations on CPU:0; a
malformed name is a ValueError.
"""

import collections

from tnp import _tnp

LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])
PhysicalDevice = collections.namedtuple("PhysicalDevice",
                                        ["name", "device_type"])
LogicalDeviceConfiguration = collections.namedtuple(
    "LogicalDeviceConfiguration", ["memory_limit"], defaults=[None])


def list_logical_devices(device_type=None):
    return [LogicalDevice(*d)
            for d in _tnp._list_logical_devices(device_type or "")]


def list_physical_devices(device_type=None):
    return [PhysicalDevice(*d)
            for d in _tnp._list_physical_devices(device_type or "")]


def set_logical_device_configuration(device, logical_devices):
    _tnp._set_logical_device_configuration(
        device.name, device.device_type,
        [c.memory_limit for c in logical_devices])


def device(device_name):
    """tf.device: operations in the block run on `device_name` (a name such
    as "/device:CPU:0" or "GPU:0", or a LogicalDevice)."""
    name = getattr(device_name, "name", device_name)
    if name is None:
        name = ""
    if not isinstance(name, str):
        raise ValueError("tnp.device: %r is not a device name such as "
                         "'/device:CPU:0'" % (device_name,))
    return _tnp._DeviceScope(name)


class _Config:
    """tf.config's device functions."""

    list_logical_devices = staticmethod(list_logical_devices)
    list_physical_devices = staticmethod(list_physical_devices)
    set_logical_device_configuration = staticmethod(
        set_logical_device_configuration)
    LogicalDeviceConfiguration = LogicalDeviceConfiguration
    set_soft_device_placement = staticmethod(_tnp.set_soft_device_placement)
    get_soft_device_placement = staticmethod(_tnp.get_soft_device_placement)


config = _Config()
