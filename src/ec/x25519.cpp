// X25519 (RFC 7748): the key objects and agreement of include/tessera/x25519.hpp on top of the
// ladder (x25519_ladder.hpp). The portable field is chosen at compile time: radix 2^51 with
// unsigned __int128 where the compiler has it, else (or with TESSERA_EC_32BIT defined, e.g.
// to build the microcontroller path on x86-64) radix 2^25.5 with 32-bit limbs. The avx2 and
// avx512 backends use the MULX/ADX field (x25519_mulx.cpp) on CPUs with BMI2 and ADX; the
// avx512 backend's ladder runs four lanes of AVX-512 IFMA where the CPU has it (x25519_ifma.cpp).
#include <tessera/random.hpp>
#include <tessera/x25519.hpp>

#include "common/ct.hpp"
#include "common/secret.hpp"
#include "cpu/dispatch.hpp"
#include "cpu/features.hpp"
#include "ec/x25519_internal.hpp"
#include "ec/x25519_kernels.hpp"
#include "ec/x25519_ladder.hpp"

#if defined(TESSERA_EC_32BIT) || !defined(__SIZEOF_INT128__)
#include "ec/field25519_32.hpp"
#else
#include "ec/field25519_64.hpp"
#endif

// Key generation through the fixed-base table (src/ec/x25519_base.hpp): on by default on
// the 64-bit path; the 32-bit (microcontroller) path keeps the ladder and its 1 KiB of stack
// instead of the table's static memory (80 KiB for radix 2^51, 64 KiB for the MULX field;
// each is built at first use by the backend that uses it). -DTESSERA_X25519_FIXED_BASE=0
// turns it off for the portable kernels.
#if !defined(TESSERA_X25519_FIXED_BASE)
#if defined(TESSERA_EC_32BIT) || !defined(__SIZEOF_INT128__)
#define TESSERA_X25519_FIXED_BASE 0
#else
#define TESSERA_X25519_FIXED_BASE 1
#endif
#endif
#if TESSERA_X25519_FIXED_BASE
#include "ec/x25519_base.hpp"
#endif

namespace tessera {
namespace ec {

namespace {
#if defined(TESSERA_EC_32BIT) || !defined(__SIZEOF_INT128__)
using Field = field25519_32::Field;
#else
using Field = field25519_64::Field;
#endif
}  // namespace

namespace {
void portable_x25519(std::uint8_t out[32], const std::uint8_t k[32], const std::uint8_t u[32]) noexcept {
  x25519_detail::x25519<Field>(out, k, u);
}
void portable_base(std::uint8_t out[32], const std::uint8_t k[32]) noexcept {
#if TESSERA_X25519_FIXED_BASE
  // The same value through edwards25519 and an 80 KiB table built at first use (x25519_base.hpp).
  x25519_detail::Edwards<Field>::base(out, k);
#else
  constexpr std::uint8_t kBasePoint[32] = {9};  // RFC 7748, Section 4.1: u = 9
  x25519_detail::x25519<Field>(out, k, kBasePoint);
#endif
}

x25519_detail::Kernels make_kernels(Backend b) noexcept {
#if TESSERA_HAVE_AVX2 && !defined(TESSERA_EC_32BIT)
  // The avx2 and avx512 backends: the MULX/ADX field where the CPU has BMI2 and ADX.
  const auto& f = cpu::features();
#if TESSERA_HAVE_AVX512
  // The avx512 backend: the 4-lane IFMA ladder (key generation stays on the MULX table).
  if (b == Backend::avx512 && f.avx512ifma && f.avx512vl && f.bmi2 && f.adx) return x25519_detail::ifma_table();
#endif
  if (b != Backend::portable && f.bmi2 && f.adx) return x25519_detail::mulx_table();
#else
  (void)b;
#endif
  return x25519_detail::Kernels{Field::name, portable_x25519, portable_base};
}
}  // namespace

namespace x25519_detail {
const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }
const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }
}  // namespace x25519_detail

const char* x25519_field_name() noexcept { return x25519_detail::kernels().name; }

// The kernels wipe their state structs; their spills and the field operations' temporaries
// (scalar-dependent) sit in the frames below this one: wiped after the call.
constexpr std::size_t kKernelFrameBytes = 4096;

void x25519_raw(std::uint8_t out[32], const std::uint8_t scalar[32], const std::uint8_t u[32]) noexcept {
  x25519_detail::kernels().x25519(out, scalar, u);
  secure_zero_stack(kKernelFrameBytes);
}

void x25519_base(std::uint8_t out[32], const std::uint8_t scalar[32]) noexcept {
  x25519_detail::kernels().base(out, scalar);
  secure_zero_stack(kKernelFrameBytes);
}

}  // namespace ec

Result<X25519::PublicKey> X25519::PublicKey::from_bytes(std::span<const std::uint8_t> u) noexcept {
  if (u.size() != public_key_bytes) return fail(Error::invalid_length, "X25519 public key");
  Result<PublicKey> r(std::in_place);
  for (std::size_t i = 0; i < public_key_bytes; ++i) r->u_[i] = u[i];
  return r;
}

X25519::PrivateKey::PrivateKey(const std::uint8_t* k) noexcept
    : k_(std::span<const std::uint8_t, private_key_bytes>(k, private_key_bytes)) {
  // RFC 7748, Section 6.1: the public key is X25519(k, 9). It is public by design.
  ec::x25519_base(pk_.u_.data(), k_.data());
  ct::declassify(pk_.u_.data(), pk_.u_.size());  // the public key is published
}

Result<X25519::PrivateKey> X25519::PrivateKey::from_bytes(std::span<const std::uint8_t> k) noexcept {
  if (k.size() != private_key_bytes) return fail(Error::invalid_length, "X25519 private key");
  return Result<PrivateKey>(std::in_place, k.data());
}

Result<X25519::KeyPair> X25519::keygen_internal(std::span<const std::uint8_t> k) noexcept {
  if (k.size() != private_key_bytes) return fail(Error::invalid_length, "X25519 private key");
  return Result<KeyPair>(std::in_place, k.data());
}

Result<X25519::KeyPair> X25519::generate_key() noexcept {
  // RFC 7748, Section 6.1: 32 random bytes.
  SecretArray<private_key_bytes> k;
  if (!random_bytes(k.span())) return fail(Error::randomness_failure, "X25519 private key");
  return Result<KeyPair>(std::in_place, k.data());
}

Result<X25519::SharedSecret> X25519::agree(const PrivateKey& sk, const PublicKey& peer) noexcept {
  Result<SharedSecret> r(std::in_place);  // built in place: the secret is never moved
  ec::x25519_raw(r->data(), sk.k_.data(), peer.u_.data());
  // RFC 7748, Section 6.1: "check whether the result is the all-zero value and abort if
  // so" (RFC 8446, Section 7.4.2 for TLS 1.3). The comparison is constant time; only its
  // verdict is public (whether the exchange fails is visible anyway).
  constexpr std::uint8_t kZero[shared_secret_bytes] = {};
  const std::uint8_t is_zero = ct::declassify_value(ct::mask_bytes_eq(r->span(), kZero));
  if (is_zero != 0) return fail(Error::invalid_key, "X25519 public key (low order: all-zero shared secret)");
  return r;  // (the error path destroys r, which wipes it)
}

Result<SecretArray<32>> x25519(std::span<const std::uint8_t> scalar, std::span<const std::uint8_t> u) noexcept {
  if (scalar.size() != 32) return fail(Error::invalid_length, "X25519 scalar");
  if (u.size() != 32) return fail(Error::invalid_length, "X25519 u-coordinate");
  Result<SecretArray<32>> r(std::in_place);
  ec::x25519_raw(r->data(), scalar.data(), u.data());
  return r;
}

void x25519(std::span<const std::uint8_t, 32> scalar, std::span<const std::uint8_t, 32> u,
            std::span<std::uint8_t, 32> out) noexcept {
  ec::x25519_raw(out.data(), scalar.data(), u.data());
}

}  // namespace tessera
