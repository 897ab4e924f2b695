// ECDSA signature encodings (DER and IEEE P1363). See der_signature.hpp.
#include "ec/der_signature.hpp"

namespace tessera::ec {
namespace {

constexpr std::uint8_t kTagSequence = 0x30;  // X.690, 8.9 (constructed, universal 16)
constexpr std::uint8_t kTagInteger = 0x02;   // X.690, 8.3 (primitive, universal 2)

void zero(std::span<std::uint8_t> b) noexcept {
  for (auto& x : b) x = 0;
}

// The content octets of the minimal INTEGER encoding of a non-negative big-endian value
// (X.690, 8.3.2: the first nine bits are never all zero or all one): the value without its
// leading zero bytes (one zero byte stays for the value 0), with one zero byte in front if
// the first remaining byte has its high bit set (8.3.3: two's complement, so that the
// value stays non-negative). Returns the content length; *skip is the number of value
// bytes dropped and *pad 1 if a zero byte goes in front.
std::size_t integer_content(std::span<const std::uint8_t> v, std::size_t* skip, std::size_t* pad) noexcept {
  std::size_t i = 0;
  while (i + 1 < v.size() && v[i] == 0) ++i;
  *skip = i;
  *pad = (v[i] & 0x80) != 0 ? 1 : 0;
  return v.size() - i + *pad;
}

std::size_t put_integer(std::span<const std::uint8_t> v, std::uint8_t* out) noexcept {
  std::size_t skip = 0, pad = 0;
  const std::size_t len = integer_content(v, &skip, &pad);
  std::size_t o = 0;
  out[o++] = kTagInteger;
  out[o++] = static_cast<std::uint8_t>(len);  // short form: len <= kDerMaxScalarBytes + 1 < 128
  if (pad) out[o++] = 0;
  for (std::size_t i = skip; i < v.size(); ++i) out[o++] = v[i];
  return o;
}

// Parses one INTEGER at der[*pos..end) into out (left-padded), advancing *pos.
Result<void> get_integer(std::span<const std::uint8_t> der, std::size_t* pos, std::size_t end,
                         std::span<std::uint8_t> out, bool is_r) noexcept {
  std::size_t p = *pos;
  if (end - p < 2) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r truncated)" : "ECDSA DER signature (s truncated)");
  if (der[p] != kTagInteger) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r is not an INTEGER)" : "ECDSA DER signature (s is not an INTEGER)");
  const std::uint8_t lb = der[p + 1];
  p += 2;
  // X.690, 10.1: the definite form with the fewest length octets. Every INTEGER that fits
  // a scalar has fewer than 128 content octets, so any long or indefinite form (high bit
  // set) is either non-minimal or too long.
  if (lb & 0x80) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r length not in short form)" : "ECDSA DER signature (s length not in short form)");
  const std::size_t len = lb;
  if (len == 0) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r has no content)" : "ECDSA DER signature (s has no content)");
  if (end - p < len) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r truncated)" : "ECDSA DER signature (s truncated)");
  const std::uint8_t* c = der.data() + p;
  // X.690, 8.3.3: two's complement; r and s are positive.
  if (c[0] & 0x80) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r is negative)" : "ECDSA DER signature (s is negative)");
  // X.690, 8.3.2: a leading zero octet only where the next octet has its high bit set.
  if (len > 1 && c[0] == 0 && (c[1] & 0x80) == 0)
    return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r has a needless leading zero)" : "ECDSA DER signature (s has a needless leading zero)");
  const std::size_t skip = c[0] == 0 ? 1 : 0;
  const std::size_t value_len = len - skip;
  if (value_len > out.size()) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r longer than a scalar)" : "ECDSA DER signature (s longer than a scalar)");
  if (value_len == 0) return fail(Error::invalid_encoding, is_r ? "ECDSA DER signature (r is zero)" : "ECDSA DER signature (s is zero)");
  // (A single content octet 0x00 is the value 0: skip = 1, value_len = 0, rejected above.)
  const std::size_t off = out.size() - value_len;
  for (std::size_t i = 0; i < off; ++i) out[i] = 0;
  for (std::size_t i = 0; i < value_len; ++i) out[off + i] = c[skip + i];
  *pos = p + len;
  return {};
}

}  // namespace

Result<std::size_t> der_encode_signature(std::span<const std::uint8_t> r, std::span<const std::uint8_t> s,
                                         std::span<std::uint8_t> out) noexcept {
  if (r.size() != s.size() || r.empty() || r.size() > kDerMaxScalarBytes) {
    zero(out);
    return fail(Error::invalid_length, "ECDSA signature scalar (r and s sizes)");
  }
  if (out.size() < der_signature_max_bytes(r.size())) {
    zero(out);
    return fail(Error::invalid_length, "ECDSA DER signature output buffer");
  }
  std::size_t skip = 0, pad = 0;
  const std::size_t content = 2 + integer_content(r, &skip, &pad) + 2 + integer_content(s, &skip, &pad);
  std::size_t o = 0;
  out[o++] = kTagSequence;
  // X.690, 8.1.3.3-8.1.3.5 and 10.1: short form below 128, else the fewest octets.
  if (content >= 128) out[o++] = 0x81;
  out[o++] = static_cast<std::uint8_t>(content);
  o += put_integer(r, out.data() + o);
  o += put_integer(s, out.data() + o);
  for (std::size_t i = o; i < out.size(); ++i) out[i] = 0;
  return o;
}

Result<void> der_decode_signature(std::span<const std::uint8_t> der, std::span<std::uint8_t> r,
                                  std::span<std::uint8_t> s) noexcept {
  if (r.size() != s.size() || r.empty() || r.size() > kDerMaxScalarBytes) {
    zero(r);
    zero(s);
    return fail(Error::invalid_length, "ECDSA signature scalar (r and s sizes)");
  }
  auto result = [&]() -> Result<void> {
    if (der.size() < 2) return fail(Error::invalid_encoding, "ECDSA DER signature (truncated)");
    if (der[0] != kTagSequence) return fail(Error::invalid_encoding, "ECDSA DER signature (not a SEQUENCE)");
    std::size_t pos = 2;
    std::size_t len = der[1];
    if (len == 0x80) return fail(Error::invalid_encoding, "ECDSA DER signature (indefinite length)");
    if (len > 0x80) {
      // X.690, 10.1 and 8.1.3.5: long form only from 128 on, with no leading zero octet.
      // A signature's content is under 256 octets, so only 0x81 L with L >= 128 is minimal.
      if (len != 0x81) return fail(Error::invalid_encoding, "ECDSA DER signature (SEQUENCE length not minimal)");
      if (der.size() < 3) return fail(Error::invalid_encoding, "ECDSA DER signature (truncated)");
      len = der[2];
      if (len < 0x80) return fail(Error::invalid_encoding, "ECDSA DER signature (SEQUENCE length not minimal)");
      pos = 3;
    }
    if (der.size() - pos < len) return fail(Error::invalid_encoding, "ECDSA DER signature (truncated)");
    if (der.size() - pos > len) return fail(Error::invalid_encoding, "ECDSA DER signature (bytes after the SEQUENCE)");
    const std::size_t end = der.size();
    if (auto ok = get_integer(der, &pos, end, r, true); !ok) return ok;
    if (auto ok = get_integer(der, &pos, end, s, false); !ok) return ok;
    if (pos != end) return fail(Error::invalid_encoding, "ECDSA DER signature (bytes after s inside the SEQUENCE)");
    return {};
  }();
  if (!result) {
    zero(r);
    zero(s);
  }
  return result;
}

Result<void> p1363_decode_signature(std::span<const std::uint8_t> raw, std::span<std::uint8_t> r,
                                    std::span<std::uint8_t> s) noexcept {
  if (r.size() != s.size() || raw.size() != r.size() + s.size()) {
    zero(r);
    zero(s);
    return fail(Error::invalid_length, "ECDSA signature (IEEE P1363 r || s)");
  }
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = raw[i];
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = raw[r.size() + i];
  return {};
}

}  // namespace tessera::ec
