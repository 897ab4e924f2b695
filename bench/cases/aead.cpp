// Symmetric primitives and AEADs, 1 KiB and 16 KiB per call (bytes counted: the payload).
//   AES-128/192/256-GCM  encrypt / decrypt, without AAD and with 64 bytes of AAD
//                        (keyed tessera::AesGcm: key schedule and GHASH powers outside the
//                        timed call, as `openssl speed -evp` does)
//   AES-128/256-GMAC     mac over the block
//   ChaCha20             encrypt (keystream XOR)
//   Poly1305             mac
//   ChaCha20-Poly1305    encrypt / decrypt, without and with 64 bytes of AAD
#include "registry.hpp"

#include <tessera/aead.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tessera::bench {
namespace {

constexpr std::size_t kBlockSizes[] = {1024, 16384};
constexpr std::size_t kAadBytes = 64;

std::vector<std::uint8_t> pattern(std::size_t n, std::uint8_t salt) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i * 167 + salt);
  return v;
}

struct Buffers {
  std::vector<std::uint8_t> key, nonce, aad, in, out, tag;
};

std::shared_ptr<Buffers> buffers(std::size_t key_bytes, std::size_t block, bool with_aad) {
  auto b = std::make_shared<Buffers>();
  b->key = pattern(key_bytes, 1);
  b->nonce = pattern(kAeadNonceBytes, 2);
  b->aad = with_aad ? pattern(kAadBytes, 3) : std::vector<std::uint8_t>{};
  b->in = pattern(block, 4);
  b->out.resize(block);
  b->tag.resize(kAeadTagBytes);
  return b;
}

std::string op_name(const char* op, bool with_aad) {
  return with_aad ? std::string(op) + " (aad)" : std::string(op);
}

Case gcm_case(int bits, bool encrypt, bool with_aad, std::size_t block) {
  const std::string algo = "AES-" + std::to_string(bits) + "-GCM";
  return bytes_case(algo, op_name(encrypt ? "encrypt" : "decrypt", with_aad), block,
                    [bits, encrypt, with_aad, block]() -> Op {
    auto b = buffers(static_cast<std::size_t>(bits / 8), block, with_aad);
    auto g = std::make_shared<AesGcm>();
    if (!g->set_key(b->key)) return [] {};
    if (!encrypt) {
      // Decrypt a valid ciphertext so that the timed call does the full work.
      if (!g->seal(b->nonce, b->aad, b->in, b->out, b->tag)) return [] {};
      std::swap(b->in, b->out);
    }
    return [b, g, encrypt] {
      if (encrypt) {
        (void)g->seal(b->nonce, b->aad, b->in, b->out, b->tag);
      } else {
        (void)g->open(b->nonce, b->aad, b->in, b->tag, b->out);
      }
      do_not_optimize(b->out.data());
    };
  }, 1, with_aad ? algo + " " + (encrypt ? "enc" : "dec") + "+aad" : algo + " " + (encrypt ? "enc" : "dec"));
}

Case gmac_case(int bits, std::size_t block) {
  const std::string algo = "AES-" + std::to_string(bits) + "-GMAC";
  return bytes_case(algo, "mac", block, [bits, block]() -> Op {
    auto b = buffers(static_cast<std::size_t>(bits / 8), block, false);
    auto g = std::make_shared<AesGcm>();
    if (!g->set_key(b->key)) return [] {};
    return [b, g] {
      (void)g->gmac(b->nonce, b->in, b->tag);
      do_not_optimize(b->tag.data());
    };
  });
}

Case chacha20_case(std::size_t block) {
  return bytes_case("ChaCha20", "encrypt", block, [block]() -> Op {
    auto b = buffers(kChaCha20KeyBytes, block, false);
    return [b] {
      (void)chacha20_xor(b->key, b->nonce, 1, b->in, b->out);
      do_not_optimize(b->out.data());
    };
  });
}

Case poly1305_case(std::size_t block) {
  return bytes_case("Poly1305", "mac", block, [block]() -> Op {
    auto b = buffers(32, block, false);
    return [b] {
      (void)poly1305_mac(b->key, b->in, b->tag);
      do_not_optimize(b->tag.data());
    };
  });
}

Case chacha_poly_case(bool encrypt, bool with_aad, std::size_t block) {
  return bytes_case("ChaCha20-Poly1305", op_name(encrypt ? "encrypt" : "decrypt", with_aad), block,
                    [encrypt, with_aad, block]() -> Op {
    auto b = buffers(kChaCha20KeyBytes, block, with_aad);
    if (!encrypt) {
      if (!chacha20_poly1305_seal(b->key, b->nonce, b->aad, b->in, b->out, b->tag)) return [] {};
      std::swap(b->in, b->out);
    }
    return [b, encrypt] {
      if (encrypt) {
        (void)chacha20_poly1305_seal(b->key, b->nonce, b->aad, b->in, b->out, b->tag);
      } else {
        (void)chacha20_poly1305_open(b->key, b->nonce, b->aad, b->in, b->tag, b->out);
      }
      do_not_optimize(b->out.data());
    };
  }, 1, std::string("ChaCha20-Poly1305 ") + (encrypt ? "enc" : "dec") + (with_aad ? "+aad" : ""));
}

std::vector<Case> make_cases() {
  std::vector<Case> cases;
  for (std::size_t block : kBlockSizes) {
    for (int bits : {128, 192, 256}) {
      for (bool with_aad : {false, true}) {
        cases.push_back(gcm_case(bits, true, with_aad, block));
        cases.push_back(gcm_case(bits, false, with_aad, block));
      }
    }
    cases.push_back(gmac_case(128, block));
    cases.push_back(gmac_case(256, block));
    cases.push_back(chacha20_case(block));
    cases.push_back(poly1305_case(block));
    for (bool with_aad : {false, true}) {
      cases.push_back(chacha_poly_case(true, with_aad, block));
      cases.push_back(chacha_poly_case(false, with_aad, block));
    }
  }
  return cases;
}

const Registration kCases{make_cases()};

}  // namespace
}  // namespace tessera::bench
