// A hash chosen at run time (tessera::HashId), for RSA, which like OpenSSL and ACVP picks
// its hash per call: one object that holds whichever of Tessera's hash objects was asked
// for, in place (tagged storage, no heap, no virtual calls).
//
//   rsa::Hasher h(HashId::sha384);
//   h.update(part1); h.update(part2);
//   h.final(out);                        // out.size() == h.digest_bytes() (48)
//
//   rsa::Hasher x(HashId::shake256);
//   x.update(seed);
//   x.xof(mask);                         // any length (the SHAKE MGF, FIPS 186-5 5.4)
#pragma once

#include <tessera/hash_id.hpp>
#include <tessera/result.hpp>
#include <tessera/sha1.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::rsa {

// The longest digest of any HashId (SHA-512, SHA3-512, SHAKE256 at 512 bits).
inline constexpr std::size_t max_digest_bytes = 64;

// True for a HashId of the enumeration.
constexpr bool valid_hash(HashId id) noexcept { return static_cast<std::size_t>(id) < hash_id_count; }
// True for SHAKE128 and SHAKE256.
constexpr bool is_xof(HashId id) noexcept { return id == HashId::shake128 || id == HashId::shake256; }

class Hasher {
 public:
  // Precondition: valid_hash(id) (an out-of-range value hashes as SHA-256; callers check
  // the HashId they are given first).
  explicit Hasher(HashId id) noexcept;
  Hasher(const Hasher&) = delete;
  Hasher& operator=(const Hasher&) = delete;
  ~Hasher();  // the held object wipes its state

  HashId id() const noexcept { return id_; }
  std::size_t digest_bytes() const noexcept { return tessera::digest_bytes(id_); }

  void update(std::span<const std::uint8_t> in) noexcept;
  // Writes the digest (for SHAKE128/256, the first 32/64 output bytes: FIPS 186-5 5.4) and
  // resets. Precondition: out.size() == digest_bytes(); otherwise out is zero-filled and the
  // object reset (no write outside out).
  void final(std::span<std::uint8_t> out) noexcept;
  // SHAKE only: squeezes out.size() bytes (any length) and resets. Error::unsupported (out
  // zero-filled, object reset) for a fixed-length hash.
  Result<void> xof(std::span<std::uint8_t> out) noexcept;
  void reset() noexcept;

 private:
  union Storage {
    Storage() noexcept {}
    ~Storage() {}
    Sha1 sha1;
    Sha224 sha224;
    Sha256 sha256;
    Sha384 sha384;
    Sha512 sha512;
    Sha512_224 sha512_224;
    Sha512_256 sha512_256;
    Sha3_224 sha3_224;
    Sha3_256 sha3_256;
    Sha3_384 sha3_384;
    Sha3_512 sha3_512;
    Shake128 shake128;
    Shake256 shake256;
  };
  void construct() noexcept;
  void destroy() noexcept;

  HashId id_;
  Storage s_;
};

// One-shot: out = Hash(in). Precondition as Hasher::final (out.size() == digest_bytes(id)).
void hash(HashId id, std::span<const std::uint8_t> in, std::span<std::uint8_t> out) noexcept;

}  // namespace tessera::rsa
