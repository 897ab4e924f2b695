// FFDHE over the RFC 7919 groups (include/tessera/dh.hpp): key-pair generation (SP 800-56A
// Rev. 3, 5.6.1.1.4), full public-key validation (5.6.2.3.1) and the FFC DH primitive
// (5.7.1.1), on the run-time-length Montgomery arithmetic of src/bignum/nat.hpp.
#include "bignum/nat.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "dh/ffdhe_groups.hpp"

#include <tessera/dh.hpp>
#include <tessera/random.hpp>

#include <cstring>

namespace tessera::dh {

namespace {

using bignum::Limb;
using bignum::MontModulus;
using bignum::NatSpan;
using bignum::NatView;

// Error strings (static, one set per group: the argument's name comes first).
template <class G>
struct Names;
#define TESSERA_FFDHE_NAMES(G, s)                                                                   \
  template <>                                                                                       \
  struct Names<G> {                                                                                 \
    static constexpr const char* public_key = s " public key";                                      \
    static constexpr const char* public_low = s " public key (y < 2)";                              \
    static constexpr const char* public_high = s " public key (y > p - 2)";                         \
    static constexpr const char* public_order = s " public key (y^q != 1: not in the subgroup of order q)"; \
    static constexpr const char* private_key = s " private key";                                    \
    static constexpr const char* private_zero = s " private key (zero)";                            \
    static constexpr const char* private_range = s " private key (not below 2^N)";                  \
    static constexpr const char* candidate_length = s " key generation candidate";                  \
    static constexpr const char* candidate_bits = s " key generation candidate (more than N bits)"; \
    static constexpr const char* candidate = s " key generation candidate (> 2^N - 2: draw again)"; \
    static constexpr const char* keygen = s " key generation";                                      \
    static constexpr const char* keygen_redraws = s " key generation (no candidate below 2^N - 1)"; \
    static constexpr const char* shared_secret = s " shared secret (Z = 1)";                        \
  };
TESSERA_FFDHE_NAMES(Ffdhe2048Group, "ffdhe2048")
TESSERA_FFDHE_NAMES(Ffdhe3072Group, "ffdhe3072")
TESSERA_FFDHE_NAMES(Ffdhe4096Group, "ffdhe4096")
#undef TESSERA_FFDHE_NAMES

// p of group G with its Montgomery constants. p is public; mont_init is cheap next to an
// exponentiation (w doublings and one exponentiation by w n) and picks the kernel of the
// active backend.
template <class G>
void group_modulus(MontModulus& mod) noexcept {
  using K = GroupConstants<G>;
  [[maybe_unused]] const bool ok = bignum::mont_init(mod, NatView(K::p.data(), K::n));  // p is odd, full length
}

// A mask of all ones when a (x_limbs limbs) has a bit at or above position N set.
template <class G>
Limb above_n_mask(NatView a) noexcept {
  constexpr std::size_t kN = G::exponent_bits, w = bignum::kLimbBits;
  Limb acc = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {  // positions are public
    if (i * w >= kN) acc |= a[i];
    else if (i * w + w > kN) acc |= static_cast<Limb>(a[i] >> (kN - i * w));
  }
  return static_cast<Limb>(~bignum::nat_is_zero_mask(NatView(&acc, 1)));
}

}  // namespace

namespace detail {

template <class G>
struct KeyAccess {
  using K = GroupConstants<G>;

  // SP 800-56A Rev. 3, 5.6.1.1.4, step 6: y = g^x mod p for x (x_limbs limbs, secret) in
  // [1, 2^N - 1], with the key objects built around x and y.
  static Result<PrivateKey<G>> build(NatView x) noexcept {
    Result<PrivateKey<G>> out(std::in_place);
    PrivateKey<G>& sk = *out;
    bignum::nat_to_be_bytes(sk.x_.span(), x);
    MontModulus mod;
    group_modulus<G>(mod);
    struct {
      Limb gm[K::n], ym[K::n], y[K::n];
    } s;
    bignum::mont_from_nat(NatSpan(s.gm, K::n), NatView(&K::g, 1), mod);
    // mont_exp over exactly N bits: a public bound, the same work for every x.
    bignum::mont_exp(NatSpan(s.ym, K::n), NatView(s.gm, K::n), x, G::exponent_bits, mod);
    bignum::mont_to_nat(NatSpan(s.y, K::n), NatView(s.ym, K::n), mod);
    // y is the public key: it leaves the constant-time domain here.
    ct::declassify(s.y, sizeof s.y);
    bignum::nat_to_be_bytes(sk.y_.y_, NatView(s.y, K::n));
    secure_zero_object(s);
    return out;
  }
  static const SecretArray<exponent_bytes<G>>& x(const PrivateKey<G>& sk) noexcept { return sk.x_; }
  static Result<PublicKey<G>> make_public(std::span<const std::uint8_t> y) noexcept {
    Result<PublicKey<G>> out(std::in_place);
    std::memcpy(out->y_.data(), y.data(), p_bytes<G>);
    return out;
  }
};

}  // namespace detail

template <class G>
Result<PublicKey<G>> PublicKey<G>::from_bytes(std::span<const std::uint8_t> y) noexcept {
  // SP 800-56A Rev. 3, 5.6.2.3.1 (FFC Full Public-Key Validation). Public data: variable
  // time is fine.
  using K = GroupConstants<G>;
  using N = Names<G>;
  // TLS 1.3 (RFC 8446, 4.2.8.1): y is left-padded with zeros to the length of p.
  if (y.size() != p_bytes<G>) return fail(Error::invalid_length, N::public_key);
  Limb yl[K::n];
  (void)bignum::nat_from_be_bytes(NatSpan(yl, K::n), y);  // p_bytes always fit in n limbs
  // Step 1: 2 <= y <= p - 2.
  Limb two[K::n] = {}, pm1[K::n];
  two[0] = 2;
  std::memcpy(pm1, K::p.data(), sizeof pm1);
  pm1[0] ^= 1u;  // p - 1 (p is odd)
  if (bignum::nat_lt_mask(NatView(yl, K::n), NatView(two, K::n)) != 0) return fail(Error::invalid_key, N::public_low);
  if (bignum::nat_lt_mask(NatView(yl, K::n), NatView(pm1, K::n)) == 0) return fail(Error::invalid_key, N::public_high);
  // Step 2: y^q = 1 (mod p). In a safe-prime group every y in [2, p - 2] has order q or
  // 2q; this rejects those of order 2q (the quadratic non-residues, such as p - 2). By
  // Euler's criterion y^q = y^((p-1)/2) mod p is the Legendre symbol (y / p), so the check
  // is (y / p) = 1, computed by the binary Jacobi algorithm in a few percent of the
  // exponentiation's time (dh-unit-tests checks the verdicts against y^q from OpenSSL's
  // BN_mod_exp; bignum-nat-unit-tests checks the symbol against BN_kronecker).
  if (bignum::nat_jacobi_vartime(NatView(yl, K::n), NatView(K::p.data(), K::n)) != 1)
    return fail(Error::invalid_key, N::public_order);
  return detail::KeyAccess<G>::make_public(y);
}

template <class G>
Result<PrivateKey<G>> PrivateKey<G>::from_bytes(std::span<const std::uint8_t> x) noexcept {
  using K = GroupConstants<G>;
  using N = Names<G>;
  if (x.size() != exponent_bytes<G>) return fail(Error::invalid_length, N::private_key);
  Limb xl[K::x_limbs];
  ZeroOnExit wipe(xl);
  (void)bignum::nat_from_be_bytes(NatSpan(xl, K::x_limbs), x);  // exponent_bytes fit in x_limbs limbs
  // SP 800-56A Rev. 3, 5.6.1.1.4 / 5.6.2.1.2: x in [1, M - 1], M = min(2^N, q) = 2^N.
  // Only the verdicts leave the constant-time domain.
  if (ct::declassify_value(bignum::nat_is_zero_mask(NatView(xl, K::x_limbs))) != 0)
    return fail(Error::invalid_key, N::private_zero);
  if (ct::declassify_value(above_n_mask<G>(NatView(xl, K::x_limbs))) != 0)
    return fail(Error::invalid_key, N::private_range);
  return detail::KeyAccess<G>::build(NatView(xl, K::x_limbs));
}

template <class G>
PrivateKey<G> PrivateKey<G>::clone() const noexcept {
  PrivateKey<G> c;
  c.x_ = x_.clone();
  c.y_ = y_;
  return c;
}

template <class G>
Result<KeyPair<G>> Ffdhe<G>::keygen_internal(std::span<const std::uint8_t> candidate) noexcept {
  // SP 800-56A Rev. 3, 5.6.1.1.4 (FFC Key-Pair Generation by Testing Candidates).
  using K = GroupConstants<G>;
  using N = Names<G>;
  // Step 1: N in [2s, len(q)], and step 2: M = min(2^N, q) = 2^N (static_asserts in
  // GroupConstants: N < len(q)).
  if (candidate.size() != exponent_bytes<G>) return fail(Error::invalid_length, N::candidate_length);
  // x_limbs has room for bit N, so c + 1 never overflows.
  static_assert(K::x_limbs * bignum::kLimbBits > G::exponent_bits);
  Limb c[K::x_limbs], one[K::x_limbs] = {};
  ZeroOnExit wipe(c);
  one[0] = 1;
  (void)bignum::nat_from_be_bytes(NatSpan(c, K::x_limbs), candidate);
  // Step 3: c is an N-bit string.
  if (ct::declassify_value(above_n_mask<G>(NatView(c, K::x_limbs))) != 0) return fail(Error::invalid_key, N::candidate_bits);
  // Steps 4-5: x = c + 1, and c > M - 2 exactly when x = 2^N (only the verdict leaks: the
  // caller draws again, with probability 2^-N).
  (void)bignum::nat_add(NatSpan(c, K::x_limbs), NatView(c, K::x_limbs), NatView(one, K::x_limbs));
  if (ct::declassify_value(above_n_mask<G>(NatView(c, K::x_limbs))) != 0) return fail(Error::invalid_key, N::candidate);
  // Step 6: y = g^x mod p.
  auto sk = detail::KeyAccess<G>::build(NatView(c, K::x_limbs));
  if (!sk) return sk.failure();
  Result<KeyPair> out(std::in_place, KeyPair{sk->public_key(), std::move(*sk)});
  return out;
}

template <class G>
Result<KeyPair<G>> Ffdhe<G>::generate_key() noexcept {
  // SP 800-56A Rev. 3, 5.6.1.1.4, step 3: N bits from the RBG (the bits of the top byte
  // above N cleared); step 4 redraws with probability 2^-N, so 64 draws never all fail
  // unless the source is broken.
  constexpr unsigned top_bits = static_cast<unsigned>(G::exponent_bits - 8 * (exponent_bytes<G> - 1));  // 1..8
  constexpr std::uint8_t top_mask = static_cast<std::uint8_t>((1u << top_bits) - 1u);
  for (int attempt = 0; attempt < 64; ++attempt) {
    SecretArray<exponent_bytes<G>> c;
    if (!random_bytes(c.span())) return fail(Error::randomness_failure, Names<G>::keygen);
    c[0] = static_cast<std::uint8_t>(c[0] & top_mask);
    auto kp = keygen_internal(c.span());
    if (kp || kp.error() != Error::invalid_key) return kp;
  }
  return fail(Error::randomness_failure, Names<G>::keygen_redraws);
}

template <class G>
Result<typename Ffdhe<G>::SharedSecret> Ffdhe<G>::agree(const PrivateKey& sk, const PublicKey& peer) noexcept {
  // SP 800-56A Rev. 3, 5.7.1.1 (FFC DH primitive). The peer's y was validated (5.6.2.3.1)
  // when its PublicKey was made.
  using K = GroupConstants<G>;
  MontModulus mod;
  group_modulus<G>(mod);
  struct {
    Limb x[K::x_limbs], y[K::n], ym[K::n], zm[K::n], z[K::n];
  } s;
  ZeroOnExit wipe(s);
  (void)bignum::nat_from_be_bytes(NatSpan(s.x, K::x_limbs), detail::KeyAccess<G>::x(sk).span());
  (void)bignum::nat_from_be_bytes(NatSpan(s.y, K::n), peer.bytes());  // y < p: fits
  bignum::mont_from_nat(NatSpan(s.ym, K::n), NatView(s.y, K::n), mod);
  // Step 1: z = y^x mod p, over exactly N bits of x.
  bignum::mont_exp(NatSpan(s.zm, K::n), NatView(s.ym, K::n), NatView(s.x, K::x_limbs), G::exponent_bits, mod);
  bignum::mont_to_nat(NatSpan(s.z, K::n), NatView(s.zm, K::n), mod);
  // Step 2: z = 1 is an error. It cannot happen for a y of order q and x in [1, q - 1];
  // the comparison is constant time, and only its verdict is public.
  Limb one[K::n] = {};
  one[0] = 1;
  const Limb is_one = bignum::nat_eq_mask(NatView(s.z, K::n), NatView(one, K::n));
  // Step 3: Z = z as p_bytes big-endian bytes (SP 800-56A Rev. 3, C.1: leading zeros kept).
  Result<SharedSecret> out(std::in_place);
  bignum::nat_to_be_bytes(out->span(), NatView(s.z, K::n));
  if (ct::declassify_value(is_one) != 0) {
    out->wipe();
    return fail(Error::invalid_key, Names<G>::shared_secret);
  }
  return out;
}

template <class G>
Result<typename Ffdhe<G>::SharedSecret> Ffdhe<G>::agree(const PrivateKey& sk, std::span<const std::uint8_t> peer) noexcept {
  auto pk = PublicKey::from_bytes(peer);
  if (!pk) return pk.failure();
  return agree(sk, *pk);
}

template class PublicKey<Ffdhe2048Group>;
template class PublicKey<Ffdhe3072Group>;
template class PublicKey<Ffdhe4096Group>;
template class PrivateKey<Ffdhe2048Group>;
template class PrivateKey<Ffdhe3072Group>;
template class PrivateKey<Ffdhe4096Group>;
template struct Ffdhe<Ffdhe2048Group>;
template struct Ffdhe<Ffdhe3072Group>;
template struct Ffdhe<Ffdhe4096Group>;

}  // namespace tessera::dh
