#!/usr/bin/env python3
"""Writes kat_vectors.cpp for the Cortex-M test firmware (firmware/kat_main.cpp): one case
each of the ACVP files below, as constant arrays (they go to .rodata, i.e. flash).

  ML-KEM-768  keyGen (d, z -> ek, dk), encapDecap AFT (ek, m -> c, k),
              decapsulation VAL (dk, c -> k)                     FIPS 203
  ML-DSA-44   sigVer, external/pure: a valid and a rejected case  FIPS 204
  ML-DSA-65   keyGen (seed -> pk, sk), sigVer external/pure valid   FIPS 204
  SHA3-256    one byte-aligned AFT message                        FIPS 202
  SHA2-256    one byte-aligned AFT message                        FIPS 180-4

and for the classical cases (firmware/kat_classical.cpp):

  HMAC-SHA2-256  three AFT cases: an empty message, a 64-byte key (= B) and a key longer
                 than B (hashed first); MACs truncated to macLen      FIPS 198-1
  AES-128-GCM    encrypt (AAD only, 128-bit tag; a 120-bit IV with a 32-bit tag, checked
                 as the first bytes of the full tag), decrypt (a tag that verifies and
                 one that must fail)                                   SP 800-38D
  X25519         XECDH-SSC: the IUT's public key and the shared secret RFC 7748
  ECDSA P-256    SHA2-256 sigVer (valid, modified r); DetECDSA sigGen (r || s exactly)
                                                                       FIPS 186-5

usage: gen_kat.py VECTORS_DIR OUT.cpp
"""
import json
import os
import sys


def load(vectors, name):
    with open(os.path.join(vectors, "acvp", name, "internalProjection.json")) as f:
        return json.load(f)


def group(doc, **want):
    for g in doc["testGroups"]:
        if all(g.get(k) == v for k, v in want.items()):
            return g
    raise SystemExit(f"no test group {want}")


def array(name, hexstr):
    data = bytes.fromhex(hexstr)
    body = ",".join(f"0x{b:02x}" for b in data) or "0"
    return f"extern const std::uint8_t {name}[{max(len(data), 1)}] = {{{body}}};\nextern const std::size_t {name}_len = {len(data)};\n"


def padded(hexstr, n):
    """A big-endian ACVP integer as exactly n bytes (left-padded with zeros)."""
    b = bytes.fromhex(hexstr if len(hexstr) % 2 == 0 else "0" + hexstr).lstrip(b"\0")
    if len(b) > n:
        raise SystemExit(f"{hexstr} does not fit in {n} bytes")
    return (bytes(n - len(b)) + b).hex()


def classical(vectors):
    parts = []
    # HMAC: the ACVP files give key/msg/mac lengths in bits; only byte-aligned cases here.
    h2 = [t for g in load(vectors, "HMAC-SHA2-256-2.0")["testGroups"] for t in g["tests"]
          if t["keyLen"] % 8 == 0 and t["msgLen"] % 8 == 0 and t["macLen"] % 8 == 0]
    h1 = group(load(vectors, "HMAC-SHA2-256-1.0"), keyLen=512)
    cases = [
        ("HMAC-SHA2-256-2.0", next(t for t in h2 if t["msgLen"] == 0 and t["keyLen"] <= 512)),
        ("HMAC-SHA2-256-1.0", dict(h1["tests"][0], keyLen=h1["keyLen"], msgLen=h1["msgLen"], macLen=h1["macLen"])),
        ("HMAC-SHA2-256-2.0", min((t for t in h2 if t["keyLen"] > 512), key=lambda t: t["keyLen"] + t["msgLen"])),
    ]
    for i, (name, t) in enumerate(cases, 1):
        parts.append(f"// {name} tcId {t['tcId']} (key {t['keyLen'] // 8} bytes, message {t['msgLen'] // 8}, "
                     f"MAC {t['macLen'] // 8})\n")
        parts.append(array(f"kHmac{i}_key", t["key"][: t["keyLen"] // 4]))
        parts.append(array(f"kHmac{i}_msg", t["msg"][: t["msgLen"] // 4]))
        parts.append(array(f"kHmac{i}_mac", t["mac"][: t["macLen"] // 4]))

    gcm = load(vectors, "ACVP-AES-GCM-1.0")
    def gcm_case(label, t, g):
        parts.append(f"// ACVP-AES-GCM-1.0 tcId {t['tcId']} ({g['direction']}, AES-{g['keyLen']}, IV {g['ivLen']} bits, "
                     f"tag {g['tagLen']} bits{'' if t.get('testPassed', True) else ', must fail'})\n")
        for k in ("key", "iv", "aad", "pt", "ct", "tag"):
            parts.append(array(f"kGcm{label}_{k}", t.get(k, "")))
    g = group(gcm, direction="encrypt", tagLen=128)
    gcm_case("Enc", g["tests"][0], g)
    g = next(g for g in gcm["testGroups"] if g["direction"] == "encrypt" and g["payloadLen"] > 0)
    gcm_case("EncShortTag", g["tests"][0], g)
    g = group(gcm, direction="decrypt", tagLen=128)
    gcm_case("DecOk", next(t for t in g["tests"] if t["testPassed"]), g)
    gcm_case("DecBad", next(t for t in g["tests"] if not t["testPassed"]), g)

    t = group(load(vectors, "XECDH-SSC-RFC7748"), curve="Curve25519")["tests"][0]
    parts.append(f"// XECDH-SSC-RFC7748 tcId {t['tcId']} (Curve25519)\n")
    for k in ("privateIut", "publicIut", "publicServer", "z"):
        parts.append(array(f"kX25519_{k}", t[k]))

    sv = group(load(vectors, "ECDSA-SigVer-FIPS186-5"), curve="P-256", hashAlg="SHA2-256")["tests"]
    for label, passed in (("Ok", True), ("Bad", False)):
        t = next(t for t in sv if t["testPassed"] == passed)
        parts.append(f"// ECDSA-SigVer-FIPS186-5 tcId {t['tcId']} (P-256, SHA2-256, {t['reason']})\n")
        parts.append(array(f"kEcdsaVerify{label}_qx", padded(t["qx"], 32)))
        parts.append(array(f"kEcdsaVerify{label}_qy", padded(t["qy"], 32)))
        parts.append(array(f"kEcdsaVerify{label}_message", t["message"]))
        parts.append(array(f"kEcdsaVerify{label}_signature", padded(t["r"], 32) + padded(t["s"], 32)))

    g = group(load(vectors, "DetECDSA-SigGen-FIPS186-5"), curve="P-256", hashAlg="SHA2-256")
    if g.get("conformance"):
        raise SystemExit("DetECDSA: unexpected conformance group")
    t = g["tests"][0]
    parts.append(f"// DetECDSA-SigGen-FIPS186-5 tgId {g['tgId']} tcId {t['tcId']} (P-256, SHA2-256)\n")
    parts.append(array("kDetEcdsa_d", padded(g["d"], 32)))
    parts.append(array("kDetEcdsa_q", "04" + padded(g["qx"], 32) + padded(g["qy"], 32)))
    parts.append(array("kDetEcdsa_message", t["message"]))
    parts.append(array("kDetEcdsa_signature", padded(t["r"], 32) + padded(t["s"], 32)))
    return parts


def main():
    vectors, out = sys.argv[1], sys.argv[2]
    parts = []
    kg = group(load(vectors, "ML-KEM-keyGen-FIPS203"), parameterSet="ML-KEM-768")["tests"][0]
    parts.append(f"// ML-KEM-keyGen-FIPS203 tcId {kg['tcId']}\n")
    for k in ("d", "z", "ek", "dk"):
        parts.append(array(f"kMlKemKeyGen_{k}", kg[k]))
    ed = load(vectors, "ML-KEM-encapDecap-FIPS203")
    enc = group(ed, parameterSet="ML-KEM-768", function="encapsulation")["tests"][0]
    parts.append(f"// ML-KEM-encapDecap-FIPS203 tcId {enc['tcId']} (encapsulation)\n")
    for k in ("ek", "m", "c", "k"):
        parts.append(array(f"kMlKemEncaps_{k}", enc[k]))
    dec = group(ed, parameterSet="ML-KEM-768", function="decapsulation")["tests"][0]
    parts.append(f"// ML-KEM-encapDecap-FIPS203 tcId {dec['tcId']} (decapsulation: {dec.get('reason', '')})\n")
    for k in ("dk", "c", "k"):
        parts.append(array(f"kMlKemDecaps_{k}", dec[k]))

    sv = group(load(vectors, "ML-DSA-sigVer-FIPS204"), parameterSet="ML-DSA-44",
               signatureInterface="external", preHash="pure")["tests"]
    for label, passed in (("Ok", True), ("Bad", False)):
        t = next(t for t in sv if t["testPassed"] == passed)
        parts.append(f"// ML-DSA-sigVer-FIPS204 tcId {t['tcId']} ({t.get('reason', '')})\n")
        for k in ("pk", "message", "context", "signature"):
            parts.append(array(f"kMlDsaVerify{label}_{k}", t[k]))

    kg65 = group(load(vectors, "ML-DSA-keyGen-FIPS204"), parameterSet="ML-DSA-65")["tests"][0]
    parts.append(f"// ML-DSA-keyGen-FIPS204 tcId {kg65['tcId']} (ML-DSA-65)\n")
    for k in ("seed", "pk", "sk"):
        parts.append(array(f"kMlDsa65KeyGen_{k}", kg65[k]))
    sv65 = group(load(vectors, "ML-DSA-sigVer-FIPS204"), parameterSet="ML-DSA-65",
                 signatureInterface="external", preHash="pure")["tests"]
    t = next(t for t in sv65 if t["testPassed"])
    parts.append(f"// ML-DSA-sigVer-FIPS204 tcId {t['tcId']} (ML-DSA-65, {t.get('reason', '')})\n")
    for k in ("pk", "message", "context", "signature"):
        parts.append(array(f"kMlDsa65Verify_{k}", t[k]))

    for name, label in (("SHA3-256-2.0", "Sha3"), ("SHA2-256-1.0", "Sha2")):
        g = group(load(vectors, name), testType="AFT")
        t = next(t for t in g["tests"] if t["len"] % 8 == 0 and 64 <= t["len"] <= 4096)
        parts.append(f"// {name} tcId {t['tcId']} ({t['len']} bits)\n")
        parts.append(array(f"k{label}_msg", t["msg"][: t["len"] // 4]))
        parts.append(array(f"k{label}_md", t["md"]))

    parts += classical(vectors)

    with open(out, "w") as f:
        f.write("// Generated by firmware/gen_kat.py from the ACVP vectors; do not edit.\n")
        f.write("#include <cstddef>\n#include <cstdint>\n\n")
        f.write("".join(parts))


if __name__ == "__main__":
    main()
