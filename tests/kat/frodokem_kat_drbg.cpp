#include "frodokem_kat_drbg.hpp"

#include <cstdlib>
#include <cstring>

namespace tessera::test {

KatDrbg::KatDrbg(std::span<const std::uint8_t, 48> seed) { update(seed.data()); }

void KatDrbg::increment_v() {
  for (int j = 15; j >= 0; --j) {
    if (++v_[static_cast<std::size_t>(j)] != 0) break;
  }
}

void KatDrbg::encrypt_v(std::uint8_t out[16]) {
  Aes aes;
  if (!aes.set_key(key_) || !aes.encrypt_blocks(v_, std::span<std::uint8_t>(out, 16))) std::abort();
}

// SP 800-90A CTR_DRBG_Update with 128-bit blocks and a 256-bit key (seedlen = 48 bytes).
void KatDrbg::update(const std::uint8_t* provided) {
  std::uint8_t temp[48];
  for (int i = 0; i < 3; ++i) {
    increment_v();
    encrypt_v(temp + 16 * i);
  }
  if (provided != nullptr)
    for (int i = 0; i < 48; ++i) temp[i] ^= provided[i];
  std::memcpy(key_.data(), temp, 32);
  std::memcpy(v_.data(), temp + 32, 16);
}

void KatDrbg::generate(std::span<std::uint8_t> out) {
  std::size_t done = 0;
  while (done < out.size()) {
    std::uint8_t block[16];
    increment_v();
    encrypt_v(block);
    const std::size_t take = out.size() - done < 16 ? out.size() - done : 16;
    std::memcpy(out.data() + done, block, take);
    done += take;
  }
  update(nullptr);
}

}  // namespace tessera::test
