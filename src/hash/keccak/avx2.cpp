// Placeholder until the AVX2 kernel lands: delegates to portable.
#include "hash/keccak/keccak.hpp"
namespace tessera::keccak {
void f1600_x4_avx2(State4& s) noexcept { f1600_xn_portable(s); }
}  // namespace tessera::keccak
