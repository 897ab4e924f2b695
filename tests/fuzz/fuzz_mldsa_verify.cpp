// libFuzzer target: ML-DSA verification with arbitrary public keys, signatures, contexts and
// messages (FIPS 204, Algorithms 3, 5, 8 and external mu), through the key objects: the
// public key is parsed once (PublicKey::from_bytes), then every interface verifies with it.
// Input: selector byte (parameter set), public key, signature, context length byte,
// context, message. Properties: no crash, no sanitizer report; every string of
// public_key_bytes parses and encodes back to itself; the pure, internal and external-mu
// interfaces agree (verify(M, ctx) == verify_internal(0 || |ctx| || ctx || M) ==
// verify_mu(mu)); wrong lengths reject.
#include <tessera/mldsa.hpp>

#include "fuzz_input.hpp"

#include <algorithm>
#include <vector>

namespace {

using tessera::fuzz::check;

template <class Dsa>
void run(tessera::fuzz::Input& in) {
  const auto pk_bytes = in.template take<Dsa::public_key_bytes>();
  const auto sig = in.template take<Dsa::signature_bytes>();
  const std::size_t ctx_len = in.byte();
  const auto rest = in.rest();
  const auto ctx = rest.first(std::min(ctx_len, rest.size()));
  const auto msg = rest.subspan(ctx.size());
  const tessera::Context context(ctx);

  auto pk = Dsa::PublicKey::from_bytes(pk_bytes);
  check(pk.has_value());  // pkDecode accepts every string of the right length
  check(std::ranges::equal(pk->bytes(), pk_bytes));
  const bool ok = Dsa::verify(*pk, msg, sig, context);
  std::vector<std::uint8_t> m_prime{0, static_cast<std::uint8_t>(ctx.size())};
  m_prime.insert(m_prime.end(), ctx.begin(), ctx.end());
  m_prime.insert(m_prime.end(), msg.begin(), msg.end());
  check(Dsa::verify_internal(*pk, m_prime, sig) == ok);
  auto b = Dsa::mu_builder(*pk, context);
  check(b.has_value());
  b->update(msg);
  const auto mu = b->final();
  check(Dsa::verify_mu(*pk, mu, sig) == ok);
  // HashML-DSA over the same bytes as a SHAKE256 digest: must not crash (result arbitrary).
  (void)Dsa::verify_prehash(*pk, tessera::mldsa::PreHash::shake256, msg, sig, context);
  // Truncated inputs always reject.
  check(!Dsa::PublicKey::from_bytes(std::span(pk_bytes).first(Dsa::public_key_bytes - 1)).has_value());
  check(!Dsa::verify(*pk, msg, std::span(sig).first(Dsa::signature_bytes - 1), context));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tessera::fuzz::Input in(data, size);
  switch (in.byte() % 3) {
    case 0: run<tessera::MlDsa44>(in); break;
    case 1: run<tessera::MlDsa65>(in); break;
    default: run<tessera::MlDsa87>(in); break;
  }
  return 0;
}
