// ML-DSA (FIPS 204): the algorithms on the key objects of <tessera/mldsa.hpp> for one
// parameter set: key generation and the key objects' precomputation (keys.cpp), signing and
// verification (mldsa.cpp). The arithmetic runs through the kernel table (kernels.hpp),
// chosen once per operation.
//
// Constant time: secrets (xi, rho', K, s1, s2, t0, rnd, rho'', y, and everything derived
// from them before acceptance) never drive a branch, an index or a loop bound, with two
// documented exceptions: RejBoundedPoly's accept pattern (rej_eta_portable) and the
// signing loop's accept/reject decision (with which check rejected), declassified below. The
// challenge hash c~ is declassified as soon as it is computed: it is H(mu || w1), and for a
// rejected attempt it reveals nothing about s1/s2 because y is fresh in every attempt
// (the same argument mldsa-native and the Dilithium reference make). Importing a private
// key declassifies only the verdicts of its checks.
#pragma once

#include <tessera/mldsa.hpp>
#include <tessera/sha3.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "mldsa/kernels.hpp"
#include "mldsa/sampling.hpp"

#include <cstring>

namespace tessera::mldsa::detail {

using ConstBytes = std::span<const std::uint8_t>;

inline void absorb(Shake256& h, ConstBytes b) noexcept { (void)h.absorb(b); }
inline void absorb_byte(Shake256& h, std::uint8_t v) noexcept { (void)h.absorb(ConstBytes(&v, 1)); }
// Absorbs the pure/pre-hash message prefix of Algorithms 2-5: domain || |ctx| || ctx.
// Precondition: context.valid().
inline void absorb_prefix(Shake256& h, std::uint8_t domain, Context context) noexcept {
  absorb_byte(h, domain);
  absorb_byte(h, static_cast<std::uint8_t>(context.size()));
  absorb(h, context.bytes());
}

// a * 2^-32 in every coefficient (a Montgomery reduction): before invntt_tomont, which
// multiplies by 2^32, it makes the inverse NTT exact. In: any < 9q. Out: any < q.
inline void drop_mont(Poly& out, const Poly& a) noexcept {
  for (int j = 0; j < kN; ++j) out.coeffs[j] = montgomery_reduce(a.coeffs[j]);
}
// Standard [0, q) -> centered (-q/2, q/2], constant time.
inline void center(Poly& a) noexcept {
  for (int j = 0; j < kN; ++j) a.coeffs[j] -= kQ & (((kQ - 1) / 2 - a.coeffs[j]) >> 31);
}

template <class Set>
struct Scheme {
  using Dsa = MlDsa<Set>;
  using PublicKey = typename Dsa::PublicKey;
  using PrivateKey = typename Dsa::PrivateKey;
  static constexpr Params P = Set::params;
  static constexpr int K = P.k, L = P.l;
  static constexpr std::size_t kEtaPolyBytes = 32 * static_cast<std::size_t>(P.eta_bits());
  static constexpr std::size_t kZPolyBytes = 32 * (1 + static_cast<std::size_t>(P.gamma1_bits));
  static constexpr std::size_t kW1PolyBytes = 32 * static_cast<std::size_t>(P.w1_bits());
  static constexpr std::size_t kCTildeBytes = P.c_tilde_bytes();
  // skEncode layout (Algorithm 24).
  static constexpr std::size_t kSkS1 = 128, kSkS2 = kSkS1 + L * kEtaPolyBytes,
                               kSkT0 = kSkS2 + K * kEtaPolyBytes;
  static_assert(kSkT0 + K * 416 == P.private_key_bytes());

  // The matrix A_hat of a public key: the cached one, or ExpandA(rho) (Algorithm 32) into
  // this object (k * l KiB of stack) in builds without TESSERA_CACHE_MATRIX.
  struct Matrix {
#if TESSERA_CACHE_MATRIX
    Matrix(const Kernels&, const PublicKey& pk) noexcept : a_hat(pk.a_hat_) {}
    const Poly* a_hat;
#else
    Matrix(const Kernels& kern, const PublicKey& pk) noexcept { expand_a(kern, buf, K, L, pk.pk_.data()); }
    Poly buf[K * L];
    const Poly* a_hat = buf;
#endif
  };
  // Where a matrix being built goes: into the key, or into buf (k * l KiB, uncached).
  struct MatrixOut {
#if TESSERA_CACHE_MATRIX
    explicit MatrixOut(PublicKey& pk) noexcept : a_hat(pk.a_hat_) {}
    Poly* a_hat;
#else
    explicit MatrixOut(PublicKey&) noexcept {}
    Poly buf[K * L];
    Poly* a_hat = buf;
#endif
  };

  // ---- Key objects ----

  // PublicKey::from_bytes: pk.pk_ holds pkEncode(rho, t1); computes tr, NTT(t1 * 2^d) and
  // the cached A_hat. Everything here is public.
  static void expand_public(PublicKey& pk) noexcept {
    const Kernels& kern = kernels();
    const ConstBytes bytes(pk.pk_);
#if TESSERA_CACHE_MATRIX
    // A_hat = ExpandA(rho) and tr = H(pk, 64) in one lane schedule.
    expand_a_tr_ball(kern, pk.a_hat_, K, L, bytes, pk.tr_.data(), {}, nullptr, P.tau);
#else
    pk.tr_ = compute_tr(bytes);
#endif
    // Algorithm 23 (pkDecode) and Algorithm 8 step 9: NTT(t1 * 2^d).
    for (int i = 0; i < K; ++i) {
      Poly& t = pk.t1_hat_[i];
      kern.unpack_t1(t, pk.pk_.data() + 32 + 320 * i);
      for (int j = 0; j < kN; ++j) t.coeffs[j] <<= kD;
      kern.ntt(t);
    }
  }

  // FIPS 204, Algorithm 6 steps 5-9 given rho (in sk.pk_.pk_), A_hat, s1_hat = NTT(s1) (in
  // sk.sec_) and s2: t = NTT^-1(A_hat o s1_hat) + s2; (t1, t0) = Power2Round(t);
  // pk = pkEncode(rho, t1); tr = H(pk, 64); and NTT(t1 * 2^d), NTT(t0) for the key.
  // Returns all-ones if t0_check is not null and t0 differs from its encoding there (the
  // check of an imported key), else zero.
  static std::uint32_t derive_t(const Kernels& kern, const Poly* a_hat, const Poly* s2, PrivateKey& sk,
                                const std::uint8_t* t0_check) noexcept {
    PublicKey& pk = sk.pk_;
    struct Secrets {
      Poly t, t0;
      std::uint8_t t0_bytes[416];
    } sec;
    ZeroOnExit wipe(sec);
    std::uint32_t diff = 0;
    for (int i = 0; i < K; ++i) {
      // Step 5: t = NTT^-1(A_hat o NTT(s1)) + s2, standard representatives.
      kern.pointwise_acc(sec.t, a_hat + i * L, sk.sec_.s1_hat, L);
      kern.invntt_tomont(sec.t);
      for (int j = 0; j < kN; ++j) sec.t.coeffs[j] += s2[i].coeffs[j];
      kern.freeze(sec.t);
      // Steps 6-7: (t1, t0) = Power2Round(t); pk = pkEncode(rho, t1).
      Poly& t1 = pk.t1_hat_[i];
      kern.power2round(t1, sec.t0, sec.t);
      ct::declassify(&t1, sizeof t1);  // t1 is part of the public key
      kern.pack_t1(pk.pk_.data() + 32 + 320 * i, t1);
      for (int j = 0; j < kN; ++j) t1.coeffs[j] <<= kD;
      kern.ntt(t1);
      if (t0_check != nullptr) {
        kern.pack_t0(sec.t0_bytes, sec.t0);
        diff |= ~static_cast<std::uint32_t>(
            ct::mask_bytes_eq(sec.t0_bytes, ConstBytes(t0_check + 416 * static_cast<std::size_t>(i), 416))) & 0xFFu;
      }
      sk.sec_.t0_hat[i] = sec.t0;
      kern.ntt(sk.sec_.t0_hat[i]);
    }
    // Steps 8-9: tr = H(pk, 64).
    pk.tr_ = compute_tr(ConstBytes(pk.pk_));
    return ct::mask_is_zero(diff) ^ 0xFFFFFFFFu;
  }

  // FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal), into the key object.
  static void keygen(const std::uint8_t* xi, PrivateKey& sk) noexcept {
    const Kernels& kern = kernels();
    struct Secrets {
      std::uint8_t seeds[128];  // rho || rho' || K
      Poly s[L + K];            // s1 || s2
    } sec;
    ZeroOnExit wipe(sec);
    PublicKey& pk = sk.pk_;
    MatrixOut a(pk);

    // Step 1: (rho, rho', K) = H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128).
    Shake256 h;
    absorb(h, ConstBytes(xi, 32));
    absorb_byte(h, static_cast<std::uint8_t>(K));
    absorb_byte(h, static_cast<std::uint8_t>(L));
    h.squeeze(sec.seeds);
    const std::uint8_t* rho = sec.seeds;
    ct::declassify(rho, 32);  // rho is part of the public key
    std::memcpy(pk.pk_.data(), rho, 32);
    std::memcpy(sk.sec_.k_seed.data(), sec.seeds + 96, 32);
    // Steps 3-4.
    expand_a(kern, a.a_hat, K, L, rho);
    expand_s(kern, sec.s, K, L, P.eta, sec.seeds + 32);
    // Steps 5-9, with the key's NTT forms of s1 and s2.
    for (int i = 0; i < L; ++i) {
      sk.sec_.s1_hat[i] = sec.s[i];
      kern.ntt(sk.sec_.s1_hat[i]);
    }
    for (int i = 0; i < K; ++i) {
      sk.sec_.s2_hat[i] = sec.s[L + i];
      kern.ntt(sk.sec_.s2_hat[i]);
    }
    (void)derive_t(kern, a.a_hat, sec.s + L, sk, nullptr);
    std::memcpy(sk.sec_.xi.data(), xi, 32);
    sk.has_seed_ = true;
  }

  // skDecode (Algorithm 25) of an imported key, checked: false (the key is then to be
  // discarded) if a coefficient of s1 or s2 is outside [-eta, eta], or if t0 or tr differ
  // from what Algorithm 6 steps 5-9 give for rho, s1 and s2 (that recomputation also gives
  // t1, i.e. the public key). Constant time; only the verdicts are declassified.
  static bool import(const std::uint8_t* bytes, PrivateKey& sk) noexcept {
    const Kernels& kern = kernels();
    PublicKey& pk = sk.pk_;
    Poly s2[K];
    ZeroOnExit wipe_s2(s2);
    std::uint32_t bad = 0;
    // rho || K || tr || s1 || s2 || t0; s1 decoded straight into the key (NTT below).
    for (int i = 0; i < L; ++i) bad |= kern.unpack_eta(sk.sec_.s1_hat[i], bytes + kSkS1 + i * kEtaPolyBytes, P.eta);
    for (int i = 0; i < K; ++i) bad |= kern.unpack_eta(s2[i], bytes + kSkS2 + i * kEtaPolyBytes, P.eta);
    if (ct::declassify_value(bad) != 0) return false;  // whether the key is well formed is public
    std::memcpy(pk.pk_.data(), bytes, 32);
    ct::declassify(pk.pk_.data(), 32);  // rho is part of the public key
    std::memcpy(sk.sec_.k_seed.data(), bytes + 32, 32);
    MatrixOut a(pk);
    expand_a(kern, a.a_hat, K, L, pk.pk_.data());
    for (int i = 0; i < L; ++i) kern.ntt(sk.sec_.s1_hat[i]);
    for (int i = 0; i < K; ++i) {
      sk.sec_.s2_hat[i] = s2[i];
      kern.ntt(sk.sec_.s2_hat[i]);
    }
    // Algorithm 6 steps 5-9 again; the stored t0 and tr must be the ones they give.
    std::uint32_t mismatch = derive_t(kern, a.a_hat, s2, sk, bytes + kSkT0);
    mismatch |= ~static_cast<std::uint32_t>(ct::mask_bytes_eq(pk.tr_, ConstBytes(bytes + 64, 64))) & 0xFFu;
    sk.sec_.xi.fill(0);
    sk.has_seed_ = false;
    return ct::declassify_value(mismatch) == 0;  // whether the key is consistent is public
  }

  // skEncode (Algorithm 24) from the key's NTT forms: s = NTT^-1(s_hat), exact.
  static void encode(const PrivateKey& sk, std::uint8_t* out) noexcept {
    const Kernels& kern = kernels();
    Poly s;
    ZeroOnExit wipe(s);
    std::memcpy(out, sk.pk_.pk_.data(), 32);
    std::memcpy(out + 32, sk.sec_.k_seed.data(), 32);
    std::memcpy(out + 64, sk.pk_.tr_.data(), 64);
    auto plain = [&](const Poly& s_hat) {
      drop_mont(s, s_hat);
      kern.invntt_tomont(s);
      kern.freeze(s);
      center(s);
    };
    for (int i = 0; i < L; ++i) {
      plain(sk.sec_.s1_hat[i]);
      kern.pack_eta(out + kSkS1 + i * kEtaPolyBytes, s, P.eta);
    }
    for (int i = 0; i < K; ++i) {
      plain(sk.sec_.s2_hat[i]);
      kern.pack_eta(out + kSkS2 + i * kEtaPolyBytes, s, P.eta);
    }
    for (int i = 0; i < K; ++i) {
      plain(sk.sec_.t0_hat[i]);
      kern.pack_t0(out + kSkT0 + i * 416, s);
    }
  }

  // ---- Signing ----

  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) from step 7 on, given mu (steps 1-6
  // computed by the caller: mu = H(tr || M', 64)). Returns false only if the loop hits the
  // 16-bit kappa limit (never in practice).
  static bool sign_mu(const PrivateKey& sk, const std::uint8_t* mu, const std::uint8_t* rnd,
                      std::uint8_t* sig) noexcept {
    const Kernels& kern = kernels();
    struct Secrets {
      std::uint8_t rho_pp[64];
      Poly y[3 * L];  // y of this attempt (then z = y + c s1 in place) and of the next two
      Poly y_hat[L];
      Poly w[K];  // w, then w - c s2
      Poly h[K];
      Poly c_hat, tmp1, tmp2, tmp3;
      std::uint8_t mu_w1[64 + K * kW1PolyBytes];  // mu || w1Encode(w1)
    } sec;
    ZeroOnExit wipe(sec);

    // Steps 1-5: skDecode and the NTTs of s1, s2, t0 ran when the key object was made;
    // A_hat = ExpandA(rho) is the public key's (or is expanded here, uncached builds).
    const typename PrivateKey::Secrets& key = sk.sec_;
    const Matrix matrix(kern, sk.pk_);
    const Poly* a_hat = matrix.a_hat;
    // Step 7: rho'' = H(K || rnd || mu, 64).
    {
      Shake256 h;
      absorb(h, ConstBytes(key.k_seed.data(), 32));
      absorb(h, ConstBytes(rnd, 32));
      absorb(h, ConstBytes(mu, 64));
      h.squeeze(sec.rho_pp);
    }
    std::memcpy(sec.mu_w1, mu, 64);
    // The SHAKE instances of the loop (steps 11, 15 and 16) run in 4 persistent Keccak
    // lanes. With multi-lane Keccak, lanes the hashes of step 15-16 leave idle produce y
    // for the next two attempts ahead of time (y does not depend on earlier attempts'
    // outcomes; what is computed ahead is discarded when an attempt is accepted), and a job
    // still running when an attempt needs its hash continues in the next call. Portable
    // Keccak produces only the current attempt's y (no lane is idle there).
    const bool multi_lane = keccak_x4_native();
    constexpr int kPool = 3 * L;  // y of attempts kappa / L, +1, +2: slot v mod 3L
    const int window = multi_lane ? kPool : L;
    constexpr int kLastV = L * ((0xFFFF - L) / L) + L - 1;  // last y index the loop can use
    XofLanes<4> lanes(multi_lane);
    int have[kPool];  // which y index each slot holds (-1: none yet)
    for (int& h : have) h = -1;
    int next_v = 0;  // next y index to start
    int kappa = 0;
    enum { kNone, kPending, kRunning, kDone };
    int hash_state = kNone, ball_state = kNone;
    std::uint8_t* c_tilde = sig;
    BallSampler* ball = nullptr;
    auto next = [&](std::uint8_t* scratch, XofJob& j, int& tag) {
      if (hash_state == kPending) {
        j = XofJob{sec.mu_w1, sizeof sec.mu_w1, 136, 1};
        tag = 0;
        hash_state = kRunning;
        return true;
      }
      if (ball_state == kPending) {
        j = XofJob{c_tilde, kCTildeBytes, 136, 1};
        tag = 1;
        ball_state = kRunning;
        return true;
      }
      if (next_v < kappa + window && next_v <= kLastV) {
        j = seed_counter_job(sec.rho_pp, next_v, 5, scratch);
        tag = 2 + next_v++;
        return true;
      }
      return false;
    };
    auto eat = [&](int tag, const std::uint8_t* buf, std::size_t len) {
      if (tag == 0) {
        std::memcpy(c_tilde, buf, kCTildeBytes);
        ct::declassify(c_tilde, kCTildeBytes);  // see the file comment
        hash_state = kDone;
        ball_state = kPending;
        return true;
      }
      if (tag == 1) {
        if (!ball->consume(buf, len)) return false;
        ball_state = kDone;
        return true;
      }
      const int v = tag - 2;

      kern.unpack_z(sec.y[v % kPool], buf, P.gamma1_bits);
      have[v % kPool] = v;
      return true;
    };
    // Steps 8-32: the rejection loop. kappa is encoded on 16 bits (Algorithm 34).
    for (; kappa <= 0xFFFF - L; kappa += L) {
      Poly* y = sec.y + kappa % kPool;
      // Step 11: y = ExpandMask(rho'', kappa) (possibly computed during earlier attempts).
      lanes.run(next, eat, [&] {
        for (int i = 0; i < L; ++i)
          if (have[(kappa + i) % kPool] != kappa + i) return false;
        return true;
      });
      // Step 12: w = NTT^-1(A_hat o NTT(y)), standard representatives.
      for (int i = 0; i < L; ++i) {
        sec.y_hat[i] = y[i];
        kern.ntt(sec.y_hat[i]);
      }
      for (int i = 0; i < K; ++i) {
        kern.pointwise_acc(sec.w[i], a_hat + i * L, sec.y_hat, L);
        kern.invntt_tomont(sec.w[i]);
        kern.freeze(sec.w[i]);
      }
      // Steps 13-16: w1 = HighBits(w); c~ = H(mu || w1Encode(w1), lambda / 4);
      // c = SampleInBall(c~) (c~ is declassified in eat, see the file comment).
      for (int i = 0; i < K; ++i) {
        kern.decompose(sec.tmp1, sec.tmp2, sec.w[i], P.gamma2);
        kern.pack_w1(sec.mu_w1 + 64 + i * kW1PolyBytes, sec.tmp1, P.w1_bits());
      }
      BallSampler sampler(sec.c_hat, P.tau);
      ball = &sampler;
      hash_state = kPending;
      ball_state = kNone;
      lanes.run(next, eat, [&] { return ball_state == kDone; });
      kern.ntt(sec.c_hat);
      // Steps 18 and 20: z = y + NTT^-1(c_hat o s1_hat), exact (|z| < gamma1 + beta).
      // Early exits (as the Dilithium reference and mldsa-native do, here per polynomial):
      // which check, and at which polynomial, rejected an attempt is revealed along with the
      // rejection itself. It is a function of the discarded attempt only (fresh y, public
      // c~), and the z check's failure probability does not depend on s1 while
      // ||c s1|| <= beta. This skips up to 2K + L - 1 inverse NTTs on an attempt that fails
      // here (most rejected attempts do).
      std::uint32_t reject = 0;
      for (int i = 0; i < L && reject == 0; ++i) {
        kern.pointwise(sec.tmp1, sec.c_hat, key.s1_hat[i]);
        kern.invntt_tomont(sec.tmp1);
        for (int j = 0; j < kN; ++j) y[i].coeffs[j] += sec.tmp1.coeffs[j];
        kern.reduce(y[i]);
        // Step 23 (first half): ||z|| >= gamma1 - beta.
        reject = ct::declassify_value(kern.norm_exceeds(y[i], P.gamma1() - P.beta()));
      }
      if (reject != 0) continue;
      // Steps 19 and 21: r0 = LowBits(w - NTT^-1(c_hat o s2_hat)); keep w - c s2 in w.
      for (int i = 0; i < K && reject == 0; ++i) {
        kern.pointwise(sec.tmp1, sec.c_hat, key.s2_hat[i]);
        kern.invntt_tomont(sec.tmp1);
        for (int j = 0; j < kN; ++j) sec.w[i].coeffs[j] -= sec.tmp1.coeffs[j];
        kern.freeze(sec.w[i]);
        kern.decompose(sec.tmp2, sec.tmp3, sec.w[i], P.gamma2);
        // Step 23 (second half): ||r0|| >= gamma2 - beta.
        reject = ct::declassify_value(kern.norm_exceeds(sec.tmp3, P.gamma2 - P.beta()));
      }
      if (reject != 0) continue;  // early exit, as above
      // Steps 25-28: ct0 = NTT^-1(c_hat o t0_hat); h = MakeHint(-ct0, w - cs2 + ct0);
      // reject if ||ct0|| >= gamma2 or the hint has more than omega ones.
      std::uint32_t ones = 0;
      for (int i = 0; i < K; ++i) {
        kern.pointwise(sec.tmp1, sec.c_hat, key.t0_hat[i]);
        kern.invntt_tomont(sec.tmp1);
        kern.reduce(sec.tmp1);  // exact: |ct0| <= tau * 2^12
        reject |= kern.norm_exceeds(sec.tmp1, P.gamma2);
        for (int j = 0; j < kN; ++j) sec.tmp2.coeffs[j] = sec.w[i].coeffs[j] + sec.tmp1.coeffs[j];
        kern.freeze(sec.tmp2);
        // MakeHint(z, r) with r = w - cs2 + ct0 and r + z = w - cs2.
        ones += kern.make_hint(sec.h[i], sec.tmp2, sec.w[i], P.gamma2);
      }
      reject |= ct::mask_lt(static_cast<std::uint32_t>(P.omega), ones);
      // The accept/reject decision is public: the number of attempts shows in the running
      // time of any implementation of Algorithm 7's loop; the rejected attempt's values
      // stay secret.
      if (ct::declassify_value(reject) != 0) continue;

      // Step 33: sigEncode(c~, z mod+- q, h) (Algorithm 26). The accepted z and h are the
      // signature, hence public.
      std::uint8_t* p = sig + kCTildeBytes;
      for (int i = 0; i < L; ++i) {
        ct::declassify(&y[i], sizeof(Poly));
        kern.pack_z(p + i * kZPolyBytes, y[i], P.gamma1_bits);
      }
      p += L * kZPolyBytes;
      // HintBitPack (Algorithm 20).
      std::memset(p, 0, static_cast<std::size_t>(P.omega + K));
      std::size_t index = 0;
      for (int i = 0; i < K; ++i) {
        ct::declassify(&sec.h[i], sizeof(Poly));
        for (int j = 0; j < kN; ++j)
          if (sec.h[i].coeffs[j] != 0) p[index++] = static_cast<std::uint8_t>(j);
        p[P.omega + i] = static_cast<std::uint8_t>(index);
      }
      return true;
    }
    return false;
  }

  // ---- Verification ----

  // HintBitUnpack (Algorithm 21): false if the encoding is malformed (indices not strictly
  // increasing within a polynomial, counts out of order or above omega, nonzero padding).
  static bool hint_unpack(Poly* h, const std::uint8_t* y) noexcept {
    std::memset(h, 0, sizeof(Poly) * K);
    unsigned index = 0;
    for (int i = 0; i < K; ++i) {
      const unsigned end = y[P.omega + i];
      if (end < index || end > static_cast<unsigned>(P.omega)) return false;  // Steps 4-5
      const unsigned first = index;
      for (; index < end; ++index) {
        if (index > first && y[index - 1] >= y[index]) return false;  // Steps 8-10
        h[i].coeffs[y[index]] = 1;
      }
    }
    for (unsigned i = index; i < static_cast<unsigned>(P.omega); ++i)  // Steps 16-20
      if (y[i] != 0) return false;
    return true;
  }

  // FIPS 204, Algorithm 8 (ML-DSA.Verify_internal) from step 8 on, given mu (steps 6-7
  // computed by the caller from pk.tr()). Everything here is public; the code is variable
  // time.
  static bool verify_mu(const PublicKey& pk, const std::uint8_t* mu, const std::uint8_t* sig) noexcept {
    const Kernels& kern = kernels();
    Poly z[L], h[K];
    Poly c_hat, w, w1, ct1;
    std::uint8_t w1_bytes[K * kW1PolyBytes];
    // Steps 2-4: sigDecode; a malformed hint rejects.
    const std::uint8_t* c_tilde = sig;
    for (int i = 0; i < L; ++i) kern.unpack_z(z[i], sig + kCTildeBytes + i * kZPolyBytes, P.gamma1_bits);
    if (!hint_unpack(h, sig + kCTildeBytes + L * kZPolyBytes)) return false;
    // Step 13 (first half), checked early: ||z|| < gamma1 - beta.
    for (int i = 0; i < L; ++i)
      if (kern.norm_exceeds(z[i], P.gamma1() - P.beta()) != 0) return false;
    // Steps 1, 5 and 10: pkDecode, tr and NTT(t1 * 2^d) are the key object's;
    // c = SampleInBall(c~), and (uncached builds) A_hat = ExpandA(rho) in the same lanes.
#if TESSERA_CACHE_MATRIX
    const Poly* a_hat = pk.a_hat_;
    sample_in_ball(c_hat, ConstBytes(c_tilde, kCTildeBytes), P.tau);
#else
    Poly a_hat[K * L];
    expand_a_tr_ball(kern, a_hat, K, L, ConstBytes(pk.pk_), nullptr, ConstBytes(c_tilde, kCTildeBytes), &c_hat,
                     P.tau);
#endif
    kern.ntt(c_hat);
    for (int i = 0; i < L; ++i) kern.ntt(z[i]);
    // Steps 9 and 11: w'_approx = NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 * 2^d));
    // w1' = UseHint(h, w'_approx).
    for (int i = 0; i < K; ++i) {
      kern.pointwise(ct1, c_hat, pk.t1_hat_[i]);
      kern.pointwise_acc(w, a_hat + i * L, z, L);
      for (int j = 0; j < kN; ++j) w.coeffs[j] -= ct1.coeffs[j];
      kern.reduce(w);
      kern.invntt_tomont(w);
      kern.freeze(w);
      kern.use_hint(w1, w, h[i], P.gamma2);
      kern.pack_w1(w1_bytes + i * kW1PolyBytes, w1, P.w1_bits());
    }
    // Steps 12-13: c~' = H(mu || w1Encode(w1'), lambda / 4); compare.
    std::uint8_t c_tilde2[kCTildeBytes];
    Shake256 hs;
    absorb(hs, ConstBytes(mu, 64));
    absorb(hs, ConstBytes(w1_bytes, sizeof w1_bytes));
    hs.squeeze(c_tilde2);
    return ct::mask_bytes_eq(ConstBytes(c_tilde, kCTildeBytes), c_tilde2) != 0;
  }
};

}  // namespace tessera::mldsa::detail
