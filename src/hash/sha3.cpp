// The Keccak sponge (FIPS 202, Algorithm 8) and the SHA-3/SHAKE functions built on it.
#include <tessera/sha3.hpp>

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "hash/keccak/keccak.hpp"

#include <bit>

namespace tessera {
namespace {
// The wipes after a sponge (common/secret.hpp, frame_wipe): below its owner's frame, and
// below one_shot's (its permutation, 512 bytes on Cortex-M).
constexpr std::size_t kSpongeWipeBytes = frame_wipe(2048, 768);
constexpr std::size_t kOneShotWipeBytes = frame_wipe(2048, 768);
}  // namespace

namespace detail {
namespace {

// XORs n bytes into the state starting at byte offset pos (lanes are little-endian).
void xor_bytes(std::uint64_t (&state)[25], std::size_t pos, const std::uint8_t* in, std::size_t n) noexcept {
  while (n > 0 && (pos & 7) != 0) {
    state[pos >> 3] ^= static_cast<std::uint64_t>(*in++) << (8 * (pos & 7));
    ++pos;
    --n;
  }
  for (; n >= 8; n -= 8, pos += 8, in += 8) state[pos >> 3] ^= bytes::load_le64(in);
  if (n > 0) state[pos >> 3] ^= bytes::load_le_partial(in, n);
}

void extract_bytes(const std::uint64_t (&state)[25], std::size_t pos, std::uint8_t* out, std::size_t n) noexcept {
  while (n > 0 && (pos & 7) != 0) {
    *out++ = static_cast<std::uint8_t>(state[pos >> 3] >> (8 * (pos & 7)));
    ++pos;
    --n;
  }
  for (; n >= 8; n -= 8, pos += 8, out += 8) bytes::store_le64(out, state[pos >> 3]);
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(state[pos >> 3] >> (8 * i));
}

}  // namespace

KeccakSponge::KeccakSponge(std::size_t rate_bytes, std::uint8_t domain) noexcept
    : state_{}, rate_(rate_bytes), pos_(0), domain_(domain), squeezing_(false) {}

// The state, and the kernels' stack frames below (they copy the state into locals and
// spill lanes): 2 KiB covers the deepest absorb/squeeze call chain (measured: the kernel
// frames end 1-2 KiB below the sponge's owner with g++ 12 -O3; tests/unit/zeroize_test.cpp
// finds the input block there otherwise). Cortex-M: absorb or squeeze (80 bytes) and the
// block loop with the permutation inlined (512), or f1600_portable (504).
KeccakSponge::~KeccakSponge() {
  secure_zero(state_, sizeof state_);
  secure_zero_stack(kSpongeWipeBytes);
}

void KeccakSponge::reset() noexcept {
  secure_zero(state_, sizeof state_);
  pos_ = 0;
  squeezing_ = false;
}

void KeccakSponge::absorb(std::span<const std::uint8_t> in) noexcept {
  const keccak::Kernels& k = keccak::kernels();
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  while (n > 0) {
    // Whole blocks at a block boundary: one kernel call keeps the state in registers.
    if (pos_ == 0 && n >= rate_ && rate_ % 8 == 0) {
      const std::size_t nblocks = n / rate_;
      k.absorb_blocks(state_, p, nblocks, rate_ / 8);
      p += nblocks * rate_;
      n -= nblocks * rate_;
      continue;
    }
    const std::size_t take = n < rate_ - pos_ ? n : rate_ - pos_;
    xor_bytes(state_, pos_, p, take);
    pos_ += take;
    p += take;
    n -= take;
    if (pos_ == rate_) {
      k.f1600(state_);
      pos_ = 0;
    }
  }
}

// Algorithm 8, steps 1-6: append the domain suffix and pad10*1 (Algorithm 9), permute.
void KeccakSponge::pad_and_switch() noexcept { absorb_final_bits(0, 0); }

void KeccakSponge::absorb_final_bits(std::uint8_t bits, unsigned nbits) noexcept {
  auto* const permute = keccak::kernels().f1600;
  const std::size_t block_bits = 8 * rate_;
  // The message's last nbits, then domain_: the suffix and the first 1 of pad10*1
  // (0x06 = bits 0,1,1: SHA-3's "01" then "1"; 0x1F = SHAKE's "1111" then "1").
  const unsigned tail_bits = nbits + static_cast<unsigned>(std::bit_width(domain_));
  const std::uint32_t tail = (static_cast<std::uint32_t>(bits) & ((1u << nbits) - 1)) |
                             (static_cast<std::uint32_t>(domain_) << nbits);
  std::size_t bitpos = 8 * pos_;
  for (unsigned i = 0; i < tail_bits; ++i, ++bitpos) {  // lengths are public
    if (bitpos == block_bits) {
      permute(state_);
      bitpos = 0;
    }
    state_[bitpos >> 6] ^= static_cast<std::uint64_t>((tail >> i) & 1) << (bitpos & 63);
  }
  // The final 1 of pad10*1 is the last bit of the block that has room for it.
  if (bitpos == block_bits) permute(state_);
  state_[(block_bits - 1) >> 6] ^= 1ull << ((block_bits - 1) & 63);
  permute(state_);
  pos_ = 0;
  squeezing_ = true;
}

// Algorithm 8, steps 7-10.
void KeccakSponge::squeeze(std::span<std::uint8_t> out) noexcept {
  if (!squeezing_) pad_and_switch();
  const keccak::Kernels& k = keccak::kernels();
  std::uint8_t* p = out.data();
  std::size_t n = out.size();
  while (n > 0) {
    if (pos_ == rate_) {
      // Whole blocks: permute-and-write in one kernel call.
      if (n >= rate_ && rate_ % 8 == 0) {
        const std::size_t nblocks = n / rate_;
        k.squeeze_blocks(state_, p, nblocks, rate_ / 8);
        p += nblocks * rate_;
        n -= nblocks * rate_;
        continue;
      }
      k.f1600(state_);
      pos_ = 0;
    }
    const std::size_t take = n < rate_ - pos_ ? n : rate_ - pos_;
    extract_bytes(state_, pos_, p, take);
    pos_ += take;
    p += take;
    n -= take;
  }
}

}  // namespace detail

namespace {
// The one-shot functions (FIPS 202, Algorithm 8, whole message at once) without a sponge
// object: whole blocks through absorb_blocks, the last block (message tail, domain bits and
// pad10*1; rates are whole lanes) in one permutation, then the output, whole blocks through
// squeeze_blocks. The state and the kernels' frames below are wiped as ~KeccakSponge does.
// ML-KEM's G and the other short hashes cost one permutation and little more this way.
void one_shot(std::size_t rate, std::uint8_t domain, std::span<const std::uint8_t> in,
              std::span<std::uint8_t> out) noexcept {
  const keccak::Kernels& k = keccak::kernels();
  const std::size_t words = rate / 8;
  std::uint64_t state[25] = {};
  const std::uint8_t* p = in.data();
  std::size_t n = in.size();
  if (n >= rate) {
    const std::size_t nblocks = n / rate;
    k.absorb_blocks(state, p, nblocks, words);
    p += nblocks * rate;
    n -= nblocks * rate;
  }
  std::size_t w = 0;
  for (; 8 * w + 8 <= n; ++w) state[w] ^= bytes::load_le64(p + 8 * w);
  const std::size_t tail = n - 8 * w;
  state[w] ^= bytes::load_le_partial(p + 8 * w, tail) ^ (static_cast<std::uint64_t>(domain) << (8 * tail));
  state[words - 1] ^= 0x8000000000000000ull;
  k.f1600(state);
  std::uint8_t* o = out.data();
  std::size_t m = out.size();
  for (;;) {
    const std::size_t take = m < rate ? m : rate;
    detail::extract_bytes(state, 0, o, take);
    o += take;
    m -= take;
    if (m >= rate) {
      const std::size_t nblocks = m / rate;
      k.squeeze_blocks(state, o, nblocks, words);
      o += nblocks * rate;
      m -= nblocks * rate;
    }
    if (m == 0) break;
    k.f1600(state);
  }
  secure_zero(state, sizeof state);
  secure_zero_stack(kOneShotWipeBytes);
}
}  // namespace

void sha3_224(std::span<const std::uint8_t> in, std::span<std::uint8_t, 28> out) noexcept { one_shot(Sha3_224::rate_bytes, 0x06, in, out); }
void sha3_256(std::span<const std::uint8_t> in, std::span<std::uint8_t, 32> out) noexcept { one_shot(Sha3_256::rate_bytes, 0x06, in, out); }
void sha3_384(std::span<const std::uint8_t> in, std::span<std::uint8_t, 48> out) noexcept { one_shot(Sha3_384::rate_bytes, 0x06, in, out); }
void sha3_512(std::span<const std::uint8_t> in, std::span<std::uint8_t, 64> out) noexcept { one_shot(Sha3_512::rate_bytes, 0x06, in, out); }
void shake128(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) noexcept { one_shot(Shake128::rate_bytes, 0x1F, in, out); }
void shake256(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) noexcept { one_shot(Shake256::rate_bytes, 0x1F, in, out); }

}  // namespace tessera
