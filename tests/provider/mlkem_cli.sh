#!/usr/bin/env bash
# ML-KEM keys through the openssl command line with tessera.so (OpenSSL 3.0 spellings):
#   mlkem_cli.sh MODULE_DIR WORK_DIR [OPENSSL35_SH interop]
# genpkey/pkey round trips in PEM, DER and text for ML-KEM-512/768/1024; the SPKI and the
# three private key forms of draft-ietf-lamps-kyber-certificates Section 6 (seed [0],
# expandedKey, both), built with `openssl asn1parse -genconf`; a mismatched `both`, a short
# seed and a corrupted expanded key (FIPS 203 s7.3 hash check) rejected.
# With OPENSSL35_SH (scripts/openssl35.sh) and "interop": OpenSSL 3.5's own ML-KEM reads the
# keys tessera wrote and tessera reads 3.5's (public keys byte-identical, encapsulation
# with one implementation and decapsulation with the other); exit 77 (CTest: skipped) if
# its --print-dir finds no unpacked OpenSSL 3.5 (nothing is fetched here).
set -euo pipefail
. "$(dirname "$0")/cli_lib.sh"  # MODULE_DIR, WORK, O35, MODE, P, fail, step, field
hexlen() { printf '%04x' "$1"; }

declare -A OID=([ML-KEM-512]=2.16.840.1.101.3.4.4.1 [ML-KEM-768]=2.16.840.1.101.3.4.4.2 [ML-KEM-1024]=2.16.840.1.101.3.4.4.3)
declare -A DK=([ML-KEM-512]=1632 [ML-KEM-768]=2400 [ML-KEM-1024]=3168)
declare -A EK=([ML-KEM-512]=800 [ML-KEM-768]=1184 [ML-KEM-1024]=1568)

for alg in ML-KEM-512 ML-KEM-768 ML-KEM-1024; do
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
  ek=$(field "$alg.txt" ek)
  [[ ${#ek} -eq $((2 * ${EK[$alg]})) ]] || fail "$alg: ek of ${#ek} hex digits"
  [[ "$ek" == "$(field "$alg.pub.txt" ek)" ]] || fail "$alg: public keys differ in text"
  [[ "$(field "$alg.txt" seed | wc -c)" -eq 128 ]] || fail "$alg: seed is not 64 bytes"
  [[ "$(field "$alg.txt" dk | wc -c)" -eq $((2 * ${DK[$alg]})) ]] || fail "$alg: dk size"
  # SPKI: AlgorithmIdentifier with the OID alone, then the BIT STRING (Section 4).
  openssl asn1parse -inform DER -in "$alg.pub.der" > "$alg.pub.asn1"
  grep -q "OBJECT *:${OID[$alg]}" "$alg.pub.asn1" || fail "$alg: SPKI OID"
  ! grep -q "NULL" "$alg.pub.asn1" || fail "$alg: SPKI has parameters"
  # The private key is the seed form [0] (0x80, 64 bytes) by default.
  openssl asn1parse -inform DER -in "$alg.der" > "$alg.asn1"
  grep -q "OBJECT *:${OID[$alg]}" "$alg.asn1" || fail "$alg: PKCS#8 OID"
  grep -q "OCTET STRING *\[HEX DUMP\]:8040" "$alg.asn1" || fail "$alg: not the seed form"
done

mkp8() {  # mkp8 ALG OUT INNER_HEX: a PrivateKeyInfo for ALG around the CHOICE bytes
  cat > p8.cnf <<EOC
asn1=SEQUENCE:p8
[p8]
version=INTEGER:0
alg=SEQUENCE:alg
key=FORMAT:HEX,OCTETSTRING:$3
[alg]
oid=OID:${OID[$1]}
EOC
  openssl asn1parse -genconf p8.cnf -out "$2" > /dev/null
}
for alg in ML-KEM-512 ML-KEM-768 ML-KEM-1024; do
  step "$alg: the three private key forms"
  seed=$(field "$alg.txt" seed)
  dk=$(field "$alg.txt" dk)
  n=${DK[$alg]}
  exp_tlv="0482$(hexlen "$n")$dk"
  mkp8 "$alg" seed.der "8040$seed"                                    # seed [0] IMPLICIT OCTET STRING
  mkp8 "$alg" expanded.der "$exp_tlv"                                 # expandedKey OCTET STRING
  mkp8 "$alg" both.der "3082$(hexlen $((66 + 4 + n)))0440$seed$exp_tlv"  # both SEQUENCE { seed, expandedKey }
  cp both.der "$alg.both.der"
  cmp -s seed.der "$alg.der" || fail "$alg: the default output is not the seed form"
  for f in seed expanded both; do
    openssl pkey "${P[@]}" -inform DER -in $f.der -text -noout > $f.txt
    [[ "$(field $f.txt ek)" == "$(field "$alg.txt" ek)" ]] || fail "$alg $f form: wrong public key"
    [[ "$(field $f.txt dk)" == "$dk" ]] || fail "$alg $f form: wrong private key"
  done
  openssl pkey "${P[@]}" -inform DER -in both.der -outform DER -out both.out.der
  cmp -s both.out.der seed.der || fail "$alg: both form not re-encoded as the seed"
  openssl pkey "${P[@]}" -inform DER -in expanded.der -outform DER -out expanded.out.der
  cmp -s expanded.out.der expanded.der || fail "$alg: expanded form re-encoded differently"
  ! grep -q "^seed:" expanded.txt || fail "$alg: expanded-only key shows a seed"

  step "$alg: bad private keys are rejected"
  other=$(openssl genpkey -algorithm "$alg" "${P[@]}" | openssl pkey "${P[@]}" -text -noout)
  other_seed=$(field <(echo "$other") seed)
  mkp8 "$alg" mismatch.der "3082$(hexlen $((66 + 4 + n)))0440$other_seed$exp_tlv"
  if openssl pkey "${P[@]}" -inform DER -in mismatch.der -noout 2> mismatch.err; then fail "$alg: mismatched both accepted"; fi
  mkp8 "$alg" shortseed.der "803f${seed:0:126}"
  if openssl pkey "${P[@]}" -inform DER -in shortseed.der -noout 2> /dev/null; then fail "$alg: 63-byte seed accepted"; fi
  # dk = dk_pke || ek || H(ek) || z (FIPS 203 Algorithm 16): a changed ek byte fails H(ek).
  at=$((2 * (n - 64 - 100)))
  mkp8 "$alg" badexp.der "0482$(hexlen "$n")${dk:0:$at}$(printf '%02x' $(( (0x${dk:$at:2} + 1) % 256 )))${dk:$((at + 2))}"
  if openssl pkey "${P[@]}" -inform DER -in badexp.der -noout 2> /dev/null; then fail "$alg: corrupted expanded key accepted"; fi
  mkp8 "$alg" shortexp.der "0482$(hexlen $((n - 1)))${dk:2}"
  if openssl pkey "${P[@]}" -inform DER -in shortexp.der -noout 2> /dev/null; then fail "$alg: short expanded key accepted"; fi
done

step "an encrypted private key is refused, never written in the clear"
if openssl genpkey -algorithm ML-KEM-768 "${P[@]}" -aes256 -pass pass:tessera -out enc.pem 2> enc.err; then
  fail "genpkey -aes256 succeeded (tessera writes no EncryptedPrivateKeyInfo)"
fi
! grep -q "PRIVATE KEY" enc.pem 2> /dev/null || fail "a private key was written despite -aes256"

if [[ $MODE == interop ]]; then
  R="$O35/run"
  step "interoperability with OpenSSL 3.5's own ML-KEM ($O35)"
  for alg in ML-KEM-512 ML-KEM-768 ML-KEM-1024; do
    # 3.5 reads tessera's keys (seed form) and writes them as its default, `both`.
    "$R" openssl pkey -in "$alg.pem" -text -noout > "o35.$alg.txt"
    [[ "$(field "o35.$alg.txt" ek)" == "$(field "$alg.txt" ek)" ]] || fail "3.5 reads another $alg public key"
    [[ "$(field "o35.$alg.txt" dk)" == "$(field "$alg.txt" dk)" ]] || fail "3.5 reads another $alg private key"
    "$R" openssl pkey -in "$alg.pem" -outform DER -out "o35.$alg.der"
    cmp -s "o35.$alg.der" "$alg.both.der" || fail "3.5 re-encodes tessera's $alg key other than as the both form"
    "$R" openssl pkey -pubin -in "$alg.pub.pem" -outform DER -out "o35.$alg.pub.der"
    cmp -s "o35.$alg.pub.der" "$alg.pub.der" || fail "3.5's SPKI of tessera's $alg key differs"
    # 3.5's keys (its default: both), read by tessera; public keys byte-identical.
    "$R" openssl genpkey -algorithm "$alg" -out "k35.$alg.pem"
    "$R" openssl pkey -in "k35.$alg.pem" -pubout -out "k35.$alg.pub.pem"
    openssl pkey "${P[@]}" -in "k35.$alg.pem" -pubout -out "k35.$alg.tpub.pem"
    cmp -s "k35.$alg.pub.pem" "k35.$alg.tpub.pem" || fail "tessera derives another public key from 3.5's $alg key"
    openssl pkey "${P[@]}" -pubin -in "k35.$alg.pub.pem" -outform DER -out "k35.$alg.pub.der"
    "$R" openssl pkey -pubin -in "k35.$alg.pub.pem" -outform DER -out "k35.$alg.pub.35.der"
    cmp -s "k35.$alg.pub.der" "k35.$alg.pub.35.der" || fail "tessera re-encodes 3.5's $alg public key differently"
    openssl pkey "${P[@]}" -in "k35.$alg.pem" -out "k35.$alg.seed.pem"  # tessera: the seed form
    "$R" openssl pkey -in "k35.$alg.seed.pem" -out "k35.$alg.back.pem"     # 3.5: both again
    cmp -s "k35.$alg.pem" "k35.$alg.back.pem" || fail "$alg: 3.5 -> tessera -> 3.5 changed the key"
    # Encapsulate with 3.5's ML-KEM to tessera's key, decapsulate with tessera (in 3.5, by
    # property query) and with 3.5; and the reverse direction on 3.5's key.
    "$R" openssl pkeyutl -encap -pubin -inkey "$alg.pub.pem" -out "$alg.ct" -secret "$alg.ss"
    "$R" openssl pkeyutl -decap -inkey "$alg.pem" -in "$alg.ct" -secret "$alg.ss35" \
      "${P[@]}" -propquery "?provider=tessera"
    cmp -s "$alg.ss" "$alg.ss35" || fail "$alg: tessera decapsulates 3.5's ciphertext to another secret"
    "$R" openssl pkeyutl -encap -pubin -inkey "k35.$alg.pub.pem" -out "k35.$alg.ct" -secret "k35.$alg.ss" \
      "${P[@]}" -propquery "?provider=tessera"
    "$R" openssl pkeyutl -decap -inkey "k35.$alg.pem" -in "k35.$alg.ct" -secret "k35.$alg.ss2"
    cmp -s "k35.$alg.ss" "k35.$alg.ss2" || fail "$alg: 3.5 decapsulates tessera's ciphertext to another secret"
  done
fi
echo "PASS"
