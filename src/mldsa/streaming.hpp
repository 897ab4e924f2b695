// ML-DSA's small-stack paths (TESSERA_SMALL_STACK, docs/embedded.md): signing and
// verification with nothing of size k or l on the stack, members of Scheme<Set>
// (mldsa/scheme.hpp, which includes this file at its end). Key generation's streamed matrix
// is row_times in scheme.hpp, shared with the fast path.
#pragma once

#include "mldsa/scheme.hpp"

namespace tessera::mldsa::detail {

// Row i of w = NTT^-1(A_hat o NTT(y)) (Algorithm 7 step 12), standard representatives,
// with y[j] regenerated (ExpandMask, expand_mask_poly) and, uncached, A_hat[i][j] sampled
// for each j. yj (NTT(y[j])) and scratch (the products) hold secrets: the caller wipes them.
template <class Set>
void Scheme<Set>::mask_row(const Kernels& kern, const Matrix& a, const PublicKey& pk, const std::uint8_t* rho_pp,
                           int kappa, int i, Poly& w, Poly& yj, Poly& scratch) noexcept {
  std::memset(&w, 0, sizeof w);
  for (int j = 0; j < L; ++j) {
    expand_mask_poly(kern, yj, rho_pp, kappa + j, P.gamma1_bits);
    kern.ntt(yj);
    if (a.a_hat != nullptr) {
      kern.pointwise(scratch, a.a_hat[i * L + j], yj);
    } else {
      rej_ntt_poly(kern, scratch, pk.pk_.data(), i, j);
      kern.pointwise(scratch, scratch, yj);
    }
    for (int n = 0; n < kN; ++n) w.coeffs[n] += scratch.coeffs[n];  // |w| < L q
  }
  kern.reduce(w);
  kern.invntt_tomont(w);
  kern.freeze(w);
}

// Algorithm 7 from step 7 on in five polynomials of stack (small-stack mode): nothing of
// size l or k is held. Each attempt computes w row by row (mask_row) and keeps only
// w1Encode(w1); z[j] is formed from a regenerated y[j] and packed into the signature as it
// passes its check; the second pass over the rows recomputes w[i] for r0, <<ct0>> and the
// hint, whose bits are kept (k * 32 bytes) until the attempt is accepted. The same early
// exits and declassified verdicts as sign_mu_expanded (see there); about 2 k l ExpandMask,
// RejNTTPoly and NTT calls per attempt instead of l ExpandMask and l NTTs.
template <class Set>
bool Scheme<Set>::sign_mu_streaming(const PrivateKey& sk, const std::uint8_t* mu, const std::uint8_t* rnd,
                                    std::uint8_t* sig) noexcept {
  const Kernels& kern = kernels();
  const typename PrivateKey::Secrets& key = sk.sec_;
  const Matrix a(kern, sk.pk_);
  struct Secrets {
    std::uint8_t rho_pp[64];
    std::uint8_t mu_w1[64 + K * kW1PolyBytes];  // mu || w1Encode(w1)
    std::uint8_t h_bits[K][kN / 8];             // MakeHint's h, a bit per coefficient
    Poly c_hat, w, yj, t, u;
  } sec;
  ZeroOnExit wipe(sec);
  std::uint8_t* const c_tilde = sig;
  std::uint8_t* const z_out = sig + kCTildeBytes;
  std::uint8_t* const h_out = z_out + L * kZPolyBytes;

  private_seed(key, rnd, mu, sec.rho_pp);  // Step 7
  std::memcpy(sec.mu_w1, mu, 64);
  for (int kappa = 0; kappa <= MaskStream<L>::kLastKappa; kappa += L) {
    // Steps 11-13: w row by row (y regenerated), w1 = HighBits(w) encoded for step 15.
    for (int i = 0; i < K; ++i) {
      mask_row(kern, a, sk.pk_, sec.rho_pp, kappa, i, sec.w, sec.yj, sec.t);
      kern.decompose(sec.t, sec.u, sec.w, P.gamma2);
      kern.pack_w1(sec.mu_w1 + 64 + i * kW1PolyBytes, sec.t, P.w1_bits());
    }
    // Steps 15-17: c~ = H(mu || w1Encode(w1), lambda / 4), declassified as in
    // MaskStream::challenge; c_hat = NTT(SampleInBall(c~)).
    {
      Shake256 h;
      absorb(h, ConstBytes(sec.mu_w1, sizeof sec.mu_w1));
      h.squeeze(std::span<std::uint8_t>(c_tilde, kCTildeBytes));
    }
    ct::declassify(c_tilde, kCTildeBytes);
    sample_in_ball(sec.c_hat, ConstBytes(c_tilde, kCTildeBytes), P.tau);
    kern.ntt(sec.c_hat);
    // Steps 18, 20, 23 (first half): z[j] = y[j] + NTT^-1(c_hat o s1_hat[j]); reject if
    // ||z[j]|| >= gamma1 - beta (early exit); a z[j] that passes goes into the signature.
    std::uint32_t reject = 0;
    for (int j = 0; j < L && reject == 0; ++j) {
      expand_mask_poly(kern, sec.yj, sec.rho_pp, kappa + j, P.gamma1_bits);
      kern.pointwise(sec.t, sec.c_hat, key.s1_hat()[j]);
      kern.invntt_tomont(sec.t);
      for (int n = 0; n < kN; ++n) sec.yj.coeffs[n] += sec.t.coeffs[n];
      kern.reduce(sec.yj);
      reject = ct::declassify_value(kern.norm_exceeds(sec.yj, P.gamma1() - P.beta()));
      if (reject == 0) kern.pack_z(z_out + j * kZPolyBytes, sec.yj, P.gamma1_bits);
    }
    if (reject != 0) continue;
    // Steps 19, 21, 23 (second half) and 25-28, row by row: w[i] again, w - <<cs2>>, the r0
    // check (early exit), <<ct0>> and h[i] = MakeHint(-<<ct0>>, w - <<cs2>> + <<ct0>>).
    std::uint32_t late = 0, ones = 0;
    std::memset(sec.h_bits, 0, sizeof sec.h_bits);
    for (int i = 0; i < K && reject == 0; ++i) {
      mask_row(kern, a, sk.pk_, sec.rho_pp, kappa, i, sec.w, sec.yj, sec.t);
      kern.pointwise(sec.t, sec.c_hat, key.s2_hat()[i]);
      kern.invntt_tomont(sec.t);
      for (int n = 0; n < kN; ++n) sec.w.coeffs[n] -= sec.t.coeffs[n];
      kern.freeze(sec.w);
      kern.decompose(sec.t, sec.u, sec.w, P.gamma2);
      reject = ct::declassify_value(kern.norm_exceeds(sec.u, P.gamma2 - P.beta()));
      if (reject != 0) break;
      kern.pointwise(sec.t, sec.c_hat, key.t0_hat[i]);
      kern.invntt_tomont(sec.t);
      kern.reduce(sec.t);  // exact: |ct0| <= tau * 2^12
      late |= kern.norm_exceeds(sec.t, P.gamma2);  // step 28 (first half)
      for (int n = 0; n < kN; ++n) sec.u.coeffs[n] = sec.w.coeffs[n] + sec.t.coeffs[n];
      kern.freeze(sec.u);
      ones += kern.make_hint(sec.yj, sec.u, sec.w, P.gamma2);
      for (int n = 0; n < kN; ++n)
        sec.h_bits[i][n / 8] |= static_cast<std::uint8_t>((sec.yj.coeffs[n] & 1) << (n % 8));
    }
    if (reject != 0) continue;
    // Step 28: the decision (public, as in sign_mu_expanded).
    late |= ct::mask_lt(static_cast<std::uint32_t>(P.omega), ones);
    if (ct::declassify_value(late) != 0) continue;
    // Step 33: sigma = sigEncode(c~, z, h): c~ and z are in place; HintBitPack (Algorithm 20).
    ct::declassify(z_out, static_cast<std::size_t>(L) * kZPolyBytes);
    ct::declassify(sec.h_bits, sizeof sec.h_bits);
    std::memset(h_out, 0, static_cast<std::size_t>(P.omega + K));
    std::size_t index = 0;
    for (int i = 0; i < K; ++i) {
      for (int n = 0; n < kN; ++n)
        if ((sec.h_bits[i][n / 8] >> (n % 8)) & 1) h_out[index++] = static_cast<std::uint8_t>(n);
      h_out[P.omega + i] = static_cast<std::uint8_t>(index);
    }
    return true;
  }
  return false;
}

// The same verification in four polynomials of stack (small-stack mode): uncached builds
// stream A_hat entry by entry (RejNTTPoly, Algorithm 30, one SHAKE128 at a time) into row
// i's sum instead of expanding the K x L matrix; z_hat[j] = NTT(z[j]) is decoded and
// transformed again for every row (K x L forward NTTs instead of L, so that one polynomial
// of z is held instead of L); the hint is unpacked a row at a time, and w1Encode(w1') goes
// into H (step 12) row by row. Public data, variable time.
template <class Set>
bool Scheme<Set>::verify_mu_streaming(const PublicKey& pk, const std::uint8_t* mu, const std::uint8_t* sig) noexcept {
  const Kernels& kern = kernels();
  const std::uint8_t* c_tilde = sig;
  const auto z_bytes = [sig](int j) { return sig + kCTildeBytes + j * kZPolyBytes; };
  const std::uint8_t* hint = sig + kCTildeBytes + L * kZPolyBytes;
  // Steps 2-4: sigDecode; a malformed hint rejects; step 13 (first half): ||z|| < gamma1 - beta.
  if (!hint_valid(hint)) return false;
  Poly c_hat, w, t, z_hat;
  for (int j = 0; j < L; ++j) {
    kern.unpack_z(z_hat, z_bytes(j), P.gamma1_bits);
    if (kern.norm_exceeds(z_hat, P.gamma1() - P.beta()) != 0) return false;
  }
  // Step 10: NTT(c) with c = SampleInBall(c~).
  sample_in_ball(c_hat, ConstBytes(c_tilde, kCTildeBytes), P.tau);
  kern.ntt(c_hat);
  Shake256 hs;
  absorb(hs, ConstBytes(mu, 64));
  for (int i = 0; i < K; ++i) {
    // Step 9, row i: w = NTT^-1(sum_j A_hat[i][j] o z_hat[j] - c_hat o NTT(t1[i] * 2^d)).
    // Each product is < q, so |w| < (L + 1) q before the reduction.
    std::memset(&w, 0, sizeof w);
    for (int j = 0; j < L; ++j) {
      kern.unpack_z(z_hat, z_bytes(j), P.gamma1_bits);
      kern.ntt(z_hat);
#if TESSERA_CACHE_MATRIX
      kern.pointwise(t, pk.a_hat_[i * L + j], z_hat);
#else
      rej_ntt_poly(kern, t, pk.pk_.data(), i, j);  // Step 5: A_hat[i][j] = RejNTTPoly(rho || j || i)
      kern.pointwise(t, t, z_hat);
#endif
      for (int n = 0; n < kN; ++n) w.coeffs[n] += t.coeffs[n];
    }
    kern.pointwise(t, c_hat, pk.t1_hat_[i]);
    for (int n = 0; n < kN; ++n) w.coeffs[n] -= t.coeffs[n];
    kern.reduce(w);
    kern.invntt_tomont(w);
    kern.freeze(w);
    // Step 11, row i: w1'[i] = UseHint(h[i], w'_approx[i]); step 12's input w1Encode, row i.
    hint_row(t, hint, i);
    kern.use_hint(t, w, t, P.gamma2);
    std::uint8_t w1_row[kW1PolyBytes];
    kern.pack_w1(w1_row, t, P.w1_bits());
    absorb(hs, ConstBytes(w1_row, sizeof w1_row));
  }
  // Steps 12-13: c~' = H(mu || w1Encode(w1'), lambda / 4); compare.
  std::uint8_t c_tilde2[kCTildeBytes];
  hs.squeeze(c_tilde2);
  return ct::mask_bytes_eq(ConstBytes(c_tilde, kCTildeBytes), c_tilde2) != 0;
}

}  // namespace tessera::mldsa::detail
