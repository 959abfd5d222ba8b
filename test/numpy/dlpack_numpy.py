"""DLPack tensors between NumPy and tnp (the tnp_dlpack_shim library).

Usage: dlpack_numpy.py SHIM WORKDIR

Export: tnp loads a .npy file NumPy wrote, exports it with to_dlpack, and
np.from_dlpack reads it through a capsule made with ctypes. Import: NumPy's
__dlpack__ capsule goes to tnp's from_dlpack, which must use the memory in
place exactly when it is 64-byte aligned, and tnp saves what it got. Both
must hold NumPy's dtype, shape and bytes. NumPy 1.24 has no DLPack bool, so
bool goes through the C++ tests (DLPackTest) only.
"""

import ctypes
import os
import sys

import numpy as np

DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "float32", "float64", "complex64",
          "complex128"]
# Capsule names must outlive the capsules: module-level bytes.
DLTENSOR = b"dltensor"
USED = b"used_dltensor"

api = ctypes.pythonapi
api.PyCapsule_New.restype = ctypes.py_object
api.PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                              ctypes.c_void_p]
api.PyCapsule_GetPointer.restype = ctypes.c_void_p
api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
api.PyCapsule_SetName.restype = ctypes.c_int
api.PyCapsule_SetName.argtypes = [ctypes.py_object, ctypes.c_char_p]


class Exported:
    """A DLPack producer over a tensor tnp exported."""

    def __init__(self, tensor):
        self.tensor = tensor

    def __dlpack__(self, stream=None):
        return api.PyCapsule_New(self.tensor, DLTENSOR, None)

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU, device 0.


def same(a, b):
    return (a.dtype == b.dtype and a.shape == b.shape and
            a.tobytes(order="C") == b.tobytes(order="C"))


def main():
    shim = ctypes.CDLL(sys.argv[1])
    shim.tnp_shim_export_npy.restype = ctypes.c_void_p
    shim.tnp_shim_export_npy.argtypes = [ctypes.c_char_p]
    shim.tnp_shim_import_to_npy.restype = ctypes.c_int
    shim.tnp_shim_import_to_npy.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    work = sys.argv[2]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(0)
    in_place = copied = 0
    for dtype in DTYPES:
        for shape in [(), (5,), (3, 4), (64, 1024)]:
            a = (rng.standard_normal(int(np.prod(shape))) * 50).astype(dtype)
            a = a.reshape(shape)
            path = os.path.join(work, f"{dtype}.npy").encode()
            np.save(path.decode(), a)
            tensor = shim.tnp_shim_export_npy(path)
            if not tensor:
                sys.exit(f"{dtype} {shape}: tnp could not export")
            b = np.from_dlpack(Exported(tensor))
            if not same(b, a):
                sys.exit(f"export {dtype} {shape}: NumPy reads {b.dtype} "
                         f"{b.shape}, not the same bytes")

            capsule = a.__dlpack__()
            pointer = api.PyCapsule_GetPointer(capsule, DLTENSOR)
            api.PyCapsule_SetName(capsule, USED)  # tnp owns it now.
            out = os.path.join(work, f"{dtype}.tnp.npy").encode()
            shared = shim.tnp_shim_import_to_npy(pointer, out)
            aligned = a.ctypes.data % 64 == 0
            if shared != int(aligned):
                sys.exit(f"import {dtype} {shape}: in place = {shared}, data "
                         f"aligned = {aligned}")
            if not same(np.load(out.decode()), a):
                sys.exit(f"import {dtype} {shape}: tnp saved other bytes")
            in_place += shared
            copied += 1 - shared
        print(f"{dtype}: same bytes both ways")
    if in_place == 0:
        sys.exit("no import used NumPy's memory in place")
    print(f"imports: {in_place} in place (aligned), {copied} copied")


if __name__ == "__main__":
    main()
