#!/usr/bin/env bash
# What CI runs for the microcontroller targets (issue 22, docs/embedded.md):
#   cortex-m7  core library (-Werror, -fno-exceptions -fno-rtti, newlib-nano, no threads),
#              the no-heap link check of every public entry point (and its canary), and
#              the known-answer firmware under qemu-system-arm -M mps2-an500
#   cortex-m4  core library and the no-heap link check
# The 32-bit host build (preset portable32: -m32, SIMD off, no cached A_hat, the whole
# suite) is a stage of scripts/test.sh. TESSERA_JOBS (default 2) sets the parallelism.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
jobs=${TESSERA_JOBS:-2}
stage() { printf '\n== %s (%s)\n' "$1" "$(date +%T)"; }

for preset in cortex-m7 cortex-m4; do
  stage "build $preset (core library, tessera-fw-noheap, tessera-fw-kat)"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  stage "test $preset (no-heap link check and canary; firmware under qemu on cortex-m7)"
  ctest --preset "$preset" -j 1
done
stage "done"
