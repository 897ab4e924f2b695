#!/usr/bin/env bash
# A provider-backed s_server keeps serving after clients it must refuse: malformed key
# shares (each must end that handshake with a fatal alert, RFC 8446 s4.2.8: illegal_parameter
# 47 or decode_error 50), and a client whose only group the server does not offer
# (handshake_failure). After each, a good client still gets the page.
. "$(dirname "$0")/tls_lib.sh"
need python3
make_cert
start_server "$WORK/server.log" "${PROV[@]}" -tls1_3 -groups MLKEM768:X25519MLKEM768:SecP256r1MLKEM768 -www
for case in x25519mlkem768-short mlkem768-modulus p256mlkem768-offcurve empty; do
  alert=$(timeout 15 python3 "$(dirname "$0")/tls_bad_share.py" "$PORT" "$case") || fail "$case: no alert from the server"
  case $alert in 47 | 50) ;; *) fail "$case: alert $alert, expected illegal_parameter (47) or decode_error (50)" ;; esac
  server_alive || { cat "$WORK/server.log"; fail "server died after $case"; }
  client_get "$WORK/good.log" "${PROV[@]}" -tls1_3 -groups X25519MLKEM768 || { cat "$WORK/good.log"; fail "good client failed after $case"; }
  grep -q 'Ciphers supported' "$WORK/good.log" || fail "no page after $case"
  echo "ok: $case -> alert $alert, server still serving"
done
# A group the server lacks: the handshake fails, cleanly, on both sides.
if client_get "$WORK/mismatch.log" "${PROV[@]}" -tls1_3 -groups MLKEM1024; then
  grep -q 'Ciphers supported' "$WORK/mismatch.log" && fail "MLKEM1024 client was served by a server without MLKEM1024"
fi
grep -qi 'alert\|handshake failure' "$WORK/mismatch.log" || { cat "$WORK/mismatch.log"; fail "no alert for the group mismatch"; }
server_alive || fail "server died after the group mismatch"
client_get "$WORK/good.log" "${PROV[@]}" -tls1_3 -groups X25519MLKEM768 && grep -q 'Ciphers supported' "$WORK/good.log" ||
  fail "good client failed after the group mismatch"
grep -q 'bad ecpoint\|BAD_ECPOINT\|invalid key\|Provider routines' "$WORK/server.log" ||
  echo "note: server log names no reason" >&2
echo "PASS: malformed shares and a group mismatch refused with alerts; server kept serving"
