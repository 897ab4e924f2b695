// P-256 / P-384 with the MULX/ADX Montgomery multiplication (src/bignum/mont_mulx.hpp):
// the scalar multiplications and the arithmetic mod n instantiated for it. Compiled only
// in x86-64 SIMD builds (src/ec/sources.cmake) and called only when the CPU has BMI2 and
// ADX (the kernel table in weierstrass_mul.cpp).
#include "bignum/uint.hpp"

// A build that forces 32-bit limbs (TESSERA_BIGNUM_LIMB32) has no 64-bit field to speed up.
#if !defined(TESSERA_BIGNUM_LIMB32) && defined(__SIZEOF_INT128__)
#include "bignum/mont_mulx.hpp"
#include "ec/p256_field_mulx.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_kernels.hpp"
#include "ec/weierstrass_scalar_mul.hpp"

#include <type_traits>

namespace tessera::ec {

namespace {

template <class C>
struct MulxField : PortableField<C> {
  using P = CurveParams<C>;
  using Fe = FieldInt<C>;
  using Sc = ScalarInt<C>;
  static constexpr const char* name = "radix 2^64 (MULX/ADX)";
  // P-256's field has its own reduction and register-only add/sub (p256_field_mulx.hpp).
  static constexpr bool kP256 = std::is_same_v<C, P256>;
  [[gnu::always_inline]] static void mul(Fe& r, const Fe& a, const Fe& b) noexcept {
    if constexpr (kP256) {
      p256x::mul(r, a, b);
    } else {
      bignum::mulx::mont_mul(r, a, b, P::fp);
    }
  }
  [[gnu::always_inline]] static void sqr(Fe& r, const Fe& a) noexcept {
    if constexpr (kP256) {
      p256x::sqr(r, a);
    } else {
      mul(r, a, a);
    }
  }
  [[gnu::always_inline]] static void add(Fe& r, const Fe& a, const Fe& b) noexcept {
    if constexpr (kP256) {
      p256x::add(r, a, b);
    } else {
      bignum::x86::add_mod(r, a, b, P::p);
    }
  }
  [[gnu::always_inline]] static void sub(Fe& r, const Fe& a, const Fe& b) noexcept {
    if constexpr (kP256) {
      p256x::sub(r, a, b);
    } else {
      bignum::x86::sub_mod(r, a, b, P::p);
    }
  }
  static void nmul(Sc& r, const Sc& a, const Sc& b) noexcept { bignum::mulx::mont_mul(r, a, b, P::fn); }
  // (mont_sqr4 needs n < 2^256 - 2^192: P-256's n = 2^256 - 2^224 + ...)
  static void nsqr(Sc& r, const Sc& a) noexcept {
    if constexpr (kP256) {
      bignum::mulx::mont_sqr4(r, a, P::fn);
    } else {
      nmul(r, a, a);
    }
  }
};

template <class C>
struct Mulx {
  using F = MulxField<C>;
  using M = wmul::ScalarMul<C, F>;
  using Point = ProjectivePoint<C>;
  using Sc = ScalarInt<C>;
  static Point mul_base(const Sc& k) noexcept { return M::mul_base(Curve<C>::base_table(), k); }
  static Point mul_point(const Point& p, const Sc& k) noexcept { return M::mul_point(p, k); }
  static Point double_mul(const Sc& u1, const Point& q, const Sc& u2) noexcept {
    return M::double_mul_vartime(Curve<C>::base_table(), u1, q, u2);
  }
  static AffinePoint<C> to_affine(const Point& p) noexcept { return M::K::to_affine(p); }
  static void field_mul(FieldInt<C>& r, const FieldInt<C>& a, const FieldInt<C>& b) noexcept { F::mul(r, a, b); }
  static void field_sqr(FieldInt<C>& r, const FieldInt<C>& a) noexcept { F::sqr(r, a); }
};

}  // namespace

template <class C>
WeierstrassKernels<C> weierstrass_mulx_table() noexcept {
  using X = Mulx<C>;
  return WeierstrassKernels<C>{X::F::name, X::field_mul, X::field_sqr, X::mul_base, X::mul_point, X::double_mul, X::to_affine,
                               X::M::scalar_mul, X::M::scalar_inv};
}

template WeierstrassKernels<P256> weierstrass_mulx_table<P256>() noexcept;
template WeierstrassKernels<P384> weierstrass_mulx_table<P384>() noexcept;

}  // namespace tessera::ec
#endif
