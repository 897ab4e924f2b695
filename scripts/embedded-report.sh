#!/usr/bin/env bash
# Measures the Cortex-M footprint and writes docs/embedded.md's generated section:
#   sizes   one image per family (firmware/entry_points.cpp: the family's public entry
#           points, --gc-sections), .text/.rodata/.data/.bss from arm-none-eabi-size, minus
#           the baseline image (startup + main, no Tessera code)
#   stack   the KAT firmware under qemu-system-arm -M mps2-an500 (stack painting,
#           firmware/stack.hpp), Cortex-M7 only, beside the static worst case of the same
#           public functions (scripts/stack-usage.py on a -fcallgraph-info=su build)
#   top     the largest symbols of the ML-KEM-768 and ML-DSA-65 images (nm --size-sort)
# usage: scripts/embedded-report.sh [cortex-m7|cortex-m4 ...]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
presets=("$@")
[ ${#presets[@]} -eq 0 ] && presets=(cortex-m7 cortex-m4)
jobs=${TESSERA_JOBS:-2}
out=docs/embedded.md
gen=$(mktemp)
trap 'rm -f "$gen"' EXIT

families=(mlkem768 mlkem768_internal mldsa44 mldsa65 mldsa65_internal mldsa65_verify mldsa87 frodokem640 x25519 p256
          xwing x25519mlkem768 sha3 sha2 aead)
declare -A label=(
  [mlkem768]="ML-KEM-768 (all entry points, DRBG included)"
  [mlkem768_internal]="ML-KEM-768 keygen/encaps_internal, decapsulate (no DRBG)"
  [mldsa44]="ML-DSA-44 (keygen, sign, verify, key import)"
  [mldsa65]="ML-DSA-65 (keygen, sign, verify, key import, *_internal)"
  [mldsa65_internal]="ML-DSA-65 keygen_internal, sign_internal, verify, key import (no DRBG)"
  [mldsa65_verify]="ML-DSA-65 verify + PublicKey::from_bytes only"
  [mldsa87]="ML-DSA-87 (keygen, sign, verify, key import)"
  [frodokem640]="FrodoKEM-640 (SHAKE and AES)"
  [x25519]="X25519"
  [p256]="P-256 ECDH + ECDSA-SHA-256"
  [xwing]="X-Wing"
  [x25519mlkem768]="X25519MLKEM768"
  [sha3]="SHA3-256 + SHA3-512"
  [sha2]="SHA-256 + SHA-512"
  [aead]="ChaCha20-Poly1305 + AES-GCM"
)

section_sizes() {  # elf -> "text rodata data bss"
  arm-none-eabi-size -A "$1" | awk '
    $1 == ".text" { t = $2 } $1 == ".rodata" { r = $2 } $1 == ".data" { d = $2 } $1 == ".bss" { b = $2 }
    $1 ~ /^\.(ARM\.exidx|init_array)$/ { r += $2 }
    END { printf "%d %d %d %d\n", t, r, d, b }'
}
kib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1024 }'; }

# The firmware's operations (its line names) and the public function each measures.
static_ops=(
  "ML-KEM-768 keygen_internal (ACVP keyGen)=Kem<P>::keygen_internal\(.*kMlKem768\]"
  "ML-KEM-768 EncapsulationKey::from_bytes=Kem<P>::EncapsulationKey::from_bytes\(.*kMlKem768\]"
  "ML-KEM-768 encaps_internal (ACVP encapsulation)=Kem<P>::encaps_internal\(.*kMlKem768\]"
  "ML-KEM-768 DecapsulationKey::from_bytes=Kem<P>::DecapsulationKey::from_bytes\(.*kMlKem768\]"
  "ML-KEM-768 decapsulate (ACVP decapsulation)=Kem<P>::decapsulate\(.*kMlKem768\]"
  "ML-KEM-512 keygen_internal=Kem<P>::keygen_internal\(.*kMlKem512\]"
  "ML-KEM-512 encaps_internal=Kem<P>::encaps_internal\(.*kMlKem512\]"
  "ML-KEM-512 decapsulate (K of encaps_internal)=Kem<P>::decapsulate\(.*kMlKem512\]"
  "ML-KEM-1024 keygen_internal=Kem<P>::keygen_internal\(.*kMlKem1024\]"
  "ML-KEM-1024 encaps_internal=Kem<P>::encaps_internal\(.*kMlKem1024\]"
  "ML-KEM-1024 decapsulate (K of encaps_internal)=Kem<P>::decapsulate\(.*kMlKem1024\]"
  "ML-DSA-44 verify (ACVP sigVer, valid)=MlDsa<Set>::verify\(.*Set44"
  "ML-DSA-65 keygen_internal (ACVP keyGen)=MlDsa<Set>::keygen_internal\(.*Set65"
  "ML-DSA-65 sign (deterministic)=MlDsa<Set>::sign\(.*Set65"
  "ML-DSA-65 verify (own signature)=MlDsa<Set>::verify\(.*Set65"
  "ML-DSA-65 PublicKey::from_bytes=MlDsa<Set>::PublicKey::from_bytes\(.*Set65"
)

# pqm4's published Cortex-M4 figures (github.com/mupq/pqm4, benchmarks.md at commit
# cc2c1b992b60, 2026-06-19; STM32F4, cycles and stack bytes): scheme, operation, clean
# cycles, m4fstack cycles, clean stack, m4fstack stack.
pqm4_figures() {
  cat <<'PQM4'
ML-KEM 512|key gen|595793|392224|6152|2300
ML-KEM 512|encap|700605|392864|8784|2348
ML-KEM 512|decap|888653|430202|9560|2332
ML-KEM 768|key gen|988722|644195|10248|2820
ML-KEM 768|encap|1138225|664654|13384|2860
ML-KEM 768|decap|1387984|714194|14480|2844
ML-KEM 1024|key gen|1536343|1020202|15128|3332
ML-KEM 1024|encap|1708071|1037953|18776|3372
ML-KEM 1024|decap|2020327|1100982|20352|3356
ML-DSA 44|key gen|1874405|1799062|38304|4408
ML-DSA 44|sign|7925955|12134284|51976|5080
ML-DSA 44|verify|2063096|3242333|36308|2712
ML-DSA 65|key gen|3205533|3412622|60832|4408
ML-DSA 65|sign|12359056|24421526|79624|6616
ML-DSA 65|verify|3377305|5732397|57736|2712
ML-DSA 87|key gen|5341863|5820537|97696|4408
ML-DSA 87|sign|15579513|33357899|122740|8144
ML-DSA 87|verify|5610203|9911514|92948|2720
PQM4
}

# bench_section BUILD: tessera-fw-bench under qemu -icount, and its ML-KEM/ML-DSA figures
# beside pqm4's.
bench_section() {
  local bench_out
  cmake --build "$1" -j "$jobs" --target tessera-fw-bench >/dev/null
  bench_out=$(timeout 600 qemu-system-arm -M mps2-an500 -icount shift=0 -nographic -monitor none -serial null \
    -semihosting-config enable=on,target=native -kernel "$1/firmware/tessera-fw-bench.elf" </dev/null 2>&1 || true)
  echo
  echo "### cortex-m7: instructions per operation (qemu mps2-an500 -icount, tessera-fw-bench)"
  echo
  echo "Instruction counts, not cycles: QEMU does not model the Cortex-M7's pipeline; with"
  echo "\`-icount shift=0\` its virtual clock advances 1 ns per instruction, and the firmware reads"
  echo "the AN500's 25 MHz timer (firmware/bench_main.cpp). Hedged and randomized operations"
  echo "(generate_key, encapsulate, sign) with the DRBG fed by a fixed test source."
  echo
  echo '```'
  echo "$bench_out"
  echo '```'
  echo
  echo "Beside pqm4's published Cortex-M4 figures (github.com/mupq/pqm4, benchmarks.md at commit"
  echo "cc2c1b992b60, 2026-06-19: cycles on an STM32F4, and stack bytes): pqm4's \`clean\` is the"
  echo "portable reference C, \`m4fstack\` its smallest-stack assembly-optimized variant. Tessera's"
  echo "figures are instructions (an M4 runs most at one cycle each, loads and multiplies-accumulate"
  echo "take more), its stack the painted depth above; pqm4 stacks count its test harness's frame."
  echo
  echo "| operation | Tessera (instructions) | pqm4 clean (cycles) | pqm4 m4fstack (cycles) | pqm4 clean stack | pqm4 m4fstack stack |"
  echo "|---|---:|---:|---:|---:|---:|"
  pqm4_figures | while IFS="|" read -r alg op clean_cycles stack_cycles clean_stack stack_stack; do
    local insn
    insn=$(printf '%s\n' "$bench_out" | awk -v a="$alg" -v o="$op" '
      index($0, a) == 1 && substr($0, 23, length(o)) == o && substr($0, 23 + length(o), 1) == " " {
        for (i = 1; i <= NF; i++) if ($i == "instructions/op") print $(i - 1) }' | tr -d ',' | head -n 1)
    printf '| %s %s | %s | %s | %s | %s | %s |\n' "$alg" "$op" "${insn:--}" "$clean_cycles" "$stack_cycles" "$clean_stack" "$stack_stack"
  done
}

# static_table PRESET BUILD FIRMWARE_OUTPUT: the static worst case (a -fcallgraph-info=su
# build of the same preset, scripts/stack-usage.py) beside each measured depth.
static_table() {
  local cg="$2-callgraph" notes
  cmake --preset "$1" -B "$cg" -DCMAKE_CXX_FLAGS_MINSIZEREL="-Os -DNDEBUG -fcallgraph-info=su" >/dev/null
  cmake --build "$cg" -j "$jobs" --target tessera-fw-kat >/dev/null
  notes=$(mktemp)
  echo
  echo "### $1: stack depth, static and measured"
  echo
  echo "Static: the deepest call path below the public function (frames from -fstack-usage, the"
  echo "call graph from -fcallgraph-info=su, kernel-table calls and stack wipes resolved as"
  echo "scripts/stack-usage.py says). Measured: the painting above, which also counts the"
  echo "firmware's own lambda frames."
  echo
  echo "| operation | static | measured | static / measured |"
  echo "|---|---:|---:|---:|"
  python3 scripts/stack-usage.py "$cg" "${static_ops[@]}" 2>"$notes" |
    awk -F'\t' -v fw="$3" '
      BEGIN { n = split(fw, lines, "\n")
              for (i = 1; i <= n; i++) {
                if (lines[i] !~ /^(PASS|FAIL) .*: stack [0-9]+ bytes/) continue
                name = lines[i]; sub(/^(PASS|FAIL) /, "", name); sub(/: stack [0-9]+ bytes.*$/, "", name)
                val = lines[i]; sub(/.*: stack /, "", val); sub(/ bytes.*$/, "", val)
                meas[name] = val } }
      { s = $3 == ">=" ? ">= " $2 : $2
        r = meas[$1] > 0 ? sprintf("%.1f%%", 100 * $2 / meas[$1]) : "-"
        printf "| %s | %s | %s | %s |\n", $1, s, meas[$1] == "" ? "-" : meas[$1], r }'
  if [ -s "$notes" ]; then
    echo
    echo "Not resolved statically (a '>=' figure is a lower bound):"
    echo
    sed 's/^note: /- /; s|/[^ ]*/src/|src/|; s|\(os_entropy.cpp:[0-9:]*\)|\1 (the entropy callback of set_entropy_source, hedged signing only: the deterministic signing measured does not call it)|' "$notes"
  fi
  rm -f "$notes"
}

{
  echo "<!-- generated by scripts/embedded-report.sh on $(date -u +%F) -->"
  echo "Measured with $(arm-none-eabi-gcc --version | head -1), MinSizeRel (-Os), newlib-nano,"
  echo "\`--gc-sections\`, TESSERA_CACHE_MATRIX=OFF, TESSERA_SMALL_STACK=ON, TESSERA_THREADS=OFF."
  for preset in "${presets[@]}"; do
    build=build/$preset
    cmake --preset "$preset" >/dev/null
    cmake --build "$build" -j "$jobs" --target tessera-fw-sizes tessera-fw-size-baseline >/dev/null
    read -r bt br bd bb < <(section_sizes "$build/firmware/tessera-fw-size-baseline.elf")
    echo
    echo "### $preset: code and data per family (bytes, minus the baseline image)"
    echo
    echo "Baseline image (startup, main, no Tessera code): .text $bt, .rodata $br, .data $bd, .bss $bb."
    echo
    echo "| family | .text | .rodata | .data | .bss | .text KiB |"
    echo "|---|---:|---:|---:|---:|---:|"
    for f in "${families[@]}"; do
      read -r t r d b < <(section_sizes "$build/firmware/tessera-fw-size-$f.elf")
      echo "| ${label[$f]} | $((t - bt)) | $((r - br)) | $((d - bd)) | $((b - bb)) | $(kib $((t - bt))) |"
    done
    if [ "$preset" = cortex-m7 ]; then
      for f in mlkem768_internal mldsa65; do
        echo
        echo "Largest symbols, $preset, ${label[$f]} (nm --size-sort, top 12):"
        echo
        echo '```'
        arm-none-eabi-nm --size-sort -r -C -S -t d "$build/firmware/tessera-fw-size-$f.elf" |
          awk 'NR <= 12 { size = $2 + 0; $1 = ""; $2 = ""; sub(/^  /, ""); printf "%7d  %s\n", size, $0 }' |
          cut -c1-120  # awk reads all of nm's output: head would end nm with SIGPIPE (pipefail)
        echo '```'
      done
      if command -v qemu-system-arm >/dev/null && [ -f "$build/firmware/tessera-fw-kat.elf" ]; then
        echo
        echo "### $preset: stack depth per operation (qemu mps2-an500, stack painting)"
        echo
        echo "Bytes below the caller's frame, the returned Result not counted (it is in the caller's"
        echo "storage). From \`tessera-fw-kat.elf\`:"
        echo
        fw_out=$(timeout 300 qemu-system-arm -M mps2-an500 -nographic -monitor none -serial null \
          -semihosting-config enable=on,target=native -kernel "$build/firmware/tessera-fw-kat.elf" </dev/null 2>&1 || true)
        echo '```'
        echo "$fw_out"
        echo '```'
        static_table "$preset" "$build" "$fw_out"
        bench_section "$build"
      fi
    fi
  done
} >"$gen"

# Replace the generated section of docs/embedded.md (between the markers), keep the rest.
begin='<!-- BEGIN GENERATED (scripts/embedded-report.sh) -->'
end='<!-- END GENERATED -->'
if [ -f "$out" ] && grep -qF "$begin" "$out"; then
  awk -v b="$begin" -v e="$end" -v g="$gen" '
    $0 == b { print; while ((getline line < g) > 0) print line; skip = 1; next }
    $0 == e { skip = 0 } !skip { print }' "$out" >"$out.tmp" && mv "$out.tmp" "$out"
else
  { echo "$begin"; cat "$gen"; echo "$end"; } >>"$out"
fi
echo "wrote $out"
