// The parts of the ML-DSA neon table (src/mldsa/kernels/neon*.cpp): neon.cpp's table() takes
// the portable table, replaces the NTT-domain arithmetic itself, and hands the table to each
// of these to replace their entries. Include only from those files.
#pragma once

#include "mldsa/kernels.hpp"

namespace tessera::mldsa::neon {

// reduce, freeze, power2round, decompose, make_hint, use_hint, norm_exceeds
// (kernels/neon_rounding.cpp).
void install_rounding(Kernels& k) noexcept;
// pack_z, unpack_z, pack_w1, pack_t1, unpack_t1, pack_t0, unpack_t0, pack_eta, unpack_eta
// (kernels/neon_packing.cpp).
void install_packing(Kernels& k) noexcept;
// rej_uniform, rej_eta (kernels/neon_sampling.cpp).
void install_sampling(Kernels& k) noexcept;

}  // namespace tessera::mldsa::neon
