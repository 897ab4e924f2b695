// FrodoKEM and eFrodoKEM known answers, every parameter set, on every backend the host has:
//  - the reference implementation's NIST-format .rsp files (vectors/frodokem/{FrodoKEM,
//    eFrodoKEM}/PQCkemKAT_<sk bytes>[_shake].rsp, first 10 counts): pk, sk, ct, ss;
//  - Botan's frodokem_kat.vec (25 counts per set): ss, and pk/sk/ct as SHAKE-256 digests
//    (16 bytes).
// Both draw their randomness from the NIST KAT DRBG seeded with each count's 48-byte seed:
// keygen takes s || seed_SE || z from one call, encaps mu || salt from the next.
// Every count goes through the key objects twice: the generated keys, and keys parsed back
// from the expected bytes (PublicKey/PrivateKey::from_bytes), each encapsulating and
// decapsulating. The first four .rsp counts also go through both algorithm paths, the default ones
// (frodokem/scheme.hpp) and the small-stack ones (frodokem/streaming.hpp), whichever of the
// two the build's key objects use, including decapsulation of corrupted ciphertexts (the
// implicit-rejection key must agree).
#include "frodokem_kat_drbg.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"
#include "support/vectors.hpp"

#include <tessera/frodokem.hpp>
#include <tessera/sha3.hpp>

#include "frodokem/kernels.hpp"
#include "frodokem/scheme.hpp"
#include "frodokem/streaming.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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

// The outputs of one count, as bytes.
struct Run {
  Bytes pk, sk, ct, ss_enc, ss_dec;
};

// One count: generate_key, encapsulate and decapsulate through the deterministic entry
// points, with the randomness of the DRBG seeded with `seed`.
template <class K>
void run_count(const Bytes& seed, Run* run) {
  ASSERT_EQ(seed.size(), 48u);
  KatDrbg drbg(std::span<const std::uint8_t, 48>(seed.data(), 48));
  std::vector<std::uint8_t> r1(K::s_bytes + K::seed_se_bytes + K::z_bytes);
  drbg.generate(r1);
  auto kp = K::keygen_internal({r1.data(), K::s_bytes}, {r1.data() + K::s_bytes, K::seed_se_bytes},
                               {r1.data() + K::s_bytes + K::seed_se_bytes, K::z_bytes});
  ASSERT_TRUE(kp);
  std::vector<std::uint8_t> r2(K::mu_bytes + K::salt_bytes);
  drbg.generate(r2);
  auto enc = K::encaps_internal(kp->public_key, {r2.data(), K::mu_bytes}, {r2.data() + K::mu_bytes, K::salt_bytes});
  ASSERT_TRUE(enc);
  auto ss = K::decapsulate(kp->private_key, enc->ciphertext);
  ASSERT_TRUE(ss);
  auto pk = kp->public_key.bytes();
  auto sk = kp->private_key.bytes();
  run->pk.assign(pk.begin(), pk.end());
  run->sk.assign(sk.span().begin(), sk.span().end());
  run->ct.assign(enc->ciphertext.begin(), enc->ciphertext.end());
  run->ss_enc.assign(enc->shared_secret.span().begin(), enc->shared_secret.span().end());
  run->ss_dec.assign(ss->span().begin(), ss->span().end());
}

// The same count through one algorithm path (Paths: detail::Scheme<P> or detail::Streaming<P>)
// directly, with the key objects left out: sk is assembled as s || pk || S^T || pkh.
template <class K, class Paths>
void run_count_path(const Bytes& seed, Run* run) {
  KatDrbg drbg(std::span<const std::uint8_t, 48>(seed.data(), 48));
  std::vector<std::uint8_t> r1(K::s_bytes + K::seed_se_bytes + K::z_bytes), r2(K::mu_bytes + K::salt_bytes);
  drbg.generate(r1);
  drbg.generate(r2);
  const std::uint8_t* s = r1.data();
  const auto& kern = frodokem::kernels();
  Bytes pk(K::public_key_bytes), st(K::st_bytes), pkh(K::pkh_bytes);
  Paths::keygen(s + K::s_bytes, s + K::s_bytes + K::seed_se_bytes, pk.data(), st.data(), pkh.data(), kern);
  run->pk = pk;
  run->sk.assign(s, s + K::s_bytes);
  run->sk.insert(run->sk.end(), pk.begin(), pk.end());
  run->sk.insert(run->sk.end(), st.begin(), st.end());
  run->sk.insert(run->sk.end(), pkh.begin(), pkh.end());
  run->ct.assign(K::ciphertext_bytes, 0xA5);  // not zero: the path must write every byte
  run->ss_enc.assign(K::shared_secret_bytes, 0);
  run->ss_dec.assign(K::shared_secret_bytes, 0);
  Paths::encaps(pk.data(), pkh.data(), r2.data(), r2.data() + K::mu_bytes, run->ct.data(), run->ss_enc.data(), kern);
  Paths::decaps(s, pk.data(), st.data(), pkh.data(), run->ct.data(), run->ss_dec.data(), kern);
}

// Decapsulation of corrupted copies of ct (a bit of c1's first and last group, of c2, of the
// salt) by both paths: the same implicit-rejection key, which is not the real one.
template <class K, class Default, class Small>
void check_rejection_paths(const Bytes& sk, const Bytes& ct, const Bytes& ss) {
  const std::uint8_t* s = sk.data();
  const std::uint8_t* pk = s + K::s_bytes;
  const std::uint8_t* st = pk + K::public_key_bytes;
  const std::uint8_t* pkh = st + K::st_bytes;
  const std::size_t c1 = K::params.c1_bytes(), c2 = K::params.c2_bytes();
  std::vector<std::size_t> at = {0, c1 - 1, c1, c1 + c2 - 1};
  if (K::salt_bytes != 0) at.push_back(K::ciphertext_bytes - 1);
  for (std::size_t pos : at) {
    Bytes bad = ct;
    bad[pos] ^= 0x40;
    Bytes a(K::shared_secret_bytes), b(K::shared_secret_bytes);
    Default::decaps(s, pk, st, pkh, bad.data(), a.data(), frodokem::kernels());
    Small::decaps(s, pk, st, pkh, bad.data(), b.data(), frodokem::kernels());
    EXPECT_EQ(to_hex(a), to_hex(b)) << "corrupted byte " << pos;
    EXPECT_NE(to_hex(a), to_hex(ss)) << "corrupted byte " << pos;
  }
}

// The published pk and sk, parsed: encapsulating to the parsed public key with the count's
// randomness gives the published ciphertext and key, the parsed private key decapsulates it
// to the published key.
template <class K>
void run_parsed(const Bytes& seed, const Bytes& pk_bytes, const Bytes& sk_bytes, const Bytes& ct, const Bytes& ss) {
  auto pk = K::PublicKey::from_bytes(pk_bytes);
  ASSERT_TRUE(pk);
  auto sk = K::PrivateKey::from_bytes(sk_bytes);
  ASSERT_TRUE(sk) << "the published private key is consistent";
  EXPECT_TRUE(sk->public_key() == *pk);
  KatDrbg drbg(std::span<const std::uint8_t, 48>(seed.data(), 48));
  std::vector<std::uint8_t> r1(K::s_bytes + K::seed_se_bytes + K::z_bytes), r2(K::mu_bytes + K::salt_bytes);
  drbg.generate(r1);  // the key-generation draw
  drbg.generate(r2);
  auto enc = K::encaps_internal(*pk, {r2.data(), K::mu_bytes}, {r2.data() + K::mu_bytes, K::salt_bytes});
  ASSERT_TRUE(enc);
  EXPECT_TRUE(std::equal(ct.begin(), ct.end(), enc->ciphertext.begin(), enc->ciphertext.end())) << "ct (parsed pk)";
  EXPECT_TRUE(std::equal(ss.begin(), ss.end(), enc->shared_secret.data(), enc->shared_secret.data() + ss.size()))
      << "ss (parsed pk)";
  auto dec = K::decapsulate(*sk, ct);
  ASSERT_TRUE(dec);
  EXPECT_TRUE(std::equal(ss.begin(), ss.end(), dec->data(), dec->data() + ss.size())) << "ss (parsed sk)";
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
  if (!read_records(vectors_dir() / "frodokem" / file, "", &recs, &why)) TESSERA_VECTORS_MISSING(why);
  int done = 0;
  for (const Record& r : recs) {
    if (!r.count("seed") || !r.count("pk") || !r.count("sk") || !r.count("ct") || !r.count("ss")) continue;
    SCOPED_TRACE(std::string(K::name) + " count " + r.at("count"));
    Run run;
    const Bytes seed = from_hex(r.at("seed")), pk = from_hex(r.at("pk")), sk = from_hex(r.at("sk"));
    const Bytes ct = from_hex(r.at("ct")), ss = from_hex(r.at("ss"));
    run_count<K>(seed, &run);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_TRUE(same_bytes(run.pk, pk)) << "pk";
    EXPECT_TRUE(same_bytes(run.sk, sk)) << "sk";
    EXPECT_TRUE(same_bytes(run.ct, ct)) << "ct";
    EXPECT_TRUE(same_bytes(run.ss_enc, ss)) << "ss (encapsulate)";
    EXPECT_TRUE(same_bytes(run.ss_dec, ss)) << "ss (decapsulate)";
    run_parsed<K>(seed, pk, sk, ct, ss);
    if (::testing::Test::HasFatalFailure()) return;
    ++done;
    if (done > 4) continue;  // the paths on the first four counts (time: every file on every backend)
    using Default = frodokem::detail::Scheme<K::params>;
    using Small = frodokem::detail::Streaming<K::params>;
    for (int path = 0; path < 2; ++path) {
      SCOPED_TRACE(path == 0 ? "default path" : "small-stack path");
      Run p;
      if (path == 0) run_count_path<K, Default>(seed, &p);
      else run_count_path<K, Small>(seed, &p);
      EXPECT_TRUE(same_bytes(p.pk, pk)) << "pk";
      EXPECT_TRUE(same_bytes(p.sk, sk)) << "sk";
      EXPECT_TRUE(same_bytes(p.ct, ct)) << "ct";
      EXPECT_TRUE(same_bytes(p.ss_enc, ss)) << "ss (encaps)";
      EXPECT_TRUE(same_bytes(p.ss_dec, ss)) << "ss (decaps)";
    }
    check_rejection_paths<K, Default, Small>(sk, ct, ss);
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
  if (!read_records(vectors_dir() / "frodokem" / "botan" / "frodokem_kat.vec", K::name, &recs, &why))
    TESSERA_VECTORS_MISSING(why);
  int done = 0;
  for (const Record& r : recs) {
    SCOPED_TRACE(std::string(K::name) + " vector " + std::to_string(done));
    Run run;
    run_count<K>(from_hex(r.at("seed")), &run);
    if (::testing::Test::HasFatalFailure()) return;
    EXPECT_EQ(shake256_16(run.pk), to_hex(from_hex(r.at("pk"))));
    EXPECT_EQ(shake256_16(run.sk), to_hex(from_hex(r.at("sk"))));
    EXPECT_EQ(shake256_16(run.ct), to_hex(from_hex(r.at("ct"))));
    EXPECT_EQ(to_hex(run.ss_enc), to_hex(from_hex(r.at("ss"))));
    EXPECT_EQ(to_hex(run.ss_dec), to_hex(from_hex(r.at("ss"))));
    // The generated private key, parsed back, passes the consistency check.
    auto sk = K::PrivateKey::from_bytes(run.sk);
    EXPECT_TRUE(sk);
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
