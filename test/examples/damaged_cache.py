"""Runs the tour over a damaged compile cache (runtime/CompileCache).

Usage: damaged_cache.py TOUR WORKDIR

The tour runs once over an empty cache directory (the cold run) and once over
the directory it filled (the warm run). Then, for each damage a careless or
hostile user can do to the directory, a copy of the filled directory is
damaged and the tour runs over it. Each run must exit 0 within the timeout
and print what the cold run printed (timings aside). Damages that leave the
directory trusted must leave it repaired: every entry a private regular file
again. Exits 1 and names the scenario on the first difference.
"""

import difflib
import os
import re
import shutil
import subprocess
import sys

TIMEOUT_S = 120
WARNING = "tnp: warning:"


def masked(text):
    """The tour's output with its timings masked."""
    text = re.sub(r"\d+\.\d+ ms", "<t> ms", text)
    # Padded columns: a slower run prints a wider number and fewer spaces.
    return re.sub(r"(eager|compiled) +\d+\.\d+", r"\1 <t>", text)


def run(tour, cache, name):
    env = dict(os.environ, TNP_CACHE_DIR=cache)
    try:
        done = subprocess.run([tour], env=env, capture_output=True, text=True,
                              timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        sys.exit(f"{name}: the tour did not finish within {TIMEOUT_S} s")
    if done.returncode != 0:
        sys.exit(f"{name}: the tour exited with {done.returncode}:\n"
                 f"{done.stderr}")
    return masked(done.stdout), done.stderr


def differences(expected, actual):
    """A unified diff of two outputs, for the failure message."""
    return "".join(difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True), "cold run",
        "this run", n=1))


def entries(cache):
    return sorted(os.path.join(cache, n) for n in os.listdir(cache))


def replace(path, make):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    else:
        os.unlink(path)
    make(path)


def fifo(path):
    replace(path, lambda p: os.mkfifo(p, 0o600))


def link_to_zero(path):
    replace(path, lambda p: os.symlink("/dev/zero", p))


def link_loop(path):
    replace(path, lambda p: os.symlink(p, p))


def directory(path):
    def make(p):
        os.mkdir(p, 0o700)
        open(os.path.join(p, "inside"), "w").close()
    replace(path, make)


def group_writable(path):
    os.chmod(path, 0o660)


def truncated(path):
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) // 2)


def zero_filled(path):
    size = os.path.getsize(path)
    with open(path, "r+b") as f:
        f.write(bytes(size))


def other_user(path):
    os.chown(path, 65534, 65534)


def each(damage):
    """Applies `damage` to every entry of the cache."""
    def apply(cache):
        for path in entries(cache):
            damage(path)
    return apply


def swapped(cache):
    """Swaps the contents of entries two by two (each keeps its header)."""
    paths = entries(cache)
    for a, b in zip(paths[0::2], paths[1::2]):
        os.rename(a, a + ".swap")
        os.rename(b, a)
        os.rename(a + ".swap", b)


def mixed(cache):
    """Every entry gets one of the damages, in turn."""
    damages = [fifo, link_to_zero, link_loop, truncated, zero_filled,
               group_writable]
    for i, path in enumerate(entries(cache)):
        damages[i % len(damages)](path)


def group_writable_directory(cache):
    os.chmod(cache, 0o770)


# (name, damage, whether the run repairs the directory, warnings expected)
SCENARIOS = [
    ("FIFO entries", each(fifo), True, 0),
    ("entries linked to /dev/zero", each(link_to_zero), True, 0),
    ("entries that are symlink loops", each(link_loop), True, 0),
    ("directories in place of entries", each(directory), False, 0),
    ("group-writable entries", each(group_writable), True, 0),
    ("entries swapped with each other", swapped, True, 0),
    ("truncated entries", each(truncated), True, 0),
    ("zero-filled entries", each(zero_filled), True, 0),
    ("every damage at once", mixed, True, 0),
    ("group-writable directory", group_writable_directory, False, 1),
]
if os.geteuid() == 0:
    SCENARIOS.append(("entries of another user", each(other_user), True, 0))


def main():
    tour, work = sys.argv[1], sys.argv[2]
    filled = os.path.join(work, "filled")
    os.mkdir(filled, 0o700)
    cold, _ = run(tour, filled, "cold run")
    count = len(entries(filled))
    if count < 10:
        sys.exit(f"the cold run cached {count} entries; expected many")
    warm, warnings = run(tour, filled, "warm run")
    if warm != cold or WARNING in warnings:
        sys.exit("warm run: differs from the cold run:\n" +
                 differences(cold, warm) + warnings)
    for i, (name, damage, repaired, warned) in enumerate(SCENARIOS):
        cache = os.path.join(work, f"damaged-{i}")
        shutil.copytree(filled, cache, symlinks=True)
        damage(cache)
        out, err = run(tour, cache, name)
        if out != cold:
            sys.exit(f"{name}: the output differs from the cold run:\n" +
                     differences(cold, out))
        if err.count(WARNING) != warned:
            sys.exit(f"{name}: expected {warned} warning(s):\n{err}")
        if repaired:
            for path in entries(cache):
                if not os.path.isfile(path) or os.path.islink(path) or \
                        os.stat(path).st_mode & 0o777 != 0o600:
                    sys.exit(f"{name}: {path} was not rebuilt")
        print(f"{name}: same output as the cold run"
              + (", cache repaired" if repaired else ""))
        shutil.rmtree(cache)
    print(f"all {len(SCENARIOS)} damages: same output, {count} entries")


if __name__ == "__main__":
    main()
