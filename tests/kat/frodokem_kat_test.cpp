// FrodoKEM and eFrodoKEM known answers, every parameter set, on every backend the host has:
//  - the reference implementation's NIST-format .rsp files (vectors/frodokem/{FrodoKEM,
//    eFrodoKEM}/PQCkemKAT_<sk bytes>[_shake].rsp, first 10 counts): pk, sk, ct, ss;
//  - Botan's frodokem_kat.vec (25 counts per set): ss, and pk/sk/ct as SHAKE-256 digests
//    (16 bytes).
// Both draw their randomness from the NIST KAT DRBG seeded with each count's 48-byte seed:
// keygen takes s || seed_SE || z from one call, encaps mu || salt from the next.
#include "frodokem_kat_drbg.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <tessera/frodokem.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace tessera::test {
namespace {

using namespace tessera::frodokem;

using Record = std::map<std::string, std::string>;

// "key = value" records separated by blank lines; lines starting with '#' or '[' end a
// record too. Returns false (with *why) when the file cannot be read.
bool read_records(const std::filesystem::path& path, const std::string& section, std::vector<Record>* out,
                  std::string* why) {
  std::ifstream in(path);
  if (!in) {
    *why = "vectors not found: " + path.string() + " (set TESSERA_VECTORS_DIR)";
    return false;
  }
  bool in_section = section.empty();
  Record cur;
  auto flush = [&] {
    if (!cur.empty() && in_section) out->push_back(cur);
    cur.clear();
  };
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') {
      flush();
      continue;
    }
    if (line[0] == '[') {
      flush();
      if (!section.empty()) in_section = line == "[" + section + "]";
      continue;
    }
    const auto eq = line.find(" = ");
    if (eq == std::string::npos) continue;
    std::string key = line.substr(0, eq);
    for (auto& ch : key) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (key == "count" || key == "seed") {
      if (cur.count(key)) flush();
    }
    cur[key] = line.substr(eq + 3);
  }
  flush();
  if (out->empty()) {
    *why = "no records for '" + section + "' in " + path.string();
    return false;
  }
  return true;
}

template <class K>
struct Run {
  KeyPair<K::params> kp;
  Encapsulation<K::params> enc;
  typename K::SharedSecret ss_dec;
};

// One count: keygen, encaps and decaps from the DRBG seeded with `seed`.
template <class K>
void run_count(const Bytes& seed, Run<K>* run) {
  ASSERT_EQ(seed.size(), 48u);
  KatDrbg drbg(std::span<const std::uint8_t, 48>(seed.data(), 48));
  std::vector<std::uint8_t> r1(K::s_bytes + K::seed_se_bytes + K::z_bytes);
  drbg.generate(r1);
  auto kp = K::keygen_internal({r1.data(), K::s_bytes}, {r1.data() + K::s_bytes, K::seed_se_bytes},
                               {r1.data() + K::s_bytes + K::seed_se_bytes, K::z_bytes});
  ASSERT_TRUE(kp);
  std::vector<std::uint8_t> r2(K::mu_bytes + K::salt_bytes);
  drbg.generate(r2);
  auto enc = K::encaps_internal(kp->pk, {r2.data(), K::mu_bytes}, {r2.data() + K::mu_bytes, K::salt_bytes});
  ASSERT_TRUE(enc);
  auto ss = K::decaps(kp->sk.span(), enc->ct);
  ASSERT_TRUE(ss);
  run->kp = std::move(*kp);
  run->enc = std::move(*enc);
  run->ss_dec = std::move(*ss);
}

// Equality of byte strings; on failure reports the first differing offset, not the bytes.
::testing::AssertionResult same_bytes(std::span<const std::uint8_t> got, const Bytes& want) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << "length " << got.size() << ", expected " << want.size();
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) return ::testing::AssertionFailure() << "first difference at byte " << i << " of " << got.size();
  return ::testing::AssertionSuccess();
}

template <class K>
void check_rsp(const std::string& file) {
  std::vector<Record> recs;
  std::string why;
  if (!read_records(vectors_dir() / "frodokem" / file, "", &recs, &why)) GTEST_SKIP() << why;
  int done = 0;
  for (const Record& r : recs) {
    if (!r.count("seed") || !r.count("pk") || !r.count("sk") || !r.count("ct") || !r.count("ss")) continue;
    SCOPED_TRACE(std::string(K::params.name) + " count " + r.at("count"));
    auto run = std::make_unique<Run<K>>();
    run_count<K>(from_hex(r.at("seed")), run.get());
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_TRUE(same_bytes(run->kp.pk, from_hex(r.at("pk")))) << "pk";
    EXPECT_TRUE(same_bytes(run->kp.sk.span(), from_hex(r.at("sk")))) << "sk";
    EXPECT_TRUE(same_bytes(run->enc.ct, from_hex(r.at("ct")))) << "ct";
    EXPECT_TRUE(same_bytes(run->enc.shared_secret.span(), from_hex(r.at("ss")))) << "ss (encaps)";
    EXPECT_TRUE(same_bytes(run->ss_dec.span(), from_hex(r.at("ss")))) << "ss (decaps)";
    ++done;
  }
  EXPECT_GE(done, 10) << file;
}

std::string shake256_16(std::span<const std::uint8_t> in) {
  std::uint8_t d[16];
  shake256(in, d);
  return to_hex(d);
}

template <class K>
void check_botan() {
  std::vector<Record> recs;
  std::string why;
  if (!read_records(vectors_dir() / "frodokem" / "botan" / "frodokem_kat.vec", K::params.name, &recs, &why))
    GTEST_SKIP() << why;
  int done = 0;
  for (const Record& r : recs) {
    SCOPED_TRACE(std::string(K::params.name) + " vector " + std::to_string(done));
    auto run = std::make_unique<Run<K>>();
    run_count<K>(from_hex(r.at("seed")), run.get());
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_EQ(shake256_16(run->kp.pk), to_hex(from_hex(r.at("pk"))));
    EXPECT_EQ(shake256_16(run->kp.sk.span()), to_hex(from_hex(r.at("sk"))));
    EXPECT_EQ(shake256_16(run->enc.ct), to_hex(from_hex(r.at("ct"))));
    EXPECT_EQ(to_hex(run->enc.shared_secret.span()), to_hex(from_hex(r.at("ss"))));
    EXPECT_EQ(to_hex(run->ss_dec.span()), to_hex(from_hex(r.at("ss"))));
    ++done;
  }
  EXPECT_EQ(done, 25);
}

class FrodoKemKat : public PerBackend {};

#define FRODO_KAT(Name, K, dir, file)                                   \
  TEST_P(FrodoKemKat, Rsp##Name) { check_rsp<K>(dir "/" file); }        \
  TEST_P(FrodoKemKat, Botan##Name) { check_botan<K>(); }

FRODO_KAT(FrodoKem640Aes, FrodoKem640Aes, "FrodoKEM", "PQCkemKAT_19888.rsp")
FRODO_KAT(FrodoKem640Shake, FrodoKem640Shake, "FrodoKEM", "PQCkemKAT_19888_shake.rsp")
FRODO_KAT(FrodoKem976Aes, FrodoKem976Aes, "FrodoKEM", "PQCkemKAT_31296.rsp")
FRODO_KAT(FrodoKem976Shake, FrodoKem976Shake, "FrodoKEM", "PQCkemKAT_31296_shake.rsp")
FRODO_KAT(FrodoKem1344Aes, FrodoKem1344Aes, "FrodoKEM", "PQCkemKAT_43088.rsp")
FRODO_KAT(FrodoKem1344Shake, FrodoKem1344Shake, "FrodoKEM", "PQCkemKAT_43088_shake.rsp")
FRODO_KAT(EFrodoKem640Aes, EFrodoKem640Aes, "eFrodoKEM", "PQCkemKAT_19888.rsp")
FRODO_KAT(EFrodoKem640Shake, EFrodoKem640Shake, "eFrodoKEM", "PQCkemKAT_19888_shake.rsp")
FRODO_KAT(EFrodoKem976Aes, EFrodoKem976Aes, "eFrodoKEM", "PQCkemKAT_31296.rsp")
FRODO_KAT(EFrodoKem976Shake, EFrodoKem976Shake, "eFrodoKEM", "PQCkemKAT_31296_shake.rsp")
FRODO_KAT(EFrodoKem1344Aes, EFrodoKem1344Aes, "eFrodoKEM", "PQCkemKAT_43088.rsp")
FRODO_KAT(EFrodoKem1344Shake, EFrodoKem1344Shake, "eFrodoKEM", "PQCkemKAT_43088_shake.rsp")

TESSERA_INSTANTIATE_PER_BACKEND(FrodoKemKat);

// The DRBG itself, against the first seed the NIST KAT generator derives from the entropy
// input 0, 1, ..., 47 (the `seed` of count 0 in every PQCkemKAT file).
TEST(FrodoKemKatDrbg, FirstSeedOfTheNistGenerator) {
  std::uint8_t entropy[48];
  for (int i = 0; i < 48; ++i) entropy[i] = static_cast<std::uint8_t>(i);
  KatDrbg drbg(entropy);
  std::uint8_t seed[48];
  drbg.generate(seed);
  EXPECT_EQ(to_hex(seed),
            to_hex(from_hex("061550234D158C5EC95595FE04EF7A25767F2E24CC2BC479D09D86DC9ABCFDE7056A8C266F9EF97ED08541DBD2E1FFA1")));
}

}  // namespace
}  // namespace tessera::test
