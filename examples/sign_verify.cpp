// ML-DSA signatures: generate a key, store its 32-byte seed, load it again later, sign with
// a context string, and verify with a public key parsed from its bytes.
//
//   usage: example_sign_verify DIR   (writes DIR/ML-DSA-65.seed and DIR/ML-DSA-65.pub)
#include <tessera/mldsa.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>
#include <vector>

namespace {

using tessera::MlDsa65;

bool write_file(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}
std::vector<std::uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

int fail(const char* what, tessera::Error e) {
  std::fprintf(stderr, "%s: %s\n", what, tessera::error_message(e));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return std::fprintf(stderr, "usage: %s DIR\n", argv[0]), 2;
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  const auto seed_file = dir / "ML-DSA-65.seed", pub_file = dir / "ML-DSA-65.pub";

  // Key generation; the seed xi is the private key's storage form (FIPS 204, s3.6.3).
  {
    auto kp = MlDsa65::generate_key();
    if (!kp) return fail("generate_key", kp.error());
    auto seed = kp->private_key.seed();
    if (!seed) return fail("seed", seed.error());
    if (!write_file(seed_file, seed->span()) || !write_file(pub_file, kp->public_key.bytes()))
      return std::fprintf(stderr, "cannot write %s\n", dir.c_str()), 1;
  }

  // Later: load the private key (expanded once: every signature reuses s1_hat, s2_hat,
  // t0_hat and A_hat) and sign two messages under an application context.
  std::vector<std::uint8_t> seed_bytes = read_file(seed_file);
  auto sk = MlDsa65::PrivateKey::from_seed(seed_bytes);
  tessera::secure_zero(seed_bytes.data(), seed_bytes.size());
  if (!sk) return fail("from_seed", sk.error());
  const tessera::Context ctx("tessera example v1");
  constexpr std::string_view text = "firmware image 1.2.3";
  const std::span<const std::uint8_t> message(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  auto sig = MlDsa65::sign(*sk, message, ctx);  // hedged (fresh randomness) by default
  if (!sig) return fail("sign", sig.error());

  // A verifier parses the published key once and checks any number of signatures.
  auto pk = MlDsa65::PublicKey::from_bytes(read_file(pub_file));
  if (!pk) return fail("public key", pk.error());
  const bool valid = MlDsa65::verify(*pk, message, *sig, ctx);
  const bool wrong_context = MlDsa65::verify(*pk, message, *sig, tessera::Context("another protocol"));
  auto tampered = *sig;
  tampered[100] ^= 1;
  const bool tampered_ok = MlDsa65::verify(*pk, message, tampered, ctx);
  std::printf("ML-DSA-65 signature %zu B: valid %s, wrong context %s, tampered %s\n", MlDsa65::signature_bytes,
              valid ? "accepted" : "REJECTED", wrong_context ? "ACCEPTED" : "rejected",
              tampered_ok ? "ACCEPTED" : "rejected");
  std::filesystem::remove(seed_file);
  return valid && !wrong_context && !tampered_ok ? 0 : 1;
}
