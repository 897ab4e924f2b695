#include "mldsa/sampling.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "hash/shake_batch.hpp"
#include "tessera_config.hpp"

#include <tessera/sha3.hpp>

#include <cstring>

namespace tessera::mldsa {
namespace {

// Runs `count` independent XOF instances through the batched sponges of shake_batch.hpp:
// 8-way where the Keccak backend has a native 8-way kernel (AVX-512) and at least 5 instances remain, or
// where a whole batch of 8 remains and the 4-way kernel is not the portable loop (AVX2's
// 8-way kernel interleaves two 4-way states: 3% cheaper per state, ExpandA of ML-DSA-44 on
// Zen 4 21.1k -> 20.3k TSC ticks; NEON's is the same work as two 4-way calls), 4-way where
// at least 2 remain and the 4-way kernel is not the portable loop (or 4 remain), and one by
// one otherwise. Idle lanes of a batch absorb a copy of its first input and are
// ignored. fill(idx, in) writes the in_len-byte input of instance idx; eat(idx, buf, len)
// consumes output bytes and returns true once instance idx needs no more. Output buffers
// are wiped.
template <class Batch4, class Batch8, class Single, std::size_t FirstBlocks, class Fill, class Eat>
void run_xofs(int count, std::size_t in_len, Fill fill, Eat eat) noexcept {
  constexpr std::size_t rate = Batch4::rate_bytes;
  static_assert(Single::rate_bytes == rate && Batch8::rate_bytes == rate);
  constexpr std::size_t kMaxIn = 66;
  alignas(8) std::uint8_t in[8][kMaxIn];
  alignas(8) std::uint8_t buf[8][FirstBlocks * rate];
  const keccak::Kernels& kk = keccak::kernels();
  const bool x4_native = kk.f1600_x4 != keccak::f1600_x4_portable;
  auto batch = [&]<class Batch, int N>(int idx, int used) {
    for (int j = 0; j < used; ++j) fill(idx + j, in[j]);
    typename Batch::Inputs ins;
    typename Batch::Outputs outs;
    for (int j = 0; j < N; ++j) {
      ins[j] = in[j < used ? j : 0];
      outs[j] = buf[j];
    }
    Batch xof;
    xof.absorb_once(ins, in_len);
    xof.squeeze_blocks(outs, FirstBlocks);
    bool done[8] = {};
    bool all = true;
    for (int j = 0; j < used; ++j) all &= (done[j] = eat(idx + j, buf[j], FirstBlocks * rate));
    while (!all) {
      xof.squeeze_blocks(outs, 1);
      all = true;
      for (int j = 0; j < used; ++j) {
        if (!done[j]) done[j] = eat(idx + j, buf[j], rate);
        all &= done[j];
      }
    }
  };
  int idx = 0;
  while (idx < count) {
    const int rem = count - idx;
    if ((kk.x8_native && rem >= 5) || (x4_native && rem >= 8)) {
      const int used = rem < 8 ? rem : 8;
      batch.template operator()<Batch8, 8>(idx, used);
      idx += used;
    } else if (rem >= 4 || (x4_native && rem >= 2)) {
      const int used = rem < 4 ? rem : 4;
      batch.template operator()<Batch4, 4>(idx, used);
      idx += used;
    } else {
      fill(idx, in[0]);
      Single xof;
      (void)xof.absorb(std::span<const std::uint8_t>(in[0], in_len));
      xof.squeeze(std::span<std::uint8_t>(buf[0], FirstBlocks * rate));
      bool done = eat(idx, buf[0], FirstBlocks * rate);
      while (!done) {
        xof.squeeze(std::span<std::uint8_t>(buf[0], rate));
        done = eat(idx, buf[0], rate);
      }
      ++idx;
    }
  }
  secure_zero_object(in);
  secure_zero_object(buf);
}

}  // namespace


// Uniform batches (every instance the same kind): with multi-lane Keccak the batched
// sponges are used directly (XofLanes' per-step bookkeeping costs more than it saves
// here: there are no idle lanes to fill); with portable Keccak XofLanes permutes lane by
// lane (no idle-lane permutations).

void expand_a(const Kernels& kern, Poly* a_hat, int k, int l, const std::uint8_t* rho) noexcept {
  unsigned ctr[8 * 7] = {};
  auto eat = [&](int idx, const std::uint8_t* buf, std::size_t len) {
    ctr[idx] += kern.rej_uniform(a_hat[idx].coeffs + ctr[idx], kN - ctr[idx], buf, len);
    return ctr[idx] == kN;
  };
  if (keccak_x4_native()) {
    // 5 blocks = 840 bytes = 280 candidates; each is accepted with probability q / 2^23.
    run_xofs<hash::Shake128x4, hash::Shake128x8, Shake128, 5>(
        k * l, 34,
        [&](int idx, std::uint8_t* in) {
          std::memcpy(in, rho, 32);
          in[32] = static_cast<std::uint8_t>(idx % l);  // s
          in[33] = static_cast<std::uint8_t>(idx / l);  // r
        },
        eat);
  } else {
    run_lanes<4>(false, k * l, [&](int idx, std::uint8_t* scratch) { return expand_a_job(rho, l, idx, scratch); }, eat);
  }
}

void rej_ntt_poly(const Kernels& kern, Poly& a, const std::uint8_t* rho, int r, int s) noexcept {
  std::uint8_t in[34];
  std::memcpy(in, rho, 32);
  in[32] = static_cast<std::uint8_t>(s);
  in[33] = static_cast<std::uint8_t>(r);
  Shake128 xof;
  (void)xof.absorb(std::span<const std::uint8_t>(in, sizeof in));
  // A block is 168 bytes = 56 whole candidates (CoeffFromThreeBytes): none straddles blocks.
  std::uint8_t block[168];
  for (unsigned ctr = 0; ctr < kN;) {
    xof.squeeze(block);
    ctr += kern.rej_uniform(a.coeffs + ctr, kN - ctr, block, sizeof block);
  }
}

namespace {
// Absorbs a 64-byte seed || IntegerToBytes(v, 2) (Algorithms 33 and 34) into xof.
void absorb_seed_counter(Shake256& xof, const std::uint8_t* seed, int v) noexcept {
  std::uint8_t in[66];
  std::memcpy(in, seed, 64);
  in[64] = static_cast<std::uint8_t>(v);
  in[65] = static_cast<std::uint8_t>(v >> 8);
  (void)xof.absorb(std::span<const std::uint8_t>(in, sizeof in));
  secure_zero_object(in);
}
}  // namespace

void rej_bounded_poly(const Kernels& kern, Poly& a, const std::uint8_t* rho_prime, int r, int eta) noexcept {
  Shake256 xof;
  absorb_seed_counter(xof, rho_prime, r);
  // Every byte gives two candidates (CoeffFromHalfByte): none straddles blocks.
  std::uint8_t block[136];
  for (unsigned ctr = 0; ctr < kN;) {
    xof.squeeze(block);
    ctr += kern.rej_eta(a.coeffs + ctr, kN - ctr, block, sizeof block, eta);
  }
  secure_zero_object(block);
}

void expand_mask_poly(const Kernels& kern, Poly& y, const std::uint8_t* rho_pp, int v, int gamma1_bits) noexcept {
  Shake256 xof;
  absorb_seed_counter(xof, rho_pp, v);
  std::uint8_t buf[32 * 20];  // 32 * (gamma1_bits + 1) bytes, gamma1_bits 17 or 19
  xof.squeeze(std::span<std::uint8_t>(buf, 32 * static_cast<std::size_t>(gamma1_bits + 1)));
  kern.unpack_z(y, buf, gamma1_bits);
  secure_zero_object(buf);
}

void expand_s(const Kernels& kern, Poly* s, int k, int l, int eta, const std::uint8_t* rho_prime) noexcept {
  if constexpr (TESSERA_SMALL_STACK) {
    // One instance at a time: no lanes (XofLanes<4> is 5 KiB).
    for (int r = 0; r < k + l; ++r) rej_bounded_poly(kern, s[r], rho_prime, r, eta);
    return;
  }
  unsigned ctr[8 + 7] = {};
  auto eat = [&](int idx, const std::uint8_t* buf, std::size_t len) {
    ctr[idx] += kern.rej_eta(s[idx].coeffs + ctr[idx], kN - ctr[idx], buf, len, eta);
    return ctr[idx] == kN;
  };
  // 2 blocks = 544 nibbles; about 510 (eta = 2) or 306 (eta = 4) are accepted on average.
  if (keccak_x4_native()) {
    run_xofs<hash::Shake256x4, hash::Shake256x8, Shake256, 2>(
        k + l, 66,
        [&](int idx, std::uint8_t* in) {
          std::memcpy(in, rho_prime, 64);
          in[64] = static_cast<std::uint8_t>(idx);
          in[65] = static_cast<std::uint8_t>(idx >> 8);
        },
        eat);
  } else {
    run_lanes<4>(false, k + l, [&](int idx, std::uint8_t* scratch) { return seed_counter_job(rho_prime, idx, 2, scratch); },
                 eat);
  }
}

void expand_a_tr_ball(const Kernels& kern, Poly* a_hat, int k, int l, std::span<const std::uint8_t> pk,
                      std::uint8_t* tr, std::span<const std::uint8_t> c_tilde, Poly* c, int tau) noexcept {
  unsigned ctr[8 * 7] = {};
  // No ball job without c: the sampler is then never fed (a_hat[0] is only a placeholder).
  BallSampler ball(c != nullptr ? *c : a_hat[0], tau);
  // Jobs: [tr], [SampleInBall], then the k * l matrix entries (longest first).
  const int tr_job = tr != nullptr ? 0 : -1;
  const int ball_job = c != nullptr ? tr_job + 1 : -1;
  const int first_a = (tr != nullptr ? 1 : 0) + (c != nullptr ? 1 : 0);
  const int count = first_a + k * l;
  int blocks[2 + 8 * 7];
  for (int i = 0; i < count; ++i) blocks[i] = 5;
  if (tr_job >= 0) blocks[tr_job] = static_cast<int>(pk.size() / 136 + 1);
  if (ball_job >= 0) blocks[ball_job] = 1;
  run_lanes_best(
      count, blocks,
      [&](int idx, std::uint8_t* scratch) {
        if (idx == tr_job) return XofJob{pk.data(), pk.size(), 136, 1};
        if (idx == ball_job) return XofJob{c_tilde.data(), c_tilde.size(), 136, 1};
        return expand_a_job(pk.data(), l, idx - first_a, scratch);
      },
      [&](int idx, const std::uint8_t* buf, std::size_t len) {
        if (idx == tr_job) {
          std::memcpy(tr, buf, 64);
          return true;
        }
        if (idx == ball_job) return ball.consume(buf, len);
        const int a = idx - first_a;
        ctr[a] += kern.rej_uniform(a_hat[a].coeffs + ctr[a], kN - ctr[a], buf, len);
        return ctr[a] == kN;
      });
}

void sample_in_ball(Poly& c, std::span<const std::uint8_t> c_tilde, int tau) noexcept {
  Shake256 h;
  (void)h.absorb(c_tilde);
  std::uint8_t s[Shake256::rate_bytes];
  BallSampler sampler(c, tau);
  do h.squeeze(s);
  while (!sampler.consume(s, sizeof s));
}

}  // namespace tessera::mldsa
