// libFuzzer target: RSA differentially against OpenSSL's libcrypto. The first byte selects
// the mode (mod 5); the rest is the input. A 2048-bit key is made by OpenSSL once per
// process and imported into Tessera through its PKCS#1 DER.
//   0 public DER:  Tessera's PublicKey::from_der accepts only what OpenSSL's
//                  d2i_RSAPublicKey accepts, with the same n and e, and re-encodes the
//                  input byte for byte (the strict reader admits one encoding per key).
//   1 private DER: the same for PrivateKey::from_der against d2i_RSAPrivateKey; with an
//                  accepted key, RSASP1 of a fixed value equals OpenSSL's or is refused by
//                  the fault check (the import does not test p and q for primality: a key
//                  with a composite p that is otherwise consistent loads, and its first use
//                  fails with Error::invalid_state).
//   2 signatures:  the input (padded or cut to k bytes) as a PKCS#1 v1.5 and a PSS
//                  (SHA-256, salt 32) signature of a fixed message: Tessera's verdicts equal
//                  OpenSSL's.
//   3 OAEP:        the input as a k-byte ciphertext: Tessera's decrypt_oaep (SHA-256)
//                  succeeds exactly when OpenSSL's does, with the same message.
//   4 RSASP1:      the input as a k-byte representative: rsasp1 succeeds exactly when it
//                  is below n, and equals OpenSSL's raw private operation.
// Any disagreement aborts.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <tessera/rsa.hpp>

#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

struct Fixture {
  RSA* rsa = nullptr;
  EVP_PKEY* pkey = nullptr;
  tessera::rsa::PrivateKey* sk = nullptr;
  std::size_t k = 0;
  std::vector<std::uint8_t> msg = std::vector<std::uint8_t>(32, 0x5a);

  Fixture() {
    pkey = EVP_RSA_gen(2048);
    check(pkey != nullptr);
    rsa = EVP_PKEY_get1_RSA(pkey);
    unsigned char* der = nullptr;
    const int len = i2d_RSAPrivateKey(rsa, &der);
    check(len > 0);
    auto imported = tessera::rsa::PrivateKey::from_der({der, static_cast<std::size_t>(len)});
    OPENSSL_clear_free(der, static_cast<std::size_t>(len));
    check(imported.has_value());
    sk = new tessera::rsa::PrivateKey(std::move(*imported));
    k = sk->public_key().modulus_bytes();
  }
};

const Fixture& fixture() {
  static const Fixture f;
  return f;
}

std::vector<std::uint8_t> bn_bytes(const BIGNUM* b) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(BN_num_bytes(b)));
  BN_bn2bin(b, out.data());
  return out;
}
std::vector<std::uint8_t> as_vec(const tessera::rsa::Block& b) { return {b.bytes().begin(), b.bytes().end()}; }

void public_der(const std::uint8_t* data, std::size_t size) {
  auto ours = tessera::rsa::PublicKey::from_der({data, size});
  if (!ours) return;
  const unsigned char* p = data;
  RSA* theirs = d2i_RSAPublicKey(nullptr, &p, static_cast<long>(size));
  check(theirs != nullptr && p == data + size);
  check(as_vec(ours->modulus()) == bn_bytes(RSA_get0_n(theirs)));
  check(as_vec(ours->public_exponent()) == bn_bytes(RSA_get0_e(theirs)));
  std::vector<std::uint8_t> again(tessera::rsa::PublicKey::der_max_bytes());
  auto n = ours->to_der(again);
  check(n.has_value() && *n == size && std::memcmp(again.data(), data, size) == 0);
  RSA_free(theirs);
}

void private_der(const std::uint8_t* data, std::size_t size) {
  auto ours = tessera::rsa::PrivateKey::from_der({data, size});
  if (!ours) return;
  const unsigned char* p = data;
  RSA* theirs = d2i_RSAPrivateKey(nullptr, &p, static_cast<long>(size));
  check(theirs != nullptr && p == data + size);
  std::vector<std::uint8_t> again(tessera::rsa::PrivateKey::der_max_bytes());
  auto n = ours->to_der(again);
  check(n.has_value() && *n == size && std::memcmp(again.data(), data, size) == 0);
  const std::size_t k = ours->public_key().modulus_bytes();
  std::vector<std::uint8_t> m(k, 0), out(k);
  m[k - 1] = 2;
  auto s = tessera::rsa::rsasp1(*ours, m);
  if (s) {
    check(RSA_private_encrypt(static_cast<int>(k), m.data(), out.data(), theirs, RSA_NO_PADDING) == static_cast<int>(k));
    check(as_vec(*s) == out);
  } else {
    check(s.error() == tessera::Error::invalid_state);
  }
  RSA_free(theirs);
}

std::vector<std::uint8_t> k_bytes(const std::uint8_t* data, std::size_t size, std::size_t k) {
  std::vector<std::uint8_t> v(k, 0);
  std::memcpy(v.data(), data, size < k ? size : k);
  return v;
}

bool openssl_verify(int padding, const std::vector<std::uint8_t>& sig) {
  const Fixture& f = fixture();
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_PKEY_CTX* pctx = nullptr;
  bool ok = EVP_DigestVerifyInit(ctx, &pctx, EVP_sha256(), nullptr, f.pkey) == 1 &&
            EVP_PKEY_CTX_set_rsa_padding(pctx, padding) == 1 &&
            (padding != RSA_PKCS1_PSS_PADDING || EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, 32) == 1);
  ok = ok && EVP_DigestVerify(ctx, sig.data(), sig.size(), f.msg.data(), f.msg.size()) == 1;
  EVP_MD_CTX_free(ctx);
  return ok;
}

void signatures(const std::uint8_t* data, std::size_t size) {
  const Fixture& f = fixture();
  const auto sig = k_bytes(data, size, f.k);
  const auto& pk = f.sk->public_key();
  check(tessera::rsa::verify_pkcs1_v15(pk, tessera::HashId::sha256, f.msg, sig) == openssl_verify(RSA_PKCS1_PADDING, sig));
  const tessera::rsa::PssParams pss{tessera::HashId::sha256, 32, tessera::rsa::MaskFunction::mgf1};
  check(tessera::rsa::verify_pss(pk, pss, f.msg, sig) == openssl_verify(RSA_PKCS1_PSS_PADDING, sig));
}

void oaep(const std::uint8_t* data, std::size_t size) {
  const Fixture& f = fixture();
  const auto c = k_bytes(data, size, f.k);
  auto ours = tessera::rsa::decrypt_oaep(*f.sk, tessera::rsa::OaepParams{}, c);
  EVP_PKEY_CTX* ctx = EVP_PKEY_CTX_new(f.pkey, nullptr);
  std::vector<std::uint8_t> out(f.k);
  std::size_t n = out.size();
  const bool theirs = EVP_PKEY_decrypt_init(ctx) == 1 && EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) == 1 &&
                      EVP_PKEY_CTX_set_rsa_oaep_md(ctx, EVP_sha256()) == 1 &&
                      EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha256()) == 1 &&
                      EVP_PKEY_decrypt(ctx, out.data(), &n, c.data(), c.size()) == 1;
  EVP_PKEY_CTX_free(ctx);
  check(ours.has_value() == theirs);
  if (theirs) check(ours->size == n && std::memcmp(ours->data.data(), out.data(), n) == 0);
}

void rsasp1(const std::uint8_t* data, std::size_t size) {
  const Fixture& f = fixture();
  const auto m = k_bytes(data, size, f.k);
  auto ours = tessera::rsa::rsasp1(*f.sk, m);
  std::vector<std::uint8_t> out(f.k);
  const int n = RSA_private_encrypt(static_cast<int>(m.size()), m.data(), out.data(), f.rsa, RSA_NO_PADDING);
  check(ours.has_value() == (n == static_cast<int>(f.k)));
  if (ours) check(as_vec(*ours) == out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t mode = static_cast<std::uint8_t>(data[0] % 5);
  ++data;
  --size;
  switch (mode) {
    case 0: public_der(data, size); break;
    case 1: private_der(data, size); break;
    case 2: signatures(data, size); break;
    case 3: oaep(data, size); break;
    default: rsasp1(data, size); break;
  }
  return 0;
}
