"""Exchanges .npy and .npz files between NumPy and tnp (tnp-npy-exchange).

Usage: npy_exchange.py TOOL WORKDIR

For every dtype tnp and NumPy share, and shapes from 0-d to 3-d (empty ones
too), NumPy writes a file: C order, Fortran order, big-endian, and format
versions 1.0, 2.0 and 3.0; then .npz archives, stored and deflated. The tool
loads each with tnp, prints what it found, and writes it back with tnp; NumPy
reads tnp's file and it must hold the same dtype, shape and bytes (NaN
payloads, -0.0 and all). Files tnp cannot take (strings, objects, damage)
must give an error, not a crash. Prints one line per case.
"""

import os
import subprocess
import sys

import numpy as np

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
          "uint32", "uint64", "float16", "float32", "float64", "complex64",
          "complex128"]
SHAPES = [(), (0,), (7,), (3, 4), (2, 3, 4), (2, 0, 3)]


def values(dtype, shape, rng):
    n = int(np.prod(shape))
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool).reshape(shape)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        raw = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
        return raw.reshape(shape)
    if dt.kind == "f":
        a = rng.standard_normal(n).astype(dt) * 100
        specials = np.array([np.nan, np.inf, -np.inf, -0.0], dtype=dt)
        a[: min(n, 4)] = specials[: min(n, 4)]
        return a.reshape(shape)
    real = rng.standard_normal(n) * 100
    imag = rng.standard_normal(n) * 100
    a = (real + 1j * imag).astype(dt)
    if n:
        a[0] = complex(np.nan, -0.0)
    return a.reshape(shape)


def same(a, b):
    return (a.dtype == b.dtype and a.shape == b.shape and
            a.tobytes(order="C") == b.tobytes(order="C"))


def run(tool, src, dst):
    return subprocess.run([tool, src, dst], capture_output=True, text=True,
                          timeout=120)


def check_npy(tool, work, name, array, write):
    src = os.path.join(work, name + ".npy")
    dst = os.path.join(work, name + ".tnp.npy")
    write(src, array)
    done = run(tool, src, dst)
    if done.returncode != 0:
        sys.exit(f"{name}: tnp failed:\n{done.stdout}{done.stderr}")
    expected = array.astype(array.dtype.newbyteorder("="), order="C")
    back = np.load(dst)
    if not same(back, expected):
        sys.exit(f"{name}: NumPy reads tnp's file as {back.dtype} {back.shape}"
                 f", not {expected.dtype} {expected.shape} with the same bytes")
    return done.stdout.strip()


def write_version(version):
    def write(path, array):
        with open(path, "wb") as f:
            np.lib.format.write_array(f, array, version=version)
    return write


def main():
    tool, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(0)
    count = 0
    for dtype in DTYPES:
        for shape in SHAPES:
            a = values(dtype, shape, rng)
            tag = f"{dtype}-{'x'.join(map(str, shape)) or 'scalar'}"
            check_npy(tool, work, tag, a, np.save)
            count += 1
            if a.ndim >= 2:
                check_npy(tool, work, tag + "-fortran", np.asfortranarray(a),
                          np.save)
                count += 1
            if a.dtype.itemsize > 1:
                big = a.astype(a.dtype.newbyteorder(">"))
                check_npy(tool, work, tag + "-big", big, np.save)
                count += 1
        a = values(dtype, (3, 4), rng)
        for version in [(1, 0), (2, 0), (3, 0)]:
            check_npy(tool, work, f"{dtype}-v{version[0]}", a,
                      write_version(version))
            count += 1
        print(f"{dtype}: same bytes through tnp")

    arrays = {d: values(d, (2, 3), rng) for d in DTYPES}
    arrays["empty"] = np.zeros((0, 4), np.float32)
    arrays["scalar"] = np.float64(2.5)
    for save, out in [(np.savez, "plain"), (np.savez_compressed,
                                            "compressed")]:
        src = os.path.join(work, f"arrays-{out}.npz")
        dst = os.path.join(work, f"arrays-{out}.tnp.npz")
        save(src, **arrays)
        done = run(tool, src, dst)
        if done.returncode != 0:
            sys.exit(f"npz {out}: tnp failed:\n{done.stdout}{done.stderr}")
        back = np.load(dst)
        if sorted(back.files) != sorted(arrays):
            sys.exit(f"npz {out}: names {sorted(back.files)}")
        for name, a in arrays.items():
            if not same(back[name], np.asarray(a)):
                sys.exit(f"npz {out}: '{name}' differs")
        print(f"npz {out}: {len(arrays)} arrays, same bytes through tnp")

    # What tnp cannot take: an error naming the problem, never a crash.
    refused = {
        "strings": (lambda p: np.save(p, np.array(["ab", "c"])), "TypeError"),
        "objects": (lambda p: np.save(p, np.array([1, "a"], dtype=object),
                                      allow_pickle=True), "TypeError"),
        "truncated": (lambda p: open(p, "wb").write(
            open(os.path.join(work, "float64-3x4.npy"), "rb").read()[:-8]),
            "ValueError"),
        "not-npy": (lambda p: open(p, "wb").write(b"PK\x03\x04 not npy"),
                    "ValueError"),
    }
    for name, (write, error) in refused.items():
        src = os.path.join(work, f"refused-{name}.npy")
        write(src)
        done = run(tool, src, src + ".out")
        if done.returncode != 1 or f"error: {error}" not in done.stdout:
            sys.exit(f"refused {name}: expected {error}, got exit "
                     f"{done.returncode}:\n{done.stdout}{done.stderr}")
        print(f"refused {name}: {error}")
    print(f"{count} .npy files and 2 .npz archives: same bytes through tnp")


if __name__ == "__main__":
    main()
