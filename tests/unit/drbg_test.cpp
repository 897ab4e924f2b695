// Hash_DRBG (SP 800-90A Rev. 1, Section 10.1.1) and the system DRBG behind random_bytes().
//
// Known answers: NIST CAVS Hash_DRBG SHA-256 vectors (drbgtestvectors.zip, as carried by
// the Linux kernel's crypto/testmgr.h): entropy holds EntropyInput || Nonce, the DRBG
// generates twice (additional inputs a, b) and the second output is compared. With
// prediction resistance, each generate first reseeds with EntropyInputPR (a, b).
// SHA-512 (also offered; the system DRBG uses SHA-256): NIST CAVS 14.3 Hash_DRBG.rsp
// vectors from drbgtestvectors.zip (kCavsSha512 below says which file, section and
// COUNT), and a direct transcription of the Section 10.1.1 steps for other lengths.
#include <tessera/drbg.hpp>
#include <tessera/random.hpp>
#include <tessera/sha2.hpp>

#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <csignal>
#include <unistd.h>

namespace tessera::test {
namespace {

struct CavsCase {
  const char* entropy;  // EntropyInput || Nonce
  const char* pers;
  const char* addtl_a;
  const char* addtl_b;
  const char* entropy_pr_a;  // empty: no prediction resistance
  const char* entropy_pr_b;
  const char* expected;
};

const CavsCase kCavs[] = {
    // [SHA-256] no prediction resistance, no personalization, no additional input.
    {"a65ad0f345db4e0effe875c3a2e71f42c7129d620ff5c119a9ef55f05185e0fb8581f9317517276e06e9607ddbcbcc2e", "", "", "",
     "", "",
     "d3e160c35b99f340b2628264d1751060e0045da383ff57a57d73a673d2b8d80daaf6a6c35a91bb4579d73fd0c8fed111"
     "b0391306828adfed528f018121b3febdc343e797b87dbb63db1333ded9d1ece177cfa6b71fe8ab1da46624ed6415e51c"
     "cde2c7ca86e283990eeaeb91120415528b2295910281b02dd431f4c9f70427df"},
    // [SHA-256] no prediction resistance, personalization and additional input.
    {"69ed82a9c57bbfe51d2fcb7ad3507d96b4b92b50775127743374baf130df8edf871d87bc96b2c3a7ed605e614e51291a",
     "74a6e008f927ee1d6e3c282087ddd7543147784be56da373a965b110c1dc777c",
     "74d36ddae8d6865f6301fdf27d06296d94d166f0d272674e77c53d9e03e3a578",
     "f6b63df07c2604c58bcd3e6a9f9c3a2edb4787e58e005e2b747fa6f680cd9b21", "", "",
     "a571243111fe13e1a82412fb37a127a5ab77a19fae8faf1393f7538591b61babd46beab6efda4c906eef5fdee1c71036"
     "d567bd14b689210cc9926564d0f323e07fd1e875c28506eacac0cb792d2982fcaa9ac6957edc8865baec0e1687eca39e"
     "d88c80ab3a64e0cb0e4598dd7c6c6c261113c8cea947a60657a266bb2d7ff3c1"},
    // [SHA-256] prediction resistance, no personalization, no additional input.
    {"72884ccd6c855770f70b8b86c1ebd24e3614ab18c49cc9cf1ae8f77b024973d7f1427dc63f292decd366513f1d8d5b4e", "", "", "",
     "389c91fac2a3468956083f6273d522a929633a1de55d5e4f67b0677a5e9e0c62",
     "b28f36b2f68d3913fa6c66cf628a7e8c1233719c69e4a5f08ceeeb9cf5319831",
     "527ba3ad7177a449420461c7f0afa5fdd3b30d6a61ba3549bbaaafe4257db548af5c183d338d9d45df98d594a8da92fe"
     "c43c942acf7f7bf2eb28a9f1e08630a8fef24890910c75b53c00f04d094f40a7a28c52df52ef17bf3dd1a231b4b8dce6"
     "5b0d1f7836b4e64ba71125d594c69736abf0e531286abbce3081a68f2714f81c"},
    // [SHA-256] prediction resistance, personalization and additional input.
    {"b6c18ddf9954be951048d9f6d748a8732d74de1ede577ef47b7b64ef887aa8104be1c187bb0be1393950af689ca2bf5e",
     "84c3739eceb3bc89f762b3e1d748458aa9cce9edd5818452824cdc19b8f8925c",
     "15202ff6982863a2c44ebb6cb225926179c922c4615496ff4a85ca80fe0d1cd0",
     "de298e034261a3285ec880c26dbfad13e18d2ac7e8c7188942589ed6ccad7b1e",
     "dc810a0158a72eceee488c7c779e3cf117247abbab9fca1219af972d5ff9fffc",
     "affc4f988b9395c1b58b7f736da6be6d33eb2c82b1afc1b6b605e244aafde7db",
     "5179de1c0f58f3f4c9572e31a709a1536463a2c51d848865011bc6163c495b428e53f518ad94120d4f55cc455c980f42"
     "282f4711f9c401976ba09450a9d15e06543fdfbbc498ee8bbaa9fa49ee1ddcfb50f6519f6c4a9a6f63a27dadaf3a24a0"
     "d99f07eb15ee26e0d56339da3c59d6336c02e80571466844634a6872e9f555fe"},
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

TEST(HashDrbgCavs, Sha256) {
  int n = 0;
  for (const CavsCase& c : kCavs) {
    HashDrbg<Sha256> drbg;
    ASSERT_TRUE(drbg.instantiate(from_hex(c.entropy), {}, from_hex(c.pers)).has_value()) << n;
    Bytes out(128);
    const bool pr = *c.entropy_pr_a != '\0';
    for (int step = 0; step < 2; ++step) {
      const Bytes addtl = from_hex(step == 0 ? c.addtl_a : c.addtl_b);
      if (pr) {
        const Bytes fresh = from_hex(step == 0 ? c.entropy_pr_a : c.entropy_pr_b);
        ASSERT_TRUE(drbg.generate_with_prediction_resistance(out, fresh, addtl).has_value()) << n;
      } else {
        ASSERT_TRUE(drbg.generate(out, addtl).has_value()) << n;
      }
    }
    EXPECT_EQ(lower(to_hex(out)), c.expected) << "case " << n;
    ++n;
  }
}

// NIST CAVS 14.3 Hash_DRBG vectors for SHA-512 (EntropyInputLen = 256, NonceLen = 128,
// ReturnedBitsLen = 2048), copied from drbgtestvectors.zip (the copies carried by
// github.com/tritoke/nist-drbg-rs, assets/drbgvectors_*/Hash_DRBG.rsp; the pr_false file is
// byte-identical to the copy in github.com/vibhav950/Xrand, test/Hash_DRBG.rsp, and its
// PersonalizationStringLen = AdditionalInputLen = 256 case is also in Crypto++'s
// validat3.cpp). The DRBGVS call sequences:
//  - drbgvectors_pr_false: Instantiate(EntropyInput, Nonce, PersonalizationString);
//    Reseed(EntropyInputReseed, AdditionalInputReseed); Generate(AdditionalInput[0]);
//    Generate(AdditionalInput[1]), whose output is ReturnedBits.
//  - drbgvectors_pr_true: Instantiate; twice, Generate with prediction resistance
//    (Section 9.3.1: Reseed(EntropyInputPR[i], AdditionalInput[i]), then generate with no
//    additional input); the second output is ReturnedBits.
struct CavsSha512Case {
  const char* source;  // file, section and COUNT
  const char *entropy, *nonce, *pers;
  const char *entropy_reseed, *addtl_reseed;  // pr_false only
  const char *addtl_a, *addtl_b;
  const char *entropy_pr_a, *entropy_pr_b;    // pr_true only
  const char* expected;
};

const CavsSha512Case kCavsSha512[] = {
    {"drbgvectors_pr_false/Hash_DRBG.rsp [SHA-512] [PredictionResistance = False] "
     "[PersonalizationStringLen = 0] [AdditionalInputLen = 0] (first such group) COUNT = 0 (line 10128)",
     "3144e17a10c856129764f58fd8e4231020546996c0bf6cff8e91c24ee09be333", "b16fcb1cf0c010f31feab733588b8e04", "",
     "a0b3584c2c8412f618406834404d1eb0ce999ba28966054d7e497e0db608b967", "", "", "", "", "",
     "efa35dd0362adb7626456b36fac74d3c28d01d926420275a28bea9c9dd7547c15e7931852ac1277076567535239c1f42"
     "9c7f75cf74c2267deb6a3e596cf326156c796941283b8d583f171c2f6e3323f7555e1b181ffda30507210cb1f589b23c"
     "d71880fd44370cacf43375b0db7e336f12b309bfd4f610bb8f20e1a15e253a4fe511a027968df0b105a1d73aff7c7a82"
     "6d39f640dfb8f522259ed402282e2c2e9d3a498f51725fe4141b06da5598a42ac1e0494e997d566a1a39b676b96a6003"
     "a4c5db84f246584ee65af70ff2160278166da16d91c9b8f2deb02751a1088ad6be4e80ef966eb73e66bc87cad87c77c0"
     "b34a21ba1da0ba6d16ca5046dc4abda0"},
    {"drbgvectors_pr_false/Hash_DRBG.rsp [SHA-512] [PredictionResistance = False] "
     "[PersonalizationStringLen = 256] [AdditionalInputLen = 256] (fourth such group) COUNT = 0 (line 12498)",
     "554e8ffdc49ad8f99ae5d5f81af5dafb7f7553d7cb568ea73cc082dd807625c0", "f08978de2dc2cdd9c0fd3d84d98b8e8e",
     "3e527ab5812b0c0e982a95789398d9ebf1b9ebd61d0205ed42212d24b837f841",
     "78073e86794b109588f422f9bd047ec0ceabd6786bdfe289b316439c322db259",
     "f26bb1ef30ca8f97c019d079e5c65eaed1a39a52af12e828de0370799a70118b",
     "b09db5a845ec797a4b607ee4d558567035209bd8e5016c78ff1f6b93bf7c34ca",
     "45922fb35ad06a845fc9ca164a42bb5984b43857a9162348f02f51612435b862", "", "",
     "1f20839e22553b1e6cd4f63a47c399540f69a3bb3747a02a12acc70085c5ccf47b125a4aeaed2fe531510dc18e5029e2"
     "a6cb8f34bada8b47323381f12df68b738cff15c88e8c3148fac3c49f528123c22a83bdf144ef15499344836b375dbbff"
     "72d2869662f84d123b16cbaca100121f94a8d5ae9a9edac8d76d5933fd55c9cc5bad3973b5138b96dfdbf59081df686a"
     "307242f274ae7f1f7ffe8b3d493898347c63466eaffacb060608e6c8353c68b8cc9d5cdfdbc0414448e611d478508191"
     "ed1d75f3bd79ff1e37afc65d49d65cac5bcbd6913751fa9870fc32b3f286e4ed74f25d8b6c4db8ded84ad65ed66daeb1"
     "1ba2945254ad3c3d25bd12463ca0459d"},
    {"drbgvectors_pr_true/Hash_DRBG.rsp [SHA-512] [PredictionResistance = True] "
     "[PersonalizationStringLen = 0] [AdditionalInputLen = 0] (first such group) COUNT = 0 (line 10128)",
     "73c9b115b7efb0a63244d7493ae5820599d7cee5ca054db2f7269ba7f621bdca", "c204e6de789b0394fbbe6663466efcea", "",
     "", "", "", "", "cfcef3776b37649a7f6d2b48f443da79a2f2f81d04f3af9853a9e696c4487440",
     "d0638e28cae8d1c0f57209d677d889d195a672023cb8ade39f794989e1daee34",
     "04744d1d42601995fa3b101ded3d2531cbf45afd83120d58eb26594a863bd8318311b08d3df4c571a9c26dff63a3e991"
     "3a9a17a7c455186fdfdd90c664a84b73a1106a5a82f741bd4c7a48bd046c268d8919efc941f8b45a3c3d89cf37141b5c"
     "41b10ff543a6926272d623ad8eccd026552090adcfacb124f47c4ad62be90ea5a0a7087d81458445813af88ffb5a8c35"
     "19f977131cc851cb4454b0a756c8373f052382435ab934718c955177363389c06b0b5073478e84d253ff02a3f1bef1bb"
     "f1338f77f92f029f638a4691c48c470d30d230f007f545e022f66c78a130697814aa55d2000a49553bef35fab5808e2f"
     "3cbb38c405611fa81444124e3f89e1e8"},
    {"drbgvectors_pr_true/Hash_DRBG.rsp [SHA-512] [PredictionResistance = True] "
     "[PersonalizationStringLen = 256] [AdditionalInputLen = 256] (first such group) COUNT = 0 (line 10602)",
     "0cfbae94684321e071e66da09e0410128b7a14ff1692014c98fac7f384e8362f", "3a217aec700c191b05e4a11803d5f651",
     "e638d92f217337982258337ae63c3b07b30fc5668e8c123ee0e530fc0187f251", "", "",
     "30580498cac41c4a514dd913131dd0ef932dfc246710ffb09b33c952fe5e7e69",
     "ce49a8abe2d1b66582eb54c66022fc856324cfd8c9504077b063f3d58e832fa3",
     "fa65a1561e9699272c147531b29015053ea0e504c1978cc791fd75eaff51c005",
     "7cb7d7de34f568cd8e5808226db8f414f1da556cf00796dc12ecdd8ad049b1c3",
     "174df659adf93390e0543d04a55d1c23ef5faf8b1a49d36b6010a0ebdd2f77b35b5a8cf942236619a4304b5c0eaad098"
     "ca977a219f2c327f49b5ee4d2a29f48ec91623ce288930b8fe9092ff8ce4aee8e90f6ae9cbf8514d1636f8bda841b49a"
     "a3043605e49581c42f2e54a3b9f1dbe51e78996314df8e3cb43687721d1c660b37f118331dcf8b0acec110489741df45"
     "f2cd5c2aa2a989cd3635fb52ec156b855307e30e34092eff182886470ee9ce0df25c54ddcfe1ca1ae713a2063dc16274"
     "fb36dd957a3a3fcc80d2a0e908e0e43cd0d55e4241afc3ebf6f36248528f0dcfa780aa417f3dabdb7be6622c0c8c8df5"
     "973392c913c777454c393587e050afdf"},
};

TEST(HashDrbgCavs, Sha512) {
  for (const CavsSha512Case& c : kCavsSha512) {
    SCOPED_TRACE(c.source);
    HashDrbg<Sha512> drbg;
    ASSERT_TRUE(drbg.instantiate(from_hex(c.entropy), from_hex(c.nonce), from_hex(c.pers)).has_value());
    const bool pr = *c.entropy_pr_a != '\0';
    if (!pr) {
      ASSERT_TRUE(drbg.reseed(from_hex(c.entropy_reseed), from_hex(c.addtl_reseed)).has_value());
    }
    Bytes out(2048 / 8);
    for (int step = 0; step < 2; ++step) {
      const Bytes addtl = from_hex(step == 0 ? c.addtl_a : c.addtl_b);
      if (pr) {
        const Bytes fresh = from_hex(step == 0 ? c.entropy_pr_a : c.entropy_pr_b);
        ASSERT_TRUE(drbg.generate_with_prediction_resistance(out, fresh, addtl).has_value());
      } else {
        ASSERT_TRUE(drbg.generate(out, addtl).has_value());
      }
    }
    EXPECT_EQ(lower(to_hex(out)), c.expected);
  }
}

// --- A transcription of SP 800-90A Rev. 1, Section 10.1.1 for SHA-512 (seedlen 888),
// on byte vectors, for comparison with the library's implementation.
Bytes h512(const Bytes& m) {
  std::array<std::uint8_t, 64> d;
  sha512(m, d);
  return Bytes(d.begin(), d.end());
}
Bytes cat(std::initializer_list<Bytes> parts) {
  Bytes r;
  for (const Bytes& p : parts) r.insert(r.end(), p.begin(), p.end());
  return r;
}
Bytes hash_df(const Bytes& input, std::size_t bytes) {  // Section 10.3.1
  Bytes temp;
  const std::uint32_t bits = static_cast<std::uint32_t>(8 * bytes);
  for (std::uint8_t counter = 1; temp.size() < bytes; ++counter) {
    const Bytes prefix = {counter, static_cast<std::uint8_t>(bits >> 24), static_cast<std::uint8_t>(bits >> 16),
                          static_cast<std::uint8_t>(bits >> 8), static_cast<std::uint8_t>(bits)};
    const Bytes h = h512(cat({prefix, input}));
    temp.insert(temp.end(), h.begin(), h.end());
  }
  temp.resize(bytes);
  return temp;
}
void add_into(Bytes& v, const Bytes& x) {  // v = (v + x) mod 2^(8 |v|), big-endian
  unsigned carry = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const unsigned s = v[v.size() - 1 - i] + (i < x.size() ? x[x.size() - 1 - i] : 0u) + carry;
    v[v.size() - 1 - i] = static_cast<std::uint8_t>(s);
    carry = s >> 8;
  }
}
struct RefDrbg {
  Bytes v, c;
  std::uint64_t counter = 0;
  void instantiate(const Bytes& e, const Bytes& n, const Bytes& p) {
    v = hash_df(cat({e, n, p}), 111);
    c = hash_df(cat({Bytes{0}, v}), 111);
    counter = 1;
  }
  void reseed(const Bytes& e, const Bytes& a) {
    v = hash_df(cat({Bytes{1}, v, e, a}), 111);
    c = hash_df(cat({Bytes{0}, v}), 111);
    counter = 1;
  }
  Bytes generate(std::size_t n, const Bytes& a) {
    if (!a.empty()) add_into(v, h512(cat({Bytes{2}, v, a})));
    Bytes out, data = v;
    while (out.size() < n) {
      const Bytes w = h512(data);
      out.insert(out.end(), w.begin(), w.end());
      add_into(data, Bytes{1});
    }
    out.resize(n);
    add_into(v, h512(cat({Bytes{3}, v})));
    add_into(v, c);
    Bytes rc(8);
    for (int i = 0; i < 8; ++i) rc[i] = static_cast<std::uint8_t>(counter >> (56 - 8 * i));
    add_into(v, rc);
    ++counter;
    return out;
  }
};

TEST(HashDrbgSha512, MatchesSpecTranscription) {
  Bytes e(32), n(16), p(20), a(33), e2(40);
  for (std::size_t i = 0; i < e.size(); ++i) e[i] = static_cast<std::uint8_t>(i * 7 + 1);
  for (std::size_t i = 0; i < n.size(); ++i) n[i] = static_cast<std::uint8_t>(i * 13 + 2);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<std::uint8_t>(i * 3 + 5);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<std::uint8_t>(i * 11 + 9);
  for (std::size_t i = 0; i < e2.size(); ++i) e2[i] = static_cast<std::uint8_t>(255 - i);
  HashDrbg<Sha512> drbg;
  RefDrbg ref;
  ASSERT_TRUE(drbg.instantiate(e, n, p).has_value());
  ref.instantiate(e, n, p);
  for (std::size_t len : {0, 1, 63, 64, 65, 200, 1000}) {
    for (bool with_addtl : {false, true}) {
      Bytes out(len);
      ASSERT_TRUE(drbg.generate(out, with_addtl ? a : Bytes{}).has_value());
      EXPECT_EQ(to_hex(out), to_hex(ref.generate(len, with_addtl ? a : Bytes{}))) << len;
    }
  }
  ASSERT_TRUE(drbg.reseed(e2, a).has_value());
  ref.reseed(e2, a);
  EXPECT_EQ(drbg.reseed_counter(), 1u);
  Bytes out(100);
  ASSERT_TRUE(drbg.generate(out, {}).has_value());
  EXPECT_EQ(to_hex(out), to_hex(ref.generate(100, {})));
  // Prediction resistance = reseed(entropy, additional input), then generate with none.
  ASSERT_TRUE(drbg.generate_with_prediction_resistance(out, e, a).has_value());
  ref.reseed(e, a);
  EXPECT_EQ(to_hex(out), to_hex(ref.generate(100, {})));
}

TEST(HashDrbg, ReseedCounterAndInterval) {
  HashDrbg<Sha512> drbg;
  const Bytes e(48, 0x42);
  ASSERT_TRUE(drbg.instantiate(e, {}, {}).has_value());
  drbg.set_reseed_interval(3);
  EXPECT_EQ(drbg.reseed_counter(), 1u);
  Bytes out(32);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(drbg.generate(out).has_value()) << i;
  EXPECT_EQ(drbg.reseed_counter(), 4u);
  EXPECT_TRUE(drbg.reseed_required());
  // Step 1: reseed required -> no output, zeroed buffer.
  std::fill(out.begin(), out.end(), 0xee);
  Result<void> r = drbg.generate(out);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), Error::invalid_state);
  EXPECT_STREQ(r.what(), "Hash_DRBG reseed counter (reseed required)");
  EXPECT_EQ(out, Bytes(32, 0));
  ASSERT_TRUE(drbg.reseed(Bytes(32, 7), {}).has_value());
  EXPECT_EQ(drbg.reseed_counter(), 1u);
  EXPECT_TRUE(drbg.generate(out).has_value());
  EXPECT_EQ(drbg.reseed_counter(), 2u);
}

TEST(HashDrbg, ReseedChangesOutput) {
  HashDrbg<Sha512> a, b;
  const Bytes e(48, 0x42);
  ASSERT_TRUE(a.instantiate(e, {}, {}).has_value());
  ASSERT_TRUE(b.instantiate(e, {}, {}).has_value());
  Bytes oa(64), ob(64);
  ASSERT_TRUE(a.generate(oa).has_value());
  ASSERT_TRUE(b.generate(ob).has_value());
  EXPECT_EQ(oa, ob);  // deterministic
  ASSERT_TRUE(b.reseed(Bytes(32, 1), {}).has_value());
  ASSERT_TRUE(a.generate(oa).has_value());
  ASSERT_TRUE(b.generate(ob).has_value());
  EXPECT_NE(oa, ob);
}

// Each failure names its argument (Result::what()).
void expect_failure(const Result<void>& r, Error e, const char* what) {
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error(), e);
  EXPECT_STREQ(r.what(), what);
}

TEST(HashDrbg, ArgumentChecks) {
  HashDrbg<Sha512> drbg;
  Bytes out(16, 0xee);
  expect_failure(drbg.generate(out), Error::invalid_state, "Hash_DRBG (not instantiated)");
  EXPECT_EQ(out, Bytes(16, 0));
  expect_failure(drbg.reseed(Bytes(32, 1), {}), Error::invalid_state, "Hash_DRBG (not instantiated)");
  expect_failure(drbg.generate_with_prediction_resistance(out, Bytes(32, 1)), Error::invalid_state,
                 "Hash_DRBG (not instantiated)");  // the reseed's failure, forwarded
  // Entropy < 256 bits; no 128-bit nonce (Section 8.6.7).
  expect_failure(drbg.instantiate(Bytes(31, 1), Bytes(32, 2), {}), Error::invalid_length, "Hash_DRBG entropy input");
  expect_failure(drbg.instantiate(Bytes(32, 1), Bytes(15, 2), {}), Error::invalid_length, "Hash_DRBG nonce");
  ASSERT_TRUE(drbg.instantiate(Bytes(32, 1), Bytes(16, 2), {}).has_value());
  expect_failure(drbg.reseed(Bytes(31, 1), {}), Error::invalid_length, "Hash_DRBG entropy input");
  std::fill(out.begin(), out.end(), 0xee);
  expect_failure(drbg.generate_with_prediction_resistance(out, Bytes(31, 1)), Error::invalid_length,
                 "Hash_DRBG entropy input");
  EXPECT_EQ(out, Bytes(16, 0));
  Bytes big(HashDrbg<Sha512>::max_request_bytes + 1, 0xee);
  expect_failure(drbg.generate(big), Error::invalid_length, "Hash_DRBG output length (over 2^19 bits)");
  EXPECT_EQ(big, Bytes(big.size(), 0));
  std::fill(big.begin(), big.end(), 0xee);
  expect_failure(drbg.generate_with_prediction_resistance(big, Bytes(32, 1)), Error::invalid_length,
                 "Hash_DRBG output length (over 2^19 bits)");
  EXPECT_EQ(big, Bytes(big.size(), 0));
  Bytes max(HashDrbg<Sha512>::max_request_bytes);
  EXPECT_TRUE(drbg.generate(max).has_value());
  drbg.uninstantiate();
  EXPECT_FALSE(drbg.instantiated());
  expect_failure(drbg.generate(out), Error::invalid_state, "Hash_DRBG (not instantiated)");
}

TEST(HashDrbg, PersonalizationMatters) {
  HashDrbg<Sha512> a, b;
  const Bytes e(48, 0x42);
  ASSERT_TRUE(a.instantiate(e, {}, Bytes{1}).has_value());
  ASSERT_TRUE(b.instantiate(e, {}, Bytes{2}).has_value());
  Bytes oa(64), ob(64);
  ASSERT_TRUE(a.generate(oa).has_value());
  ASSERT_TRUE(b.generate(ob).has_value());
  EXPECT_NE(oa, ob);
}

// --- The system DRBG.

TEST(RandomBytes, LargeAndEmptyRequests) {
  Bytes out(200000);  // several 64 KiB DRBG requests
  ASSERT_TRUE(random_bytes(out).has_value());
  // 200000 bytes of DRBG output: every byte value appears.
  std::set<std::uint8_t> seen(out.begin(), out.end());
  EXPECT_EQ(seen.size(), 256u);
  Bytes none;
  EXPECT_TRUE(random_bytes(none).has_value());
}

// A child process never repeats its parent's output: both draw right after fork().
// A child process draws 32 bytes right after fork_fn() (the parent's instance is seeded
// before); returns parent and child output as hex (empty on a failure, with a message).
template <class ForkFn>
void expect_child_differs(ForkFn fork_fn) {
  Bytes warm(32);
  ASSERT_TRUE(random_bytes(warm).has_value());  // the parent's instance is seeded
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t pid = fork_fn();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::uint8_t child[32];
    const bool ok = random_bytes(child).has_value();
    const ssize_t w = ok ? write(fds[1], child, sizeof child) : -1;
    _exit(w == static_cast<ssize_t>(sizeof child) ? 0 : 1);
  }
  close(fds[1]);
  Bytes parent(32);
  ASSERT_TRUE(random_bytes(parent).has_value());
  Bytes child(32);
  std::size_t got = 0;
  while (got < child.size()) {
    const ssize_t r = read(fds[0], child.data() + got, child.size() - got);
    if (r <= 0) break;
    got += static_cast<std::size_t>(r);
  }
  close(fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  ASSERT_EQ(got, child.size());
  EXPECT_NE(to_hex(parent), to_hex(child));
}

TEST(RandomBytes, ForkedChildDiffers) {
  expect_child_differs([] { return fork(); });
}

#if defined(__linux__) && defined(SYS_clone) && defined(MADV_WIPEONFORK)
// Whether madvise(MADV_WIPEONFORK) succeeds but a raw clone() child still sees the page's
// contents: the advice is accepted and ignored. Linux 4.14+ honours it (or fails with
// EINVAL before), but qemu-user 7.2 returns 0 for every madvise without doing anything
// (linux-user treats madvise as a hint), and the DRBG's fork check (src/rand/drbg.cpp,
// wipe_on_fork_flag) relies on the kernel honouring it once madvise succeeded.
bool wipe_on_fork_accepted_but_ignored() {
  const long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) return false;
  void* p = mmap(nullptr, static_cast<std::size_t>(page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return false;
  bool ignored = false;
  if (madvise(p, static_cast<std::size_t>(page), MADV_WIPEONFORK) == 0) {
    auto* flag = static_cast<volatile std::uint8_t*>(p);
    *flag = 1;
    const pid_t pid = static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
    if (pid == 0) _exit(*flag == 0 ? 0 : 3);  // wiped in the child: the advice works
    int status = 0;
    if (pid > 0 && waitpid(pid, &status, 0) == pid) ignored = WIFEXITED(status) && WEXITSTATUS(status) == 3;
  }
  munmap(p, static_cast<std::size_t>(page));
  return ignored;
}
#endif

// A fork that skips the pthread_atfork handlers (as raw clone() and _Fork() do): the DRBG
// must notice the new process by itself.
TEST(RandomBytes, RawForkChildDiffers) {
#if defined(__linux__) && defined(SYS_clone)
#if defined(MADV_WIPEONFORK)
  // Measured, not assumed from the environment: the check is meaningless where the
  // platform breaks MADV_WIPEONFORK's contract (scripts/ci-aarch64.sh listed this test as a
  // qemu artefact; it passes on Linux/aarch64 hardware).
  if (wipe_on_fork_accepted_but_ignored())
    GTEST_SKIP() << "madvise(MADV_WIPEONFORK) returned 0 but a raw clone() child still sees the page "
                    "(qemu-user <= 7.2 accepts and ignores madvise): the DRBG's fork check needs a kernel that honours it";
#endif
  expect_child_differs([] { return static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0)); });
#else
  GTEST_SKIP() << "no raw clone system call on this platform";
#endif
}

// Threads draw concurrently; every 32-byte output is distinct.
TEST(RandomBytes, ManyThreadsDistinct) {
  constexpr int kThreads = 16, kDraws = 500;
  std::vector<std::vector<Bytes>> outputs(kThreads);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kDraws; ++i) {
        Bytes o(32);
        if (!random_bytes(o).has_value()) failures.fetch_add(1);
        outputs[t].push_back(std::move(o));
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  std::set<std::string> all;
  for (const auto& v : outputs)
    for (const Bytes& o : v) all.insert(to_hex(o));
  EXPECT_EQ(all.size(), static_cast<std::size_t>(kThreads * kDraws));
}

// A counting entropy source: prediction resistance reads it on every request; plain
// requests only when (re)seeding; installing it makes the DRBG reseed from it.
std::atomic<int> g_source_calls{0};
std::atomic<bool> g_source_fails{false};
bool counting_source(std::uint8_t* out, std::size_t len) noexcept {
  g_source_calls.fetch_add(1);
  if (g_source_fails.load()) return false;
  for (std::size_t i = 0; i < len; ++i) out[i] = static_cast<std::uint8_t>(i * 31 + static_cast<std::size_t>(g_source_calls.load()));
  return true;
}

TEST(RandomBytes, EntropySourcePredictionResistanceAndFailure) {
  set_entropy_source(counting_source);
  Bytes out(64);
  g_source_calls = 0;
  ASSERT_TRUE(random_bytes(out).has_value());
  EXPECT_EQ(g_source_calls.load(), 1);  // reseed after set_entropy_source
  ASSERT_TRUE(random_bytes(out).has_value());
  EXPECT_EQ(g_source_calls.load(), 1);  // no source read for a plain request
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(random_bytes_with_prediction_resistance(out).has_value());
  EXPECT_EQ(g_source_calls.load(), 4);  // one fresh read per prediction-resistant request
  const Bytes before = out;
  ASSERT_TRUE(random_bytes_with_prediction_resistance(out).has_value());
  EXPECT_NE(out, before);

  // A failing source: prediction resistance fails (output zeroed), and so does the
  // reseed that installing a source forces.
  g_source_fails = true;
  std::fill(out.begin(), out.end(), 0xee);
  EXPECT_EQ(random_bytes_with_prediction_resistance(out).error(), Error::randomness_failure);
  EXPECT_EQ(out, Bytes(64, 0));
  set_entropy_source(counting_source);
  std::fill(out.begin(), out.end(), 0xee);
  EXPECT_EQ(random_bytes(out).error(), Error::randomness_failure);
  EXPECT_EQ(out, Bytes(64, 0));
  EXPECT_EQ(entropy_bytes(out).error(), Error::randomness_failure);
  // The failure says which source failed, through the DRBG too.
  EXPECT_STREQ(entropy_bytes(out).what(), "the installed entropy source (set_entropy_source) failed");
  set_entropy_source(counting_source);
  EXPECT_STREQ(random_bytes(out).what(), "the installed entropy source (set_entropy_source) failed");
  g_source_fails = false;
  set_entropy_source(nullptr);
  EXPECT_TRUE(random_bytes(out).has_value());
  EXPECT_TRUE(entropy_bytes(out).has_value());
}

}  // namespace
}  // namespace tessera::test
