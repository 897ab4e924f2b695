#!/usr/bin/env bash
# Headless Chromium (Debian's) loads https://127.0.0.1:PORT/ from a provider-backed
# `s_server -www -groups X25519MLKEM768` (that group only); the server's -trace must show
# NamedGroup 4588 (0x11EC) in the ServerHello key_share and the page must be the s_server
# status page. Chromium offers X25519MLKEM768 by default since M131 (no --enable-features
# needed). --dump-dom prints the page; Chromium exits 0 even when the load failed, so the
# page is what is checked. Negative control: a server without the provider, restricted to a
# group Chromium does not offer (secp521r1), must give no page.
. "$(dirname "$0")/tls_lib.sh"
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || skip "chromium is not installed (scripts/deps.sh installs it)"
make_cert

load() {  # load OUT: the DOM of https://127.0.0.1:$PORT/ (at most 60 s)
  rm -rf "$WORK/profile"
  timeout 60 "$CHROMIUM" --headless=new --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --ignore-certificate-errors --host-resolver-rules="MAP * ~NOTFOUND , EXCLUDE 127.0.0.1" \
    --user-data-dir="$WORK/profile" --dump-dom "https://127.0.0.1:$PORT/" >"$1" 2>"$1.log" </dev/null
  echo "chromium exit $?" >>"$1.log"
}

start_server "$WORK/server.log" "${PROV[@]}" -tls1_3 -groups X25519MLKEM768 -www -trace
load "$WORK/pq.html"
grep -q 'Ciphers supported in s_server binary' "$WORK/pq.html" || { tail -20 "$WORK/pq.html.log"; fail "Chromium got no page over X25519MLKEM768"; }
got=$(server_hello_group "$WORK/server.log")
[ "$got" = 4588 ] || fail "ServerHello key_share group '$got', expected 4588 (X25519MLKEM768)"
echo "ok: Chromium loaded the page; ServerHello NamedGroup $got (0x11EC)"
kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null

start_server "$WORK/server0.log" -tls1_3 -groups secp521r1 -www
load "$WORK/none.html"
grep -q 'Ciphers supported in s_server binary' "$WORK/none.html" && fail "Chromium loaded a page from a secp521r1-only server"
grep -q 'handshake failure\|no suitable key share\|no shared' "$WORK/server0.log" || echo "note: server log: $(tail -2 "$WORK/server0.log")"
echo "ok: negative control: no page from a server whose only group Chromium lacks"
echo "PASS: Chromium over X25519MLKEM768 through the provider"
