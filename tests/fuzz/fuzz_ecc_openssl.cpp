// libFuzzer target: P-256 / P-384 differentially against OpenSSL's libcrypto (EC_POINT,
// BIGNUM). Selector byte: bit 0 picks the curve, bit 1 the operation; the rest is the input.
//   parse:  the input as a SEC1 public key. Tessera accepts it iff OpenSSL decodes it to a
//           point on the curve other than O with a 0x02/0x03/0x04 prefix (OpenSSL also takes
//           the single byte 0x00 as O and the hybrid 0x06/0x07 forms, which SEC1 2.3.4 and
//           SP 800-56A 5.6.2.3.3 exclude); accepted keys re-encode identically. When valid,
//           ECDH with a fixed private key gives the x-coordinate OpenSSL computes.
//   scalar: the first scalar_bytes as a private key: accepted iff in [1, n-1], and then
//           Q = d G equals OpenSSL's; ECDH with the fixed peer 7G equals OpenSSL's d (7G).
// Any disagreement aborts.
#include <tessera/ec.hpp>

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

std::vector<std::uint8_t> x_of(const EC_GROUP* g, const EC_POINT* p, std::size_t len, BN_CTX* ctx) {
  BIGNUM* x = BN_new();
  EC_POINT_get_affine_coordinates(g, p, x, nullptr, ctx);
  std::vector<std::uint8_t> out(len);
  BN_bn2binpad(x, out.data(), static_cast<int>(len));
  BN_free(x);
  return out;
}

template <class C>
void run(int nid, bool scalar_mode, const std::uint8_t* data, std::size_t size) {
  EC_GROUP* g = EC_GROUP_new_by_curve_name(nid);
  BN_CTX* ctx = BN_CTX_new();
  // A fixed private key d0 = 0x01...01 (scalar_bytes of 0x01) and the peer 7G.
  std::vector<std::uint8_t> d0(C::scalar_bytes, 0x01);
  auto sk0 = tessera::ec::PrivateKey<C>::from_bytes(d0);
  check(sk0.has_value());
  BIGNUM* d0_bn = BN_bin2bn(d0.data(), static_cast<int>(d0.size()), nullptr);
  if (!scalar_mode) {
    auto ours = tessera::ec::PublicKey<C>::from_bytes({data, size});
    EC_POINT* p = EC_POINT_new(g);
    const bool prefix_ok = size > 0 && (data[0] == 0x02 || data[0] == 0x03 || data[0] == 0x04);
    const bool theirs = prefix_ok && EC_POINT_oct2point(g, p, data, size, ctx) == 1 && !EC_POINT_is_at_infinity(g, p) &&
                        EC_POINT_is_on_curve(g, p, ctx) == 1;
    check(ours.has_value() == theirs);
    if (theirs) {
      std::vector<std::uint8_t> enc(1 + 2 * C::field_bytes);
      EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, enc.data(), enc.size(), ctx);
      check(std::memcmp(enc.data(), ours->bytes().data(), enc.size()) == 0);
      auto z = tessera::ec::Ecdh<C>::agree(*sk0, *ours);
      check(z.has_value());
      EC_POINT* s = EC_POINT_new(g);
      EC_POINT_mul(g, s, nullptr, p, d0_bn, ctx);
      check(x_of(g, s, C::field_bytes, ctx) == std::vector<std::uint8_t>(z->span().begin(), z->span().end()));
      EC_POINT_free(s);
    }
    EC_POINT_free(p);
  } else if (size >= C::scalar_bytes) {
    auto sk = tessera::ec::PrivateKey<C>::from_bytes({data, C::scalar_bytes});
    BIGNUM* d = BN_bin2bn(data, static_cast<int>(C::scalar_bytes), nullptr);
    const bool in_range = !BN_is_zero(d) && BN_cmp(d, EC_GROUP_get0_order(g)) < 0;
    check(sk.has_value() == in_range);
    if (in_range) {
      EC_POINT* q = EC_POINT_new(g);
      EC_POINT_mul(g, q, d, nullptr, nullptr, ctx);
      std::vector<std::uint8_t> enc(1 + 2 * C::field_bytes);
      EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, enc.data(), enc.size(), ctx);
      check(std::memcmp(enc.data(), sk->public_key().bytes().data(), enc.size()) == 0);
      // ECDH with the peer 7G.
      BIGNUM* seven = BN_new();
      BN_set_word(seven, 7);
      EC_POINT* peer = EC_POINT_new(g);
      EC_POINT_mul(g, peer, seven, nullptr, nullptr, ctx);
      EC_POINT_point2oct(g, peer, POINT_CONVERSION_UNCOMPRESSED, enc.data(), enc.size(), ctx);
      auto z = tessera::ec::Ecdh<C>::agree(*sk, enc);
      check(z.has_value());
      EC_POINT_mul(g, q, nullptr, peer, d, ctx);
      check(x_of(g, q, C::field_bytes, ctx) == std::vector<std::uint8_t>(z->span().begin(), z->span().end()));
      EC_POINT_free(peer);
      BN_free(seven);
      EC_POINT_free(q);
    }
    BN_free(d);
  }
  BN_free(d0_bn);
  BN_CTX_free(ctx);
  EC_GROUP_free(g);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t sel = data[0];
  const bool scalar_mode = (sel & 2) != 0;
  if (sel & 1)
    run<tessera::ec::P384>(NID_secp384r1, scalar_mode, data + 1, size - 1);
  else
    run<tessera::ec::P256>(NID_X9_62_prime256v1, scalar_mode, data + 1, size - 1);
  return 0;
}
