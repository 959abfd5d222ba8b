"""Files for the .npy reader's and writer's test (npy.test).

gen_npy.py OUTDIR writes ok_*.npy (every supported dtype, 0-d, empty, rank
5, format version 2.0) and bad_*.npy (malformed or unsupported).
gen_npy.py --verify OUTDIR checks that each ok_X.npy.copy.npy (written back
by tnp-numpy-check --roundtrip) holds the same array.
"""

import glob
import os
import sys

import numpy as np

DESCRS = ["|b1", "|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8",
          "<f2", "<f4", "<f8", "<c8", "<c16"]


def header(descr, shape, fortran=False, version=(1, 0)):
    d = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" % (
        descr, fortran, shape)
    length_bytes = 2 if version[0] == 1 else 4
    total = 6 + 2 + length_bytes + len(d) + 1
    d += " " * ((64 - total % 64) % 64) + "\n"
    return (b"\x93NUMPY" + bytes(version) +
            len(d).to_bytes(length_bytes, "little") + d.encode("latin1"))


def write(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(7)
    for descr in DESCRS:
        dt = np.dtype(descr)
        a = (rng.integers(0, 100, (2, 3)) * (1 + 1j if dt.kind == "c" else 1))
        if dt.kind != "c":
            a = a.real
        np.save(os.path.join(out, "ok_%s.npy" % descr[1:]), a.astype(dt))
    np.save(os.path.join(out, "ok_0d.npy"), np.float64(2.5))
    np.save(os.path.join(out, "ok_empty.npy"), np.zeros((0,), np.int32))
    np.save(os.path.join(out, "ok_empty3.npy"), np.zeros((2, 0, 3), np.uint8))
    np.save(os.path.join(out, "ok_rank5.npy"),
            np.arange(32, dtype=np.int16).reshape(2, 2, 2, 2, 2))
    with open(os.path.join(out, "ok_v2.npy"), "wb") as f:
        np.lib.format.write_array(f, np.arange(4.0), version=(2, 0))

    data = np.arange(6, dtype="<f8").tobytes()
    bad = {
        "empty": b"",
        "magic": b"\x93NUMPZ\x01\x00" + header("<f8", (6,))[8:] + data,
        "version": header("<f8", (6,), version=(4, 0)) + data,
        "truncated_header": header("<f8", (6,))[:40],
        "truncated_data": header("<f8", (6,)) + data[:-3],
        "extra_data": header("<f8", (6,)) + data + b"\x00",
        "big_endian": header(">f8", (6,)) + data,
        "fortran": header("<f8", (2, 3), fortran=True) + data,
        "object": header("|O", (6,)) + data,
        "unicode": header("<U3", (2,)) + b"\x00" * 24,
        "datetime": header("<M8[s]", (6,)) + data,
        "header_syntax": header("<f8", "[6]") + data,
        "header_key": header("<f8", (6,)).replace(b"'shape'", b"'shapx'")
        + data,
        "negative_dim": header("<f8", "(-6,)") + data,
        "huge_dim": header("<f8", "(99999999999999999999,)") + data,
        "overflow": header("<f8", "(4294967296, 4294967296, 4294967296)")
        + data,
    }
    for name, contents in bad.items():
        with open(os.path.join(out, "bad_%s.npy" % name), "wb") as f:
            f.write(contents)


def verify(out):
    originals = sorted(glob.glob(os.path.join(out, "ok_*.npy")))
    originals = [p for p in originals if not p.endswith(".copy.npy")]
    assert originals, "no files"
    for path in originals:
        a = np.load(path)
        b = np.load(path + ".copy.npy")
        assert a.dtype == b.dtype and a.shape == b.shape, path
        assert a.tobytes() == b.tobytes(), path
    print("%d round trips ok" % len(originals))


if sys.argv[1:2] == ["--verify"]:
    verify(sys.argv[2])
else:
    write(sys.argv[1])
