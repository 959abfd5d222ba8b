"""Writes the IR fuzzer's seeds: every test/**/*.mlir, split where the tests
split their input (// -----), each piece followed by the byte that picks
the pipeline the fuzzer runs (fuzz/IrFuzzer.cpp), the pieces taking the
pipelines in turn."""

import pathlib
import sys

PIPELINES = 12


def main(tests, out):
    out = pathlib.Path(out)
    count = 0
    for path in sorted(pathlib.Path(tests).rglob("*.mlir")):
        for piece in path.read_text().split("// -----"):
            if "func.func" not in piece:
                continue
            seed = piece.encode() + bytes([count % PIPELINES])
            (out / f"{path.stem}-{count}").write_bytes(seed)
            count += 1


if __name__ == "__main__":
    main(*sys.argv[1:])
