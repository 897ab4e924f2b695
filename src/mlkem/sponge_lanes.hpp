// Independent Keccak sponges (FIPS 202, Algorithm 8) of different kinds -- SHAKE128 for
// SampleNTT, SHAKE256 for PRF, SHA3-256 for H, SHAKE256 for J -- run together in the lanes of
// the 4-way permutation. ML-KEM's one-state hashes are long (H(ek) and J(z || c) are 9 to 12
// permutations each) and sequential, but they do not depend on the matrix A_hat, so running
// them in lanes next to the SampleNTT sponges hides most of their cost.
#pragma once

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "hash/keccak/keccak.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace tessera::mlkem {

// One sponge to run. Input: in[0] || in[1] (either may be empty), absorbed once and padded
// with the domain bits (0x06 SHA-3, 0x1F SHAKE). Output: out_len bytes to out, or, when poly is
// set, SampleNTT's rejection loop (Algorithm 7, steps 4-15) on each squeezed block until poly
// holds 256 coefficients.
struct SpongeJob {
  const std::uint8_t* in[2] = {nullptr, nullptr};
  std::size_t in_len[2] = {0, 0};
  unsigned rate = 0;
  std::uint8_t domain = 0;
  std::uint8_t* out = nullptr;
  std::size_t out_len = 0;
  std::int16_t* poly = nullptr;
  // Input bytes available so far (a job whose input is still being produced, such as H(ek)
  // during key generation, waits in `park` -- 25 words the caller provides -- whenever its
  // next block is incomplete).
  std::size_t available = SIZE_MAX;
  std::uint64_t* park = nullptr;
  // Progress (set by SpongeLanes).
  enum Status : std::uint8_t { pending, running, parked, done };
  Status status = pending;
  std::size_t absorbed = 0;
  std::size_t produced = 0;
  unsigned ctr = 0;
  bool squeezing = false;
};

using RejUniformFn = unsigned (*)(std::int16_t*, unsigned, unsigned, const std::uint8_t*, unsigned) noexcept;

namespace detail_lanes {

// Copies bytes [off, off + n) of the input in[0] || in[1] to dst.
inline void gather(const SpongeJob& j, std::size_t off, std::size_t n, std::uint8_t* dst) noexcept {
  if (off < j.in_len[0]) {
    const std::size_t a = n < j.in_len[0] - off ? n : j.in_len[0] - off;
    std::memcpy(dst, j.in[0] + off, a);
    dst += a;
    n -= a;
    off = j.in_len[0];
  }
  if (n != 0) std::memcpy(dst, j.in[1] + (off - j.in_len[0]), n);
}

}  // namespace detail_lanes

// Runs jobs four lanes at a time; a lane takes the next runnable job (the first in array
// order) as soon as its own ends or waits for input. Each step permutes with the 4-way kernel
// when it is a SIMD one and at least two lanes are busy; otherwise each busy lane gets the
// one-state kernel (the portable 4-way kernel is four one-state permutations, and an idle
// lane would cost a whole one). Jobs in flight stay in the lanes between calls of run(), so
// a caller can compute with finished outputs, give a waiting job more input, and resume
// (always with the same job array, of at most 64 jobs).
// The schedule depends on the jobs' lengths, on how much input is available and on the
// rejection counts of SampleNTT, all functions of public data (rho, ek); the state and output
// buffers, which hold secrets for PRF and J jobs, are wiped on destruction.
class SpongeLanes {
 public:
  explicit SpongeLanes(RejUniformFn rej) noexcept
      : kk_(keccak::kernels()), rej_(rej), simd_x4_(kk_.f1600_x4 != &keccak::f1600_x4_portable) {}
  SpongeLanes(const SpongeLanes&) = delete;
  SpongeLanes& operator=(const SpongeLanes&) = delete;
  ~SpongeLanes() {
    secure_zero_object(st_);
    secure_zero_object(out_);
    secure_zero_object(one_);
    secure_zero_stack(2048);  // the lane kernels' spills and transposes (see common/secret.hpp)
  }

  // Runs until jobs[first, last) are done, or until no job can go on (all wait for input).
  [[gnu::noinline]] void run(SpongeJob* jobs, int n, int first, int last) noexcept {
    // Internal invariant (ML-KEM-1024 needs 25 jobs): idle_ has one bit per job.
    if (n > 64) __builtin_trap();
    for (;;) {
      bool target_done = true;
      for (int k = first; k < last; ++k) target_done = target_done && jobs[k].status == SpongeJob::done;
      if (target_done) return;
      int busy = 0;
      for (int l = 0; l < 4; ++l) {
        if (slot_[l] < 0) slot_[l] = take_job(jobs, n, l);
        jobs_base_ = jobs;
        if (slot_[l] >= 0 && !absorb(jobs[slot_[l]], l)) slot_[l] = -1;  // parked
        busy += slot_[l] >= 0;
      }
      if (busy == 0) return;
      // One lane left with a plain hash whose whole input is there (the tail of H(ek) in key
      // generation, of H(ek) next to A_hat^T, of J): no other job can start before this run
      // returns, so the one-state sponge loop finishes it with its state in registers.
      if (busy == 1 && finish_alone(jobs)) continue;
      if (simd_x4_ && busy >= 2) {
        kk_.f1600_x4(st_);
      } else {
        for (int l = 0; l < 4; ++l) {
          if (slot_[l] < 0) continue;
          for (int i = 0; i < 25; ++i) one_[i] = st_.lanes[i][l];
          kk_.f1600(one_);
          for (int i = 0; i < 25; ++i) st_.lanes[i][l] = one_[i];
        }
      }
      // Squeeze one block from each lane past its padding: first every extraction, then the
      // consumers, so that their wide loads do not wait on the 8-byte stores just made.
      for (int l = 0; l < 4; ++l) {
        if (slot_[l] < 0 || !jobs[slot_[l]].squeezing) continue;
        // Locals: the byte stores below may alias anything, so members would be reloaded.
        const SpongeJob& j = jobs[slot_[l]];
        const unsigned words = j.rate / 8;
        // A whole block of plain output goes straight to its destination.
        const bool direct = j.poly == nullptr && j.out_len - j.produced >= j.rate;
        std::uint8_t* const o = direct ? j.out + j.produced : out_[l];
        const std::uint64_t* const lane = &st_.lanes[0][l];
        for (unsigned i = 0; i < words; ++i) bytes::store_le64(o + 8 * i, lane[4 * i]);
      }
      for (int l = 0; l < 4; ++l) {
        if (slot_[l] < 0) continue;
        SpongeJob& j = jobs[slot_[l]];
        if (!j.squeezing) continue;
        bool finished;
        if (j.poly != nullptr) {
          j.ctr = rej_(j.poly, j.ctr, 256, out_[l], j.rate);
          finished = j.ctr == 256;
        } else {
          const std::size_t take = j.out_len - j.produced < j.rate ? j.out_len - j.produced : j.rate;
          if (take < j.rate) std::memcpy(j.out + j.produced, out_[l], take);  // else already there
          j.produced += take;
          finished = j.produced == j.out_len;
        }
        if (finished) {
          j.status = SpongeJob::done;
          slot_[l] = -1;
        }
      }
    }
  }

 private:
  static bool can_absorb(const SpongeJob& j) noexcept {
    const std::size_t total = j.in_len[0] + j.in_len[1];
    if (j.squeezing) return true;
    return total - j.absorbed < j.rate ? j.available >= total : j.available >= j.absorbed + j.rate;
  }

  // When the one busy lane holds a hash job (no SampleNTT) with all its input available and
  // its current block already absorbed (absorb() ran this step): permutes it with the
  // one-state kernels to the end (FIPS 202, Algorithm 8: the remaining whole blocks through
  // absorb_blocks, the padded last block, then the output blocks). Returns false, changing
  // nothing, when the lane's job is not such a job.
  bool finish_alone(SpongeJob* jobs) noexcept {
    int l = 0;
    while (slot_[l] < 0) ++l;
    SpongeJob& j = jobs[slot_[l]];
    const std::size_t total = j.in_len[0] + j.in_len[1];
    if (j.poly != nullptr || j.available < total) return false;
    const std::size_t rate = j.rate, words = rate / 8;
    for (int i = 0; i < 25; ++i) one_[i] = st_.lanes[i][l];
    kk_.f1600(one_);
    while (!j.squeezing) {
      const std::size_t rem = total - j.absorbed;
      // Whole blocks straight from the input where they lie in one piece (all but the last
      // block, which is padded).
      const bool in0 = j.absorbed < j.in_len[0];
      const std::size_t piece = in0 ? j.in_len[0] - j.absorbed : rem;
      const std::size_t nblocks = rem == 0 ? 0 : (piece < rem ? piece : rem - 1) / rate;
      if (nblocks != 0) {
        kk_.absorb_blocks(one_, in0 ? j.in[0] + j.absorbed : j.in[1] + (j.absorbed - j.in_len[0]), nblocks, words);
        j.absorbed += nblocks * rate;
        continue;
      }
      // A block in two pieces, or the last one, through blk; the last one padded (pad10*1
      // with the domain bits).
      const std::size_t take = rem < rate ? rem : rate;
      alignas(32) std::uint8_t blk[200] = {};
      detail_lanes::gather(j, j.absorbed, take, blk);
      for (std::size_t i = 0; i < words; ++i) one_[i] ^= bytes::load_le64(blk + 8 * i);
      secure_zero(blk, take);
      j.absorbed += take;
      if (take < rate) {
        one_[take / 8] ^= static_cast<std::uint64_t>(j.domain) << (8 * (take % 8));
        one_[words - 1] ^= 0x8000000000000000ull;
        j.squeezing = true;
      }
      kk_.f1600(one_);
    }
    for (;;) {  // one output block per permutation
      const std::size_t take = j.out_len - j.produced < rate ? j.out_len - j.produced : rate;
      for (std::size_t i = 0; i < words; ++i) bytes::store_le64(out_[l] + 8 * i, one_[i]);
      std::memcpy(j.out + j.produced, out_[l], take);
      j.produced += take;
      if (j.produced == j.out_len) break;
      kk_.f1600(one_);
    }
    j.status = SpongeJob::done;
    slot_[l] = -1;
    return true;
  }

  // The first job that can run and is not running; -1 if none. A parked job gets its state back.
  // idle_ has a bit for every job that is pending or parked (n <= 64).
  int take_job(SpongeJob* jobs, int n, int l) noexcept {
    if (!idle_init_) {
      for (int k = 0; k < n && k < 64; ++k)
        if (jobs[k].status == SpongeJob::pending || jobs[k].status == SpongeJob::parked) idle_ |= std::uint64_t{1} << k;
      idle_init_ = true;
    }
    for (std::uint64_t m = idle_; m != 0; m &= m - 1) {
      const int k = __builtin_ctzll(m);
      SpongeJob& j = jobs[k];
      if (!can_absorb(j)) continue;
      idle_ &= ~(std::uint64_t{1} << k);
      if (j.status == SpongeJob::parked)
        for (int i = 0; i < 25; ++i) st_.lanes[i][l] = j.park[i];
      j.status = SpongeJob::running;
      return k;
    }
    return -1;
  }

  // Absorbs the next block of lane l's job, or the last one padded (FIPS 202, Algorithm 8,
  // steps 1-6); parks the job and returns false if its next block is not available yet.
  bool absorb(SpongeJob& j, int l) noexcept {
    if (j.squeezing) return true;
    if (!can_absorb(j)) {
      for (int i = 0; i < 25; ++i) j.park[i] = st_.lanes[i][l];
      j.status = SpongeJob::parked;
      idle_ |= std::uint64_t{1} << (&j - jobs_base_);
      return false;
    }
    const std::size_t rem = j.in_len[0] + j.in_len[1] - j.absorbed;
    const std::size_t take = rem < j.rate ? rem : j.rate;
    const bool fresh = j.absorbed == 0;
    if (take == j.rate && !fresh) {  // a whole block: straight from the input when it is in one piece
      const std::uint8_t* src = j.absorbed + take <= j.in_len[0] ? j.in[0] + j.absorbed
                                : j.absorbed >= j.in_len[0]     ? j.in[1] + (j.absorbed - j.in_len[0])
                                                                : nullptr;
      if (src != nullptr) {
        j.absorbed += take;
        const unsigned words = j.rate / 8;
        std::uint64_t* const lane = &st_.lanes[0][l];
        for (unsigned i = 0; i < words; ++i) lane[4 * i] ^= bytes::load_le64(src + 8 * i);
        return true;
      }
    }
    // A block in pieces or padded: gathered into a zeroed buffer, then moved word by word.
    const unsigned words = j.rate / 8;
    std::uint64_t* const lane = &st_.lanes[0][l];
    alignas(32) std::uint8_t blk[200] = {};
    detail_lanes::gather(j, j.absorbed, take, blk);
    if (fresh) {
      for (unsigned i = 0; i < 25; ++i) lane[4 * i] = bytes::load_le64(blk + 8 * i);  // a new job starts from zero
    } else {
      for (unsigned i = 0; i < words; ++i) lane[4 * i] ^= bytes::load_le64(blk + 8 * i);
    }
    if (take < j.rate) {  // pad10*1 with the domain bits
      lane[4 * (take / 8)] ^= static_cast<std::uint64_t>(j.domain) << (8 * (take % 8));
      lane[4 * (words - 1)] ^= 0x8000000000000000ull;
    }
    secure_zero(blk, take);  // the rest of blk is still zero
    j.squeezing = take < j.rate;
    j.absorbed += take;
    return true;
  }

  const keccak::Kernels& kk_;
  RejUniformFn rej_;
  bool simd_x4_;
  keccak::State4 st_;
  alignas(32) std::uint8_t out_[4][200];
  std::uint64_t one_[25];
  int slot_[4] = {-1, -1, -1, -1};
  std::uint64_t idle_ = 0;
  bool idle_init_ = false;
  const SpongeJob* jobs_base_ = nullptr;
};

// Runs every job to completion.
inline void run_sponge_jobs(SpongeJob* jobs, int n, RejUniformFn rej) noexcept {
  SpongeLanes lanes(rej);
  lanes.run(jobs, n, 0, n);
}

}  // namespace tessera::mlkem
