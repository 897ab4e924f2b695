#!/usr/bin/env bash
# TLS 1.3 between OpenSSL 3.5's own ML-KEM groups and tessera.so in Debian's OpenSSL 3.0,
# both directions, and tessera beside 3.5's default provider (docs/provider.md,
# "Coexistence with OpenSSL 3.5+"). Usage: tls_openssl35.sh OPENSSL35_SH
#   1. 3.5's s_client (default provider only) -> 3.0's s_server with tessera;
#   2. 3.0's s_client with tessera -> 3.5's s_server (default provider only);
#   for X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024, MLKEM512/768/1024 (3.5
#   offers all six as TLS groups). Each handshake is proven by the ServerHello key_share
#   code point in the server's -trace, and by the client's -trace showing it too.
#   3. 3.5 with tessera and default loaded: `list -kem-algorithms` shows both
#   implementations; handshakes with `-propquery ?provider=tessera` on one side.
# Exit 77 (CTest: skipped) if scripts/openssl35.sh --print-dir finds no unpacked 3.5.
. "$(dirname "$0")/tls_lib.sh"
O35=$(bash "${1:?usage: tls_openssl35.sh scripts/openssl35.sh}" --print-dir 2>/dev/null) || O35=""
[ -n "$O35" ] && [ -x "$O35/run" ] || skip "OpenSSL 3.5 is not unpacked (run scripts/openssl35.sh)"
SYS_OPENSSL=$OPENSSL
# start_server and client_get call "$OPENSSL": a one-word wrapper runs 3.5's binary.
printf '#!/bin/sh\nexec "%s/run" openssl "$@"\n' "$O35" >"$WORK/openssl35"
chmod +x "$WORK/openssl35"
O35_OPENSSL=$WORK/openssl35
"$O35_OPENSSL" version | grep -q '^OpenSSL 3\.[5-9]' || fail "not OpenSSL 3.5+: $("$O35_OPENSSL" version)"
make_cert
set -f  # "?provider=tessera" below goes through word splitting: no globbing

# handshake NAME CODE SERVER_CLI CLIENT_CLI "SERVER_ARGS" "CLIENT_ARGS"
handshake() {
  local group=$1 code=$2 scli=$3 ccli=$4 sargs=$5 cargs=$6 tag=$7
  local slog="$WORK/server.$tag.$group.log" clog="$WORK/client.$tag.$group.log"
  # shellcheck disable=SC2086
  OPENSSL=$scli start_server "$slog" $sargs -tls1_3 -groups "$group" -www -trace -naccept 1
  # shellcheck disable=SC2086
  printf 'GET / HTTP/1.0\r\n\r\n' | timeout 15 "$ccli" s_client -connect "127.0.0.1:$PORT" -ign_eof \
    $cargs -tls1_3 -groups "$group" -trace >"$clog" 2>&1 || { cat "$clog"; fail "$tag: s_client failed over $group"; }
  grep -q 'Ciphers supported in s_server binary' "$clog" || { cat "$clog" "$slog"; fail "$tag: no page over $group"; }
  wait "$SERVER_PID" 2>/dev/null
  local got cgot
  got=$(server_hello_group "$slog")
  [ "$got" = "$code" ] || { cat "$slog"; fail "$tag: server's ServerHello key_share group is '$got', expected $code ($group)"; }
  cgot=$(server_hello_group "$clog")
  [ "$cgot" = "$code" ] || { cat "$clog"; fail "$tag: client's trace of the ServerHello shows '$cgot', expected $code"; }
  echo "ok: $tag $group: ServerHello key_share NamedGroup $got in both traces ($(grep -o 'NamedGroup: [^ ]* ([0-9]*)' "$clog" | tail -1))"
}

groups=("X25519MLKEM768 4588" "SecP256r1MLKEM768 4587" "SecP384r1MLKEM1024 4589"
        "MLKEM512 512" "MLKEM768 513" "MLKEM1024 514")
offered=$("$O35_OPENSSL" list -tls1_3 -tls-groups 2>&1)
for entry in "${groups[@]}"; do
  set -- $entry
  grep -q "\b$1\b" <<<"$offered" || { echo "note: OpenSSL 3.5 does not offer $1 as a TLS group: not tested"; continue; }
  handshake "$1" "$2" "$SYS_OPENSSL" "$O35_OPENSSL" "${PROV[*]}" "" "3.5-client->3.0-tessera-server"
  handshake "$1" "$2" "$O35_OPENSSL" "$SYS_OPENSSL" "" "${PROV[*]}" "3.0-tessera-client->3.5-server"
done

# Coexistence: both providers in 3.5, each KEM listed twice.
"$O35_OPENSSL" list -kem-algorithms "${PROV[@]}" >"$WORK/kems35.txt" 2>&1 || { cat "$WORK/kems35.txt"; fail "3.5 list -kem-algorithms"; }
for alg in ML-KEM-768 X25519MLKEM768 SecP256r1MLKEM768 SecP384r1MLKEM1024; do
  grep -E -q "(^|[{ ,])$alg([ ,}]|$).*@ tessera" "$WORK/kems35.txt" || { cat "$WORK/kems35.txt"; fail "3.5: $alg @ tessera not listed"; }
  grep -E -q "(^|[{ ,])$alg([ ,}]|$).*@ default" "$WORK/kems35.txt" || { cat "$WORK/kems35.txt"; fail "3.5: $alg @ default not listed"; }
done
echo "ok: 3.5 lists ML-KEM-768 and the hybrids from both tessera and default"
# With the property query, 3.5's libssl takes the group from tessera; the peer is 3.5
# with its own ML-KEM only (and 3.0 with tessera, for a third implementation pairing).
Q=(-propquery "?provider=tessera")
handshake X25519MLKEM768 4588 "$O35_OPENSSL" "$O35_OPENSSL" "${PROV[*]} ${Q[*]}" "" "3.5-client->3.5+tessera-server"
handshake SecP384r1MLKEM1024 4589 "$O35_OPENSSL" "$O35_OPENSSL" "" "${PROV[*]} ${Q[*]}" "3.5+tessera-client->3.5-server"
handshake MLKEM768 513 "$O35_OPENSSL" "$SYS_OPENSSL" "${PROV[*]} ${Q[*]}" "${PROV[*]}" "3.0-tessera-client->3.5+tessera-server"
echo "PASS: OpenSSL 3.5 <-> tessera TLS 1.3 over every offered ML-KEM group; coexistence with 3.5's default provider"
