#!/usr/bin/env python3
"""libstdc++'s own run-tests (GCC 12, Debian's gcc-12-source) in GPU kernels.

Each selected test's main() runs in a one-thread kernel; the testsuite's own
testsuite_hooks.h stays as it is, so a failing VERIFY prints its file:line and
aborts the kernel. Outside CI (it needs the GPU and an hour of compiling); a short
subset runs in CI as tests/e2e/test_stdlib_subset.sh.

  stdlib.py select            print the selected tests (the rule is in select_tests)
  stdlib.py build  [names]    compile them with circle into $STDLIB_OUT (default
                              tests/stdlib/out), one log per test; pack the
                              binaries into $STDLIB_OUT/bins.tar.xz
  stdlib.py report            tabulate build.tsv and, when present, run.tsv
On the GPU machine: tests/stdlib/run_on_gpu.sh bins.tar.xz writes run.tsv.

Environment: GCC_TESTSUITE (default: what tests/stdlib/fetch.sh unpacks into
~/.cache/circle-stdlib), CIRCLE (default build/bin/circle), STDLIB_JOBS (default:
the cores).
"""
import concurrent.futures
import hashlib
import math
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = os.environ.get("GCC_TESTSUITE") or subprocess.run(
    [os.path.join(ROOT, "tests/stdlib/fetch.sh")], stdout=subprocess.PIPE, check=True).stdout.decode().strip()
CIRCLE = os.environ.get("CIRCLE", os.path.join(ROOT, "build/bin/circle"))
OUT = os.environ.get("STDLIB_OUT", os.path.join(ROOT, "tests/stdlib/out"))
TOTAL = 320  # tests selected, split across the strata by their sizes

# The clauses 18-30, as directories of the testsuite.
STRATA = {
    "utilities": ["20_util"],
    "system_error": ["19_diagnostics/error_code", "19_diagnostics/error_category",
                     "19_diagnostics/error_condition", "19_diagnostics/system_error"],
    "strings": ["21_strings"],
    "c_locale_facets": ["22_locale"],
    "containers": ["23_containers"],
    "iterators": ["24_iterators"],
    "algorithms": ["25_algorithms"],
    "numerics": ["26_numerics"],
    "stringstreams": ["27_io/basic_stringstream", "27_io/basic_istringstream",
                      "27_io/basic_ostringstream", "27_io/basic_stringbuf"],
    "regex": ["28_regex"],
}

# What a GPU cannot be asked, by the test's own declarations: named locales, files,
# threads, processes, a parallel runtime. Each left-out test is left out for one of these.
EXCLUDED_REQUIREMENTS = ["namedlocale", "fileio", "filesystem-ts", "gthreads", "fork", "mkfifo",
                         "parallel-mode", "iconv", "time", "binary-io", "atomic-builtins", "thread-fence"]
EXCLUDED_HEADERS = ["thread", "future", "mutex", "shared_mutex", "condition_variable", "fstream",
                    "filesystem", "execution", "stop_token", "semaphore", "latch", "barrier",
                    "experimental/filesystem", "testsuite_fs.h"]
EXCLUDED_OPTIONS = ["-pthread", "-ltbb", "-fopenmp", "-lstdc++fs"]


def directives(text):
    return re.findall(r"\{\s*(dg-[a-z-]+)([^}]*(?:\{[^}]*\}[^}]*)*)\}", text)


def why_left_out(text):
    """The reason a candidate is not a GPU test, or None."""
    ds = directives(text)
    if not any(k == "dg-do" and a.strip().startswith("run") for k, a in ds):
        return "not a run-test"
    for k, a in ds:
        if k == "dg-do" and ("xfail" in a or "_only" in a):
            return "expected to fail, or for one old standard only"
        if k.startswith("dg-require-") and k[len("dg-require-"):] in EXCLUDED_REQUIREMENTS:
            return k
        if k == "dg-options" and any(o in a for o in EXCLUDED_OPTIONS):
            return "links a threads/parallel runtime"
        if k == "dg-additional-sources" or k == "dg-additional-files":
            return "needs other sources or files"
    for h in EXCLUDED_HEADERS:
        if re.search(r'#\s*include\s*[<"]' + re.escape(h) + r'[>"]', text):
            return "includes <%s>" % h
    return None


def candidates():
    for stratum, dirs in STRATA.items():
        for d in dirs:
            base = os.path.join(SUITE, d)
            for dirpath, _, files in os.walk(base):
                for f in files:
                    if f.endswith(".cc"):
                        full = os.path.join(dirpath, f)
                        yield stratum, os.path.relpath(full, SUITE)


def select_tests():
    """The rule: every run-test of the strata that a GPU can be asked (why_left_out),
    ordered within its stratum by the SHA-1 of its path; each stratum gives its share
    of TOTAL in proportion to its size (at least 12), rounded up."""
    by_stratum = {}
    for stratum, rel in candidates():
        with open(os.path.join(SUITE, rel), errors="replace") as f:
            text = f.read()
        if why_left_out(text) is None:
            by_stratum.setdefault(stratum, []).append(rel)
    total = sum(len(v) for v in by_stratum.values())
    chosen = []
    for stratum in STRATA:
        tests = sorted(by_stratum.get(stratum, []), key=lambda r: hashlib.sha1(r.encode()).hexdigest())
        share = min(len(tests), max(12, math.ceil(len(tests) * TOTAL / total)))
        chosen += [(stratum, r) for r in tests[:share]]
    return chosen


def options_for(text):
    """-std and the macros the test's dg-options ask for; gnu++17 (GCC 12's default)
    unless a target or option asks for a later standard."""
    std = "gnu++17"
    flags = []
    for k, a in directives(text):
        if k == "dg-do":
            m = re.search(r"c\+\+(2a|20|23|2b)", a)
            if m:
                std = "gnu++20" if m.group(1) in ("2a", "20") else "gnu++2b"
        if k in ("dg-options", "dg-additional-options"):
            for o in a.replace('"', " ").split():
                if o.startswith("-std="):
                    std = o[5:].replace("2a", "20")
                elif o.startswith(("-D", "-U")) or o in ("-fchar8_t", "-fno-char8_t"):
                    flags.append(o)
    return ["-std=" + std] + flags


def name_of(rel):
    return rel[:-3].replace("/", "__")


WRAPPER = r'''// Generated by tests/stdlib/stdlib.py: %(rel)s's main() in a one-thread kernel.
#define main circle_stdlib_test_main
#include "%(path)s"
#undef main
%(library)s#include <cstdio>
#include <type_traits>
// A test's main that falls off its end returns nothing once renamed: its status is
// whether it returned (a failing VERIFY aborts the kernel).
template <class F> void circle_stdlib_call(F f) {
  if constexpr (std::is_invocable_v<F>) f();
  else f(0, nullptr);
}
__global__ void circle_stdlib_kernel(int* status) {
  circle_stdlib_call(&circle_stdlib_test_main);
  *status = 0;
}
int main() {
  int* status = nullptr;
  cudaDeviceSetLimit(cudaLimitStackSize, 64 * 1024);
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, size_t(512) << 20);
  cudaMallocManaged(&status, sizeof(int));
  *status = -1;
  circle_stdlib_kernel<<<1, 1>>>(status);
  cudaError_t e = cudaGetLastError();
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  printf("circle-stdlib: %%s status %%d\n", cudaGetErrorString(e), e == cudaSuccess ? *status : -1);
  return e == cudaSuccess && *status == 0 ? 0 : 1;
}
'''


# The testsuite links every test with libtestc++, built from util/*.cc. A test that
# includes one of these headers gets the source that defines what the header declares
# (static members such as tracker_allocator_counter's counts, functions its kernel
# calls) in its own translation unit: device code cannot link another object's
# functions without -rdc.
LIBRARY_SOURCES = {"testsuite_allocator.h": "testsuite_allocator.cc",
                   "testsuite_character.h": "testsuite_character.cc"}


def library_sources(text):
    return "".join('#include "%s"\n' % os.path.join(SUITE, "util", cc)
                   for header, cc in LIBRARY_SOURCES.items() if header in text)


def build_one(stratum, rel):
    name = name_of(rel)
    src = os.path.join(OUT, "src", name + ".cu")
    binary = os.path.join(OUT, "bin", name)
    log = os.path.join(OUT, "logs", name + ".log")
    with open(os.path.join(SUITE, rel), errors="replace") as f:
        text = f.read()
    with open(src, "w") as f:
        f.write(WRAPPER % {"rel": rel, "path": os.path.join(SUITE, rel), "library": library_sources(text)})
    # -fno-strict-return: a renamed main that falls off its end (as main may) returns
    # an unspecified value instead of being unreachable, which would drop the kernel's
    # status store after the call.
    # -fgpu-host-globals: a test written for one processor reads its own globals (and the
    # testsuite's counters) from main, now a kernel; they stay the host's objects.
    cmd = [CIRCLE, "-sm_90", "-fno-strict-return", "-fgpu-host-globals", "-I" + os.path.join(SUITE, "util"), *options_for(text), src,
           "-o", binary, "-s"]
    start = time.time()
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1200)
        out, rc = r.stdout.decode(errors="replace"), r.returncode
    except subprocess.TimeoutExpired:
        out, rc = "compile ran past 1200 s\n", 124
    seconds = time.time() - start
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n" + out)
    first = next((l for l in out.splitlines() if "error" in l), "")
    return stratum, rel, name, rc, seconds, first


def build(names):
    for d in ("src", "bin", "logs"):
        os.makedirs(os.path.join(OUT, d), exist_ok=True)
    selection = select_tests()
    tests = [t for t in selection if not names or name_of(t[1]) in names or t[1] in names]
    jobs = int(os.environ.get("STDLIB_JOBS", os.cpu_count() or 2))
    rows = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for stratum, rel, name, rc, seconds, first in pool.map(lambda t: build_one(*t), tests):
            rows.append((stratum, rel, name, rc, seconds, first))
            print("%-4s %6.1fs %s %s" % ("ok" if rc == 0 else "FAIL", seconds, rel, first[:160]), flush=True)
    # Named tests rebuilt replace their rows; the others keep theirs.
    table = os.path.join(OUT, "build.tsv")
    kept = {}
    if names and os.path.exists(table):
        for line in open(table):
            cols = line.rstrip("\n").split("\t")
            kept[cols[2]] = (cols[0], cols[1], cols[2], int(cols[3]), float(cols[4]), cols[5] if len(cols) > 5 else "")
    for r in rows:
        kept[r[2]] = r
        if r[3] != 0 and os.path.exists(os.path.join(OUT, "bin", r[2])):
            os.remove(os.path.join(OUT, "bin", r[2]))
    order = {name_of(rel): i for i, (_, rel) in enumerate(selection)}
    rows = sorted(kept.values(), key=lambda r: order.get(r[2], len(order)))
    with open(table, "w") as f:
        for stratum, rel, name, rc, seconds, first in rows:
            f.write("\t".join([stratum, rel, name, str(rc), "%.1f" % seconds, first.replace("\t", " ")]) + "\n")
    built = [r[2] for r in rows if r[3] == 0]
    subprocess.run(["tar", "-C", OUT, "-cJf", os.path.join(OUT, "bins.tar.xz"), "bin"], check=True)
    print("%d of %d compiled" % (len(built), len(rows)))


def report():
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(OUT, "build.tsv"))]
    ran = {}
    run_path = os.path.join(OUT, "run.tsv")
    if os.path.exists(run_path):
        for l in open(run_path):
            name, verdict, detail = (l.rstrip("\n").split("\t") + ["", ""])[:3]
            ran[name] = (verdict, detail)
    per = {}
    for stratum, rel, name, rc, seconds, first in rows:
        s = per.setdefault(stratum, [0, 0, 0])
        s[0] += 1
        s[1] += rc == "0"
        s[2] += ran.get(name, ("",))[0] == "pass"
    print("%-16s %5s %8s %6s" % ("stratum", "tests", "compile", "pass"))
    for stratum, (n, c, p) in per.items():
        print("%-16s %5d %8d %6d" % (stratum, n, c, p))
    n = len(rows)
    c = sum(1 for r in rows if r[3] == "0")
    p = sum(1 for r in rows if ran.get(r[2], ("",))[0] == "pass")
    print("%-16s %5d %8d %6d  (%.1f%% pass)" % ("all", n, c, p, 100.0 * p / max(n, 1)))
    print("\nNot passing:")
    for stratum, rel, name, rc, seconds, first in rows:
        if rc != "0":
            print("  %s: compile: %s" % (rel, first))
        elif ran.get(name, ("",))[0] != "pass":
            print("  %s: run: %s" % (rel, ran.get(name, ("not run", ""))[1] or ran.get(name, ("not run",))[0]))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "select"
    if what == "select":
        for stratum, rel in select_tests():
            print(stratum, rel)
    elif what == "build":
        build(set(sys.argv[2:]))
    elif what == "report":
        report()
    else:
        sys.exit(__doc__)
