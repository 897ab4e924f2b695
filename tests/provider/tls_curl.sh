#!/usr/bin/env bash
# curl (Debian's, linked to the system libssl) fetches a page over X25519MLKEM768 from a
# provider-backed `s_server -www` that offers only that group. curl loads the provider
# through OPENSSL_CONF (the openssl.cnf snippet of docs/provider.md); the server's -trace
# proves the group (NamedGroup 4588 in the ServerHello key_share).
. "$(dirname "$0")/tls_lib.sh"
need curl
make_cert
provider_conf "$WORK/openssl.cnf"
start_server "$WORK/server.log" "${PROV[@]}" -tls1_3 -groups X25519MLKEM768 -www -trace
OPENSSL_CONF="$WORK/openssl.cnf" timeout 20 curl -v -sS --insecure --tlsv1.3 --curves X25519MLKEM768 \
  "https://127.0.0.1:$PORT/" >"$WORK/page.html" 2>"$WORK/curl.log" || { cat "$WORK/curl.log"; fail "curl failed"; }
grep -q 'Ciphers supported in s_server binary' "$WORK/page.html" || { cat "$WORK/curl.log"; fail "curl got no page"; }
got=$(server_hello_group "$WORK/server.log")
[ "$got" = 4588 ] || fail "ServerHello key_share group '$got', expected 4588 (X25519MLKEM768)"
grep 'SSL connection using' "$WORK/curl.log" || true
# Negative control: the same curl without the provider cannot offer the group.
if OPENSSL_CONF=/dev/null timeout 20 curl -sS --insecure --tlsv1.3 --curves X25519MLKEM768 "https://127.0.0.1:$PORT/" \
  >"$WORK/page0.html" 2>"$WORK/curl0.log"; then
  fail "curl without the provider fetched the page over X25519MLKEM768"
fi
echo "ok: without the provider curl fails: $(head -1 "$WORK/curl0.log")"
echo "PASS: curl over X25519MLKEM768 (ServerHello NamedGroup $got)"
