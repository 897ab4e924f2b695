// RFC 6979, Section 3.2 (deterministic k, = FIPS 186-5 DetECDSA, 6.3.2) and Section 3.6
// (variant with additional data k': the hedged nonce), generic over the HMAC hash. Internal
// to src/ec/.
//
// Secrets: x (the private key), h1, K, V and every candidate T are secret. K and V are wiped
// on destruction, T and the HMAC states after each use. The one decision that depends on
// them, "is the candidate in [1, q-1]?" (step h.3), is computed in constant time and then
// declassified: it reveals only that a candidate was rejected, never its value, and the
// rejection probability is (2^qlen - q + 1) / 2^qlen: about 2^-32 for P-256 (q = 2^256 -
// 2^224 + ...) and 2^-190 for P-384. A rejected candidate is discarded and independent of
// the next.
#pragma once

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "ec/message_hash.hpp"

#include <tessera/hmac.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::ec {

template <class Hm, std::size_t OrderBits>
class Rfc6979 {
 public:
  static constexpr std::size_t qlen_bytes = (OrderBits + 7) / 8;  // rlen / 8 (Section 2.3.2)
  static constexpr std::size_t hlen = Hm::digest_bytes;
  static constexpr std::size_t tlen = ((qlen_bytes + hlen - 1) / hlen) * hlen;

  // Steps b-g. x = int2octets(x), h1 = bits2octets(H(m)) (each qlen_bytes; Section 2.3.3,
  // 2.3.4), extra = k' (Section 3.6; empty for the deterministic variant).
  Rfc6979(std::span<const std::uint8_t, qlen_bytes> x, std::span<const std::uint8_t, qlen_bytes> h1,
          std::span<const std::uint8_t> extra) noexcept {
    // Steps b-c.
    for (auto& b : v_) b = 0x01;
    for (auto& b : k_) b = 0x00;
    const std::uint8_t zero = 0x00, one = 0x01;
    // Step d: K = HMAC_K(V || 0x00 || int2octets(x) || bits2octets(h1) [|| k']).
    mac_into(k_, v_, std::span(&zero, 1), x, h1, extra);
    // Step e: V = HMAC_K(V).
    mac_into(v_, v_);
    // Step f: K = HMAC_K(V || 0x01 || int2octets(x) || bits2octets(h1) [|| k']).
    mac_into(k_, v_, std::span(&one, 1), x, h1, extra);
    // Step g: V = HMAC_K(V).
    mac_into(v_, v_);
  }
  Rfc6979(const Rfc6979&) = delete;
  Rfc6979& operator=(const Rfc6979&) = delete;
  ~Rfc6979() {
    secure_zero(k_.data(), k_.size());
    secure_zero(v_.data(), v_.size());
  }

  // Step h: the next k in [1, q-1] as qlen_bytes big-endian. The first call gives the k of
  // step h.3; each further call (after a rejected candidate, or when r or s came out zero:
  // Section 3.4) first runs K = HMAC_K(V || 0x00), V = HMAC_K(V).
  void next(std::span<std::uint8_t, qlen_bytes> k, const std::array<std::uint8_t, qlen_bytes>& q) noexcept {
    for (;;) {
      if (started_) {
        const std::uint8_t zero = 0x00;
        mac_into(k_, v_, std::span(&zero, 1));
        mac_into(v_, v_);
      }
      started_ = true;
      // Steps h.1-h.2: T = V_1 || V_2 || ... until tlen >= qlen.
      std::array<std::uint8_t, tlen> t;
      for (std::size_t off = 0; off < tlen; off += hlen) {
        mac_into(v_, v_);
        for (std::size_t i = 0; i < hlen; ++i) t[off + i] = v_[i];
      }
      // Step h.3: k = bits2int(T).
      bits2int<OrderBits, qlen_bytes>(t, k);
      secure_zero(t.data(), t.size());
      const std::uint8_t ok = mask_in_range<qlen_bytes>(k, q);
      // Public by design: only whether this candidate was rejected (see the file comment).
      if (ct::declassify_value(ok) != 0) return;
    }
  }

 private:
  // out = HMAC_K(parts...), K the current key.
  template <class... Parts>
  void mac_into(std::array<std::uint8_t, hlen>& out, const Parts&... parts) noexcept {
    Hmac<Hm> mac(k_);
    (mac.update(std::span<const std::uint8_t>(parts)), ...);
    std::array<std::uint8_t, hlen> tmp;
    mac.final(tmp);
    out = tmp;
    secure_zero(tmp.data(), tmp.size());
  }

  std::array<std::uint8_t, hlen> k_;
  std::array<std::uint8_t, hlen> v_;
  bool started_ = false;
};

}  // namespace tessera::ec
