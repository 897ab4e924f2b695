# Shared by the provider's command-line key tests (mldsa_cli.sh, mlkem_cli.sh), sourced with
# their arguments: MODULE_DIR WORK_DIR [OPENSSL35_SH interop]. Sets MODULE_DIR, P (the
# -provider options), O35 (an unpacked OpenSSL 3.5, or empty) and MODE; exits 77 (CTest:
# skipped) in interop mode when 3.5 is not unpacked (nothing is fetched here); makes and
# enters a fresh WORK_DIR.
MODULE_DIR=$(cd "$1" && pwd)
WORK=$2
O35=""
MODE=${4:-base}
if [[ -n "${3:-}" && -f "$3" ]]; then O35=$(bash "$3" --print-dir 2> /dev/null || true); fi
if [[ $MODE == interop && ! ( -n "$O35" && -x "$O35/run" ) ]]; then
  echo "SKIPPED: OpenSSL 3.5 is not unpacked (run scripts/openssl35.sh)"
  exit 77
fi
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"
P=(-provider-path "$MODULE_DIR" -provider tessera -provider default)
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }
# The hex of one labelled block of `openssl pkey -text` (e.g. "seed:", "priv:", "pub:").
field() { awk -v l="$2:" '$0==l{on=1;next} /^[a-z]+:$/{on=0} on' "$1" | tr -d ' :\n'; }
