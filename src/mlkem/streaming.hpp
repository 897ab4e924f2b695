// ML-KEM's small-stack paths (TESSERA_SMALL_STACK, docs/embedded.md): FIPS 203's K-PKE
// and ML-KEM algorithms with three polynomials of stack, whatever k is. Nothing of size k or
// k x k is held: each entry of A_hat is sampled when its product is added, the vectors s_hat
// and t_hat are read back from their encodings (dk_pke, ek), y_hat is regenerated for each
// row that needs it, and decapsulation compares the re-encryption with c part by part
// instead of building c'. The default build's paths are in mlkem.cpp; both give the same
// bytes (tests/kat/mlkem_acvp_test.cpp runs the ACVP cases through both in every build).
#pragma once

#include <tessera/mlkem.hpp>

#include "mlkem/kernels.hpp"

#include <cstdint>

namespace tessera::mlkem::detail {

template <const Params& P>
struct Streaming {
  // FIPS 203, s7.2 (the modulus check of ek): false if a coefficient of ByteDecode_12(ek) is >= q.
  static bool check_ek(const std::uint8_t* ek, const Kernels& kern) noexcept;
  // FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal) steps 1-2 with K-PKE.KeyGen (Algorithm
  // 13): ek (P.ek_bytes()), dk_pke (P.dk_pke_bytes()) and H(ek) from d.
  static void keygen(const std::uint8_t d[32], std::uint8_t* ek, std::uint8_t* dk_pke, std::uint8_t h[32],
                     const Kernels& kern) noexcept;
  // FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal) with ek checked (s7.2) and h = H(ek):
  // the ciphertext c (P.ct_bytes()) and the shared secret.
  static void encaps(const std::uint8_t* ek, const std::uint8_t h[32], const std::uint8_t m[32], std::uint8_t* c,
                     std::uint8_t shared[32], const Kernels& kern) noexcept;
  // FIPS 203, Algorithm 18 (ML-KEM.Decaps_internal) with dk parsed into dk_pke, ek (checked),
  // h = H(ek) and z.
  static void decaps(const std::uint8_t* dk_pke, const std::uint8_t* ek, const std::uint8_t h[32],
                     const std::uint8_t z[32], const std::uint8_t* c, std::uint8_t shared[32],
                     const Kernels& kern) noexcept;
};

extern template struct Streaming<kMlKem512>;
extern template struct Streaming<kMlKem768>;
extern template struct Streaming<kMlKem1024>;

}  // namespace tessera::mlkem::detail
