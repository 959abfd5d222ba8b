"""Prints the PTX of every kernel module in tnp-gpu-pipeline's output.

gpu-module-to-binary (format=isa) keeps each module's PTX as an escaped
string in a gpu.binary op. This script reads that MLIR from stdin and prints
each module's PTX under a `// gpu.binary @name` line, for FileCheck. With
`--ptxas ARCH,...` it also assembles each module with ptxas for each
architecture and fails, naming the module, when ptxas rejects it.
"""

import argparse
import re
import subprocess
import sys
import tempfile

BINARY = re.compile(r'gpu\.binary @(\w+)\s.*?assembly = "((?:[^"\\]|\\.)*)"',
                    re.S)


def unescape(text):
    """MLIR's string escapes: \\XX (two hex digits), \\\\ and \\"."""
    return re.sub(r'\\([0-9A-Fa-f]{2}|\\|")',
                  lambda m: m.group(1) if len(m.group(1)) == 1
                  else chr(int(m.group(1), 16)), text)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ptxas", help="ptxas to assemble with, then ARCHS")
    parser.add_argument("--arch", default="sm_80,sm_90",
                        help="comma-separated architectures for ptxas")
    args = parser.parse_args()
    modules = BINARY.findall(sys.stdin.read())
    if not modules:
        sys.exit("no gpu.binary with PTX in the input")
    for name, escaped in modules:
        ptx = unescape(escaped)
        print(f"// gpu.binary @{name}")
        print(ptx)
        if not args.ptxas:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".ptx") as f:
            f.write(ptx)
            f.flush()
            for arch in args.arch.split(","):
                run = subprocess.run(
                    [args.ptxas, f"-arch={arch}", f.name, "-o", "/dev/null"],
                    capture_output=True, text=True)
                if run.returncode != 0:
                    sys.exit(f"ptxas -arch={arch} rejected @{name}:\n"
                             f"{run.stderr}")
        print(f"// ptxas: @{name} assembles for {args.arch}")


if __name__ == "__main__":
    main()
