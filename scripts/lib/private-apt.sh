# apt-get with a configuration of its own in a scratch folder, for fetching Debian packages
# that are unpacked with `dpkg -x` and never installed (scripts/openssl35.sh: trixie's
# OpenSSL 3.5; scripts/arm64-openssl.sh: bookworm's arm64 libcrypto for cross builds).
# Its own sources file, package lists, cache and architecture: the system's sources, lists
# and dpkg architectures never see these suites or architectures, not even during the
# download. Needs root (apt's download sandbox). Sourced; defines functions only.
#
#   private_apt_fetch DIR ARCH SOURCES_TEXT DEBS_DIR PACKAGE...
#       writes DIR/apt/sources.list.d/private.sources (deb822 text), runs `apt-get update`
#       and `apt-get download PACKAGE...` into DEBS_DIR, then drops the lists and cache.
#   private_apt DIR ARCH ARGS...   apt-get ARGS... with that configuration

private_apt() {
  local dir="$1" arch="$2"
  shift 2
  local apt="$dir/apt"
  apt-get -o Dir::Etc::SourceList="$apt/sources.list" \
    -o Dir::Etc::SourceParts="$apt/sources.list.d" \
    -o Dir::Etc::Preferences="$apt/preferences" \
    -o Dir::Etc::PreferencesParts="$apt/preferences.d" \
    -o Dir::State::Lists="$apt/lists" \
    -o Dir::Cache="$apt/cache" \
    -o APT::Architecture="$arch" -o APT::Architectures="$arch" \
    -o Acquire::Languages=none -o DPkg::Lock::Timeout=120 \
    "$@"
}

private_apt_fetch() {
  local dir="$1" arch="$2" sources="$3" debs="$4"
  shift 4
  local apt="$dir/apt"
  mkdir -p "$apt/sources.list.d" "$apt/preferences.d" "$apt/lists/partial" "$apt/cache/archives/partial" "$debs"
  : >"$apt/sources.list"
  : >"$apt/preferences"
  printf '%s\n' "$sources" >"$apt/sources.list.d/private.sources"
  echo "private-apt: apt-get update ($arch; private lists in $apt/lists)"
  private_apt "$dir" "$arch" -q update >"$apt/update.log" 2>&1 || {
    cat "$apt/update.log" >&2
    echo "private-apt: apt-get update failed (no network to deb.debian.org?)" >&2
    return 1
  }
  echo "private-apt: apt-get download ($arch) $*"
  # apt's sandbox user _apt must be able to write the download folder.
  chmod 0777 "$debs"
  (cd "$debs" && private_apt "$dir" "$arch" -q download "$@") || return 1
  chmod 0755 "$debs"
  # The package lists served their purpose; only the .debs (and what is unpacked) stay.
  rm -rf "$apt/lists" "$apt/cache"
}
