#!/usr/bin/env bash
# Debian 12's OpenSSL 3.0 for arm64 (libssl-dev, libssl3, openssl) in a scratch folder, for
# aarch64 cross builds that need a target libcrypto (the provider tessera.so) and for running
# the arm64 openssl CLI under qemu-aarch64. Fetched with `apt-get download` through a private
# apt configuration (scripts/lib/private-apt.sh) and unpacked with `dpkg -x`: nothing is
# installed, and the system gets no arm64 architecture (no `dpkg --add-architecture`).
# Default folder build/arm64-openssl in the repo, or $TESSERA_ARM64_OPENSSL_DIR.
#
#   scripts/arm64-openssl.sh              fetch and unpack (once; root for the fetch), then
#                                         print the CMake arguments and the qemu command line
#   scripts/arm64-openssl.sh --cmake-args print the CMake arguments (exit 1 if not ready)
#   scripts/arm64-openssl.sh --openssl    print the command that runs the arm64 openssl CLI
#                                         under qemu-aarch64 (exit 1 if not ready)
#
# The CMake arguments point FindOpenSSL at the folder: the include directory and the
# libraries themselves (FindOpenSSL does not search the multiarch lib/aarch64-linux-gnu of a
# root it is given, and a cross build folder configured before may have cached the host's
# /usr/include, which Debian's cross compilers also search: headers of the wrong arch). Debian splits the headers: configuration.h and opensslconf.h live in
# include/aarch64-linux-gnu/openssl, which a cross compiler does not search, so they are
# copied beside the others in include/openssl (this folder is ours).
# The versions are bookworm's (and bookworm-security's) current ones, which match the host's
# libssl-dev after an upgrade; the provider only needs the OpenSSL 3.0 ABI.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
dir="${TESSERA_ARM64_OPENSSL_DIR:-$here/build/arm64-openssl}"
root="$dir/root"
lib="$root/usr/lib/aarch64-linux-gnu"
stamp="$dir/.tessera-arm64-openssl-ready-v1"
packages=(libssl-dev libssl3 openssl)

cmake_args() {
  printf '%s\n' "-DOPENSSL_ROOT_DIR=$root/usr" "-DOPENSSL_INCLUDE_DIR=$root/usr/include" \
    "-DOPENSSL_CRYPTO_LIBRARY=$lib/libcrypto.so" "-DOPENSSL_SSL_LIBRARY=$lib/libssl.so"
}
openssl_cmd() {
  printf '%s\n' "qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH=$lib $root/usr/bin/openssl"
}

case "${1:-}" in
  --cmake-args) [[ -e "$stamp" ]] && cmake_args; exit ;;
  --openssl) [[ -e "$stamp" ]] && openssl_cmd; exit ;;
  "") ;;
  *) echo "usage: scripts/arm64-openssl.sh [--cmake-args|--openssl]" >&2; exit 2 ;;
esac

if [[ ! -e "$stamp" ]]; then
  if ! compgen -G "$dir/debs/libssl-dev_*_arm64.deb" >/dev/null; then
    if [[ "$(id -u)" -ne 0 ]]; then
      echo "arm64-openssl: fetching needs root (apt-get download); run it as root" >&2
      exit 1
    fi
    . "$here/scripts/lib/private-apt.sh"
    private_apt_fetch "$dir" arm64 "Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" "$dir/debs" "${packages[@]}"
  fi
  rm -rf "$root"
  for deb in "$dir"/debs/*.deb; do
    echo "arm64-openssl: dpkg -x $(basename "$deb")"
    dpkg -x "$deb" "$root"
  done
  cp "$root"/usr/include/aarch64-linux-gnu/openssl/*.h "$root/usr/include/openssl/"
  for f in "$lib/libcrypto.so" "$lib/libssl.so" "$root/usr/bin/openssl"; do
    [[ -e "$f" ]] || { echo "arm64-openssl: $f missing after unpacking" >&2; exit 1; }
  done
  : >"$stamp"
fi
echo "arm64 OpenSSL in $root ($(file -b "$lib/libcrypto.so.3" | cut -d, -f1-2))"
echo "CMake arguments for an aarch64 cross build:"
cmake_args | sed 's/^/  /'
echo "The arm64 openssl CLI under qemu-aarch64:"
openssl_cmd | sed 's/^/  /'
