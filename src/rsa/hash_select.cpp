// rsa::Hasher: a run-time choice among Tessera's hash objects, held in place.
#include "rsa/hash_select.hpp"

#include "common/secret.hpp"

#include <new>
#include <type_traits>

namespace tessera::rsa {
namespace {

// Calls f on the member of `s` that `id` selects, typed.
template <class S, class F>
void visit(HashId id, S& s, F&& f) noexcept {
  switch (id) {
    case HashId::sha1: f(s.sha1); return;
    case HashId::sha224: f(s.sha224); return;
    case HashId::sha256: f(s.sha256); return;
    case HashId::sha384: f(s.sha384); return;
    case HashId::sha512: f(s.sha512); return;
    case HashId::sha512_224: f(s.sha512_224); return;
    case HashId::sha512_256: f(s.sha512_256); return;
    case HashId::sha3_224: f(s.sha3_224); return;
    case HashId::sha3_256: f(s.sha3_256); return;
    case HashId::sha3_384: f(s.sha3_384); return;
    case HashId::sha3_512: f(s.sha3_512); return;
    case HashId::shake128: f(s.shake128); return;
    case HashId::shake256: f(s.shake256); return;
  }
}

template <class H>
constexpr bool kIsShake = requires(H h, std::span<std::uint8_t> o) { h.squeeze(o); };

}  // namespace

Hasher::Hasher(HashId id) noexcept : id_(valid_hash(id) ? id : HashId::sha256) { construct(); }
Hasher::~Hasher() { destroy(); }

void Hasher::construct() noexcept {
  visit(id_, s_, [](auto& h) noexcept {
    using H = std::remove_reference_t<decltype(h)>;
    ::new (&h) H();
  });
}
void Hasher::destroy() noexcept {
  visit(id_, s_, [](auto& h) noexcept {
    using H = std::remove_reference_t<decltype(h)>;
    h.~H();
  });
}

// SHA-3 objects have no reset(): every object is rebuilt (the destructor wipes the old state).
void Hasher::reset() noexcept {
  destroy();
  construct();
}

void Hasher::update(std::span<const std::uint8_t> in) noexcept {
  visit(id_, s_, [in](auto& h) noexcept {
    using H = std::remove_reference_t<decltype(h)>;
    if constexpr (kIsShake<H>) {
      // absorb() fails only after squeezing has begun, and xof()/final() always reset.
      static_cast<void>(h.absorb(in));
    } else {
      h.update(in);
    }
  });
}

void Hasher::final(std::span<std::uint8_t> out) noexcept {
  if (out.size() != digest_bytes()) {
    secure_zero(out.data(), out.size());
    reset();
    return;
  }
  visit(id_, s_, [out](auto& h) noexcept {
    using H = std::remove_reference_t<decltype(h)>;
    if constexpr (kIsShake<H>) {
      h.squeeze(out);  // FIPS 186-5, Section 5.4: SHAKE128 at 256 bits, SHAKE256 at 512
    } else {
      h.final(std::span<std::uint8_t, H::digest_bytes>(out.data(), H::digest_bytes));
    }
  });
  reset();  // SHA-3's final resets itself; SHAKE's squeeze does not
}

Result<void> Hasher::xof(std::span<std::uint8_t> out) noexcept {
  bool squeezed = false;
  visit(id_, s_, [out, &squeezed](auto& h) noexcept {
    using H = std::remove_reference_t<decltype(h)>;
    if constexpr (kIsShake<H>) {
      h.squeeze(out);
      squeezed = true;
    }
  });
  reset();
  if (!squeezed) {
    secure_zero(out.data(), out.size());
    return fail(Error::unsupported, "XOF output of a fixed-length hash");
  }
  return {};
}

void hash(HashId id, std::span<const std::uint8_t> in, std::span<std::uint8_t> out) noexcept {
  Hasher h(id);
  h.update(in);
  h.final(out);
}

}  // namespace tessera::rsa
