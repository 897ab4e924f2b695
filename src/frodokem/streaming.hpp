// FrodoKEM's small-stack paths (TESSERA_SMALL_STACK, docs/embedded.md): the KEM of spec
// Sections 8.1-8.3 with the matrix A generated one row at a time, 64 entries per step, and
// no n x nbar matrix on the stack except decapsulation's B''. The private key's S^T is
// sampled straight into its encoding, the public key's B and the ciphertext's B' are built
// in the output's own bytes. Same signatures and the same bytes as the default paths of
// frodokem/scheme.hpp (tests/kat/frodokem_kat_test.cpp runs both in every build).
#pragma once

#include <tessera/frodokem.hpp>

#include "frodokem/kernels.hpp"

#include <cstdint>

namespace tessera::frodokem::detail {

template <const Params& P>
struct Streaming {
  // FrodoKEM.KeyGen (Section 8.1) from seed_SE and z: pk = seed_A || b, S^T (sk_st, 16-bit
  // little-endian entries, as in the private key's encoding) and pkh.
  static void keygen(const std::uint8_t* seed_se, const std::uint8_t* z, std::uint8_t* pk, std::uint8_t* sk_st,
                     std::uint8_t* pkh, const Kernels& kern) noexcept;
  // FrodoKEM.Encaps (Section 8.2) with mu and salt given and pkh = SHAKE(pk): ct, ss.
  static void encaps(const std::uint8_t* pk, const std::uint8_t* pkh, const std::uint8_t* mu,
                     const std::uint8_t* salt, std::uint8_t* ct, std::uint8_t* ss, const Kernels& kern) noexcept;
  // FrodoKEM.Decaps (Section 8.3) with sk = s || pk || S^T || pkh given by parts.
  static void decaps(const std::uint8_t* s, const std::uint8_t* pk, const std::uint8_t* sk_st,
                     const std::uint8_t* pkh, const std::uint8_t* ct, std::uint8_t* ss, const Kernels& kern) noexcept;
};

extern template struct Streaming<kFrodoKem640Aes>;
extern template struct Streaming<kFrodoKem640Shake>;
extern template struct Streaming<kFrodoKem976Aes>;
extern template struct Streaming<kFrodoKem976Shake>;
extern template struct Streaming<kFrodoKem1344Aes>;
extern template struct Streaming<kFrodoKem1344Shake>;
extern template struct Streaming<kEFrodoKem640Aes>;
extern template struct Streaming<kEFrodoKem640Shake>;
extern template struct Streaming<kEFrodoKem976Aes>;
extern template struct Streaming<kEFrodoKem976Shake>;
extern template struct Streaming<kEFrodoKem1344Aes>;
extern template struct Streaming<kEFrodoKem1344Shake>;

}  // namespace tessera::frodokem::detail
