// P-256 domain parameters: SP 800-186, Section 3.2.1.3 (= SEC 2 v2 secp256r1), as published
// (hex, big-endian). tests/unit/ec_test.cpp ties each to OpenSSL's EC_GROUP values.
#pragma once

#include <tessera/ec.hpp>

namespace tessera::ec {

template <class C>
struct CurveConstants;

template <>
struct CurveConstants<P256> {
  // p = 2^256 - 2^224 + 2^192 + 2^96 - 1
  static constexpr char p[] = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
  static constexpr char n[] = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
  static constexpr char b[] = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b";
  static constexpr char gx[] = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
  static constexpr char gy[] = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
};

}  // namespace tessera::ec
