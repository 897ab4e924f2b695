// src/bignum/safegcd.hpp (Bernstein-Yang divsteps inversion) against BN_mod_inverse: the
// published prime moduli of P-256 and P-384 (p and n) and 2^255 - 19, on edge values (0, 1,
// 2, m-1, m-2, powers of two and m minus them, all-ones and alternating patterns) and 3000
// random values each; and the step counts of Theorem 11.2 for the two sizes.
#include "bignum/safegcd.hpp"
#include "bignum/uint.hpp"
#include "support/openssl_bn.hpp"

#include <openssl/bn.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using tessera::bignum::Uint;
namespace sg = tessera::bignum::safegcd;
using tessera::test::Bn;
using tessera::test::from_bn;
using tessera::test::to_bn;

template <std::size_t N>
Uint<std::uint64_t, N> parse(const char* h) {
  BIGNUM* b = nullptr;
  BN_hex2bn(&b, h);
  Bn owned(b);
  return from_bn<std::uint64_t, N>(b);
}

template <std::size_t Bits, std::size_t N>
void check_modulus(const char* hex_m) {
  using U = Uint<std::uint64_t, N>;
  const U m = parse<N>(hex_m);
  const auto mod = sg::modulus62(m);
  Bn bm = to_bn(m);
  BN_CTX* ctx = BN_CTX_new();
  std::vector<Bn> xs;
  auto push_word = [&](unsigned long w) {
    Bn b(BN_new());
    BN_set_word(b.get(), w);
    xs.push_back(std::move(b));
  };
  for (unsigned long w : {0ul, 1ul, 2ul, 3ul}) push_word(w);
  for (unsigned long w : {1ul, 2ul}) {
    Bn b(BN_dup(bm.get()));
    BN_sub_word(b.get(), w);
    xs.push_back(std::move(b));
  }
  for (int k = 1; k < static_cast<int>(Bits); k += 7) {
    Bn p(BN_new()), q(BN_new());
    BN_set_bit(p.get(), k);
    BN_sub(q.get(), bm.get(), p.get());
    if (BN_cmp(p.get(), bm.get()) < 0) xs.push_back(std::move(p));
    if (!BN_is_negative(q.get())) xs.push_back(std::move(q));
  }
  for (const char* pattern : {"f", "a", "5", "c3"}) {
    std::string h;
    while (h.size() < Bits / 4) h += pattern;
    h.resize(Bits / 4);
    BIGNUM* b = nullptr;
    BN_hex2bn(&b, h.c_str());
    BN_nnmod(b, b, bm.get(), ctx);
    xs.emplace_back(b);
  }
  std::mt19937_64 rng(Bits * 31 + static_cast<unsigned>(m.v[0] & 0xffff));
  for (int i = 0; i < 3000; ++i) {
    U x{};
    for (auto& l : x.v) l = rng();
    Bn b = to_bn(x);
    BN_nnmod(b.get(), b.get(), bm.get(), ctx);
    xs.push_back(std::move(b));
  }
  Bn want(BN_new());
  for (const Bn& xb : xs) {
    const U x = from_bn<std::uint64_t, N>(xb.get());
    U got{};
    sg::inverse<Bits>(got, x, mod);
    if (BN_is_zero(xb.get())) {
      EXPECT_EQ(tessera::bignum::is_zero_mask(got), ~std::uint64_t{0}) << "0 maps to 0";
      continue;
    }
    ASSERT_NE(BN_mod_inverse(want.get(), xb.get(), bm.get(), ctx), nullptr);
    const U w = from_bn<std::uint64_t, N>(want.get());
    for (std::size_t i = 0; i < N; ++i) ASSERT_EQ(got.v[i], w.v[i]) << hex_m << ": x = " << BN_bn2hex(xb.get());
  }
  BN_CTX_free(ctx);
}

TEST(SafeGcd, StepBoundIsTheoremElevenTwo) {
  EXPECT_EQ(sg::divsteps_for_bits(256), 741u);
  EXPECT_EQ(sg::divsteps_for_bits(384), 1110u);
}

TEST(SafeGcd, InverseMatchesBignumP256AndCurve25519Moduli) {
  check_modulus<256, 4>("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
  check_modulus<256, 4>("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
  check_modulus<255, 4>("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");
}

TEST(SafeGcd, InverseMatchesBignumP384Moduli) {
  check_modulus<384, 6>(
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff");
  check_modulus<384, 6>(
      "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973");
}

}  // namespace
