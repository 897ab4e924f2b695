// ML-DSA arithmetic kernels (FIPS 204, Sections 7.4-7.5 and Appendix B). A backend
// replaces entries of this table (src/cpu/dispatch.hpp); the algorithms (src/mldsa/mldsa.cpp)
// only call through it.
//
// Coefficient conventions (int32 lanes):
//   "standard"  : [0, q)
//   "centered"  : the exact small integer (|a| known to be below a bound < q/2)
//   "any < B"   : some representative of the class with |a| < B
// Every entry documents the bounds it assumes on input and guarantees on output.
#pragma once

#include <tessera/backend.hpp>
#include <tessera/mldsa.hpp>

#include <cstddef>
#include <cstdint>

namespace tessera::mldsa {

// Poly (256 int32 coefficients) is declared in <tessera/mldsa.hpp>: the key objects store
// their precomputed polynomials in it.

// q^-1 mod 2^32 (Montgomery reduction), 2^32 mod q ("MONT"), both checked in the unit test.
inline constexpr std::int32_t kQInv = 58728449;
inline constexpr std::int32_t kMont = -4186625;  // 2^32 mod q, centered

struct Kernels {
  // Forward NTT (FIPS 204, Algorithm 41), in place, output in bit-reversed order.
  // In: any < q. Out: any < 9q.
  void (*ntt)(Poly& a) noexcept;
  // Inverse NTT (Algorithm 42) times 2^32 (undoes one Montgomery factor), in place.
  // In: any < q. Out: any < q.
  void (*invntt_tomont)(Poly& a) noexcept;
  // out = sum_{i<n} a[i] o b[i] * 2^-32 (NTT domain, Montgomery), accumulated in 64 bits
  // and reduced once. In: a any < q (a row of A_hat), b any < 9q, n <= 8. Out: any < q
  // (|sum| < 72 q^2, so |out| < 72 q^2 / 2^32 + q / 2 < 0.65 q; with both operands near 9q
  // and n = 8 the bound would not hold).
  void (*pointwise_acc)(Poly& out, const Poly* a, const Poly* b, int n) noexcept;
  // out = a o b * 2^-32. In: any < 9q. Out: any < q. out may be a or b (element-wise).
  void (*pointwise)(Poly& out, const Poly& a, const Poly& b) noexcept;
  // a = a mod+- q with |a| <= 2^31 - 2^22 - 1 in; out in [-6283008, 6283008] (reduce32).
  void (*reduce)(Poly& a) noexcept;
  // a in (-q, 2^31 - 2^22) -> standard [0, q) (reduce32 then conditional add q).
  void (*freeze)(Poly& a) noexcept;
  // Power2Round (Algorithm 35). In: t standard. Out: t1 in [0, 2^10), t0 in (-2^12, 2^12].
  void (*power2round)(Poly& t1, Poly& t0, const Poly& t) noexcept;
  // Decompose (Algorithm 36). In: r standard. Out: r1 in [0, (q-1)/(2 gamma2)),
  // r0 in [-gamma2, gamma2] (centered). Constant time: multiply-shift, no division.
  void (*decompose)(Poly& r1, Poly& r0, const Poly& r, std::int32_t gamma2) noexcept;
  // MakeHint (Algorithm 39) with r_plus_z = r + z mod q: h_i = [HighBits(r_i) != HighBits(r_plus_z_i)].
  // In: r, r_plus_z standard. Out: h in {0,1}; returns the number of ones (secret until
  // the caller declassifies it).
  unsigned (*make_hint)(Poly& h, const Poly& r, const Poly& r_plus_z, std::int32_t gamma2) noexcept;
  // UseHint (Algorithm 40). In: r standard, h in {0,1}. Out: r1 in [0, (q-1)/(2 gamma2)).
  // r1 may be r or h (element-wise).
  void (*use_hint)(Poly& r1, const Poly& r, const Poly& h, std::int32_t gamma2) noexcept;
  // All-ones if some |a_i| >= bound, else 0 (infinity-norm check, Section 2.3), constant time.
  // In: centered, |a_i| < 2^31.
  std::uint32_t (*norm_exceeds)(const Poly& a, std::int32_t bound) noexcept;
  // RejNTTPoly inner loop (Algorithm 30 steps 4-8 with CoeffFromThreeBytes, Algorithm 14):
  // appends up to `need` coefficients in [0, q) taken from buf (len a multiple of 3);
  // returns how many were written. Variable time: only used on public data (rho).
  unsigned (*rej_uniform)(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept;
  // RejBoundedPoly inner loop (Algorithm 31 with CoeffFromHalfByte, Algorithm 15).
  // Out: centered in [-eta, eta]. The accept/reject pattern depends only on the rejected
  // nibbles, which are independent of the accepted ones (see mldsa.cpp).
  unsigned (*rej_eta)(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len, int eta) noexcept;

  // Packing (Algorithms 16-19 specialised). Each writes/reads 32 * bits bytes.
  void (*pack_t1)(std::uint8_t* out, const Poly& t1) noexcept;        // 10 bits, t1 in [0, 2^10)
  void (*unpack_t1)(Poly& t1, const std::uint8_t* in) noexcept;
  void (*pack_t0)(std::uint8_t* out, const Poly& t0) noexcept;        // 13 bits, 2^12 - t0
  void (*unpack_t0)(Poly& t0, const std::uint8_t* in) noexcept;
  void (*pack_eta)(std::uint8_t* out, const Poly& s, int eta) noexcept;  // eta - s, 3 or 4 bits
  // Returns all-ones if some encoded value exceeds 2*eta (malformed private key).
  std::uint32_t (*unpack_eta)(Poly& s, const std::uint8_t* in, int eta) noexcept;
  void (*pack_z)(std::uint8_t* out, const Poly& z, int gamma1_bits) noexcept;  // gamma1 - z
  void (*unpack_z)(Poly& z, const std::uint8_t* in, int gamma1_bits) noexcept; // out in (-gamma1, gamma1]
  void (*pack_w1)(std::uint8_t* out, const Poly& w1, int w1_bits) noexcept;    // 6 or 4 bits

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The table of the active backend, and of a given one (the portable table for a backend this
// build or CPU lacks; kernels_for(Backend::portable) is the oracle for the SIMD kernels).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;

// Each backend's table, built at the end of its kernel file (portable.cpp, kernels/avx2.cpp,
// kernels/avx512.cpp, kernels/neon.cpp; the SIMD ones only in builds that compile them, see
// tessera_config.hpp) from the table of the backend below it; picked by kernels.cpp.
namespace portable {
Kernels table() noexcept;
// The portable rejection loops, called directly by the SIMD ones for the last bytes of buf.
unsigned rej_uniform(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len) noexcept;
unsigned rej_eta(std::int32_t* out, unsigned need, const std::uint8_t* buf, std::size_t len, int eta) noexcept;
}  // namespace portable
namespace avx2 {
Kernels table() noexcept;
}  // namespace avx2
namespace avx512 {
Kernels table() noexcept;
}  // namespace avx512
namespace neon {
Kernels table() noexcept;  // every entry: kernels/neon*.cpp
}  // namespace neon

// Scalar helpers shared with tests.
// Montgomery reduction: for |a| < 2^31 q... (any |a| < 2^62 works), returns
// r = a * 2^-32 mod q with |r| < |a| / 2^32 + q / 2.
inline std::int32_t montgomery_reduce(std::int64_t a) noexcept {
  const std::int32_t t = static_cast<std::int32_t>(static_cast<std::uint32_t>(a) * static_cast<std::uint32_t>(kQInv));
  return static_cast<std::int32_t>((a - static_cast<std::int64_t>(t) * kQ) >> 32);
}
// a mod+- q for |a| <= 2^31 - 2^22 - 1; result in [-6283008, 6283008].
inline std::int32_t reduce32(std::int32_t a) noexcept {
  const std::int32_t t = (a + (1 << 22)) >> 23;
  return a - t * kQ;
}
// (-q, q) -> [0, q).
inline std::int32_t caddq(std::int32_t a) noexcept { return a + ((a >> 31) & kQ); }

}  // namespace tessera::mldsa
