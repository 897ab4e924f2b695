#!/usr/bin/env bash
# Builds and runs every test; exits non-zero on any failure. This is what CI runs.
#   release preset (g++, all backends) : unit, ACVP known-answer, equivalence, install,
#                                        bench smoke, thread and zeroization tests; every
#                                        backend-parameterized test runs the portable
#                                        kernels too
#   portable preset (SIMD compiled out): only with --portable (the CI budget): the release
#                                        suite already runs the portable kernels, and the
#                                        embedded and Yocto stages compile the code with
#                                        SIMD off (and without a cached matrix, on qemu)
#   clang                              : no separate stage: the security stage's ASan + UBSan
#                                        build is clang's (library, bench, provider and tests,
#                                        -Werror) and runs the suite; its valgrind check builds
#                                        the library with clang at -O2 and -O3
#   embedded (scripts/ci-embedded.sh)  : cortex-m7 / cortex-m4 core builds (-Werror, no heap: the
#                                        link fails on malloc/new), known-answer firmware under
#                                        qemu-system-arm (mps2-an500)
#   yocto (scripts/ci-yocto.sh)        : meta-tessera offline: bitbake parse, environment,
#                                        dependency graph, unpack, licence; the recipe's
#                                        aarch64 cross build, package split and run-ptest
#                                        under qemu-aarch64
#   aarch64 (scripts/ci-aarch64.sh)    : the aarch64 cross build (every test program) and its
#                                        suite under qemu-aarch64, QEMU_CPU=cortex-a53 and max
#                                        (the subsets and their reasons: docs/aarch64.md)
#   security (scripts/ci-security.sh)  : valgrind constant-time check, libFuzzer, TSan, ASan
# `scripts/test.sh --fast` runs only the release stage (everyday use, a few minutes);
# `scripts/test.sh --portable` adds the portable preset to the full run.
# Set TESSERA_SLOW_TESTS=1 to add the 2-8 GiB SHA-2/SHA-3 large-data vectors.
# Every build also runs the statistical timing tests (CTest label `timing`, ~50 s, serial;
# docs/security.md); TESSERA_TIMING_SECONDS=N measures N s per target and backend (default 4).
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
portable=0
case "${1:-}" in
  --fast) fast=1 ;;
  --portable) portable=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--fast | --portable]" >&2; exit 2 ;;
esac
scripts/deps.sh
jobs=$(nproc)
# OpenSSL 3.5 for the interoperability tests (provider, bench peer), unpacked into
# build/openssl-3.5 and never installed (scripts/openssl35.sh). Root only; without it those
# tests are SKIPPED with the reason. TESSERA_OPENSSL35=0 turns the fetch off.
if [ "$(id -u)" -eq 0 ] && [ "${TESSERA_OPENSSL35:-1}" != 0 ]; then
  scripts/openssl35.sh >/dev/null || echo "OpenSSL 3.5 could not be fetched: its interoperability tests will be SKIPPED" >&2
fi

# Known-answer vectors: TESSERA_VECTORS_DIR, else ../shared/vectors beside this tree, else
# beside the repository this one was cloned from (a CI clone of a local checkout).
if [ -z "${TESSERA_VECTORS_DIR:-}" ] && [ ! -d ../shared/vectors ]; then
  origin=$(git config --get remote.origin.url 2>/dev/null || true)
  if [ -n "$origin" ] && [ -d "$origin/../shared/vectors" ]; then
    TESSERA_VECTORS_DIR=$(cd "$origin/../shared/vectors" && pwd)
    export TESSERA_VECTORS_DIR
  fi
fi
if [ -n "${TESSERA_VECTORS_DIR:-}" ]; then
  echo "vectors: $TESSERA_VECTORS_DIR"
elif [ -d ../shared/vectors ]; then
  echo "vectors: $(cd ../shared/vectors && pwd)"
else
  echo "vectors: NOT FOUND - known-answer tests will be reported as SKIPPED (set TESSERA_VECTORS_DIR)"
fi

stage() { printf '\n== %s (%s)\n' "$1" "$(date +%T)"; }

presets=(release)
[ "$portable" = 1 ] && presets+=(portable)
for preset in "${presets[@]}"; do
  stage "build $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  stage "test $preset"
  ctest --preset "$preset" -j "$jobs"
done

if [ "$fast" = 1 ]; then
  stage "done (--fast: embedded, yocto, aarch64 and security stages skipped)"
  exit 0
fi


stage "embedded (scripts/ci-embedded.sh)"
scripts/ci-embedded.sh

stage "yocto (scripts/ci-yocto.sh)"
scripts/ci-yocto.sh

stage "aarch64 (scripts/ci-aarch64.sh)"
scripts/ci-aarch64.sh

stage "security (scripts/ci-security.sh)"
scripts/ci-security.sh
stage "done"
