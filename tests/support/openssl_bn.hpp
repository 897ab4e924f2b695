// libcrypto as the tests' model of big-integer and curve arithmetic: RAII owners for
// BIGNUM, BN_CTX, EC_GROUP and EC_POINT, conversions between BIGNUM and Tessera's
// fixed-size integers (src/bignum/uint.hpp), and the OpenSSL curve of a P-curve tag.
// Test code only: the library itself never includes OpenSSL.
#pragma once

#include "bignum/uint.hpp"

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace tessera::test {

template <class T, void (*F)(T*)>
struct OpensslFree {
  void operator()(T* p) const noexcept { F(p); }
};
using Bn = std::unique_ptr<BIGNUM, OpensslFree<BIGNUM, BN_free>>;
using BnCtx = std::unique_ptr<BN_CTX, OpensslFree<BN_CTX, BN_CTX_free>>;
using EcGroup = std::unique_ptr<EC_GROUP, OpensslFree<EC_GROUP, EC_GROUP_free>>;
using EcPoint = std::unique_ptr<EC_POINT, OpensslFree<EC_POINT, EC_POINT_free>>;

// a as a BIGNUM (any limb width).
template <class L, std::size_t N>
Bn to_bn(const bignum::Uint<L, N>& a) {
  std::array<std::uint8_t, N * sizeof(L)> b{};
  bignum::to_be_bytes<L, N>(b, a);
  return Bn(BN_bin2bn(b.data(), static_cast<int>(b.size()), nullptr));
}
// x (which must fit in N limbs) as a Uint<L, N>; a failed test if it does not fit.
template <class L, std::size_t N>
bignum::Uint<L, N> from_bn(const BIGNUM* x) {
  std::array<std::uint8_t, N * sizeof(L)> b{};
  EXPECT_EQ(BN_bn2binpad(x, b.data(), static_cast<int>(b.size())), static_cast<int>(b.size()));
  return bignum::from_be_bytes<L, N>(std::span<const std::uint8_t, N * sizeof(L)>(b));
}
template <class U>
U from_bn(const BIGNUM* x) {
  return from_bn<typename U::limb_type, U::limbs>(x);
}

// The OpenSSL NID of a curve tag (ec::P256, ec::P384).
template <class C>
constexpr int curve_nid() {
  static_assert(C::field_bytes == 32 || C::field_bytes == 48, "P-256 or P-384");
  return C::field_bytes == 32 ? NID_X9_62_prime256v1 : NID_secp384r1;
}

}  // namespace tessera::test
