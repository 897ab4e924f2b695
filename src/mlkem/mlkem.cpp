// ML-KEM (FIPS 203): K-PKE (Algorithms 13-15) and the KEM (Algorithms 16-21), for every
// parameter set. Arithmetic goes through the kernel table of the active backend
// (mlkem/kernels.hpp); the SHA-3/SHAKE computations except G and the s7.3 key-hash check
// run as jobs in the lanes of the 4-way Keccak permutation (mlkem/sponge_lanes.hpp), where
// the long one-way hashes (H(ek), J) share permutations with SampleNTT and the PRF.
//
// Differs from the spec (same results):
// - Polynomials in the NTT domain are multiplied with Montgomery arithmetic; the factor
//   R^-1 of basemul_acc is undone by tomont (key generation) or by invntt (which multiplies
//   by R).
// - Values are kept as lazily reduced signed representatives between kernels and brought
//   to [0, q) only before encoding or compressing.
// - ByteDecode_12 of a key does not reduce mod q: the arithmetic is mod q anyway, and the
//   kernels accept inputs below 2^12 where a decoded key coefficient can appear.
// In small-stack builds (TESSERA_SMALL_STACK) the public functions at the end of this file
// call the streaming paths of mlkem/streaming.cpp instead of Scheme.
#include <tessera/mlkem.hpp>
#include <tessera/random.hpp>
#include <tessera/sha3.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "mlkem/kernels.hpp"
#include "mlkem/sponge_lanes.hpp"
#include "mlkem/streaming.hpp"

#include <cstring>

namespace tessera::mlkem {
namespace {

using std::int16_t;
using std::uint8_t;
using std::size_t;

using detail::Matrix;
using detail::NttVec;

// Everything up to the end of Scheme is the fast path; small-stack builds call
// mlkem/streaming.cpp instead and do not compile it.
#if !TESSERA_SMALL_STACK
struct alignas(32) Poly {
  int16_t c[kN];
};
template <int K>
struct alignas(32) MulCache {
  int16_t c[K][kN / 2];
};

// SHA3-512 of a 33- or 64-byte input (FIPS 203, eq. 4.5: G); out = (first, second) halves.
void hash_g(const uint8_t* in, size_t len, uint8_t out[64]) noexcept {
  sha3_512({in, len}, std::span<uint8_t, 64>(out, 64));
}

// FIPS 203, Algorithm 7 (SampleNTT) for every entry of A_hat, as sponge jobs: Algorithm 13,
// steps 3-7, and Algorithm 14, steps 4-8. Entry (i, j) of A_hat is SampleNTT(rho || j || i);
// with transposed, row i holds column i of A_hat (the entries of A_hat^T). seeds must live
// until the jobs have run. rho is public, so the rejection loop may depend on it.
template <int K>
void matrix_jobs(SpongeJob* jobs, uint8_t (*seeds)[34], Matrix<K>& a, const uint8_t rho[32],
                 bool transposed) noexcept {
  for (int e = 0; e < K * K; ++e) {
    const int i = e / K, j = e % K;
    std::memcpy(seeds[e], rho, 32);
    seeds[e][32] = static_cast<uint8_t>(transposed ? i : j);
    seeds[e][33] = static_cast<uint8_t>(transposed ? j : i);
    jobs[e] = SpongeJob{};
    jobs[e].in[0] = seeds[e];
    jobs[e].in_len[0] = 34;
    jobs[e].rate = 168;  // SHAKE128
    jobs[e].domain = 0x1F;
    jobs[e].poly = a.row[i].c[j];
  }
}

// A hash job of FIPS 203, eq. 4.4 (H = SHA3-256, J = SHAKE256 with 32 bytes of output).
inline SpongeJob hash_job(bool is_j, const uint8_t* in0, size_t len0, const uint8_t* in1, size_t len1,
                          uint8_t out[32]) noexcept {
  SpongeJob jb;
  jb.in[0] = in0;
  jb.in_len[0] = len0;
  jb.in[1] = in1;
  jb.in_len[1] = len1;
  jb.rate = 136;
  jb.domain = is_j ? 0x1F : 0x06;
  jb.out = out;
  jb.out_len = 32;
  return jb;
}

// One polynomial to sample with SamplePolyCBD_eta(PRF_eta(sigma, nonce)).
struct NoiseJob {
  int16_t* out;
  int eta;
  uint8_t nonce;
};

// FIPS 203, Algorithm 8 (SamplePolyCBD) of PRF_eta(sigma, N) (eq. 4.3: SHAKE256 of sigma || N,
// 64 eta bytes) for up to MaxN polynomials: the PRF sponges as lane jobs, then the CBD.
template <int MaxN>
struct NoiseBuffers {
  uint8_t seeds[MaxN][33];
  uint8_t prf[MaxN][192];
};
template <int MaxN>
void noise_jobs(SpongeJob* jobs, const NoiseJob* noise, int n, const uint8_t sigma[32], NoiseBuffers<MaxN>& b) noexcept {
  for (int t = 0; t < n; ++t) {
    std::memcpy(b.seeds[t], sigma, 32);
    b.seeds[t][32] = noise[t].nonce;
    SpongeJob& jb = jobs[t];
    jb = SpongeJob{};
    jb.in[0] = b.seeds[t];
    jb.in_len[0] = 33;
    jb.rate = 136;  // SHAKE256
    jb.domain = 0x1F;
    jb.out = b.prf[t];
    jb.out_len = 64 * static_cast<size_t>(noise[t].eta);
  }
}
template <int MaxN>
void noise_cbd(const NoiseJob* noise, int n, const NoiseBuffers<MaxN>& b, const Kernels& kern) noexcept {
  for (int t = 0; t < n; ++t) {
    if (noise[t].eta == 2) kern.cbd2(noise[t].out, b.prf[t]);
    else kern.cbd3(noise[t].out, b.prf[t]);
  }
}
// With `extra` (a hash job, or null) in the same lanes, first: the longest job, it keeps one
// lane while the PRF jobs share the other three.
template <int MaxN>
void sample_noise(const NoiseJob* noise, int n, const uint8_t sigma[32], const SpongeJob* extra,
                  const Kernels& kern) noexcept {
  NoiseBuffers<MaxN> b;
  ZeroOnExit wipe(b);
  SpongeJob jobs[MaxN + 1];
  const int first = extra != nullptr ? 1 : 0;
  if (extra != nullptr) jobs[0] = *extra;
  noise_jobs<MaxN>(jobs + first, noise, n, sigma, b);
  run_sponge_jobs(jobs, first + n, kern.rej_uniform);
  noise_cbd<MaxN>(noise, n, b, kern);
}

template <int K>
void ntt_vec(NttVec<K>& v, const Kernels& kern) noexcept {
  for (int i = 0; i < K; ++i) kern.ntt(v.c[i]);
}

inline void poly_add(int16_t* r, const int16_t* a) noexcept {
  for (int i = 0; i < kN; ++i) r[i] = static_cast<int16_t>(r[i] + a[i]);
}

template <const Params& P>
struct Scheme {
  static constexpr int K = P.k;
  static constexpr size_t kEkBytes = P.ek_bytes();
  static constexpr size_t kDkPkeBytes = P.dk_pke_bytes();
  static constexpr size_t kDkBytes = P.dk_bytes();
  static constexpr size_t kCtBytes = P.ct_bytes();
  static constexpr size_t kC1Bytes = 32 * static_cast<size_t>(P.du) * K;
  static_assert(P.du == 10 || P.du == 11);
  static_assert(P.dv == 4 || P.dv == 5);
  static_assert(P.eta1 == 2 || P.eta1 == 3);
  static_assert(P.eta2 == 2);

  // ByteDecode_12 of t_hat with the modulus check of FIPS 203, s7.2 (ek is public, so the
  // check may branch). Returns false if a coefficient is >= q.
  static bool decode_ek(NttVec<K>& t_hat, const uint8_t* ek, const Kernels& kern) noexcept {
    unsigned bad = 0;
    for (int i = 0; i < K; ++i) {
      kern.byte_decode12(t_hat.c[i], ek + 384 * i);
      for (int j = 0; j < kN; ++j) bad |= static_cast<unsigned>(t_hat.c[i][j] >= kQ);
    }
    return bad == 0;
  }

  // FIPS 203, Algorithm 13 (K-PKE.KeyGen). Writes ek (kEkBytes) and dk_pke (kDkPkeBytes),
  // H(ek) to h unless it is null, and A_hat^T to a_hat_t unless it is null.
  static void kpke_keygen(const uint8_t d[32], uint8_t* ek, uint8_t* dk_pke, uint8_t* h,
                          Matrix<K>* a_hat_t, const Kernels& kern) noexcept {
    uint8_t g_in[33];
    uint8_t rho_sigma[64];
    ZeroOnExit wipe_g_in(g_in);
    ZeroOnExit wipe_rho_sigma(rho_sigma);
    std::memcpy(g_in, d, 32);
    g_in[32] = static_cast<uint8_t>(K);
    hash_g(g_in, 33, rho_sigma);  // Step 1.
    const uint8_t* rho = rho_sigma;
    const uint8_t* sigma = rho_sigma + 32;
    ct::declassify(rho, 32);  // rho is public: it is stored in ek (Algorithm 13, step 19)

    // Steps 3-7 (A_hat), 8-15 (s, e) and, with h, H(ek) (Algorithm 16, step 2) as lane jobs,
    // in priority order: H, row 0 of A_hat, s and e, rows 1 .. K-1. H is fed as each entry of
    // t_hat is encoded, so most of its permutations run next to the sampling of later rows.
    constexpr int kRow0 = 1, kNoise = 1 + K, kRows = 1 + 3 * K, kJobs = 1 + K * K + 2 * K;
    Matrix<K> a_hat;
    uint8_t seeds[K * K][34];
    SpongeJob matrix[K * K];
    matrix_jobs<K>(matrix, seeds, a_hat, rho, false);
    SpongeJob sponges[kJobs];
    std::uint64_t h_park[25];
    sponges[0] = hash_job(false, ek, kEkBytes, nullptr, 0, h);
    sponges[0].available = 0;
    sponges[0].park = h_park;
    if (h == nullptr) sponges[0].status = SpongeJob::done;
    for (int j = 0; j < K; ++j) sponges[kRow0 + j] = matrix[j];
    for (int j = K; j < K * K; ++j) sponges[kRows + j - K] = matrix[j];
    NttVec<K> s_hat, e_hat;
    ZeroOnExit wipe_s(s_hat);
    ZeroOnExit wipe_e(e_hat);
    NoiseJob jobs[2 * K];
    for (int i = 0; i < K; ++i) {
      jobs[i] = {s_hat.c[i], P.eta1, static_cast<uint8_t>(i)};           // Steps 8-11.
      jobs[K + i] = {e_hat.c[i], P.eta1, static_cast<uint8_t>(K + i)};   // Steps 12-15.
    }
    NoiseBuffers<2 * K> noise;
    ZeroOnExit wipe_noise(noise);
    noise_jobs<2 * K>(sponges + kNoise, jobs, 2 * K, sigma, noise);
    SpongeLanes lanes(kern.rej_uniform);
    lanes.run(sponges, kJobs, kRow0, kRows);  // row 0, s and e
    noise_cbd<2 * K>(jobs, 2 * K, noise, kern);
    ntt_vec(s_hat, kern);  // Step 16.
    ntt_vec(e_hat, kern);  // Step 17.
    for (int i = 0; i < K; ++i) kern.reduce(s_hat.c[i]);

    MulCache<K> s_cache;
    ZeroOnExit wipe_cache(s_cache);
    for (int i = 0; i < K; ++i) kern.mulcache(s_cache.c[i], s_hat.c[i]);
    NttVec<K> t_hat;
    for (int i = 0; i < K; ++i) {  // Step 18.
      if (i > 0) lanes.run(sponges, kJobs, kRows + (i - 1) * K, kRows + i * K);  // row i
      kern.basemul_acc(t_hat.c[i], a_hat.row[i].c[0], s_hat.c[0], s_cache.c[0], K);
      kern.tomont(t_hat.c[i]);
      poly_add(t_hat.c[i], e_hat.c[i]);
      kern.reduce(t_hat.c[i]);
      kern.byte_encode12(ek + 384 * i, t_hat.c[i]);  // Step 19.
      if (i == K - 1) std::memcpy(ek + 384 * K, rho, 32);
      sponges[0].available = i == K - 1 ? kEkBytes : 384 * static_cast<size_t>(i + 1);
    }
    lanes.run(sponges, kJobs, 0, 1);  // the rest of H(ek)
    for (int i = 0; i < K; ++i) kern.byte_encode12(dk_pke + 384 * i, s_hat.c[i]);  // Step 20.
    ct::declassify(ek, kEkBytes);  // ek is the public output (step 19)
    if (h != nullptr) ct::declassify(h, 32);
    if (a_hat_t != nullptr)
      for (int i = 0; i < K; ++i)
        for (int j = 0; j < K; ++j) std::memcpy(a_hat_t->row[i].c[j], a_hat.row[j].c[i], sizeof a_hat.row[j].c[i]);
  }

  // FIPS 203, Algorithm 14 (K-PKE.Encrypt), with t_hat already decoded from ek (step 2) and
  // A_hat^T already sampled (steps 4-8; the callers run those sponges next to their hashes).
  // `extra` (a hash job of the caller, or null) runs in the lanes of the PRF sponges.
  static void kpke_encrypt(const NttVec<K>& t_hat, const Matrix<K>& a_hat_t, const uint8_t m[32],
                           const uint8_t r[32], uint8_t* c, const Kernels& kern,
                           const SpongeJob* extra = nullptr) noexcept {
    NttVec<K> y_hat, e1;
    Poly e2;
    ZeroOnExit wipe_y(y_hat);
    ZeroOnExit wipe_e1(e1);
    ZeroOnExit wipe_e2(e2);
    NoiseJob jobs[2 * K + 1];
    for (int i = 0; i < K; ++i) {
      jobs[i] = {y_hat.c[i], P.eta1, static_cast<uint8_t>(i)};           // Steps 9-12.
      jobs[K + i] = {e1.c[i], P.eta2, static_cast<uint8_t>(K + i)};      // Steps 13-16.
    }
    jobs[2 * K] = {e2.c, P.eta2, static_cast<uint8_t>(2 * K)};           // Step 17.
    sample_noise<2 * K + 1>(jobs, 2 * K + 1, r, extra, kern);
    ntt_vec(y_hat, kern);  // Step 18.
    for (int i = 0; i < K; ++i) kern.reduce(y_hat.c[i]);
    MulCache<K> y_cache;
    ZeroOnExit wipe_cache(y_cache);
    for (int i = 0; i < K; ++i) kern.mulcache(y_cache.c[i], y_hat.c[i]);

    Poly u;
    ZeroOnExit wipe_u(u);
    for (int i = 0; i < K; ++i) {  // Steps 19 and 22.
      kern.basemul_acc(u.c, a_hat_t.row[i].c[0], y_hat.c[0], y_cache.c[0], K);
      kern.invntt(u.c);
      poly_add(u.c, e1.c[i]);
      kern.reduce(u.c);
      if constexpr (P.du == 10) kern.compress_d10(c + 320 * i, u.c);
      else kern.compress_d11(c + 352 * i, u.c);
    }
    Poly v, mu;
    ZeroOnExit wipe_v(v);
    ZeroOnExit wipe_mu(mu);
    kern.decompress_d1(mu.c, m);  // Step 20.
    kern.basemul_acc(v.c, t_hat.c[0], y_hat.c[0], y_cache.c[0], K);  // Step 21.
    kern.invntt(v.c);
    poly_add(v.c, e2.c);
    poly_add(v.c, mu.c);
    kern.reduce(v.c);
    if constexpr (P.dv == 4) kern.compress_d4(c + kC1Bytes, v.c);  // Step 23.
    else kern.compress_d5(c + kC1Bytes, v.c);
  }

  // FIPS 203, Algorithm 15 (K-PKE.Decrypt).
  static void kpke_decrypt(const uint8_t* dk_pke, const uint8_t* c, uint8_t m[32], const Kernels& kern) noexcept {
    NttVec<K> u_hat, s_hat;
    ZeroOnExit wipe_s(s_hat);
    for (int i = 0; i < K; ++i) {  // Step 3.
      if constexpr (P.du == 10) kern.decompress_d10(u_hat.c[i], c + 320 * i);
      else kern.decompress_d11(u_hat.c[i], c + 352 * i);
      kern.ntt(u_hat.c[i]);
      kern.reduce(u_hat.c[i]);
    }
    MulCache<K> u_cache;
    for (int i = 0; i < K; ++i) kern.mulcache(u_cache.c[i], u_hat.c[i]);
    for (int i = 0; i < K; ++i) kern.byte_decode12(s_hat.c[i], dk_pke + 384 * i);  // Step 5.
    Poly w, v;
    ZeroOnExit wipe_w(w);
    kern.basemul_acc(w.c, s_hat.c[0], u_hat.c[0], u_cache.c[0], K);  // Step 6.
    kern.invntt(w.c);
    if constexpr (P.dv == 4) kern.decompress_d4(v.c, c + kC1Bytes);  // Step 4.
    else kern.decompress_d5(v.c, c + kC1Bytes);
    for (int j = 0; j < kN; ++j) w.c[j] = static_cast<int16_t>(v.c[j] - w.c[j]);
    kern.reduce(w.c);
    kern.compress_d1(m, w.c);  // Step 7.
  }

  // A_hat^T of the encapsulation key with seed rho (Algorithm 14, steps 4-8), and the
  // n_extra hash jobs at extra (at most two; first in the job array, so that the long ones
  // start first) in the same Keccak lanes.
  static void sample_matrix_t(Matrix<K>& a_hat_t, const uint8_t rho[32], const SpongeJob* extra, int n_extra,
                              const Kernels& kern) noexcept {
    uint8_t seeds[K * K][34];
    SpongeJob sponges[K * K + 2];
    for (int i = 0; i < n_extra; ++i) sponges[i] = extra[i];
    matrix_jobs<K>(sponges + n_extra, seeds, a_hat_t, rho, true);
    run_sponge_jobs(sponges, n_extra + K * K, kern.rej_uniform);
  }

  // FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal) with ek parsed: t_hat decoded, h = H(ek),
  // and A_hat^T (sampled here when a_hat_t is null).
  static void encaps_internal(const NttVec<K>& t_hat, const Matrix<K>* a_hat_t, const uint8_t* ek,
                              const uint8_t h[32], const uint8_t m[32], uint8_t* c, uint8_t k_out[32],
                              const Kernels& kern) noexcept {
    uint8_t g_in[64], k_r[64];
    ZeroOnExit wipe_g_in(g_in);
    ZeroOnExit wipe_k_r(k_r);
    std::memcpy(g_in, m, 32);
    std::memcpy(g_in + 32, h, 32);
    hash_g(g_in, 64, k_r);  // Step 1: (K, r) = G(m || H(ek)).
    Matrix<K> sampled;
    if (a_hat_t == nullptr) {
      sample_matrix_t(sampled, ek + 384 * K, nullptr, 0, kern);
      a_hat_t = &sampled;
    }
    kpke_encrypt(t_hat, *a_hat_t, m, k_r + 32, c, kern);  // Step 2.
    std::memcpy(k_out, k_r, 32);
  }

  // FIPS 203, Algorithm 18 (ML-KEM.Decaps_internal) with dk parsed (steps 1-4: dk_pke, the
  // parsed ek with t_hat, h = H(ek), z), A_hat^T sampled here, next to J, when a_hat_t is null.
  static void decaps_internal(const uint8_t* dk_pke, const NttVec<K>& t_hat, const Matrix<K>* a_hat_t,
                              const uint8_t* ek, const uint8_t h[32], const uint8_t z[32], const uint8_t* c,
                              uint8_t k_out[32], const Kernels& kern) noexcept {
    uint8_t k_bar[32];
    ZeroOnExit wipe_k_bar(k_bar);
    // Step 7: K_bar = J(z || c), in the lanes of A_hat^T (Algorithm 14, steps 4-8) or, with
    // A_hat^T cached, of the PRF sponges of step 8 (K_bar is only read after it).
    const SpongeJob j = hash_job(true, z, 32, c, kCtBytes, k_bar);
    if (a_hat_t != nullptr) {
      reencrypt_select(dk_pke, t_hat, *a_hat_t, h, c, k_bar, &j, k_out, kern);
      return;
    }
    Matrix<K> sampled;
    sample_matrix_t(sampled, ek + 384 * K, &j, 1, kern);
    reencrypt_select(dk_pke, t_hat, sampled, h, c, k_bar, nullptr, k_out, kern);
  }

  // FIPS 203, Algorithm 21 (ML-KEM.Decaps) on the expanded dk bytes, for a key used once:
  // the checks of DecapsulationKey::from_bytes (s7.2 on the ek inside dk, the s7.3 hash check),
  // then Algorithm 18, with no key object built. A_hat^T, H(ek) (for the hash check) and
  // J(z || c) (step 7) share the Keccak lanes, where a key object would take A_hat^T and H(ek)
  // when parsed and J later, mostly alone. Returns null with K in k_out, or what is wrong with
  // dk (k_out untouched).
  static const char* decaps_expanded(const uint8_t* dk, const uint8_t* c, uint8_t k_out[32],
                                     const Kernels& kern) noexcept {
    constexpr size_t kEkAt = 384 * K, kHAt = kEkAt + kEkBytes, kZAt = kHAt + 32;
    const uint8_t* ek = dk + kEkAt;
    NttVec<K> t_hat;
    if (!decode_ek(t_hat, ek, kern)) return "ML-KEM decapsulation key (s7.2: the ek inside it)";
    uint8_t h[32], k_bar[32];
    ZeroOnExit wipe_k_bar(k_bar);
    const SpongeJob hashes[2] = {hash_job(false, ek, kEkBytes, nullptr, 0, h),
                                 hash_job(true, dk + kZAt, 32, c, kCtBytes, k_bar)};
    Matrix<K> a_hat_t;
    sample_matrix_t(a_hat_t, ek + 384 * K, hashes, 2, kern);
    // s7.3 hash check: H(ek) stored in dk matches the ek stored in dk. Both are public.
    if (ct::declassify_value(ct::mask_bytes_eq({h, 32}, {dk + kHAt, 32})) == 0)
      return "ML-KEM decapsulation key (s7.3: H(ek) does not match)";
    reencrypt_select(dk, t_hat, a_hat_t, h, c, k_bar, nullptr, k_out, kern);
    return nullptr;
  }

  // Algorithm 18, steps 5-11, with K_bar = J(z || c) computed already (j null) or still to
  // compute in the PRF lanes of step 8 (j its job, writing k_bar).
  static void reencrypt_select(const uint8_t* dk_pke, const NttVec<K>& t_hat, const Matrix<K>& a_hat_t,
                               const uint8_t h[32], const uint8_t* c, const uint8_t k_bar[32], const SpongeJob* j,
                               uint8_t k_out[32], const Kernels& kern) noexcept {
    uint8_t g_in[64], k_r[64];
    std::array<uint8_t, kCtBytes> c_prime;
    ZeroOnExit wipe_g_in(g_in);
    ZeroOnExit wipe_k_r(k_r);
    ZeroOnExit wipe_c_prime(c_prime);
    kpke_decrypt(dk_pke, c, g_in, kern);                                        // Step 5.
    std::memcpy(g_in + 32, h, 32);
    hash_g(g_in, 64, k_r);                                                      // Step 6.
    kpke_encrypt(t_hat, a_hat_t, g_in, k_r + 32, c_prime.data(), kern, j);      // Step 8.
    // Steps 9-11, in constant time: K' unless c != c', then K_bar.
    const uint8_t equal = ct::mask_bytes_eq({c, kCtBytes}, c_prime);
    std::memcpy(k_out, k_bar, 32);
    ct::cmov_bytes({k_out, 32}, {k_r, 32}, equal);
  }
};
#endif  // !TESSERA_SMALL_STACK

}  // namespace

// Every function that produces a key or a secret builds it inside the Result it returns
// (Result's in-place constructor), so no secret is moved through a temporary: a move copies
// through registers that the compiler may spill (tests/unit/zeroize_test.cpp).

template <const Params& P>
Result<typename Kem<P>::EncapsulationKey> Kem<P>::EncapsulationKey::from_bytes(std::span<const uint8_t> ek) noexcept {
  if (ek.size() != ek_bytes) return fail(Error::invalid_length, "ML-KEM encapsulation key");
  return build(ek.data());
}

template <const Params& P>
Result<typename Kem<P>::EncapsulationKey> Kem<P>::EncapsulationKey::build(const uint8_t* ek) noexcept {
  Result<EncapsulationKey> r(std::in_place);  // one return (NRVO)
  if (!parse_into(*r, ek)) r = fail(Error::invalid_key, "ML-KEM encapsulation key (s7.2: a coefficient >= q)");
  return r;
}

template <const Params& P>
bool Kem<P>::EncapsulationKey::parse_into(EncapsulationKey& key, const uint8_t* ek) noexcept {
  const Kernels& kern = kernels();
#if TESSERA_SMALL_STACK
  if (!detail::Streaming<P>::check_ek(ek, kern)) return false;  // s7.2.
  std::memcpy(key.ek_.data(), ek, ek_bytes);
  sha3_256(key.ek_, key.h_);  // H(ek) (Algorithm 17, step 1)
#else
  using S = Scheme<P>;
  if (!S::decode_ek(key.t_hat_, ek, kern)) return false;  // s7.2.
  std::memcpy(key.ek_.data(), ek, ek_bytes);
  // H(ek) (Algorithm 17, step 1), next to A_hat^T when the key keeps it.
  const SpongeJob h = hash_job(false, key.ek_.data(), ek_bytes, nullptr, 0, key.h_.data());
#if TESSERA_CACHE_MATRIX
  S::sample_matrix_t(key.a_hat_t_, key.ek_.data() + 384 * P.k, &h, 1, kern);
#else
  SpongeJob job = h;
  run_sponge_jobs(&job, 1, kern.rej_uniform);
#endif
#endif
  return true;
}

template <const Params& P>
void Kem<P>::DecapsulationKey::expand(const uint8_t* seed) noexcept {
  const Kernels& kern = kernels();
  EncapsulationKey& ek = ek_;
#if TESSERA_SMALL_STACK
  detail::Streaming<P>::keygen(seed, ek.ek_.data(), dk_pke_.data(), ek.h_.data(), kern);  // Algorithm 16, steps 1-2
#else
  Matrix<P.k>* a_hat_t = nullptr;
#if TESSERA_CACHE_MATRIX
  a_hat_t = &ek.a_hat_t_;
#endif
  // Algorithm 16, steps 1-2 (H(ek) computed next to A_hat); the ek of keygen is well formed.
  Scheme<P>::kpke_keygen(seed, ek.ek_.data(), dk_pke_.data(), ek.h_.data(), a_hat_t, kern);
  (void)Scheme<P>::decode_ek(ek.t_hat_, ek.ek_.data(), kern);
#endif
  std::memcpy(z_.data(), seed + 32, 32);
  std::memcpy(seed_.data(), seed, kSeedBytes);
  has_seed_ = true;
}

template <const Params& P>
Result<typename Kem<P>::DecapsulationKey> Kem<P>::DecapsulationKey::from_seed(std::span<const uint8_t> seed) noexcept {
  if (seed.size() != kSeedBytes) return fail(Error::invalid_length, "ML-KEM seed d || z (64 bytes)");
  return build_from_seed(seed.data());
}

template <const Params& P>
Result<typename Kem<P>::DecapsulationKey> Kem<P>::DecapsulationKey::build_from_seed(const uint8_t* seed) noexcept {
  Result<DecapsulationKey> r(std::in_place);
  r->expand(seed);
  return r;
}

template <const Params& P>
Result<typename Kem<P>::DecapsulationKey> Kem<P>::DecapsulationKey::from_bytes(std::span<const uint8_t> dk) noexcept {
  if (dk.size() != dk_bytes) return fail(Error::invalid_length, "ML-KEM decapsulation key");
  return build_from_bytes(dk.data());
}

template <const Params& P>
Result<typename Kem<P>::DecapsulationKey> Kem<P>::DecapsulationKey::build_from_bytes(const uint8_t* dk) noexcept {
  constexpr size_t kEkAt = P.dk_pke_bytes(), kHAt = kEkAt + ek_bytes, kZAt = kHAt + 32;
  // The key is built inside the Result it returns (one return: NRVO), its ek parsed in place.
  Result<DecapsulationKey> r(std::in_place);
  EncapsulationKey& ek = r->ek_;
  if (!EncapsulationKey::parse_into(ek, dk + kEkAt)) {
    r = fail(Error::invalid_key, "ML-KEM decapsulation key (s7.2: the ek inside it)");
  } else if (ct::declassify_value(ct::mask_bytes_eq(ek.h_, {dk + kHAt, 32})) == 0) {
    // s7.3 hash check: H(ek) stored in dk matches the ek stored in dk. Both are public.
    r = fail(Error::invalid_key, "ML-KEM decapsulation key (s7.3: H(ek) does not match)");
  } else {
    std::memcpy(r->dk_pke_.data(), dk, P.dk_pke_bytes());
    std::memcpy(r->z_.data(), dk + kZAt, 32);
  }
  return r;
}

template <const Params& P>
Result<typename Kem<P>::Seed> Kem<P>::DecapsulationKey::seed() const noexcept {
  if (!has_seed_) return fail(Error::unsupported, "ML-KEM decapsulation key imported without its seed");
  // A prvalue, so the seed is built in the caller's Result (guaranteed elision). A named
  // Result here gets no NRVO (GCC does not apply it when another return statement returns a
  // different object, the failure above): the seed was copied through the Result's move,
  // and on 32-bit x86 (g++ 12 -m32, 7 general registers) 11 of its 16 words went through
  // spill slots of this frame that nothing wiped (tests/unit/zeroize_mlkem_test.cpp,
  // "bytes() and seed()" on the portable32 preset).
  return Result<Seed>(std::in_place, seed_.span());
}

template <const Params& P>
SecretArray<Kem<P>::dk_bytes> Kem<P>::DecapsulationKey::bytes() const noexcept {
  // Algorithm 16, step 3: dk = dk_pke || ek || H(ek) || z.
  SecretArray<dk_bytes> dk;
  uint8_t* p = dk.data();
  std::memcpy(p, dk_pke_.data(), P.dk_pke_bytes());
  std::memcpy(p += P.dk_pke_bytes(), ek_.ek_.data(), ek_bytes);
  std::memcpy(p += ek_bytes, ek_.h_.data(), 32);
  std::memcpy(p + 32, z_.data(), 32);
  return dk;
}

template <const Params& P>
typename Kem<P>::DecapsulationKey Kem<P>::DecapsulationKey::clone() const noexcept {
  DecapsulationKey key;
  key.ek_ = ek_;
  std::memcpy(key.dk_pke_.data(), dk_pke_.data(), P.dk_pke_bytes());
  std::memcpy(key.z_.data(), z_.data(), 32);
  std::memcpy(key.seed_.data(), seed_.data(), kSeedBytes);
  key.has_seed_ = has_seed_;
  return key;
}

template <const Params& P>
Result<typename Kem<P>::KeyPair> Kem<P>::generate_key() noexcept {
  SecretArray<64> dz;
  if (!random_bytes(dz.span())) return fail(Error::randomness_failure, "ML-KEM d, z");  // Algorithm 19, steps 1-2.
  return keygen_internal(std::span<const uint8_t>(dz.data(), 32), std::span<const uint8_t>(dz.data() + 32, 32));
}

template <const Params& P>
Result<typename Kem<P>::KeyPair> Kem<P>::keygen_internal(std::span<const uint8_t> d, std::span<const uint8_t> z) noexcept {
  if (d.size() != 32) return fail(Error::invalid_length, "ML-KEM d (32 bytes)");
  if (z.size() != 32) return fail(Error::invalid_length, "ML-KEM z (32 bytes)");
  return build_key_pair(d, z);
}

template <const Params& P>
Result<typename Kem<P>::KeyPair> Kem<P>::build_key_pair(std::span<const uint8_t> d, std::span<const uint8_t> z) noexcept {
  SecretArray<kSeedBytes> seed;
  std::memcpy(seed.data(), d.data(), 32);
  std::memcpy(seed.data() + 32, z.data(), 32);
  Result<KeyPair> r(std::in_place);
  r->private_key.expand(seed.data());
  r->public_key = r->private_key.ek_;
  return r;
}

template <const Params& P>
Result<typename Kem<P>::Encapsulation> Kem<P>::encapsulate(const EncapsulationKey& ek) noexcept {
  SecretArray<32> m;
  if (!random_bytes(m.span())) return fail(Error::randomness_failure, "ML-KEM m");  // Algorithm 20, step 1.
  return encaps_internal(ek, m.span());
}

template <const Params& P>
Result<typename Kem<P>::Encapsulation> Kem<P>::encaps_internal(const EncapsulationKey& ek,
                                                               std::span<const uint8_t> m) noexcept {
  if (m.size() != kMessageBytes) return fail(Error::invalid_length, "ML-KEM m (32 bytes)");
  return build_encapsulation(ek, m.data());
}

template <const Params& P>
Result<typename Kem<P>::Encapsulation> Kem<P>::build_encapsulation(const EncapsulationKey& ek, const uint8_t* m) noexcept {
  Result<Encapsulation> r(std::in_place);
#if TESSERA_SMALL_STACK
  detail::Streaming<P>::encaps(ek.ek_.data(), ek.h_.data(), m, r->ciphertext.data(), r->shared_secret.data(),
                               kernels());
#else
  const Matrix<P.k>* a_hat_t = nullptr;
#if TESSERA_CACHE_MATRIX
  a_hat_t = &ek.a_hat_t_;
#endif
  Scheme<P>::encaps_internal(ek.t_hat_, a_hat_t, ek.ek_.data(), ek.h_.data(), m, r->ciphertext.data(),
                             r->shared_secret.data(), kernels());
#endif
  return r;
}

template <const Params& P>
Result<SharedSecret> Kem<P>::decapsulate(const DecapsulationKey& dk, std::span<const uint8_t> ct) noexcept {
  if (ct.size() != ct_bytes) return fail(Error::invalid_length, "ML-KEM ciphertext");
  return build_shared_secret(dk, ct.data());
}

template <const Params& P>
Result<SharedSecret> Kem<P>::build_shared_secret(const DecapsulationKey& dk, const uint8_t* ct) noexcept {
  const EncapsulationKey& ek = dk.ek_;
  Result<SharedSecret> r(std::in_place);
#if TESSERA_SMALL_STACK
  detail::Streaming<P>::decaps(dk.dk_pke_.data(), ek.ek_.data(), ek.h_.data(), dk.z_.data(), ct, r->data(),
                               kernels());
#else
  const Matrix<P.k>* a_hat_t = nullptr;
#if TESSERA_CACHE_MATRIX
  a_hat_t = &ek.a_hat_t_;
#endif
  Scheme<P>::decaps_internal(dk.dk_pke_.data(), ek.t_hat_, a_hat_t, ek.ek_.data(), ek.h_.data(), dk.z_.data(), ct,
                             r->data(), kernels());
#endif
  return r;
}

template <const Params& P>
Result<SharedSecret> Kem<P>::decapsulate(std::span<const uint8_t> dk, std::span<const uint8_t> ct) noexcept {
  if (dk.size() != dk_bytes) return fail(Error::invalid_length, "ML-KEM decapsulation key");
  if (ct.size() != ct_bytes) return fail(Error::invalid_length, "ML-KEM ciphertext");
  return build_shared_secret(dk.data(), ct.data());
}

template <const Params& P>
Result<SharedSecret> Kem<P>::build_shared_secret(const uint8_t* dk, const uint8_t* ct) noexcept {
#if TESSERA_SMALL_STACK
  // The streaming code keeps no matrix and runs one sponge at a time: nothing to share.
  // Both returns are prvalues (guaranteed elision: no copy of the secret).
  const auto key = DecapsulationKey::from_bytes(std::span<const uint8_t>(dk, dk_bytes));
  if (!key) return key.failure();
  return build_shared_secret(*key, ct);
#else
  Result<SharedSecret> r(std::in_place);  // one return (NRVO)
  if (const char* bad = Scheme<P>::decaps_expanded(dk, ct, r->data(), kernels())) r = fail(Error::invalid_key, bad);
  return r;
#endif
}

template struct Kem<kMlKem512>;
template struct Kem<kMlKem768>;
template struct Kem<kMlKem1024>;

}  // namespace tessera::mlkem
