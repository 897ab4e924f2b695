// Shared machinery of the zeroization tests (tests/unit/zeroize_*.cpp):
//  - Secret / find_secrets: which secrets occur in a memory region, as any kWindow-byte
//    window of the secret at any offset of the region;
//  - destroyed_bytes / moved_from_bytes: an object built in a raw buffer, then destroyed
//    or moved from, and the buffer returned for scanning;
//  - run_on_owned_stack: an operation on a thread whose whole stack is a buffer we own,
//    pre-filled with kFill; the buffer is returned after the thread has ended;
//  - the parameterized suites ZeroizeObjects (one case) and ZeroizeStack (a case on every
//    backend), instantiated by each algorithm's file with its cases;
//  - small reference computations the tests need to name secret intermediates (SHA-2
//    chaining values, the AES key schedule, Keccak-independent helpers).
#pragma once

#include <tessera/backend.hpp>

#include "support/backends.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

// Stack scans are meaningless under AddressSanitizer: its instrumentation changes frame
// layout (redzones around address-taken locals, optional fake stacks) and intercepts memcpy.
#if defined(__SANITIZE_ADDRESS__)
#define TESSERA_ZEROIZE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESSERA_ZEROIZE_ASAN 1
#endif
#endif
#ifdef TESSERA_ZEROIZE_ASAN
#define SKIP_STACK_SCAN_UNDER_ASAN() GTEST_SKIP() << "stack scan not meaningful under AddressSanitizer"
#else
#define SKIP_STACK_SCAN_UNDER_ASAN() static_cast<void>(0)
#endif

namespace tessera::zeroize {

using u8 = std::uint8_t;
using Bytes = std::vector<u8>;

constexpr std::size_t kWindow = 16;  // a secret counts as found if any 16 bytes of it are

// A named secret value to look for. Windows start at every multiple of `step` bytes of the
// secret (2 or 4 for arrays of 16- or 32-bit entries: a copy keeps whole entries) and are
// `window` bytes long: kWindow, or more for low-entropy data (FrodoKEM's error samples
// carry 2.5-3.3 bits per 16-bit entry, so 16 bytes of them match unrelated small values by
// chance; 32 bytes do not). Windows whose first kWindow bytes hold fewer than 4 distinct
// values (runs of zeros, of small entries) are not looked for: they occur in wiped or
// unrelated memory by chance.
// max_zero_bytes: windows with more zero bytes are not looked for either (for key contexts,
// whose zero-filled tails next to a pointer would match public data).
struct Secret {
  std::string name;
  Bytes bytes;
  std::size_t step = 1;
  std::size_t window = kWindow;
  std::size_t max_zero_bytes = kWindow;
};

inline Bytes bytes_of(std::span<const u8> s) { return Bytes(s.begin(), s.end()); }
template <class T>
Bytes bytes_of_words(std::span<const T> words) {  // host byte order, as the words sit in memory
  Bytes b(words.size_bytes());
  std::memcpy(b.data(), words.data(), b.size());
  return b;
}
inline Bytes concat(std::initializer_list<std::span<const u8>> parts) {
  Bytes out;
  for (auto p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}
inline Bytes xor_of(std::span<const u8> a, std::span<const u8> b) {
  Bytes out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = static_cast<u8>(a[i] ^ b[i]);
  return out;
}

// The names of the secrets of which some window occurs in region, each as
// "<name> (bytes <offset>..)" with the lowest offset of the secret found.
std::vector<std::string> find_secrets(std::span<const u8> region, const std::vector<Secret>& secrets);

// Residue found by these tests and reported, not yet fixed in the library (each entry is a
// case-name prefix and a secret name). Printed as KNOWN RESIDUE when seen; fails the test
// with TESSERA_ZEROIZE_STRICT=1. Remove an entry once its fix lands.
std::vector<std::string> without_known_residue(const std::string& case_name, const std::vector<std::string>& found);

// ---- 1. Objects ----

// Owns raw, suitably aligned storage for one T, pre-filled with 0xCC.
template <class T>
class RawStorage {
 public:
  RawStorage() : mem_(static_cast<u8*>(::operator new(sizeof(T), std::align_val_t{alignof(T)}))) {
    std::memset(mem_, 0xCC, sizeof(T));
  }
  ~RawStorage() { ::operator delete(mem_, std::align_val_t{alignof(T)}); }
  RawStorage(const RawStorage&) = delete;
  RawStorage& operator=(const RawStorage&) = delete;
  void* get() const noexcept { return mem_; }
  Bytes bytes() const { return Bytes(mem_, mem_ + sizeof(T)); }

 private:
  u8* mem_;
};

// Constructs T in a raw buffer from make(), destroys it, and returns the buffer.
template <class T, class Make>
Bytes destroyed_bytes(Make make) {
  RawStorage<T> storage;
  T* obj = ::new (storage.get()) T(make());
  std::launder(obj)->~T();
  return storage.bytes();
}

// Constructs T in a raw buffer from make(), moves it out (into a T on the heap), and returns
// the buffer with the moved-from object still in it (destroyed afterwards).
template <class T, class Make>
Bytes moved_from_bytes(Make make) {
  RawStorage<T> storage;
  T* obj = ::new (storage.get()) T(make());
  auto taken = std::make_unique<T>(std::move(*obj));
  Bytes b = storage.bytes();
  std::launder(obj)->~T();
  return b;
}

// The same, by move assignment into an existing object made by make().
template <class T, class Make>
Bytes move_assigned_from_bytes(Make make) {
  RawStorage<T> storage;
  T* obj = ::new (storage.get()) T(make());
  auto taken = std::make_unique<T>(make());
  *taken = std::move(*obj);
  Bytes b = storage.bytes();
  std::launder(obj)->~T();
  return b;
}

// ---- 2. Stack residue ----

constexpr std::size_t kStackBytes = std::size_t{2} << 20;  // FrodoKEM-1344 key generation: ~200 KiB
constexpr u8 kFill = 0xA5;

Bytes run_on_owned_stack_raw(void (*fn)(void*), void* ctx);

// Runs fn on a thread whose whole stack is a buffer pre-filled with kFill, and returns a
// copy of that buffer after the thread has ended. The region is heap memory (page
// aligned); glibc also keeps the thread's TLS and control block at its top, so those are
// scanned too.
template <class Fn>
Bytes run_on_owned_stack(Fn fn) {
  return run_on_owned_stack_raw([](void* p) { (*static_cast<Fn*>(p))(); }, &fn);
}

// Runs op twice on the same stack memory, once after set_a and once after set_b (which put
// different secrets into the same buffers, on the heap), and returns the byte ranges of the
// stack that differ between the two runs: whatever op left that depends on the secret, in
// any representation (a broadcast entry, a partial sum, a spilled register). For kernels,
// whose frames hold no public output: every address is the same in both runs, so any
// difference is a secret's. Empty is clean.
std::vector<std::string> secret_dependent_residue_raw(void (*set_a)(void*), void (*set_b)(void*), void (*op)(void*),
                                                      void* ctx);
template <class SetA, class SetB, class Op>
void expect_no_secret_dependent_residue(const std::string& what, SetA set_a, SetB set_b, Op op) {
  struct Fns {
    SetA* a;
    SetB* b;
    Op* op;
  } fns{&set_a, &set_b, &op};
  const auto ranges = secret_dependent_residue_raw([](void* p) { (*static_cast<Fns*>(p)->a)(); },
                                                   [](void* p) { (*static_cast<Fns*>(p)->b)(); },
                                                   [](void* p) { (*static_cast<Fns*>(p)->op)(); }, &fns);
  EXPECT_EQ(without_known_residue(what + " (differential)", ranges), std::vector<std::string>{})
      << what << ": stack bytes that depend on the secret input";
}

// How much of the region below the pad the job used (bytes no longer equal to the fill
// pattern): the frames of the operation and of the harness's call into it. What glibc keeps
// above the pad (thread control block, static TLS) is not counted: it depends on the ABI and
// the C library, not on the operation.
std::size_t used_bytes(std::span<const u8> region);
// used_bytes of a job that does nothing: the harness's own frames (run_below_pad, the
// trampoline). Measured once; an operation that ran on the owned stack uses more.
std::size_t harness_used_bytes();

// Runs op on an owned stack and expects none of the secrets (given after the operation:
// they may depend on its public outputs) in the region afterwards. what names the
// operation in messages and in the known-residue list.
template <class Op, class Secrets>
void expect_no_residue(const std::string& what, Op op, Secrets secrets) {
  const Bytes region = run_on_owned_stack(op);
  if (::testing::Test::HasFatalFailure()) return;
  // Compared with the harness's own use rather than a fixed byte count: "more than 2048
  // bytes of the whole region" (control block and TLS included) held on x86-64, but small
  // kernels use far less on other ABIs: -m32 byte_encode12 1656 bytes in all, aarch64
  // FrodoKEM mul_add_as (a leaf function, no frame) 16 bytes, the caller's frame record.
  EXPECT_GT(used_bytes(region), harness_used_bytes()) << what << ": the operation did not run on the owned stack";
  const std::vector<Secret> list = secrets();
  EXPECT_EQ(without_known_residue(what, find_secrets(region, list)), std::vector<std::string>{}) << what;
}

// ---- Parameterized suites ----

// A named check; the algorithm files list theirs and instantiate the suites with them.
struct Case {
  const char* name;
  void (*run)();
};
inline void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

// Runs a case once (objects do not depend on the backend).
class ZeroizeObjects : public ::testing::TestWithParam<Case> {};

// Runs a case once per backend; a backend this CPU or build lacks is SKIPPED.
class ZeroizeStack : public ::testing::TestWithParam<std::tuple<Case, Backend>> {
 protected:
  void SetUp() override;
  void TearDown() override { override_.reset(); }

 private:
  std::optional<BackendOverride> override_;
};

// The name of the running case and backend ("ML-KEM-768 decaps/avx2"), for messages.
std::string current_case(const char* what);

std::string case_param_name(const ::testing::TestParamInfo<Case>& info);
std::string stack_param_name(const ::testing::TestParamInfo<std::tuple<Case, Backend>>& info);

#define TESSERA_ZEROIZE_OBJECTS(prefix, cases) \
  INSTANTIATE_TEST_SUITE_P(prefix, ZeroizeObjects, ::testing::ValuesIn(cases), case_param_name)
#define TESSERA_ZEROIZE_STACK(prefix, cases)                                                            \
  INSTANTIATE_TEST_SUITE_P(prefix, ZeroizeStack,                                                        \
                           ::testing::Combine(::testing::ValuesIn(cases), ::testing::ValuesIn(::tessera::kAllBackends)), \
                           stack_param_name)

// ---- Reference computations (the names of secret intermediates) ----

// The SHA-256 / SHA-512 chaining value after compressing one block from the initial value
// (FIPS 180-4, Sections 6.2.2 and 6.4.2): HMAC's keyed inner and outer states.
std::array<std::uint32_t, 8> sha256_after_block(std::span<const u8, 64> block);
std::array<std::uint64_t, 8> sha512_after_block(std::span<const u8, 128> block);

// AES key expansion (FIPS 197, Algorithm 2): the round keys as 16-byte blocks, in order.
Bytes aes_round_keys(std::span<const u8> key);

// n deterministic pseudo-random bytes (splitmix64 of seed): test inputs that no other
// input or public value shares a window with.
Bytes test_bytes(std::size_t n, std::uint64_t seed);
template <std::size_t N>
std::array<u8, N> test_array(std::uint64_t seed) {
  std::array<u8, N> a;
  const Bytes b = test_bytes(N, seed);
  std::memcpy(a.data(), b.data(), N);
  return a;
}

}  // namespace tessera::zeroize
