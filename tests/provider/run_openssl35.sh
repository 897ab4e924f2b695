#!/usr/bin/env bash
# run_openssl35.sh OPENSSL35_SH PROGRAM [ARGS...]: runs PROGRAM under OpenSSL 3.5's
# libraries (<dir>/run of scripts/openssl35.sh), or exits 77 (CTest: skipped) saying why
# when 3.5 is not unpacked (--print-dir fails; nothing is fetched here).
set -euo pipefail
dir=$(bash "$1" --print-dir 2>/dev/null) || dir=""
if [[ -z "$dir" || ! -x "$dir/run" ]]; then
  echo "SKIPPED: OpenSSL 3.5 is not unpacked (run scripts/openssl35.sh)"
  exit 77
fi
shift
exec "$dir/run" "$@"
