// The public entry points of one family (TESSERA_FW_FAMILY_<name>=1, firmware/CMakeLists.txt)
// or of all of them (TESSERA_FW_FAMILY_all=1), referenced from main() so that the linker
// keeps them and everything they call. Two uses, both without running anything:
//   tessera-fw-noheap   every family, linked with malloc/free/calloc/realloc and operator
//                       new/delete wrapped to undefined symbols: it links only if no public
//                       entry point can reach the heap
//   tessera-fw-size-*   one family each, with --gc-sections: the size table of
//                       scripts/embedded-report.sh (docs/embedded.md)
#include <tessera/aead.hpp>
#include <tessera/drbg.hpp>
#include <tessera/ecdsa.hpp>
#include <tessera/ec.hpp>
#include <tessera/frodokem.hpp>
#include <tessera/hkdf.hpp>
#include <tessera/hmac.hpp>
#include <tessera/hybrid.hpp>
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/random.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>
#include <tessera/x25519.hpp>
#include <tessera/xwing.hpp>

#include <cstddef>
#include <cstdint>

#include "semihost.hpp"

namespace {

using Fn = void (*)();
template <class F>
constexpr Fn ref(F* f) {
  return reinterpret_cast<Fn>(f);
}

// Sha3/Sha2 objects are header-only classes over out-of-line cores: one use each.
template <class H>
void hash_once(const std::uint8_t* in, std::size_t n, std::uint8_t* out) {
  H h;
  h.update(std::span(in, n));
  h.final(std::span<std::uint8_t, H::digest_bytes>(out, H::digest_bytes));
}

// Decapsulation with a key object (ML-KEM overloads decapsulate with a one-shot form that
// takes the dk bytes; the firmware keeps the key-object form, whose key parsing is referenced
// separately).
template <class K>
constexpr Fn decapsulate_ref() {
  using D = tessera::Result<typename K::SharedSecret> (*)(const typename K::PrivateKey&, std::span<const std::uint8_t>) noexcept;
  return ref(static_cast<D>(&K::decapsulate));
}

template <class K>
constexpr void kem_refs(Fn*& p) {
  *p++ = ref(&K::generate_key);
  *p++ = ref(&K::encapsulate);
  *p++ = decapsulate_ref<K>();
  *p++ = ref(&K::PublicKey::from_bytes);
  *p++ = ref(&K::PrivateKey::from_bytes);
}

template <class S>
constexpr void sig_refs(Fn*& p) {
  *p++ = ref(&S::generate_key);
  *p++ = ref(&S::keygen_internal);
  *p++ = ref(&S::sign);
  *p++ = ref(&S::verify);
  *p++ = ref(&S::PublicKey::from_bytes);
  *p++ = ref(&S::PrivateKey::from_bytes);
}

struct Table {
  Fn fns[160] = {};
  std::size_t n = 0;
};

Table make_table() {
  Table t;
  Fn* p = t.fns;
  using namespace tessera;
  using namespace tessera::mlkem;
  using namespace tessera::frodokem;
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mlkem768
  kem_refs<MlKem768>(p);
  *p++ = ref(&MlKem768::keygen_internal);
  *p++ = ref(&MlKem768::encaps_internal);
  *p++ = ref(&MlKem768::DecapsulationKey::from_seed);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mlkem768_internal  // deterministic entry points only: no DRBG
  *p++ = ref(&MlKem768::keygen_internal);
  *p++ = ref(&MlKem768::encaps_internal);
  *p++ = decapsulate_ref<MlKem768>();
#endif
#if TESSERA_FW_FAMILY_all
  kem_refs<MlKem512>(p);
  kem_refs<MlKem1024>(p);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mldsa44
  sig_refs<MlDsa44>(p);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mldsa65
  sig_refs<MlDsa65>(p);
  *p++ = ref(&MlDsa65::sign_internal);
  *p++ = ref(&MlDsa65::verify_internal);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mldsa65_internal  // deterministic entry points only: no DRBG
  *p++ = ref(&MlDsa65::keygen_internal);
  *p++ = ref(&MlDsa65::sign_internal);
  *p++ = ref(&MlDsa65::verify);
  *p++ = ref(&MlDsa65::PublicKey::from_bytes);
  *p++ = ref(&MlDsa65::PrivateKey::from_bytes);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mldsa65_verify
  *p++ = ref(&MlDsa65::PublicKey::from_bytes);
  *p++ = ref(&MlDsa65::verify);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_mldsa87
  sig_refs<MlDsa87>(p);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_frodokem640
  kem_refs<FrodoKem640Shake>(p);
  kem_refs<FrodoKem640Aes>(p);
#endif
#if TESSERA_FW_FAMILY_all
  kem_refs<FrodoKem976Shake>(p);
  kem_refs<FrodoKem1344Aes>(p);
  kem_refs<EFrodoKem640Aes>(p);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_x25519
  *p++ = ref(&X25519::generate_key);
  *p++ = ref(&X25519::agree);
  *p++ = ref(&X25519::PublicKey::from_bytes);
  *p++ = ref(&X25519::PrivateKey::from_bytes);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_p256
  *p++ = ref(&EcdhP256::generate_key);
  *p++ = ref(static_cast<Result<EcdhP256::SharedSecret> (*)(const EcdhP256::PrivateKey&,
                                                            std::span<const std::uint8_t>) noexcept>(&EcdhP256::agree));
  *p++ = ref(&EcdsaP256Sha256::sign);
  *p++ = ref(&EcdsaP256Sha256::verify);
#endif
#if TESSERA_FW_FAMILY_all
  *p++ = ref(&EcdhP384::generate_key);
  *p++ = ref(static_cast<Result<EcdhP384::SharedSecret> (*)(const EcdhP384::PrivateKey&,
                                                            std::span<const std::uint8_t>) noexcept>(&EcdhP384::agree));
  *p++ = ref(&EcdsaP384Sha384::sign);
  *p++ = ref(&EcdsaP384Sha384::verify);
  *p++ = ref(&EcdsaP256Sha256::sign_deterministic);
  *p++ = ref(&EcdsaP256Sha256::verify_der);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_xwing
  kem_refs<XWing>(p);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_x25519mlkem768
  kem_refs<X25519MlKem768>(p);
#endif
#if TESSERA_FW_FAMILY_all
  kem_refs<SecP256r1MlKem768>(p);
  kem_refs<SecP384r1MlKem1024>(p);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_sha3
  *p++ = ref(&hash_once<Sha3_256>);
  *p++ = ref(&hash_once<Sha3_512>);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_sha2
  *p++ = ref(&hash_once<Sha256>);
  *p++ = ref(&hash_once<Sha512>);
#endif
#if TESSERA_FW_FAMILY_all
  *p++ = ref(&hmac_sha256);
  *p++ = ref(&hkdf_sha256);
  *p++ = ref(&random_bytes);
  *p++ = ref(&set_entropy_source);
#endif
#if TESSERA_FW_FAMILY_all || TESSERA_FW_FAMILY_aead
  *p++ = ref(&chacha20_poly1305_seal);
  *p++ = ref(&chacha20_poly1305_open);
  *p++ = ref(&aes_gcm_seal);
  *p++ = ref(&aes_gcm_open);
#endif
  t.n = static_cast<std::size_t>(p - t.fns);
  return t;
}

}  // namespace

// The addresses are stored where the compiler cannot prove them unused.
volatile Fn g_sink;

int main() {
  const Table t = make_table();
  for (std::size_t i = 0; i < t.n; ++i) g_sink = t.fns[i];
  tessera::fw::write0("entry points linked\n");
  return 0;
}
