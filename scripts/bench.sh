#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds the release preset and runs tessera-bench.
# Extra arguments go to tessera-bench (e.g. scripts/bench.sh --filter ML-KEM --json out.json).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target tessera-bench
exec build/release/bench/tessera-bench "$@"
