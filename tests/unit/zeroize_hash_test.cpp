// Zeroization of the hash-based primitives on secret input (see zeroize_test.cpp): SHA-3 and
// SHAKE, SHA-2, HMAC-SHA-256/512, HKDF-SHA-256/512 and Hash_DRBG (with SHA-256 and SHA-512,
// and the system DRBG behind random_bytes). Searched for: the secret inputs and outputs,
// HMAC's K0 ^ ipad / K0 ^ opad and its keyed inner and outer chaining values (the HMAC
// object's state), HKDF's PRK, and the DRBG's V and C after every step (computed here from
// SP 800-90A with the public hash functions).
#include "zeroize_support.hpp"

#include "hash/sha2/kernels.hpp"

#include <tessera/drbg.hpp>
#include <tessera/hkdf.hpp>
#include <tessera/hmac.hpp>
#include <tessera/random.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>

#include <gtest/gtest.h>

#include <mutex>
#include <unistd.h>

namespace tessera::zeroize {
namespace {

// ---- SHA-3 / SHAKE and SHA-2 on a secret message ----

struct HashFixture {
  Bytes shortm = test_bytes(50, 0x5A01), longm = test_bytes(1000, 0x5A02);
  Bytes d3_256 = Bytes(32), d3_512 = Bytes(64), x128 = Bytes(400), x256 = Bytes(400);
  Bytes d256 = Bytes(32), d384 = Bytes(48), d512 = Bytes(64), d512s = Bytes(64);
  std::vector<Secret> secrets;
  HashFixture() {
    sha3_256(longm, std::span<u8, 32>(d3_256));
    sha3_512(shortm, std::span<u8, 64>(d3_512));
    shake128(longm, x128);
    shake256(shortm, x256);
    sha256(longm, std::span<u8, 32>(d256));
    sha384(longm, std::span<u8, 48>(d384));
    sha512(longm, std::span<u8, 64>(d512));
    sha512(shortm, std::span<u8, 64>(d512s));
    secrets = {{"short message", shortm}, {"long message", longm},  {"SHA3-256", d3_256}, {"SHA3-512", d3_512},
               {"SHAKE128 output", x128},  {"SHAKE256 output", x256}, {"SHA-256", d256},  {"SHA-384", d384},
               {"SHA-512", d512},          {"SHA-512 (short)", d512s}};
  }
};

void hash_stack() {
  static HashFixture f;
  auto secrets = [&] { return f.secrets; };
  Bytes out(400);
  bool ok = false;
  expect_no_residue(current_case("SHA-3 and SHAKE one-shot"), [&] {
    sha3_256(f.longm, std::span<u8, 32>(out.data(), 32));
    ok = std::equal(f.d3_256.begin(), f.d3_256.end(), out.begin());
    sha3_512(f.shortm, std::span<u8, 64>(out.data(), 64));
    ok = ok && std::equal(f.d3_512.begin(), f.d3_512.end(), out.begin());
    shake128(f.longm, out);
    ok = ok && out == f.x128;
    shake256(f.shortm, out);
    ok = ok && out == f.x256;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("Sha3_256 and Shake256 objects"), [&] {
    Sha3_256 h;
    h.update(std::span(f.longm).first(333));
    h.update(std::span(f.longm).subspan(333));
    h.final(std::span<u8, 32>(out.data(), 32));
    ok = std::equal(f.d3_256.begin(), f.d3_256.end(), out.begin());
    Shake256 x;
    ok = ok && x.absorb(f.shortm);
    x.squeeze(std::span(out).first(7));
    x.squeeze(std::span(out).subspan(7));
    ok = ok && out == f.x256;
  }, secrets);
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("SHA-2 one-shot and objects"), [&] {
    sha256(f.longm, std::span<u8, 32>(out.data(), 32));
    ok = std::equal(f.d256.begin(), f.d256.end(), out.begin());
    sha384(f.longm, std::span<u8, 48>(out.data(), 48));
    ok = ok && std::equal(f.d384.begin(), f.d384.end(), out.begin());
    sha512(f.longm, std::span<u8, 64>(out.data(), 64));
    ok = ok && std::equal(f.d512.begin(), f.d512.end(), out.begin());
    sha512(f.shortm, std::span<u8, 64>(out.data(), 64));
    ok = ok && std::equal(f.d512s.begin(), f.d512s.end(), out.begin());
    Sha512 h;
    h.update(std::span(f.longm).first(200));
    h.update(std::span(f.longm).subspan(200));
    h.final(std::span<u8, 64>(out.data(), 64));
    ok = ok && std::equal(f.d512.begin(), f.d512.end(), out.begin());
    Sha256 h2;
    h2.update(f.longm);
    h2.final(std::span<u8, 32>(out.data(), 32));
    ok = ok && std::equal(f.d256.begin(), f.d256.end(), out.begin());
  }, secrets);
  EXPECT_TRUE(ok);
}

// ---- HMAC and HKDF ----

// The chaining value as the SHA-2 cores keep it (host-order words) and as digest bytes.
template <class W, std::size_t N>
void add_state(std::vector<Secret>& s, const std::string& name, const std::array<W, N>& h) {
  s.push_back({name + " (words)", bytes_of_words<W>(h), sizeof(W)});
  Bytes be;
  for (W w : h)
    for (int i = static_cast<int>(sizeof(W)) - 1; i >= 0; --i) be.push_back(static_cast<u8>(w >> (8 * i)));
  s.push_back({name + " (bytes)", be});
}

// Secrets of HMAC-H with this key: key, K0, the pads, the keyed states.
template <class H>
void add_hmac_secrets(std::vector<Secret>& s, const std::string& name, std::span<const u8> key) {
  constexpr std::size_t B = H::block_bytes;
  Bytes k0(B, 0);
  if (key.size() > B) {
    H h;
    h.update(key);
    h.final(std::span<u8, H::digest_bytes>(k0.data(), H::digest_bytes));
  } else {
    std::copy(key.begin(), key.end(), k0.begin());
  }
  Bytes ipad(B), opad(B);
  for (std::size_t i = 0; i < B; ++i) ipad[i] = static_cast<u8>(k0[i] ^ 0x36), opad[i] = static_cast<u8>(k0[i] ^ 0x5c);
  s.push_back({name + " key", bytes_of(key)});
  s.push_back({name + " K0", k0});
  s.push_back({name + " K0 ^ ipad", ipad});
  s.push_back({name + " K0 ^ opad", opad});
  if constexpr (B == 64) {
    add_state(s, name + " inner state", sha256_after_block(std::span<const u8, 64>(ipad.data(), 64)));
    add_state(s, name + " outer state", sha256_after_block(std::span<const u8, 64>(opad.data(), 64)));
  } else {
    add_state(s, name + " inner state", sha512_after_block(std::span<const u8, 128>(ipad.data(), 128)));
    add_state(s, name + " outer state", sha512_after_block(std::span<const u8, 128>(opad.data(), 128)));
  }
}

template <class H>
void hmac_stack() {
  constexpr std::size_t L = H::digest_bytes;
  const Bytes short_key = test_bytes(L, 0x4A01 + L), long_key = test_bytes(3 * H::block_bytes / 2, 0x4A02 + L);
  const Bytes text = test_bytes(300, 0x4A03), ikm = test_bytes(42, 0x4A04 + L), salt = test_bytes(13, 0x4A05),
              info = test_bytes(10, 0x4A06);
  // Expected outputs (computed here, on the main thread).
  Bytes prk(L), okm(3 * L + 5);
  hkdf_extract<H>(salt, ikm, std::span<u8, L>(prk.data(), L));
  EXPECT_TRUE(hkdf_expand<H>(prk, info, okm));
  std::vector<Secret> s;
  add_hmac_secrets<H>(s, "HMAC (short key)", short_key);
  add_hmac_secrets<H>(s, "HMAC (long key)", long_key);
  s.push_back({"HKDF IKM", ikm});
  add_hmac_secrets<H>(s, "HKDF PRK as HMAC", prk);
  s.push_back({"HKDF OKM", okm});
  Bytes tag(L);
  bool ok = false;
  expect_no_residue(current_case("one-shot HMAC (short and long key)"), [&] {
    if constexpr (L == 32) {
      hmac_sha256(short_key, text, std::span<u8, 32>(tag.data(), 32));
      hmac_sha256(long_key, text, std::span<u8, 32>(tag.data(), 32));
    } else {
      hmac_sha512(short_key, text, std::span<u8, 64>(tag.data(), 64));
      hmac_sha512(long_key, text, std::span<u8, 64>(tag.data(), 64));
    }
    ok = true;
  }, [&] { return s; });
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("Hmac object"), [&] {
    Hmac<H> mac(long_key);
    mac.update(std::span(text).first(100));
    mac.update(std::span(text).subspan(100));
    mac.final(std::span<u8, L>(tag.data(), L));
    Hmac<H> copy = mac;
    copy.update(text);
    copy.final(std::span<u8, L>(tag.data(), L));
    ok = true;
  }, [&] { return s; });
  EXPECT_TRUE(ok);
  Bytes okm2(okm.size());
  expect_no_residue(current_case("HKDF"), [&] {
    ok = (L == 32 ? hkdf_sha256(salt, ikm, info, okm2) : hkdf_sha512(salt, ikm, info, okm2)) && okm2 == okm;
  }, [&] { return s; });
  EXPECT_TRUE(ok);
  expect_no_residue(current_case("HKDF extract + expand templates"), [&] {
    SecretArray<L> p;
    hkdf_extract<H>(salt, ikm, p.span());
    ok = hkdf_expand<H>(p.span(), info, okm2) && okm2 == okm;
  }, [&] { return s; });
  EXPECT_TRUE(ok);
}

void hmac_objects() {
  // A destroyed Hmac leaves nothing that depends on the key.
  auto check = [](auto tag, const char* what) {
    using M = Hmac<decltype(tag)>;
    RawStorage<M> a, b;
    const Bytes ka = test_bytes(20, 1), kb = test_bytes(20, 2);
    M* ma = ::new (a.get()) M(ka);
    M* mb = ::new (b.get()) M(kb);
    EXPECT_NE(a.bytes(), b.bytes()) << what;
    ma->~M();
    mb->~M();
    EXPECT_EQ(a.bytes(), b.bytes()) << what << ": key-dependent bytes left after destruction";
  };
  check(Sha256{}, "Hmac<Sha256>");
  check(Sha512{}, "Hmac<Sha512>");
  check(Sha3_256{}, "Hmac<Sha3_256>");
}

// ---- Hash_DRBG ----

// SP 800-90A Rev. 1, Section 10.1.1, written again from the spec with the public hashes.
template <class H>
struct DrbgModel {
  static constexpr std::size_t seedlen = HashDrbg<H>::seed_bytes, outlen = H::digest_bytes;
  Bytes v, c;
  std::uint64_t counter = 0;
  static Bytes hash(std::initializer_list<std::span<const u8>> in) {
    H h;
    for (auto p : in) h.update(p);
    Bytes out(outlen);
    h.final(std::span<u8, outlen>(out.data(), outlen));
    return out;
  }
  static Bytes df(std::initializer_list<std::span<const u8>> in, std::size_t len) {
    Bytes out;
    const u8 bits[4] = {static_cast<u8>(len * 8 >> 24), static_cast<u8>(len * 8 >> 16), static_cast<u8>(len * 8 >> 8),
                        static_cast<u8>(len * 8)};
    for (u8 ctr = 1; out.size() < len; ++ctr) {
      H h;
      h.update(std::span(&ctr, 1));
      h.update(bits);
      for (auto p : in) h.update(p);
      Bytes t(outlen);
      h.final(std::span<u8, outlen>(t.data(), outlen));
      out.insert(out.end(), t.begin(), t.end());
    }
    out.resize(len);
    return out;
  }
  static void add(Bytes& a, std::span<const u8> b) {  // a += b (big endian, b right-aligned)
    unsigned carry = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const unsigned sum = a[a.size() - 1 - i] + (i < b.size() ? b[b.size() - 1 - i] : 0u) + carry;
      a[a.size() - 1 - i] = static_cast<u8>(sum);
      carry = sum >> 8;
    }
  }
  void instantiate(std::span<const u8> e, std::span<const u8> n, std::span<const u8> p) {
    v = df({e, n, p}, seedlen);
    const u8 zero = 0;
    c = df({std::span(&zero, 1), v}, seedlen);
    counter = 1;
  }
  void reseed(std::span<const u8> e, std::span<const u8> a) {
    const u8 one = 1, zero = 0;
    v = df({std::span(&one, 1), v, e, a}, seedlen);
    c = df({std::span(&zero, 1), v}, seedlen);
    counter = 1;
  }
  Bytes generate(std::size_t n, std::span<const u8> a) {
    if (!a.empty()) {
      const u8 two = 2;
      add(v, hash({std::span(&two, 1), v, a}));
    }
    Bytes out, data = v;
    const u8 one = 1, three = 3;
    while (out.size() < n) {
      const Bytes w = hash({data});
      out.insert(out.end(), w.begin(), w.end());
      add(data, std::span(&one, 1));
    }
    out.resize(n);
    add(v, hash({std::span(&three, 1), v}));
    add(v, c);
    u8 ctr[8];
    for (int i = 0; i < 8; ++i) ctr[i] = static_cast<u8>(counter >> (56 - 8 * i));
    add(v, ctr);
    ++counter;
    return out;
  }
};

template <class H>
void drbg_stack() {
  const Bytes e1 = test_bytes(48, 0xDB01), nonce = test_bytes(16, 0xDB02), pers = test_bytes(9, 0xDB03),
              add = test_bytes(20, 0xDB04), e2 = test_bytes(32, 0xDB05);
  DrbgModel<H> m;
  std::vector<Secret> s = {{"entropy input", e1}, {"nonce", nonce}, {"entropy input (reseed)", e2}};
  auto state = [&](const char* when) {
    s.push_back({std::string("V ") + when, m.v});
    s.push_back({std::string("C ") + when, m.c});
  };
  m.instantiate(e1, nonce, pers);
  state("(instantiate)");
  const Bytes o1 = m.generate(100, {});
  state("(generate 1)");
  const Bytes o2 = m.generate(200, add);
  state("(generate 2)");
  m.reseed(e2, {});
  state("(reseed)");
  const Bytes o3 = m.generate(64, {});
  state("(generate 3)");
  s.push_back({"output 1", o1});
  s.push_back({"output 2", o2});
  s.push_back({"output 3", o3});
  Bytes out1(100), out2(200), out3(64);
  bool ok = false;
  expect_no_residue(current_case("instantiate, generate, reseed, destroy"), [&] {
    HashDrbg<H> d;
    ok = d.instantiate(e1, nonce, pers) && d.generate(out1) && d.generate(out2, add) && d.reseed(e2, {}) && d.generate(out3);
  }, [&] { return s; });
  EXPECT_TRUE(ok);
  EXPECT_EQ(out1, o1);
  EXPECT_EQ(out2, o2);
  EXPECT_EQ(out3, o3);
}

// A destroyed (or uninstantiated) Hash_DRBG leaves nothing that depends on its seed.
template <class H>
void drbg_object() {
  using D = HashDrbg<H>;
  RawStorage<D> a, b;
  D* da = ::new (a.get()) D();
  D* db = ::new (b.get()) D();
  Bytes out(40);
  EXPECT_TRUE(da->instantiate(test_bytes(32, 1), test_bytes(16, 3), {}) && da->generate(out));
  EXPECT_TRUE(db->instantiate(test_bytes(32, 2), test_bytes(16, 3), {}) && db->generate(out));
  EXPECT_NE(a.bytes(), b.bytes());
  da->~D();
  db->~D();
  EXPECT_EQ(a.bytes(), b.bytes()) << "seed-dependent bytes left after destruction";
  // uninstantiate() leaves the bytes of a new object.
  RawStorage<D> used, fresh;
  D* du = ::new (used.get()) D();
  ::new (fresh.get()) D();
  EXPECT_TRUE(du->instantiate(test_bytes(32, 1), test_bytes(16, 3), {}) && du->generate(out));
  du->uninstantiate();
  EXPECT_EQ(used.bytes(), fresh.bytes()) << "uninstantiate() leaves the state of a new object";
}
void drbg_objects() {
  drbg_object<Sha256>();
  drbg_object<Sha512>();
}

// The system DRBG of a thread (random_bytes) with a known entropy source: its V and C,
// for every instance number it may have been given (the personalization string holds the
// process id and an instance counter, src/rand/drbg.cpp), and the entropy input.
std::mutex g_source_mutex;
Bytes g_source_output;
bool known_source(std::uint8_t* out, std::size_t len) noexcept {
  std::lock_guard<std::mutex> lock(g_source_mutex);
  const Bytes b = test_bytes(len, 0x5E000 + g_source_output.size());
  std::memcpy(out, b.data(), len);
  g_source_output.insert(g_source_output.end(), b.begin(), b.end());
  return true;
}

void system_drbg_stack() {
  {
    std::lock_guard<std::mutex> lock(g_source_mutex);
    g_source_output.clear();
  }
  set_entropy_source(known_source);
  Bytes out(100);
  bool ok = false;
  const Bytes region = run_on_owned_stack([&] { ok = random_bytes(out).has_value(); });
  set_entropy_source(nullptr);
  ASSERT_TRUE(ok);
  Bytes material;
  {
    std::lock_guard<std::mutex> lock(g_source_mutex);
    material = g_source_output;
  }
  ASSERT_EQ(material.size(), 48u) << "one seeding: 32 bytes of entropy input and a 16-byte nonce";
  std::vector<Secret> s = {{"system DRBG entropy input and nonce", material}, {"random_bytes output", out}};
  const std::uint64_t pid = static_cast<std::uint64_t>(getpid());
  for (std::uint32_t instance = 0; instance < 256; ++instance) {
    u8 pers[24] = {'t', 'e', 's', 's', 'e', 'r', 'a', ' ', 'r', 'n', 'g', 0};
    for (int i = 0; i < 8; ++i) pers[12 + i] = static_cast<u8>(pid >> (8 * i));
    for (int i = 0; i < 4; ++i) pers[20 + i] = static_cast<u8>(instance >> (8 * i));
    DrbgModel<Sha256> m;
    m.instantiate(std::span(material).first(32), std::span(material).subspan(32), pers);
    const Bytes expect = m.generate(100, {});
    if (expect != out) continue;
    s.push_back({"system DRBG V (after seeding)", DrbgModel<Sha256>::df({std::span(material).first(32), std::span(material).subspan(32), pers}, 55)});
    s.push_back({"system DRBG V", m.v});
    s.push_back({"system DRBG C", m.c});
  }
  ASSERT_EQ(s.size(), 5u) << "the model of the system DRBG should reproduce its output for one instance number";
  EXPECT_GT(used_bytes(region), harness_used_bytes()) << "random_bytes did not run on the owned stack";
  EXPECT_EQ(without_known_residue(current_case("random_bytes"), find_secrets(region, s)), std::vector<std::string>{});
}

// The SHA-2 compression kernels of the active backend alone, on two different secret
// chaining values and blocks (an HMAC key's state, a DRBG's V) in the same buffers: nothing
// they leave on the stack may differ.
void sha2_kernel_stack() {
  const sha2::Kernels& k = sha2::kernels();
  auto h256 = std::make_unique<std::uint32_t[]>(8);
  auto h512 = std::make_unique<std::uint64_t[]>(8);
  auto blocks = std::make_unique<std::array<u8, 4 * 128>>();
  auto set = [&](std::uint64_t seed) {
    const Bytes b = test_bytes(8 * 4 + 8 * 8 + blocks->size(), seed);
    std::memcpy(h256.get(), b.data(), 32);
    std::memcpy(h512.get(), b.data() + 32, 64);
    std::memcpy(blocks->data(), b.data() + 96, blocks->size());
  };
  expect_no_secret_dependent_residue(current_case("kernel compress256"), [&] { set(1); }, [&] { set(2); }, [&] {
    k.compress256(*reinterpret_cast<std::uint32_t(*)[8]>(h256.get()), blocks->data(), 1);
    k.compress256(*reinterpret_cast<std::uint32_t(*)[8]>(h256.get()), blocks->data(), 8);
  });
  expect_no_secret_dependent_residue(current_case("kernel compress512"), [&] { set(1); }, [&] { set(2); }, [&] {
    k.compress512(*reinterpret_cast<std::uint64_t(*)[8]>(h512.get()), blocks->data(), 1);
    k.compress512(*reinterpret_cast<std::uint64_t(*)[8]>(h512.get()), blocks->data(), 4);
  });
}

const Case kObjects[] = {{"HMAC", hmac_objects}, {"Hash_DRBG", drbg_objects}};
const Case kStack[] = {{"SHA-3 and SHA-2", hash_stack},
                       {"HMAC-SHA-256 and HKDF-SHA-256", hmac_stack<Sha256>},
                       {"HMAC-SHA-512 and HKDF-SHA-512", hmac_stack<Sha512>},
                       {"Hash_DRBG-SHA-256", drbg_stack<Sha256>},
                       {"Hash_DRBG-SHA-512", drbg_stack<Sha512>},
                       {"system DRBG", system_drbg_stack},
                       {"SHA-2 kernels", sha2_kernel_stack}};
TESSERA_ZEROIZE_OBJECTS(Hash, kObjects);
TESSERA_ZEROIZE_STACK(Hash, kStack);

}  // namespace
}  // namespace tessera::zeroize
