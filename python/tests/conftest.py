"""pytest setup: each test starts in NumPy's promotion mode with a fixed seed."""

import pytest

import tnp


@pytest.fixture(autouse=True)
def numpy_behavior():
    tnp.experimental_enable_numpy_behavior()
    tnp.random.seed(0)
    yield
    tnp.experimental_enable_numpy_behavior()
