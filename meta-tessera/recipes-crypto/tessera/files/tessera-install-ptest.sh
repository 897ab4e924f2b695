#!/bin/sh
# Installs tessera-ptest's payload: tessera-install-ptest.sh BUILD_DIR DEST TEST...
# Copies each GoogleTest binary BUILD_DIR/tests/TEST to DEST/tests/ (fails if one is
# missing: a name in TESSERA_PTEST_TESTS that the build did not make), and, when
# TESSERA_VECTORS_SRC names a copy of Tessera's vectors folder, that folder to
# DEST/vectors (or only its subfolders listed in TESSERA_PTEST_VECTOR_DIRS, e.g.
# "acvp/ML-KEM-keyGen-FIPS203 xwing"). run-ptest itself is installed by ptest.bbclass.
# Used by the recipe's do_install_ptest and by Tessera's scripts/ci-yocto.sh.
set -eu
build=$1
dest=$2
shift 2
mkdir -p "$dest/tests"
for t in "$@"; do
    if [ ! -f "$build/tests/$t" ]; then
        echo "tessera-install-ptest: $build/tests/$t was not built" >&2
        exit 1
    fi
    install -m 0755 "$build/tests/$t" "$dest/tests/$t"
done
src=${TESSERA_VECTORS_SRC:-}
if [ -n "$src" ]; then
    if [ -n "${TESSERA_PTEST_VECTOR_DIRS:-}" ]; then
        for d in $TESSERA_PTEST_VECTOR_DIRS; do
            mkdir -p "$dest/vectors/$(dirname "$d")"
            cp -R "$src/$d" "$dest/vectors/$d"
        done
    else
        mkdir -p "$dest/vectors"
        cp -R "$src/." "$dest/vectors/"
    fi
fi
