// The P-256 / P-384 kernel table (docs/architecture.md, "The seam"): the scalar
// multiplications, the affine conversion and the arithmetic mod n of one field
// implementation, per curve. portable: bignum's CIOS Montgomery arithmetic (any limb
// width); avx2 and avx512 backends on CPUs with BMI2 and ADX: MULX/ADCX/ADOX Montgomery
// multiplication (src/ec/weierstrass_mulx.cpp). Every implementation keeps field elements
// in the same Montgomery form, so points and scalars cross between tables unchanged.
#pragma once

#include "ec/weierstrass_point.hpp"

#include <tessera/backend.hpp>

namespace tessera::ec {

template <class C>
struct WeierstrassKernels {
  using Point = ProjectivePoint<C>;
  using Affine = AffinePoint<C>;
  using Sc = ScalarInt<C>;
  using Fe = FieldInt<C>;
  const char* name;
  // The field's Montgomery multiplication and squaring (inputs in [0, p)): for tests and
  // for callers outside the hot loops.
  void (*field_mul)(Fe& r, const Fe& a, const Fe& b) noexcept;
  void (*field_sqr)(Fe& r, const Fe& a) noexcept;
  // k G, constant time (k < n, secret).
  Point (*mul_base)(const Sc& k) noexcept;
  // k P, constant time in k and P (k < n).
  Point (*mul_point)(const Point& p, const Sc& k) noexcept;
  // u1 G + u2 Q, variable time (public inputs only: ECDSA verification).
  Point (*double_mul_vartime)(const Sc& u1, const Point& q, const Sc& u2) noexcept;
  // (X/Z, Y/Z), constant time; O maps to (0, 0).
  Affine (*to_affine)(const Point& p) noexcept;
  // a b mod n and a^-1 mod n (0 maps to 0), plain integers in [0, n), constant time.
  void (*scalar_mul)(Sc& r, const Sc& a, const Sc& b) noexcept;
  void (*scalar_inv)(Sc& r, const Sc& a) noexcept;
  friend bool operator==(const WeierstrassKernels&, const WeierstrassKernels&) = default;
};

// The table of the MULX/ADX field (x86-64 SIMD builds with 64-bit limbs only).
template <class C>
WeierstrassKernels<C> weierstrass_mulx_table() noexcept;

template <class C>
const WeierstrassKernels<C>& weierstrass_kernels_for(Backend b) noexcept;
template <class C>
const WeierstrassKernels<C>& weierstrass_kernels() noexcept;

}  // namespace tessera::ec
