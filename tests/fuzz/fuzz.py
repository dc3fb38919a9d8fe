#!/usr/bin/env python3
"""Feeds circle bad programs and checks that it fails the way a compiler must.

Inputs: the hand-written corpus in tests/fuzz/corpus/ (each a construct that once
crashed circle, reached a backend or ptxas, or silently miscompiled), and mutants of
the programs in examples/ and tests/ (lines deleted, duplicated or swapped, tokens
inserted, files cut short). Each is compiled with `circle -c`; a failure is:

  crash     exit status other than 0 or 1 (a signal, an abort)
  hang      no answer within the time limit
  internal  "internal error", a stack dump or LLVM's bug-report banner
  unlocated an error without file:line:column ("circle: error: ..." for a source
            problem, or a bare "error:")
  leftover  a file the failed compile left beside its output or in its TMPDIR

  fuzz.py --circle build/bin/circle --cuda-path /usr/local/cuda --smoke   (CTest: seeded, bounded)
  fuzz.py ... --count 5000 --seed 7                                      (on demand)
  fuzz.py ... --corpus DIR --include DIR/Common --count 10000            (mutants of a public corpus)
  fuzz.py ... --corpus DIR --include DIR/Common --sweep                  (each file, unmutated, under
                                                                          every flag set of FLAG_SETS)
A corpus file is compiled where it lies (its own directory on the include path), so its
relative includes resolve; its mutants too.
Failing inputs are copied to --keep DIR for a test to be written from them.
"""
import argparse, concurrent.futures, os, pathlib, random, re, shutil, subprocess, sys, tempfile, time

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOKENS = ["{", "}", "(", ")", ";", "<<<", ">>>", "<<<1, 1>>>", "__shared__", "__device__", "__global__",
          "__host__", "template <class T>", "...", "::", "if target(__is_host_target)", "[[storage_only]]",
          "__CUDA_ARCH__", "#if __CUDA_ARCH__\n", "#endif\n", "long double", "__float128", "throw 1;",
          "asm(\"trap\");", "auto", "co_await", "= delete", "virtual", "0x7fffffff", "1.0L", "\"%Lf\"",
          "threadIdx.x", "__syncthreads()", "__shfl_sync(0xffffffff, 1, 0)", "operator", "&&", "->*",
          "static_assert(false);", "#include <vector>\n", "#pragma once\n", "\\\n", "'", "\"",
          # Circle's dialect (dialect/): the statement takeover reads ahead and respells
          "[:]", "@range()", "@range(", "...;", "@meta for enum (nvvm_arch_t a : nvvm_arch_t) {", ".enum_names",
          ".enum_count", ".string", ".length", "enum class E { a, b };", "for (int i : 3)", "throw;"]


# The flag sets a sweep compiles every corpus file under: several sms, relocatable device
# code, device debug information, SPIR-V.
FLAG_SETS = [["-sm_75", "-sm_90"], ["-sm_90", "-rdc=true"], ["-sm_90", "-G"], ["-spirv"]]


def corpus_files(dirs):
    files = []
    for d in dirs:
        files += sorted(p for p in pathlib.Path(d).rglob("*") if p.suffix in (".cu", ".cxx") and p.is_file())
    return files


def seeds():
    files = sorted(ROOT.glob("examples/*.cxx")) + sorted((ROOT / "tests").rglob("*.cxx")) + \
        sorted((ROOT / "tests/gpu/nvcc").rglob("*.cu"))
    return [f for f in files if "fuzz" not in f.parts]


def mutate(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        i = rng.randrange(len(lines)) if lines else 0
        if kind == 0 and lines:
            del lines[i]
        elif kind == 1 and lines:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3 and lines:
            words = lines[i].split(" ")
            words.insert(rng.randrange(len(words) + 1), rng.choice(TOKENS))
            lines[i] = " ".join(words)
        elif kind == 4:
            joined = "\n".join(lines)
            lines = joined[: rng.randrange(len(joined) + 1)].split("\n")
        elif lines:
            lines[i] = re.sub(r"\b\w+\b", lambda m: rng.choice([m.group(0), rng.choice(TOKENS)]), lines[i], count=1)
    return "\n".join(lines)


def inputs(args):
    """(name, source, origin, flags): origin is the file's own path when it is compiled where it
    lies; flags None means the file's "fuzz-flags:" line or -sm_90."""
    if args.corpus:
        pool = corpus_files(args.corpus)
        if args.sweep:
            return [(p.name, p.read_text(errors="replace"), p, flags) for p in pool for flags in FLAG_SETS]
        out = []
    else:
        pool = seeds()
        out = [(p.name, p.read_text(errors="replace"), None, None)
               for p in sorted((ROOT / "tests/fuzz/corpus").glob("*.cxx"))]
    rng = random.Random(args.seed)
    for n in range(args.count):
        seed = rng.choice(pool)
        out.append((f"mutant{n:05d}_{seed.stem}{seed.suffix}", mutate(seed.read_text(errors="replace"), rng),
                    seed if args.corpus else None, None))
    return out


LOCATED = re.compile(r"^\S.*:\d+:\d+: (error|fatal error):", re.M)
UNLOCATED = re.compile(r"^(circle: error:|error:|fatal error:(?! too many errors emitted))", re.M)
INTERNAL = re.compile(r"internal error|Stack dump|PLEASE submit a bug report|Assertion .* failed|circle bug")


def in_place(name, origin):
    """An unmutated corpus file is compiled where it lies; a mutant in the scratch directory."""
    return origin is not None and not name.startswith("mutant")


def judge(name, source, origin, flags, args):
    work = pathlib.Path(tempfile.mkdtemp(prefix="fuzz-"))
    try:
        (work / "tmp").mkdir()
        src = work / name
        env = dict(os.environ, TMPDIR=str(work / "tmp"))
        if flags is None:
            # A corpus file may name its own flags: "// fuzz-flags: -spirv".
            first = source.split("\n", 1)[0]
            flags = first.split("fuzz-flags:", 1)[1].split() if "fuzz-flags:" in first else ["-sm_90"]
        includes = [f"-I{d}" for d in args.include]
        if in_place(name, origin):
            name = str(origin)
        else:
            src.write_text(source)
        if origin is not None:
            includes.insert(0, f"-I{origin.parent}")
        cmd = [args.circle, f"--cuda-path={args.cuda_path}", *flags, *includes, "-c", name, "-o", "out.o"]
        try:
            r = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, errors="replace",
                               timeout=args.timeout)
        except subprocess.TimeoutExpired:
            return "hang", ""
        log = r.stdout + r.stderr
        if r.returncode not in (0, 1):
            return "crash", log
        if INTERNAL.search(log):
            return "internal", log
        if r.returncode == 1:
            if UNLOCATED.search(log) or not LOCATED.search(log):
                return "unlocated", log
            left = sorted(p.name for p in work.iterdir() if p.name not in (src.name, "tmp"))
            left += [f"tmp/{p.name}" for p in (work / "tmp").iterdir()]
            if left:
                return "leftover", "left: " + ", ".join(left)
        return None, log
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--circle", required=True)
    ap.add_argument("--cuda-path", default=os.environ.get("CUDA_PATH", "/usr/local/cuda"))
    ap.add_argument("--smoke", action="store_true", help="the corpus and 150 mutants, seed 1 (CTest)")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    # The largest seed, tests/gpu/cases/device_iostreams.cxx (libstdc++'s iostreams in a
    # kernel), spends about two minutes in ptxas alone on a 2-core machine; its mutants
    # that still compile must not count as hangs.
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--keep", help="copy failing inputs here")
    ap.add_argument("--corpus", action="append", help="a directory of sources nobody here wrote (repeatable)")
    ap.add_argument("--include", action="append", default=[], help="an include directory for the corpus")
    ap.add_argument("--sweep", action="store_true", help="the corpus files unmutated under every flag set")
    args = ap.parse_args()
    if args.smoke:
        args.count, args.seed = 150, 1
    cases = inputs(args)
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for case, (kind, log) in zip(cases, pool.map(lambda c: judge(*c, args), cases)):
            name, source, origin, flags = case
            if kind == "hang":
                # Past the timeout among other compiles (a busy machine, other jobs): judged
                # again on its own before it counts.
                start = time.time()
                kind, log = judge(*case, args)
                if kind is None:
                    print(f"slow only under load: {name} (alone: {time.time() - start:.1f} s)")
            if kind:
                failures.append(name)
                what = str(origin) if in_place(name, origin) else name + (f" (a mutant of {origin})" if origin else "")
                label = f"{what} {' '.join(flags or [])}".strip()
                print(f"FAIL {kind}: {label}\n" + "\n".join("    " + l for l in log.splitlines()[-12:]))
                if args.keep:
                    pathlib.Path(args.keep).mkdir(parents=True, exist_ok=True)
                    (pathlib.Path(args.keep) / name).write_text(source)
    print(f"{len(cases) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
