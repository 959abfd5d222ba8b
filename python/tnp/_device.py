"""Devices, TF-style: tnp.device(...), tnp.config.list_logical_devices.

tnp runs on the CPU (its GPU backend is not built yet). As TF with soft
device placement, a scope naming a device that is not there places
operations on the CPU; a malformed name is a ValueError.
"""

import collections
import contextlib
import re

LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])
PhysicalDevice = collections.namedtuple("PhysicalDevice",
                                        ["name", "device_type"])

_LOGICAL = [LogicalDevice("/device:CPU:0", "CPU")]
_PHYSICAL = [PhysicalDevice("/physical_device:CPU:0", "CPU")]
_NAME = re.compile(
    r"^(/job:\w+)?(/replica:\d+)?(/task:\d+)?(/?device:)?/?(?P<type>[A-Za-z]+):"
    r"(?P<index>\d+)$")


def list_logical_devices(device_type=None):
    return [d for d in _LOGICAL
            if device_type is None or d.device_type == device_type.upper()]


def list_physical_devices(device_type=None):
    return [d for d in _PHYSICAL
            if device_type is None or d.device_type == device_type.upper()]


@contextlib.contextmanager
def device(device_name):
    """tf.device: operations in the block run on `device_name` (a name such
    as "/device:CPU:0" or "GPU:0", or a LogicalDevice) when tnp has it,
    otherwise on the CPU."""
    name = getattr(device_name, "name", device_name)
    if not isinstance(name, str) or (name and not _NAME.match(name)):
        raise ValueError("tnp.device: %r is not a device name such as "
                         "'/device:CPU:0'" % (device_name,))
    yield


class _Config:
    """tf.config's device listing."""

    list_logical_devices = staticmethod(list_logical_devices)
    list_physical_devices = staticmethod(list_physical_devices)


config = _Config()
