#!/usr/bin/env python3
"""Where an operation's aarch64 instructions go, per function, under qemu-user.

Usage: scripts/insn-profile.py [--cpu CPU] [--top N] [--md] DRIVER BACKEND WHAT CALLS

Runs an instruction-count driver of the aarch64 build (e.g. build/aarch64/tests/
mlkem-insn-driver neon encaps 5) under qemu-aarch64 -singlestep -d exec,nochain, the method
of scripts/ci-aarch64.sh --insns (docs/aarch64.md, "Dynamic instruction counts"): with
-singlestep each logged translation block is one guest instruction. Each executed
instruction's address is attributed to the function that contains it (the driver's symbol
table, `aarch64-linux-gnu-nm`; the driver links the library statically and qemu maps the
position-independent executable at 0x5500000000); instructions outside the executable are
the C library's (memcpy, memset). The run with CALLS calls minus the run with 0 calls,
divided by CALLS, leaves one call's instructions per function.

Each function falls in one class, from the source file that defines it (the symbol tables
of the library's object files in the driver's build tree; a name defined in files of
different classes, or in none, is classified by its name):
  neon        an aarch64 kernel: NEON or Cryptographic Extension (a file with "neon" in its
              name), or the scalar asm Keccak-f[1600] (hash/keccak/aarch64.cpp: the neon
              table's single-state permutation and sponge loops since 2026-12-07);
  keccak      the portable Keccak-f[1600] and its lane absorb/extract (hash/keccak/portable.cpp,
              compact.cpp: the single-state permutation of the portable backend);
  portable    a portable arithmetic kernel of the operation's own algorithm (a file named
              portable*.cpp elsewhere, e.g. mlkem/kernels/portable.cpp): what NEON could take;
  glue        the rest of the library (the scheme's steps, sponges, packing glue);
  libc        outside the executable.
These are instruction counts under emulation, not cycles.
"""
import argparse
import bisect
import collections
import os
import re
import subprocess
import sys

PIE_BASE = 0x5500000000
TRACE = re.compile(rb'^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/')


def nm(path, demangle):
    cmd = ['aarch64-linux-gnu-nm', '-n', '-S', '--defined-only', path]
    out = subprocess.run(cmd[:1] + (['-C'] if demangle else []) + cmd[1:], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split(' ', 3)
        if len(parts) == 4 and parts[2] in ('t', 'T', 'W', 'w'):
            yield int(parts[0], 16), int(parts[1], 16), parts[3]


def symbols(driver):
    """Sorted start addresses and (start, size, demangled name, mangled name) per function."""
    starts, entries = [], []
    for (addr, size, name), (_, _, mangled) in zip(nm(driver, True), nm(driver, False)):
        starts.append(addr + PIE_BASE)
        entries.append((addr + PIE_BASE, size, name, mangled))
    return starts, entries


def source_files(objects):
    """Mangled name -> the source files (relative to src/) whose objects define it."""
    where = collections.defaultdict(set)
    for root, _, files in os.walk(objects):
        for f in files:
            if f.endswith('.cpp.o'):
                path = os.path.join(root, f)
                for _, _, mangled in nm(path, False):
                    where[mangled].add(os.path.relpath(path, objects)[:-2])
    return where


def file_class(path):
    base = os.path.basename(path)
    if 'neon' in base or path == 'hash/keccak/aarch64.cpp':
        return 'neon'
    if path.startswith('hash/keccak/') and base in ('portable.cpp', 'compact.cpp'):
        return 'keccak'
    if base.startswith('portable'):
        return 'portable'
    return 'glue'


def classify(name, files):
    if name is None:
        return 'libc'
    kinds = {file_class(path) for path in files}
    if len(kinds) == 1:
        return kinds.pop()
    lower = name.lower()  # defined in no object file, or in files of different classes
    if 'neon' in lower:
        return 'neon'
    if 'keccak' in lower and 'portable' in lower:
        return 'keccak'
    if '::portable::' in name or re.search(r'_portable\b', name):
        return 'portable'
    return 'glue'


def run(driver, backend, what, calls, cpu):
    env = dict(os.environ, QEMU_CPU=cpu)
    cmd = ['qemu-aarch64', '-L', '/usr/aarch64-linux-gnu', '-singlestep', '-d', 'exec,nochain',
           '-D', '/dev/stdout', driver, backend, what, str(calls)]
    pcs = collections.Counter()
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env) as proc:
        for line in proc.stdout:
            m = TRACE.match(line)
            if m:
                pcs[int(m.group(1), 16)] += 1
    if proc.returncode != 0:
        sys.exit(f'insn-profile: {" ".join(cmd)} exited with {proc.returncode}')
    return pcs


def per_function(pcs, starts, entries):
    counts = collections.Counter()
    for pc, n in pcs.items():
        i = bisect.bisect_right(starts, pc) - 1
        key = None
        if i >= 0:
            addr, size, name, mangled = entries[i]
            if pc < addr + max(size, 4):
                key = (name, mangled)
        counts[key] += n
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cpu', default='cortex-a53')
    ap.add_argument('--top', type=int, default=8, help='functions listed per class')
    ap.add_argument('--md', action='store_true', help='one markdown table row of the class shares')
    ap.add_argument('--objects', help='the library objects (default: <build>/src/CMakeFiles/tessera_objects.dir '
                    'of the build the driver is in)')
    ap.add_argument('driver')
    ap.add_argument('backend')
    ap.add_argument('what')
    ap.add_argument('calls', type=int)
    args = ap.parse_args()
    starts, entries = symbols(args.driver)
    objects = args.objects or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(args.driver))),
                                           'src', 'CMakeFiles', 'tessera_objects.dir')
    where = source_files(objects)
    full = per_function(run(args.driver, args.backend, args.what, args.calls, args.cpu), starts, entries)
    base = per_function(run(args.driver, args.backend, args.what, 0, args.cpu), starts, entries)
    one = {name: (full[name] - base.get(name, 0)) / args.calls for name in full}
    one = {name: n for name, n in one.items() if n > 0}
    total = sum(one.values())
    cls = {key: classify(key and key[0], where.get(key[1], set()) if key else set()) for key in one}
    classes = collections.Counter()
    for key, n in one.items():
        classes[cls[key]] += n
    order = ['neon', 'keccak', 'portable', 'glue', 'libc']
    label = f'{os.path.basename(args.driver)} {args.backend} {args.what} (QEMU_CPU={args.cpu})'
    if args.md:
        cells = ' | '.join(f'{100 * classes[c] / total:.1f}%' for c in order)
        print(f'| {args.what} | {total:,.0f} | {cells} |')
        return
    print(f'{label}: {total:,.0f} instructions per call (qemu instruction counts, not cycles)')
    for c in order:
        print(f'  {c:9s} {classes[c]:>12,.0f}  {100 * classes[c] / total:5.1f}%')
        fns = sorted(((n, key[0] if key else '(outside the executable)') for key, n in one.items() if cls[key] == c),
                     reverse=True)
        for n, name in fns[:args.top]:
            print(f'      {n:>12,.0f}  {100 * n / total:5.1f}%  {name[:110]}')


if __name__ == '__main__':
    main()
