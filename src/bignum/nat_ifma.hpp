// The AVX-512 IFMA exponentiation of the naturals (src/bignum/nat_ifma.cpp): the contracts
// of mont_exp, mont_exp2 and mont_exp_vartime (bignum/nat.hpp), for the moduli whose MontModulus has
// ifma set by mont_init.
#pragma once

#include "bignum/nat.hpp"

#if TESSERA_NAT_IFMA
namespace tessera::bignum {

// Whether the kernel handles n limbs (8 <= n <= 64: 512 to 4096-bit moduli).
[[nodiscard]] bool mont_exp_ifma_supports(std::size_t n) noexcept;
void mont_exp_ifma(NatSpan r, NatView a, NatView e, std::size_t exp_bits, const MontModulus& mod) noexcept;
// Whether mont_exp2_ifma handles two ways of n limbs each (8 <= n <= 32).
[[nodiscard]] bool mont_exp2_ifma_supports(std::size_t n) noexcept;
void mont_exp2_ifma(const ExpJob& x, const ExpJob& y, std::size_t exp_bits) noexcept;
void mont_exp_vartime_ifma(NatSpan r, NatView a, NatView e, const MontModulus& mod) noexcept;
// mod_exp_vartime for e > 0, given rr52 = R52^2 mod m (mont_rr52_ifma).
void mod_exp_vartime_ifma(NatSpan r, NatView a, NatView e, const MontModulus& mod, NatView rr52) noexcept;
void mont_rr52_ifma(NatSpan r, const MontModulus& mod) noexcept;

}  // namespace tessera::bignum
#endif
