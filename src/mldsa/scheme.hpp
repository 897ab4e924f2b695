// ML-DSA (FIPS 204): the algorithms on the key objects of <tessera/mldsa.hpp> for one
// parameter set: key generation and the key objects' precomputation (keys.cpp), signing and
// verification (mldsa.cpp). The arithmetic runs through the kernel table (kernels.hpp),
// chosen once per operation.
//
// Constant time: secrets (xi, rho', K, s1, s2, t0, rnd, rho'', y, and everything derived
// from them before acceptance) never drive a branch, an index or a loop bound, with two
// documented exceptions: RejBoundedPoly's accept pattern (rej_eta_portable) and the
// signing loop's accept/reject decision (with which check rejected), declassified in
// sign_mu. The challenge hash c~ is declassified as soon as it is computed
// (MaskStream::challenge, sampling.hpp): it is H(mu || w1), and for a rejected attempt it
// reveals nothing about s1/s2 because y is fresh in every attempt (the same argument
// mldsa-native and the Dilithium reference make). Importing a private key declassifies
// only the verdicts of its checks (which check failed, for a key that is rejected).
#pragma once

#include <tessera/mldsa.hpp>
#include <tessera/sha3.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "mldsa/kernels.hpp"
#include "mldsa/sampling.hpp"
#include "tessera_config.hpp"

#include <cstring>
#include <new>

namespace tessera::mldsa::detail {

using ConstBytes = std::span<const std::uint8_t>;

// Replaces the value of r by a failure without a temporary Result<T> (`r = fail(...)` makes
// one, sizeof(T) of stack under the frames of whatever runs after it: 90 KiB for an
// ML-DSA-87 private key): destroys the value (a key wipes itself) and constructs the failure
// in its place, so r stays the function's one return value (NRVO).
template <class T>
void replace_with_failure(Result<T>& r, Failure f) noexcept {
  r.~Result();
  ::new (static_cast<void*>(&r)) Result<T>(f);
}

// What an error is about (Result::what()), where more than one function reports it.
inline constexpr const char* kContextTooLong = "ML-DSA context (more than 255 bytes)";
inline constexpr const char* kNotAPreHash = "HashML-DSA pre-hash (not a PreHash value)";
inline constexpr const char* kWrongDigestLength = "HashML-DSA digest (wrong length for the pre-hash)";

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
// 2^64 mod q, centered, in every coefficient: pointwise(out, a, kMont2Poly) = a * 2^32.
inline constexpr Poly kMont2Poly = [] {
  constexpr std::int64_t r = (std::int64_t{1} << 32) % kQ, r2 = r * r % kQ;
  Poly p{};
  for (std::int32_t& c : p.coeffs) c = static_cast<std::int32_t>(r2 > kQ / 2 ? r2 - kQ : r2);
  return p;
}();

// Standard [0, q) -> centered (-q/2, q/2], constant time (on secrets: s1, s2, t0 in
// skEncode, so the mask goes through a value barrier; this runs only in bytes()).
inline void center(Poly& a) noexcept {
  for (int j = 0; j < kN; ++j) a.coeffs[j] -= kQ & ct::value_barrier(((kQ - 1) / 2 - a.coeffs[j]) >> 31);
}

template <class Set>
struct Scheme {
  using Dsa = MlDsa<Set>;
  using PublicKey = typename Dsa::PublicKey;
  using PrivateKey = typename Dsa::PrivateKey;
  using KeyPair = typename Dsa::KeyPair;
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
  // The matrix signing reads: the key's, none (uncached small-stack builds: row_times
  // samples each entry as it uses it), or expanded into buf (k * l KiB, uncached).
  struct Matrix {
#if TESSERA_CACHE_MATRIX
    Matrix(const Kernels&, const PublicKey& pk) noexcept : a_hat(pk.a_hat_) {}
    const Poly* a_hat;
#elif TESSERA_SMALL_STACK
    Matrix(const Kernels&, const PublicKey&) noexcept {}
    const Poly* a_hat = nullptr;
#else
    Matrix(const Kernels& kern, const PublicKey& pk) noexcept { expand_a(kern, buf, K, L, pk.pk_.data()); }
    Poly buf[K * L];
    const Poly* a_hat = buf;
#endif
  };
  // Where a matrix being built goes: into the key, into buf (k * l KiB, uncached), or
  // nowhere (uncached small-stack builds: derive_t samples each entry as it uses it).
  struct MatrixOut {
#if TESSERA_CACHE_MATRIX
    explicit MatrixOut(PublicKey& pk) noexcept : a_hat(pk.a_hat_) {}
    Poly* a_hat;
#elif TESSERA_SMALL_STACK
    explicit MatrixOut(PublicKey&) noexcept {}
    Poly* a_hat = nullptr;
#else
    explicit MatrixOut(PublicKey&) noexcept {}
    Poly buf[K * L];
    Poly* a_hat = buf;
#endif
    void expand(const Kernels& kern, const PublicKey& pk) noexcept {
      if (a_hat != nullptr) expand_a(kern, a_hat, K, L, pk.pk_.data());
    }
  };

  // ---- Key objects ----
  //
  // Each is built inside the Result that returns it, which has a single return statement:
  // the Result is then constructed in the caller's return slot (NRVO; GCC 12 does not
  // apply it to a function that also returns another expression, such as `fail(...)`, so
  // the callers in keys.cpp check their arguments and return these as prvalues). A key
  // is never moved through a temporary: a move copies through registers that the compiler
  // may spill where no wipe reaches (the zeroize tests, tests/unit/zeroize*).

  // keygen() and import() are not inlined, and these wipe the stack they used after each
  // call: the compiler leaves secrets in slots no object covers (g++ 12 -O3 stores the upper
  // half of the xi it copies into the key, and of K, to a dead stack slot of keygen's and
  // import's frames). Their frames and their callees' take under 14 KiB below the caller
  // (x86-64 g++ 12 -O3, the table in mldsa.hpp), plus the matrix of an uncached build.
  // Uncached small-stack builds (no matrix, ExpandS one instance at a time): 7 KiB on hosts;
  // on Cortex-M (common/secret.hpp, frame_wipe) keygen's and import's call trees take at most
  // 6200 bytes at -Os, -O2 and -O3, for every parameter set (scripts/stack-usage.py).
  static constexpr std::size_t kKeyFramesBytes = TESSERA_SMALL_STACK && !TESSERA_CACHE_MATRIX
                                                     ? frame_wipe(7 * 1024, 6656)
                                                     : 16 * 1024 + sizeof(MatrixOut);

  // PublicKey::from_bytes: pkDecode (Algorithm 23) of public_key_bytes bytes.
  static Result<PublicKey> public_key_from_bytes(const std::uint8_t* bytes) noexcept {
    Result<PublicKey> r(std::in_place);
    std::memcpy(r->pk_.data(), bytes, P.public_key_bytes());
    expand_public(*r);
    return r;
  }
  // PrivateKey::from_seed: Algorithm 6 from the 32 bytes of xi.
  static Result<PrivateKey> private_key_from_seed(const std::uint8_t* xi) noexcept {
    Result<PrivateKey> r(std::in_place);
    keygen(xi, *r);
    secure_zero_stack(kKeyFramesBytes);
    return r;
  }
  // PrivateKey::from_bytes: skDecode (Algorithm 25) of private_key_bytes bytes, checked.
  static Result<PrivateKey> private_key_from_bytes(const std::uint8_t* bytes) noexcept {
    Result<PrivateKey> r(std::in_place);
    const char* bad = import(bytes, *r);
    secure_zero_stack(kKeyFramesBytes);
    if (bad != nullptr) replace_with_failure(r, fail(Error::invalid_key, bad));
    return r;
  }
  // keygen_internal: Algorithm 6 into a KeyPair; the public key is the private key's.
  static Result<KeyPair> key_pair_from_seed(const std::uint8_t* xi) noexcept {
    Result<KeyPair> r(std::in_place);
    keygen(xi, r->private_key);
    secure_zero_stack(kKeyFramesBytes);
    r->public_key = r->private_key.pk_;
    return r;
  }

  // pk.pk_ holds pkEncode(rho, t1); computes tr, NTT(t1 * 2^d) and the cached A_hat.
  // Everything here is public.
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

  // out = (A_hat o v_hat)[i] * 2^-32, any < q: row i of the matrix-vector product in the NTT
  // domain (Algorithm 6 step 5, Algorithm 7 step 12). With a_hat null (uncached small-stack
  // builds) each entry A_hat[i][j] = RejNTTPoly(rho || j || i) (Algorithm 30) is sampled into
  // scratch, multiplied there and added to out, which is then reduced (|sum| < L q before):
  // the same values mod q as pointwise_acc. scratch holds products with v_hat (secret when
  // v_hat is): the caller wipes it.
  static void row_times(const Kernels& kern, const Poly* a_hat, const PublicKey& pk, int i, const Poly* v_hat,
                        Poly& out, Poly& scratch) noexcept {
    if (a_hat != nullptr) {
      kern.pointwise_acc(out, a_hat + i * L, v_hat, L);
      return;
    }
    std::memset(&out, 0, sizeof out);
    for (int j = 0; j < L; ++j) {
      rej_ntt_poly(kern, scratch, pk.pk_.data(), i, j);
      kern.pointwise(scratch, scratch, v_hat[j]);
      for (int n = 0; n < kN; ++n) out.coeffs[n] += scratch.coeffs[n];
    }
    kern.reduce(out);
  }

  // FIPS 204, Algorithm 6 steps 5-9, given rho (in sk.pk_.pk_), A_hat, and s1 || s2 in
  // sk.sec_.s_hat with s1 already in the NTT domain and s2 not yet:
  // t = NTT^-1(A_hat o NTT(s1)) + s2; (t1, t0) = Power2Round(t); pk = pkEncode(rho, t1);
  // tr = H(pk, 64); and the key's NTT forms NTT(s2) (in place, once row i has used s2[i]),
  // NTT(t1 * 2^d) and NTT(t0). Returns all-ones if t0_check is not null and t0 differs from
  // its encoding there (the check of an imported key), else zero.
  // Differs from the spec: NTT(t0) is not transformed but taken from what the row has
  // already computed, NTT being linear: NTT(t0) = NTT(t) - NTT(t1 * 2^d) with NTT(t) =
  // (A_hat o NTT(s1)) + NTT(s2); one Montgomery product instead of an NTT per row.
  // With a_hat null (MatrixOut of an uncached small-stack build), row_times samples each
  // entry when row i needs it.
  static std::uint32_t derive_t(const Kernels& kern, const Poly* a_hat, PrivateKey& sk,
                                const std::uint8_t* t0_check) noexcept {
    PublicKey& pk = sk.pk_;
    struct Secrets {
      Poly as1_hat;  // (A_hat o NTT(s1))_i * 2^-32
      Poly t, t0;    // t is also row_times' scratch
      std::uint8_t t0_bytes[416];
    } sec;
    ZeroOnExit wipe(sec);
    std::uint32_t diff = 0;
    for (int i = 0; i < K; ++i) {
      Poly& s2 = sk.sec_.s2_hat()[i];
      // Step 5: t = NTT^-1(A_hat o NTT(s1)) + s2, standard representatives.
      row_times(kern, a_hat, pk, i, sk.sec_.s1_hat(), sec.as1_hat, sec.t);
      sec.t = sec.as1_hat;
      kern.invntt_tomont(sec.t);
      for (int j = 0; j < kN; ++j) sec.t.coeffs[j] += s2.coeffs[j];
      kern.freeze(sec.t);
      kern.ntt(s2);
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
      // NTT(t0) = as1_hat * 2^32 + NTT(s2) - NTT(t1 * 2^d): |sum| < q + 9q + 9q, then
      // reduced to any < q (what an NTT output may be).
      Poly& t0_hat = sk.sec_.t0_hat[i];
      kern.pointwise(t0_hat, sec.as1_hat, kMont2Poly);
      for (int j = 0; j < kN; ++j) t0_hat.coeffs[j] += s2.coeffs[j] - t1.coeffs[j];
      kern.reduce(t0_hat);
    }
    // Steps 8-9: tr = H(pk, 64).
    pk.tr_ = compute_tr(ConstBytes(pk.pk_));
    return ct::mask_is_zero(diff) ^ 0xFFFFFFFFu;
  }

  // FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal), into the key object.
  // Differs from the spec: s1 and s2 are sampled into the key and transformed in place.
  [[gnu::noinline]] static void keygen(const std::uint8_t* xi, PrivateKey& sk) noexcept {
    const Kernels& kern = kernels();
    std::uint8_t seeds[128];  // rho || rho' || K
    ZeroOnExit wipe(seeds);
    PublicKey& pk = sk.pk_;
    MatrixOut a(pk);

    // Step 1: (rho, rho', K) = H(xi || IntegerToBytes(k, 1) || IntegerToBytes(l, 1), 128).
    Shake256 h;
    absorb(h, ConstBytes(xi, 32));
    absorb_byte(h, static_cast<std::uint8_t>(K));
    absorb_byte(h, static_cast<std::uint8_t>(L));
    h.squeeze(seeds);
    ct::declassify(seeds, 32);  // rho is part of the public key
    std::memcpy(pk.pk_.data(), seeds, 32);
    std::memcpy(sk.sec_.k_seed.data(), seeds + 96, 32);
    // Steps 3-4: A_hat = ExpandA(rho); (s1, s2) = ExpandS(rho').
    a.expand(kern, pk);
    expand_s(kern, sk.sec_.s_hat, K, L, P.eta, seeds + 32);
    // Steps 5-9, with the key's NTT forms of s1, s2, t0 and t1 * 2^d.
    for (int i = 0; i < L; ++i) kern.ntt(sk.sec_.s1_hat()[i]);
    (void)derive_t(kern, a.a_hat, sk, nullptr);
    std::memcpy(sk.sec_.xi.data(), xi, 32);
    sk.has_seed_ = true;
  }

  // skDecode (Algorithm 25) of an imported key, checked. Returns null, or what is wrong (the
  // key is then to be discarded): a coefficient of s1 or s2 outside [-eta, eta], or t0 or tr
  // other than what Algorithm 6 steps 5-9 give for rho, s1 and s2 (that recomputation also
  // gives t1, i.e. the public key). Constant time; only the verdicts are declassified.
  [[gnu::noinline]] static const char* import(const std::uint8_t* bytes, PrivateKey& sk) noexcept {
    const Kernels& kern = kernels();
    PublicKey& pk = sk.pk_;
    // rho || K || tr || s1 || s2 || t0; s1 and s2 decoded straight into the key.
    std::uint32_t bad = 0;
    for (int i = 0; i < L + K; ++i)
      bad |= kern.unpack_eta(sk.sec_.s_hat[i], bytes + kSkS1 + i * kEtaPolyBytes, P.eta);
    if (ct::declassify_value(bad) != 0)  // whether the key is well formed is public
      return "ML-DSA private key (s1 or s2 coefficient outside [-eta, eta])";
    std::memcpy(pk.pk_.data(), bytes, 32);
    ct::declassify(pk.pk_.data(), 32);  // rho is part of the public key
    std::memcpy(sk.sec_.k_seed.data(), bytes + 32, 32);
    MatrixOut a(pk);
    a.expand(kern, pk);
    for (int i = 0; i < L; ++i) kern.ntt(sk.sec_.s1_hat()[i]);
    // Algorithm 6 steps 5-9 again; the stored t0 and tr must be the ones they give. Whether
    // the key is consistent is public.
    const std::uint32_t t0_differs = derive_t(kern, a.a_hat, sk, bytes + kSkT0);
    const std::uint8_t tr_equal = ct::mask_bytes_eq(pk.tr_, ConstBytes(bytes + 64, 64));
    sk.sec_.xi.fill(0);
    sk.has_seed_ = false;
    if (ct::declassify_value(t0_differs) != 0) return "ML-DSA private key (t0 does not match s1, s2)";
    if (ct::declassify_value(tr_equal) == 0) return "ML-DSA private key (tr does not match the public key)";
    return nullptr;
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
    for (int i = 0; i < L + K; ++i) {  // s1 || s2
      plain(sk.sec_.s_hat[i]);
      kern.pack_eta(out + kSkS1 + i * kEtaPolyBytes, s, P.eta);
    }
    for (int i = 0; i < K; ++i) {
      plain(sk.sec_.t0_hat[i]);
      kern.pack_t0(out + kSkT0 + i * 416, s);
    }
  }

  // ---- Signing ----

  // Algorithm 7, step 7: rho'' = H(K || rnd || mu, 64).
  static void private_seed(const typename PrivateKey::Secrets& key, const std::uint8_t* rnd, const std::uint8_t* mu,
                           std::uint8_t rho_pp[64]) noexcept {
    Shake256 h;
    absorb(h, ConstBytes(key.k_seed.data(), 32));
    absorb(h, ConstBytes(rnd, 32));
    absorb(h, ConstBytes(mu, 64));
    h.squeeze(std::span<std::uint8_t>(rho_pp, 64));
  }

  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) from step 7 on, given mu:
  // sign_mu_streaming in small-stack builds (TESSERA_SMALL_STACK), else sign_mu_expanded.
  // Both give the same signature: tests/kat/mldsa_acvp_test.cpp runs the ACVP sigGen cases
  // with an external or computed mu through both, in every build and on every backend.
  static bool sign_mu(const PrivateKey& sk, const std::uint8_t* mu, const std::uint8_t* rnd,
                      std::uint8_t* sig) noexcept {
    if constexpr (TESSERA_SMALL_STACK) {
      const bool ok = sign_mu_streaming(sk, mu, rnd, sig);
      secure_zero_stack(kSignFramesBytes);  // the kernels' frames below sign_mu_streaming
      return ok;
    } else {
      return sign_mu_expanded(sk, mu, rnd, sig);
    }
  }

  // FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) from step 7 on, given mu. Steps 1-5 ran
  // when the key object was made (skDecode, the NTTs of s1, s2, t0) or are the public key's
  // (A_hat; expanded here in uncached builds); the caller computed step 6, mu = H(tr || M',
  // 64). Returns false only if kappa runs out of its 16 bits (never in practice).
  // Differs from the spec: z is computed in place of y; the checks of steps 23 and 28 run
  // polynomial by polynomial and an attempt stops at the first that fails (see below).
  static bool sign_mu_expanded(const PrivateKey& sk, const std::uint8_t* mu, const std::uint8_t* rnd,
                               std::uint8_t* sig) noexcept {
    const Kernels& kern = kernels();
    const typename PrivateKey::Secrets& key = sk.sec_;
    const Matrix a(kern, sk.pk_);
    struct Secrets {
      std::uint8_t rho_pp[64];
      std::uint8_t mu_w1[64 + K * kW1PolyBytes];  // mu || w1Encode(w1)
      Poly y_hat[L];
      Poly w[K];  // w, then w - <<cs2>>
      Poly h[K];
      Poly c_hat, cs, r1, r0;
    } sec;
    ZeroOnExit wipe(sec);
    std::uint8_t* const c_tilde = sig;  // c~ goes straight into the signature (public, see below)

    private_seed(key, rnd, mu, sec.rho_pp);  // Step 7
    std::memcpy(sec.mu_w1, mu, 64);
    MaskStream<L> mask(kern, sec.rho_pp, P.gamma1_bits);

    // Steps 8-10 and 31-32: kappa = 0, l, 2l, ... until an attempt is accepted.
    for (int kappa = 0; kappa <= MaskStream<L>::kLastKappa; kappa += L) {
      // Step 11: y = ExpandMask(rho'', kappa) (possibly computed during earlier attempts).
      Poly* const y = mask.expand_mask(kappa);
      // Step 12: w = NTT^-1(A_hat o NTT(y)), standard representatives.
      for (int i = 0; i < L; ++i) {
        sec.y_hat[i] = y[i];
        kern.ntt(sec.y_hat[i]);
      }
      for (int i = 0; i < K; ++i) {
        row_times(kern, a.a_hat, sk.pk_, i, sec.y_hat, sec.w[i], sec.cs);
        kern.invntt_tomont(sec.w[i]);
        kern.freeze(sec.w[i]);
      }
      // Step 13: w1 = HighBits(w), encoded for step 15.
      for (int i = 0; i < K; ++i) {
        kern.decompose(sec.r1, sec.r0, sec.w[i], P.gamma2);
        kern.pack_w1(sec.mu_w1 + 64 + i * kW1PolyBytes, sec.r1, P.w1_bits());
      }
      // Steps 15-16: c~ = H(mu || w1Encode(w1), lambda / 4); c = SampleInBall(c~). c~ is
      // declassified as soon as it is computed (MaskStream::challenge says why).
      mask.challenge(sec.mu_w1, std::span<std::uint8_t>(c_tilde, kCTildeBytes), sec.c_hat, P.tau);
      // Step 17: c_hat = NTT(c).
      kern.ntt(sec.c_hat);

      // Steps 18, 20 and 23 (first half): z = y + NTT^-1(c_hat o s1_hat), exact
      // (|z| < gamma1 + beta), in place of y; reject if ||z|| >= gamma1 - beta.
      // Early exits (as the Dilithium reference and mldsa-native do, here per polynomial):
      // which check, and at which polynomial, rejected an attempt is revealed along with the
      // rejection itself. It is a function of the discarded attempt only (fresh y, public
      // c~), and the z check's failure probability does not depend on s1 while
      // ||c s1|| <= beta. This skips up to 2k + l - 1 inverse NTTs on an attempt that fails
      // here (most rejected attempts do).
      Poly* const z = y;
      std::uint32_t reject = 0;
      for (int i = 0; i < L && reject == 0; ++i) {
        kern.pointwise(sec.cs, sec.c_hat, key.s1_hat()[i]);
        kern.invntt_tomont(sec.cs);
        for (int j = 0; j < kN; ++j) z[i].coeffs[j] += sec.cs.coeffs[j];
        kern.reduce(z[i]);
        reject = ct::declassify_value(kern.norm_exceeds(z[i], P.gamma1() - P.beta()));
      }
      if (reject != 0) continue;
      // Steps 19, 21 and 23 (second half): r0 = LowBits(w - NTT^-1(c_hat o s2_hat)), keeping
      // w - <<cs2>> in w; reject if ||r0|| >= gamma2 - beta (early exit, as above).
      for (int i = 0; i < K && reject == 0; ++i) {
        kern.pointwise(sec.cs, sec.c_hat, key.s2_hat()[i]);
        kern.invntt_tomont(sec.cs);
        for (int j = 0; j < kN; ++j) sec.w[i].coeffs[j] -= sec.cs.coeffs[j];
        kern.freeze(sec.w[i]);
        kern.decompose(sec.r1, sec.r0, sec.w[i], P.gamma2);
        reject = ct::declassify_value(kern.norm_exceeds(sec.r0, P.gamma2 - P.beta()));
      }
      if (reject != 0) continue;
      // Steps 25-26: <<ct0>> = NTT^-1(c_hat o t0_hat); h = MakeHint(-<<ct0>>, w - <<cs2>> +
      // <<ct0>>), where MakeHint(z, r) with r + z = w - <<cs2>> is computed from r and r + z.
      std::uint32_t ones = 0;
      for (int i = 0; i < K; ++i) {
        kern.pointwise(sec.cs, sec.c_hat, key.t0_hat[i]);
        kern.invntt_tomont(sec.cs);
        kern.reduce(sec.cs);  // exact: |ct0| <= tau * 2^12
        // Step 28 (first half): ||<<ct0>>|| >= gamma2.
        reject |= kern.norm_exceeds(sec.cs, P.gamma2);
        for (int j = 0; j < kN; ++j) sec.r0.coeffs[j] = sec.w[i].coeffs[j] + sec.cs.coeffs[j];
        kern.freeze(sec.r0);
        ones += kern.make_hint(sec.h[i], sec.r0, sec.w[i], P.gamma2);
      }
      // Step 28 (second half): more than omega ones in h.
      reject |= ct::mask_lt(static_cast<std::uint32_t>(P.omega), ones);
      // The accept/reject decision is public: the number of attempts shows in the running
      // time of any implementation of Algorithm 7's loop; the rejected attempt's values
      // stay secret.
      if (ct::declassify_value(reject) != 0) continue;

      // Step 33: sigma = sigEncode(c~, z mod+- q, h) (Algorithm 26); c~ is in place already.
      // The accepted z and h are the signature, hence public.
      std::uint8_t* p = sig + kCTildeBytes;
      for (int i = 0; i < L; ++i) {
        ct::declassify(&z[i], sizeof(Poly));
        kern.pack_z(p + i * kZPolyBytes, z[i], P.gamma1_bits);
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

  // ---- Small-stack paths (TESSERA_SMALL_STACK), defined in mldsa/streaming.hpp ----

  // Row i of w = NTT^-1(A_hat o NTT(y)) with y regenerated (signing).
  static void mask_row(const Kernels& kern, const Matrix& a, const PublicKey& pk, const std::uint8_t* rho_pp,
                       int kappa, int i, Poly& w, Poly& yj, Poly& scratch) noexcept;
  // The frames of sign_mu_streaming (its Secrets: 5 polynomials, mu || w1, the hint bits) and
  // of what it calls; mu || w1 grows with k. On Cortex-M (frame_wipe) the call tree takes at
  // most 8680 bytes (ML-DSA-87, -Os to -O3: scripts/stack-usage.py).
  static constexpr std::size_t kSignFramesBytes = frame_wipe(9 * 1024 + 2 * kW1PolyBytes * K, 9216);
  // Algorithm 7 from step 7 on in five polynomials of stack.
  [[gnu::noinline]] static bool sign_mu_streaming(const PrivateKey& sk, const std::uint8_t* mu,
                                                  const std::uint8_t* rnd, std::uint8_t* sig) noexcept;
  // Algorithm 8 from step 8 on in four polynomials of stack.
  static bool verify_mu_streaming(const PublicKey& pk, const std::uint8_t* mu, const std::uint8_t* sig) noexcept;

  // ---- Verification ----

  // HintBitUnpack's checks (Algorithm 21): false if the encoding y is malformed (indices not
  // strictly increasing within a polynomial, counts out of order or above omega, nonzero
  // padding).
  static bool hint_valid(const std::uint8_t* y) noexcept {
    unsigned index = 0;
    for (int i = 0; i < K; ++i) {
      const unsigned end = y[P.omega + i];
      if (end < index || end > static_cast<unsigned>(P.omega)) return false;  // Steps 4-5
      for (const unsigned first = index; index < end; ++index)
        if (index > first && y[index - 1] >= y[index]) return false;  // Steps 8-10
    }
    for (unsigned i = index; i < static_cast<unsigned>(P.omega); ++i)  // Steps 16-20
      if (y[i] != 0) return false;
    return true;
  }

  // Row i of HintBitUnpack (Algorithm 21, steps 3-12) from an encoding hint_valid accepted.
  static void hint_row(Poly& h, const std::uint8_t* y, int i) noexcept {
    std::memset(&h, 0, sizeof h);
    for (unsigned index = i == 0 ? 0 : y[P.omega + i - 1]; index < y[P.omega + i]; ++index) h.coeffs[y[index]] = 1;
  }

  // HintBitUnpack (Algorithm 21): false if the encoding is malformed.
  static bool hint_unpack(Poly* h, const std::uint8_t* y) noexcept {
    if (!hint_valid(y)) return false;
    for (int i = 0; i < K; ++i) hint_row(h[i], y, i);
    return true;
  }

  // FIPS 204, Algorithm 8 (ML-DSA.Verify_internal) from step 8 on, given mu (steps 6-7
  // computed by the caller from pk.tr()): verify_mu_streaming in small-stack builds
  // (TESSERA_SMALL_STACK), else verify_mu_expanded. Both give the same verdict on every input
  // (tests/kat/mldsa_acvp_test.cpp runs the ACVP sigVer cases through both, on every backend).
  static bool verify_mu(const PublicKey& pk, const std::uint8_t* mu, const std::uint8_t* sig) noexcept {
    if constexpr (TESSERA_SMALL_STACK) {
      return verify_mu_streaming(pk, mu, sig);
    } else {
      return verify_mu_expanded(pk, mu, sig);
    }
  }

  // Verification with the whole of A_hat (the key's, or ExpandA'd here in one lane schedule
  // with SampleInBall), z and h at hand. Everything here is public; the code is variable time.
  static bool verify_mu_expanded(const PublicKey& pk, const std::uint8_t* mu, const std::uint8_t* sig) noexcept {
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

#include "mldsa/streaming.hpp"  // the small-stack paths
