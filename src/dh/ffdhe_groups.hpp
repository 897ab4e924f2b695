// The RFC 7919 groups (include/tessera/dh.hpp): p as published (RFC 7919, Appendix A, the
// hex digits in its groups of eight), parsed at compile time into limbs, with q = (p - 1) / 2
// and g = 2. tests/unit/dh_test.cpp recomputes each p from the RFC's formula (with e from a
// series, in OpenSSL BN) and checks that p and q are probable primes. The constants can
// also be regenerated with (Python):
//   def e_scaled(k, extra=64):            # floor(2^k e), from sum 2^(k+extra) / n!
//       s, t, n = 0, 1 << (k + extra), 0
//       while t: s, n = s + t, n + 1; t //= n
//       return s >> extra
//   p = 2**b - 2**(b-64) + (e_scaled(b-130) + X) * 2**64 - 1
#pragma once

#include "bignum/nat.hpp"

#include <tessera/dh.hpp>

#include <array>
#include <cstddef>

namespace tessera::dh {

// RFC 7919, Appendix A.1 (ffdhe2048): p = 2^2048 - 2^1984 + {[2^1918 * e] + 560316} * 2^64 - 1.
inline constexpr char kFfdhe2048P[] =
    "FFFFFFFF FFFFFFFF ADF85458 A2BB4A9A AFDC5620 273D3CF1 D8B9C583 CE2D3695 "
    "A9E13641 146433FB CC939DCE 249B3EF9 7D2FE363 630C75D8 F681B202 AEC4617A "
    "D3DF1ED5 D5FD6561 2433F51F 5F066ED0 85636555 3DED1AF3 B557135E 7F57C935 "
    "984F0C70 E0E68B77 E2A689DA F3EFE872 1DF158A1 36ADE735 30ACCA4F 483A797A "
    "BC0AB182 B324FB61 D108A94B B2C8E3FB B96ADAB7 60D7F468 1D4F42A3 DE394DF4 "
    "AE56EDE7 6372BB19 0B07A7C8 EE0A6D70 9E02FCE1 CDF7E2EC C03404CD 28342F61 "
    "9172FE9C E98583FF 8E4F1232 EEF28183 C3FE3B1B 4C6FAD73 3BB5FCBC 2EC22005 "
    "C58EF183 7D1683B2 C6F34A26 C1B2EFFA 886B4238 61285C97 FFFFFFFF FFFFFFFF ";

// RFC 7919, Appendix A.2 (ffdhe3072): p = 2^3072 - 2^3008 + {[2^2942 * e] + 2625351} * 2^64 - 1.
inline constexpr char kFfdhe3072P[] =
    "FFFFFFFF FFFFFFFF ADF85458 A2BB4A9A AFDC5620 273D3CF1 D8B9C583 CE2D3695 "
    "A9E13641 146433FB CC939DCE 249B3EF9 7D2FE363 630C75D8 F681B202 AEC4617A "
    "D3DF1ED5 D5FD6561 2433F51F 5F066ED0 85636555 3DED1AF3 B557135E 7F57C935 "
    "984F0C70 E0E68B77 E2A689DA F3EFE872 1DF158A1 36ADE735 30ACCA4F 483A797A "
    "BC0AB182 B324FB61 D108A94B B2C8E3FB B96ADAB7 60D7F468 1D4F42A3 DE394DF4 "
    "AE56EDE7 6372BB19 0B07A7C8 EE0A6D70 9E02FCE1 CDF7E2EC C03404CD 28342F61 "
    "9172FE9C E98583FF 8E4F1232 EEF28183 C3FE3B1B 4C6FAD73 3BB5FCBC 2EC22005 "
    "C58EF183 7D1683B2 C6F34A26 C1B2EFFA 886B4238 611FCFDC DE355B3B 6519035B "
    "BC34F4DE F99C0238 61B46FC9 D6E6C907 7AD91D26 91F7F7EE 598CB0FA C186D91C "
    "AEFE1309 85139270 B4130C93 BC437944 F4FD4452 E2D74DD3 64F2E21E 71F54BFF "
    "5CAE82AB 9C9DF69E E86D2BC5 22363A0D ABC52197 9B0DEADA 1DBF9A42 D5C4484E "
    "0ABCD06B FA53DDEF 3C1B20EE 3FD59D7C 25E41D2B 66C62E37 FFFFFFFF FFFFFFFF ";

// RFC 7919, Appendix A.3 (ffdhe4096): p = 2^4096 - 2^4032 + {[2^3966 * e] + 5736041} * 2^64 - 1.
inline constexpr char kFfdhe4096P[] =
    "FFFFFFFF FFFFFFFF ADF85458 A2BB4A9A AFDC5620 273D3CF1 D8B9C583 CE2D3695 "
    "A9E13641 146433FB CC939DCE 249B3EF9 7D2FE363 630C75D8 F681B202 AEC4617A "
    "D3DF1ED5 D5FD6561 2433F51F 5F066ED0 85636555 3DED1AF3 B557135E 7F57C935 "
    "984F0C70 E0E68B77 E2A689DA F3EFE872 1DF158A1 36ADE735 30ACCA4F 483A797A "
    "BC0AB182 B324FB61 D108A94B B2C8E3FB B96ADAB7 60D7F468 1D4F42A3 DE394DF4 "
    "AE56EDE7 6372BB19 0B07A7C8 EE0A6D70 9E02FCE1 CDF7E2EC C03404CD 28342F61 "
    "9172FE9C E98583FF 8E4F1232 EEF28183 C3FE3B1B 4C6FAD73 3BB5FCBC 2EC22005 "
    "C58EF183 7D1683B2 C6F34A26 C1B2EFFA 886B4238 611FCFDC DE355B3B 6519035B "
    "BC34F4DE F99C0238 61B46FC9 D6E6C907 7AD91D26 91F7F7EE 598CB0FA C186D91C "
    "AEFE1309 85139270 B4130C93 BC437944 F4FD4452 E2D74DD3 64F2E21E 71F54BFF "
    "5CAE82AB 9C9DF69E E86D2BC5 22363A0D ABC52197 9B0DEADA 1DBF9A42 D5C4484E "
    "0ABCD06B FA53DDEF 3C1B20EE 3FD59D7C 25E41D2B 669E1EF1 6E6F52C3 164DF4FB "
    "7930E9E4 E58857B6 AC7D5F42 D69F6D18 7763CF1D 55034004 87F55BA5 7E31CC7A "
    "7135C886 EFB4318A ED6A1E01 2D9E6832 A907600A 918130C4 6DC778F9 71AD0038 "
    "092999A3 33CB8B7A 1A1DB93D 7140003C 2A4ECEA9 F98D0ACC 0A8291CD CEC97DCF "
    "8EC9B55A 7F88A46B 4DB5A851 F44182E1 C68A007E 5E655F6A FFFFFFFF FFFFFFFF ";

namespace detail {

constexpr int hex_value(char c) noexcept {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}
constexpr std::size_t hex_digits(const char* h) noexcept {
  std::size_t n = 0;
  for (; *h != 0; ++h) n += hex_value(*h) >= 0 ? 1 : 0;
  return n;
}
// The hex digits of h (spaces skipped) as little-endian limbs.
template <std::size_t N>
constexpr std::array<bignum::Limb, N> parse_hex(const char* h) noexcept {
  std::array<bignum::Limb, N> out{};
  std::size_t digit = hex_digits(h);  // digits still to place, counted from the top
  for (; *h != 0; ++h) {
    const int v = hex_value(*h);
    if (v < 0) continue;
    --digit;
    const std::size_t bit = 4 * digit;
    out[bit / bignum::kLimbBits] |= static_cast<bignum::Limb>(static_cast<bignum::Limb>(v) << (bit % bignum::kLimbBits));
  }
  return out;
}
template <std::size_t N>
constexpr std::array<bignum::Limb, N> shift_right_1(const std::array<bignum::Limb, N>& a) noexcept {
  std::array<bignum::Limb, N> out{};
  for (std::size_t i = 0; i < N; ++i)
    out[i] = static_cast<bignum::Limb>((a[i] >> 1) | (i + 1 < N ? a[i + 1] << (bignum::kLimbBits - 1) : 0));
  return out;
}

template <class G> constexpr const char* p_hex() noexcept;
template <> constexpr const char* p_hex<Ffdhe2048Group>() noexcept { return kFfdhe2048P; }
template <> constexpr const char* p_hex<Ffdhe3072Group>() noexcept { return kFfdhe3072P; }
template <> constexpr const char* p_hex<Ffdhe4096Group>() noexcept { return kFfdhe4096P; }

}  // namespace detail

// The constants of group G as naturals of n limbs.
template <class G>
struct GroupConstants {
  static constexpr std::size_t n = bignum::limbs_for_bits(G::p_bits);
  static constexpr std::size_t x_limbs = bignum::limbs_for_bits(G::exponent_bits);
  static constexpr bignum::Limb g = 2;
  static constexpr std::array<bignum::Limb, n> p = detail::parse_hex<n>(detail::p_hex<G>());
  static constexpr std::array<bignum::Limb, n> q = detail::shift_right_1(p);  // (p - 1) / 2: p is odd
  static_assert(detail::hex_digits(detail::p_hex<G>()) == G::p_bits / 4, "p has p_bits bits (RFC 7919)");
  static_assert(G::p_bits <= bignum::kNatMaxBits, "p fits the naturals of src/bignum/nat.hpp");
  static_assert(G::p_bits % (4 * bignum::kLimbBits) == 0);  // n % 4 == 0: the MULX/ADX kernel applies
  // SP 800-56A Rev. 3, 5.6.1.1.4 step 1: N in [2s, len(q)] (len(q) = p_bits - 1).
  static_assert(G::exponent_bits >= 2 * G::security_bits && G::exponent_bits <= G::p_bits - 1);
  static_assert((p[n - 1] >> (bignum::kLimbBits - 1)) == 1 && (p[0] & 1u) == 1);
};

}  // namespace tessera::dh
