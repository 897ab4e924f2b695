#!/usr/bin/env bash
# `openssl list` shows the provider and its KEMs; its TLS groups are listed where the CLI
# can (`list -tls-groups`, OpenSSL 3.2+); on 3.0, which has no such listing, every group
# name must be accepted by `s_client -groups` with the provider and refused without it.
. "$(dirname "$0")/tls_lib.sh"
groups=(MLKEM512 MLKEM768 MLKEM1024 SecP256r1MLKEM768 X25519MLKEM768 SecP384r1MLKEM1024)

"$OPENSSL" list -providers "${PROV[@]}" >"$WORK/providers.txt" 2>&1 || { cat "$WORK/providers.txt"; fail "list -providers"; }
grep -q 'Tessera post-quantum provider' "$WORK/providers.txt" || { cat "$WORK/providers.txt"; fail "provider not listed"; }
grep -A3 'tessera' "$WORK/providers.txt" | grep -q 'status: active' || fail "provider not active"

"$OPENSSL" list -kem-algorithms "${PROV[@]}" >"$WORK/kems.txt" 2>&1 || fail "list -kem-algorithms"
"$OPENSSL" list -key-managers "${PROV[@]}" >"$WORK/kmgmt.txt" 2>&1 || fail "list -key-managers"
for alg in ML-KEM-512 ML-KEM-768 ML-KEM-1024 MLKEM768 id-alg-ml-kem-768 2.16.840.1.101.3.4.4.2 X25519MLKEM768 \
           SecP256r1MLKEM768 SecP384r1MLKEM1024 X-Wing XWING; do
  grep -E -q "(^|[{ ,])$alg([ ,}]|$).*@ tessera" "$WORK/kems.txt" || { cat "$WORK/kems.txt"; fail "KEM $alg not listed"; }
  grep -q -- "$alg" "$WORK/kmgmt.txt" || fail "KEYMGMT $alg not listed"
done
echo "ok: providers, KEMs and key managers listed"

if "$OPENSSL" list -help 2>&1 | grep -q -- '-tls-groups'; then
  "$OPENSSL" list -tls1_3 -tls-groups "${PROV[@]}" >"$WORK/groups.txt" 2>&1 || fail "list -tls-groups"
  for g in "${groups[@]}"; do grep -q "$g" "$WORK/groups.txt" || fail "TLS group $g not listed"; done
  echo "ok: list -tls-groups shows ${groups[*]}"
else
  # 3.0: s_client sets the group list before it connects; port 1 refuses at once.
  all=$(IFS=:; echo "${groups[*]}")
  timeout 10 "$OPENSSL" s_client "${PROV[@]}" -groups "$all" -connect 127.0.0.1:1 </dev/null >"$WORK/g.txt" 2>&1
  grep -q 'SSL_CONF_cmd\|cannot be set' "$WORK/g.txt" && { cat "$WORK/g.txt"; fail "libssl refuses the groups"; }
  timeout 10 "$OPENSSL" s_client -groups X25519MLKEM768 -connect 127.0.0.1:1 </dev/null >"$WORK/g0.txt" 2>&1
  grep -q "cannot be set\|SSL_CONF_cmd(-groups" "$WORK/g0.txt" || { cat "$WORK/g0.txt"; fail "without the provider X25519MLKEM768 should be unknown"; }
  echo "ok: (OpenSSL $("$OPENSSL" version | cut -d' ' -f2) has no 'list -tls-groups') libssl accepts ${groups[*]} with the provider only"
fi
echo "PASS: listings"
