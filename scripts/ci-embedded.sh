#!/usr/bin/env bash
# What CI runs for the microcontroller targets (issue 22, docs/embedded.md):
#   cortex-m7  core library (-Werror, -fno-exceptions -fno-rtti, newlib-nano, no threads),
#              the no-heap link check of every public entry point (and its canary), and
#              the known-answer and benchmark firmware under qemu-system-arm -M mps2-an500
#   cortex-m4  the same on the Cortex-M4 board, qemu-system-arm -M mps2-an386
#   cortex-m7-clang  the cortex-m7 build with clang 14 and ld.lld (GCC's newlib-nano and
#              libstdc++): core library (-Werror), no-heap link check, the known-answer
#              firmware under qemu (not tessera-fw-bench: compiler comparisons are run by hand,
#              docs/embedded.md)
#   wipes      the Cortex-M stack wipes against the frames they wipe, at -Os, -O2 and -O3
#              (scripts/stack-usage.py --check-wipes)
#   portable32 the -m32 host build (SIMD off, no cached A_hat, small-stack paths, 32-bit
#              limbs and size_t): ML-DSA's, ML-KEM's and FrodoKEM's known-answer, unit and
#              zeroization suites,
#              so that the small-stack paths meet every vector and leave no secret on the
#              stack in CI; RSA's ACVP and unit suites on 32-bit limbs (the whole -m32 suite is
#              `ctest --preset portable32`, outside CI for time)
# TESSERA_JOBS (default 2) sets the parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
jobs=${TESSERA_JOBS:-2}
stage() { printf '\n== %s (%s)\n' "$1" "$(date +%T)"; }

for preset in cortex-m7 cortex-m4; do
  stage "build $preset (core library, tessera-fw-noheap, tessera-fw-kat)"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  stage "test $preset (no-heap link check and canary; firmware under qemu: mps2-an500 or mps2-an386)"
  ctest --preset "$preset" -j 1
done

# clang: 51 s from an empty build directory on 2 shared cores (load average 4, 2026-12-06).
stage "build cortex-m7-clang (core library, tessera-fw-noheap, tessera-fw-kat)"
cmake --preset cortex-m7-clang >/dev/null
cmake --build --preset cortex-m7-clang -j "$jobs" --target tessera tessera-fw-noheap tessera-fw-kat
stage "test cortex-m7-clang (no-heap link check and canary, known-answer firmware under qemu)"
ctest --preset cortex-m7-clang -j 1 -E '^firmware[.]bench[.]'

# The Cortex-M stack wipes (common/secret.hpp, frame_wipe) reach the frames they wipe, at
# each optimization level a user may pick: scripts/stack-usage.py --check-wipes on a
# -fcallgraph-info=su build of the core library.
for opt in Os O2 O3; do
  stage "stack wipes, cortex-m7 -$opt (scripts/stack-usage.py --check-wipes)"
  cmake --preset cortex-m7 -B "build/cortex-m7-callgraph-$opt" \
    -DCMAKE_CXX_FLAGS_MINSIZEREL="-$opt -DNDEBUG -fcallgraph-info=su" >/dev/null
  cmake --build "build/cortex-m7-callgraph-$opt" -j "$jobs" --target tessera
  python3 scripts/stack-usage.py --check-wipes "build/cortex-m7-callgraph-$opt"
done

targets=(mldsa-kat-tests mldsa-unit-tests mlkem-kat-tests mlkem-unit-tests frodokem-kat-tests frodokem-unit-tests zeroize-tests
  rsa-kat-tests rsa-unit-tests)
stage "build portable32 (${targets[*]})"
cmake --preset portable32 >/dev/null
cmake --build --preset portable32 -j "$jobs" --target "${targets[@]}"
stage "test portable32 (ML-DSA, ML-KEM and FrodoKEM, small-stack paths, zeroization; RSA on 32-bit limbs)"
# Only the cases of the executables just built (the others are not built here).
ctest --preset portable32 -j "$jobs" --no-tests=error -R '^(Backends/)?(MlDsa|MlKem|FrodoKem|Rsa)'
stage "done"
