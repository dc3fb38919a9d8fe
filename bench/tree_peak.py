#!/usr/bin/env python3
"""Runs a command and prints "<wall seconds> <peak MiB>": the peak is the largest sum
of resident memory over the command and every process it started (nvcc and clang
run their stages one after another, circle runs ptxas for several sms at once, so
the largest single process says little). Sampled every 5 ms: a process shorter than
that may be missed. The command's output is discarded; its status is returned.
  tree_peak.py --wall CMD...   prints "<wall seconds>" alone, taken without sampling:
the sampler's own work (some 15% of a core) would slow a compile that keeps both of
a 2-core machine's cores busy more than one that keeps one busy."""
import os
import subprocess
import sys
import tempfile
import time

PAGE = os.sysconf("SC_PAGE_SIZE")


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError: # the process ended meanwhile
        return ""


def children(pid):
    """Every thread's children: circle starts ptxas from its worker threads."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    return [int(c) for t in tasks for c in read(f"/proc/{pid}/task/{t}/children").split()]


def identity(pid):
    try:
        return os.readlink(f"/proc/{pid}/exe"), read(f"/proc/{pid}/cmdline")
    except OSError:
        return None


def tree_rss(root):
    # Only the command's own tree is read, not all of /proc: on a 2-core machine a
    # sampler that lists every process takes half a core from the compile it times.
    total, todo = 0, [(root, None)]
    while todo:
        pid, parent = todo.pop()
        me = identity(pid)
        # A child spawned but not yet exec'd (posix_spawn's vfork) runs in its parent's
        # memory, with its parent's program and arguments: counting it would count the
        # parent twice (circle at 8 sms: 292 MB against 150-190 MB). Comparing sizes
        # instead misses it whenever the parent allocates between the two reads.
        if me is None or me == parent:
            continue
        sizes = read(f"/proc/{pid}/statm").split()[:2]
        if sizes:
            total += int(sizes[1]) * PAGE
        todo.extend((child, me) for child in children(pid))
    return total


def main():
    args = sys.argv[1:]
    wall_only = args[:1] == ["--wall"]
    if wall_only:
        args = args[1:]
    with tempfile.TemporaryFile() as err:
        start = time.monotonic()
        p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        peak = 0
        if wall_only:
            p.wait()
        while p.poll() is None:
            peak = max(peak, tree_rss(p.pid))
            time.sleep(0.005)
        wall = time.monotonic() - start
        if p.returncode != 0:
            err.seek(0)
            sys.stderr.write(err.read().decode(errors="replace"))
            return p.returncode
    print(f"{wall:.3f}" if wall_only else f"{wall:.3f} {peak / 2**20:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
