// P-256 / P-384: the portable kernel table, the table choice per backend (docs/
// architecture.md, "The seam"). (The fixed-base tables: p256_base_table.cpp and
// p384_base_table.cpp.)
#include "cpu/dispatch.hpp"
#include "cpu/features.hpp"
#include "ec/weierstrass_curve.hpp"
#include "ec/weierstrass_kernels.hpp"
#include "ec/weierstrass_scalar_mul.hpp"

namespace tessera::ec {

namespace {

template <class C>
struct Portable {
  using M = wmul::ScalarMul<C, PortableField<C>>;
  using Point = ProjectivePoint<C>;
  using Sc = ScalarInt<C>;
  static Point mul_base(const Sc& k) noexcept { return M::mul_base(Curve<C>::base_table(), k); }
  static Point mul_point(const Point& p, const Sc& k) noexcept { return M::mul_point(p, k); }
  static Point double_mul(const Sc& u1, const Point& q, const Sc& u2) noexcept {
    return M::double_mul_vartime(Curve<C>::base_table(), u1, q, u2);
  }
  static AffinePoint<C> to_affine(const Point& p) noexcept { return M::K::to_affine(p); }
  static WeierstrassKernels<C> table() noexcept {
    return WeierstrassKernels<C>{PortableField<C>::name, PortableField<C>::mul, PortableField<C>::sqr, mul_base, mul_point, double_mul, to_affine,
                                 M::scalar_mul, M::scalar_inv};
  }
};

template <class C>
WeierstrassKernels<C> make_kernels(Backend b) noexcept {
#if TESSERA_HAVE_AVX2 && defined(__x86_64__) && !defined(TESSERA_BIGNUM_LIMB32)
  // The avx2 and avx512 backends: the MULX/ADX field where the CPU has BMI2 and ADX.
  if (b != Backend::portable && cpu::features().bmi2 && cpu::features().adx) return weierstrass_mulx_table<C>();
#else
  (void)b;
#endif
  return Portable<C>::table();
}

}  // namespace

template <class C>
const WeierstrassKernels<C>& weierstrass_kernels_for(Backend b) noexcept {
  return cpu::table_for<WeierstrassKernels<C>, make_kernels<C>>(b);
}
template <class C>
const WeierstrassKernels<C>& weierstrass_kernels() noexcept {
  return weierstrass_kernels_for<C>(cpu::active());
}

template const WeierstrassKernels<P256>& weierstrass_kernels_for<P256>(Backend) noexcept;
template const WeierstrassKernels<P384>& weierstrass_kernels_for<P384>(Backend) noexcept;
template const WeierstrassKernels<P256>& weierstrass_kernels<P256>() noexcept;
template const WeierstrassKernels<P384>& weierstrass_kernels<P384>() noexcept;

template struct Curve<P256>;
template struct Curve<P384>;

}  // namespace tessera::ec
