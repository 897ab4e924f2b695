#!/usr/bin/env bash
# Security verification (slow stages; scripts/test.sh calls this after the fast suite).
#   ct    constant time, checked by machine: tests/ct driver runs ML-KEM keygen/encaps/decaps
#         (incl. implicit rejection), ML-DSA keygen/sign for every parameter set, FrodoKEM, and
#         the AEADs, MACs, SHA-2 and Hash_DRBG with secret keys and data, on the
#         portable and each SIMD backend, with secrets poisoned, under valgrind memcheck;
#         built by g++ and clang at -O2 and -O3 (4 builds, library + driver only), and ML-DSA
#         once more in the small-stack configuration (g++ -O2). Self-tests
#         prove a secret branch / secret index is caught. avx512 is SKIPPED under valgrind.
#   fuzz  libFuzzer + ASan + UBSan (clang): ML-KEM decaps, ML-DSA verify, key/signature
#         parsing, backend differential, P-256/P-384 and RSA against OpenSSL's libcrypto;
#         TESSERA_FUZZ_SECONDS per target from tests/fuzz/corpus.
#   tsan  threads-tests under ThreadSanitizer (clang), each test case in its own process.
#   asan  the whole test suite under ASan + UBSan (clang -O1), without the timing tests;
#         also the build that checks that clang compiles the tree cleanly (-Werror).
# Usage: scripts/ci-security.sh [ct] [fuzz] [tsan] [asan]     (no argument: all stages)
# Env:   TESSERA_FUZZ_SECONDS (default 30), TESSERA_SECURITY_BUILD_DIR (default build/security)
set -euo pipefail
cd "$(dirname "$0")/.."
root=${TESSERA_SECURITY_BUILD_DIR:-build/security}
fuzz_seconds=${TESSERA_FUZZ_SECONDS:-30}
jobs=$(nproc)
stages=("$@")
[ ${#stages[@]} -eq 0 ] && stages=(ct fuzz tsan asan)
mkdir -p "$root"
timings=()
stage_start=0
begin() { printf '\n== security: %s (%s)\n' "$1" "$(date +%T)"; stage_start=$SECONDS; }
end() { timings+=("$(printf '%-28s %5ds' "$1" $((SECONDS - stage_start)))"); }

# Tools: valgrind, clang and clang's runtime (libFuzzer, TSan). As root, install what is missing.
need=()
command -v valgrind >/dev/null || need+=(valgrind)
command -v clang++ >/dev/null || need+=(clang)
clang_major=$(clang++ -dumpversion 2>/dev/null | cut -d. -f1 || true)
if [ -n "$clang_major" ] && ! dpkg-query -W -f='${Status}' "libclang-rt-$clang_major-dev" 2>/dev/null |
     grep -q "install ok installed"; then
  need+=("libclang-rt-$clang_major-dev")
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "security: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "security: missing ${need[*]}; run as root: apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi

# run_ct CXX OPT [small-stack]: small-stack builds the microcontroller configuration
# (TESSERA_SMALL_STACK, no cached matrix, SIMD off, and the 32-bit targets' Keccak: the
# bit-interleaved loop form of src/hash/keccak/interleaved32.cpp, forced on this 64-bit host)
# and checks the algorithms that have small-stack paths (ML-DSA key generation and signing,
# ML-KEM, FrodoKEM), whose sponges then run that Keccak.
run_ct() {
  local cxx=$1 opt=$2 variant=${3:-} dir="$root/ct-$1-$2${3:+-$3}" extra=() select=() defs=""
  if [ "$variant" = small-stack ]; then
    extra=(-DTESSERA_SMALL_STACK=ON -DTESSERA_CACHE_MATRIX=OFF -DTESSERA_ENABLE_SIMD=OFF)
    defs=" -DTESSERA_KECCAK_INTERLEAVED32=1 -DTESSERA_KECCAK_INTERLEAVED32_UNROLLED=0"
    select=(-R '^ct\.portable\.(mldsa|mlkem|frodokem)$')
  fi
  begin "ct $cxx -$opt${variant:+ $variant}"
  cmake -S tests/ct -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-$opt -gdwarf-4 -DNDEBUG$defs" "${extra[@]}" >/dev/null
  cmake --build "$dir" -j "$jobs"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --no-tests=error "${select[@]}"
  # Say why a backend was skipped (avx512: valgrind cannot run AVX-512 code).
  grep -ho "SKIPPED: .*" "$dir/Testing/Temporary/LastTest.log" | sort -u || true
  end "ct $cxx -$opt${variant:+ $variant}"
}

run_fuzz() {
  local dir="$root/fuzz"
  begin "fuzz build"
  cmake -S tests/fuzz -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ >/dev/null
  cmake --build "$dir" -j "$jobs"
  end "fuzz build"
  begin "fuzz run (${fuzz_seconds}s per target)"
  for target in mlkem_decaps mldsa_verify parse differential ecc_openssl rsa_openssl; do
    local work="$dir/corpus/$target" artifacts="$dir/artifacts/$target/"
    mkdir -p "$work" "$artifacts"
    echo "-- fuzz_$target"
    # Runs the seed corpus first, then mutates for fuzz_seconds; any crash, sanitizer report
    # or failed property aborts with the input saved under $artifacts.
    if ! "$dir/fuzz_$target" -max_total_time="$fuzz_seconds" -timeout=60 -rss_limit_mb=4096 \
         -print_final_stats=1 -artifact_prefix="$artifacts" "$work" "tests/fuzz/corpus/$target" \
         >"$dir/$target.log" 2>&1; then
      tail -n 60 "$dir/$target.log"
      echo "fuzz_$target FAILED (inputs in $artifacts)" >&2
      exit 1
    fi
    grep -E "stat::number_of_executed_units|Done [0-9]+ runs" "$dir/$target.log" | tail -n 2
  done
  end "fuzz run (${fuzz_seconds}s per target)"
}

run_tsan() {
  local dir="$root/tsan"
  begin "tsan"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DTESSERA_BUILD_BENCH=OFF -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DCMAKE_SHARED_LINKER_FLAGS=-fsanitize=thread >/dev/null
  cmake --build "$dir" -j "$jobs" --target threads-tests
  local exe="$dir/tests/threads-tests" suite="" n=0 name out
  # One process per test case, so that every case races the first use of the library.
  while IFS= read -r line; do
    if [[ $line == " "* ]]; then
      name="$suite${line#"${line%%[! ]*}"}"
      [[ $name == *DISABLED_* ]] && continue
      if ! out=$(TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" "$exe" --gtest_filter="$name" 2>&1); then
        echo "$out"
        echo "tsan: $name FAILED" >&2
        exit 1
      fi
      if ! grep -q '\[  PASSED  \] 1 test' <<<"$out"; then
        echo "$out"
        echo "tsan: $name did not run" >&2
        exit 1
      fi
      echo "tsan: $name passed"
      n=$((n + 1))
    else
      suite=$line
    fi
  done < <("$exe" --gtest_list_tests | sed 's/ *#.*//')
  [ "$n" -gt 0 ] || { echo "tsan: no test case found" >&2; exit 1; }
  # The stage can fail: a deliberate data race must be reported.
  if out=$(TSAN_OPTIONS="halt_on_error=1" "$exe" --gtest_also_run_disabled_tests \
             --gtest_filter=Threads.DISABLED_DeliberateRaceForTsanSelfTest 2>&1) ||
     ! grep -q "WARNING: ThreadSanitizer: data race" <<<"$out"; then
    echo "$out"
    echo "tsan: the deliberate race was not reported: TSan is not working" >&2
    exit 1
  fi
  echo "tsan: self-test: the deliberate data race was reported"
  echo "tsan: $n test cases passed"
  end "tsan"
}

run_asan() {
  local dir="$root/asan"
  begin "asan (whole suite, clang)"
  # ASan + UBSan with clang, which is also CI's clang build: library, bench, provider and
  # tests with -Werror (clang's warnings do not depend on -O). -O1 keeps reports exact. Not
  # run here: the bench's command-line tests (bench.*: they ran in the g++ build; its unit
  # tests run), the timing tests (instrumented timings mean nothing), and install.consumer
  # (a plain consumer cannot link the instrumented library: the release build covers it).
  cmake -S . -B "$dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DTESSERA_BUILD_BENCH=ON -DTESSERA_WERROR=ON \
    -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
  cmake --build "$dir" -j "$jobs"
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1" UBSAN_OPTIONS="print_stacktrace=1" \
    ctest --test-dir "$dir" -j "$jobs" --output-on-failure --no-tests=error \
      -LE '^timing$' -E '^(install\.consumer|bench\..*)$'
  end "asan (whole suite, clang)"
}

for s in "${stages[@]}"; do
  case "$s" in
    ct) for cxx in g++ clang++; do for opt in O2 O3; do run_ct "$cxx" "$opt"; done; done
        run_ct g++ O2 small-stack ;;
    fuzz) run_fuzz ;;
    tsan) run_tsan ;;
    asan) run_asan ;;
    *) echo "unknown stage $s (ct, fuzz, tsan, asan)" >&2; exit 2 ;;
  esac
done

printf '\n== security stage times\n'
printf '%s\n' "${timings[@]}" | tee "$root/timings.txt"
