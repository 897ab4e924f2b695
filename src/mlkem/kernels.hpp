// ML-KEM arithmetic kernels: the narrow interface a backend implements (FIPS 203, s4.3 and
// Algorithms 3-12). The algorithm code (src/mlkem/mlkem.cpp) only calls these through the
// table of the active backend; each backend's table (<backend>::table(), at the end of
// kernels/<backend>.cpp) starts from the table of the backend below it and overrides the
// entries it implements (src/cpu/dispatch.hpp). The portable kernels (kernels/portable.cpp)
// are the oracle.
//
// Representation: a polynomial is int16_t[256], coefficients are representatives mod q
// (q = 3329), signed unless a bound says [0, q). Polynomials in the NTT domain hold 128
// degree-1 residues (a[2i], a[2i+1]) mod X^2 - zeta^(2 BitRev7(i) + 1), in that order
// (FIPS 203, Algorithm 9). Montgomery factor R = 2^16.
#pragma once

#include <tessera/backend.hpp>

#include <cstdint>

namespace tessera::mlkem {

inline constexpr int kN = 256;
inline constexpr std::int16_t kQ = 3329;

struct Kernels {
  // Forward NTT (Algorithm 9), in place, output in the order above.
  // In: |a| < q. Out: |a| < 8q.
  void (*ntt)(std::int16_t a[256]) noexcept;
  // Inverse NTT (Algorithm 10), in place, times R (it undoes the R^-1 of basemul_acc).
  // In: |a| < 2^14. Out: |a| < q.
  void (*invntt)(std::int16_t a[256]) noexcept;
  // Multiplication cache of a vector operand of basemul_acc: cache[i] = b[2i+1] * gamma_i * R^-1
  // with gamma_i = zeta^(2 BitRev7(i) + 1) (Algorithm 12, step 1). In: |b| < q. Out: |cache| < q.
  void (*mulcache)(std::int16_t cache[128], const std::int16_t b[256]) noexcept;
  // r = R^-1 * sum_{i<k} a_i (x) b_i, the NTT-domain inner product (Algorithms 11-12):
  // a, b, bcache hold k polynomials (k in 2..4) of 256, 256 and 128 coefficients.
  // In: |a| < 2^12, |b| < q, |bcache| < q. Out: |r| < q.
  void (*basemul_acc)(std::int16_t r[256], const std::int16_t* a, const std::int16_t* b,
                      const std::int16_t* bcache, int k) noexcept;
  // Canonical representative. In: any int16. Out: [0, q).
  void (*reduce)(std::int16_t a[256]) noexcept;
  // Times R mod q. In: any int16. Out: |a| < q.
  void (*tomont)(std::int16_t a[256]) noexcept;
  // SamplePolyCBD_eta (Algorithm 8) from 64*eta bytes. Out: [-eta, eta].
  void (*cbd2)(std::int16_t r[256], const std::uint8_t buf[128]) noexcept;
  void (*cbd3)(std::int16_t r[256], const std::uint8_t buf[192]) noexcept;
  // SampleNTT's rejection loop (Algorithm 7, steps 4-15) over public data: appends to r[ctr..len)
  // the 12-bit candidates of buf that are < q and returns the new count. buflen % 3 == 0.
  // Entries of r between the returned count and len may be overwritten (SIMD kernels store
  // whole vectors); nothing at or past len is. Out: [0, q). Variable time (rho is public).
  unsigned (*rej_uniform)(std::int16_t* r, unsigned ctr, unsigned len, const std::uint8_t* buf,
                          unsigned buflen) noexcept;
  // ByteEncode_d(Compress_d(a)) (Algorithms 5 and 4), 32*d bytes. In: [0, q).
  void (*compress_d1)(std::uint8_t out[32], const std::int16_t a[256]) noexcept;
  void (*compress_d4)(std::uint8_t out[128], const std::int16_t a[256]) noexcept;
  void (*compress_d5)(std::uint8_t out[160], const std::int16_t a[256]) noexcept;
  void (*compress_d10)(std::uint8_t out[320], const std::int16_t a[256]) noexcept;
  void (*compress_d11)(std::uint8_t out[352], const std::int16_t a[256]) noexcept;
  // Decompress_d(ByteDecode_d(in)) (Algorithms 6 and 4). Out: [0, q).
  void (*decompress_d1)(std::int16_t a[256], const std::uint8_t in[32]) noexcept;
  void (*decompress_d4)(std::int16_t a[256], const std::uint8_t in[128]) noexcept;
  void (*decompress_d5)(std::int16_t a[256], const std::uint8_t in[160]) noexcept;
  void (*decompress_d10)(std::int16_t a[256], const std::uint8_t in[320]) noexcept;
  void (*decompress_d11)(std::int16_t a[256], const std::uint8_t in[352]) noexcept;
  // ByteEncode_12 (Algorithm 5). In: [0, 4096).
  void (*byte_encode12)(std::uint8_t out[384], const std::int16_t a[256]) noexcept;
  // ByteDecode_12 (Algorithm 6) without the mod q. Out: [0, 4096).
  void (*byte_decode12)(std::int16_t a[256], const std::uint8_t in[384]) noexcept;

  friend bool operator==(const Kernels&, const Kernels&) = default;
};

// The table of the active backend (read once per top-level operation), and of a given one
// (the portable table for a backend this build or CPU lacks).
const Kernels& kernels() noexcept;
const Kernels& kernels_for(Backend b) noexcept;

// The portable kernels.
namespace portable {
#include "mlkem/kernel_decls.inc"  // NOLINT: declarations, once per backend namespace
// ntt and invntt as plain loops (same outputs, bit for bit): their bodies in builds for
// size (-Os, the Cortex-M presets), and tested against them in every build.
void ntt_rolled(std::int16_t a[256]) noexcept;
void invntt_rolled(std::int16_t a[256]) noexcept;
}  // namespace portable

// SIMD kernels (kernels/x86_simd.inc), defined only in builds that compile them
// (tessera_config.hpp); same bounds as above, bit-for-bit equal outputs.
namespace avx2 {
#include "mlkem/kernel_decls.inc"  // NOLINT: declarations, once per backend namespace
}  // namespace avx2
namespace avx512 {
#include "mlkem/kernel_decls.inc"  // NOLINT: declarations, once per backend namespace
// With AVX-512 VBMI and VBMI2 (avx512::table() takes it when the CPU has them).
unsigned rej_uniform_vbmi2(std::int16_t* r, unsigned ctr, unsigned len, const std::uint8_t* buf,
                           unsigned buflen) noexcept;
}  // namespace avx512

// NEON kernels for aarch64 (only in builds that compile them): the arithmetic
// (kernels/neon.cpp), sampling (kernels/neon_sample.cpp), compression and encoding
// (kernels/neon_compress.cpp): the whole table. Same bounds, bit-for-bit equal outputs.
namespace neon {
#include "mlkem/kernel_decls.inc"  // NOLINT: declarations, once per backend namespace
}  // namespace neon

}  // namespace tessera::mlkem
