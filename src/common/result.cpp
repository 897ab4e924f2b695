#include <tessera/result.hpp>

namespace tessera {

const char* error_message(Error e) noexcept {
  switch (e) {
    case Error::invalid_length: return "invalid length";
    case Error::invalid_key: return "invalid key";
    case Error::invalid_encoding: return "invalid encoding";
    case Error::invalid_argument: return "invalid argument";
    case Error::unknown_backend: return "unknown backend name";
    case Error::backend_unavailable: return "backend not available on this CPU or build";
    case Error::randomness_failure: return "randomness source failed";
    case Error::unsupported: return "unsupported";
    case Error::invalid_state: return "call not allowed in the object's current state";
    case Error::authentication_failed: return "authentication failed";
  }
  return "unknown error";
}

namespace detail {
void bad_result_access() noexcept { __builtin_trap(); }
}  // namespace detail

}  // namespace tessera
