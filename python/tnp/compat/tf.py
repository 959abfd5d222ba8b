"""The few `tf.*` names TF-NumPy code uses, on tnp: `from tnp.compat import tf`.

tf.Tensor is tnp.ndarray (as TF's ndarray is tf.Tensor); tf.constant and
tf.convert_to_tensor follow TF's literal rule (Python ints become int32,
floats float32); tf.ones defaults to float32, as TF's.
"""

import numpy as _np

import tnp as _tnp

__version__ = _tnp.__version__

Tensor = _tnp.ndarray
TensorSpec = _tnp.TensorSpec
GradientTape = _tnp.GradientTape
function = _tnp.function
vectorized_map = _tnp.vectorized_map
map_fn = _tnp.map_fn
device = _tnp.device
config = _tnp.config

bool = _tnp.bool_
int8, int16, int32, int64 = _tnp.int8, _tnp.int16, _tnp.int32, _tnp.int64
uint8, uint16, uint32, uint64 = (_tnp.uint8, _tnp.uint16, _tnp.uint32,
                                 _tnp.uint64)
float16, float32, float64 = _tnp.float16, _tnp.float32, _tnp.float64
complex64, complex128 = _tnp.complex64, _tnp.complex128

_NARROW = {_np.dtype("int64"): _np.int32, _np.dtype("float64"): _np.float32,
           _np.dtype("complex128"): _np.complex64}


def convert_to_tensor(value, dtype=None):
    """An array of `value`; Python literals narrow as TF's do (int32,
    float32, complex64), arrays keep their dtype."""
    if dtype is not None:
        return _tnp.asarray(value, dtype=dtype)
    if isinstance(value, (_tnp.ndarray, _np.ndarray, _np.generic)):
        return _tnp.asarray(value)
    array = _tnp.asarray(value)
    narrow = _NARROW.get(array.dtype)
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
