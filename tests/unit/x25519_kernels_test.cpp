// X25519 kernel tables (src/ec/x25519_kernels.hpp), on every backend this host has: each
// table's ladder and fixed-base function against the radix-2^51 reference ladder
// (x25519_ladder.hpp over field25519_64, checked against RFC 7748 and OpenSSL in
// x25519_test.cpp) on the RFC 7748 vectors, the iterated test, limb-boundary and
// non-canonical u-coordinates, edge scalars and random inputs. On a CPU with AVX-512 IFMA
// the avx512 table is the 4-lane IFMA ladder (src/ec/x25519_ifma.cpp), whose limb bounds
// these inputs stress; elsewhere the test names the table it ran.
#include "ec/field25519_64.hpp"
#include "ec/x25519_kernels.hpp"
#include "ec/x25519_ladder.hpp"
#include "x25519_rfc7748_vectors.hpp"

#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace tessera;
using Enc = std::array<std::uint8_t, 32>;
using Reference = ec::field25519_64::Field;

Enc reference(const Enc& k, const Enc& u) {
  Enc o{};
  ec::x25519_detail::x25519<Reference>(o.data(), k.data(), u.data());
  return o;
}
Enc kernel(const Enc& k, const Enc& u) {
  Enc o{};
  ec::x25519_detail::kernels().x25519(o.data(), k.data(), u.data());
  return o;
}
Enc from_hex(const char* hex) {
  const test::Bytes b = test::from_hex(hex);
  Enc e{};
  std::memcpy(e.data(), b.data(), std::min<std::size_t>(b.size(), 32));
  return e;
}
// The little-endian encoding of 2^bit + delta (|delta| < 256, bit < 256, no wrap-around).
Enc power_of_two_plus(int bit, int delta) {
  Enc e{};
  e[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
  int carry = delta;
  for (auto& byte : e) {  // add delta with borrow/carry
    const int v = byte + carry;
    byte = static_cast<std::uint8_t>(v & 0xff);
    carry = v >> 8;
    if (carry == 0) break;
  }
  return e;
}

// u-coordinates at the limb boundaries of radix 2^51 and 2^64, p and the values just below
// and above it (p + c encodes c), 2^255 - 1 (bit 255 ignored, so p + 18), all-ones limbs.
std::vector<Enc> edge_coordinates() {
  std::vector<Enc> v;
  for (int bit : {51, 52, 64, 102, 128, 153, 192, 204, 254, 255}) {
    for (int delta : {-19, -1, 0, 1}) v.push_back(power_of_two_plus(bit, delta));
  }
  for (int c = -2; c <= 18; ++c) v.push_back(power_of_two_plus(255, c - 19));  // p + c
  Enc ones;
  ones.fill(0xff);
  v.push_back(ones);  // 2^256 - 1
  for (std::uint8_t b : {0x00, 0x01, 0x09, 0x55, 0xaa, 0x7f, 0x80}) {
    Enc e;
    e.fill(b);
    v.push_back(e);
  }
  return v;
}

std::vector<Enc> edge_scalars() {
  std::vector<Enc> v;
  for (std::uint8_t b : {0x00, 0xff, 0x55, 0xaa, 0x80, 0x01}) {
    Enc e;
    e.fill(b);
    v.push_back(e);
  }
  return v;
}

class X25519Kernels : public test::PerBackend {};

TEST_P(X25519Kernels, Rfc7748VectorsAndIteratedThousand) {
  const std::string be(backend_name(GetParam()));
  std::printf("backend %s: X25519 table \"%s\"\n", be.c_str(), ec::x25519_detail::kernels().name);
  // RFC 7748, Section 5.2.
  for (const auto& v : test::rfc7748::kVectors) EXPECT_EQ(kernel(from_hex(v.scalar), from_hex(v.u)), from_hex(v.out));
  Enc k{}, u{};
  k[0] = u[0] = 9;
  for (int i = 0; i < 1000; ++i) {
    const Enc r = kernel(k, u);
    u = k;
    k = r;
  }
  EXPECT_EQ(k, from_hex(test::rfc7748::kAfter1000));
}

TEST_P(X25519Kernels, LadderMatchesReferenceOnEdgeAndRandomInputs) {
  std::mt19937_64 rng(25519);
  std::vector<Enc> scalars = edge_scalars();
  for (int i = 0; i < 8; ++i) {
    Enc s;
    for (auto& b : s) b = static_cast<std::uint8_t>(rng());
    scalars.push_back(s);
  }
  int compared = 0;
  for (const Enc& u : edge_coordinates()) {
    for (const Enc& s : scalars) {
      ASSERT_EQ(kernel(s, u), reference(s, u)) << "k " << test::to_hex(s) << " u " << test::to_hex(u);
      ++compared;
    }
  }
  for (int i = 0; i < 2000; ++i) {
    Enc s, u;
    for (auto& b : s) b = static_cast<std::uint8_t>(rng());
    for (auto& b : u) b = static_cast<std::uint8_t>(rng());
    ASSERT_EQ(kernel(s, u), reference(s, u)) << "k " << test::to_hex(s) << " u " << test::to_hex(u);
    ++compared;
  }
  EXPECT_GT(compared, 2000);
}

TEST_P(X25519Kernels, BaseMatchesLadderOnNine) {
  std::mt19937_64 rng(9);
  Enc nine{};
  nine[0] = 9;
  std::vector<Enc> scalars = edge_scalars();
  for (int i = 0; i < 200; ++i) {
    Enc s;
    for (auto& b : s) b = static_cast<std::uint8_t>(rng());
    scalars.push_back(s);
  }
  for (const Enc& s : scalars) {
    Enc got{};
    ec::x25519_detail::kernels().base(got.data(), s.data());
    ASSERT_EQ(got, reference(s, nine)) << "k " << test::to_hex(s);
  }
}

TESSERA_INSTANTIATE_PER_BACKEND(X25519Kernels);

}  // namespace
