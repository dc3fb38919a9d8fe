#!/usr/bin/env python3
"""NVIDIA's cuda-samples that need only the CUDA toolkit's libraries, each compiled the
way its own CMakeLists.txt has nvcc compile it (its sources, Common/ on the include
path, C++17, --extended-lambda, -lineinfo, separable compilation, the toolkit libraries
it links), with circle here and with nvcc on the GPU machine.

  cuda_samples.py list SAMPLES_DIR             the samples and their command lines (JSON)
  cuda_samples.py build SAMPLES_DIR OUT CIRCLE CUDA ARCH...   circle's builds into OUT
  cuda_samples.py run OUT CUDA ARCH...         there: nvcc's builds, then both run; a summary
  cuda_samples.py cmake SAMPLES_DIR TREES OUT COMPILER TAG   every sample directory's own
                                               CMake project, configured in TREES with
                                               CMAKE_CUDA_COMPILER=COMPILER and nothing else, and
                                               built; TREES/TAG.json says which targets built; the
                                               executables of the samples above go to OUT/NAME.TAG
  cuda_samples.py compare TREES TAG BASELINE   the targets BASELINE's CMake builds built that
                                               TAG's did not
  cuda_samples.py not-fully-built TREES TAG    the projects where TAG's CMake build failed or
                                               built nothing

A sample is left out when its CMakeLists finds a package the toolkit does not ship
(OpenGL, Vulkan, MPI, EGL, FreeImage...) or builds no executable. CUDA_SAMPLES_ONLY (a
regular expression) keeps only the samples whose names match it."""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

OUTSIDE = re.compile(r'find_package\s*\(\s*(OpenGL|GLUT|GLEW|Vulkan|MPI|EGL|X11|FreeImage|NVSCI|OpenMP|glfw3|PkgConfig)',
                     re.I)
# CMake's CUDA:: targets and the -l each is.
LIBRARIES = {'cudart': None, 'cudart_static': None, 'cuda_driver': '-lcuda', 'nvrtc': '-lnvrtc',
             'cublas': '-lcublas', 'cublasLt': '-lcublasLt', 'cufft': '-lcufft', 'curand': '-lcurand',
             'cusparse': '-lcusparse', 'cusolver': '-lcusolver', 'nvJitLink': '-lnvJitLink', 'nvjpeg': '-lnvjpeg',
             'nppc': '-lnppc', 'nppial': '-lnppial', 'nppicc': '-lnppicc', 'nppidei': '-lnppidei', 'nppif': '-lnppif',
             'nppig': '-lnppig', 'nppim': '-lnppim', 'nppist': '-lnppist', 'nppisu': '-lnppisu', 'nppitc': '-lnppitc',
             'npps': '-lnpps', 'nvml': '-lnvidia-ml', 'cupti': '-lcupti'}

# What CMake's FindCUDAToolkit links with a target besides its own library.
DEPENDENCIES = {'cusolver': ['cublas', 'cublasLt', 'cusparse'], 'cublas': ['cublasLt']}

CUDA = os.environ.get('CUDA_PATH', '/usr/local/cuda')


def toolkit_has(library):
    # -lnppc: is libnppc.so in the toolkit? (a toolkit may leave NPP or nvJPEG out)
    name = 'lib' + library[2:] + '.so'
    return any(os.path.exists(os.path.join(CUDA, d, name)) for d in ('lib64', 'lib', 'targets/x86_64-linux/lib')) or \
        library in ('-lcuda', '-lnvidia-ml')


def samples(root):
    found = []
    for dirpath, _, files in sorted(os.walk(os.path.join(root, 'Samples'))):
        if 'CMakeLists.txt' not in files or dirpath.count(os.sep) - root.count(os.sep) != 3:
            continue
        text = open(os.path.join(dirpath, 'CMakeLists.txt')).read()
        text = re.sub(r'#[^\n]*', '', text)
        exe = re.search(r'add_executable\s*\(\s*(\S+)([^)]*)\)', text)
        if not exe or OUTSIDE.search(text):
            continue
        sources = [s for s in exe.group(2).split() if re.search(r'\.(cu|cpp|c|cxx)$', s)]
        # The sample's own include directories (its CMake says which).
        includes = []
        for args in re.findall(r'target_include_directories\s*\(([^)]*)\)', text):
            for word in args.split()[1:]:
                if word.startswith('${CMAKE_CURRENT_SOURCE_DIR}'):
                    includes.append('.' + word[len('${CMAKE_CURRENT_SOURCE_DIR}'):])
                elif word not in ('PUBLIC', 'PRIVATE', 'INTERFACE') and '$' not in word:
                    includes.append(word)
        if not sources or '${' in ' '.join(sources):
            continue
        # Built on Windows only: an if(WIN32) still open where the executable is added.
        guard = [m.group(0).lower() for m in re.finditer(r'if\s*\(\s*WIN32\s*\)|endif|else', text[:exe.start()])]
        if guard and guard[-1].startswith('if'):
            continue
        links, outside = [], False
        for args in re.findall(r'target_link_libraries\s*\(([^)]*)\)', text):
            for word in args.split()[1:]:
                name = word[len('CUDA::'):] if word.startswith('CUDA::') else None
                if word in ('PUBLIC', 'PRIVATE', 'INTERFACE'):
                    continue
                for n in [name] + DEPENDENCIES.get(name, []):
                    if n not in LIBRARIES or (LIBRARIES[n] and not toolkit_has(LIBRARIES[n])):
                        outside = True
                    elif LIBRARIES[n] and LIBRARIES[n] not in links:
                        links.append(LIBRARIES[n])
        if not outside:
            rel = os.path.relpath(dirpath, root)
            found.append({'name': exe.group(1), 'dir': rel, 'sources': sources, 'libs': links, 'includes': includes,
                          'rdc': 'CUDA_SEPARABLE_COMPILATION ON' in text})
    return chosen(found)


def command(compiler, cuda, sample, archs, output):
    flags = ['-O3', '-std=c++17', '--extended-lambda', '-lineinfo', '-I', '../../../Common']
    for d in sample['includes']:
        flags += ['-I', d]
    for a in archs:
        flags += ['-gencode', f'arch=compute_{a},code=sm_{a}']
    if sample['rdc']:
        flags.append('-rdc=true')
    return [compiler] + (['--cuda-path=' + cuda] if not compiler.endswith('nvcc') else []) + flags + \
        sample['sources'] + ['-o', output] + sample['libs']


def chosen(all_samples):
    # CUDA_SAMPLES_ONLY: a regular expression the sample names must match (all by default).
    only = re.compile(os.environ.get('CUDA_SAMPLES_ONLY', ''))
    return [s for s in all_samples if only.search(s['name'])]


def build(root, out, compiler, cuda, archs, tag, jobs, keep_built=False):
    # keep_built: a sample whose executable is already there (nvcc's CMake build, packed
    # beside circle's) is not built again.
    os.makedirs(out, exist_ok=True)
    results = {}

    def one(s):
        exe = os.path.join(os.path.abspath(out), f"{s['name']}.{tag}")
        start = time.time()
        p = subprocess.run(command(compiler, cuda, s, archs, exe), cwd=os.path.join(root, s['dir']),
                           capture_output=True, text=True)
        results[s['name']] = {'ok': p.returncode == 0, 'seconds': round(time.time() - start, 2),
                              'log': (p.stdout + p.stderr)[-3000:]}
        errors = '\n'.join(l for l in p.stderr.splitlines() if 'error' in l)[:800]
        print(f"{'built' if p.returncode == 0 else 'BUILD FAILED'} {s['name']} ({tag}, {results[s['name']]['seconds']} s)"
              + ('\n' + errors if p.returncode else ''), flush=True)

    todo = [s for s in samples(root)
            if not (keep_built and os.path.exists(os.path.join(out, f"{s['name']}.{tag}")))]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, todo))
    json.dump(results, open(os.path.join(out, f'build.{tag}.json'), 'w'), indent=1)
    return results


# What a run prints that may differ between runs: times, rates, addresses.
VOLATILE = re.compile(r'[-+]?\d+\.\d+(e[-+]?\d+)?|0x[0-9a-fA-F]+|\d{4,}')


def same_output(name, circle, nvcc):
    # Numbers (times, addresses) masked, and the program's own name: many samples print
    # argv[0], which ends in .circle or .nvcc.
    def masked(text, tag):
        return VOLATILE.sub('#', re.sub(r'\S*' + re.escape(f'{name}.{tag}'), '<program>', text))
    return masked(circle, 'circle') == masked(nvcc, 'nvcc')


def run(out, root, cuda, archs, jobs=4):
    summary = {'same': [], 'differ': [], 'circle_fails': [], 'nvcc_fails': [], 'not_built': []}

    # A few samples at once (each its circle and nvcc builds in turn): what they print is
    # compared with the numbers masked, so sharing the GPU changes no verdict.
    def outputs_of(s):
        outputs = {}
        for tag in ('circle', 'nvcc'):
            exe = os.path.join(os.path.abspath(out), f"{s['name']}.{tag}")
            if not os.path.exists(exe):
                outputs[tag] = None
                continue
            try:
                p = subprocess.run([exe], cwd=os.path.join(root, s['dir']), capture_output=True, text=True,
                                   timeout=120, stdin=subprocess.DEVNULL)
                outputs[tag] = (p.returncode, p.stdout + p.stderr)
            except subprocess.TimeoutExpired:
                outputs[tag] = (124, 'timed out')
            with open(exe + '.out', 'w') as f:
                f.write(f'exit {outputs[tag][0]}\n{outputs[tag][1]}')
        return outputs

    from concurrent.futures import ThreadPoolExecutor
    listed = samples(root)
    with ThreadPoolExecutor(jobs) as pool:
        results = list(pool.map(outputs_of, listed))
    for s, outputs in zip(listed, results):
        c, n = outputs['circle'], outputs['nvcc']
        if c is None:
            summary['not_built'].append(s['name'])
        elif n is None or n[0] != 0:
            summary['nvcc_fails'].append(s['name'])
        elif c[0] != 0:
            summary['circle_fails'].append(s['name'])
        elif same_output(s['name'], c[1], n[1]):
            summary['same'].append(s['name'])
        else:
            summary['differ'].append(s['name'])
        verdict = next(k for k, v in summary.items() if s['name'] in v)
        print(f"{s['name']}: {verdict} (circle exit {c[0] if c else '-'}, nvcc exit {n[0] if n else '-'})", flush=True)
    print(json.dumps({k: len(v) for k, v in summary.items()}))
    for k in ('differ', 'circle_fails', 'not_built'):
        if summary[k]:
            print(f'{k}: {" ".join(summary[k])}')
    return summary


def cmake_projects(root):
    # Every sample directory with a CMakeLists.txt of its own (each declares its project).
    for dirpath, _, files in sorted(os.walk(os.path.join(root, 'Samples'))):
        if 'CMakeLists.txt' in files and dirpath.count(os.sep) - root.count(os.sep) == 3:
            yield dirpath


def built_executables(build_dir):
    # What CMake's build left: the ELF executables outside CMakeFiles/.
    found = []
    for dirpath, dirs, files in os.walk(build_dir):
        dirs[:] = [d for d in dirs if d != 'CMakeFiles']
        for f in files:
            path = os.path.join(dirpath, f)
            if os.access(path, os.X_OK) and not os.path.islink(path):
                with open(path, 'rb') as h:
                    if h.read(4) == b'\x7fELF':
                        found.append(os.path.relpath(path, build_dir))
    return sorted(found)


def build_cmake(root, trees, out, compiler, tag):
    # One project at a time, Ninja's own parallelism within it; a failing target does not
    # stop the others (-k 0).
    results = {}
    trees = os.path.join(os.path.abspath(trees), tag)
    os.makedirs(trees, exist_ok=True)
    os.makedirs(out, exist_ok=True)
    toolkit_only = {s['dir']: s['name'] for s in samples(root)}
    # A file naming some projects (one per line): only those.
    listed = os.environ.get('CUDA_SAMPLES_CMAKE_PROJECTS')
    listed = set(open(listed).read().split()) if listed else None
    for d in cmake_projects(root):
        rel = os.path.relpath(d, root)
        if listed is not None and rel not in listed:
            continue
        b = os.path.join(trees, os.path.basename(d))
        shutil.rmtree(b, ignore_errors=True)
        start = time.time()
        conf = subprocess.run(['cmake', '-S', d, '-B', b, '-G', 'Ninja', '-DCMAKE_CUDA_COMPILER=' + compiler],
                              capture_output=True, text=True)
        r = {'configured': conf.returncode == 0, 'built': [], 'failed': []}
        if conf.returncode == 0:
            p = subprocess.run(['cmake', '--build', b, '--', '-k', '0'], capture_output=True, text=True)
            r['built'] = built_executables(b)
            r['failed'] = re.findall(r'^FAILED: (\S+)', p.stdout, re.M)
            r['log'] = '\n'.join(l for l in p.stdout.splitlines() if 'error' in l)[:2000]
        else:
            r['log'] = conf.stdout[-1500:] + conf.stderr[-1500:]
        r['seconds'] = round(time.time() - start, 1)
        results[rel] = r
        name = toolkit_only.get(rel)
        if name and name in r['built']:
            shutil.copy2(os.path.join(b, name), os.path.join(out, f'{name}.{tag}'))
        print(f"{rel}: {'configured' if r['configured'] else 'CONFIGURE FAILED'}, built {len(r['built'])}"
              f"{', FAILED ' + ' '.join(r['failed']) if r['failed'] else ''} ({r['seconds']} s)", flush=True)
    json.dump(results, open(trees + '.json', 'w'), indent=1)
    return results


def not_fully_built(trees, tag):
    # The projects whose CMake build failed somewhere or built nothing: where another
    # compiler could build a target this one did not.
    results = json.load(open(os.path.join(trees, tag + '.json')))
    return [p for p, r in results.items() if not r['configured'] or r['failed'] or not r['built']]


def compare_cmake(trees, tag, baseline):
    mine = json.load(open(os.path.join(trees, tag + '.json')))
    theirs = json.load(open(os.path.join(trees, baseline + '.json')))
    missing = []
    for project, r in theirs.items():
        built = set(mine.get(project, {}).get('built', []))
        missing += [f'{project}/{t}' for t in r['built'] if t not in built]
    total = sum(len(r['built']) for r in theirs.values())
    print(f'{baseline} built {total} targets; {tag} built {total - len(missing)} of them, '
          f"{sum(len(r['built']) for r in mine.values())} in all")
    for m in missing:
        print(f'not built by {tag}: {m}')
    return not missing


if __name__ == '__main__':
    verb = sys.argv[1]
    if verb == 'list':
        print(json.dumps(samples(sys.argv[2]), indent=1))
    elif verb == 'build':
        root, out, compiler, cuda, archs = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
        r = build(root, out, compiler, cuda, archs, 'circle', 1)
        print(f"circle built {sum(v['ok'] for v in r.values())} of {len(r)}")
    elif verb == 'run':
        out, root, cuda, archs = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
        build(root, out, os.path.join(cuda, 'bin', 'nvcc'), cuda, archs, 'nvcc', os.cpu_count(), keep_built=True)
        s = run(out, root, cuda, archs)
        sys.exit(0 if not s['circle_fails'] and not s['not_built'] and not s['differ'] else 1)
    elif verb == 'cmake':
        r = build_cmake(*sys.argv[2:7])
        print(f"{sys.argv[6]}: {sum(len(v['built']) for v in r.values())} targets built in {len(r)} projects")
    elif verb == 'not-fully-built':
        print('\n'.join(not_fully_built(sys.argv[2], sys.argv[3])))
    elif verb == 'compare':
        sys.exit(0 if compare_cmake(sys.argv[2], sys.argv[3], sys.argv[4]) else 1)
