// Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/): a few valid
// inputs per target, built from fixed seeds, so the fuzzers start from inputs that reach
// the deep code paths (a valid decapsulation, a valid signature). Deterministic: rerunning
// it rewrites the same files.  Usage: tessera-fuzz-make-corpus <corpus-dir>
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using u8 = std::uint8_t;
using Bytes = std::vector<u8>;
std::filesystem::path g_root;

void add(Bytes& b, const u8* p, std::size_t n) { b.insert(b.end(), p, p + n); }
template <class C>
void add(Bytes& b, const C& c) { add(b, c.data(), c.size()); }

void write(const char* target, const std::string& name, const Bytes& b) {
  const auto dir = g_root / target;
  std::filesystem::create_directories(dir);
  std::FILE* f = std::fopen((dir / name).c_str(), "wb");
  if (f == nullptr || std::fwrite(b.data(), 1, b.size(), f) != b.size()) std::abort();
  std::fclose(f);
}

template <class Kem>
void mlkem(u8 index, const char* name) {
  std::array<u8, 32> d{}, z{}, m{};
  d.fill(index);
  z.fill(static_cast<u8>(index + 0x40));
  m.fill(static_cast<u8>(index + 0x80));
  auto kp_r = Kem::keygen_internal(d, z);
  auto& kp = *kp_r;
  auto enc_r = Kem::encaps_internal(kp.public_key, m);
  auto& enc = *enc_r;
  const auto dk = kp.private_key.bytes();
  Bytes seed_form{index};
  add(seed_form, enc.ciphertext);
  add(seed_form, kp.private_key.seed()->span());
  write("mlkem_decaps", std::string(name) + "-seed", seed_form);
  Bytes expanded{static_cast<u8>(index | 4)};
  add(expanded, enc.ciphertext);
  add(expanded, dk.span());
  write("mlkem_decaps", std::string(name) + "-expanded", expanded);
  Bytes ek{static_cast<u8>(0 | index << 2)};
  add(ek, kp.public_key.bytes());
  write("parse", std::string(name) + "-ek", ek);
  Bytes dkb{static_cast<u8>(1 | index << 2)};
  add(dkb, dk.span());
  write("parse", std::string(name) + "-dk", dkb);
  Bytes diff{index};
  add(diff, d);
  add(diff, z);
  add(diff, m);
  add(diff, enc.ciphertext);  // decapsulated under the same key: the honest ciphertext
  add(diff, kp.public_key.bytes());
  write("differential", std::string(name), diff);
}

template <class Dsa>
void mldsa(u8 index, const char* name) {
  std::array<u8, 32> xi{}, rnd{};
  xi.fill(static_cast<u8>(index + 1));
  rnd.fill(static_cast<u8>(index + 0x21));
  auto kp_r = Dsa::keygen_internal(xi);
  auto& kp = *kp_r;
  const u8 msg[] = {'t', 'e', 's', 's', 'e', 'r', 'a'};
  const u8 ctx[] = {'c', 't', 'x'};
  auto sig = *Dsa::sign(kp.private_key, msg, tessera::Context(std::span<const u8>(ctx)),
                        tessera::mldsa::Signing::deterministic);
  Bytes v{index};
  add(v, kp.public_key.bytes());
  add(v, sig);
  v.push_back(sizeof ctx);
  add(v, ctx, sizeof ctx);
  add(v, msg, sizeof msg);
  write("mldsa_verify", name, v);
  Bytes sk{static_cast<u8>(2 | index << 2)};
  add(sk, kp.private_key.bytes().span());
  write("parse", std::string(name) + "-sk", sk);
  // The valid signature of fuzz_parse's fixed key (xi = 42, 0, ...; empty message).
  std::array<u8, 32> xi42{};
  xi42[0] = 42;
  auto kp42_r = Dsa::keygen_internal(xi42);
  auto& kp42 = *kp42_r;
  auto sig42 = *Dsa::sign(kp42.private_key, std::span<const u8>(), {}, tessera::mldsa::Signing::deterministic);
  Bytes s{static_cast<u8>(3 | index << 2)};
  add(s, sig42);
  write("parse", std::string(name) + "-sig", s);
  Bytes diff{static_cast<u8>(3 + index)};
  add(diff, xi);
  add(diff, rnd);
  add(diff, sig);  // a signature of another message: must not verify, on every backend
  add(diff, msg, sizeof msg);
  write("differential", name, diff);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus-dir>\n", argv[0]);
    return 2;
  }
  g_root = argv[1];
  mlkem<tessera::mlkem::MlKem512>(0, "ML-KEM-512");
  mlkem<tessera::mlkem::MlKem768>(1, "ML-KEM-768");
  mlkem<tessera::mlkem::MlKem1024>(2, "ML-KEM-1024");
  mldsa<tessera::MlDsa44>(0, "ML-DSA-44");
  mldsa<tessera::MlDsa65>(1, "ML-DSA-65");
  mldsa<tessera::MlDsa87>(2, "ML-DSA-87");
  Bytes sha{6, 'a', 'b', 'c'};
  write("differential", "sha3-abc", sha);
  Bytes sha_block(1 + 168, 0x5A);
  sha_block[0] = 6;
  write("differential", "sha3-rate", sha_block);
  // AEADs: selector 7, AEAD choice (0-2 AES-GCM-128/192/256, 3 ChaCha20-Poly1305), key,
  // nonce, a tag, AAD length, AAD || plaintext.
  for (u8 which = 0; which < 4; ++which) {
    Bytes aead{7, which};
    for (int i = 0; i < 32 + 12 + 16; ++i) aead.push_back(static_cast<u8>(i * 37 + which));
    aead.push_back(20);
    for (int i = 0; i < 20 + 300; ++i) aead.push_back(static_cast<u8>(i * 11));
    write("differential", "aead-" + std::to_string(which), aead);
  }
  // SHA-2: selector 8, then the message (long enough for the multi-block kernels).
  Bytes sha2_msg{8};
  for (int i = 0; i < 3000; ++i) sha2_msg.push_back(static_cast<u8>(i * 13));
  write("differential", "sha2-3000", sha2_msg);
  return 0;
}
