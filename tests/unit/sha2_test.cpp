// SHA-2 (FIPS 180-4): the examples of every variant, chunking, every backend's kernels
// against the portable ones, the constants and the SHA-512/t IV generation.
#include <tessera/sha2.hpp>

#include "hash/sha2/kernels.hpp"
#include "tessera_config.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace tessera::test {
namespace {

Bytes as_bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

const std::string kAbc = "abc";
const std::string k448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
const std::string k896 =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

struct Example {
  const char* variant;
  const char* abc;
  const char* m448;
  const char* m896;
  const char* million_a;
  const char* empty;
};
// FIPS 180-4 examples (NIST "Examples with intermediate values", and the one-million 'a'
// message of FIPS 180-2 Appendix B/C).
const Example kExamples[] = {
    {"SHA-224", "23097D223405D8228642A477BDA255B32AADBCE4BDA0B3F7E36C9DA7",
     "75388B16512776CC5DBA5DA1FD890150B0C6455CB4F58B1952522525",
     "C97CA9A559850CE97A04A96DEF6D99A9E0E0E2AB14E6B8DF265FC0B3",
     "20794655980C91D8BBB4C1EA97618A4BF03F42581948B2EE4EE7AD67",
     "D14A028C2A3A2BC9476102BB288234C415A2B01F828EA62AC5B3E42F"},
    {"SHA-256", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD",
     "248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1",
     "CF5B16A778AF8380036CE59E7B0492370B249B11E8F07A51AFAC45037AFEE9D1",
     "CDC76E5C9914FB9281A1C7E284D73E67F1809A48A497200E046D39CCC7112CD0",
     "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"},
    {"SHA-384",
     "CB00753F45A35E8BB5A03D699AC65007272C32AB0EDED1631A8B605A43FF5BED8086072BA1E7CC2358BAECA134C825A7",
     "3391FDDDFC8DC7393707A65B1B4709397CF8B1D162AF05ABFE8F450DE5F36BC6B0455A8520BC4E6F5FE95B1FE3C8452B",
     "09330C33F71147E83D192FC782CD1B4753111B173B3B05D22FA08086E3B0F712FCC7C71A557E2DB966C3E9FA91746039",
     "9D0E1809716474CB086E834E310A4A1CED149E9C00F248527972CEC5704C2A5B07B8B3DC38ECC4EBAE97DDD87F3D8985",
     "38B060A751AC96384CD9327EB1B1E36A21FDB71114BE07434C0CC7BF63F6E1DA274EDEBFE76F65FBD51AD2F14898B95B"},
    {"SHA-512",
     "DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A2192992A274FC1A836BA3C23A3FEEBBD454D4423643CE80E2A9AC94FA54CA49F",
     "204A8FC6DDA82F0A0CED7BEB8E08A41657C16EF468B228A8279BE331A703C33596FD15C13B1B07F9AA1D3BEA57789CA031AD85C7A71DD70354EC631238CA3445",
     "8E959B75DAE313DA8CF4F72814FC143F8F7779C6EB9F7FA17299AEADB6889018501D289E4900F7E4331B99DEC4B5433AC7D329EEB6DD26545E96E55B874BE909",
     "E718483D0CE769644E2E42C7BC15B4638E1F98B13B2044285632A803AFA973EBDE0FF244877EA60A4CB0432CE577C31BEB009C5C2C49AA2E4EADB217AD8CC09B",
     "CF83E1357EEFB8BDF1542850D66D8007D620E4050B5715DC83F4A921D36CE9CE47D0D13C5D85F2B0FF8318D2877EEC2F63B931BD47417A81A538327AF927DA3E"},
    {"SHA-512/224", "4634270F707B6A54DAAE7530460842E20E37ED265CEEE9A43E8924AA",
     "E5302D6D54BB242275D1E7622D68DF6EB02DEDD13F564C13DBDA2174",
     "23FEC5BB94D60B23308192640B0C453335D664734FE40E7268674AF9",
     "37AB331D76F0D36DE422BD0EDEB22A28ACCD487B7A8453AE965DD287",
     "6ED0DD02806FA89E25DE060C19D3AC86CABB87D6A0DDD05C333B84F4"},
    {"SHA-512/256", "53048E2681941EF99B2E29B76B4C7DABE4C2D0C634FC6D46E0E2F13107E7AF23",
     "BDE8E1F9F19BB9FD3406C90EC6BC47BD36D8ADA9F11880DBC8A22A7078B6A461",
     "3928E184FB8690F840DA3988121D31BE65CB9D3EF83EE6146FEAC861E19B563A",
     "9A59A052930187A97038CAE692F30708AA6491923EF5194394DC68D56C74FB21",
     "C672B8D1EF56ED28AB87C3622C5114069BDD3AD7B8F9737498D0C01ECEF0967A"},
};

// One-shot digest of variant v (index into kExamples).
Bytes one_shot(int v, const Bytes& m) {
  Bytes out;
  switch (v) {
    case 0: { std::array<std::uint8_t, 28> d; sha224(m, d); out.assign(d.begin(), d.end()); break; }
    case 1: { std::array<std::uint8_t, 32> d; sha256(m, d); out.assign(d.begin(), d.end()); break; }
    case 2: { std::array<std::uint8_t, 48> d; sha384(m, d); out.assign(d.begin(), d.end()); break; }
    case 3: { std::array<std::uint8_t, 64> d; sha512(m, d); out.assign(d.begin(), d.end()); break; }
    case 4: { std::array<std::uint8_t, 28> d; sha512_224(m, d); out.assign(d.begin(), d.end()); break; }
    default: { std::array<std::uint8_t, 32> d; sha512_256(m, d); out.assign(d.begin(), d.end()); break; }
  }
  return out;
}

template <class H>
Bytes chunked(const Bytes& m, std::size_t chunk) {
  H h;
  for (std::size_t i = 0; i < m.size(); i += chunk) {
    h.update(std::span(m).subspan(i, std::min(chunk, m.size() - i)));
  }
  std::array<std::uint8_t, H::digest_bytes> d;
  h.final(d);
  return Bytes(d.begin(), d.end());
}

Bytes incremental(int v, const Bytes& m, std::size_t chunk) {
  switch (v) {
    case 0: return chunked<Sha224>(m, chunk);
    case 1: return chunked<Sha256>(m, chunk);
    case 2: return chunked<Sha384>(m, chunk);
    case 3: return chunked<Sha512>(m, chunk);
    case 4: return chunked<Sha512_224>(m, chunk);
    default: return chunked<Sha512_256>(m, chunk);
  }
}

class Sha2Backend : public PerBackend {};

TEST_P(Sha2Backend, Fips180Examples) {
  for (int v = 0; v < 6; ++v) {
    const Example& e = kExamples[v];
    EXPECT_EQ(to_hex(one_shot(v, as_bytes(kAbc))), e.abc) << e.variant;
    EXPECT_EQ(to_hex(one_shot(v, as_bytes(k448))), e.m448) << e.variant;
    EXPECT_EQ(to_hex(one_shot(v, as_bytes(k896))), e.m896) << e.variant;
    EXPECT_EQ(to_hex(one_shot(v, Bytes{})), e.empty) << e.variant;
    const Bytes million(1000000, 'a');
    EXPECT_EQ(to_hex(one_shot(v, million)), e.million_a) << e.variant;
    EXPECT_EQ(to_hex(incremental(v, million, 1000)), e.million_a) << e.variant;
    for (std::size_t chunk : {1, 3, 63, 64, 65, 127, 128, 129}) {
      EXPECT_EQ(to_hex(incremental(v, as_bytes(k896), chunk)), e.m896) << e.variant << " chunk " << chunk;
    }
  }
}

// The object is reusable after final().
TEST_P(Sha2Backend, FinalResets) {
  Sha256 h;
  std::array<std::uint8_t, 32> d;
  h.update(as_bytes("garbage"));
  h.final(d);
  h.update(as_bytes(kAbc));
  h.final(d);
  EXPECT_EQ(to_hex(d), kExamples[1].abc);
}

// Every length 0..2200 (the SHA-512 one-shot hashes up to 16 blocks in one kernel call,
// longer messages incrementally) and random chunkings agree with the one-shot result; the
// one-shot result agrees with the portable backend's.
TEST_P(Sha2Backend, AgreesWithPortable) {
  std::mt19937_64 rng(1234);
  for (std::size_t len = 0; len <= 2200; ++len) {
    Bytes m(len);
    for (auto& b : m) b = static_cast<std::uint8_t>(rng());
    for (int v = 0; v < 6; ++v) {
      const Bytes got = one_shot(v, m);
      Bytes want;
      {
        auto portable = BackendOverride::force(Backend::portable);
        ASSERT_TRUE(portable.has_value());
        want = one_shot(v, m);
      }
      ASSERT_EQ(to_hex(got), to_hex(want)) << kExamples[v].variant << " len " << len;
      ASSERT_EQ(to_hex(incremental(v, m, 1 + rng() % 150)), to_hex(want)) << kExamples[v].variant;
    }
  }
}

// The backend's compression kernels against the portable ones on random states and 1-9
// blocks.
TEST_P(Sha2Backend, KernelsMatchPortable) {
  const sha2::Kernels& k = sha2::kernels_for(GetParam());
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 500; ++trial) {
    const std::size_t nblocks = 1 + rng() % 9;
    Bytes blocks(128 * nblocks);
    for (auto& b : blocks) b = static_cast<std::uint8_t>(rng());
    std::uint32_t a32[8], b32[8];
    std::uint64_t a64[8], b64[8];
    for (int i = 0; i < 8; ++i) {
      a32[i] = b32[i] = static_cast<std::uint32_t>(rng());
      a64[i] = b64[i] = rng();
    }
    k.compress256(a32, blocks.data(), nblocks);
    sha2::compress256_portable(b32, blocks.data(), nblocks);
    ASSERT_EQ(0, std::memcmp(a32, b32, sizeof a32)) << "compress256 trial " << trial;
    k.compress512(a64, blocks.data(), nblocks);
    sha2::compress512_portable(b64, blocks.data(), nblocks);
    ASSERT_EQ(0, std::memcmp(a64, b64, sizeof a64)) << "compress512 trial " << trial;
  }
}

// Long runs for the two-block SHA-512 kernels (the schedule of the next pair is computed
// during the current pair's rounds): 10-41 blocks, odd and even counts.
TEST_P(Sha2Backend, Compress512LongRunsMatchPortable) {
  const sha2::Kernels& k = sha2::kernels_for(GetParam());
  std::mt19937_64 rng(7);
  for (std::size_t nblocks = 10; nblocks <= 41; ++nblocks) {
    Bytes blocks(128 * nblocks);
    for (auto& b : blocks) b = static_cast<std::uint8_t>(rng());
    std::uint64_t a64[8], b64[8];
    for (int i = 0; i < 8; ++i) a64[i] = b64[i] = rng();
    k.compress512(a64, blocks.data(), nblocks);
    sha2::compress512_portable(b64, blocks.data(), nblocks);
    ASSERT_EQ(0, std::memcmp(a64, b64, sizeof a64)) << nblocks << " blocks";
  }
}

TESSERA_INSTANTIATE_PER_BACKEND(Sha2Backend);

TEST(Sha2Kernels, ShaNiSelectedWhenAvailable) {
#if TESSERA_HAVE_AVX2
  if (!sha2::shani_available()) GTEST_SKIP() << "no SHA-NI on this CPU/build";
  if (!backend_available(Backend::avx2)) GTEST_SKIP() << "no x86 SIMD backend";
  EXPECT_EQ(sha2::kernels_for(Backend::avx2).compress256, &sha2::compress256_shani);
  EXPECT_EQ(sha2::kernels_for(Backend::portable).compress256, &sha2::compress256_portable);
#else
  GTEST_SKIP() << "the x86 SIMD kernels (SHA-NI among them) are compiled out of this build";
#endif
}

// Little-endian 32-bit-limb integers, wide enough for the cubes of 68-bit numbers.
using Big = std::array<std::uint32_t, 8>;
Big big_mul(const Big& a, const Big& b) {
  Big r{};
  for (int i = 0; i < 8; ++i) {
    std::uint64_t carry = 0;
    for (int j = 0; i + j < 8; ++j) {
      const std::uint64_t t = static_cast<std::uint64_t>(a[i]) * b[j] + r[i + j] + carry;
      r[i + j] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
    }
  }
  return r;
}
bool big_less_equal(const Big& a, const Big& b) {
  for (int i = 7; i >= 0; --i) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return true;
}
Big big_from(std::uint64_t hi, std::uint64_t lo) {  // hi * 2^64 + lo
  return {static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(lo >> 32), static_cast<std::uint32_t>(hi),
          static_cast<std::uint32_t>(hi >> 32), 0, 0, 0, 0};
}

std::vector<std::uint32_t> primes(int n) {
  std::vector<std::uint32_t> p;
  for (std::uint32_t c = 2; static_cast<int>(p.size()) < n; ++c) {
    bool prime = true;
    for (std::uint32_t q : p) prime = prime && c % q != 0;
    if (prime) p.push_back(c);
  }
  return p;
}

// K (FIPS 180-4, Sections 4.2.2 and 4.2.3): the fractional parts of the cube roots of the
// first 64 / 80 primes, checked as floor(cbrt(p) * 2^w) = (floor(cbrt(p)) << w) | K:
// x^3 <= p * 2^(3w) < (x + 1)^3.
TEST(Sha2Constants, RoundConstantsAreCubeRoots) {
  const auto p = primes(80);
  for (int i = 0; i < 80; ++i) {
    std::uint64_t int_part = 1;
    while ((int_part + 1) * (int_part + 1) * (int_part + 1) <= p[i]) ++int_part;
    // 64-bit words.
    const Big x = big_from(int_part, sha2::kK512[i]);
    const Big x1 = big_from(int_part, sha2::kK512[i] + 1);  // K + 1 never carries here
    Big target{};
    target[6] = p[i];  // p * 2^192
    EXPECT_TRUE(big_less_equal(big_mul(big_mul(x, x), x), target)) << "K512[" << i << "]";
    EXPECT_FALSE(big_less_equal(big_mul(big_mul(x1, x1), x1), target)) << "K512[" << i << "]";
    if (i < 64) {
      // 32-bit words are the high halves.
      EXPECT_EQ(sha2::kK256[i], static_cast<std::uint32_t>(sha2::kK512[i] >> 32)) << "K256[" << i << "]";
    }
  }
}

// SHA-512/t IV generation function (FIPS 180-4, Section 5.3.6): SHA-512 with
// H(0) XOR a5a5...a5 applied to the string "SHA-512/t"; its output is the IV used by
// sha512_224 / sha512_256 (checked by hashing "abc" with it).
TEST(Sha2Constants, Sha512tIvGeneration) {
  const std::uint64_t iv512[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b,
                                  0xa54ff53a5f1d36f1, 0x510e527fade682d1, 0x9b05688c2b3e6c1f,
                                  0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
  auto one_block = [](std::uint64_t (&h)[8], const std::string& msg) {
    std::uint8_t block[128] = {};
    std::memcpy(block, msg.data(), msg.size());
    block[msg.size()] = 0x80;
    const std::uint64_t bits = 8 * msg.size();
    for (int i = 0; i < 8; ++i) block[127 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
    sha2::compress512_portable(h, block, 1);
  };
  for (int t : {224, 256}) {
    std::uint64_t h[8];
    for (int i = 0; i < 8; ++i) h[i] = iv512[i] ^ 0xa5a5a5a5a5a5a5a5;
    one_block(h, "SHA-512/" + std::to_string(t));
    one_block(h, kAbc);
    Bytes digest;
    for (int i = 0; i < t / 8; ++i) digest.push_back(static_cast<std::uint8_t>(h[i / 8] >> (56 - 8 * (i % 8))));
    EXPECT_EQ(to_hex(digest), to_hex(one_shot(t == 224 ? 4 : 5, as_bytes(kAbc)))) << "SHA-512/" << t;
  }
}

}  // namespace
}  // namespace tessera::test
