#!/usr/bin/env bash
# ML-DSA through the openssl command line with tessera.so (OpenSSL 3.0 spellings):
#   mldsa_cli.sh MODULE_DIR WORK_DIR [OPENSSL35_SH interop]
# listing; genpkey/pkey round trips in PEM, DER and text; the three private key forms of
# RFC 9881 Section 6 (seed, expandedKey, both), a mismatched `both` rejected; pkeyutl
# sign/verify (and a tampered file failing); a self-signed ML-DSA-65 certificate from
# `openssl req -x509 -new -newkey`, checked by `openssl verify` and `openssl x509 -text`.
# With OPENSSL35_SH (scripts/openssl35.sh) and "interop": also OpenSSL 3.5's own ML-DSA
# reading what tessera wrote and the reverse; exit 77 (CTest: skipped) if its --print-dir
# finds no unpacked OpenSSL 3.5 (nothing is fetched here).
set -euo pipefail
. "$(dirname "$0")/cli_lib.sh"  # MODULE_DIR, WORK, O35, MODE, P, fail, step, field

step "list"
out=$(openssl list -signature-algorithms "${P[@]}")
for n in ML-DSA-44 ML-DSA-65 ML-DSA-87; do grep -q "$n.*@ tessera" <<<"$out" || fail "$n not listed"; done

for alg in ML-DSA-44 ML-DSA-65 ML-DSA-87; do
  step "$alg: genpkey, PEM/DER/text round trips"
  openssl genpkey -algorithm "$alg" "${P[@]}" -out "$alg.pem"
  grep -q "BEGIN PRIVATE KEY" "$alg.pem" || fail "$alg: not a PKCS#8 PEM"
  openssl pkey "${P[@]}" -in "$alg.pem" -outform DER -out "$alg.der"
  openssl pkey "${P[@]}" -inform DER -in "$alg.der" -out "$alg.2.pem"
  cmp -s "$alg.pem" "$alg.2.pem" || fail "$alg: PEM -> DER -> PEM changed the key"
  openssl pkey "${P[@]}" -in "$alg.pem" -pubout -out "$alg.pub.pem"
  openssl pkey "${P[@]}" -pubin -in "$alg.pub.pem" -outform DER -out "$alg.pub.der"
  openssl pkey "${P[@]}" -pubin -inform DER -in "$alg.pub.der" -out "$alg.pub.2.pem"
  cmp -s "$alg.pub.pem" "$alg.pub.2.pem" || fail "$alg: public PEM -> DER -> PEM changed the key"
  openssl pkey "${P[@]}" -in "$alg.pem" -text -noout > "$alg.txt"
  head -1 "$alg.txt" | grep -qx "$alg Private-Key:" || fail "$alg: text header"
  openssl pkey "${P[@]}" -pubin -in "$alg.pub.pem" -text -noout > "$alg.pub.txt"
  head -1 "$alg.pub.txt" | grep -qx "$alg Public-Key:" || fail "$alg: public text header"
  [[ "$(field "$alg.txt" pub)" == "$(field "$alg.pub.txt" pub)" ]] || fail "$alg: public keys differ in text"
  # SPKI: AlgorithmIdentifier with the OID alone, then the BIT STRING (RFC 9881 Section 4).
  openssl asn1parse -inform DER -in "$alg.pub.der" > "$alg.pub.asn1"
  grep -q "OBJECT *:2.16.840.1.101.3.4.3.1[789]" "$alg.pub.asn1" || fail "$alg: SPKI OID"
  ! grep -q "NULL" "$alg.pub.asn1" || fail "$alg: SPKI has parameters"
done

step "ML-DSA-65: the three private key forms (asn1parse -genconf builds them)"
openssl pkey "${P[@]}" -in ML-DSA-65.pem -text -noout > a.txt
seed=$(field a.txt seed)
priv=$(field a.txt priv)
[[ ${#seed} -eq 64 && ${#priv} -eq 8064 ]] || fail "seed/priv sizes from text: ${#seed} ${#priv}"
mkp8() {  # mkp8 OUT INNER_HEX: a PrivateKeyInfo for ML-DSA-65 around the CHOICE bytes
  cat > p8.cnf <<EOF
asn1=SEQUENCE:p8
[p8]
version=INTEGER:0
alg=SEQUENCE:alg
key=FORMAT:HEX,OCTETSTRING:$2
[alg]
oid=OID:2.16.840.1.101.3.4.3.18
EOF
  openssl asn1parse -genconf p8.cnf -out "$1" > /dev/null
}
mkp8 seed.der "8020$seed"                              # seed [0] IMPLICIT OCTET STRING
mkp8 expanded.der "04820fc0$priv"                      # expandedKey OCTET STRING
mkp8 both.der "30820fe60420${seed}04820fc0$priv"       # both SEQUENCE { seed, expandedKey }
cmp -s seed.der ML-DSA-65.der || fail "the default output is not the seed form"
for f in seed expanded both; do
  openssl pkey "${P[@]}" -inform DER -in $f.der -text -noout > $f.txt
  [[ "$(field $f.txt pub)" == "$(field a.txt pub)" ]] || fail "$f form: wrong public key"
  [[ "$(field $f.txt priv)" == "$priv" ]] || fail "$f form: wrong private key"
done
# A key read in any form with its seed is written as the seed; an expanded-only key as it came.
openssl pkey "${P[@]}" -inform DER -in both.der -outform DER -out both.out.der
cmp -s both.out.der seed.der || fail "both form not re-encoded as the seed"
openssl pkey "${P[@]}" -inform DER -in expanded.der -outform DER -out expanded.out.der
cmp -s expanded.out.der expanded.der || fail "expanded form re-encoded differently"
grep -q "^seed:" expanded.txt && fail "expanded-only key shows a seed"

step "ML-DSA-65: bad private keys are rejected"
openssl pkey "${P[@]}" -in ML-DSA-44.pem -text -noout > other.txt  # (44: its seed is just another seed)
other_seed=$(field other.txt seed)
mkp8 mismatch.der "30820fe60420${other_seed}04820fc0$priv"
if openssl pkey "${P[@]}" -inform DER -in mismatch.der -noout 2> mismatch.err; then fail "mismatched both form accepted"; fi
mkp8 shortseed.der "801f${seed:0:62}"
if openssl pkey "${P[@]}" -inform DER -in shortseed.der -noout 2> /dev/null; then fail "31-byte seed accepted"; fi
bad=${priv:0:400}ff${priv:402}  # a byte of s1 (skEncode: rho, K, tr, then s1)
mkp8 badexp.der "04820fc0$bad"
if openssl pkey "${P[@]}" -inform DER -in badexp.der -noout 2> /dev/null; then fail "corrupted expanded key accepted"; fi

step "an encrypted private key is refused, never written in the clear"
if openssl genpkey -algorithm ML-DSA-44 "${P[@]}" -aes256 -pass pass:tessera -out enc.pem 2> enc.err; then
  fail "genpkey -aes256 succeeded (tessera writes no EncryptedPrivateKeyInfo)"
fi
! grep -q "PRIVATE KEY" enc.pem 2> /dev/null || fail "a private key was written despite -aes256"

step "pkeyutl sign/verify"
head -c 5000 /dev/urandom > msg.bin
for alg in ML-DSA-44 ML-DSA-65 ML-DSA-87; do
  openssl pkeyutl -sign -rawin "${P[@]}" -inkey "$alg.pem" -in msg.bin -out "$alg.sig"
  openssl pkeyutl -verify -rawin "${P[@]}" -pubin -inkey "$alg.pub.pem" -in msg.bin -sigfile "$alg.sig" > /dev/null
done
cp msg.bin tampered.bin
printf '\x5a' | dd of=tampered.bin bs=1 seek=1234 conv=notrunc 2> /dev/null
cmp -s msg.bin tampered.bin && printf '\xa5' | dd of=tampered.bin bs=1 seek=1234 conv=notrunc 2> /dev/null
if openssl pkeyutl -verify -rawin "${P[@]}" -pubin -inkey ML-DSA-65.pub.pem -in tampered.bin -sigfile ML-DSA-65.sig > /dev/null 2>&1; then
  fail "tampered file verified"
fi
# A context string (-pkeyopt, FIPS 204 ctx) is bound into the signature.
openssl pkeyutl -sign -rawin "${P[@]}" -inkey ML-DSA-65.pem -in msg.bin -out ctx.sig -pkeyopt context-string:tessera-ctx
openssl pkeyutl -verify -rawin "${P[@]}" -pubin -inkey ML-DSA-65.pub.pem -in msg.bin -sigfile ctx.sig \
  -pkeyopt hexcontext-string:746573736572612d637478 > /dev/null
if openssl pkeyutl -verify -rawin "${P[@]}" -pubin -inkey ML-DSA-65.pub.pem -in msg.bin -sigfile ctx.sig > /dev/null 2>&1; then
  fail "signature with a context verified without it"
fi
# Without -rawin (EVP_PKEY_sign on the message; OpenSSL 3.0's pkeyutl caps it at 64 bytes).
printf 'a short message' > short.txt
openssl pkeyutl -sign "${P[@]}" -inkey ML-DSA-65.pem -in short.txt -out short.sig
openssl pkeyutl -verify "${P[@]}" -pubin -inkey ML-DSA-65.pub.pem -in short.txt -sigfile short.sig > /dev/null

step "self-signed ML-DSA-65 certificate"
openssl req -x509 -new -newkey ML-DSA-65 "${P[@]}" -nodes -keyout cert.key -out cert.pem -subj "/CN=Tessera ML-DSA-65 test" -days 7 2> req.err
openssl verify "${P[@]}" -CAfile cert.pem cert.pem | grep -q "cert.pem: OK" || fail "openssl verify"
openssl x509 "${P[@]}" -in cert.pem -text -noout > cert.txt
grep -q "Signature Algorithm: ML-DSA-65" cert.txt || fail "x509 -text: signature algorithm"
grep -q "Public Key Algorithm: ML-DSA-65" cert.txt || fail "x509 -text: key algorithm"
openssl x509 -in cert.pem -outform DER -out cert.der
openssl asn1parse -inform DER -in cert.der | grep -c "OBJECT *:2.16.840.1.101.3.4.3.18" | grep -qx 3 ||
  fail "certificate: the ML-DSA-65 OID should appear 3 times (2 signature AlgorithmIdentifiers, SPKI)"

if [[ $MODE == interop ]]; then
  step "interoperability with OpenSSL 3.5's own ML-DSA ($O35)"
  "$O35/run" openssl verify -CAfile cert.pem cert.pem | grep -q OK || fail "3.5 rejects tessera's certificate"
  "$O35/run" openssl pkeyutl -verify -rawin -pubin -inkey ML-DSA-87.pub.pem -in msg.bin -sigfile ML-DSA-87.sig > /dev/null ||
    fail "3.5 rejects tessera's signature"
  "$O35/run" openssl pkey -in ML-DSA-65.pem -outform DER -out o35.der
  cmp -s o35.der both.der || fail "3.5 re-encodes tessera's private key other than as its seed-priv form"
  "$O35/run" openssl genpkey -algorithm ML-DSA-44 -out o35.pem
  "$O35/run" openssl pkeyutl -sign -rawin -inkey o35.pem -in msg.bin -out o35.sig
  openssl pkey "${P[@]}" -in o35.pem -pubout -out o35.pub.pem
  openssl pkeyutl -verify -rawin "${P[@]}" -pubin -inkey o35.pub.pem -in msg.bin -sigfile o35.sig > /dev/null ||
    fail "tessera rejects 3.5's signature"
fi
echo "PASS"
