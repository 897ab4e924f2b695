#!/usr/bin/env bash
# Installs what Tessera needs on Debian 12 that a fresh machine may lack.
# As root: apt-get installs the missing packages. Otherwise: prints the exact command.
# Embedded (docs/embedded.md): g++-12-multilib for the portable32 preset, not g++-multilib
# (Debian's gcc-multilib conflicts with every cross compiler, g++-aarch64-linux-gnu
# included; cmake/toolchains/i686-linux-gnu-m32.cmake supplies its one symlink), googletest
# (sources: GoogleTest is built for -m32), arm-none-eabi gcc with newlib's libstdc++ and
# qemu-system-arm (mps2-an500) for the cortex-m7 / cortex-m4 presets; lld for cortex-m7-clang
# (clang 14 with that newlib and libstdc++).
set -euo pipefail

packages=(cmake ninja-build g++ clang libclang-rt-14-dev libgtest-dev libgmock-dev
          nlohmann-json3-dev pkg-config libssl-dev valgrind python3
          openssl curl nginx chromium
          g++-12-multilib googletest gcc-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm  # docs/embedded.md
          lld  # ld.lld for the cortex-m7-clang preset (docs/embedded.md)
          g++-aarch64-linux-gnu qemu-user)  # the aarch64 preset (docs/aarch64.md)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

cmd="apt-get update && apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  echo "tessera: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "tessera: missing packages. Run as root:" >&2
  echo "  sudo sh -c '$cmd'" >&2
  exit 1
fi
