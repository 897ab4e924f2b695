// AES: the shared KeyExpansion, the kernel tables, and the public tessera::Aes.
#include "symmetric/aes.hpp"

#include <tessera/aes.hpp>

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "cpu/dispatch.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

#include <cstring>
#include <new>

namespace tessera::aes {

// FIPS 197, Algorithm 2 (KeyExpansion). Words are held little-endian (byte 0 of w[i] in
// the low bits), so RotWord is a rotation right by 8.
void expand_key_generic(RoundKeys& rk, const std::uint8_t* key, std::size_t key_bytes,
                        std::uint32_t (*sub_word)(std::uint32_t) noexcept) noexcept {
  const int nk = static_cast<int>(key_bytes / 4);
  const int nr = rounds_for_key_bytes(key_bytes);
  // Zero-initialised: GCC 12 cannot see that nk >= 4 (key_bytes is 16, 24 or 32), so it
  // takes w[i - 1] below for a possibly uninitialised read (-Wmaybe-uninitialized, an
  // error in the ASan build). Every word is written before it is read either way.
  std::uint32_t w[4 * (kMaxRounds + 1)] = {};
  // Steps 2-6: the first Nk words are the key.
  for (int i = 0; i < nk; ++i) w[i] = bytes::load_le32(key + 4 * i);
  // Steps 7-18.
  std::uint32_t rcon = 1;  // Rcon[i/Nk] = x^(i/Nk - 1) in GF(2^8) (Table 5)
  for (int i = nk; i < 4 * (nr + 1); ++i) {
    std::uint32_t temp = w[i - 1];
    if (i % nk == 0) {
      temp = sub_word((temp >> 8) | (temp << 24)) ^ rcon;
      rcon = (rcon << 1) ^ (0x11B & (0u - (rcon >> 7)));  // xtime (public constant)
    } else if (nk > 6 && i % nk == 4) {
      temp = sub_word(temp);
    }
    w[i] = w[i - nk] ^ temp;
  }
  for (int i = 0; i < 4 * (nr + 1); ++i) bytes::store_le32(rk.bytes + 4 * i, w[i]);
  rk.rounds = nr;
  secure_zero(w, sizeof w);
}

namespace {

Kernels make_kernels(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: return avx2::table();
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: return avx512::table();
#endif
#if TESSERA_HAVE_NEON
    case Backend::neon: return neon::table();
#endif
    default: return portable::table();
  }
}

}  // namespace

#if TESSERA_HAVE_NEON
namespace {
// The NEON bitsliced kernel (aes_neon_bs.cpp): Advanced SIMD only, so it runs on every
// aarch64 CPU; it reads the portable key expansion's bitsliced round keys.
Kernels neon_bs_table() noexcept {
  return Kernels{expand_key_portable, encrypt_ecb_neon_bs, ctr32_neon_bs, "aes-neon-bs"};
}
}  // namespace

// The neon backend's AES: the Cryptographic Extension where the CPU has it; without it
// (e.g. the Cortex-A72 of a Raspberry Pi 4) the constant-time NEON bitsliced kernel.
Kernels neon::table() noexcept {
  if (arm_aes_available()) return Kernels{expand_key_ce, encrypt_ecb_ce, ctr32_ce, "aes-ce"};
  return neon_bs_table();
}
#endif

bool arm_aes_available() noexcept {
#if TESSERA_HAVE_NEON
  return cpu::features().arm_aes;
#else
  return false;
#endif
}

bool aesni_available() noexcept {
#if TESSERA_HAVE_AVX2
  const cpu::Features& f = cpu::features();
  return f.aesni && f.pclmul && f.ssse3 && f.sse41;
#else
  return false;
#endif
}

bool vaes256_available() noexcept {
#if TESSERA_HAVE_AVX2
  const cpu::Features& f = cpu::features();
  return aesni_available() && f.avx2 && f.vaes;
#else
  return false;
#endif
}

bool vaes_available() noexcept {
#if TESSERA_HAVE_AVX512
  const cpu::Features& f = cpu::features();
  return aesni_available() && f.vaes && f.vpclmulqdq && f.avx512f && f.avx512bw && f.avx512vl;
#else
  return false;
#endif
}

const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

const Kernels& kernels_portable() noexcept { return kernels_for(Backend::portable); }
const Kernels* kernels_aesni() noexcept {
#if TESSERA_HAVE_AVX2
  // The avx2 table has VAES-256 in place of these where the CPU has it: this one never.
  static const Kernels aesni = avx2::aesni_table();
  if (aesni_available()) return &aesni;
#endif
  return nullptr;
}
const Kernels* kernels_vaes256() noexcept { return cpu::if_named(kernels_for(Backend::avx2), "vaes256"); }
const Kernels* kernels_vaes() noexcept { return cpu::if_named(kernels_for(Backend::avx512), "vaes"); }
const Kernels* kernels_arm_ce() noexcept { return cpu::if_named(kernels_for(Backend::neon), "aes-ce"); }
const Kernels* kernels_neon_bs() noexcept {
#if TESSERA_HAVE_NEON
  // The neon table has the Cryptographic Extension in place of this one where the CPU has
  // it: this one on every aarch64 CPU.
  static const Kernels bs = neon_bs_table();
  return &bs;
#else
  return nullptr;
#endif
}

}  // namespace tessera::aes

namespace tessera {

static_assert(sizeof(aes::RoundKeys) <= 1280);

namespace {
constexpr const char* kNoKey = "AES key (none set)";
}  // namespace

Aes::~Aes() { clear(); }

void Aes::clear() noexcept {
  secure_zero(schedule_, sizeof schedule_);
  kernels_ = nullptr;
  rounds_ = 0;
}

Result<void> Aes::set_key(std::span<const std::uint8_t> key) noexcept {
  clear();
  if (aes::rounds_for_key_bytes(key.size()) == 0) return fail(Error::invalid_length, "AES key");
  const aes::Kernels& k = aes::kernels();
  auto& rk = *::new (static_cast<void*>(schedule_)) aes::RoundKeys;  // trivial: no init
  k.expand_key(rk, key.data(), key.size());
  kernels_ = &k;
  rounds_ = rk.rounds;
  return {};
}

Result<void> Aes::encrypt_blocks(std::span<const std::uint8_t> in,
                                 std::span<std::uint8_t> out) const noexcept {
  Failure bad{};
  if (in.size() % block_bytes != 0) {
    bad = fail(Error::invalid_length, "AES input (whole 16-byte blocks)");
  } else if (out.size() != in.size()) {
    bad = fail(Error::invalid_length, "AES output");
  } else if (kernels_ == nullptr) {
    bad = fail(Error::invalid_state, kNoKey);
  }
  if (bad.what != nullptr) {
    if (!out.empty()) secure_zero(out.data(), out.size());
    return bad;
  }
  const auto& k = *static_cast<const aes::Kernels*>(kernels_);
  // schedule_ is alignas(64): the cast through void* states it (-Wcast-align on Arm).
  const auto& rk = *static_cast<const aes::RoundKeys*>(static_cast<const void*>(schedule_));
  k.encrypt_ecb(rk, in.data(), out.data(), in.size() / block_bytes);
  return {};
}

Result<void> Aes::ctr32_xor(std::span<std::uint8_t, 16> counter, std::span<const std::uint8_t> in,
                            std::span<std::uint8_t> out) const noexcept {
  if (in.size() != out.size() || kernels_ == nullptr) {
    if (!out.empty()) secure_zero(out.data(), out.size());
    return in.size() != out.size() ? fail(Error::invalid_length, "AES-CTR output") : fail(Error::invalid_state, kNoKey);
  }
  const auto& k = *static_cast<const aes::Kernels*>(kernels_);
  // schedule_ is alignas(64): the cast through void* states it (-Wcast-align on Arm).
  const auto& rk = *static_cast<const aes::RoundKeys*>(static_cast<const void*>(schedule_));
  const std::size_t full = in.size() / block_bytes;
  k.ctr32(rk, counter.data(), in.data(), out.data(), full);
  if (const std::size_t rest = in.size() % block_bytes; rest != 0) {
    std::uint8_t buf[16] = {};
    std::memcpy(buf, in.data() + 16 * full, rest);
    k.ctr32(rk, counter.data(), buf, buf, 1);
    std::memcpy(out.data() + 16 * full, buf, rest);
    secure_zero(buf, sizeof buf);
  }
  return {};
}

}  // namespace tessera
