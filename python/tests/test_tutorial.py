"""examples/tutorial.py, the seed tutorial on tnp, runs top to bottom and
prints what the tutorial shows."""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_tutorial(tmp_path):
    env = dict(os.environ, MPLBACKEND="Agg", TNP_TUTORIAL_OUT=str(tmp_path))
    run = subprocess.run([sys.executable, str(ROOT / "examples/tutorial.py")],
                         env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    for line in [
        "Created ND array with shape = (5, 3), rank = 2, dtype = float32 on "
        "device = /job:localhost/replica:0/task:0/device:CPU:0",
        "Is `ones` an instance of tf.Tensor: True",
        "ndarray.T has shape (3, 5)",
        "narray.reshape(-1) has shape 15",
        "int32 + int64 => int64", "int32 + float32 => float64",
        "float32 + float64 => float64",
        "tnp.asarray(1).dtype == tnp.int64",
        "tnp.asarray(1.).dtype == tnp.float64",
        "When prefer_float32 is True:\ntnp.asarray(1.).dtype == tnp.float32\n"
        "tnp.add(1., 2.).dtype == tnp.float32",
        "Broadcasting shapes (2, 3), (3,) and (1, 2, 1) gives shape (1, 2, 3)",
        "[[[16 17 18 19]\n  [20 21 22 23]]], shape=(1, 2, 4), dtype=int64)",
        "tf.Tensor([12 13 17], shape=(3,), dtype=int64)",
        "Currently, TensorFlow NumPy does not support mutation.",
        "sum = 6.0. Class: <class 'numpy.float64'>",
        "sum = 6.0. Class: <class 'tnp.ndarray'>",
        "x = tf.Tensor([2. 2.], shape=(2,), dtype=float64)\n"
        "class = <class 'tnp.ndarray'>",
        "tf.Tensor([1 2], shape=(2,), dtype=int32)",
        "[1 2] <class 'numpy.ndarray'>",
        "Output = tf.Tensor(6.0, shape=(), dtype=float32)",
        "Parameter shapes: [(32, 64), (64,), (64, 2)]",
        "Gradient shapes: [(32, 64), (64,), (64, 2)]",
        "Output shape: (16, 2), input shape: (16, 32)",
        "Batch jacobian shape: (16, 2, 32)",
        "Weight shape: (32, 64), batch size: 128, per example gradient "
        "shape: (128, 32, 64)",
        "Weight shape: (64, 2), batch size: 128, per example gradient "
        "shape: (128, 64, 2)",
        "All logical devices: [LogicalDevice(name='/device:CPU:0', "
        "device_type='CPU')]",
        "Using device: /device:CPU:0",
        "prediction is placed on /job:localhost/replica:0/task:0/device:CPU:0",
    ]:
        assert line in out, line
    for png in ["tutorial-histogram.png", "tutorial-sigmoid-benchmark.png"]:
        data = (tmp_path / png).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000, png
