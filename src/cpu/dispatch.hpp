// The one way a primitive picks its kernel table (docs/architecture.md, "The seam").
//
// Each primitive has one table type, Kernels, and per backend one function that builds
// that backend's table, <backend>::table(), defined next to the backend's kernels (e.g.
// src/mlkem/kernels/avx2.cpp). It starts from the table of the backend below it
// (portable, or avx2 for avx512), overrides the entries it implements, and picks
// sub-features (VBMI2, SHA-NI, VAES, IFMA...) from cpu::features(). The primitive's
// kernels.cpp then has one Make function with one line per backend, and the two accessors:
//
//   Kernels make_kernels(Backend b) noexcept {
//     switch (b) {
//   #if TESSERA_HAVE_AVX2
//       case Backend::avx2: return avx2::table();
//   #endif
//       default: return portable::table();
//     }
//   }
//   const Kernels& kernels_for(Backend b) noexcept { return cpu::table_for<Kernels, make_kernels>(b); }
//   const Kernels& kernels() noexcept { return kernels_for(cpu::active()); }
#pragma once

#include "cpu/backend.hpp"
#include "tessera_config.hpp"

#include <tessera/backend.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>

namespace tessera::cpu {

inline constexpr std::size_t kBackendCount = std::size(kAllBackends);

constexpr bool backends_in_value_order() noexcept {
  for (std::size_t i = 0; i < kBackendCount; ++i) {
    if (static_cast<std::size_t>(kAllBackends[i]) != i) return false;
  }
  return true;
}
static_assert(backends_in_value_order(), "table_for indexes its tables by Backend value");

// The backends whose kernels this build compiles (tessera_config.hpp), portable first.
inline constexpr Backend kCompiledBackends[] = {
    Backend::portable,
#if TESSERA_HAVE_AVX2
    Backend::avx2,
#endif
#if TESSERA_HAVE_AVX512
    Backend::avx512,
#endif
#if TESSERA_HAVE_NEON
    Backend::neon,
#endif
};

// The table of backend b. On first use, builds the table of every compiled backend once
// for the process: Make(c) for each backend c this CPU and OS can run
// (backend_available), Make(Backend::portable) for the others, so a SIMD table builder
// never runs where its instructions would fault. A backend that is not compiled in gets
// the portable table. Backends whose tables are equal share one object: `&table_for(b) ==
// &table_for(Backend::portable)` says that b accelerates nothing in this primitive.
// Afterwards a call costs a guard check and one load (no feature test).
template <class Kernels, Kernels (*Make)(Backend) noexcept>
[[gnu::always_inline]] inline const Kernels& table_for(Backend b) noexcept {
  constexpr std::size_t kCompiled = std::size(kCompiledBackends);
  // Built in place (the pointers point into the object itself).
  struct Tables {
    Kernels table[kCompiled]{};
    const Kernels* of[kBackendCount]{};  // the table each Backend value uses
    [[gnu::noinline, gnu::cold]] Tables() noexcept {
      for (std::size_t i = 0; i < kCompiled; ++i) {
        const Backend c = kCompiledBackends[i];
        table[i] = Make(backend_available(c) ? c : Backend::portable);
      }
      for (std::size_t v = 0; v < kBackendCount; ++v) {
        std::size_t i = 0;  // backend v's own table, or portable's if it is not compiled in
        for (std::size_t k = 0; k < kCompiled; ++k) {
          if (static_cast<std::size_t>(kCompiledBackends[k]) == v) i = k;
        }
        std::size_t first = 0;  // the first table equal to it
        while (!(table[first] == table[i])) ++first;
        of[v] = &table[first];
      }
    }
  };
  static const Tables tables;
  return *tables.of[static_cast<std::size_t>(b)];
}

// For tests that check one SIMD implementation (chosen by a sub-feature) against the
// portable one: &k if table k is the implementation called `name`, else nullptr.
template <class Kernels>
const Kernels* if_named(const Kernels& k, std::string_view name) noexcept {
  return name == k.name ? &k : nullptr;
}

}  // namespace tessera::cpu
