"""The few `tf.*` names TF-NumPy code uses, on tnp: `from tnp.compat import tf`.

tf.Tensor is tnp.ndarray (as TF's ndarray is tf.Tensor); tf.constant and
tf.convert_to_tensor follow TF's literal rule (Python ints become int32 when
they fit it, floats float32); tf.ones defaults to float32, as TF's.
"""

import numpy as _np

import tnp as _tnp
from tnp import (GradientTape, TensorSpec, complex64, complex128,  # noqa: F401
                 config, device, float16, float32, float64, function, int8,
                 int16, int32, int64, map_fn, uint8, uint16, uint32, uint64,
                 vectorized_map)
from tnp import bool_ as bool  # noqa: F401,A001  tf.bool

__version__ = _tnp.__version__
Tensor = _tnp.ndarray

_NARROW = {_np.dtype("int64"): _np.int32, _np.dtype("float64"): _np.float32,
           _np.dtype("complex128"): _np.complex64}
_INT32 = _np.iinfo(_np.int32)


def convert_to_tensor(value, dtype=None):
    """An array of `value`; Python literals narrow as TF's do (int32 when
    every int fits it, float32, complex64), arrays keep their dtype."""
    if dtype is not None:
        return _tnp.asarray(value, dtype=dtype)
    if isinstance(value, (_tnp.ndarray, _np.ndarray, _np.generic)):
        return _tnp.asarray(value)
    array = _tnp.asarray(value)
    narrow = _NARROW.get(array.dtype)
    if narrow is _np.int32 and array.size and not (
            _INT32.min <= int(_tnp.min(array)) and
            int(_tnp.max(array)) <= _INT32.max):
        return array
    return array.astype(narrow) if narrow is not None else array


def constant(value, dtype=None, shape=None):
    array = convert_to_tensor(value, dtype)
    return array if shape is None else _tnp.broadcast_to(array, shape)


def reduce_sum(input_tensor, axis=None, keepdims=False):
    return _tnp.sum(input_tensor, axis=axis, keepdims=keepdims)


def ones(shape, dtype=float32):
    return _tnp.ones(shape, dtype=dtype)


def zeros(shape, dtype=float32):
    return _tnp.zeros(shape, dtype=dtype)
