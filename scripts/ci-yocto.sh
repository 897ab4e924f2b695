#!/usr/bin/env bash
# Offline checks of the Yocto layer meta-tessera/ (docs/yocto.md), a few minutes on 2 cores:
#   early env  bitbake -e -b tessera_<version>.bb (one recipe, seconds): EXTRA_OECMAKE for
#              the cross build, which then runs beside the full parse
#   parse      bitbake -p with meta-tessera: no error, no warning that names the layer
#   env        bitbake -e tessera: the intended EXTRA_OECMAKE, PACKAGES and FILES
#   graph      bitbake -g tessera: every DEPENDS and RDEPENDS resolves to a provider (the
#              provider resolution of -n without its no-op run of ~1200 tasks, which costs
#              ~5 min here; `scripts/ci-yocto.sh --dry-run` runs bitbake -n as well)
#   unpack     bitbake tessera -c unpack: the checkout's HEAD through a test-only bbappend
#   lic        bitbake tessera -c populate_lic (and: a licence file appeared => recipe update)
#   cross      the recipe's build steps without bitbake: aarch64 cross build with the
#              recipe's EXTRA_OECMAKE (library, bench, provider, two test binaries), DESTDIR
#              install, the recipe's do_install additions; the provider links Debian 12's
#              arm64 libcrypto (scripts/arm64-openssl.sh: fetched, unpacked, not installed)
#   split      scripts/yocto/split_check.py: the FILES of `bitbake -e` applied to that tree
#   ptest      run-ptest under qemu-aarch64 on that tree: PASS:/FAIL: lines, no FAIL; its
#              provider checks load the tree's tessera.so into the arm64 openssl CLI
# The cross build runs beside the bitbake stages. The full parse happens once; every later
# bitbake call reuses its cache.
# Needs ../shared/yocto/poky-scarthgap-min.tar.xz (SKIP without it). bitbake refuses root:
# as root this creates the user yoctoci and runs bitbake as it; installs missing packages.
# Offline stand-ins (say so in the output): meta-oe is not in the cut-down poky, so a stub
# layer named openembedded-layer provides empty nlohmann-json and googletest recipes (the
# names and versions of meta-oe scarthgap); the cross build uses the host's
# /usr/src/googletest instead of the recipe's gtest-from-sysroot (no aarch64 GoogleTest).
# Env: TESSERA_YOCTO_DIR (default /tmp/yocto-ci), TESSERA_YOCTO_USER (default yoctoci)
set -euo pipefail
cd "$(dirname "$0")/.."
dry_run=0
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=1 ;;
    *) echo "usage: scripts/ci-yocto.sh [--dry-run]" >&2; exit 2 ;;
  esac
done
src=$(pwd)
# ../shared beside this tree, else beside the repository this one was cloned from (a CI
# clone of a local checkout; scripts/test.sh finds the vectors the same way).
shared=$src/../shared
if [ ! -d "$shared" ]; then
  origin=$(git config --get remote.origin.url 2>/dev/null || true)
  if [ -n "$origin" ] && [ -d "$origin/../shared" ]; then shared=$(cd "$origin/../shared" && pwd); fi
fi
tarball=${TESSERA_POKY_TARBALL:-$shared/yocto/poky-scarthgap-min.tar.xz}
vectors=${TESSERA_VECTORS_DIR:-$shared/vectors}
work=${TESSERA_YOCTO_DIR:-/tmp/yocto-ci}
bbuser=${TESSERA_YOCTO_USER:-yoctoci}
t0=$SECONDS
summary=()
failed=0
stage_start=0
begin() { printf '\n== yocto: %s (%s)\n' "$1" "$(date +%T)"; stage_start=$SECONDS; }
result() {  # result NAME PASS|FAIL|SKIP [note]
  summary+=("$(printf '%-10s %-4s %4ds  %s' "$1" "$2" $((SECONDS - stage_start)) "${3:-}")")
  [ "$2" = FAIL ] && failed=1
  return 0
}
finish() {
  printf '\n== yocto: summary (total %ds)\n' $((SECONDS - t0))
  printf '  %s\n' "${summary[@]}"
  [ "$failed" = 0 ] && echo "yocto: all checks passed" || echo "yocto: FAILED" >&2
  exit "$failed"
}

if [ ! -f "$tarball" ]; then
  echo "yocto: SKIP: $tarball not found (the cut-down poky these offline checks need)"
  # CI (TESSERA_REQUIRE_VECTORS=1, .ci/run) treats missing test data as a failure.
  [ "${TESSERA_REQUIRE_VECTORS:-0}" = 1 ] && { echo "yocto: FAILED: test data required" >&2; exit 1; }
  exit 0
fi

begin setup
need=()
for p in chrpath cpio diffstat gawk lz4 zstd file locales python3 git cmake ninja-build \
         g++-aarch64-linux-gnu qemu-user googletest nlohmann-json3-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "yocto: missing ${need[*]}; run as root: apt-get install -y ${need[*]}" >&2; exit 1
  fi
  echo "yocto: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if ! locale -a 2>/dev/null | grep -qix 'en_US.utf8'; then
  [ "$(id -u)" -eq 0 ] || { echo "yocto: needs the en_US.UTF-8 locale (locale-gen)" >&2; exit 1; }
  sed -i 's/^# *\(en_US.UTF-8 UTF-8\)/\1/' /etc/locale.gen && locale-gen >/dev/null
fi
export LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8
if [ "$(id -u)" -eq 0 ]; then
  id "$bbuser" >/dev/null 2>&1 || useradd -m "$bbuser"
  as_bb() { runuser -u "$bbuser" -- env LANG=$LANG LC_ALL=$LC_ALL HOME="$(getent passwd "$bbuser" | cut -d: -f6)" bash -c "$1"; }
else
  bbuser=$(id -un)
  as_bb() { bash -c "$1"; }
fi
mkdir -p "$work"
chown "$bbuser" "$work"
# The bitbake user may not be able to read the checkout (a CI clone in a private temporary
# folder): it gets a copy of the layer and a bare mirror of the repository to fetch from.
rm -rf "$work/layers" "$work/tessera.git"
mkdir -p "$work/layers"
cp -a "$src/meta-tessera" "$work/layers/"
git clone -q --bare "$src" "$work/tessera.git"
chown -R "$bbuser" "$work/layers" "$work/tessera.git"
layer=$work/layers/meta-tessera
if [ ! -f "$work/poky/oe-init-build-env" ]; then
  as_bb "mkdir -p '$work/poky' && tar -xJf '$tarball' -C '$work/poky' --strip-components=1"
fi
head=$(git rev-parse HEAD)
# Offline stand-in for meta-oe (see the header), and the test-only bbappend.
as_bb "set -e
mkdir -p '$work/meta-oe-stub/conf' '$work/meta-oe-stub/recipes-stub' '$work/meta-tessera-ci/conf' '$work/meta-tessera-ci/recipes-crypto/tessera'
cat > '$work/meta-oe-stub/conf/layer.conf' <<'EOT'
# CI stand-in for meta-oe (not in the offline poky): its collection name and the recipes
# tessera DEPENDS on, empty. Only for parsing and task-graph checks.
BBPATH .= \":\${LAYERDIR}\"
BBFILES += \"\${LAYERDIR}/recipes-*/*.bb\"
BBFILE_COLLECTIONS += \"openembedded-layer\"
BBFILE_PATTERN_openembedded-layer = \"^\${LAYERDIR}/\"
BBFILE_PRIORITY_openembedded-layer = \"5\"
LAYERDEPENDS_openembedded-layer = \"core\"
LAYERSERIES_COMPAT_openembedded-layer = \"scarthgap\"
EOT
for r in nlohmann-json_3.11.3:MIT googletest_1.14.0:BSD-3-Clause; do
  printf 'SUMMARY = \"CI stub of meta-oe %s\"\nLICENSE = \"%s\"\nLIC_FILES_CHKSUM = \"file://\${COMMON_LICENSE_DIR}/%s;md5=%s\"\nINHIBIT_DEFAULT_DEPS = \"1\"\nALLOW_EMPTY:\${PN} = \"1\"\nBBCLASSEXTEND = \"native\"\n' \
    \"\${r%%:*}\" \"\${r#*:}\" \"\${r#*:}\" \"\$(md5sum '$work/poky/meta/files/common-licenses/'\${r#*:} | cut -d' ' -f1)\" \
    > '$work/meta-oe-stub/recipes-stub/'\${r%%:*}.bb
done
echo 'PROVIDES += \"gmock gtest\"' >> '$work/meta-oe-stub/recipes-stub/googletest_1.14.0.bb'
cat > '$work/meta-tessera-ci/conf/layer.conf' <<'EOT'
# CI only: tessera from the local checkout (scripts/ci-yocto.sh).
BBPATH .= \":\${LAYERDIR}\"
BBFILES += \"\${LAYERDIR}/recipes-*/*/*.bbappend\"
BBFILE_COLLECTIONS += \"tessera-ci\"
BBFILE_PATTERN_tessera-ci = \"^\${LAYERDIR}/\"
BBFILE_PRIORITY_tessera-ci = \"7\"
LAYERDEPENDS_tessera-ci = \"tessera\"
LAYERSERIES_COMPAT_tessera-ci = \"scarthgap\"
EOT
cat > '$work/meta-tessera-ci/recipes-crypto/tessera/tessera_%.bbappend' <<'EOT'
# CI only: fetch the checkout under test (its HEAD commit) with the git fetcher the real
# SRC_URI uses. populate_lic runs after do_patch, whose quilt-native cannot be built
# offline; the recipe has no patches, so do_patch needs nothing.
TESSERA_GIT_URI = \"git://$work/tessera.git;protocol=file;nobranch=1\"
SRCREV = \"$head\"
do_patch[depends] = \"\"
EOT
"
as_bb "set -e; cd '$work' && . poky/oe-init-build-env build >/dev/null
grep -q '^BB_NO_NETWORK' conf/local.conf || cat >> conf/local.conf <<'EOT'
BB_NO_NETWORK = \"1\"
MACHINE = \"qemuarm64\"
BB_NUMBER_THREADS = \"2\"
EOT
cat > conf/bblayers.conf <<'EOT'
POKY_BBLAYERS_CONF_VERSION = \"2\"
BBPATH = \"\${TOPDIR}\"
BBFILES ?= \"\"
BBLAYERS ?= \"$work/poky/meta $work/poky/meta-poky $work/poky/meta-yocto-bsp $work/meta-oe-stub $layer $work/meta-tessera-ci\"
EOT"
result setup PASS "poky scarthgap ($(basename "$tarball")), layers: meta-oe stub, meta-tessera, test bbappend"

bb() {  # bb LOG ARGS...: bitbake in the build folder as the unprivileged user
  local log=$1; shift
  as_bb "cd '$work' && . poky/oe-init-build-env build >/dev/null && bitbake $*" >"$work/$log" 2>&1
}
layer_msgs() {  # errors, and warnings that name the layer or its recipes
  grep -E '^(ERROR|WARNING):' "$1" | grep -E '^ERROR:|meta-tessera|tessera' || true
}

begin "early env"
recipe=$(ls "$layer"/recipes-crypto/tessera/tessera_[0-9]*.bb | head -n1)
if bb env-early.log -e -b "$recipe"; then
  result early-env PASS "$(basename "$recipe")"
else
  tail -n 20 "$work/env-early.log"; result early-env FAIL; finish
fi

# A target libcrypto for the provider (the image's openssl stands in as Debian 12's arm64
# OpenSSL 3.0, unpacked in a scratch folder, never installed: scripts/arm64-openssl.sh), and
# its openssl CLI under qemu-aarch64 for run-ptest's provider checks.
begin "arm64 OpenSSL"
ssl_dir=$work/arm64-openssl
if TESSERA_ARM64_OPENSSL_DIR=$ssl_dir scripts/arm64-openssl.sh >"$work/arm64-openssl.log" 2>&1; then
  ssl_args=$(TESSERA_ARM64_OPENSSL_DIR=$ssl_dir scripts/arm64-openssl.sh --cmake-args)
  ssl_cli=$(TESSERA_ARM64_OPENSSL_DIR=$ssl_dir scripts/arm64-openssl.sh --openssl)
  result arm64-ssl PASS "$(ls "$ssl_dir"/debs | tr '\n' ' ')"
else
  cat "$work/arm64-openssl.log"
  ssl_args="" ssl_cli=""
  result arm64-ssl FAIL "no arm64 libcrypto: the provider is not cross-built"
fi

# The recipe's build steps, without bitbake, beside the remaining bitbake stages.
cross_dir=$work/cross
begin "cross build (background)"
# bitbake's values (one recipe parsed with -b; the same as `bitbake -e tessera` gives later).
getv() { grep -E "^(export )?$1=" "$work/env-early.log" | head -n1 | cut -d'"' -f2; }
extra=$(getv EXTRA_OECMAKE)
ptest_path=$(getv PTEST_PATH)
# Stand-in: the recipe's GoogleTest directory imports the sysroot's; there is no aarch64
# GoogleTest here, so the host's sources are built for the target as the aarch64 preset does.
extra=$(echo "$extra" | sed -E 's#-DTESSERA_GTEST_SOURCE_DIR=[^ ]+#-DTESSERA_GTEST_SOURCE_DIR=/usr/src/googletest#')
ptest_tests="mlkem-kat-tests hkdf-kat-tests"
(
  set -e
  rm -rf "$cross_dir"
  # shellcheck disable=SC2086 # EXTRA_OECMAKE is a word list
  nice -n 19 cmake -S "$src" -B "$cross_dir/build" -G Ninja \
    -DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchains/aarch64-linux-gnu.cmake" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$(getv prefix)" -DCMAKE_INSTALL_BINDIR="$(getv bindir | sed "s#^$(getv prefix)/##")" \
    -DCMAKE_INSTALL_LIBDIR="$(getv libdir | sed "s#^$(getv prefix)/##")" \
    -DCMAKE_INSTALL_INCLUDEDIR="$(getv includedir | sed "s#^$(getv prefix)/##")" \
    -DCMAKE_INSTALL_SYSCONFDIR="$(getv sysconfdir)" $extra $ssl_args
  targets=(tessera tessera_shared tessera-bench $ptest_tests)
  # The provider is configured only if an aarch64 libcrypto exists (provider/CMakeLists.txt).
  grep -q '^build provider/tessera.so' "$cross_dir/build/build.ninja" && targets+=(tessera_provider)
  nice -n 19 cmake --build "$cross_dir/build" -j 2 --target "${targets[@]}"
  # cmake --install installs everything configured; the test binaries not built are not
  # installed by it (tests have no install rules), so only the built targets are needed.
  DESTDIR="$cross_dir/image" cmake --install "$cross_dir/build"
  # The recipe's do_install:append and do_install_ptest.
  install -d "$cross_dir/image$(getv sysconfdir)/ssl/openssl.cnf.d"
  install -m 0644 meta-tessera/recipes-crypto/tessera/files/tessera.cnf "$cross_dir/image$(getv sysconfdir)/ssl/openssl.cnf.d/"
  TESSERA_VECTORS_SRC="$vectors" \
  TESSERA_PTEST_VECTOR_DIRS="acvp/ML-KEM-keyGen-FIPS203 acvp/ML-KEM-encapDecap-FIPS203 acvp/ML-KEM-encapDecap-FIPS203-tr1 acvp/KDA-HKDF-boringssl-sample" \
    sh meta-tessera/recipes-crypto/tessera/files/tessera-install-ptest.sh "$cross_dir/build" "$cross_dir/image$ptest_path" $ptest_tests
  install -m 0755 meta-tessera/recipes-crypto/tessera/files/run-ptest "$cross_dir/image$ptest_path/run-ptest"
) >"$work/cross.log" 2>&1 &
cross_pid=$!
cross_start=$SECONDS
result cross-start PASS "pid $cross_pid, log $work/cross.log"

begin parse
if bb parse.log -p && [ -z "$(layer_msgs "$work/parse.log")" ]; then
  result parse PASS "$(grep -cE '^WARNING:' "$work/parse.log" || true) warning(s), none from the layer"
else
  layer_msgs "$work/parse.log"; tail -n 20 "$work/parse.log"; result parse FAIL; finish
fi

begin env
env_ok=1
bb env.log -e tessera || env_ok=0
check_env() {  # check_env VAR WORD...: each WORD appears in VAR's expanded value
  local var=$1 val; shift
  val=$(grep -E "^$var=" "$work/env.log" | head -n1 | cut -d= -f2- | tr -d '"')
  for w in "$@"; do
    case " $val " in *" $w "*) ;; *) echo "  $var lacks '$w': $val"; env_ok=0 ;; esac
  done
}
if [ "$env_ok" = 1 ]; then
  check_env EXTRA_OECMAKE -DTESSERA_WERROR=OFF -DTESSERA_BUILD_BENCH=ON -DTESSERA_BUILD_PROVIDER=ON \
    -DTESSERA_INSTALL_SYSTEM_PROVIDER=OFF -DTESSERA_PEER_OPENSSL= -DTESSERA_PEER_LIBOQS=OFF \
    -DTESSERA_BUILD_TESTS=ON -DCMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE=PRE_TEST
  check_env PACKAGES libtessera tessera-bench tessera-provider tessera-provider-config tessera-ptest \
    tessera-dev tessera-staticdev tessera
  check_env FILES:tessera-provider /usr/lib/ossl-modules/tessera.so
  check_env FILES:libtessera '/usr/lib/libtessera.so.*'
  check_env DEPENDS nlohmann-json openssl googletest
  grep -E '^(EXTRA_OECMAKE|PACKAGES|FILES:(libtessera|tessera-[a-z-]+))=' "$work/env.log" | sed 's/^/  /'
fi
[ "$env_ok" = 1 ] && result env PASS "EXTRA_OECMAKE, PACKAGES, FILES as intended" || { tail -n 20 "$work/env.log"; result env FAIL; }
# The image OpenSSL's modules directory: where its own legacy.so goes.
bb env-openssl.log -e openssl || true
modulesdir=$(grep -E '^FILES:openssl-ossl-module-legacy=' "$work/env-openssl.log" | cut -d'"' -f2 | xargs dirname 2>/dev/null || true)

begin graph
if as_bb "cd '$work/build' && . ../poky/oe-init-build-env . >/dev/null && bitbake -g tessera" >"$work/graph.log" 2>&1 &&
   missing=$(for r in openssl nlohmann-json googletest python3-native cmake-native ptest-runner; do
               grep -qx "$r" "$work/build/pn-buildlist" || echo "$r"; done) && [ -z "$missing" ]; then
  result graph PASS "$(wc -l < "$work/build/pn-buildlist") recipes in tessera's graph"
else
  grep -E '^ERROR' "$work/graph.log" | head -n 20 || true; result graph FAIL "${missing:+not in the graph: $missing}"
fi
if [ "$dry_run" = 1 ]; then
  begin dry-run
  if bb dry-run.log -n tessera; then
    result dry-run PASS "$(grep -oE 'Tasks Summary: Attempted [0-9]+ tasks' "$work/dry-run.log" | tail -n1 || true)"
  else
    grep -E '^ERROR' "$work/dry-run.log" | head -n 20 || true; result dry-run FAIL
  fi
fi

begin unpack
s_dir=$(getv S)
if bb unpack.log tessera -c unpack && [ -f "$s_dir/CMakeLists.txt" ] &&
   [ "$(git -c safe.directory="$s_dir" -C "$s_dir" rev-parse HEAD 2>/dev/null)" = "$head" ]; then
  result unpack PASS "HEAD ${head:0:10} in ${s_dir#$work/}"
else
  grep -E '^ERROR' "$work/unpack.log" | head -n 20 || true; result unpack FAIL
fi

begin lic
lic=$(getv LICENSE)
licfiles=$(git ls-files | grep -iE '^(LICEN[CS]E|COPYING)(\.[a-z]+)?$' || true)
if ! bb lic.log tessera -c populate_lic; then
  grep -E '^ERROR' "$work/lic.log" | head -n 20 || true; result lic FAIL
elif [ "$lic" = CLOSED ] && [ -n "$licfiles" ]; then
  result lic FAIL "the repository now has $licfiles but the recipe says LICENSE = CLOSED: set LICENSE and LIC_FILES_CHKSUM"
else
  result lic PASS "LICENSE=$lic$([ "$lic" = CLOSED ] && echo ' (no licence file in the repository: nothing to checksum)')"
fi

begin cross
if wait "$cross_pid"; then
  stage_start=$cross_start
  if [ -f "$cross_dir/build/provider/tessera.so" ]; then
    result cross PASS "$ptest_tests, library, bench, provider"
  else
    result cross FAIL "$ptest_tests, library, bench; the provider was not built (see arm64-ssl)"
  fi
else
  tail -n 40 "$work/cross.log"; stage_start=$cross_start; result cross FAIL; finish
fi

begin split
if python3 scripts/yocto/split_check.py "$work/env.log" "$cross_dir/image" --modulesdir "${modulesdir:-/usr/lib/ossl-modules}" --require-provider; then
  result split PASS "modules dir ${modulesdir:-?} (bitbake -e openssl)"
else
  result split FAIL
fi

begin ptest
# The provider checks load tessera.so from the image's modules directory into the arm64
# openssl (Debian's, whose own MODULESDIR is elsewhere: hence TESSERA_PTEST_MODULES).
if TESSERA_PTEST_EMULATOR="qemu-aarch64 -L /usr/aarch64-linux-gnu" QEMU_CPU=cortex-a53 \
   TESSERA_PTEST_OPENSSL="${ssl_cli:-false}" TESSERA_PTEST_MODULES="$cross_dir/image${modulesdir:-/usr/lib/ossl-modules}" \
   "$cross_dir/image$ptest_path/run-ptest" >"$work/ptest.log" 2>&1; then
  ok=1
else
  ok=0
fi
npass=$(grep -c '^PASS: ' "$work/ptest.log" || true)
nfail=$(grep -c '^FAIL: ' "$work/ptest.log" || true)
nskip=$(grep -c '^SKIP: ' "$work/ptest.log" || true)
grep -E '^(FAIL|SKIP): ' "$work/ptest.log" | head -n 20 || true
nprov=$(grep -c '^PASS: provider\.' "$work/ptest.log" || true)
if [ "$ok" = 1 ] && [ "$nfail" = 0 ] && [ "$npass" -gt 0 ] && [ "$nprov" = 4 ]; then
  result ptest PASS "$npass PASS ($nprov of the provider through arm64 openssl), $nskip SKIP, 0 FAIL (qemu-aarch64 cortex-a53)"
else
  tail -n 20 "$work/ptest.log"; result ptest FAIL "$npass PASS, $nfail FAIL, $nprov of 4 provider checks passed"
fi
finish
