// X25519 with the MULX/ADX field (field25519_mulx.hpp): the ladder and the fixed-base key
// generation instantiated for it. Compiled only in x86-64 SIMD builds (src/ec/sources.cmake)
// and called only when the CPU has BMI2 and ADX (the kernel table in x25519.cpp).
#include "ec/field25519_mulx.hpp"
#include "ec/x25519_base.hpp"
#include "ec/x25519_kernels.hpp"
#include "ec/x25519_ladder.hpp"

namespace tessera::ec::x25519_detail {

namespace {
void ladder(std::uint8_t out[32], const std::uint8_t k[32], const std::uint8_t u[32]) noexcept {
  x25519<field25519_mulx::Field>(out, k, u);
}
void base(std::uint8_t out[32], const std::uint8_t k[32]) noexcept {
  Edwards<field25519_mulx::Field>::base(out, k);
}
}  // namespace

Kernels mulx_table() noexcept { return Kernels{field25519_mulx::Field::name, ladder, base}; }

}  // namespace tessera::ec::x25519_detail
