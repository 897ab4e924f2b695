#!/usr/bin/env python3
"""Static worst-case stack depth of functions, from GCC's call-graph files.

A build with -fcallgraph-info=su writes one .ci file (VCG) per object: every function
defined there with its frame size from -fstack-usage, and its call edges with the source
location of each call. This script joins them over the whole build and computes, for each
function asked for, the deepest call path below it: its frame plus the worst of its
callees'. Two kinds of edge need more than the graph:

  indirect calls  Tessera calls its kernels through tables (kern.ntt(...), k.f1600(...)).
                  The member name is read at the call's source location, and the call may
                  go to any portable kernel of that name (tessera::<family>::portable::NAME,
                  NAME_portable, or NAME_interleaved32, the 32-bit Keccak kernels the portable
                  table holds on 32-bit targets; the caller's family first). In the Cortex-M
                  presets only the portable kernels are built, so the tables hold those.
  stack wipes     secure_zero_stack(BYTES) allocates BYTES (alloca, a "dynamic" frame).
                  BYTES is read at the call's source location: a number, or a constant
                  defined in the caller's file as `NAME = ... frame_wipe(hosted, cortex_m)`
                  (the Cortex-M figure, a number, of the first frame_wipe in the
                  definition) or `NAME = number`.

Anything it cannot resolve (an indirect call through a plain function pointer, a wipe
whose size is an expression) is printed, and the depth is then a lower bound ('>=').
Functions without a definition in the build (newlib's memcpy, memset) count 0 bytes.

usage: stack-usage.py [-v] BUILD_DIR NAME=REGEX ...
  prints, per NAME, the worst depth of the functions whose demangled name matches REGEX
  ("NAME<tab>BYTES<tab>[>=]"), and with -v the path.
usage: stack-usage.py --check-wipes BUILD_DIR
  checks that every secure_zero_stack(BYTES) reaches as deep as what it is there to wipe:
  the call trees of the other callees of the function that calls it or, for a wipe in a
  destructor, the call trees of the other member functions of its class (a sponge's
  destructor wipes what absorb and squeeze left below the sponge's owner). A wipe meant for
  some callees only says which on its line: `// stack-wipe: x25519 shake256` (callees whose
  name contains one of the words). Prints each shortfall and exits 1 if there is one.
"""
import os
import re
import sys

NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)" label: "([^"]*)"')
FRAME = re.compile(r'(\d+) bytes \(([a-z,]+)\)')


class Graph:
    def __init__(self):
        self.defs = {}      # title -> (demangled name, frame bytes, qualifier)
        self.by_mangled = {}  # mangled -> [titles]
        self.edges = {}     # title -> [(target, "file:line:col")]
        self.unresolved = set()

    def load(self, path):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for title, label in NODE.findall(text):
            parts = label.split("\\n")
            m = FRAME.search(label)
            if m is None:
                continue  # a declaration only (defined elsewhere, or not at all)
            self.defs[title] = (parts[0], int(m.group(1)), m.group(2))
            self.by_mangled.setdefault(title.rsplit(":", 1)[-1], []).append(title)
        for src, dst, loc in EDGE.findall(text):
            self.edges.setdefault(src, []).append((dst, loc))


def source_text(loc, cache={}):
    """The text of the source line of loc ("file:line:col") up to the column, and after it."""
    path, line, col = loc.rsplit(":", 2)
    if path not in cache:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                cache[path] = f.read().split("\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    n = int(line) - 1
    if n >= len(lines):
        return "", "", path
    return lines[n][: int(col) - 1], lines[n][int(col) - 1:], path


def wipe_bytes(loc, caller_file):
    _, after, path = source_text(loc)
    m = re.match(r"\(\s*([^()]*?)\s*\)", after)
    if m is None:
        return None
    arg = m.group(1)
    if arg.isdigit():
        return int(arg)
    name = re.sub(r".*::", "", arg)
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return None
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return None
    m = re.search(r"\b%s\s*=[^;]*?frame_wipe\([^,;]*,\s*(\d+)\s*\)" % name, text)
    if m:
        return int(m.group(1))
    m = re.search(r"\b%s\s*=\s*(\d+)\s*[,;]" % name, text)
    return int(m.group(1)) if m else None


class Depth:
    # count_wipes False: the stack wipes' allocations count 0 bytes (what remains is the depth
    # of the frames that can hold data, which is what a wipe above them must reach).
    def __init__(self, g, count_wipes=True):
        self.g = g
        self.count_wipes = count_wipes
        self.memo = {}
        self.notes = set()
        portable = {}
        for title, (name, _, _) in g.defs.items():
            anon = r"(?:\{anonymous\}::|\(anonymous namespace\)::)?"
            m = re.search(r"(tessera::\w+)::%s(?:portable::%s(\w+)|(\w+)_(?:portable|interleaved32))\(" % (anon, anon), name)
            if m:
                portable.setdefault(m.group(2) or m.group(3), []).append((m.group(1), title))
        self.portable = portable

    def family(self, title):
        m = re.match(r"(?:[\w:<>, ]* )?(tessera::\w+)::", self.g.defs[title][0])
        return m.group(1) if m else ""

    def kernel_targets(self, title, loc):
        """The portable kernels an indirect call at loc may reach: by the member name before
        the call's parenthesis (kern.ntt(...)); for a local pointer (`auto* const permute =
        keccak::kernels().f1600;`), by the member it was loaded from; else by name prefix."""
        before, after, path = source_text(loc)
        # GCC's column is the call's parenthesis, the callee's name, or (for a call that is
        # the argument of another) the parenthesis before it: the first kernel name of these.
        names = [m.group(1) for m in (re.match(r"(\w+)\s*\(", after), re.search(r"(\w+)\s*$", before),
                                      re.match(r"\(\s*\w+\.(\w+)\s*\(", after)) if m]
        if not names:
            return []
        name = next((n for n in names if n in self.portable), names[0])
        if name not in self.portable:
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    a = re.search(r"\b%s\s*=\s*[^;]*\.(\w+)\s*;" % name, f.read())
                if a:
                    name = a.group(1)
            except OSError:
                pass
        cands = self.portable.get(name, [])
        if not cands:
            cands = [c for k, v in self.portable.items() if k.startswith(name) for c in v]
        fam = [t for f, t in cands if f == self.family(title)]
        return fam or [t for _, t in cands]

    def callees_except(self, title, skip_locs):
        """callees() without the edges at the given call sites."""
        return self.callees(title, set(skip_locs))

    def callees(self, title, skip=frozenset()):
        """(cost, path, bound) of every edge of title."""
        out = []
        for dst, loc in self.g.edges.get(title, []):
            if loc in skip:
                continue
            if dst == "__indirect_call":
                targets = self.kernel_targets(title, loc)
                if not targets:
                    self.notes.add("unresolved indirect call at %s" % loc)
                    out.append((0, ["(unresolved indirect call at %s)" % loc], True))
                for t in targets:
                    out.append(self.depth(t))
                continue
            targets = [dst] if dst in self.g.defs else self.g.by_mangled.get(dst, [])
            if not targets:  # complete-object ctor/dtor (C1/D1): GCC emits them as aliases of C2/D2
                targets = self.g.by_mangled.get(re.sub(r"([CD])1(E|I)", r"\g<1>2\2", dst), [])
            if not targets:
                continue  # no definition in the build (newlib): 0 bytes
            for t in targets:
                cost, path, bound = self.depth(t)
                if self.g.defs[t][0].startswith("void tessera::secure_zero_stack("):
                    extra = wipe_bytes(loc, None) if self.count_wipes else 0
                    if extra is None:
                        self.notes.add("unresolved wipe size at %s" % loc)
                        bound = True
                        extra = 0
                    cost += extra
                out.append((cost, path, bound))
        return out

    def depth(self, title):
        if title in self.memo:
            if self.memo[title] is None:
                self.notes.add("recursion through %s" % self.g.defs[title][0])
                return (0, [], True)
            return self.memo[title]
        self.memo[title] = None
        name, frame, qual = self.g.defs[title]
        bound = qual != "static" and not name.startswith("void tessera::secure_zero_stack(")
        if bound:
            self.notes.add("dynamic frame: %s" % name)
        best = (0, [], False)
        callees = self.callees(title)
        for c in callees:
            if c[0] > best[0]:
                best = c
        result = (frame + best[0], [name] + best[1], bound or any(c[2] for c in callees))
        self.memo[title] = result
        return result


def check_wipes(g, d):
    """Shortfalls of the stack wipes (see the usage text)."""
    bad = []
    szs = [t for t, (n, _, _) in g.defs.items() if n.startswith("void tessera::secure_zero_stack(")]
    szs_frame = max((g.defs[t][1] for t in szs), default=0)
    for title, (name, frame, _) in sorted(g.defs.items()):
        edges = g.edges.get(title, [])
        wipes = [loc for dst, loc in edges if dst in szs or any(t in szs for t in g.by_mangled.get(dst, []))]
        if not wipes:
            continue
        covered = min((wipe_bytes(loc, None) or 0) for loc in wipes) + szs_frame
        if "~" in name:  # a destructor: the other members of its class, from the owner's frame
            cls = re.match(r"(?:\w[\w:<>, ]* )?([\w:<>, ]+)::~", name)
            members = [t for t, (n, _, _) in g.defs.items()
                       if cls and re.search(r"\b%s::\w+\(" % re.escape(cls.group(1)), n) and "~" not in n]
            need = max((d.depth(t)[0] for t in members), default=0)
            covered += frame
        else:
            scope = []
            for loc in wipes:
                _, after, _ = source_text(loc)
                m = re.search(r"stack-wipe:\s*(.*)$", after)
                if m:
                    scope += m.group(1).split()
            calls = d.callees_except(title, wipes)
            if scope:
                calls = [c for c in calls if c[1] and any(w in c[1][0] for w in scope)]
            need = max((c[0] for c in calls), default=0)
        if need > covered:
            bad.append("%s: wipes %d bytes below its frame, its %s reach %d (%s)" % (
                name[:120], covered, "class's members" if "~" in name else "callees", need, wipes[0]))
    return bad


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--check-wipes":
        g = Graph()
        for root, _, files in os.walk(sys.argv[2]):
            for f in files:
                if f.endswith(".ci"):
                    g.load(os.path.join(root, f))
        bad = check_wipes(g, Depth(g, count_wipes=False))
        for b in bad:
            print("short wipe: " + b)
        print("%d stack wipes short" % len(bad))
        sys.exit(1 if bad else 0)
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    if len(args) < 2:
        sys.exit(__doc__)
    g = Graph()
    for root, _, files in os.walk(args[0]):
        for f in files:
            if f.endswith(".ci"):
                g.load(os.path.join(root, f))
    d = Depth(g)
    for spec in args[1:]:
        label, regex = spec.split("=", 1)
        hits = [t for t, (name, _, _) in g.defs.items() if re.search(regex, name)]
        if not hits:
            print("%s\tnone\tno function matches %s" % (label, regex))
            continue
        cost, path, bound = max((d.depth(t) for t in hits), key=lambda r: r[0])
        print("%s\t%d\t%s" % (label, cost, ">=" if bound else ""))
        if verbose:
            for p in path:
                print("    " + p[:150])
    for n in sorted(d.notes):
        print("note: " + n, file=sys.stderr)


if __name__ == "__main__":
    main()
