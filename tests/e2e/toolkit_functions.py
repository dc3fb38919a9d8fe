#!/usr/bin/env python3
"""A kernel per CUDA toolkit header that calls every device function the header
declares, with arguments of the declared parameter types: the list comes from the
toolkit's own headers, so a function nvcc's headers give CUDA code and circle lacks is a
compile error naming it.

  toolkit_functions.py INCLUDE_DIR HEADER... > calls.cu   (the call count on stderr)

A declaration is a line the header starts with its *_DECL__ macro (how every intrinsic
header declares its functions); attribute macros with arguments (deprecation messages)
are dropped, templates skipped (nvcc's own helpers)."""
import re
import sys

include_dir = sys.argv[1]
declaration = re.compile(r'^[ \t]*(?:static\s+|extern\s+)*[A-Z_0-9]*_DECL__\b([^;{]*?)(?:__DEF_IF_HOST|;|\{)', re.M)
attribute_macro = re.compile(r'\b__[A-Z][A-Z_0-9]*\s*\([^()]*\)')
function = re.compile(r'^(.*?)\b(\w+)\s*\(([^()]*)\)\s*$', re.S)


def without_comments(text):
    return re.sub(r'//[^\n]*', '', re.sub(r'/\*.*?\*/', ' ', text, flags=re.S))


def parameter_type(p):
    p = re.sub(r'\s*=\s*[^,]+$', '', p.strip())  # a default argument
    if p in ('', 'void'):
        return None
    m = re.match(r'^(.*?[\s*&])(\w+)$', p)
    return m.group(1).strip() if m else p  # unnamed: the whole text is the type


def argument(t):
    # A pointer argument points at the kernel's buffer; any other reads a value from it.
    return f'({t})p' if t.endswith('*') else f'*({t}*)p'


# Each call is a case of its own, chosen at run time: one after a call that does not return
# (__trap) would be dead code, and the optimizer would drop it before circle looks for the
# device definitions a kernel reaches.
print('#include <cuda_runtime.h>\n'
      'template <class T> __device__ void sink(char* p, const T& v) { __builtin_memcpy(p, &v, sizeof v); }')
calls = 0
for header in sys.argv[2:]:
    text = without_comments(open(f'{include_dir}/{header}').read())
    lines, seen = [], set()
    for m in declaration.finditer(text):
        # Trailing exception specifications (__THROW, as glibc spells noexcept) follow the
        # parameters of most math declarations.
        head = re.sub(r'\b__THROW\b', ' ', attribute_macro.sub(' ', m.group(1)))
        f = function.match(head.strip())
        # A template's head is on the lines before: back to the previous declaration.
        before = text[max(text.rfind(';', 0, m.start()), text.rfind('}', 0, m.start())) + 1:m.start()]
        if not f or 'template' in head or 'template' in before or 'operator' in f.group(2):
            continue
        ret, name = f.group(1).split(), f.group(2)
        params = [t for t in (parameter_type(p) for p in f.group(3).split(',')) if t]
        if (name, tuple(params)) in seen:
            continue
        seen.add((name, tuple(params)))
        call = f'{name}({", ".join(argument(t) for t in params)})'
        returns = not (ret and ret[-1] == 'void')
        lines.append(f'  case {len(lines)}: {"sink(p, " + call + ")" if returns else call}; break; '
                     f'// {name}({", ".join(params)})')
    calls += len(lines)
    print(f'__global__ void calls_{re.sub(r"[^A-Za-z0-9]", "_", header)}(char* p, int which) {{')
    print('switch (which) {')
    print('\n'.join(lines))
    print('}}')
print(f'{calls} calls', file=sys.stderr)
