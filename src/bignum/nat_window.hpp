// The fixed-window reading of a secret exponent, shared by mont_exp's kernels (nat.cpp and
// nat_ifma.cpp): the window's digit from public bit positions, and the mask that selects a
// table entry without a secret index.
#pragma once

#include "bignum/nat.hpp"

#include <cstddef>

namespace tessera::bignum {

inline constexpr unsigned kExpWindow = 4;  // bits per window of nat.cpp; the table has 16 entries

// Bits Bits w .. Bits w + Bits - 1 of e, those at or above exp_bits taken as 0.
template <unsigned Bits = kExpWindow>
inline Limb exp_window_digit(NatView e, std::size_t exp_bits, std::size_t w) noexcept {
  Limb digit = 0;
  for (unsigned k = 0; k < Bits; ++k) {
    const std::size_t bit = Bits * w + k;  // a public position
    if (bit < exp_bits && bit / kLimbBits < e.size())
      digit |= static_cast<Limb>(((e[bit / kLimbBits] >> (bit % kLimbBits)) & 1u) << k);
  }
  return digit;
}

// All ones when digit == j, else zero, without a branch.
inline Limb window_entry_mask(Limb digit, unsigned j) noexcept {
  const Limb x = static_cast<Limb>(digit ^ j);
  return mask_from_bit(static_cast<Limb>(((x | static_cast<Limb>(Limb{0} - x)) >> (kLimbBits - 1)) ^ 1u));
}

}  // namespace tessera::bignum
