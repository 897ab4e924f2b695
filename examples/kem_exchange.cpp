// A complete key exchange with a KEM, as two parties would run it, with the private key
// stored in its 64-byte seed form and loaded again:
//   1. Alice generates a key pair, stores her seed (secret) and publishes her
//      encapsulation key (bytes).
//   2. Bob parses Alice's encapsulation key and encapsulates: a ciphertext for Alice and a
//      shared secret for himself.
//   3. Alice loads her seed, and decapsulates Bob's ciphertext: the same shared secret.
// The same code runs for every KEM (here ML-KEM-768 and FrodoKEM-640-AES), written once
// against the tessera::KemScheme concept.
//
//   usage: example_kem_exchange DIR   (writes DIR/<name>.seed and DIR/<name>.pub)
#include <tessera/frodokem.hpp>
#include <tessera/mlkem.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

// Files stand in for whatever storage (a key store, a secure element) the application has.
bool write_file(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}
std::vector<std::uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// Alice's private key: the seed where the scheme has one (ML-KEM's d || z), else the
// standard encoding of the private key (FrodoKEM's sk).
template <tessera::KemScheme K>
bool store_private_key(const typename K::PrivateKey& sk, const std::filesystem::path& path) {
  if constexpr (requires { sk.seed(); }) {
    auto seed = sk.seed();
    return seed && write_file(path, seed->span());
  } else {
    return write_file(path, sk.bytes().span());
  }
}
template <tessera::KemScheme K>
tessera::Result<typename K::PrivateKey> load_private_key(const std::filesystem::path& path) {
  std::vector<std::uint8_t> bytes = read_file(path);
  tessera::Result<typename K::PrivateKey> sk = tessera::Error::invalid_length;
  if constexpr (requires { K::PrivateKey::from_seed(bytes); }) {
    sk = K::PrivateKey::from_seed(bytes);
  } else {
    sk = K::PrivateKey::from_bytes(bytes);
  }
  tessera::secure_zero(bytes.data(), bytes.size());  // the file's copy of the secret
  return sk;
}

template <tessera::KemScheme K>
bool exchange(const std::filesystem::path& dir) {
  const std::filesystem::path secret = dir / (std::string(K::name) + ".seed");
  const std::filesystem::path published = dir / (std::string(K::name) + ".pub");

  // 1. Alice.
  {
    auto kp = K::generate_key();
    if (!kp) return std::fprintf(stderr, "generate_key: %s\n", tessera::error_message(kp.error())), false;
    if (!store_private_key<K>(kp->private_key, secret) || !write_file(published, kp->public_key.bytes()))
      return std::fprintf(stderr, "cannot write %s\n", dir.c_str()), false;
  }  // the key pair is wiped here

  // 2. Bob: parse (and check) the encapsulation key once, then encapsulate.
  auto alice_pk = K::PublicKey::from_bytes(read_file(published));
  if (!alice_pk) return std::fprintf(stderr, "public key: %s\n", tessera::error_message(alice_pk.error())), false;
  auto enc = K::encapsulate(*alice_pk);
  if (!enc) return std::fprintf(stderr, "encapsulate: %s\n", tessera::error_message(enc.error())), false;
  // Bob sends enc->ciphertext; enc->shared_secret stays with him.

  // 3. Alice: load the private key and decapsulate.
  auto alice_sk = load_private_key<K>(secret);
  if (!alice_sk) return std::fprintf(stderr, "private key: %s\n", tessera::error_message(alice_sk.error())), false;
  auto shared = K::decapsulate(*alice_sk, enc->ciphertext);
  if (!shared) return std::fprintf(stderr, "decapsulate: %s\n", tessera::error_message(shared.error())), false;

  // Both hold the same secret (compared here to show it; a protocol feeds it to its KDF).
  bool same = true;
  for (std::size_t i = 0; i < K::shared_secret_bytes; ++i) same &= (*shared)[i] == enc->shared_secret[i];
  std::printf("%-18s public key %5zu B, private key file %5zu B, ciphertext %5zu B, shared secret %s\n", K::name,
              K::public_key_bytes, static_cast<std::size_t>(std::filesystem::file_size(secret)), K::ciphertext_bytes,
              same ? "agrees" : "DIFFERS");
  std::filesystem::remove(secret);
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return std::fprintf(stderr, "usage: %s DIR\n", argv[0]), 2;
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const bool ok = exchange<tessera::mlkem::MlKem768>(dir) && exchange<tessera::frodokem::FrodoKem640Aes>(dir);
  return ok ? 0 : 1;
}
