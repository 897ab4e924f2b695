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
  // Progress (set by run_sponge_jobs).
  std::size_t absorbed = 0;
  std::size_t produced = 0;
  unsigned ctr = 0;
  bool squeezing = false;
};

using RejUniformFn = unsigned (*)(std::int16_t*, unsigned, unsigned, const std::uint8_t*, unsigned) noexcept;

namespace detail_lanes {

inline void gather(const SpongeJob& j, std::size_t off, std::size_t n, std::uint8_t* dst) noexcept {
  if (off < j.in_len[0]) {
    const std::size_t a = n < j.in_len[0] - off ? n : j.in_len[0] - off;
    std::memcpy(dst, j.in[0] + off, a);
    dst += a;
    n -= a;
    off = j.in_len[0];
  }
  if (n) std::memcpy(dst, j.in[1] + (off - j.in_len[0]), n);
}

}  // namespace detail_lanes

// Runs every job to completion, four lanes at a time; a lane takes the next job as soon as
// its own ends. Each step permutes with the 4-way kernel when it is a SIMD one and at least
// two lanes are busy; otherwise each busy lane gets the one-state kernel (the portable 4-way
// kernel is four one-state permutations, and an idle lane would cost a whole one).
// The schedule depends on the jobs' lengths and on the rejection counts of SampleNTT, which
// are functions of public data (rho); the state and block buffer, which hold secrets for PRF
// and J jobs, are wiped at the end.
inline void run_sponge_jobs(SpongeJob* jobs, int n, RejUniformFn rej) noexcept {
  const keccak::Kernels& kk = keccak::kernels();
  const bool simd_x4 = kk.f1600_x4 != &keccak::f1600_x4_portable;
  keccak::State4 st;
  alignas(8) std::uint8_t block[200];
  alignas(32) std::uint8_t out[4][200];
  std::uint64_t one[25];
  int slot[4] = {-1, -1, -1, -1};
  int next = 0;
  for (;;) {
    int busy = 0;
    for (int l = 0; l < 4; ++l) {
      if (slot[l] < 0 && next < n) {
        slot[l] = next++;
        for (int i = 0; i < 25; ++i) st.lanes[i][l] = 0;
      }
      busy += slot[l] >= 0;
    }
    if (busy == 0) break;
    for (int l = 0; l < 4; ++l) {  // Absorb: the next block, or the last one padded.
      if (slot[l] < 0) continue;
      SpongeJob& j = jobs[slot[l]];
      if (j.squeezing) continue;
      const std::size_t rem = j.in_len[0] + j.in_len[1] - j.absorbed;
      const std::size_t take = rem < j.rate ? rem : j.rate;
      if (take == j.rate) {  // a whole block: straight from the input when it is in one piece
        const std::uint8_t* src = j.absorbed + take <= j.in_len[0] ? j.in[0] + j.absorbed
                                  : j.absorbed >= j.in_len[0]     ? j.in[1] + (j.absorbed - j.in_len[0])
                                                                  : nullptr;
        if (src != nullptr) {
          j.absorbed += take;
          for (unsigned i = 0; i < j.rate / 8; ++i) st.lanes[i][l] ^= bytes::load_le64(src + 8 * i);
          continue;
        }
      }
      detail_lanes::gather(j, j.absorbed, take, block);
      if (take < j.rate) {  // FIPS 202, Algorithm 8, steps 1-2 (pad10*1 with the domain bits)
        std::memset(block + take, 0, j.rate - take);
        block[take] ^= j.domain;
        block[j.rate - 1] ^= 0x80;
        j.squeezing = true;
      }
      j.absorbed += take;
      for (unsigned i = 0; i < j.rate / 8; ++i) st.lanes[i][l] ^= bytes::load_le64(block + 8 * i);
    }
    if (simd_x4 && busy >= 2) {
      kk.f1600_x4(st);
    } else {
      for (int l = 0; l < 4; ++l) {
        if (slot[l] < 0) continue;
        for (int i = 0; i < 25; ++i) one[i] = st.lanes[i][l];
        kk.f1600(one);
        for (int i = 0; i < 25; ++i) st.lanes[i][l] = one[i];
      }
    }
    // Squeeze one block from each lane past its padding: first every extraction, then the
    // consumers, so that the consumers' wide loads do not wait on the 8-byte stores just made.
    for (int l = 0; l < 4; ++l) {
      if (slot[l] < 0 || !jobs[slot[l]].squeezing) continue;
      for (unsigned i = 0; i < jobs[slot[l]].rate / 8; ++i) bytes::store_le64(out[l] + 8 * i, st.lanes[i][l]);
    }
    for (int l = 0; l < 4; ++l) {
      if (slot[l] < 0) continue;
      SpongeJob& j = jobs[slot[l]];
      if (!j.squeezing) continue;
      bool done;
      if (j.poly != nullptr) {
        j.ctr = rej(j.poly, j.ctr, 256, out[l], j.rate);
        done = j.ctr == 256;
      } else {
        const std::size_t take = j.out_len - j.produced < j.rate ? j.out_len - j.produced : j.rate;
        std::memcpy(j.out + j.produced, out[l], take);
        j.produced += take;
        done = j.produced == j.out_len;
      }
      if (done) slot[l] = -1;
    }
  }
  secure_zero_object(st);
  secure_zero_object(block);
  secure_zero_object(out);
  secure_zero_object(one);
}

}  // namespace tessera::mlkem
