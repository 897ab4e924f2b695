// P-384 domain parameters: SP 800-186, Section 3.2.1.4 (= SEC 2 v2 secp384r1), as published
// (hex, big-endian). tests/unit/ec_test.cpp ties each to OpenSSL's EC_GROUP values.
#pragma once

#include <tessera/ec.hpp>

namespace tessera::ec {

template <class C>
struct CurveConstants;

template <>
struct CurveConstants<P384> {
  // p = 2^384 - 2^128 - 2^96 + 2^32 - 1
  static constexpr char p[] =
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff";
  static constexpr char n[] =
      "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973";
  static constexpr char b[] =
      "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef";
  static constexpr char gx[] =
      "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7";
  static constexpr char gy[] =
      "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f";
};

}  // namespace tessera::ec
