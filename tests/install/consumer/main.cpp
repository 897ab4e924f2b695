// A program outside the Tessera tree, built against an installed copy: every public header
// (through tessera.hpp) compiles on its own, and the exported API links and works, static
// and shared: SHA3-256("abc") against FIPS 202, an ML-KEM-768 round trip, ML-DSA-44
// sign/verify, an AES-256-GCM round trip.
#include <tessera/tessera.hpp>

#include <array>
#include <cstdio>
#include <cstring>

namespace {
int failures = 0;
void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}
}  // namespace

int main() {
  const std::uint8_t abc[3] = {'a', 'b', 'c'};
  std::array<std::uint8_t, 32> d{};
  tessera::sha3_256(abc, d);
  static const std::uint8_t expected[32] = {
      0x3a, 0x98, 0x5d, 0xa7, 0x4f, 0xe2, 0x25, 0xb2, 0x04, 0x5c, 0x17, 0x2d, 0x6b, 0xd3, 0x90, 0xbd,
      0x85, 0x5f, 0x08, 0x6e, 0x3e, 0x9d, 0x52, 0x5b, 0x46, 0xbf, 0xe2, 0x45, 0x11, 0x43, 0x15, 0x32};
  check(std::memcmp(d.data(), expected, 32) == 0, "SHA3-256(\"abc\")");

  using tessera::mlkem::MlKem768;
  static_assert(tessera::KemScheme<MlKem768> && tessera::SignatureScheme<tessera::MlDsa44>);
  auto kp = MlKem768::generate_key();
  check(kp.has_value(), "ML-KEM-768 generate_key");
  if (kp) {
    auto enc = MlKem768::encapsulate(kp->public_key);
    check(enc.has_value(), "ML-KEM-768 encapsulate");
    if (enc) {
      auto ss = MlKem768::decapsulate(kp->private_key, enc->ciphertext);
      check(ss && std::memcmp(ss->data(), enc->shared_secret.data(), 32) == 0, "ML-KEM-768 round trip");
    }
  }

  auto dsa = tessera::MlDsa44::generate_key();
  check(dsa.has_value(), "ML-DSA-44 keygen");
  if (dsa) {
    auto sig = tessera::MlDsa44::sign(dsa->private_key, abc);
    check(sig && tessera::MlDsa44::verify(dsa->public_key, abc, *sig), "ML-DSA-44 sign/verify");
  }

  std::array<std::uint8_t, 32> key{};
  std::array<std::uint8_t, 12> nonce{};
  std::array<std::uint8_t, 3> ct{}, back{};
  std::array<std::uint8_t, 16> tag{};
  check(tessera::aes_gcm_seal(key, nonce, {}, abc, ct, tag).has_value(), "AES-GCM seal");
  check(tessera::aes_gcm_open(key, nonce, {}, ct, tag, back).has_value() && back[2] == 'c', "AES-GCM open");

  std::puts(failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
