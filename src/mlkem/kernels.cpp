// The ML-KEM kernel table of each backend, and the choice of the active one. The AVX2 and
// AVX-512 tables replace every kernel (the AVX-512 one takes a VBMI2 SampleNTT kernel when the
// CPU has it, decided once); NEON still runs the portable ones.
#include "mlkem/kernels.hpp"

#include "cpu/backend.hpp"
#include "cpu/features.hpp"
#include "tessera_config.hpp"

namespace tessera::mlkem {
namespace {

constexpr Kernels kPortable{
    portable::ntt,          portable::invntt,         portable::mulcache,       portable::basemul_acc,
    portable::reduce,       portable::tomont,         portable::cbd2,           portable::cbd3,
    portable::rej_uniform,  portable::compress_d1,    portable::compress_d4,    portable::compress_d5,
    portable::compress_d10, portable::compress_d11,   portable::decompress_d1,  portable::decompress_d4,
    portable::decompress_d5, portable::decompress_d10, portable::decompress_d11, portable::byte_encode12,
    portable::byte_decode12};


#if TESSERA_HAVE_AVX2
constexpr Kernels kAvx2{
    avx2::ntt,          avx2::invntt,         avx2::mulcache,       avx2::basemul_acc,
    avx2::reduce,       avx2::tomont,         avx2::cbd2,           avx2::cbd3,
    avx2::rej_uniform,  avx2::compress_d1,    avx2::compress_d4,    avx2::compress_d5,
    avx2::compress_d10, avx2::compress_d11,   avx2::decompress_d1,  avx2::decompress_d4,
    avx2::decompress_d5, avx2::decompress_d10, avx2::decompress_d11, avx2::byte_encode12,
    avx2::byte_decode12};

#endif
#if TESSERA_HAVE_AVX512
constexpr Kernels kAvx512{
    avx512::ntt,          avx512::invntt,         avx512::mulcache,       avx512::basemul_acc,
    avx512::reduce,       avx512::tomont,         avx512::cbd2,           avx512::cbd3,
    avx512::rej_uniform,  avx512::compress_d1,    avx512::compress_d4,    avx512::compress_d5,
    avx512::compress_d10, avx512::compress_d11,   avx512::decompress_d1,  avx512::decompress_d4,
    avx512::decompress_d5, avx512::decompress_d10, avx512::decompress_d11, avx512::byte_encode12,
    avx512::byte_decode12};
// Zen 4 and Ice Lake onwards have VBMI/VBMI2 (byte permutes, vpcompressw): a faster SampleNTT.
constexpr Kernels kAvx512Vbmi2 = [] {
  Kernels k = kAvx512;
  k.rej_uniform = avx512::rej_uniform_vbmi2;
  return k;
}();
#endif
}  // namespace

const Kernels& kernels_for(Backend b) noexcept {
  switch (b) {
#if TESSERA_HAVE_AVX2
    case Backend::avx2: return kAvx2;
#endif
#if TESSERA_HAVE_AVX512
    case Backend::avx512: {
      static const Kernels& table =
          cpu::features().avx512vbmi && cpu::features().avx512vbmi2 ? kAvx512Vbmi2 : kAvx512;
      return table;
    }
#endif
    default: return kPortable;
  }
}

const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }

}  // namespace tessera::mlkem
