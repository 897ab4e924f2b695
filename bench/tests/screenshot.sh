#!/bin/sh
# screenshot.sh REPORT.html OUT.png: renders the HTML report in headless Chromium and checks a
# non-trivial PNG came out. Exit 77 (CTest SKIP_RETURN_CODE) when Chromium is not installed.
html=$1
png=$2
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
  echo "SKIP: no chromium/chromium-browser/google-chrome on PATH"
  exit 77
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rm -f "$png"
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
  --screenshot="$png" --window-size=1400,2000 "file://$html" >/dev/null 2>&1
if [ ! -s "$png" ]; then
  echo "FAIL: $browser wrote no screenshot to $png"
  exit 1
fi
size=$(wc -c < "$png")
if [ "$size" -lt 20000 ]; then
  echo "FAIL: $png is only $size bytes (blank page?)"
  exit 1
fi
echo "rendered $html to $png ($size bytes)"
