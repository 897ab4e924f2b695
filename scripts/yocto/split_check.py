#!/usr/bin/env python3
"""Applies a recipe's package split to an installed tree, as package.bbclass would.

Usage: split_check.py ENV_FILE ROOT [--modulesdir DIR] [--require-provider]
  ENV_FILE  output of `bitbake -e tessera` (PACKAGES, FILES:<pkg>, libdir, ... expanded)
  ROOT      a DESTDIR install of the recipe's build (the image's / layout)
  DIR       where the image's OpenSSL looks for provider modules (from `bitbake -e openssl`)

Each FILES entry is a glob relative to the image root; a directory takes everything below
it, and a file goes to the first package of PACKAGES whose FILES match it (as in
package.bbclass). Fails if a file matches no package (bitbake: installed-vs-shipped), or
the FILES of two packages (bitbake silently gives it to the first: almost always a
mistake in the split), or if tessera.so is not in DIR.
"""
import argparse
import fnmatch
import os
import re
import sys


def read_env(path):
    """Variable assignments of `bitbake -e`: lines NAME="value" (values already expanded)."""
    env = {}
    pattern = re.compile(r'^([A-Za-z0-9_:.+${}/-]+)="(.*)"$')
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = pattern.match(line.rstrip("\n"))
            if m:
                env[m.group(1)] = m.group(2).replace('\\"', '"')
    return env


def installed_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            out.append("/" + os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(out)


def matches(pattern, path):
    pattern = os.path.normpath(pattern) if pattern != "/" else "/"
    if fnmatch.fnmatchcase(path, pattern):
        return True
    # A directory pattern (or a glob that names directories) takes what is below it.
    parts = path.split("/")
    return any(fnmatch.fnmatchcase("/".join(parts[:i]), pattern) for i in range(2, len(parts)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("env")
    ap.add_argument("root")
    ap.add_argument("--modulesdir")
    ap.add_argument("--require-provider", action="store_true")
    args = ap.parse_args()

    env = read_env(args.env)
    packages = env.get("PACKAGES", "").split()
    if not packages:
        sys.exit("split: no PACKAGES in " + args.env)
    files = {p: env.get("FILES:" + p, "").split() for p in packages}
    owners = {}
    for path in installed_files(args.root):
        owners[path] = [p for p in packages if any(matches(g, path) for g in files[p])]

    errors = []
    for path, pkgs in owners.items():
        if not pkgs:
            errors.append(f"in no package: {path}")
        elif len(pkgs) > 1:
            errors.append(f"in {len(pkgs)} packages ({', '.join(pkgs)}; bitbake gives it to {pkgs[0]}): {path}")

    by_pkg = {}
    for path, pkgs in owners.items():
        if pkgs:
            by_pkg.setdefault(pkgs[0], []).append(path)
    for p in packages:
        got = by_pkg.get(p, [])
        print(f"  {p:28s} {len(got):3d} file(s)" + (f"  e.g. {got[0]}" if got else ""))

    modules = [p for p in owners if os.path.basename(p) == "tessera.so"]
    if args.modulesdir:
        if not modules:
            msg = "tessera.so is not in the installed tree"
            if args.require_provider:
                errors.append(msg)
            else:
                print(f"  provider: {msg} (not built); FILES:tessera-provider checked instead")
                want = os.path.join(args.modulesdir, "tessera.so")
                if not any(matches(g, want) for g in files.get("tessera-provider", [])):
                    errors.append(f"FILES:tessera-provider does not take {want}")
        for m in modules:
            if os.path.dirname(m) != os.path.normpath(args.modulesdir):
                errors.append(f"provider at {m}, but the image's OpenSSL loads modules from {args.modulesdir}")
            elif owners[m][:1] != ["tessera-provider"]:
                errors.append(f"provider {m} is packaged in {owners[m][:1] or 'no package'}, not tessera-provider")
            else:
                print(f"  provider: {m} in tessera-provider, the image OpenSSL's modules directory")

    for e in errors:
        print("  ERROR " + e)
    print(f"split: {len(owners)} files, {len(errors)} error(s)")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
