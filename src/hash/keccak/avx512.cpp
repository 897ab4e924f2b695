// Placeholder until the AVX-512 kernels land: delegates to portable.
#include "hash/keccak/keccak.hpp"
namespace tessera::keccak {
void f1600_avx512(std::uint64_t (&state)[25]) noexcept { f1600_portable(state); }
void f1600_x4_avx512(State4& s) noexcept { f1600_xn_portable(s); }
void f1600_x8_avx512(State8& s) noexcept { f1600_xn_portable(s); }
}  // namespace tessera::keccak
