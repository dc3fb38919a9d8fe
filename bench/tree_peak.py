#!/usr/bin/env python3
"""Runs a command and prints "<wall seconds> <peak MiB>": the peak is the largest sum
of resident memory over the command and every process it started (nvcc and clang
run their stages one after another, circle runs ptxas for several sms at once, so
the largest single process says little). Sampled every 5 ms: a process shorter than
that may be missed. The command's output is discarded; its status is returned."""
import os
import subprocess
import sys
import tempfile
import time

PAGE = os.sysconf("SC_PAGE_SIZE")


def tree_rss(root):
    children, statm = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            with open(f"/proc/{entry}/statm") as f:
                statm[int(entry)] = f.read().split()[:2]
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [(root, None)]
    while todo:
        pid, parent = todo.pop()
        sizes = statm.get(pid)
        # A child spawned but not yet exec'd (posix_spawn's vfork) runs in its parent's
        # memory and shows the parent's sizes: counting it again would double the peak
        # (circle at 8 sms: 292 MB against 150-190 MB, one sample in 30 runs).
        if sizes and sizes != statm.get(parent):
            total += int(sizes[1]) * PAGE
        todo.extend((child, pid) for child in children.get(pid, []))
    return total


def main():
    with tempfile.TemporaryFile() as err:
        start = time.monotonic()
        p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=err)
        peak = 0
        while p.poll() is None:
            peak = max(peak, tree_rss(p.pid))
            time.sleep(0.005)
        wall = time.monotonic() - start
        if p.returncode != 0:
            err.seek(0)
            sys.stderr.write(err.read().decode(errors="replace"))
            return p.returncode
    print(f"{wall:.3f} {peak / 2**20:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
