// The image's Keccak-f[1600] kernels against f1600_portable (keccak_check.cpp).
#pragma once

namespace tessera::fw {
bool keccak_kernels_match();
}  // namespace tessera::fw
