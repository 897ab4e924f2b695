// libFuzzer target: ML-DSA verification with arbitrary public keys, signatures, contexts and
// messages (FIPS 204, Algorithms 3, 5, 8 and external mu). Input: selector byte (parameter
// set), public key, signature, context length byte, context, message. Properties: no crash,
// no sanitizer report; the pure, internal and external-mu interfaces agree (verify(M, ctx)
// == verify_internal(0 || |ctx| || ctx || M) == verify_mu(mu)); wrong lengths reject.
#include <tessera/mldsa.hpp>

#include "fuzz_input.hpp"

#include <vector>

namespace {

using tessera::fuzz::check;

template <class Dsa>
void run(tessera::fuzz::Input& in) {
  const auto pk = in.template take<Dsa::public_key_bytes>();
  const auto sig = in.template take<Dsa::signature_bytes>();
  const std::size_t ctx_len = in.byte();
  const auto rest = in.rest();
  const auto ctx = rest.first(std::min(ctx_len, rest.size()));
  const auto msg = rest.subspan(ctx.size());

  const bool ok = Dsa::verify(pk, msg, sig, ctx);
  std::vector<std::uint8_t> m_prime{0, static_cast<std::uint8_t>(ctx.size())};
  m_prime.insert(m_prime.end(), ctx.begin(), ctx.end());
  m_prime.insert(m_prime.end(), msg.begin(), msg.end());
  check(Dsa::verify_internal(pk, m_prime, sig) == ok);
  auto b = Dsa::mu_builder(pk, ctx);
  check(b.has_value());
  b->update(msg);
  const auto mu = b->final();
  check(Dsa::verify_mu(pk, mu, sig) == ok);
  // HashML-DSA over the same bytes as a SHAKE256 digest: must not crash (result arbitrary).
  (void)Dsa::verify_prehash(pk, tessera::mldsa::PreHash::shake256, msg, sig, ctx);
  // Truncated inputs always reject.
  check(!Dsa::verify(std::span(pk).first(Dsa::public_key_bytes - 1), msg, sig, ctx));
  check(!Dsa::verify(pk, msg, std::span(sig).first(Dsa::signature_bytes - 1), ctx));
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
