// The ML-KEM kernel table of each backend, and the choice of the active one. SIMD backends
// (AVX2, AVX-512, NEON) will copy the portable table and override entries; until they exist
// every backend runs the portable kernels.
#include "mlkem/kernels.hpp"

#include "cpu/backend.hpp"

namespace tessera::mlkem {
namespace {

constexpr Kernels kPortable{
    portable::ntt,          portable::invntt,         portable::mulcache,       portable::basemul_acc,
    portable::reduce,       portable::tomont,         portable::cbd2,           portable::cbd3,
    portable::rej_uniform,  portable::compress_d1,    portable::compress_d4,    portable::compress_d5,
    portable::compress_d10, portable::compress_d11,   portable::decompress_d1,  portable::decompress_d4,
    portable::decompress_d5, portable::decompress_d10, portable::decompress_d11, portable::byte_encode12,
    portable::byte_decode12};

}  // namespace

const Kernels& kernels_for(Backend b) noexcept {
  switch (b) {
    default: return kPortable;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::mlkem
