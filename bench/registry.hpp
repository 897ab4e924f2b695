// The benchmark cases. Each algorithm family registers its cases from one file,
// bench/cases/<family>.cpp (picked up by bench/CMakeLists.txt), with a namespace-scope
//
//   const tessera::bench::Registration kCases{make_cases()};
//
// A case names what it measures (implementation, algorithm, operation, size) and how to
// build the timed call: prepare() runs once per case and backend, under that backend and
// outside the timed region (buffers, keys, ciphertexts), and returns the call to time.
#pragma once

#include <tessera/backend.hpp>

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera::bench {

// bytes: throughput (MiB/s, cycles per byte), e.g. hashes. ops: operations per second
// and cycles per operation, e.g. key generation.
enum class Kind { bytes, ops };

using Op = std::function<void()>;

struct Case {
  std::string implementation;  // "tessera"; later peers: "openssl", "liboqs", ...
  std::string algorithm;       // "SHA3-256", "ML-KEM-768"
  std::string operation;       // "hash", "absorb", "key gen", "encap", ...
  Kind kind = Kind::bytes;
  std::size_t block_bytes = 0;  // bytes kind: input or output size of one instance per call
  std::size_t bytes_per_op = 0; // bytes kind: bytes counted per call (block_bytes x ways)
  int strength = 0;             // ops kind: security bits (wolfCrypt's column), 0 if none
  std::string label;            // name in the text line (wolfCrypt's desc/algo column)
  std::size_t message_bytes = 0; // sign/verify: message size (0: not a message operation)
  // KEM cases (every row of the KEM): the bytes each side sends. In TLS 1.3 the client's key
  // share is the public key, the server's reply the ciphertext. 0: not a KEM case.
  std::size_t public_key_bytes = 0;
  std::size_t ciphertext_bytes = 0;
  std::function<Op()> prepare;
  // What runs on backend b: "portable", or the backend and the accelerated parts, e.g.
  // "avx512 (Keccak)". Peers ignore b and name their code path ("asm", "avx2"). Empty
  // function: not known (shown as "yes" in the availability table).
  std::function<std::string(Backend)> acceleration;

  // "algorithm operation": what --filter matches.
  std::string filter_key() const { return algorithm + " " + operation; }
};

// A throughput case: bytes_per_op = block_bytes * ways, label "<label> <size>".
Case bytes_case(std::string algorithm, std::string operation, std::size_t block_bytes,
                std::function<Op()> prepare, int ways = 1, std::string label = {});
// An operations case (public-key style line: "<label> <strength> <operation> ...").
Case ops_case(std::string algorithm, std::string operation, int strength,
              std::function<Op()> prepare, std::string label = {});

// A case of a peer library (bench/peers/): the same shapes with another implementation name.
Case peer_bytes_case(std::string implementation, std::string algorithm, std::string operation,
                     std::size_t block_bytes, std::function<Op()> prepare, std::string acceleration,
                     std::string label = {});
Case peer_ops_case(std::string implementation, std::string algorithm, std::string operation,
                   int strength, std::function<Op()> prepare, std::string acceleration,
                   std::string label = {});

// "portable" when no part is accelerated on b, else "<backend> (part, part)".
std::string describe_acceleration(Backend b, std::initializer_list<std::pair<const char*, bool>> parts);
// Whether a description names an accelerated path: every other one starts with "portable"
// (possibly followed by the portable code's own name, as X25519's and the P-curves' do).
bool names_accelerated_path(const std::string& description);
// A hybrid's description from its halves' (name, description) pairs, listing the accelerated
// halves only: "avx2 (ML-KEM: NTT/arithmetic, Keccak x4, Keccak + X25519: radix 2^64
// (MULX/ADX))"; "portable" when no half is accelerated on b.
std::string combine_acceleration(Backend b, std::initializer_list<std::pair<const char*, std::string>> halves);

// "1KiB", "16KiB", "1MiB", or "100B" when not a whole number of KiB.
std::string size_label(std::size_t bytes);

// All registered cases, in registration order.
std::vector<Case>& registry();

struct Registration {
  explicit Registration(std::vector<Case> cases);
};

// Peer libraries. An adapter in bench/peers/ is compiled only when its library was found
// (bench/CMakeLists.txt) and registers itself with a namespace-scope PeerRegistration. Its
// cases are made at run time (cases()), so an adapter can leave out what the installed
// version lacks (ML-KEM in OpenSSL < 3.5): such rows show "n/a", an adapter that was not
// compiled "not built".
// One library of a peer loaded at run time: usable (its version and cases) or not (why).
struct PeerInstance {
  bool usable = false;
  std::string version;
  std::vector<Case> cases;
  std::string problem;  // when not usable: why, e.g. "libcrypto.so.3: cannot open shared object file"
};

struct Peer {
  std::string name;                           // one of kKnownPeers
  std::function<std::string()> version;       // "OpenSSL 3.0.19 27 Jan 2026"
  std::function<std::vector<Case>()> cases;
  // Set for peers whose library is loaded at run time (dlopen): the library at path, or
  // the default search for an empty path. version and cases are then unused.
  std::function<PeerInstance(const std::string& path)> load;
};
inline constexpr std::string_view kKnownPeers[] = {"openssl", "liboqs", "wolfssl"};

std::vector<Peer>& peer_registry();
const Peer* find_peer(std::string_view name);

struct PeerRegistration {
  explicit PeerRegistration(Peer peer);
};

// Keeps the compiler from discarding a result the timed call computes.
inline void do_not_optimize(const void* p) { __asm__ volatile("" : : "r"(p) : "memory"); }

}  // namespace tessera::bench
