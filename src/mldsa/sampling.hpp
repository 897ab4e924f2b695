// ML-DSA pseudorandom sampling (FIPS 204, Section 7.3). Batched through the 4-way SHAKE
// sponges of src/hash/shake_batch.hpp so SIMD Keccak kernels speed them up.
#pragma once

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "hash/keccak/keccak.hpp"
#include "mldsa/kernels.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::mldsa {

// One SHAKE instance for XofLanes: input in[0..len) (SHAKE128 if rate is 168, SHAKE256 if
// 136), its first `first_blocks` output blocks delivered at once, then one block at a time.
struct XofJob {
  const std::uint8_t* in;
  std::size_t len;
  std::size_t rate;
  std::size_t first_blocks;
};

// Runs jobs 0..count-1 over the N lanes of an N-way Keccak state (N = 4 or 8): a lane that
// finishes takes the next job, so jobs of different lengths and rates share permutations and
// few lanes idle. job(idx, scratch) returns job idx's XofJob (its input may be written to
// scratch, 72 bytes, valid until the job ends); eat(idx, buf, len) consumes output and
// returns true when job idx needs no more. With `native` false the active lanes are
// permuted one by one (portable Keccak: idle lanes cost nothing). The schedule depends
// only on job lengths and on eat's verdicts, which callers keep public (see ExpandS).
// All buffers are wiped.
template <int N, class Job, class Eat>
void run_lanes(bool native, int count, Job job, Eat eat) noexcept {
  static_assert(N == 4 || N == 8);
  constexpr std::size_t kMaxFirst = 5 * 168;
  const keccak::Kernels& kk = keccak::kernels();
  keccak::StateN<N> st{};
  struct Lane {
    XofJob j;
    std::size_t off, got;
    int idx;
    bool squeezing;
  } lane[N];
  alignas(8) std::uint8_t scratch[N][72];
  alignas(8) std::uint8_t out[N][kMaxFirst + 32];  // + 32: a 136-rate block is written as 168 bytes
  alignas(8) std::uint8_t junk[168];
  int next = 0, active = 0;
  for (int l = 0; l < N; ++l) lane[l].idx = -1;
  for (;;) {
    for (int l = 0; l < N; ++l) {
      if (lane[l].idx >= 0 || next >= count) continue;
      lane[l] = Lane{job(next, scratch[l]), 0, 0, next, false};
      for (int i = 0; i < 25; ++i) st.lanes[i][l] = 0;
      ++next;
      ++active;
    }
    if (active == 0) break;
    // Absorb one block into each absorbing lane (FIPS 202, Algorithm 8 with pad10*1 and
    // the SHAKE suffix 1111).
    for (int l = 0; l < N; ++l) {
      Lane& ln = lane[l];
      if (ln.idx < 0 || ln.squeezing) continue;
      const std::size_t rem = ln.j.len - ln.off, take = rem < ln.j.rate ? rem : ln.j.rate;
      const std::uint8_t* p = ln.j.in + ln.off;
      std::size_t w = 0;
      for (; 8 * w + 8 <= take; ++w) st.lanes[w][l] ^= bytes::load_le64(p + 8 * w);
      if (take < ln.j.rate) {
        const std::size_t tail = take - 8 * w;
        st.lanes[w][l] ^= bytes::load_le_partial(p + 8 * w, tail) ^ (std::uint64_t{0x1F} << (8 * tail));
        st.lanes[ln.j.rate / 8 - 1][l] ^= 0x8000000000000000ull;
        ln.squeezing = true;
      }
      ln.off += take;
    }
    if (native) {
      if constexpr (N == 4) kk.f1600_x4(st);
      else kk.f1600_x8(st);
    } else {
      for (int l = 0; l < N; ++l) {
        if (lane[l].idx < 0) continue;
        std::uint64_t one[25];
        for (int i = 0; i < 25; ++i) one[i] = st.lanes[i][l];
        kk.f1600(one);
        for (int i = 0; i < 25; ++i) st.lanes[i][l] = one[i];
        secure_zero_object(one);
      }
    }
    // Squeeze one block from each squeezing lane: 21 words (the larger rate) from every
    // lane, word-major, so the reads are whole vectors of the state the permutation wrote;
    // lanes with nothing to squeeze write to a junk block.
    std::uint8_t* dst[N];
    bool sq[N];
    for (int l = 0; l < N; ++l) {
      const Lane& ln = lane[l];
      sq[l] = ln.idx >= 0 && ln.squeezing;
      const std::size_t first = ln.j.first_blocks * ln.j.rate;
      dst[l] = sq[l] ? out[l] + (ln.got < first ? ln.got : 0) : junk;
    }
    for (std::size_t i = 0; i < 21; ++i)
      for (int l = 0; l < N; ++l) bytes::store_le64(dst[l] + 8 * i, st.lanes[i][l]);
    for (int l = 0; l < N; ++l) {
      Lane& ln = lane[l];
      if (!sq[l]) continue;
      const std::size_t first = ln.j.first_blocks * ln.j.rate;
      ln.got += ln.j.rate;
      if (ln.got < first) continue;
      if (eat(ln.idx, static_cast<const std::uint8_t*>(out[l]), ln.got == first ? first : ln.j.rate)) {
        ln.idx = -1;
        --active;
      }
    }
  }
  secure_zero_object(st);
  secure_zero_object(scratch);
  secure_zero_object(out);
  secure_zero_object(junk);
}

// Whether the active Keccak backend has real multi-lane kernels (else run_lanes permutes
// lane by lane), and whether its 8-way kernel is native.
inline bool keccak_x4_native() noexcept { return keccak::kernels().f1600_x4 != keccak::f1600_x4_portable; }
inline bool keccak_x8_native() noexcept { return keccak::kernels().x8_native; }

// run_lanes on the widest native kernel (8-way, else 4-way, else lane by lane).
template <class Job, class Eat>
void run_lanes_widest(int count, Job job, Eat eat) noexcept {
  if (keccak_x8_native()) run_lanes<8>(true, count, job, eat);
  else run_lanes<4>(keccak_x4_native(), count, job, eat);
}

// Input of the Algorithm 32 (ExpandA) instance idx = r * l + s: rho || s || r.
inline XofJob expand_a_job(const std::uint8_t* rho, int l, int idx, std::uint8_t* scratch) noexcept {
  for (int i = 0; i < 32; ++i) scratch[i] = rho[i];
  scratch[32] = static_cast<std::uint8_t>(idx % l);
  scratch[33] = static_cast<std::uint8_t>(idx / l);
  // 5 blocks = 840 bytes = 280 candidates; each is accepted with probability q / 2^23.
  return XofJob{scratch, 34, 168, 5};
}
// Input of the Algorithm 33/34 instances: a 64-byte seed || IntegerToBytes(v, 2).
inline XofJob seed_counter_job(const std::uint8_t* seed, int v, std::size_t first_blocks,
                               std::uint8_t* scratch) noexcept {
  for (int i = 0; i < 64; ++i) scratch[i] = seed[i];
  scratch[64] = static_cast<std::uint8_t>(v);
  scratch[65] = static_cast<std::uint8_t>(v >> 8);
  return XofJob{scratch, 66, 136, first_blocks};
}

// FIPS 204, Algorithm 32 (ExpandA): a_hat[r * l + s] = RejNTTPoly(rho || s || r).
// Coefficients standard [0, q). rho is public.
void expand_a(const Kernels& kern, Poly* a_hat, int k, int l, const std::uint8_t* rho) noexcept;

// FIPS 204, Algorithm 33 (ExpandS): s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)) for
// r < l + k (s1 = s[0..l), s2 = s[l..l+k)). Coefficients centered in [-eta, eta].
void expand_s(const Kernels& kern, Poly* s, int k, int l, int eta, const std::uint8_t* rho_prime) noexcept;

// expand_a and expand_s in one lane schedule (ML-DSA.KeyGen_internal steps 3-4).
void expand_a_s(const Kernels& kern, Poly* a_hat, Poly* s, int k, int l, int eta, const std::uint8_t* rho,
                const std::uint8_t* rho_prime) noexcept;

// expand_a(pk[0..32)) and tr = H(pk, 64) in one lane schedule (ML-DSA.Verify steps 1 and
// 5-6): the 15-17 blocks of tr run in a lane next to the matrix rather than alone.
void expand_a_tr(const Kernels& kern, Poly* a_hat, int k, int l, std::span<const std::uint8_t> pk,
                 std::uint8_t* tr) noexcept;

// FIPS 204, Algorithm 34 (ExpandMask): y[r] = BitUnpack(H(rho'' || IntegerToBytes(kappa + r, 2)),
// gamma1 - 1, gamma1) for r < l. Coefficients centered in (-gamma1, gamma1].
void expand_mask(const Kernels& kern, Poly* y, int l, int gamma1_bits, const std::uint8_t* rho_pp,
                 int kappa) noexcept;

// FIPS 204, Algorithm 29 (SampleInBall). c_tilde must be public (see the caller).
void sample_in_ball(Poly& c, std::span<const std::uint8_t> c_tilde, int tau) noexcept;

}  // namespace tessera::mldsa
