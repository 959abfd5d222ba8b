# lit configuration for tnp: tnp-opt and LLVM's FileCheck, not and count.

import os

import lit.formats
from lit.llvm import llvm_config

config.name = "tnp"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tnp_obj_root, "test")

llvm_config.use_default_substitutions()
# `not` at the start of a RUN line is found on PATH.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["tnp-opt", "tnp-dtypes", "tnp-numpy-check", "tnp-print-check",
     "tnp-npy-exchange"],
    [config.tnp_tools_dir, config.llvm_tools_dir],
)
# The C++ tour, whose printed output tests compare with the Python tour's.
config.substitutions.append(
    ("%tour", os.path.join(config.tnp_obj_root, "examples", "tour")))

# The build directory, for the benchmark driver (bench/compare.test).
config.substitutions.append(("%tnp_build", config.tnp_obj_root))

# The fake CUDA driver of test/gpu/fake (a GPU that runs no kernel), for
# tnp-numpy-check --gpu-compile: every kernel of the differential suites
# compiles for the GPU on any machine.
config.substitutions.append(
    ("%fake_gpu", "env LD_LIBRARY_PATH=%s TNP_FAKE_GPU_BYTES=2147483648"
     % os.path.join(config.tnp_obj_root, "test", "gpu", "fake")))

# tnp's DLPack functions as a shared library for ctypes (dlpack-numpy.test).
config.substitutions.append(
    ("%tnp_dlpack_shim",
     os.path.join(config.tnp_obj_root, "lib", "libtnp_dlpack_shim.so")))

# ptxas (the CUDA toolkit's) assembles the GPU pipeline's PTX, where it is
# installed, so that invalid PTX fails the tests (test/gpu/).
import shutil

ptxas = shutil.which("ptxas") or shutil.which("ptxas", path="/usr/local/cuda/bin")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("ptxas not found: the GPU tests check PTX, unassembled")
# libdevice, which tnp-gpu-pipeline links from the CUDA toolkit's default
# prefix (lit's tools see no CUDA_* variables): without it float32 expf and
# float64 math stay calls, and the elementwise test's PTX differs.
if os.path.isfile("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"):
    config.available_features.add("libdevice")

# pip's MKL in the build's Python environment (scripts/python-env), for the
# tests of tnp's products on MKL (runtime/Blas.h).
import glob

mkl = sorted(glob.glob(os.path.join(config.tnp_obj_root, "py-venv", "lib",
                                    "libmkl_rt.so.*")))
if mkl:
    config.available_features.add("mkl")
    config.substitutions.append(("%mkl_rt", mkl[-1]))
    config.substitutions.append(("%mkl_dir", os.path.dirname(mkl[-1])))
# tnp prefers MKL on Intel CPUs only (runtime/Blas.h).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if "GenuineIntel" in cpuinfo.read():
            config.available_features.add("intel-cpu")
except OSError:
    pass
else:
    lit_config.note("no libmkl_rt in build/py-venv: the MKL tests are skipped")

# NumPy is the oracle of the differential tests; lit runs under the Python
# that has it (Debian's python3-numpy).
try:
    import numpy  # noqa: F401

    config.available_features.add("numpy")
except ImportError:
    lit_config.warning("numpy not found: differential tests are skipped")
