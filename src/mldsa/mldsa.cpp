// ML-DSA (FIPS 204): key generation, signing and verification for ML-DSA-44/65/87.
// The arithmetic runs through the kernel table (kernels.hpp), chosen once per operation.
//
// Constant time: secrets (xi, rho', K, s1, s2, t0, rnd, rho'', y, and everything derived
// from them before acceptance) never drive a branch, an index or a loop bound, with two
// documented exceptions: RejBoundedPoly's accept pattern (rej_eta_portable) and the
// signing loop's accept/reject decision (with which check rejected), declassified below. The
// challenge hash c~ is declassified as soon as it is computed: it is H(mu || w1), and for a
// rejected attempt it reveals nothing about s1/s2 because y is fresh in every attempt
// (the same argument mldsa-native and the Dilithium reference make).
#include <tessera/mldsa.hpp>
#include <tessera/random.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "mldsa/kernels.hpp"
#include "mldsa/sampling.hpp"

#include <cstring>

namespace tessera {
namespace mldsa {
namespace {

using ConstBytes = std::span<const std::uint8_t>;

inline void absorb(Shake256& h, ConstBytes b) noexcept { (void)h.absorb(b); }
inline void absorb_byte(Shake256& h, std::uint8_t v) noexcept { (void)h.absorb(ConstBytes(&v, 1)); }

// DER OIDs of the pre-hash functions (FIPS 204, Section 5.4): 06 09 60 86 48 01 65 03 04 02 xx.
constexpr std::uint8_t oid_last_byte(PreHash ph) {
  switch (ph) {
    case PreHash::sha2_256: return 0x01;
    case PreHash::sha2_384: return 0x02;
    case PreHash::sha2_512: return 0x03;
    case PreHash::sha2_224: return 0x04;
    case PreHash::sha2_512_224: return 0x05;
    case PreHash::sha2_512_256: return 0x06;
    case PreHash::sha3_224: return 0x07;
    case PreHash::sha3_256: return 0x08;
    case PreHash::sha3_384: return 0x09;
    case PreHash::sha3_512: return 0x0A;
    case PreHash::shake128: return 0x0B;
    case PreHash::shake256: return 0x0C;
  }
  return 0;
}
constexpr std::array<std::array<std::uint8_t, 11>, 12> kOids = [] {
  std::array<std::array<std::uint8_t, 11>, 12> t{};
  for (std::size_t i = 0; i < 12; ++i)
    t[i] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02,
            oid_last_byte(static_cast<PreHash>(i))};
  return t;
}();

// Scheme<Set>: the FIPS 204 algorithms for one parameter set, on byte buffers whose
// lengths the public wrappers have checked.
template <class Set>
struct Scheme {
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

  // FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal).
  static void keygen(const std::uint8_t* xi, std::uint8_t* pk, std::uint8_t* sk) noexcept {
    const Kernels& kern = kernels();
    struct Secrets {
      std::uint8_t seeds[128];  // rho || rho' || K
      Poly s[L + K];            // s1 || s2
      Poly s1_hat[L];
      Poly t[K], t0[K];
    } sec;
    ZeroOnExit wipe(sec);
    Poly a_hat[K * L];  // public (derived from rho)
    Poly t1;

    // Step 1: (rho, rho', K) = H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128).
    Shake256 h;
    absorb(h, ConstBytes(xi, 32));
    absorb_byte(h, static_cast<std::uint8_t>(K));
    absorb_byte(h, static_cast<std::uint8_t>(L));
    h.squeeze(sec.seeds);
    const std::uint8_t* rho = sec.seeds;
    ct::declassify(rho, 32);  // rho is part of the public key
    // Steps 3-4.
    expand_a(kern, a_hat, K, L, rho);
    expand_s(kern, sec.s, K, L, P.eta, sec.seeds + 32);
    // Step 5: t = NTT^-1(A_hat o NTT(s1)) + s2.
    for (int i = 0; i < L; ++i) {
      sec.s1_hat[i] = sec.s[i];
      kern.ntt(sec.s1_hat[i]);
    }
    for (int i = 0; i < K; ++i) {
      kern.pointwise_acc(sec.t[i], a_hat + i * L, sec.s1_hat, L);
      kern.invntt_tomont(sec.t[i]);
      for (int j = 0; j < kN; ++j) sec.t[i].coeffs[j] += sec.s[L + i].coeffs[j];
      kern.freeze(sec.t[i]);
    }
    // Steps 6-8: (t1, t0) = Power2Round(t); pk = pkEncode(rho, t1).
    std::memcpy(pk, rho, 32);
    for (int i = 0; i < K; ++i) {
      kern.power2round(t1, sec.t0[i], sec.t[i]);
      ct::declassify(&t1, sizeof t1);  // t1 is part of the public key
      kern.pack_t1(pk + 32 + 320 * i, t1);
    }
    // Steps 9-10: tr = H(pk, 64); sk = skEncode(rho, K, tr, s1, s2, t0).
    std::memcpy(sk, rho, 32);
    std::memcpy(sk + 32, sec.seeds + 96, 32);
    const Tr tr = compute_tr(ConstBytes(pk, P.public_key_bytes()));
    std::memcpy(sk + 64, tr.data(), 64);
    for (int i = 0; i < L + K; ++i) kern.pack_eta(sk + kSkS1 + i * kEtaPolyBytes, sec.s[i], P.eta);
    for (int i = 0; i < K; ++i) kern.pack_t0(sk + kSkT0 + i * 416, sec.t0[i]);
  }

  // Validity of an imported skEncode: s1 and s2 coefficients in [-eta, eta]. Constant time;
  // only the verdict is declassified.
  static bool sk_well_formed(const std::uint8_t* sk) noexcept {
    const Kernels& kern = kernels();
    Poly s;
    std::uint32_t bad = 0;
    for (int i = 0; i < L + K; ++i) bad |= kern.unpack_eta(s, sk + kSkS1 + i * kEtaPolyBytes, P.eta);
    secure_zero_object(s);
    return ct::declassify_value(bad) == 0;  // whether the key is well formed is public
  }

  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) from step 7 on, given mu (steps 1-6
  // computed by the caller: mu = H(tr || M', 64)). Returns false only if the loop hits the
  // 16-bit kappa limit (never in practice).
  static bool sign_mu(const std::uint8_t* sk, const std::uint8_t* mu, const std::uint8_t* rnd,
                      std::uint8_t* sig) noexcept {
    const Kernels& kern = kernels();
    struct Secrets {
      std::uint8_t rho_pp[64];
      Poly s1_hat[L], s2_hat[K], t0_hat[K];
      Poly y[3 * L];  // y of this attempt (then z = y + c s1 in place) and of the next two
      Poly y_hat[L];
      Poly w[K];  // w, then w - c s2
      Poly h[K];
      Poly c_hat, tmp1, tmp2, tmp3;
      std::uint8_t mu_w1[64 + K * kW1PolyBytes];  // mu || w1Encode(w1)
    } sec;
    ZeroOnExit wipe(sec);
    Poly a_hat[K * L];

    // Steps 1-5: skDecode, NTTs of s1, s2, t0; A_hat = ExpandA(rho).
    const std::uint8_t* rho = sk;
    const std::uint8_t* key = sk + 32;
    for (int i = 0; i < L; ++i) {
      (void)kern.unpack_eta(sec.s1_hat[i], sk + kSkS1 + i * kEtaPolyBytes, P.eta);
      kern.ntt(sec.s1_hat[i]);
    }
    for (int i = 0; i < K; ++i) {
      (void)kern.unpack_eta(sec.s2_hat[i], sk + kSkS2 + i * kEtaPolyBytes, P.eta);
      kern.ntt(sec.s2_hat[i]);
      kern.unpack_t0(sec.t0_hat[i], sk + kSkT0 + i * 416);
      kern.ntt(sec.t0_hat[i]);
    }
    expand_a(kern, a_hat, K, L, rho);
    // Step 7: rho'' = H(K || rnd || mu, 64).
    {
      Shake256 h;
      absorb(h, ConstBytes(key, 32));
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
        kern.pointwise(sec.tmp1, sec.c_hat, sec.s1_hat[i]);
        kern.invntt_tomont(sec.tmp1);
        for (int j = 0; j < kN; ++j) y[i].coeffs[j] += sec.tmp1.coeffs[j];
        kern.reduce(y[i]);
        // Step 23 (first half): ||z|| >= gamma1 - beta.
        reject = ct::declassify_value(kern.norm_exceeds(y[i], P.gamma1() - P.beta()));
      }
      if (reject != 0) continue;
      // Steps 19 and 21: r0 = LowBits(w - NTT^-1(c_hat o s2_hat)); keep w - c s2 in w.
      for (int i = 0; i < K && reject == 0; ++i) {
        kern.pointwise(sec.tmp1, sec.c_hat, sec.s2_hat[i]);
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
        kern.pointwise(sec.tmp1, sec.c_hat, sec.t0_hat[i]);
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

  // FIPS 204, Algorithm 8 (ML-DSA.Verify_internal) from step 8 on, given mu.
  static bool verify_mu(const std::uint8_t* pk, const std::uint8_t* mu, const std::uint8_t* sig) noexcept {
    return verify_with(pk, sig, [mu](const std::uint8_t*, std::uint8_t* out) { std::memcpy(out, mu, 64); },
                       false);
  }

  // FIPS 204, Algorithm 8 (ML-DSA.Verify_internal) with mu = make_mu(tr) (steps 6-7, given
  // tr = H(pk, 64)); tr is computed only if need_tr. Everything here is public; the code
  // is variable time.
  template <class MakeMu>
  static bool verify_with(const std::uint8_t* pk, const std::uint8_t* sig, MakeMu make_mu, bool need_tr) noexcept {
    const Kernels& kern = kernels();
    Poly z[L], h[K], a_hat[K * L];
    Poly c_hat, t1, w, w1;
    std::uint8_t w1_bytes[K * kW1PolyBytes];
    // Steps 2-4: sigDecode; a malformed hint rejects.
    const std::uint8_t* c_tilde = sig;
    for (int i = 0; i < L; ++i) kern.unpack_z(z[i], sig + kCTildeBytes + i * kZPolyBytes, P.gamma1_bits);
    if (!hint_unpack(h, sig + kCTildeBytes + L * kZPolyBytes)) return false;
    // Step 13 (first half), checked early: ||z|| < gamma1 - beta.
    for (int i = 0; i < L; ++i)
      if (kern.norm_exceeds(z[i], P.gamma1() - P.beta()) != 0) return false;
    // Steps 1, 5-7, 9-10: A_hat = ExpandA(rho), tr = H(pk, 64) and c = SampleInBall(c~)
    // in the same lanes; mu from tr.
    std::uint8_t tr[64] = {}, mu[64];
    expand_a_tr_ball(kern, a_hat, K, L, ConstBytes(pk, P.public_key_bytes()), need_tr ? tr : nullptr,
                     ConstBytes(c_tilde, kCTildeBytes), c_hat, P.tau);
    make_mu(static_cast<const std::uint8_t*>(tr), mu);
    kern.ntt(c_hat);
    for (int i = 0; i < L; ++i) kern.ntt(z[i]);
    // Steps 9 and 11: w'_approx = NTT^-1(A_hat o NTT(z) - NTT(c) o NTT(t1 * 2^d));
    // w1' = UseHint(h, w'_approx).
    for (int i = 0; i < K; ++i) {
      kern.unpack_t1(t1, pk + 32 + 320 * i);
      for (int j = 0; j < kN; ++j) t1.coeffs[j] <<= kD;
      kern.ntt(t1);
      kern.pointwise(t1, c_hat, t1);
      kern.pointwise_acc(w, a_hat + i * L, z, L);
      for (int j = 0; j < kN; ++j) w.coeffs[j] -= t1.coeffs[j];
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

// Absorbs the pure/pre-hash message prefix of Algorithms 2-5: domain || |ctx| || ctx.
void absorb_prefix(Shake256& h, std::uint8_t domain, ConstBytes context) noexcept {
  absorb_byte(h, domain);
  absorb_byte(h, static_cast<std::uint8_t>(context.size()));
  absorb(h, context);
}

}  // namespace

std::size_t prehash_digest_bytes(PreHash ph) noexcept {
  switch (ph) {
    case PreHash::sha2_224: case PreHash::sha2_512_224: case PreHash::sha3_224: return 28;
    case PreHash::sha2_256: case PreHash::sha2_512_256: case PreHash::sha3_256: return 32;
    case PreHash::sha2_384: case PreHash::sha3_384: return 48;
    case PreHash::sha2_512: case PreHash::sha3_512: return 64;
    case PreHash::shake128: return 32;  // FIPS 204, Section 5.4: 256-bit output
    case PreHash::shake256: return 64;  // 512-bit output
  }
  return 0;
}

std::span<const std::uint8_t, 11> prehash_oid(PreHash ph) noexcept {
  return kOids[static_cast<std::size_t>(ph) % kOids.size()];
}

// The one place a pre-hash is computed (FIPS 204, Algorithm 4, step 10 / Algorithm 5, step 5).
Result<void> prehash(PreHash ph, std::span<const std::uint8_t> message, std::span<std::uint8_t> digest) noexcept {
  if (digest.size() != prehash_digest_bytes(ph)) {
    secure_zero(digest.data(), digest.size());
    return Error::invalid_length;
  }
  switch (ph) {
    case PreHash::sha3_224: sha3_224(message, digest.first<28>()); return {};
    case PreHash::sha3_256: sha3_256(message, digest.first<32>()); return {};
    case PreHash::sha3_384: sha3_384(message, digest.first<48>()); return {};
    case PreHash::sha3_512: sha3_512(message, digest.first<64>()); return {};
    case PreHash::shake128: shake128(message, digest); return {};
    case PreHash::shake256: shake256(message, digest); return {};
    case PreHash::sha2_224: sha224(message, digest.first<28>()); return {};
    case PreHash::sha2_256: sha256(message, digest.first<32>()); return {};
    case PreHash::sha2_384: sha384(message, digest.first<48>()); return {};
    case PreHash::sha2_512: sha512(message, digest.first<64>()); return {};
    case PreHash::sha2_512_224: sha512_224(message, digest.first<28>()); return {};
    case PreHash::sha2_512_256: sha512_256(message, digest.first<32>()); return {};
  }
  secure_zero(digest.data(), digest.size());
  return Error::invalid_argument;  // not a PreHash value
}

Result<MuBuilder> MuBuilder::from_tr(std::span<const std::uint8_t> tr, std::span<const std::uint8_t> context) noexcept {
  if (tr.size() != kTrBytes) return Error::invalid_length;
  if (context.size() > kMaxContextBytes) return Error::invalid_argument;
  MuBuilder b;
  absorb(b.h_, tr);
  absorb_prefix(b.h_, 0, context);
  return b;
}

Result<MuBuilder> MuBuilder::from_tr_raw(std::span<const std::uint8_t> tr) noexcept {
  if (tr.size() != kTrBytes) return Error::invalid_length;
  MuBuilder b;
  absorb(b.h_, tr);
  return b;
}

void MuBuilder::update(std::span<const std::uint8_t> piece) noexcept { absorb(h_, piece); }

Mu MuBuilder::final() noexcept {
  Mu mu;
  h_.squeeze(mu);
  return mu;
}

Tr compute_tr(std::span<const std::uint8_t> public_key) noexcept {
  Tr tr;
  shake256(public_key, tr);
  return tr;
}

}  // namespace mldsa

// ---- Public API ----

namespace {
using mldsa::ConstBytes;

// Hedged: 32 random bytes; deterministic: 32 zero bytes (FIPS 204, Algorithm 2 steps 5-8).
Result<void> make_rnd(mldsa::Signing mode, SecretArray<32>& rnd) noexcept {
  if (mode == mldsa::Signing::deterministic) return {};
  if (!random_bytes(rnd.span())) return Error::randomness_failure;
  return {};
}
}  // namespace

template <class Set>
Result<typename MlDsa<Set>::PrivateKey> MlDsa<Set>::PrivateKey::from_seed(std::span<const std::uint8_t> xi) noexcept {
  if (xi.size() != seed_bytes) return Error::invalid_length;
  PrivateKey key;
  PublicKey pk;
  mldsa::Scheme<Set>::keygen(xi.data(), pk.data(), key.sk_.data());
  std::memcpy(key.seed_.data(), xi.data(), seed_bytes);
  key.has_seed_ = true;
  return key;
}

template <class Set>
Result<typename MlDsa<Set>::PrivateKey> MlDsa<Set>::PrivateKey::from_expanded(std::span<const std::uint8_t> sk) noexcept {
  if (sk.size() != private_key_bytes) return Error::invalid_length;
  if (!mldsa::Scheme<Set>::sk_well_formed(sk.data())) return Error::invalid_key;
  PrivateKey key;
  std::memcpy(key.sk_.data(), sk.data(), private_key_bytes);
  return key;
}

template <class Set>
Result<typename MlDsa<Set>::Seed> MlDsa<Set>::PrivateKey::seed() const noexcept {
  if (!has_seed_) return Error::unsupported;
  return seed_.clone();
}

template <class Set>
Result<typename MlDsa<Set>::KeyPair> MlDsa<Set>::keygen_internal(std::span<const std::uint8_t> xi) noexcept {
  if (xi.size() != seed_bytes) return Error::invalid_length;
  KeyPair kp{PublicKey{}, PrivateKey{}};
  mldsa::Scheme<Set>::keygen(xi.data(), kp.public_key.data(), kp.private_key.sk_.data());
  std::memcpy(kp.private_key.seed_.data(), xi.data(), seed_bytes);
  kp.private_key.has_seed_ = true;
  return kp;
}

template <class Set>
Result<typename MlDsa<Set>::KeyPair> MlDsa<Set>::generate_key() noexcept {
  SecretArray<seed_bytes> xi;
  if (!random_bytes(xi.span())) return Error::randomness_failure;
  return keygen_internal(xi.span());
}

namespace {
// Signs mu under sk; the one place a Signature is produced.
template <class Set>
Result<typename MlDsa<Set>::Signature> sign_with_mu(std::span<const std::uint8_t> sk, const std::uint8_t* mu,
                                                    const std::uint8_t* rnd) noexcept {
  typename MlDsa<Set>::Signature sig{};
  if (!mldsa::Scheme<Set>::sign_mu(sk.data(), mu, rnd, sig.data())) {
    secure_zero(sig.data(), sig.size());
    return Error::invalid_state;  // kappa exhausted: probability far below 2^-1000
  }
  return sig;
}
// A mu builder over the private key's tr (sk bytes 64..128), with the Algorithm 2/4
// prefix domain || |ctx| || ctx unless raw (Algorithm 7: M' given by the caller).
mldsa::MuBuilder mu_from_sk_tr(std::span<const std::uint8_t> sk, std::uint8_t domain, ConstBytes context,
                               bool raw) noexcept {
  auto b = mldsa::MuBuilder::from_tr_raw(sk.subspan(64, 64));  // length is right by construction
  if (!raw) {
    const std::uint8_t prefix[2] = {domain, static_cast<std::uint8_t>(context.size())};
    b->update(prefix);
    b->update(context);
  }
  return std::move(*b);
}
}  // namespace

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign(const PrivateKey& sk, std::span<const std::uint8_t> message,
                                                        std::span<const std::uint8_t> context,
                                                        mldsa::Signing mode) noexcept {
  // FIPS 204, Algorithm 2 (ML-DSA.Sign).
  if (context.size() > mldsa::kMaxContextBytes) return Error::invalid_argument;  // Steps 1-3
  SecretArray<32> rnd;
  if (auto r = make_rnd(mode, rnd); !r) return r.error();  // Steps 5-8
  mldsa::MuBuilder b = mu_from_sk_tr(sk.sk_.span(), 0, context, false);  // Step 10: M' = 0 || |ctx| || ctx || M
  b.update(message);
  const mldsa::Mu mu = b.final();
  return sign_with_mu<Set>(sk.sk_.span(), mu.data(), rnd.data());
}

template <class Set>
bool MlDsa<Set>::verify(std::span<const std::uint8_t> pk, std::span<const std::uint8_t> message,
                        std::span<const std::uint8_t> signature, std::span<const std::uint8_t> context) noexcept {
  // FIPS 204, Algorithm 3 (ML-DSA.Verify).
  if (pk.size() != public_key_bytes || signature.size() != signature_bytes ||
      context.size() > mldsa::kMaxContextBytes)
    return false;
  // Steps 6-7 of Algorithm 8 run inside, with tr computed next to ExpandA.
  return mldsa::Scheme<Set>::verify_with(
      pk.data(), signature.data(),
      [&](const std::uint8_t* tr, std::uint8_t* mu) {
        auto b = mldsa::MuBuilder::from_tr(ConstBytes(tr, mldsa::kTrBytes), context);  // lengths checked above
        b->update(message);
        const mldsa::Mu m = b->final();
        std::memcpy(mu, m.data(), mldsa::kMuBytes);
      },
      true);
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_digest(const PrivateKey& sk, mldsa::PreHash ph,
                                                               std::span<const std::uint8_t> digest,
                                                               std::span<const std::uint8_t> context,
                                                               mldsa::Signing mode) noexcept {
  // FIPS 204, Algorithm 4 (HashML-DSA.Sign), with PH(M) given.
  if (context.size() > mldsa::kMaxContextBytes) return Error::invalid_argument;
  // Not a PreHash value: prehash_oid would otherwise pick some other function's OID.
  if (mldsa::prehash_digest_bytes(ph) == 0) return Error::invalid_argument;
  if (digest.size() != mldsa::prehash_digest_bytes(ph)) return Error::invalid_length;
  SecretArray<32> rnd;
  if (auto r = make_rnd(mode, rnd); !r) return r.error();
  // Step 23: M' = 1 || |ctx| || ctx || OID || PH_M.
  mldsa::MuBuilder b = mu_from_sk_tr(sk.sk_.span(), 1, context, false);
  b.update(mldsa::prehash_oid(ph));
  b.update(digest);
  const mldsa::Mu mu = b.final();
  return sign_with_mu<Set>(sk.sk_.span(), mu.data(), rnd.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_prehash(const PrivateKey& sk, mldsa::PreHash ph,
                                                                std::span<const std::uint8_t> message,
                                                                std::span<const std::uint8_t> context,
                                                                mldsa::Signing mode) noexcept {
  if (context.size() > mldsa::kMaxContextBytes) return Error::invalid_argument;
  std::uint8_t digest[64];
  const std::span<std::uint8_t> d(digest, mldsa::prehash_digest_bytes(ph));
  if (auto r = mldsa::prehash(ph, message, d); !r) return r.error();
  return sign_digest(sk, ph, d, context, mode);
}

template <class Set>
bool MlDsa<Set>::verify_digest(std::span<const std::uint8_t> pk, mldsa::PreHash ph,
                               std::span<const std::uint8_t> digest, std::span<const std::uint8_t> signature,
                               std::span<const std::uint8_t> context) noexcept {
  // FIPS 204, Algorithm 5 (HashML-DSA.Verify), with PH(M) given.
  if (pk.size() != public_key_bytes || signature.size() != signature_bytes ||
      context.size() > mldsa::kMaxContextBytes || mldsa::prehash_digest_bytes(ph) == 0 ||
      digest.size() != mldsa::prehash_digest_bytes(ph))
    return false;
  return mldsa::Scheme<Set>::verify_with(
      pk.data(), signature.data(),
      [&](const std::uint8_t* tr, std::uint8_t* mu) {
        auto b = mldsa::MuBuilder::from_tr_raw(ConstBytes(tr, mldsa::kTrBytes));
        const std::uint8_t prefix[2] = {1, static_cast<std::uint8_t>(context.size())};
        b->update(prefix);
        b->update(context);
        b->update(mldsa::prehash_oid(ph));
        b->update(digest);
        const mldsa::Mu m = b->final();
        std::memcpy(mu, m.data(), mldsa::kMuBytes);
      },
      true);
}

template <class Set>
bool MlDsa<Set>::verify_prehash(std::span<const std::uint8_t> pk, mldsa::PreHash ph,
                                std::span<const std::uint8_t> message, std::span<const std::uint8_t> signature,
                                std::span<const std::uint8_t> context) noexcept {
  std::uint8_t digest[64];
  const std::span<std::uint8_t> d(digest, mldsa::prehash_digest_bytes(ph));
  if (!mldsa::prehash(ph, message, d)) return false;
  return verify_digest(pk, ph, d, signature, context);
}

template <class Set>
Result<mldsa::MuBuilder> MlDsa<Set>::mu_builder(std::span<const std::uint8_t> pk,
                                                std::span<const std::uint8_t> context) noexcept {
  if (pk.size() != public_key_bytes) return Error::invalid_length;
  const mldsa::Tr tr = mldsa::compute_tr(pk);
  return mldsa::MuBuilder::from_tr(tr, context);
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_mu(const PrivateKey& sk, std::span<const std::uint8_t> mu,
                                                           mldsa::Signing mode) noexcept {
  if (mu.size() != mldsa::kMuBytes) return Error::invalid_length;
  SecretArray<32> rnd;
  if (auto r = make_rnd(mode, rnd); !r) return r.error();
  return sign_with_mu<Set>(sk.sk_.span(), mu.data(), rnd.data());
}

template <class Set>
bool MlDsa<Set>::verify_mu(std::span<const std::uint8_t> pk, std::span<const std::uint8_t> mu,
                           std::span<const std::uint8_t> signature) noexcept {
  if (pk.size() != public_key_bytes || signature.size() != signature_bytes || mu.size() != mldsa::kMuBytes)
    return false;
  return mldsa::Scheme<Set>::verify_mu(pk.data(), mu.data(), signature.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_internal(const PrivateKey& sk,
                                                                 std::span<const std::uint8_t> message_prime,
                                                                 std::span<const std::uint8_t> rnd) noexcept {
  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal). Step 6: mu = H(tr || M', 64).
  if (rnd.size() != mldsa::kRndBytes) return Error::invalid_length;
  mldsa::MuBuilder b = mu_from_sk_tr(sk.sk_.span(), 0, {}, true);
  b.update(message_prime);
  const mldsa::Mu mu = b.final();
  return sign_with_mu<Set>(sk.sk_.span(), mu.data(), rnd.data());
}

template <class Set>
Result<typename MlDsa<Set>::Signature> MlDsa<Set>::sign_internal_mu(const PrivateKey& sk,
                                                                    std::span<const std::uint8_t> mu,
                                                                    std::span<const std::uint8_t> rnd) noexcept {
  if (rnd.size() != mldsa::kRndBytes || mu.size() != mldsa::kMuBytes) return Error::invalid_length;
  return sign_with_mu<Set>(sk.sk_.span(), mu.data(), rnd.data());
}

template <class Set>
bool MlDsa<Set>::verify_internal(std::span<const std::uint8_t> pk, std::span<const std::uint8_t> message_prime,
                                 std::span<const std::uint8_t> signature) noexcept {
  // FIPS 204, Algorithm 8 (ML-DSA.Verify_internal). Steps 6-7: tr = H(pk), mu = H(tr || M').
  if (pk.size() != public_key_bytes || signature.size() != signature_bytes) return false;
  return mldsa::Scheme<Set>::verify_with(
      pk.data(), signature.data(),
      [&](const std::uint8_t* tr, std::uint8_t* mu) {
        auto b = mldsa::MuBuilder::from_tr_raw(ConstBytes(tr, mldsa::kTrBytes));
        b->update(message_prime);
        const mldsa::Mu m = b->final();
        std::memcpy(mu, m.data(), mldsa::kMuBytes);
      },
      true);
}

template class MlDsa<mldsa::Set44>;
template class MlDsa<mldsa::Set65>;
template class MlDsa<mldsa::Set87>;

}  // namespace tessera
