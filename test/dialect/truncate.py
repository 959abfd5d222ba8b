"""Runs tnp-opt on many prefixes of a file and fails if any run crashes.

Usage: truncate.py FILE TNP_OPT. Each run must exit 0 (the prefix happens to
be a valid module) or 1 with an error diagnostic; a signal (a negative return
code) or any other exit code is a crash.
"""
import subprocess
import sys

path, tool = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    body = "".join(l for l in f if not l.lstrip().startswith("//"))
cuts = range(1, len(body), max(1, len(body) // 200))
bad = 0
for cut in cuts:
    proc = subprocess.run([tool, "-"], input=body[:cut].encode(), capture_output=True)
    ok = proc.returncode == 0 or (proc.returncode == 1 and b"error:" in proc.stderr)
    if not ok:
        bad += 1
        print(f"prefix of {cut} chars: exit {proc.returncode}\n{proc.stderr.decode()[-300:]}")
print(f"{len(cuts)} prefixes, {bad} crashed")
sys.exit(1 if bad else 0)
