// libFuzzer target: differential testing of the backends. The same input runs on every
// backend this CPU has (portable, avx2, avx512, ...) and every output must be identical,
// byte for byte, including error results. Selector byte: low bits pick the operation and
// parameter set; the rest gives seeds, keys, ciphertexts, messages and signatures.
//   ML-KEM: KeyGen_internal(d, z), Encaps_internal(ek, m) for the generated ek and for an
//           arbitrary ek, Decaps(seed, c) for the honest and for an arbitrary ciphertext.
//   ML-DSA: KeyGen_internal(xi), Sign_internal(sk, M', rnd), Verify on the honest and on an
//           arbitrary signature.
//   SHA-3:  SHA3-256, SHAKE128 and SHAKE256 (every Keccak kernel) of the input.
//   AEAD:   AES-GCM (key length from the input) and ChaCha20-Poly1305 seal of the input;
//           open of the honest ciphertext (must give the plaintext back), of the input's
//           own tag and of a flipped tag (must fail and zero the output); a keyed AES-GCM
//           with a truncated tag and an IV of any length (a shorter tag must be refused).
//   SHA-2:  SHA-256, SHA-512, HMAC-SHA256 of the input (SHA-NI, AVX2/AVX-512 SHA-512).
#include <tessera/aead.hpp>
#include <tessera/backend.hpp>
#include <tessera/hmac.hpp>
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include "fuzz_input.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

namespace {

using tessera::Backend;
using tessera::fuzz::check;
using u8 = std::uint8_t;

// Runs op once per available backend and requires the same transcript each time.
template <class Op>
void on_every_backend(Op op) {
  std::vector<u8> first;
  bool have_first = false;
  for (Backend b : tessera::kAllBackends) {
    if (!tessera::backend_available(b)) continue;
    auto forced = tessera::BackendOverride::force(b);
    check(forced.has_value());
    std::vector<u8> out;
    op(out);
    if (!have_first) {
      first = std::move(out);
      have_first = true;
    } else {
      check(out == first);
    }
  }
}

void put(std::vector<u8>& out, const u8* p, std::size_t n) { out.insert(out.end(), p, p + n); }
template <class R>
void put_result(std::vector<u8>& out, const R& r) {
  out.push_back(r.has_value() ? 0 : static_cast<u8>(r.error()));
}

template <class Kem>
void mlkem(tessera::fuzz::Input& in) {
  const auto d = in.template take<32>();
  const auto z = in.template take<32>();
  const auto m = in.template take<32>();
  const auto any_ct = in.template take<Kem::ct_bytes>();
  const auto any_ek = in.template take<Kem::ek_bytes>();
  on_every_backend([&](std::vector<u8>& out) {
    auto kp = Kem::keygen_internal(d, z);
    check(kp.has_value());
    put(out, kp->public_key.bytes().data(), Kem::ek_bytes);
    auto enc = Kem::encaps_internal(kp->public_key, m);
    check(enc.has_value());
    put(out, enc->ciphertext.data(), enc->ciphertext.size());
    put(out, enc->shared_secret.data(), 32);
    auto k = Kem::decapsulate(kp->private_key, enc->ciphertext);
    check(k.has_value() && std::memcmp(k->data(), enc->shared_secret.data(), 32) == 0);
    auto k_any = Kem::decapsulate(kp->private_key, any_ct);
    check(k_any.has_value());
    put(out, k_any->data(), 32);
    auto ek_any = Kem::EncapsulationKey::from_bytes(any_ek);
    put_result(out, ek_any);
    if (ek_any) {
      auto enc_any = Kem::encaps_internal(*ek_any, m);
      check(enc_any.has_value());
      put(out, enc_any->ciphertext.data(), enc_any->ciphertext.size());
      put(out, enc_any->shared_secret.data(), 32);
    }
  });
}

template <class Dsa>
void mldsa(tessera::fuzz::Input& in) {
  const auto xi = in.template take<32>();
  const auto rnd = in.template take<32>();
  const auto any_sig = in.template take<Dsa::signature_bytes>();
  const auto msg = in.rest();
  on_every_backend([&](std::vector<u8>& out) {
    auto kp = Dsa::keygen_internal(xi);
    check(kp.has_value());
    put(out, kp->public_key.bytes().data(), Dsa::public_key_bytes);
    put(out, kp->private_key.bytes().data(), Dsa::private_key_bytes);
    auto sig = Dsa::sign_internal(kp->private_key, msg, rnd);
    check(sig.has_value());
    put(out, sig->data(), sig->size());
    check(Dsa::verify_internal(kp->public_key, msg, *sig));
    out.push_back(Dsa::verify_internal(kp->public_key, msg, any_sig) ? 1 : 0);
  });
}

void sha3(std::span<const u8> data) {
  on_every_backend([&](std::vector<u8>& out) {
    std::array<u8, 32> h{};
    tessera::sha3_256(data, h);
    put(out, h.data(), h.size());
    std::array<u8, 200> x{};
    tessera::shake128(data, x);
    put(out, x.data(), x.size());
    tessera::shake256(data, x);
    put(out, x.data(), x.size());
  });
}

// seal(key, nonce, aad, plain, ct, tag) / open(key, nonce, aad, ct, tag, plain) of one AEAD.
template <class Seal, class Open>
void aead(std::span<const u8> key, tessera::fuzz::Input& in, Seal seal, Open open) {
  const auto nonce = in.template take<12>();
  const auto any_tag = in.template take<16>();
  const std::size_t aad_len = in.byte();
  const std::span<const u8> rest = in.rest();
  const std::span<const u8> aad = rest.first(std::min(aad_len, rest.size()));
  const std::span<const u8> plain = rest.subspan(aad.size());
  on_every_backend([&](std::vector<u8>& out) {
    std::vector<u8> ct(plain.size()), back(plain.size(), 0xEE);
    std::array<u8, 16> tag{};
    check(seal(key, nonce, aad, plain, std::span<u8>(ct), std::span<u8>(tag)).has_value());
    put(out, ct.data(), ct.size());
    put(out, tag.data(), tag.size());
    check(open(key, nonce, aad, ct, tag, std::span<u8>(back)).has_value());
    check(std::equal(back.begin(), back.end(), plain.begin(), plain.end()));
    // Any other tag: a verdict, and on rejection an all-zero output.
    const bool other_ok = open(key, nonce, aad, ct, any_tag, std::span<u8>(back)).has_value();
    out.push_back(other_ok ? 1 : 0);
    if (!other_ok) check(std::all_of(back.begin(), back.end(), [](u8 b) { return b == 0; }));
    tag[any_tag[0] % 16] ^= static_cast<u8>(1u << (any_tag[1] % 8));
    std::fill(back.begin(), back.end(), 0xEE);
    check(!open(key, nonce, aad, ct, tag, std::span<u8>(back)).has_value());
    check(std::all_of(back.begin(), back.end(), [](u8 b) { return b == 0; }));
  });
}

// A keyed AES-GCM for a 12..16-byte tag, with an IV of 1..64 bytes (SP 800-38D takes any
// length; only 96 bits skips GHASH): seal, open, and a tag one byte short, which must be
// refused for its length (never compared on fewer bytes) with the output zeroed.
void gcm_keyed(std::span<const u8> key, tessera::fuzz::Input& in) {
  const std::size_t tag_bytes = tessera::kAesGcmMinTagBytes + in.byte() % 5;
  const auto iv_bytes = in.template take<64>();
  const std::span<const u8> iv(iv_bytes.data(), 1 + in.byte() % 64);
  const std::size_t aad_len = in.byte();
  const std::span<const u8> rest = in.rest();
  const std::span<const u8> aad = rest.first(std::min(aad_len, rest.size()));
  const std::span<const u8> plain = rest.subspan(aad.size());
  on_every_backend([&](std::vector<u8>& out) {
    tessera::AesGcm g;
    check(g.set_key(key, tag_bytes).has_value());
    std::vector<u8> ct(plain.size()), tag(tag_bytes), back(plain.size(), 0xEE);
    check(g.seal(iv, aad, plain, ct, tag).has_value());
    put(out, ct.data(), ct.size());
    put(out, tag.data(), tag.size());
    check(g.open(iv, aad, ct, tag, back).has_value());
    check(std::equal(back.begin(), back.end(), plain.begin(), plain.end()));
    const auto shorter = g.open(iv, aad, ct, std::span<const u8>(tag).first(tag_bytes - 1), back);
    check(!shorter.has_value() && shorter.error() == tessera::Error::invalid_length);
    check(std::all_of(back.begin(), back.end(), [](u8 b) { return b == 0; }));
  });
}

void aeads(tessera::fuzz::Input& in) {
  const u8 which = in.byte();
  const auto key = in.template take<32>();
  if (which % 4 == 3) {
    aead(key, in, tessera::chacha20_poly1305_seal, tessera::chacha20_poly1305_open);
  } else if (which & 0x80) {
    gcm_keyed(std::span<const u8>(key.data(), 16 + 8 * (which % 4)), in);
  } else {
    const std::size_t key_len = 16 + 8 * (which % 4);  // 16, 24, 32
    aead(std::span<const u8>(key.data(), key_len), in, tessera::aes_gcm_seal, tessera::aes_gcm_open);
  }
}

void sha2(std::span<const u8> data) {
  on_every_backend([&](std::vector<u8>& out) {
    std::array<u8, 32> h{};
    tessera::sha256(data, h);
    put(out, h.data(), h.size());
    std::array<u8, 64> h512{};
    tessera::sha512(data, h512);
    put(out, h512.data(), h512.size());
    tessera::hmac_sha256(data.first(std::min<std::size_t>(data.size(), 100)), data, h);
    put(out, h.data(), h.size());
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tessera::fuzz::Input in(data, size);
  switch (in.byte() % 9) {
    case 0: mlkem<tessera::mlkem::MlKem512>(in); break;
    case 1: mlkem<tessera::mlkem::MlKem768>(in); break;
    case 2: mlkem<tessera::mlkem::MlKem1024>(in); break;
    case 3: mldsa<tessera::MlDsa44>(in); break;
    case 4: mldsa<tessera::MlDsa65>(in); break;
    case 5: mldsa<tessera::MlDsa87>(in); break;
    case 6: sha3(in.rest()); break;
    case 7: aeads(in); break;
    default: sha2(in.rest()); break;
  }
  return 0;
}
