// PKCS#1 key syntax (RFC 8017 Appendix A.1) in DER (X.690): RSAPublicKey and the
// two-prime RSAPrivateKey, read strictly (one encoding per key) and written canonically.
//
//   RSAPublicKey  ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }
//   RSAPrivateKey ::= SEQUENCE { version INTEGER (0), modulus, publicExponent,
//                                privateExponent, prime1, prime2, exponent1, exponent2,
//                                coefficient INTEGER }
//
// The reader rejects: other tags, the indefinite length, long-form lengths where a shorter
// form fits, negative INTEGERs, unneeded leading zero bytes, trailing bytes. Parsing looks
// at lengths and tags only; the values go to from_components, which checks them.
#include <tessera/rsa.hpp>

#include "common/secret.hpp"
#include "rsa/rsa_state.hpp"

#include <cstring>

namespace tessera::rsa {

namespace {

constexpr std::uint8_t kSequence = 0x30, kInteger = 0x02;

struct Reader {
  std::span<const std::uint8_t> in;
  std::size_t at = 0;
  bool ok = true;

  // A TLV with the given tag; its contents, or an empty span and ok = false.
  std::span<const std::uint8_t> take(std::uint8_t tag) noexcept {
    if (!ok || at + 2 > in.size() || in[at] != tag) return bad();
    std::size_t len = in[at + 1];
    std::size_t pos = at + 2;
    if (len & 0x80) {
      const std::size_t count = len & 0x7F;
      if (count == 0 || count > 2 || pos + count > in.size() || in[pos] == 0) return bad();  // indefinite, huge, or padded
      len = 0;
      for (std::size_t i = 0; i < count; ++i) len = (len << 8) | in[pos + i];
      pos += count;
      if (len < 128 || (count == 2 && len < 256)) return bad();  // a shorter form fits
    }
    if (pos + len > in.size()) return bad();
    at = pos + len;
    return in.subspan(pos, len);
  }
  // A nonnegative INTEGER in minimal form; its magnitude (the leading zero byte dropped).
  std::span<const std::uint8_t> integer() noexcept {
    auto v = take(kInteger);
    if (!ok || v.empty() || (v[0] & 0x80)) return bad();
    if (v.size() > 1 && v[0] == 0 && !(v[1] & 0x80)) return bad();
    return v[0] == 0 && v.size() > 1 ? v.subspan(1) : v;
  }
  bool done() const noexcept { return ok && at == in.size(); }
  std::span<const std::uint8_t> bad() noexcept {
    ok = false;
    return {};
  }
};

struct Writer {
  std::span<std::uint8_t> out;
  std::size_t at = 0;
  bool ok = true;

  void byte(std::uint8_t b) noexcept {
    if (at < out.size()) out[at] = b;
    else ok = false;
    ++at;
  }
  void header(std::uint8_t tag, std::size_t len) noexcept {
    byte(tag);
    if (len < 128) {
      byte(static_cast<std::uint8_t>(len));
    } else if (len < 256) {
      byte(0x81);
      byte(static_cast<std::uint8_t>(len));
    } else {
      byte(0x82);
      byte(static_cast<std::uint8_t>(len >> 8));
      byte(static_cast<std::uint8_t>(len));
    }
  }
  static std::size_t header_bytes(std::size_t len) noexcept { return len < 128 ? 2 : len < 256 ? 3 : 4; }
  // The INTEGER's content length for a big-endian magnitude (leading zeros dropped, one
  // zero byte added before a set high bit).
  static std::span<const std::uint8_t> trimmed(std::span<const std::uint8_t> v) noexcept {
    std::size_t i = 0;
    while (i + 1 < v.size() && v[i] == 0) ++i;
    return v.subspan(i);
  }
  static std::size_t integer_content(std::span<const std::uint8_t> v) noexcept {
    const auto t = trimmed(v);
    return t.empty() ? 1 : t.size() + ((t[0] & 0x80) ? 1 : 0);
  }
  static std::size_t integer_bytes(std::span<const std::uint8_t> v) noexcept {
    const std::size_t c = integer_content(v);
    return header_bytes(c) + c;
  }
  void integer(std::span<const std::uint8_t> v) noexcept {
    const auto t = trimmed(v);
    header(kInteger, integer_content(v));
    if (t.empty()) {
      byte(0);
      return;
    }
    if (t[0] & 0x80) byte(0);
    for (const std::uint8_t b : t) byte(b);
  }
};

}  // namespace

Result<PublicKey> PublicKey::from_der(std::span<const std::uint8_t> der) noexcept {
  Reader outer{der};
  Reader r{outer.take(kSequence)};
  const auto n = r.integer();
  const auto e = r.integer();
  if (!outer.done() || !r.done()) return fail(Error::invalid_encoding, "RSA public key DER (RFC 8017 A.1.1)");
  return from_components(n, e);
}

Result<std::size_t> PublicKey::to_der(std::span<std::uint8_t> out) const noexcept {
  const Block n = modulus(), e = public_exponent();
  const std::size_t content = Writer::integer_bytes(n.bytes()) + Writer::integer_bytes(e.bytes());
  Writer w{out};
  w.header(kSequence, content);
  w.integer(n.bytes());
  w.integer(e.bytes());
  if (!w.ok) return fail(Error::invalid_length, "RSA public key DER output");
  return w.at;
}

Result<PrivateKey> PrivateKey::from_der(std::span<const std::uint8_t> der) noexcept {
  Reader outer{der};
  Reader r{outer.take(kSequence)};
  const auto version = r.integer();
  if (r.ok && !(version.size() == 1 && version[0] == 0)) {
    if (version.size() == 1 && version[0] == 1) return fail(Error::unsupported, "RSA private key DER (multi-prime, version 1)");
    return fail(Error::invalid_encoding, "RSA private key DER (version)");
  }
  std::span<const std::uint8_t> v[8];
  for (auto& x : v) x = r.integer();
  if (!outer.done() || !r.done()) return fail(Error::invalid_encoding, "RSA private key DER (RFC 8017 A.1.2)");
  return from_components(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
}

Result<std::size_t> PrivateKey::to_der(std::span<std::uint8_t> out) const noexcept {
  const PublicState& ps = Access::state(pub_);
  const PrivateState& s = Access::state(*this);
  // The secrets as big-endian bytes of their limb lengths, wiped on return.
  struct {
    std::uint8_t d[max_modulus_bytes], p[max_modulus_bytes], q[max_modulus_bytes];
    std::uint8_t dp[max_modulus_bytes], dq[max_modulus_bytes], qinv[max_modulus_bytes];
  } b;
  ZeroOnExit wipe_b(b);
  const std::size_t nb = ps.n.n * sizeof(bignum::Limb), pb = s.p.n * sizeof(bignum::Limb), qb = s.q.n * sizeof(bignum::Limb);
  bignum::nat_to_be_bytes(std::span(b.d, nb), bignum::NatView(s.d, ps.n.n));
  bignum::nat_to_be_bytes(std::span(b.p, pb), s.p.modulus());
  bignum::nat_to_be_bytes(std::span(b.q, qb), s.q.modulus());
  bignum::nat_to_be_bytes(std::span(b.dp, pb), bignum::NatView(s.dp, s.p.n));
  bignum::nat_to_be_bytes(std::span(b.dq, qb), bignum::NatView(s.dq, s.q.n));
  bignum::nat_to_be_bytes(std::span(b.qinv, pb), bignum::NatView(s.qinv, s.p.n));
  const Block n = pub_.modulus(), e = pub_.public_exponent();
  const std::uint8_t zero = 0;
  // DER needs minimal INTEGERs, so the encoding's length follows the secrets' byte
  // lengths (as in every DER private key): the leading-zero scan is not constant time.
  const std::span<const std::uint8_t> fields[9] = {
      {&zero, 1}, n.bytes(), e.bytes(), {b.d, nb}, {b.p, pb}, {b.q, qb}, {b.dp, pb}, {b.dq, qb}, {b.qinv, pb}};
  std::size_t content = 0;
  for (const auto& f : fields) content += Writer::integer_bytes(f);
  Writer w{out};
  w.header(kSequence, content);
  for (const auto& f : fields) w.integer(f);
  if (!w.ok) {
    secure_zero(out.data(), out.size());
    return fail(Error::invalid_length, "RSA private key DER output");
  }
  return w.at;
}

}  // namespace tessera::rsa
