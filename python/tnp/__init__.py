"""tnp: tf.experimental.numpy's API, run by tnp's tracing JIT compiler.

    import tnp
    x = tnp.ones([2, 3], dtype=tnp.float32)
    f = tnp.function(lambda x: tnp.tanh(x) * 2)   # traced once, compiled

Arrays are tnp.ndarray (immutable: x.at[i].set(v) for updates); dtypes are
NumPy's (tnp.float32 is np.float32); Python scalars are weak literals.
"""

import numpy as _np

from tnp import _tnp
from tnp._tnp import *  # noqa: F401,F403  NumPy's functions, ndarray
from tnp._tnp import __version__, ndarray, random
from tnp._autodiff import GradientTape, grad, value_and_grad, vjp
from tnp._device import (LogicalDevice, PhysicalDevice, config, device,
                         list_logical_devices, list_physical_devices)
from tnp._function import Function, TensorSpec, function
from tnp._vectorize import map_fn, vectorized_map

newaxis = None
pi = _np.pi
e = _np.e
inf = _np.inf
nan = _np.nan

bool_ = _np.bool_
int8, int16, int32, int64 = _np.int8, _np.int16, _np.int32, _np.int64
uint8, uint16, uint32, uint64 = _np.uint8, _np.uint16, _np.uint32, _np.uint64
float16, float32, float64 = _np.float16, _np.float32, _np.float64
complex64, complex128 = _np.complex64, _np.complex128
bfloat16 = "bfloat16"
int_, float_, complex_ = _np.int64, _np.float64, _np.complex128
dtype = _np.dtype
iinfo, finfo = _np.iinfo, _np.finfo
issubdtype = _np.issubdtype
generic, number, integer = _np.generic, _np.number, _np.integer
signedinteger, unsignedinteger = _np.signedinteger, _np.unsignedinteger
inexact, floating, complexfloating = (_np.inexact, _np.floating,
                                      _np.complexfloating)
# NumPy's names for types tnp has no arrays of (tf.experimental.numpy
# exports them too).
object_, string_, unicode_ = _np.object_, _np.bytes_, _np.str_

_MODES = {"legacy": _tnp.promotion_mode.numpy,
          "all": _tnp.promotion_mode.all,
          "safe": _tnp.promotion_mode.safe,
          "off": _tnp.promotion_mode.strict}


def experimental_enable_numpy_behavior(prefer_float32=False,
                                       dtype_conversion_mode="legacy"):
    """TF's switch: NumPy's promotion ("legacy"), JAX-like "all" or "safe",
    or "off" (strict: mixed dtypes are a TypeError); prefer_float32 makes
    float literals float32."""
    mode = _MODES.get(dtype_conversion_mode)
    if mode is None:
        raise ValueError("dtype_conversion_mode must be one of %s, got %r"
                         % (sorted(_MODES), dtype_conversion_mode))
    _tnp.set_promotion(mode, prefer_float32)


def from_dlpack(x):
    """An array over a DLPack producer's memory (an object with __dlpack__,
    or a capsule): no copy when it is aligned, row-major CPU memory."""
    capsule = x.__dlpack__() if hasattr(x, "__dlpack__") else x
    return _tnp._from_dlpack(capsule)
