#!/usr/bin/env python3
"""The speed figures cuda-samples print (GB/s, GFlop/s, TFLOPS, ms, sec...), circle's build
against nvcc's, on the GPU machine after `cuda_samples.sh run` (which leaves both builds):

  sample_figures.py run OUT ROOT [ROUNDS [RECHECK]]
                                            each sample with both builds run alone, one after
                                            the other, ROUNDS times (default 4), the first of the
                                            two alternating; every figure
                                            both print, as circle's speed over nvcc's (a rate's
                                            ratio, a time's inverse), median over the rounds;
                                            a sample with a figure below 0.95 then runs RECHECK
                                            rounds more (default 0), its medians over all;
                                            the geometric mean and the figures below 0.95
  sample_figures.py selftest                the figure reader on printed lines

A figure is a number with a rate unit after it (`12.5 GB/s`, `3.1 GFlop/s`, `40 Mpixels/sec`),
a time unit after it (`ms`, `msec`, `sec`, `s`), or a rate word before it (`TFLOPS: 58.5`).
Figures are paired by their line (its numbers masked), the line's occurrence and their place
in it. Figures of host code are figures too: circle compiles the host code. CUDA_SAMPLES_ONLY
(a regular expression) keeps only the samples whose names match (cuda_samples.py's rule)."""
import math
import os
import re
import statistics
import subprocess
import sys

NUMBER = r'([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)'
AFTER = re.compile(NUMBER + r'\s*\(?\s*([A-Za-z]+(?:\s[A-Za-z]+)?/s(?:ec)?|ms|msecs?|sec(?:onds)?|s|us)\b')
BEFORE = re.compile(r'\b(TFLOPS|TOPS|GFLOPS|GFlop/s|GOP/s)\s*[:=]?\s*' + NUMBER)
MASK = re.compile(NUMBER)


def figures(text):
    """{key: (value, 'rate' | 'time')} of everything `text` prints as a speed."""
    out, seen = {}, {}
    for line in text.splitlines():
        shape = MASK.sub('#', line.strip())
        seen[shape] = seen.get(shape, 0) + 1
        found = []
        for m in AFTER.finditer(line):
            unit = m.group(2)
            kind = 'rate' if '/s' in unit else 'time'
            found.append((m.start(1), float(m.group(1)), kind))
        for m in BEFORE.finditer(line):
            found.append((m.start(2), float(m.group(2)), 'rate'))
        for k, (_, value, kind) in enumerate(sorted(found)):
            if value > 0:
                out[f'{shape} #{seen[shape]}.{k}'] = (value, kind)
    return out


def speed_ratios(circle, nvcc):
    """{key: circle's speed / nvcc's} for the figures both print."""
    ratios = {}
    for key, (c, kind) in circle.items():
        if key in nvcc and nvcc[key][1] == kind:
            n = nvcc[key][0]
            ratios[key] = c / n if kind == 'rate' else n / c
    return ratios


def run(out, root, rounds, recheck=0):
    from cuda_samples import chosen, samples  # beside this file
    dirs = {s['name']: s['dir'] for s in chosen(samples(root))}
    every, low = [], []
    for name in sorted(dirs):
        if not all(os.path.exists(os.path.join(out, f'{name}.{tag}')) for tag in ('circle', 'nvcc')):
            continue
        per = {}
        rounds_of(name, out, os.path.join(root, dirs[name]), range(rounds), per)
        # A sample with a figure below 0.95 runs `recheck` rounds more (a figure of a few
        # microseconds moves by more than that between runs of the same code).
        if recheck and any(statistics.median(rs) < 0.95 for rs in per.values()):
            rounds_of(name, out, os.path.join(root, dirs[name]), range(rounds, rounds + recheck), per)
        for key, rs in sorted(per.items()):
            r = statistics.median(rs)
            every.append(r)
            print(f'{name}: {r:.3f}  {key}  ({len(rs)} rounds)', flush=True)
            if r < 0.95:
                low.append(f'{name}: {r:.3f} {key}')
    if every:
        print(f'{len(every)} figures, geometric mean of circle/nvcc speed {math.exp(sum(map(math.log, every)) / len(every)):.3f}')
    print(f'{len(low)} below 0.95' + ''.join('\n  ' + l for l in low))


def rounds_of(name, out, cwd, rounds, per):
    """Runs both builds of `name` for each round in `rounds`; each figure's ratios into `per`."""
    for round in rounds:
        printed = {}
        # Each build first in every other round: a second run can find the GPU warmer,
        # its clocks higher or lower, a library's state cached.
        for tag in ('nvcc', 'circle') if round % 2 == 0 else ('circle', 'nvcc'):
            try:
                p = subprocess.run([os.path.abspath(os.path.join(out, f'{name}.{tag}'))], cwd=cwd,
                                   capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
                printed[tag] = figures(p.stdout + p.stderr) if p.returncode == 0 else None
            except subprocess.TimeoutExpired:
                printed[tag] = None
        if printed['nvcc'] is None or printed['circle'] is None:
            continue
        for key, r in speed_ratios(printed['circle'], printed['nvcc']).items():
            per.setdefault(key, []).append(r)


def selftest():
    f = figures('Throughput = 12.5000 GB/s, Time = 0.00120 s, Size = 1048576 bytes\n'
                'TFLOPS: 58.52\nProcessing time: 3.4 (ms)\n3 streams\nTime: 1.5 ms\nTime: 2.5 ms\n')
    assert [v for v in f.values()] == [(12.5, 'rate'), (0.0012, 'time'), (58.52, 'rate'), (3.4, 'time'),
                                       (1.5, 'time'), (2.5, 'time')], f
    assert len(set(f)) == 6  # the two "Time: # ms" lines are told apart by their order
    n = figures('TFLOPS: 50.0\nTime: 2.0 ms\n')
    c = figures('TFLOPS: 55.0\nTime: 1.0 ms\n')
    r = speed_ratios(c, n)
    assert sorted(round(x, 3) for x in r.values()) == [1.1, 2.0], r
    print('selftest passed')


if __name__ == '__main__':
    if sys.argv[1:2] == ['selftest']:
        selftest()
    elif sys.argv[1:2] == ['run']:
        run(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 4,
            int(sys.argv[5]) if len(sys.argv) > 5 else 0)
    else:
        sys.exit(__doc__)
