"""Several tours share one compile cache directory (runtime/CompileCache).

Usage: shared_cache.py TOUR WORKDIR

Four tours start at once over one empty directory: they compile, write and
read the same entries concurrently. Then tours are killed (SIGKILL) at
several moments of a cold run, leaving whatever a writer leaves half done,
and a tour runs over what remains. Every finished run must exit 0 in time
and print what a tour over its own empty directory prints (timings aside).
"""

import os
import signal
import subprocess
import sys
import time

from damaged_cache import TIMEOUT_S, WARNING, differences, masked, run

WRITERS = 4
KILL_AFTER_S = [0.3, 0.8, 1.5, 2.5]


def main():
    tour, work = sys.argv[1], sys.argv[2]
    alone = os.path.join(work, "alone")
    os.mkdir(alone, 0o700)
    expected, _ = run(tour, alone, "a tour alone")

    shared = os.path.join(work, "shared")
    os.mkdir(shared, 0o700)
    env = dict(os.environ, TNP_CACHE_DIR=shared)
    tours = [subprocess.Popen([tour], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for _ in range(WRITERS)]
    for i, p in enumerate(tours):
        try:
            out, err = p.communicate(timeout=TIMEOUT_S * 2)
        except subprocess.TimeoutExpired:
            sys.exit(f"concurrent tour {i} did not finish")
        if p.returncode != 0 or WARNING in err:
            sys.exit(f"concurrent tour {i} exited {p.returncode}:\n{err}")
        if masked(out) != expected:
            sys.exit(f"concurrent tour {i} differs:\n" +
                     differences(expected, masked(out)))
    print(f"{WRITERS} tours at once over one empty cache: same output")
    out, _ = run(tour, shared, "a tour after them")
    if out != expected:
        sys.exit("the tour after them differs:\n" + differences(expected, out))
    print("a tour over what they wrote: same output")

    killed = os.path.join(work, "killed")
    os.mkdir(killed, 0o700)
    env = dict(os.environ, TNP_CACHE_DIR=killed)
    for delay in KILL_AFTER_S:
        p = subprocess.Popen([tour], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        p.wait()
    left = len(os.listdir(killed))
    out, _ = run(tour, killed, "a tour after killed ones")
    if out != expected:
        sys.exit("the tour after killed ones differs:\n" +
                 differences(expected, out))
    out, _ = run(tour, killed, "a warm tour after killed ones")
    if out != expected:
        sys.exit("the warm tour differs:\n" + differences(expected, out))
    print(f"tours killed after {KILL_AFTER_S} s left {left} files; the next "
          "tours: same output")


if __name__ == "__main__":
    main()
