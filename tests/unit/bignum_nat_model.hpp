// The shared part of bignum-nat-unit-tests (bignum_nat_test.cpp, bignum_nat_exp_test.cpp):
// random naturals, the test moduli, OpenSSL's BIGNUM as the model, and the NatMontTest
// fixture parameterised by the Montgomery kernel.
#pragma once

#include "bignum/nat.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

#if TESSERA_TEST_HAVE_OPENSSL
#include <openssl/bn.h>
#endif

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace nat_test {

using namespace tessera::bignum;
using Nat = std::vector<Limb>;
inline constexpr Limb kAllOnes = static_cast<Limb>(~Limb{0});

inline Nat random_nat(std::mt19937_64& rng, std::size_t limbs) {
  Nat a(limbs);
  for (Limb& l : a) l = static_cast<Limb>(rng());
  return a;
}

#if TESSERA_TEST_HAVE_OPENSSL

struct BnFree {
  void operator()(BIGNUM* b) const noexcept { BN_free(b); }
};
struct CtxFree {
  void operator()(BN_CTX* c) const noexcept { BN_CTX_free(c); }
};
using Bn = std::unique_ptr<BIGNUM, BnFree>;
using Ctx = std::unique_ptr<BN_CTX, CtxFree>;

inline Bn bn(NatView a) {
  std::vector<std::uint8_t> le(a.size() * sizeof(Limb));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t k = 0; k < sizeof(Limb); ++k) le[i * sizeof(Limb) + k] = static_cast<std::uint8_t>(a[i] >> (8 * k));
  return Bn(BN_lebin2bn(le.data(), static_cast<int>(le.size()), nullptr));
}
inline Bn bn_new() { return Bn(BN_new()); }
// x as `limbs` limbs (a failed test if it does not fit).
inline Nat nat(const BIGNUM* x, std::size_t limbs) {
  std::vector<std::uint8_t> le(limbs * sizeof(Limb));
  EXPECT_EQ(BN_bn2lebinpad(x, le.data(), static_cast<int>(le.size())), static_cast<int>(le.size()));
  Nat out(limbs, 0);
  for (std::size_t i = 0; i < le.size(); ++i) out[i / sizeof(Limb)] |= static_cast<Limb>(static_cast<Limb>(le[i]) << (8 * (i % sizeof(Limb))));
  return out;
}
inline std::string hex(NatView a) {
  Bn b = bn(a);
  char* s = BN_bn2hex(b.get());
  std::string out(s);
  OPENSSL_free(s);
  return out;
}

// The moduli: for each size, the top bit set, a random top limb, a top limb of 1 and an
// all-ones top limb (all odd).
inline std::vector<Nat> test_moduli() {
  std::mt19937_64 rng(0x7e55e7a);
  std::vector<Nat> out;
  for (std::size_t n : {1u, 2u, 3u, 16u, 17u, 24u, 32u, 48u, 63u, 64u}) {
    for (int kind = 0; kind < 4; ++kind) {
      Nat m = random_nat(rng, n);
      m[0] |= 1;
      if (kind == 0) m[n - 1] |= static_cast<Limb>(Limb{1} << (kLimbBits - 1));
      if (kind == 1 && m[n - 1] == 0) m[n - 1] = 1;
      if (kind == 2) {
        if (n == 1) continue;  // would be m = 1
        m[n - 1] = 1;
      }
      if (kind == 3) m[n - 1] = kAllOnes;
      out.push_back(m);
    }
  }
  return out;
}

enum class Kernel { portable, mulx, ifma };

inline bool mulx_available() {
#if TESSERA_HAVE_AVX2 && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
  return tessera::cpu::features().bmi2 && tessera::cpu::features().adx;
#else
  return false;
#endif
}

// Whether mont_init picks the AVX-512 IFMA exponentiation (avx512 backend, CPU with IFMA).
inline bool ifma_available() {
  Nat m(16, kAllOnes);
  MontModulus mod;
  return mont_init(mod, m) && mod.ifma;
}

// The model's view of one modulus: m, R = 2^(w n), R^-1 mod m.
struct Model {
  Ctx ctx{BN_CTX_new()};
  Bn m, r, rinv;
  std::size_t n;
  explicit Model(const Nat& mod) : m(bn(mod)), r(bn_new()), rinv(bn_new()), n(mod.size()) {
    BN_set_bit(r.get(), static_cast<int>(kLimbBits * n));
    Bn rm = bn_new();
    BN_mod(rm.get(), r.get(), m.get(), ctx.get());
    EXPECT_NE(BN_mod_inverse(rinv.get(), rm.get(), m.get(), ctx.get()), nullptr);
  }
  // x y^k mod m for k = 1 (R) or -1 (R^-1), as n limbs.
  Nat times_r(const BIGNUM* x, int k) {
    Bn t = bn_new();
    BN_mod_mul(t.get(), x, k > 0 ? r.get() : rinv.get(), m.get(), ctx.get());
    return nat(t.get(), n);
  }
  Nat mod(const BIGNUM* x) {
    Bn t = bn_new();
    BN_nnmod(t.get(), x, m.get(), ctx.get());
    return nat(t.get(), n);
  }
};

class NatMontTest : public ::testing::TestWithParam<Kernel> {
 protected:
  void SetUp() override {
    if (GetParam() == Kernel::mulx && !mulx_available()) GTEST_SKIP() << "no MULX/ADX kernel on this CPU/build";
    if (GetParam() == Kernel::ifma && !ifma_available())
      GTEST_SKIP() << "no AVX-512 IFMA exponentiation (needs the avx512 backend and a CPU with IFMA)";
  }
  // Sets up mod for m with the kernel under test; false when the kernel does not apply.
  bool init(MontModulus& mod, const Nat& m) {
    EXPECT_TRUE(mont_init(mod, m)) << hex(m);
    if (GetParam() == Kernel::ifma) return mod.ifma;  // mont_init's choice, for 8 <= n <= 64
    mod.ifma = false;
    if (GetParam() == Kernel::portable) {
      mod.mul = mont_mul_portable;
      return true;
    }
#if TESSERA_HAVE_AVX2 && defined(__x86_64__) && defined(__SIZEOF_INT128__) && !defined(TESSERA_BIGNUM_LIMB32)
    if (m.size() % 4 != 0) return false;
    mod.mul = mont_mul_mulx;
    return true;
#else
    return false;
#endif
  }
  // A value below m (random, reduced by the model).
  static Nat below(std::mt19937_64& rng, Model& md) {
    Bn x = bn(random_nat(rng, md.n + 1));
    return md.mod(x.get());
  }
  static Nat minus_one(const Nat& m) {
    Nat r = m;
    r[0] -= 1;  // m is odd
    return r;
  }
};

inline std::string kernel_name(const ::testing::TestParamInfo<Kernel>& p) {
  return p.param == Kernel::portable ? "portable" : p.param == Kernel::mulx ? "mulx" : "ifma";
}

#endif

}  // namespace nat_test
