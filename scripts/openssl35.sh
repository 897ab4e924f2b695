#!/usr/bin/env bash
# OpenSSL 3.5 beside the system's 3.0, without installing anything: Debian 13 (trixie)'s
# openssl, libssl3t64 and the libraries they need (libc6 for glibc >= 2.38, libzstd1,
# zlib1g) are fetched with `apt-get download` and unpacked with `dpkg -x` into a scratch
# folder, default build/openssl-3.5 in the repo, or $TESSERA_OPENSSL35_DIR.
#
#   scripts/openssl35.sh               fetch and unpack (once; later runs only check), print usage
#   scripts/openssl35.sh --print-dir   print the folder if it is ready, else exit 1 (prints nothing,
#                                      fetches nothing): for tests that SKIP without 3.5
#   scripts/openssl35.sh --check       exit 0 if ready (and print `openssl version`), else 1
#   <dir>/run PROGRAM [ARGS...]        run a program with 3.5's libcrypto/libssl (see below)
#
# Trixie's libraries need glibc 2.38 (bookworm has 2.36), so a program run with them must
# start through trixie's own dynamic loader with its library path:
#   L=<dir>/usr/lib/x86_64-linux-gnu   (trixie is merged-/usr: loader and libraries are all there)
#   OPENSSL_MODULES=$L/ossl-modules OPENSSL_CONF=<dir>/etc/ssl/openssl.cnf \
#     $L/ld-linux-x86-64.so.2 --library-path $L PROGRAM [ARGS...]
# <dir>/run does exactly that. The two variables keep the system's OpenSSL 3.0 providers and
# configuration out (the compiled-in paths are the system's /usr/lib/ssl and ossl-modules).
# A program built against Debian 12's libcrypto.so.3 (OpenSSL 3.0 headers), like
# tessera-bench, runs unchanged under it: same soname, and 3.5 keeps 3.0's ABI.
#
# How the system is kept clean: apt runs with its own configuration in <dir>/apt (its own
# sources file naming only deb.debian.org trixie main, its own package lists and cache, the
# system's preferences ignored), so the system's sources and package lists never see trixie,
# not even for the few seconds of the download, and nothing is installed (dpkg -x only
# unpacks files into the folder). Root is needed for the apt part only (apt's download
# sandbox); --print-dir, --check and the run wrapper need no privileges.
#
# Sourcing this file (`. scripts/openssl35.sh --lib`) defines openssl35_dir, openssl35_ready
# and openssl35_run without running anything (and without changing the caller's shell options).

openssl35_dir() {
  if [[ -n "${TESSERA_OPENSSL35_DIR:-}" ]]; then
    printf '%s\n' "$TESSERA_OPENSSL35_DIR"
  else
    local here
    here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
    printf '%s\n' "$here/build/openssl-3.5"
  fi
}

# Written last, after the wrapper; its name changes when the folder's layout does, so an
# older folder is unpacked and wrapped again (the .debs are kept: no second download).
_OPENSSL35_STAMP=.tessera-openssl35-ready-v2

# Ready: unpacked, checked and the wrapper written.
openssl35_ready() {
  local dir
  dir="$(openssl35_dir)"
  [[ -e "$dir/$_OPENSSL35_STAMP" && -x "$dir/run" && -x "$dir/usr/bin/openssl" ]]
}

openssl35_run() {
  "$(openssl35_dir)/run" "$@"
}

# Packages: the binary, libssl/libcrypto, and what their ELF files need that bookworm's are
# too old for (checked by _openssl35_check_needed after unpacking).
_OPENSSL35_PACKAGES=(openssl libssl3t64 libc6 libzstd1 zlib1g)
_OPENSSL35_SUITE=trixie

# The private apt configuration (scripts/lib/private-apt.sh): trixie only, amd64.
. "$(dirname "${BASH_SOURCE[0]}")/lib/private-apt.sh"

_openssl35_fetch() {
  local dir="$1"
  private_apt_fetch "$dir" amd64 "Types: deb
URIs: http://deb.debian.org/debian
Suites: $_OPENSSL35_SUITE
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" "$dir/debs" "${_OPENSSL35_PACKAGES[@]}"
}

_openssl35_unpack() {
  local dir="$1" deb
  for deb in "$dir"/debs/*.deb; do
    echo "openssl35: dpkg -x $(basename "$deb")"
    dpkg -x "$deb" "$dir"
  done
}

# Every NEEDED library of the openssl binary, libssl and libcrypto must be in the folder:
# run through trixie's loader, a library found only on the system would mix glibc versions.
_openssl35_check_needed() {
  local dir="$1" f lib missing=0
  local libdirs=("$dir/usr/lib/x86_64-linux-gnu" "$dir/lib/x86_64-linux-gnu")
  for f in "$dir/usr/bin/openssl" "$dir"/usr/lib/x86_64-linux-gnu/libssl.so.3 "$dir"/usr/lib/x86_64-linux-gnu/libcrypto.so.3; do
    for lib in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
      if [[ ! -e "${libdirs[0]}/$lib" && ! -e "${libdirs[1]}/$lib" ]]; then
        echo "openssl35: $(basename "$f") needs $lib, which is not in $dir" >&2
        missing=1
      fi
    done
  done
  return "$missing"
}

_openssl35_write_wrapper() {
  local dir="$1"
  # Trixie's libssl3t64 has no provider modules (the legacy provider is a package of its
  # own; default and base are built into libcrypto). An empty folder of its own keeps 3.5
  # from loading the system 3.0's modules from the compiled-in /usr/lib/.../ossl-modules.
  mkdir -p "$dir/usr/lib/x86_64-linux-gnu/ossl-modules"
  # Paths relative to the wrapper, so the folder can be moved or shared read-only. Trixie
  # is merged-/usr: the loader and every library are in usr/lib/x86_64-linux-gnu.
  cat >"$dir/run.tmp" <<'EOF'
#!/bin/sh
# Runs PROGRAM [ARGS...] with Debian trixie's OpenSSL 3.5 (written by scripts/openssl35.sh):
# through trixie's dynamic loader (its libraries need glibc 2.38) with this folder's
# libraries first (libc, libcrypto, libssl, libz, libzstd; anything else, e.g. libstdc++,
# comes from the system), 3.5's provider folder and its default openssl.cnf (the folder's
# usr/lib/ssl/openssl.cnf is a link to the system's /etc/ssl/openssl.cnf, so not that one).
# PROGRAM may be a name on PATH; "openssl" means 3.5's binary here.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -eq 0 ]; then
  echo "usage: $0 PROGRAM [ARGS...]   (e.g. $0 openssl version -a)" >&2
  exit 2
fi
prog="$1"
shift
case "$prog" in
  openssl) prog="$here/usr/bin/openssl" ;;
  */*) ;;
  *) prog="$(command -v "$prog")" || { echo "$0: $prog: not found" >&2; exit 127; } ;;
esac
lib="$here/usr/lib/x86_64-linux-gnu"
export OPENSSL_MODULES="$lib/ossl-modules"
export OPENSSL_CONF="$here/etc/ssl/openssl.cnf"
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$prog" "$@"
EOF
  chmod 0755 "$dir/run.tmp"
  mv "$dir/run.tmp" "$dir/run"
}

_openssl35_usage() {
  local dir="$1"
  cat <<EOF
OpenSSL 3.5 is in $dir ($("$dir/run" openssl version)).
Run a program with it (trixie's loader, 3.5's libcrypto/libssl, providers and openssl.cnf):
  $dir/run openssl version -a
  $dir/run openssl s_client -connect 127.0.0.1:4433 -groups X25519MLKEM768
  $dir/run build/release/bench/tessera-bench --peers --algorithm X25519MLKEM768
or: scripts/bench.sh --openssl35 [tessera-bench options]
In scripts/tests: dir=\$(scripts/openssl35.sh --print-dir) || skip "OpenSSL 3.5 not fetched"
EOF
}

openssl35_main() {
  local dir
  dir="$(openssl35_dir)"
  case "${1:-}" in
    --print-dir)
      openssl35_ready && printf '%s\n' "$dir"
      return
      ;;
    --check)
      openssl35_ready && "$dir/run" openssl version
      return
      ;;
    -h | --help)
      sed -n '2,/^# and openssl35_run/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      return 0
      ;;
    "") ;;
    *)
      echo "openssl35: unknown option $1 (see --help)" >&2
      return 2
      ;;
  esac
  if openssl35_ready; then
    _openssl35_usage "$dir"
    return 0
  fi
  mkdir -p "$dir"
  if ! compgen -G "$dir/debs/openssl_*.deb" >/dev/null; then
    if [[ "$(id -u)" -ne 0 ]]; then
      echo "openssl35: fetching the trixie packages needs root (apt-get download); run it as root:" >&2
      echo "  sudo $0    (or fetch once as root into a shared TESSERA_OPENSSL35_DIR)" >&2
      return 1
    fi
    _openssl35_fetch "$dir"
  fi
  _openssl35_unpack "$dir"
  _openssl35_check_needed "$dir"
  _openssl35_write_wrapper "$dir"
  "$dir/run" openssl version >/dev/null || {
    echo "openssl35: $dir/run openssl version failed" >&2
    return 1
  }
  : >"$dir/$_OPENSSL35_STAMP"
  _openssl35_usage "$dir"
}

if [[ "${1:-}" == "--lib" ]]; then
  return 0 2>/dev/null || exit 0
fi
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  openssl35_main "$@"
fi
