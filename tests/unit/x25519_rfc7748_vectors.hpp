// RFC 7748, Section 5.2: the two single test vectors and the iterated test's results, shared
// by x25519_test.cpp and x25519_kernels_test.cpp.
#pragma once

namespace tessera::test::rfc7748 {

struct Vector {
  const char* scalar;
  const char* u;
  const char* out;
};
inline constexpr Vector kVectors[] = {
    {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
    {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",  // bit 255 set
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
};

// k = u = 9; each round (k, u) = (X25519(k, u), k): k after 1, 1,000 and 1,000,000 rounds.
inline constexpr const char* kAfter1 = "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079";
inline constexpr const char* kAfter1000 = "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
inline constexpr const char* kAfter1000000 = "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424";

}  // namespace tessera::test::rfc7748
