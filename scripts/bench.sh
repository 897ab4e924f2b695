#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine, builds the release preset and runs tessera-bench.
# Extra arguments go to tessera-bench (e.g. scripts/bench.sh --filter ML-KEM --json out.json).
#
#   scripts/bench.sh --openssl35 [tessera-bench options]
#     runs the bench with OpenSSL 3.5 as the openssl peer (ML-KEM, ML-DSA and the hybrid KEMs,
#     which the system's OpenSSL 3.0 lacks): scripts/openssl35.sh fetches Debian trixie's
#     OpenSSL 3.5 into build/openssl-3.5 once (as root; nothing is installed), and the bench
#     runs through that folder's loader (build/openssl-3.5/run). --peers is added; without
#     --algorithm/--filter it measures the hybrids, their parts, ML-KEM-768 and ML-DSA-65.
#     The "Peers:" header line names the library actually loaded (OpenSSL_version()).
#
# TESSERA_BENCH_BUILD=DIR: use that already configured build folder instead of the release
# preset (deps.sh and the preset's configure step are skipped; the bench is still built).
set -euo pipefail
cd "$(dirname "$0")/.."

openssl35=0
args=()
for a in "$@"; do
  if [[ "$a" == "--openssl35" ]]; then openssl35=1; else args+=("$a"); fi
done

if [[ -n "${TESSERA_BENCH_BUILD:-}" ]]; then
  cmake --build "$TESSERA_BENCH_BUILD" --target tessera-bench
  bench="$TESSERA_BENCH_BUILD/bench/tessera-bench"
else
  scripts/deps.sh
  cmake --preset release >/dev/null
  cmake --build --preset release --target tessera-bench
  bench=build/release/bench/tessera-bench
fi

if [[ "$openssl35" -eq 0 ]]; then
  exec "$bench" ${args[@]+"${args[@]}"}
fi

scripts/openssl35.sh >/dev/null || {
  echo "bench.sh: OpenSSL 3.5 is not available (scripts/openssl35.sh failed; see above)" >&2
  exit 1
}
dir="$(scripts/openssl35.sh --print-dir)"
selected=0
for a in ${args[@]+"${args[@]}"}; do
  case "$a" in --algorithm | --filter) selected=1 ;; esac
done
if [[ "$selected" -eq 0 ]]; then
  args+=(--algorithm "X25519MLKEM768,SecP256r1MLKEM768,SecP384r1MLKEM1024,X-Wing,ML-KEM-768,ML-KEM-1024,X25519,ECDH P-256,ECDH P-384,ML-DSA-65")
fi
exec "$dir/run" "$bench" --peers "${args[@]}"
