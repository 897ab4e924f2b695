#include "mldsa/sampling.hpp"

#include "common/bytes.hpp"
#include "common/secret.hpp"

#include <tessera/sha3.hpp>

#include <cstring>

namespace tessera::mldsa {

void expand_a(const Kernels& kern, Poly* a_hat, int k, int l, const std::uint8_t* rho) noexcept {
  unsigned ctr[8 * 7] = {};
  run_lanes_widest(
      k * l, [&](int idx, std::uint8_t* scratch) { return expand_a_job(rho, l, idx, scratch); },
      [&](int idx, const std::uint8_t* buf, std::size_t len) {
        ctr[idx] += kern.rej_uniform(a_hat[idx].coeffs + ctr[idx], kN - ctr[idx], buf, len);
        return ctr[idx] == kN;
      });
}

void expand_s(const Kernels& kern, Poly* s, int k, int l, int eta, const std::uint8_t* rho_prime) noexcept {
  unsigned ctr[8 + 7] = {};
  // 2 blocks = 544 nibbles; about 510 (eta = 2) or 306 (eta = 4) are accepted on average.
  run_lanes_widest(
      k + l, [&](int idx, std::uint8_t* scratch) { return seed_counter_job(rho_prime, idx, 2, scratch); },
      [&](int idx, const std::uint8_t* buf, std::size_t len) {
        ctr[idx] += kern.rej_eta(s[idx].coeffs + ctr[idx], kN - ctr[idx], buf, len, eta);
        return ctr[idx] == kN;
      });
}

void expand_a_s(const Kernels& kern, Poly* a_hat, Poly* s, int k, int l, int eta, const std::uint8_t* rho,
                const std::uint8_t* rho_prime) noexcept {
  unsigned ctr[8 * 7 + 8 + 7] = {};
  const int na = k * l;
  run_lanes_widest(
      na + k + l,
      [&](int idx, std::uint8_t* scratch) {
        return idx < na ? expand_a_job(rho, l, idx, scratch) : seed_counter_job(rho_prime, idx - na, 2, scratch);
      },
      [&](int idx, const std::uint8_t* buf, std::size_t len) {
        if (idx < na) ctr[idx] += kern.rej_uniform(a_hat[idx].coeffs + ctr[idx], kN - ctr[idx], buf, len);
        else ctr[idx] += kern.rej_eta(s[idx - na].coeffs + ctr[idx], kN - ctr[idx], buf, len, eta);
        return ctr[idx] == kN;
      });
}

void expand_a_tr(const Kernels& kern, Poly* a_hat, int k, int l, std::span<const std::uint8_t> pk,
                 std::uint8_t* tr) noexcept {
  unsigned ctr[8 * 7] = {};
  run_lanes_widest(
      1 + k * l,
      [&](int idx, std::uint8_t* scratch) {
        return idx == 0 ? XofJob{pk.data(), pk.size(), 136, 1} : expand_a_job(pk.data(), l, idx - 1, scratch);
      },
      [&](int idx, const std::uint8_t* buf, std::size_t len) {
        if (idx == 0) {
          std::memcpy(tr, buf, 64);
          return true;
        }
        const int a = idx - 1;
        ctr[a] += kern.rej_uniform(a_hat[a].coeffs + ctr[a], kN - ctr[a], buf, len);
        return ctr[a] == kN;
      });
}

void expand_mask(const Kernels& kern, Poly* y, int l, int gamma1_bits, const std::uint8_t* rho_pp,
                 int kappa) noexcept {
  // 32 * (gamma1_bits + 1) = 576 or 640 bytes: 5 blocks of 136.
  run_lanes_widest(
      l, [&](int idx, std::uint8_t* scratch) { return seed_counter_job(rho_pp, kappa + idx, 5, scratch); },
      [&](int idx, const std::uint8_t* buf, std::size_t) {
        kern.unpack_z(y[idx], buf, gamma1_bits);
        return true;
      });
}

void sample_in_ball(Poly& c, std::span<const std::uint8_t> c_tilde, int tau) noexcept {
  Shake256 h;
  (void)h.absorb(c_tilde);
  std::uint8_t s[Shake256::rate_bytes];
  h.squeeze(s);
  std::uint64_t signs = bytes::load_le64(s);  // Steps 3-4: h = first 8 bytes
  std::size_t pos = 8;
  for (int i = 0; i < kN; ++i) c.coeffs[i] = 0;
  for (int i = kN - tau; i < kN; ++i) {  // Steps 5-13
    int j;
    do {
      if (pos == sizeof s) {
        h.squeeze(s);
        pos = 0;
      }
      j = s[pos++];
    } while (j > i);
    c.coeffs[i] = c.coeffs[j];
    c.coeffs[j] = 1 - 2 * static_cast<std::int32_t>(signs & 1);
    signs >>= 1;
  }
}

}  // namespace tessera::mldsa
