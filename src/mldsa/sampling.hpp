// ML-DSA pseudorandom sampling (FIPS 204, Section 7.3). Batched through the 4-way SHAKE
// sponges of src/hash/shake_batch.hpp so SIMD Keccak kernels speed them up.
#pragma once

#include "mldsa/kernels.hpp"

#include <cstdint>
#include <span>

namespace tessera::mldsa {

// FIPS 204, Algorithm 32 (ExpandA): a_hat[r * l + s] = RejNTTPoly(rho || s || r).
// Coefficients standard [0, q). rho is public.
void expand_a(const Kernels& kern, Poly* a_hat, int k, int l, const std::uint8_t* rho) noexcept;

// FIPS 204, Algorithm 33 (ExpandS): s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)) for
// r < l + k (s1 = s[0..l), s2 = s[l..l+k)). Coefficients centered in [-eta, eta].
void expand_s(const Kernels& kern, Poly* s, int k, int l, int eta, const std::uint8_t* rho_prime) noexcept;

// FIPS 204, Algorithm 34 (ExpandMask): y[r] = BitUnpack(H(rho'' || IntegerToBytes(kappa + r, 2)),
// gamma1 - 1, gamma1) for r < l. Coefficients centered in (-gamma1, gamma1].
void expand_mask(const Kernels& kern, Poly* y, int l, int gamma1_bits, const std::uint8_t* rho_pp,
                 int kappa) noexcept;

// FIPS 204, Algorithm 29 (SampleInBall). c_tilde must be public (see the caller).
void sample_in_ball(Poly& c, std::span<const std::uint8_t> c_tilde, int tau) noexcept;

}  // namespace tessera::mldsa
