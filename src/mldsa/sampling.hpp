// ML-DSA pseudorandom sampling (FIPS 204, Section 7.3). Batched through the 4-way SHAKE
// sponges of src/hash/shake_batch.hpp so SIMD Keccak kernels speed them up.
#pragma once

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "hash/keccak/keccak.hpp"
#include "mldsa/kernels.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
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

// N SHAKE instances in the N lanes of an N-way Keccak state (N = 4 or 8). A lane that
// finishes its job takes the next one, so jobs of different lengths and rates share
// permutations and few lanes idle; the lanes persist between calls of run(), so a caller
// can keep work in flight from one call to the next (MaskStream does). With `native`
// false the active lanes are permuted one by one (portable Keccak: idle lanes cost nothing).
// The schedule depends only on job lengths and on the consumers' verdicts, which callers
// keep public (see ExpandS). All buffers are wiped on destruction.
template <int N>
class XofLanes {
  static_assert(N == 4 || N == 8);

 public:
  explicit XofLanes(bool native) noexcept : native_(native), kk_(keccak::kernels()) {
    for (int l = 0; l < N; ++l) lane_[l].tag = -1;
  }
  XofLanes(const XofLanes&) = delete;
  XofLanes& operator=(const XofLanes&) = delete;
  ~XofLanes() {
    secure_zero_object(st_);
    secure_zero_object(scratch_);
    secure_zero_object(out_);
    secure_zero_object(junk_);
    secure_zero_object(one_);
    secure_zero_stack(2048);  // the lane kernels' spills and transposes; stack-wipe: f1600 absorb_lanes extract_lanes
  }

  // Runs permutation steps for `jobs` until jobs.done() holds (checked before each step) or
  // no lane has work. A free lane asks jobs.next_job(scratch, job, tag) for a job (false:
  // none now; tag >= 0 names it); the job's input may be written to scratch (72 bytes, kept
  // until the job ends). jobs.consume(tag, buf, len) takes the job's output and returns true
  // when it needs no more.
  template <class Jobs>
  void run(Jobs& jobs) noexcept {
    while (!jobs.done()) {
      int active = 0;
      for (int l = 0; l < N; ++l) {
        Lane& ln = lane_[l];
        if (ln.tag < 0) {
          int tag = -1;
          if (!jobs.next_job(scratch_[l], ln.j, tag)) continue;
          ln.tag = tag;
          ln.off = ln.got = 0;
          ln.squeezing = false;
          for (int i = 0; i < 25; ++i) st_.lanes[i][l] = 0;
        }
        ++active;
      }
      if (active == 0) return;
      step(jobs);
    }
  }

 private:
  struct Lane {
    XofJob j;
    std::size_t off, got;
    int tag;
    bool squeezing;
  };
  static constexpr std::size_t kMaxFirst = 5 * 168;

  template <class Jobs>
  void step(Jobs& jobs) noexcept {
    // Absorb one block into each absorbing lane (FIPS 202, Algorithm 8 with pad10*1 and
    // the SHAKE suffix 1111).
    for (int l = 0; l < N; ++l) {
      Lane& ln = lane_[l];
      if (ln.tag < 0 || ln.squeezing) continue;
      const std::size_t rem = ln.j.len - ln.off, take = rem < ln.j.rate ? rem : ln.j.rate;
      const std::uint8_t* p = ln.j.in + ln.off;
      std::size_t w = 0;
      for (; 8 * w + 8 <= take; ++w) st_.lanes[w][l] ^= bytes::load_le64(p + 8 * w);
      if (take < ln.j.rate) {
        const std::size_t tail = take - 8 * w;
        st_.lanes[w][l] ^= bytes::load_le_partial(p + 8 * w, tail) ^ (std::uint64_t{0x1F} << (8 * tail));
        st_.lanes[ln.j.rate / 8 - 1][l] ^= 0x8000000000000000ull;
        ln.squeezing = true;
      }
      ln.off += take;
    }
    if (native_) {
      if constexpr (N == 4) kk_.f1600_x4(st_);
      else kk_.f1600_x8(st_);
    } else {
      for (int l = 0; l < N; ++l) {
        if (lane_[l].tag < 0) continue;
        for (int i = 0; i < 25; ++i) one_[i] = st_.lanes[i][l];
        kk_.f1600(one_);
        for (int i = 0; i < 25; ++i) st_.lanes[i][l] = one_[i];
      }
    }
    // Squeeze one block from each squeezing lane: 21 words (the larger rate) from every
    // lane, word-major, so the reads are whole vectors of the state the permutation wrote;
    // lanes with nothing to squeeze write to a junk block.
    std::uint8_t* dst[N];
    bool sq[N];
    for (int l = 0; l < N; ++l) {
      const Lane& ln = lane_[l];
      sq[l] = ln.tag >= 0 && ln.squeezing;
      const std::size_t first = ln.j.first_blocks * ln.j.rate;
      dst[l] = sq[l] ? out_[l] + (ln.got < first ? ln.got : 0) : junk_;
    }
    for (std::size_t i = 0; i < 21; ++i)
      for (int l = 0; l < N; ++l) bytes::store_le64(dst[l] + 8 * i, st_.lanes[i][l]);
    for (int l = 0; l < N; ++l) {
      Lane& ln = lane_[l];
      if (!sq[l]) continue;
      const std::size_t first = ln.j.first_blocks * ln.j.rate;
      ln.got += ln.j.rate;
      if (ln.got < first) continue;
      if (jobs.consume(ln.tag, static_cast<const std::uint8_t*>(out_[l]), ln.got == first ? first : ln.j.rate))
        ln.tag = -1;
    }
  }

  bool native_;
  const keccak::Kernels& kk_;
  keccak::StateN<N> st_{};
  Lane lane_[N];
  alignas(8) std::uint8_t scratch_[N][72];
  alignas(8) std::uint8_t out_[N][kMaxFirst + 32];  // + 32: a 136-rate block is written as 168 bytes
  alignas(8) std::uint8_t junk_[168];
  std::uint64_t one_[25];  // one lane's state (lane-by-lane permutation)
};

// Runs jobs 0..count-1 (job(idx, scratch) -> XofJob; eat(idx, buf, len) -> done) to the end.
template <int N, class Job, class Eat>
void run_lanes(bool native, int count, Job job, Eat eat) noexcept {
  struct Jobs {
    Job& job;
    Eat& eat;
    int count, started, finished;
    bool done() const noexcept { return finished == count; }
    bool next_job(std::uint8_t* scratch, XofJob& j, int& tag) noexcept {
      if (started >= count) return false;
      j = job(started, scratch);
      tag = started++;
      return true;
    }
    bool consume(int tag, const std::uint8_t* buf, std::size_t len) noexcept {
      const bool d = eat(tag, buf, len);
      finished += d ? 1 : 0;
      return d;
    }
  } jobs{job, eat, count, 0, 0};
  XofLanes<N> lanes(native);
  lanes.run(jobs);
}

// Whether the active Keccak backend has real multi-lane kernels (else run_lanes permutes
// lane by lane), and whether its 8-way kernel is native.
inline bool keccak_x4_native() noexcept { return keccak::kernels().f1600_x4 != keccak::f1600_x4_portable; }
inline bool keccak_x8_native() noexcept { return keccak::kernels().x8_native; }

// Steps the greedy schedule of run_lanes takes for jobs of blocks[0..count) permutations
// each on n lanes (a free lane, lowest index first, takes the next job).
inline int greedy_steps(const int* blocks, int count, int n) noexcept {
  int free_at[8] = {};
  int end = 0;
  for (int j = 0; j < count; ++j) {
    int best = 0;
    for (int l = 1; l < n; ++l)
      if (free_at[l] < free_at[best]) best = l;
    free_at[best] += blocks[j];
    end = free_at[best] > end ? free_at[best] : end;
  }
  return end;
}

// run_lanes on 8 or 4 lanes, whichever finishes first by the greedy schedule of the jobs'
// lengths (blocks[idx], an estimate: rejection sampling may take one more block). An
// 8-way permutation is taken to cost 16/9 of a 4-way one where both are native (AVX-512
// on Zen 4: 1160 and 650 TSC cycles), so 8 lanes win only when 4 would idle less than 8.
template <class Job, class Eat>
void run_lanes_best(int count, const int* blocks, Job job, Eat eat) noexcept {
  if (keccak_x8_native() && 9 * greedy_steps(blocks, count, 8) < 16 * greedy_steps(blocks, count, 4))
    run_lanes<8>(true, count, job, eat);
  else
    run_lanes<4>(keccak_x4_native(), count, job, eat);
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

// FIPS 204, Algorithm 30 (RejNTTPoly) for one entry: a = A_hat[r][s] = RejNTTPoly(rho || s || r),
// with one SHAKE128 instance, a block at a time (the small-stack verification's stream of
// A_hat). Coefficients standard [0, q). rho is public.
void rej_ntt_poly(const Kernels& kern, Poly& a, const std::uint8_t* rho, int r, int s) noexcept;

// FIPS 204, Algorithm 31 (RejBoundedPoly) for one entry: a = RejBoundedPoly(rho' ||
// IntegerToBytes(r, 2)), with one SHAKE256 instance, a block at a time (small-stack ExpandS).
// Coefficients centered in [-eta, eta]; the accept pattern is rej_eta's (kernels.hpp).
void rej_bounded_poly(const Kernels& kern, Poly& a, const std::uint8_t* rho_prime, int r, int eta) noexcept;

// FIPS 204, Algorithm 34 (ExpandMask) steps 3-4 for one polynomial: y = BitUnpack(H(rho'' ||
// IntegerToBytes(v, 2), 32 (gamma1_bits + 1)), gamma1 - 1, gamma1), with one SHAKE256
// instance (the small-stack signer regenerates y[r], v = kappa + r, where it needs it).
// Coefficients centered in (-gamma1, gamma1].
void expand_mask_poly(const Kernels& kern, Poly& y, const std::uint8_t* rho_pp, int v, int gamma1_bits) noexcept;

// FIPS 204, Algorithm 33 (ExpandS): s[r] = RejBoundedPoly(rho' || IntegerToBytes(r, 2)) for
// r < l + k (s1 = s[0..l), s2 = s[l..l+k)). Coefficients centered in [-eta, eta].
// Small-stack builds run one rej_bounded_poly after another.
void expand_s(const Kernels& kern, Poly* s, int k, int l, int eta, const std::uint8_t* rho_prime) noexcept;

// A_hat = ExpandA(pk[0..32)), with tr = H(pk, 64) if tr is not null and c =
// SampleInBall(c_tilde) if c is not null, in one lane schedule (ML-DSA.Verify steps 1, 5-6
// and 10; PublicKey::from_bytes takes A_hat and tr): the 10-20 blocks of tr and the block
// of SampleInBall run in lanes next to the matrix rather than alone. pk and c_tilde are
// public.
void expand_a_tr_ball(const Kernels& kern, Poly* a_hat, int k, int l, std::span<const std::uint8_t> pk,
                      std::uint8_t* tr, std::span<const std::uint8_t> c_tilde, Poly* c, int tau) noexcept;

// FIPS 204, Algorithm 29 (SampleInBall) fed block by block from H(c~) (for XofLanes):
// consume() returns true once c is complete. c~ must be public (see the callers): the
// rejection loop is variable time.
class BallSampler {
 public:
  BallSampler(Poly& c, int tau) noexcept : c_(c), i_(kN - tau) {}
  bool consume(const std::uint8_t* buf, std::size_t len) noexcept {
    std::size_t pos = 0;
    if (!started_) {  // Steps 1-4: c = 0; the first 8 bytes are the signs.
      for (int k = 0; k < kN; ++k) c_.coeffs[k] = 0;
      signs_ = bytes::load_le64(buf);
      pos = 8;
      started_ = true;
    }
    for (; i_ < kN; ++i_) {  // Steps 5-13
      int j;
      do {
        if (pos == len) return false;
        j = buf[pos++];
      } while (j > i_);
      c_.coeffs[i_] = c_.coeffs[j];
      c_.coeffs[j] = 1 - 2 * static_cast<std::int32_t>(signs_ & 1);
      signs_ >>= 1;
    }
    return true;
  }

 private:
  Poly& c_;
  int i_;
  std::uint64_t signs_ = 0;
  bool started_ = false;
};

// FIPS 204, Algorithm 29 (SampleInBall). c_tilde must be public (see the caller).
void sample_in_ball(Poly& c, std::span<const std::uint8_t> c_tilde, int tau) noexcept;

// The SHAKE256 instances of the signing loop (FIPS 204, Algorithm 7) in 4 persistent Keccak
// lanes: y = ExpandMask(rho'', kappa) (step 11, Algorithm 34) for each attempt, and the
// challenge c~ = H(mu || w1Encode(w1), lambda / 4) with c = SampleInBall(c~) (steps 15-16).
// With multi-lane Keccak, the lanes the challenge leaves idle compute y for the next two
// attempts ahead of time (y does not depend on earlier attempts' outcomes; what is computed
// ahead is discarded when an attempt is accepted), and a job still running when an attempt
// needs its result continues in the next call. Portable Keccak computes only the current
// attempt's y (no lane is idle there). The schedule depends only on kappa and on c~, which
// are public (see challenge()). y is wiped on destruction.
template <int L>
class MaskStream {
 public:
  // kappa + r is encoded on 16 bits (Algorithm 34): the last kappa the loop can use.
  static constexpr int kLastKappa = L * ((0xFFFF - L) / L);

  // rho'' (64 bytes) must outlive the stream.
  MaskStream(const Kernels& kern, const std::uint8_t* rho_pp, int gamma1_bits) noexcept
      : kern_(kern), rho_pp_(rho_pp), gamma1_bits_(gamma1_bits), lanes_(keccak_x4_native()),
        ahead_(keccak_x4_native() ? kPool : L) {
    for (int& v : have_) v = -1;
  }
  MaskStream(const MaskStream&) = delete;
  MaskStream& operator=(const MaskStream&) = delete;

  // Step 11: y = ExpandMask(rho'', kappa), for kappa = 0, L, 2L, ... up to kLastKappa, in
  // order. Coefficients centered in (-gamma1, gamma1]; the l polynomials are the caller's to
  // modify (the signing loop turns y into z in place) until the next call.
  Poly* expand_mask(int kappa) noexcept {
    kappa_ = kappa;
    waiting_ = Wait::mask;
    lanes_.run(*this);
    return y_ + kappa % kPool;
  }

  // Steps 15-16: c_tilde = H(mu_w1, c_tilde.size()) and c = SampleInBall(c_tilde), while the
  // idle lanes continue ExpandMask for later attempts. c~ is declassified as soon as it is
  // computed (SampleInBall's rejection loop is variable time): it is H(mu || w1), and for
  // a rejected attempt it reveals nothing about s1, s2 because y is fresh in every attempt
  // (the argument mldsa-native and the Dilithium reference make).
  void challenge(std::span<const std::uint8_t> mu_w1, std::span<std::uint8_t> c_tilde, Poly& c, int tau) noexcept {
    BallSampler ball(c, tau);
    mu_w1_ = mu_w1;
    c_tilde_ = c_tilde;
    ball_ = &ball;
    hash_state_ = Job::pending;
    ball_state_ = Job::idle;
    waiting_ = Wait::challenge;
    lanes_.run(*this);
    ball_ = nullptr;
  }

  ~MaskStream() { secure_zero_object(y_); }

 private:
  friend class XofLanes<4>;
  static constexpr int kPool = 3 * L;  // y of attempts kappa / l, +1, +2: index v in slot v mod 3l
  static constexpr int kHashTag = 0, kBallTag = 1, kFirstMaskTag = 2;
  enum class Job : std::uint8_t { idle, pending, running, done };
  enum class Wait : std::uint8_t { mask, challenge };

  // The XofLanes job source (see XofLanes::run), in priority order: the challenge hash,
  // SampleInBall, then y of the current and (multi-lane) the next two attempts.
  bool done() const noexcept {
    if (waiting_ == Wait::challenge) return ball_state_ == Job::done;
    for (int i = 0; i < L; ++i)
      if (have_[(kappa_ + i) % kPool] != kappa_ + i) return false;
    return true;
  }
  bool next_job(std::uint8_t* scratch, XofJob& job, int& tag) noexcept {
    if (hash_state_ == Job::pending) {
      job = XofJob{mu_w1_.data(), mu_w1_.size(), 136, 1};
      tag = kHashTag;
      hash_state_ = Job::running;
      return true;
    }
    if (ball_state_ == Job::pending) {
      job = XofJob{c_tilde_.data(), c_tilde_.size(), 136, 1};
      tag = kBallTag;
      ball_state_ = Job::running;
      return true;
    }
    if (next_v_ < kappa_ + ahead_ && next_v_ < kLastKappa + L) {
      // 5 blocks = 680 bytes >= 32 * (gamma1_bits + 1) = 576 or 640.
      job = seed_counter_job(rho_pp_, next_v_, 5, scratch);
      tag = kFirstMaskTag + next_v_++;
      return true;
    }
    return false;
  }
  bool consume(int tag, const std::uint8_t* buf, std::size_t len) noexcept {
    if (tag == kHashTag) {
      std::memcpy(c_tilde_.data(), buf, c_tilde_.size());
      ct::declassify(c_tilde_.data(), c_tilde_.size());  // see challenge()
      hash_state_ = Job::done;
      ball_state_ = Job::pending;
      return true;
    }
    if (tag == kBallTag) {
      if (!ball_->consume(buf, len)) return false;
      ball_state_ = Job::done;
      return true;
    }
    // Algorithm 34 steps 3-4: y[r] = BitUnpack(H(rho'' || IntegerToBytes(kappa + r, 2)),
    // gamma1 - 1, gamma1), into slot (kappa + r) mod 3l.
    const int v = tag - kFirstMaskTag;
    kern_.unpack_z(y_[v % kPool], buf, gamma1_bits_);
    have_[v % kPool] = v;
    return true;
  }

  const Kernels& kern_;
  const std::uint8_t* rho_pp_;
  int gamma1_bits_;
  XofLanes<4> lanes_;
  int ahead_;       // y indices computed ahead: 3l with multi-lane Keccak, else l
  int kappa_ = 0;   // the current attempt
  int next_v_ = 0;  // the next y index to start
  int have_[kPool];  // the y index each slot holds (-1: none yet)
  Wait waiting_ = Wait::mask;
  Job hash_state_ = Job::idle, ball_state_ = Job::idle;
  std::span<const std::uint8_t> mu_w1_;
  std::span<std::uint8_t> c_tilde_;
  BallSampler* ball_ = nullptr;
  Poly y_[kPool];
};

}  // namespace tessera::mldsa
