// Everything Tessera offers, in one include.
#pragma once

#include <tessera/aead.hpp>
#include <tessera/aes.hpp>
#include <tessera/backend.hpp>
#include <tessera/concepts.hpp>
#include <tessera/context.hpp>
#include <tessera/drbg.hpp>
#include <tessera/ec.hpp>
#include <tessera/ecdsa.hpp>
#include <tessera/frodokem.hpp>
#include <tessera/hkdf.hpp>
#include <tessera/hmac.hpp>
#include <tessera/hybrid.hpp>
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/options.hpp>
#include <tessera/random.hpp>
#include <tessera/result.hpp>
#include <tessera/secret.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>
#include <tessera/x25519.hpp>
#include <tessera/xwing.hpp>
