// Constant-time check driver (run under valgrind memcheck, built with TESSERA_CT_CHECK=ON).
//
// Every secret input (ML-KEM d, z, m and the decapsulation key; ML-DSA xi, the private key
// and the signing randomness rnd) is marked undefined with ct::poison before the call. The
// library marks what is public by design with ct::declassify (each call says why). Memcheck
// then reports any branch ("Conditional jump or move depends on uninitialised value") or
// memory address ("Use of uninitialised value of size 8") computed from a secret, and
// `valgrind --error-exitcode=1` turns that into a failed test.
//
// The symmetric group poisons keys, plaintexts, HMAC/HKDF keys and input keying material,
// hashed messages and DRBG entropy: AES-GCM (128/192/256) and ChaCha20-Poly1305 seal and
// open (a valid and a forged tag: only the verdict is public), GMAC, HMAC-SHA256/512,
// HKDF-SHA256, SHA-256/512 over several block counts, Hash_DRBG (SHA-256 and SHA-512).
//
// Usage: tessera-ct-driver <backend> [mlkem|mldsa|frodokem|symmetric|all]
//        tessera-ct-driver selftest-branch | selftest-index | selftest-clean
// Exit 0: ran; 77: backend SKIPPED (reason printed); 2: usage or a functional failure.
// The selftest-* modes prove the check can fail: branch/index contain a deliberate
// secret-dependent branch / table lookup that memcheck must report (CTest expects it).
#include <tessera/aead.hpp>
#include <tessera/backend.hpp>
#include <tessera/drbg.hpp>
#include <tessera/hkdf.hpp>
#include <tessera/hmac.hpp>
#include <tessera/mldsa.hpp>
#include <tessera/sha2.hpp>
#include <tessera/frodokem.hpp>
#include <tessera/mlkem.hpp>

#include "common/ct.hpp"
#include "symmetric/chacha20.hpp"
#include "ct_support.hpp"

#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string_view>

#if !TESSERA_CT_CHECK
#error "build the constant-time driver with -DTESSERA_CT_CHECK=ON"
#endif

namespace {

using tessera::Backend;
using namespace tessera::ct_check;

template <class Kem>
void run_mlkem(const char* name) {
  std::printf("  %s\n", name);
  std::array<u8, 32> d{}, z{}, m{};
  for (int i = 0; i < 32; ++i) {
    d[i] = static_cast<u8>(i);
    z[i] = static_cast<u8>(0x40 + i);
    m[i] = static_cast<u8>(0x80 + i);
  }
  poison(d);  // secret: the key-generation seed
  poison(z);  // secret: the implicit-rejection seed
  poison(m);  // secret: the encapsulation randomness

  // FIPS 203, Algorithm 16: the seed-form key object (expanded once, from poisoned d, z).
  auto kp = Kem::keygen_internal(d, z);
  if (!kp) return fail("keygen_internal");
  // The library declassified what is public: ek, H(ek) and A_hat^T (from rho).
  if (all_undefined(kp->public_key.bytes().data(), 8)) fail("keygen: ek not declassified");

  // FIPS 203, Algorithm 17.
  auto enc = Kem::encaps_internal(kp->public_key, m);
  if (!enc) return fail("encaps_internal");
  if (!all_undefined(enc->shared_secret.data(), 32)) fail("encaps: shared secret lost its taint");
  declassify(enc->ciphertext);  // the ciphertext is public output

  // FIPS 203, Algorithm 18 with the key object (its dk_pke and z carry d's and z's taint).
  auto ss = Kem::decapsulate(kp->private_key, enc->ciphertext);
  if (!ss) return fail("decapsulate");
  if (!all_undefined(ss->data(), 32)) fail("decapsulate: shared secret lost its taint");
  if (!equal_declassified(ss->data(), enc->shared_secret.data(), 32)) fail("decapsulate: K != K'");

  // Implicit rejection: a modified ciphertext must go the same constant-time way.
  auto bad_ct = enc->ciphertext;
  bad_ct[0] ^= 1;
  bad_ct[bad_ct.size() - 1] ^= 0x80;
  auto rej = Kem::decapsulate(kp->private_key, bad_ct);
  if (!rej) return fail("decapsulate (invalid ciphertext)");
  if (!all_undefined(rej->data(), 32)) fail("implicit rejection: key lost its taint");
  if (equal_declassified(rej->data(), enc->shared_secret.data(), 32)) fail("implicit rejection returned K");

  // An imported expanded key: dk_pke and z are secret, ek and H(ek) inside dk are public.
  // Parsing (the s7.2 and s7.3 checks) and decapsulation run on the poisoned parts.
  auto dk = kp->private_key.bytes();
  constexpr std::size_t dk_pke = Kem::params.dk_pke_bytes(), ek_bytes = Kem::ek_bytes;
  tessera::ct::poison(dk.data(), dk_pke);  // secret: s_hat
  tessera::ct::declassify(dk.data() + dk_pke, ek_bytes + 32);  // ek and H(ek) are public
  tessera::ct::poison(dk.data() + dk_pke + ek_bytes + 32, 32);  // secret: z
  auto imported = Kem::DecapsulationKey::from_bytes(dk.span());
  if (!imported) return fail("DecapsulationKey::from_bytes");
  auto ss2 = Kem::decapsulate(*imported, enc->ciphertext);
  if (!ss2) return fail("decapsulate (imported dk)");
  if (!all_undefined(ss2->data(), 32)) fail("decapsulate (imported dk): shared secret lost its taint");
  auto rej2 = Kem::decapsulate(*imported, bad_ct);
  if (!rej2) return fail("decapsulate (imported dk, invalid ciphertext)");
  // The one-shot decapsulation from the same poisoned dk bytes (no key object: the checks,
  // A_hat^T, H(ek) and J in one lane schedule).
  auto ss3 = Kem::decapsulate(std::span<const u8>(dk.span()), enc->ciphertext);
  if (!ss3) return fail("decapsulate (dk bytes)");
  if (!all_undefined(ss3->data(), 32)) fail("decapsulate (dk bytes): shared secret lost its taint");
  if (!equal_declassified(ss3->data(), enc->shared_secret.data(), 32)) fail("decapsulate (dk bytes): K != K'");
  auto rej3 = Kem::decapsulate(std::span<const u8>(dk.span()), bad_ct);
  if (!rej3) return fail("decapsulate (dk bytes, invalid ciphertext)");
  if (!all_undefined(rej3->data(), 32)) fail("implicit rejection (dk bytes): key lost its taint");
}

template <class Kem>
void run_frodokem(const char* name) {
  std::printf("  %s\n", name);
  std::array<u8, Kem::s_bytes> s{};
  std::array<u8, Kem::seed_se_bytes> seed_se{};
  std::array<u8, Kem::z_bytes> z{};
  std::array<u8, Kem::mu_bytes> mu{};
  std::array<u8, Kem::salt_bytes> salt{};
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<u8>(i);
  for (std::size_t i = 0; i < seed_se.size(); ++i) seed_se[i] = static_cast<u8>(0x20 + i);
  for (std::size_t i = 0; i < z.size(); ++i) z[i] = static_cast<u8>(0x40 + i);
  for (std::size_t i = 0; i < mu.size(); ++i) mu[i] = static_cast<u8>(0x60 + i);
  for (std::size_t i = 0; i < salt.size(); ++i) salt[i] = static_cast<u8>(0x80 + i);
  poison(s);        // secret: the implicit-rejection value
  poison(seed_se);  // secret: seeds the error and secret matrices
  poison(mu);       // secret: the encapsulated message
  // z only derives seed_A, which is public (in pk); the salt travels in the ciphertext.

  auto kp = Kem::keygen_internal(s, seed_se, z);
  if (!kp) return fail("keygen_internal");
  // The public key (and pkh) is public output: in the KeyPair and inside the PrivateKey.
  tessera::ct::declassify(&kp->public_key, sizeof kp->public_key);
  const auto& inner = kp->private_key.public_key();
  tessera::ct::declassify(&inner, sizeof inner);

  auto enc = Kem::encaps_internal(kp->public_key, mu, salt);
  if (!enc) return fail("encaps_internal");
  if (!all_undefined(enc->shared_secret.data(), Kem::shared_secret_bytes)) fail("encaps: shared secret lost its taint");
  tessera::ct::declassify(enc->ciphertext.data(), enc->ciphertext.size());  // public output

  auto ss = Kem::decapsulate(kp->private_key, enc->ciphertext);
  if (!ss) return fail("decapsulate");
  if (!all_undefined(ss->data(), Kem::shared_secret_bytes)) fail("decapsulate: shared secret lost its taint");
  if (!equal_declassified(ss->data(), enc->shared_secret.data(), Kem::shared_secret_bytes)) fail("decapsulate: K != K'");
  auto bad_ct = enc->ciphertext;
  bad_ct[0] ^= 1;
  auto rej = Kem::decapsulate(kp->private_key, bad_ct);
  if (!rej) return fail("decapsulate (invalid ciphertext)");
  if (!all_undefined(rej->data(), Kem::shared_secret_bytes)) fail("implicit rejection: key lost its taint");

  // PrivateKey::from_bytes: the consistency check (pkh, S^T range) on secret S^T, in
  // constant time; only its verdict is declassified. sk = s || pk || S^T || pkh.
  auto sk_bytes = kp->private_key.bytes();
  constexpr std::size_t st_at = Kem::s_bytes + Kem::public_key_bytes;
  tessera::ct::declassify(sk_bytes.data() + Kem::s_bytes, Kem::public_key_bytes);
  tessera::ct::poison(sk_bytes.data(), Kem::s_bytes);
  tessera::ct::poison(sk_bytes.data() + st_at, Kem::st_bytes);
  tessera::ct::declassify(sk_bytes.data() + st_at + Kem::st_bytes, Kem::pkh_bytes);
  auto parsed = Kem::PrivateKey::from_bytes(sk_bytes.span());
  if (!parsed) return fail("PrivateKey::from_bytes");
  auto ss3 = Kem::decapsulate(*parsed, enc->ciphertext);
  if (!ss3) return fail("decapsulate (parsed key)");
  if (!all_undefined(ss3->data(), Kem::shared_secret_bytes)) fail("decapsulate (parsed key): shared secret lost its taint");
  // An out-of-range S^T entry (still secret) is rejected, and only the verdict is public.
  sk_bytes[st_at + 1] = 0x40;
  tessera::ct::poison(sk_bytes.data() + st_at, 2);
  auto rejected = Kem::PrivateKey::from_bytes(sk_bytes.span());
  if (rejected) fail("PrivateKey::from_bytes accepted an out-of-range S^T entry");
}

template <class Dsa>
void run_mldsa(const char* name) {
  std::printf("  %s\n", name);
  std::array<u8, 32> xi{}, rnd{};
  for (int i = 0; i < 32; ++i) {
    xi[i] = static_cast<u8>(0x11 * i);
    rnd[i] = static_cast<u8>(0xA0 ^ i);
  }
  const u8 msg[] = {'c', 't', ' ', 'c', 'h', 'e', 'c', 'k'};
  const u8 ctx[] = {'t', 'e', 's', 's', 'e', 'r', 'a'};
  poison(xi);   // secret: the key-generation seed
  poison(rnd);  // secret: the signing randomness

  // FIPS 204, Algorithm 6: the key objects (s1_hat, s2_hat, t0_hat precomputed once).
  auto kp = Dsa::keygen_internal(xi);
  if (!kp) return fail("keygen_internal");
  // The library declassified what is public (rho, t1, tr); the public key object is output.
  if (all_undefined(kp->public_key.bytes().data(), 8)) fail("keygen: public key not declassified");

  // FIPS 204, Algorithm 7 with poisoned rnd, and Algorithm 2 deterministic (rnd = 0).
  auto sig = Dsa::sign_internal(kp->private_key, msg, rnd);
  if (!sig) return fail("sign_internal");
  declassify(*sig);
  if (!Dsa::verify_internal(kp->public_key, msg, *sig)) fail("verify_internal");
  const tessera::Context context{std::span<const u8>(ctx)};
  auto sig2 = Dsa::sign(kp->private_key, msg, context, tessera::mldsa::Signing::deterministic);
  if (!sig2) return fail("sign (deterministic)");
  declassify(*sig2);
  if (!Dsa::verify(kp->public_key, msg, *sig2, context)) fail("verify");

  // An imported expanded key: every secret part poisoned, rho and tr public (FIPS 204, s7.2).
  // PrivateKey::from_bytes recomputes t from s1 and s2 to check t0 and tr in constant time.
  auto sk = kp->private_key.bytes();
  tessera::ct::poison(sk.data() + 32, 32);                     // K
  tessera::ct::poison(sk.data() + 128, sk.size() - 128);       // s1, s2, t0
  auto imported = Dsa::PrivateKey::from_bytes(sk.span());
  if (!imported) return fail("PrivateKey::from_bytes");
  auto sig3 = Dsa::sign_internal(*imported, msg, rnd);
  if (!sig3) return fail("sign_internal (expanded key)");
}

// A deliberately leaky comparison (early exit on the first differing byte): memcheck must
// report "Conditional jump or move depends on uninitialised value(s)" in it.
[[gnu::noinline]] bool ct_selftest_leaky_compare(const u8* a, const u8* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// A deliberately leaky table lookup (a secret index, as in a table-based AES S-box):
// memcheck must report "Use of uninitialised value of size 8" in it.
[[gnu::noinline]] unsigned ct_selftest_leaky_lookup(const u8* secret, std::size_t n) {
  static const volatile u8 table[256] = {1, 2, 3, 5, 8, 13};
  unsigned acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc += table[secret[i]];
  return acc;
}

int selftest(std::string_view mode) {
  std::array<u8, 32> secret{}, guess{};
  for (int i = 0; i < 32; ++i) secret[i] = guess[i] = static_cast<u8>(i * 7);
  poison(secret);
  if (mode == "selftest-branch") {
    std::printf("selftest: secret-dependent branch (memcheck must report it)\n");
    const bool eq = ct_selftest_leaky_compare(secret.data(), guess.data(), 32);
    std::printf("result %d\n", static_cast<int>(tessera::ct::declassify_value(eq)));
  } else if (mode == "selftest-index") {
    std::printf("selftest: secret memory index (memcheck must report it)\n");
    const unsigned v = ct_selftest_leaky_lookup(secret.data(), 32);
    std::printf("result %u\n", tessera::ct::declassify_value(v));
  } else {
    // The constant-time counterpart of selftest-branch: memcheck must stay silent.
    std::printf("selftest: constant-time comparison (memcheck must stay silent)\n");
    const u8 eq = tessera::ct::mask_bytes_eq(secret, guess);
    std::printf("result %d\n", static_cast<int>(tessera::ct::declassify_value(eq)));
  }
  return 0;
}

using Bytes = std::span<const u8>;
using MutBytes = std::span<u8>;

// AEADs, MACs, hashes and the DRBG with secret keys and data (see the file comment).
void run_symmetric() {
  std::printf("-- symmetric\n");
  std::array<u8, 12> nonce{};
  for (std::size_t i = 0; i < nonce.size(); ++i) nonce[i] = static_cast<u8>(i * 7 + 1);
  std::array<u8, 29> aad{};  // public, not a multiple of the block size
  for (std::size_t i = 0; i < aad.size(); ++i) aad[i] = static_cast<u8>(i);
  // 1000 bytes: whole SIMD batches and a partial block on every kernel.
  std::array<u8, 1000> plain{}, sealed{}, opened{};
  for (std::size_t i = 0; i < plain.size(); ++i) plain[i] = static_cast<u8>(i * 131 + 5);
  std::array<u8, 16> tag{};

  // seal and open with key (any length the AEAD takes); the ciphertext and tag are public
  // output, the plaintext secret.
  auto check_aead = [&](const char* name, auto seal, auto open, std::span<u8> key) {
    poison(plain);
    tessera::ct::poison(key.data(), key.size());
    if (!seal(key, nonce, aad, plain, sealed, tag)) { std::printf("%s: ", name); fail("seal"); }
    if (!all_undefined(sealed.data(), sealed.size()) || !all_undefined(tag.data(), tag.size()))
      fail("AEAD output lost the taint of key and plaintext");
    declassify(sealed);
    declassify(tag);
    if (!open(key, nonce, aad, sealed, tag, opened)) { std::printf("%s: ", name); fail("open"); }  // verdict declassified inside
    if (!all_undefined(opened.data(), opened.size())) fail("opened plaintext lost its taint");
    tag[3] ^= 1;  // forged: open must fail, in the same time, and zero the output
    if (open(key, nonce, aad, sealed, tag, opened)) { std::printf("%s: ", name); fail("forged tag accepted"); }
    declassify(plain);
    declassify(opened);
    for (u8 b : opened)
      if (b != 0) fail("rejected open left plaintext");
    tessera::ct::declassify(key.data(), key.size());
  };
  std::array<u8, 32> key{};
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<u8>(0xA0 + i);
  for (std::size_t key_len : {16u, 24u, 32u}) {
    check_aead("AES-GCM",
               [](Bytes k, Bytes n, Bytes a, Bytes p, MutBytes c, MutBytes t) { return tessera::aes_gcm_seal(k, n, a, p, c, t).has_value(); },
               [](Bytes k, Bytes n, Bytes a, Bytes c, Bytes t, MutBytes p) { return tessera::aes_gcm_open(k, n, a, c, t, p).has_value(); },
               std::span<u8>(key.data(), key_len));
  }
  // A keyed AES-GCM with an IV other than 96 bits: the IV (public) is hashed into J0
  // (SP 800-38D, Algorithm 4 step 2) under the secret hash subkey.
  auto long_iv = [](Bytes n) {
    std::array<u8, 60> iv{};
    for (std::size_t i = 0; i < iv.size(); ++i) iv[i] = static_cast<u8>(n[i % n.size()] + i);
    return iv;
  };
  check_aead("AES-GCM (60-byte IV)",
             [&](Bytes k, Bytes n, Bytes a, Bytes p, MutBytes c, MutBytes t) {
               tessera::AesGcm g;
               return g.set_key(k).has_value() && g.seal(long_iv(n), a, p, c, t).has_value();
             },
             [&](Bytes k, Bytes n, Bytes a, Bytes c, Bytes t, MutBytes p) {
               tessera::AesGcm g;
               return g.set_key(k).has_value() && g.open(long_iv(n), a, c, t, p).has_value();
             },
             std::span<u8>(key.data(), 16));
  check_aead("ChaCha20-Poly1305",
             [](Bytes k, Bytes n, Bytes a, Bytes p, MutBytes c, MutBytes t) { return tessera::chacha20_poly1305_seal(k, n, a, p, c, t).has_value(); },
             [](Bytes k, Bytes n, Bytes a, Bytes c, Bytes t, MutBytes p) { return tessera::chacha20_poly1305_open(k, n, a, c, t, p).has_value(); },
             std::span<u8>(key));

  // GMAC, HMAC, HKDF with a secret key / input keying material and a secret message.
  poison(key);
  poison(plain);
  if (!tessera::aes_gmac(std::span(key.data(), 16), nonce, plain, tag)) fail("GMAC");
  if (!all_undefined(tag.data(), tag.size())) fail("GMAC tag lost its taint");
  std::array<u8, 32> mac256{};
  std::array<u8, 64> mac512{};
  tessera::hmac_sha256(key, plain, mac256);
  tessera::hmac_sha512(key, plain, mac512);
  if (!all_undefined(mac256.data(), mac256.size()) || !all_undefined(mac512.data(), mac512.size()))
    fail("HMAC output lost its taint");
  std::array<u8, 80> okm{};
  if (!tessera::hkdf_sha256(aad, key, nonce, okm)) fail("HKDF");
  if (!all_undefined(okm.data(), okm.size())) fail("HKDF output lost its taint");

  // SHA-256 / SHA-512 of secret messages: one block, a pair, a run of blocks (each
  // kernel path), with the padding block.
  for (std::size_t n : {100u, 200u, 255u, 1000u}) {
    std::array<u8, 32> d256{};
    std::array<u8, 64> d512{};
    tessera::sha256(std::span(plain.data(), n), d256);
    tessera::sha512(std::span(plain.data(), n), d512);
    if (!all_undefined(d256.data(), d256.size()) || !all_undefined(d512.data(), d512.size()))
      fail("digest lost its taint");
  }
  std::array<u8, 3000> long_msg{};
  poison(long_msg);
  std::array<u8, 64> d{};
  tessera::sha512(long_msg, d);  // 23 blocks: the unrolled pair loop
  declassify(long_msg);

  // Hash_DRBG from secret entropy: output secret, the bookkeeping public.
  auto drbg = [&]<class H>() {
    tessera::HashDrbg<H> g;
    std::array<u8, 48> entropy{};
    for (std::size_t i = 0; i < entropy.size(); ++i) entropy[i] = static_cast<u8>(i * 3);
    poison(entropy);
    if (!g.instantiate(entropy, {}, aad)) fail("Hash_DRBG instantiate");
    std::array<u8, 100> out{};
    if (!g.generate(out, nonce)) fail("Hash_DRBG generate");
    if (!g.reseed(entropy, {})) fail("Hash_DRBG reseed");
    if (!g.generate(out)) fail("Hash_DRBG generate");
    if (!all_undefined(out.data(), out.size())) fail("DRBG output lost its taint");
  };
  drbg.template operator()<tessera::Sha256>();
  drbg.template operator()<tessera::Sha512>();

  // The radix-2^26 Poly1305 kernel (the one targets without unsigned __int128 run; x86-64
  // never selects it, so it is called here directly): secret one-time key and message,
  // whole blocks and the padded final block (RFC 8439, Section 2.5.1), the tag secret.
  {
    namespace p1305 = tessera::poly1305;
    p1305::State st{};
    p1305::init(st, p1305::kernels_portable(), key.data());  // key: 32 poisoned bytes
    p1305::blocks_radix26(st, plain.data(), plain.size() / p1305::kBlockBytes);
    std::array<u8, p1305::kBlockBytes> last{};
    const std::size_t tail = plain.size() % p1305::kBlockBytes;
    std::memcpy(last.data(), plain.data() + plain.size() - tail, tail);
    last[tail] = 1;
    p1305::final_block_radix26(st, last.data());
    std::array<u8, 16> tag26{};
    p1305::final(st, tag26.data());
    if (!all_undefined(tag26.data(), tag26.size())) fail("Poly1305 (radix 2^26): tag lost its taint");
  }
  declassify(key);
  declassify(plain);
}

}  // namespace

namespace tessera::ct_check {
void run_x25519();  // ct_x25519.cpp
void run_ecc();     // ct_ecc.cpp
void run_ecdsa();   // ct_ecdsa.cpp
void run_hybrid();  // ct_hybrid.cpp
void run_rsa();     // ct_rsa.cpp
void run_dh();      // ct_dh.cpp
}  // namespace tessera::ct_check

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <portable|avx2|avx512|neon> [mlkem|mldsa|frodokem|symmetric|all] | selftest-<branch|index|clean>\n",
                 argv[0]);
    return 2;
  }
  const std::string_view what = argv[1];
  if (what.substr(0, 9) == "selftest-") return selftest(what);
  const std::string_view algs = argc > 2 ? argv[2] : "all";

  auto backend = tessera::parse_backend(what);
  if (!backend) {
    std::fprintf(stderr, "unknown backend %s\n", argv[1]);
    return 2;
  }
  if (!tessera::backend_available(*backend)) {
    // Valgrind 3.19-3.22 has no AVX-512 support; its emulated CPUID hides AVX-512, so the
    // library does not offer that backend inside valgrind.
    if (RUNNING_ON_VALGRIND && *backend == Backend::avx512)
      std::printf("SKIPPED: backend avx512: valgrind cannot execute AVX-512 code (its CPUID hides AVX-512)\n");
    else
      std::printf("SKIPPED: backend %s is not available on this CPU/build\n", argv[1]);
    return 77;
  }
  auto forced = tessera::BackendOverride::force(*backend);
  if (!forced) return 2;
  std::printf("constant-time check, backend %s%s\n", argv[1],
              RUNNING_ON_VALGRIND ? " (under valgrind)" : " (NOT under valgrind: functional run only)");

  if (algs == "all" || algs == "mlkem") {
    run_mlkem<tessera::mlkem::MlKem512>("ML-KEM-512");
    run_mlkem<tessera::mlkem::MlKem768>("ML-KEM-768");
    run_mlkem<tessera::mlkem::MlKem1024>("ML-KEM-1024");
  }
  if (algs == "all" || algs == "frodokem") {
    using namespace tessera::frodokem;
    run_frodokem<FrodoKem640Aes>("FrodoKEM-640-AES");
    run_frodokem<FrodoKem640Shake>("FrodoKEM-640-SHAKE");
    run_frodokem<EFrodoKem976Aes>("eFrodoKEM-976-AES");
    run_frodokem<EFrodoKem1344Shake>("eFrodoKEM-1344-SHAKE");
  }
  if (algs == "all" || algs == "symmetric") run_symmetric();
  if (algs == "all" || algs == "mldsa") {
    run_mldsa<tessera::MlDsa44>("ML-DSA-44");
    run_mldsa<tessera::MlDsa65>("ML-DSA-65");
    run_mldsa<tessera::MlDsa87>("ML-DSA-87");
  }
  if (algs == "all" || algs == "x25519") tessera::ct_check::run_x25519();
  if (algs == "all" || algs == "ecc") tessera::ct_check::run_ecc();
  if (algs == "all" || algs == "ecdsa") tessera::ct_check::run_ecdsa();
  if (algs == "all" || algs == "hybrid") tessera::ct_check::run_hybrid();
  if (algs == "all" || algs == "rsa") tessera::ct_check::run_rsa();
  if (algs == "all" || algs == "dh") tessera::ct_check::run_dh();
  std::printf("%s\n", g_failures == 0 ? "done" : "FAILED");
  return g_failures == 0 ? 0 : 2;
}
