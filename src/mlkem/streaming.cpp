// ML-KEM's small-stack paths (mlkem/streaming.hpp): FIPS 203, Algorithms 13-18, in three
// polynomials of stack.
//
// Differs from the default paths in mlkem.cpp (same results):
// - Each product A_hat[i][j] o v[j] is reduced and added on its own (basemul_add) instead of
//   accumulated over a row in 32 bits: no 32-bit accumulator, no multiplication cache.
// - y_hat[j] (Algorithm 14, steps 9-12 and 18) is sampled again for each of the k + 1
//   inner products that use it: (k + 1) k PRF, SamplePolyCBD and NTT calls instead of k.
// - Decapsulation (Algorithm 18, steps 8-11) compares each compressed part of c' with the
//   same part of c as it is produced, in constant time, and keeps only the verdict.
// The arithmetic kernels are the active backend's (mlkem/kernels.hpp); the sponges are one
// Keccak state each (tessera/sha3.hpp), not the 4-lane jobs of the default paths.
#include "mlkem/streaming.hpp"

#include <tessera/sha3.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "mlkem/field.hpp"

#include <cstring>

namespace tessera::mlkem::detail {
namespace {

using std::int16_t;
using std::size_t;
using std::uint8_t;

struct alignas(32) Poly {
  int16_t c[kN];
};

// FIPS 203, Algorithm 7 (SampleNTT) of rho || b0 || b1, one SHAKE128 block at a time.
// rho is public: the rejection loop may depend on it.
void sample_ntt(Poly& a, const uint8_t rho[32], uint8_t b0, uint8_t b1, const Kernels& kern) noexcept {
  uint8_t in[34];
  std::memcpy(in, rho, 32);
  in[32] = b0;
  in[33] = b1;
  Shake128 xof;
  (void)xof.absorb(in);
  uint8_t block[Shake128::rate_bytes];  // 56 whole candidates (3 bytes each): none straddles blocks
  for (unsigned ctr = 0; ctr < kN;) {
    xof.squeeze(block);
    ctr = kern.rej_uniform(a.c, ctr, kN, block, sizeof block);
  }
}

// FIPS 203, Algorithm 8 (SamplePolyCBD_eta) of PRF_eta(seed, nonce) (eq. 4.3: SHAKE256 of
// seed || nonce, 64 eta bytes).
void sample_cbd(Poly& a, int eta, const uint8_t seed[32], int nonce, const Kernels& kern) noexcept {
  uint8_t in[33];
  uint8_t prf[192];
  std::memcpy(in, seed, 32);
  in[32] = static_cast<uint8_t>(nonce);
  shake256(in, std::span<uint8_t>(prf, 64 * static_cast<size_t>(eta)));
  if (eta == 2) kern.cbd2(a.c, prf);
  else kern.cbd3(a.c, prf);
  secure_zero_object(in);
  secure_zero_object(prf);
}

// acc += R^-1 (a o b), one product of Algorithm 11 (MultiplyNTTs): per degree-1 residue,
// Algorithm 12 (BaseCaseMultiply) with gamma = zeta^(2 BitRev7(i) + 1), the Montgomery
// reduction of each of its two sums (field.hpp: |sum| < 2 * 2^12 * q < q * 2^15, so
// |term| < q). In: |a| < 2^12, |b| < q. Out: |acc| grows by less than q.
void basemul_add(Poly& acc, const Poly& a, const Poly& b) noexcept {
  for (unsigned i = 0; i < 64; ++i) {
    const int16_t zeta = field::kZetas[64 + i];  // gamma of residue 2i; residue 2i + 1 has -gamma
    for (unsigned h = 0; h < 2; ++h) {
      const unsigned p = 4 * i + 2 * h;
      const int16_t b1_gamma = field::fqmul(b.c[p + 1], h == 0 ? zeta : static_cast<int16_t>(-zeta));
      const int32_t c0 = static_cast<int32_t>(a.c[p]) * b.c[p] + static_cast<int32_t>(a.c[p + 1]) * b1_gamma;
      const int32_t c1 = static_cast<int32_t>(a.c[p]) * b.c[p + 1] + static_cast<int32_t>(a.c[p + 1]) * b.c[p];
      acc.c[p] = static_cast<int16_t>(acc.c[p] + field::montgomery_reduce(c0));
      acc.c[p + 1] = static_cast<int16_t>(acc.c[p + 1] + field::montgomery_reduce(c1));
    }
  }
}

void poly_add(Poly& r, const Poly& a) noexcept {
  for (int i = 0; i < kN; ++i) r.c[i] = static_cast<int16_t>(r.c[i] + a.c[i]);
}

// y_hat[j] = NTT(SamplePolyCBD_eta1(PRF(r, j))) (Algorithm 14, steps 9-12 and 18), in [0, q).
template <const Params& P>
void sample_y_hat(Poly& y, const uint8_t r[32], int j, const Kernels& kern) noexcept {
  sample_cbd(y, P.eta1, r, j, kern);
  kern.ntt(y.c);
  kern.reduce(y.c);
}

// Writes the part of c at offset `at` to c_out (encapsulation) or, when c_out is null,
// compares it with the same part of c_expect (decapsulation's re-encryption): `equal` is
// cleared, in constant time, if they differ.
void emit(uint8_t* c_out, const uint8_t* c_expect, size_t at, const uint8_t* part, size_t n,
          uint8_t& equal) noexcept {
  if (c_out != nullptr) std::memcpy(c_out + at, part, n);
  else equal &= ct::mask_bytes_eq({c_expect + at, n}, {part, n});
}

template <const Params& P>
struct Stream {
  static constexpr int K = P.k;
  static constexpr size_t kC1Bytes = 32 * static_cast<size_t>(P.du) * K;
  static constexpr size_t kCtBytes = P.ct_bytes();

  // FIPS 203, Algorithm 14 (K-PKE.Encrypt) of m with randomness r under ek, into c_out, or,
  // when c_out is null, compared with c_expect (Algorithm 18, steps 8-9): 0xFF if every part
  // is equal, else 0.
  [[gnu::noinline]] static uint8_t encrypt(const uint8_t* ek, const uint8_t m[32], const uint8_t r[32],
                                           uint8_t* c_out, const uint8_t* c_expect, const Kernels& kern) noexcept {
    struct {
      Poly acc, a, y;  // a: an entry of A_hat^T or of t_hat, then the compressed part of c
    } w;
    ZeroOnExit wipe(w);
    uint8_t* const part = reinterpret_cast<uint8_t*>(w.a.c);  // 512 bytes >= 32 * d_u
    uint8_t equal = 0xFF;
    const uint8_t* const rho = ek + 384 * K;  // Step 3
    for (int i = 0; i < K; ++i) {  // Steps 19 and 22: u[i] = NTT^-1(sum_j A_hat^T[i][j] o y_hat[j]) + e1[i]
      std::memset(&w.acc, 0, sizeof w.acc);
      for (int j = 0; j < K; ++j) {
        sample_ntt(w.a, rho, static_cast<uint8_t>(i), static_cast<uint8_t>(j), kern);  // A_hat[j][i] (steps 4-8)
        sample_y_hat<P>(w.y, r, j, kern);
        basemul_add(w.acc, w.a, w.y);  // |acc| < k q < 2^14
      }
      kern.invntt(w.acc.c);
      sample_cbd(w.y, P.eta2, r, K + i, kern);  // e1[i] (steps 13-16)
      poly_add(w.acc, w.y);
      kern.reduce(w.acc.c);
      if constexpr (P.du == 10) kern.compress_d10(part, w.acc.c);
      else kern.compress_d11(part, w.acc.c);
      emit(c_out, c_expect, 32 * P.du * static_cast<size_t>(i), part, 32 * static_cast<size_t>(P.du), equal);
    }
    std::memset(&w.acc, 0, sizeof w.acc);
    for (int j = 0; j < K; ++j) {  // Step 21: v = NTT^-1(t_hat^T o y_hat) + e2 + mu
      kern.byte_decode12(w.a.c, ek + 384 * j);  // Step 2 (t_hat[j], checked < q by s7.2)
      sample_y_hat<P>(w.y, r, j, kern);
      basemul_add(w.acc, w.a, w.y);
    }
    kern.invntt(w.acc.c);
    sample_cbd(w.y, P.eta2, r, 2 * K, kern);  // e2 (step 17)
    poly_add(w.acc, w.y);
    kern.decompress_d1(w.y.c, m);  // Step 20: mu
    poly_add(w.acc, w.y);
    kern.reduce(w.acc.c);
    if constexpr (P.dv == 4) kern.compress_d4(part, w.acc.c);  // Step 23
    else kern.compress_d5(part, w.acc.c);
    emit(c_out, c_expect, kC1Bytes, part, 32 * static_cast<size_t>(P.dv), equal);
    return equal;
  }

  // FIPS 203, Algorithm 15 (K-PKE.Decrypt): m = ByteEncode_1(Compress_1(v - NTT^-1(s_hat^T o NTT(u)))).
  [[gnu::noinline]] static void decrypt(const uint8_t* dk_pke, const uint8_t* c, uint8_t m[32],
                                        const Kernels& kern) noexcept {
    struct {
      Poly acc, s, u;
    } w;
    ZeroOnExit wipe(w);
    std::memset(&w.acc, 0, sizeof w.acc);
    for (int j = 0; j < K; ++j) {
      kern.byte_decode12(w.s.c, dk_pke + 384 * j);  // Step 5
      if constexpr (P.du == 10) kern.decompress_d10(w.u.c, c + 320 * j);  // Step 3
      else kern.decompress_d11(w.u.c, c + 352 * j);
      kern.ntt(w.u.c);
      kern.reduce(w.u.c);
      basemul_add(w.acc, w.s, w.u);  // Step 6
    }
    kern.invntt(w.acc.c);
    if constexpr (P.dv == 4) kern.decompress_d4(w.u.c, c + kC1Bytes);  // Step 4
    else kern.decompress_d5(w.u.c, c + kC1Bytes);
    for (int n = 0; n < kN; ++n) w.acc.c[n] = static_cast<int16_t>(w.u.c[n] - w.acc.c[n]);
    kern.reduce(w.acc.c);
    kern.compress_d1(m, w.acc.c);  // Step 7
  }

  // FIPS 203, Algorithm 13 (K-PKE.KeyGen): s_hat is encoded into dk_pke as soon as it is
  // sampled (steps 8-11, 16, 20) and read back for each row of t_hat (steps 3-7, 12-15,
  // 17-19).
  [[gnu::noinline]] static void kpke_keygen(const uint8_t d[32], uint8_t* ek, uint8_t* dk_pke,
                                            const Kernels& kern) noexcept {
    struct {
      uint8_t g_in[33];
      uint8_t rho_sigma[64];
      Poly acc, a, s;  // a: an entry of A_hat (public)
    } w;
    ZeroOnExit wipe(w);
    std::memcpy(w.g_in, d, 32);
    w.g_in[32] = static_cast<uint8_t>(K);
    sha3_512({w.g_in, 33}, std::span<uint8_t, 64>(w.rho_sigma, 64));  // Step 1: (rho, sigma) = G(d || k)
    const uint8_t* const rho = w.rho_sigma;
    const uint8_t* const sigma = w.rho_sigma + 32;
    ct::declassify(rho, 32);  // rho is public: it is stored in ek (step 19)
    for (int j = 0; j < K; ++j) {
      sample_cbd(w.s, P.eta1, sigma, j, kern);  // Steps 8-11
      kern.ntt(w.s.c);                          // Step 16
      kern.reduce(w.s.c);
      kern.byte_encode12(dk_pke + 384 * j, w.s.c);  // Step 20
    }
    for (int i = 0; i < K; ++i) {  // Step 18: t_hat[i] = sum_j A_hat[i][j] o s_hat[j] + e_hat[i]
      std::memset(&w.acc, 0, sizeof w.acc);
      for (int j = 0; j < K; ++j) {
        sample_ntt(w.a, rho, static_cast<uint8_t>(j), static_cast<uint8_t>(i), kern);  // Steps 3-7
        kern.byte_decode12(w.s.c, dk_pke + 384 * j);
        basemul_add(w.acc, w.a, w.s);  // |acc| < k q
      }
      kern.tomont(w.acc.c);  // undoes the R^-1 of basemul_add: |acc| < q
      sample_cbd(w.s, P.eta1, sigma, K + i, kern);  // e[i] (steps 12-15)
      kern.ntt(w.s.c);                              // Step 17: |e_hat| < 8q
      poly_add(w.acc, w.s);
      kern.reduce(w.acc.c);
      kern.byte_encode12(ek + 384 * i, w.acc.c);  // Step 19
    }
    std::memcpy(ek + 384 * K, rho, 32);
    ct::declassify(ek, P.ek_bytes());  // ek is the public output (step 19)
  }
};

}  // namespace

template <const Params& P>
bool Streaming<P>::check_ek(const uint8_t* ek, const Kernels& kern) noexcept {
  Poly t;
  unsigned bad = 0;
  for (int i = 0; i < P.k; ++i) {  // ek is public: the check may branch
    kern.byte_decode12(t.c, ek + 384 * i);
    for (int j = 0; j < kN; ++j) bad |= static_cast<unsigned>(t.c[j] >= kQ);
  }
  return bad == 0;
}

template <const Params& P>
void Streaming<P>::keygen(const uint8_t d[32], uint8_t* ek, uint8_t* dk_pke, uint8_t h[32],
                          const Kernels& kern) noexcept {
  Stream<P>::kpke_keygen(d, ek, dk_pke, kern);                      // Algorithm 16, step 1
  sha3_256({ek, P.ek_bytes()}, std::span<uint8_t, 32>(h, 32));  // Step 2 (dk's H(ek))
}

template <const Params& P>
void Streaming<P>::encaps(const uint8_t* ek, const uint8_t h[32], const uint8_t m[32], uint8_t* c,
                          uint8_t shared[32], const Kernels& kern) noexcept {
  uint8_t g_in[64], k_r[64];
  ZeroOnExit wipe_g_in(g_in);
  ZeroOnExit wipe_k_r(k_r);
  std::memcpy(g_in, m, 32);
  std::memcpy(g_in + 32, h, 32);
  sha3_512(g_in, k_r);                                         // Step 1: (K, r) = G(m || H(ek))
  (void)Stream<P>::encrypt(ek, m, k_r + 32, c, nullptr, kern);  // Step 2
  std::memcpy(shared, k_r, 32);
}

template <const Params& P>
void Streaming<P>::decaps(const uint8_t* dk_pke, const uint8_t* ek, const uint8_t h[32], const uint8_t z[32],
                          const uint8_t* c, uint8_t shared[32], const Kernels& kern) noexcept {
  uint8_t g_in[64], k_r[64];
  ZeroOnExit wipe_g_in(g_in);
  ZeroOnExit wipe_k_r(k_r);
  Stream<P>::decrypt(dk_pke, c, g_in, kern);  // Step 5: m'
  std::memcpy(g_in + 32, h, 32);
  sha3_512(g_in, k_r);  // Step 6: (K', r') = G(m' || h)
  {  // Step 7: K_bar = J(z || c)
    Shake256 j;
    (void)j.absorb({z, 32});
    (void)j.absorb({c, P.ct_bytes()});
    j.squeeze({shared, 32});
  }
  // Steps 8-11, in constant time: K' unless c != c' (Encrypt(ek, m', r')), then K_bar.
  const uint8_t equal = Stream<P>::encrypt(ek, g_in, k_r + 32, nullptr, c, kern);
  ct::cmov_bytes({shared, 32}, {k_r, 32}, equal);
}

template struct Streaming<kMlKem512>;
template struct Streaming<kMlKem768>;
template struct Streaming<kMlKem1024>;

}  // namespace tessera::mlkem::detail
