#!/usr/bin/env bash
# A TLS 1.3 handshake `openssl s_client` -> `openssl s_server -www`, both with the Tessera
# provider loaded, restricted to one KEM group; the server's -trace must show the group's
# code point in the ServerHello key_share (RFC 8446, s4.2.8) and the client must read the
# page. Usage: tls_handshake.sh GROUP CODE_POINT_DECIMAL
. "$(dirname "$0")/tls_lib.sh"
group=$1
code=$2
make_cert
start_server "$WORK/server.log" "${PROV[@]}" -tls1_3 -groups "$group" -www -trace -naccept 1
client_get "$WORK/client.log" "${PROV[@]}" -tls1_3 -groups "$group" || { cat "$WORK/client.log"; fail "s_client failed"; }
grep -q 'Ciphers supported in s_server binary' "$WORK/client.log" || { cat "$WORK/client.log"; fail "no page over $group"; }
wait "$SERVER_PID" 2>/dev/null  # -naccept 1: the server ends after this connection
got=$(server_hello_group "$WORK/server.log")
[ "$got" = "$code" ] || { cat "$WORK/server.log"; fail "ServerHello key_share group is '$got', expected $code ($group)"; }
echo "PASS: $group handshake, ServerHello key_share NamedGroup $got"
