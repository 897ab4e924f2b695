// Benchmark firmware for the emulated Cortex-M7 board (qemu-system-arm -M mps2-an500
// -icount shift=0, firmware/CMakeLists.txt): wolfCrypt-style lines for the algorithms that
// the published STM32H753 wolfCrypt benchmark lists (RNG, AES-GCM, ChaCha20-Poly1305, SHA-2,
// SHA-3, HMAC, ML-KEM-512/768/1024, P-256 ECDHE/ECDSA) and ML-DSA-44/65/87, X25519.
//
// Under QEMU nothing is a cycle: with -icount shift=0 the virtual clock advances 1 ns per
// guest instruction, so the AN500's CMSDK timer 0 (25 MHz, 40 ns per tick) counts
// instructions / 40. Every figure printed is instructions per operation, labelled as such,
// with the scale calibrated at start on a loop of known length. On real hardware the same
// image would count 25 MHz ticks, not CPU cycles (the DWT cycle counter is what to read there).
//
// The DRBG's entropy comes from a fixed counter (bench_entropy below): this image measures,
// it protects nothing. Every operation's result is checked; a wrong one prints FAIL.
#include <tessera/aead.hpp>
#include <tessera/ec.hpp>
#include <tessera/ecdsa.hpp>
#include <tessera/hmac.hpp>
#include <tessera/mldsa.hpp>
#include <tessera/mlkem.hpp>
#include <tessera/random.hpp>
#include <tessera/sha2.hpp>
#include <tessera/sha3.hpp>
#include <tessera/x25519.hpp>

#include <cstddef>
#include <cstdint>
#include <new>
#include <span>

#include "semihost.hpp"

namespace {

using namespace tessera;
using fw::write0;

// CMSDK APB timer 0 of the AN500 (a 32-bit down counter at 25 MHz).
struct CmsdkTimer {
  volatile std::uint32_t ctrl, value, reload, intstatus;
};
CmsdkTimer& timer0() { return *reinterpret_cast<CmsdkTimer*>(0x40000000u); }
void start_timer() {
  timer0().ctrl = 0;
  timer0().reload = 0xFFFFFFFFu;
  timer0().value = 0xFFFFFFFFu;
  timer0().ctrl = 1;
}
std::uint32_t ticks() { return 0xFFFFFFFFu - timer0().value; }

// Instructions per timer tick x 1000, from a loop of two instructions per iteration.
std::uint32_t g_milli_insn_per_tick = 40000;
void calibrate() {
  constexpr std::uint32_t kIterations = 2000000;
  const std::uint32_t t0 = ticks();
  std::uint32_t n = kIterations;
  __asm__ volatile("1: subs %0, %0, #1\n bne 1b" : "+r"(n) : : "cc");
  const std::uint32_t dt = ticks() - t0;
  if (dt != 0) g_milli_insn_per_tick = static_cast<std::uint32_t>(2ull * kIterations * 1000 / dt);
}

bool bench_entropy(std::uint8_t* out, std::size_t len) noexcept {
  static std::uint32_t counter = 0;
  for (std::size_t i = 0; i < len; ++i) out[i] = static_cast<std::uint8_t>(++counter * 0x9E3779B1u >> 24);
  return true;
}

char* put(char* p, const char* s) {
  while (*s) *p++ = *s++;
  return p;
}
char* pad(char* p, char* line, std::size_t column) {
  while (static_cast<std::size_t>(p - line) < column) *p++ = ' ';
  return p;
}

int g_failures = 0;

// "ML-KEM 768   key gen   10 ops, avg 1234567 instructions/op (qemu -icount)"; for
// throughput lines, bytes is the data per operation and instructions/byte is printed too.
void line(const char* alg, const char* op, std::uint32_t ops, std::uint64_t total_ticks, bool ok,
          std::uint32_t bytes = 0) {
  char buf[200];
  char* p = buf;
  p = put(p, ok ? "" : "FAIL ");
  p = put(p, alg);
  p = pad(p, buf, 22);
  p = put(p, op);
  p = pad(p, buf, 34);
  p = fw::format_u32(p, ops);
  p = put(p, " ops, avg ");
  const std::uint64_t insn = total_ticks * g_milli_insn_per_tick / 1000 / ops;
  p = fw::format_u32(p, static_cast<std::uint32_t>(insn));
  p = put(p, " instructions/op");
  if (bytes != 0) {
    p = put(p, ", ");
    const std::uint64_t centi = insn * 100 / bytes;
    p = fw::format_u32(p, static_cast<std::uint32_t>(centi / 100));
    *p++ = '.';
    *p++ = static_cast<char>('0' + centi / 10 % 10);
    *p++ = static_cast<char>('0' + centi % 10);
    p = put(p, " instructions/byte");
  }
  p = put(p, " (qemu -icount)\n");
  *p = '\0';
  write0(buf);
  if (!ok) ++g_failures;
}

// Runs op() once untimed (one-time work: P-256's base-point table is computed on first use),
// then n times timed; op returns whether its result was right.
template <class F>
void run(const char* alg, const char* op_name, std::uint32_t n, F&& op, std::uint32_t bytes = 0) {
  bool ok = op();
  const std::uint32_t t0 = ticks();
  for (std::uint32_t i = 0; i < n; ++i) ok = op() && ok;
  line(alg, op_name, n, ticks() - t0, ok, bytes);
}

// Uninitialised static storage for one T, constructed in place from a prvalue (large key
// objects stay off the stack).
template <class T>
struct Slot {
  alignas(T) unsigned char bytes[sizeof(T)];
  bool full = false;
  template <class F>
  T& emplace(F&& make) {
    if (full) get().~T();
    full = true;
    return *::new (static_cast<void*>(bytes)) T(make());
  }
  T& get() { return *std::launder(reinterpret_cast<T*>(bytes)); }
};

alignas(8) std::uint8_t g_data[1024], g_out[1024];
const std::uint8_t kKey[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                               17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
const std::uint8_t kNonce[12] = {0};

void symmetric() {
  constexpr std::uint32_t kBytes = sizeof g_data;
  std::uint8_t tag[16];
  run("RNG", "1 KiB", 10, [] { return random_bytes(g_out).has_value(); }, kBytes);
  run("AES-128-GCM", "enc", 10, [&] {
    return aes_gcm_seal(std::span(kKey, 16), kNonce, {}, g_data, g_out, tag).has_value();
  }, kBytes);
  run("AES-128-GCM", "dec", 10, [&] {
    return aes_gcm_open(std::span(kKey, 16), kNonce, {}, g_out, tag, g_data).has_value();
  }, kBytes);
  run("AES-256-GCM", "enc", 10, [&] { return aes_gcm_seal(kKey, kNonce, {}, g_data, g_out, tag).has_value(); }, kBytes);
  run("ChaCha20-Poly1305", "enc", 10, [&] {
    return chacha20_poly1305_seal(kKey, kNonce, {}, g_data, g_out, tag).has_value();
  }, kBytes);
  run("ChaCha20-Poly1305", "dec", 10, [&] {
    return chacha20_poly1305_open(kKey, kNonce, {}, g_out, tag, g_data).has_value();
  }, kBytes);
  std::uint8_t md[64];
  run("SHA-256", "1 KiB", 10, [&] { sha256(g_data, std::span<std::uint8_t, 32>(md, 32)); return true; }, kBytes);
  run("SHA-512", "1 KiB", 10, [&] { sha512(g_data, std::span<std::uint8_t, 64>(md, 64)); return true; }, kBytes);
  run("SHA3-256", "1 KiB", 10, [&] { sha3_256(g_data, std::span<std::uint8_t, 32>(md, 32)); return true; }, kBytes);
  run("HMAC-SHA256", "1 KiB", 10, [&] {
    hmac_sha256(kKey, g_data, std::span<std::uint8_t, 32>(md, 32));
    return true;
  }, kBytes);
}

template <class K>
struct KemBench {
  static inline Slot<Result<typename K::KeyPair>> pair;
  static inline Slot<Result<typename K::Encapsulation>> enc;
  static void run_all(const char* alg) {
    run(alg, "key gen", 5, [] { return pair.emplace([] { return K::generate_key(); }).has_value(); });
    run(alg, "encap", 5, [] {
      return enc.emplace([] { return K::encapsulate(pair.get()->public_key); }).has_value();
    });
    run(alg, "decap", 5, [] {
      auto k = K::decapsulate(pair.get()->private_key, enc.get()->ciphertext);
      if (!k) return false;
      const auto want = enc.get()->shared_secret.span();
      for (std::size_t i = 0; i < want.size(); ++i)
        if (k->span()[i] != want[i]) return false;
      return true;
    });
  }
};

template <class D>
struct DsaBench {
  static inline Slot<Result<typename D::KeyPair>> pair;
  static inline Slot<Result<typename D::Signature>> sig;
  static void run_all(const char* alg) {
    static const std::uint8_t msg[32] = {'t', 'e', 's', 's', 'e', 'r', 'a'};
    run(alg, "key gen", 3, [] { return pair.emplace([] { return D::generate_key(); }).has_value(); });
    // Signing repeats a variable number of attempts (FIPS 204, Algorithm 7): more runs.
    run(alg, "sign", 16, [] {
      return sig.emplace([] { return D::sign(pair.get()->private_key, msg); }).has_value();
    });
    run(alg, "verify", 3, [] { return D::verify(pair.get()->public_key, msg, *sig.get()); });
  }
};

template <class G>
struct DhBench {
  static inline Slot<Result<typename G::KeyPair>> a, b;
  static void run_all(const char* alg) {
    run(alg, "key gen", 3, [] { return a.emplace([] { return G::generate_key(); }).has_value(); });
    b.emplace([] { return G::generate_key(); });
    run(alg, "agree", 3, [] { return G::agree(a.get()->private_key, b.get()->public_key).has_value(); });
  }
};

struct EcdsaBench {
  static inline Slot<Result<EcdsaP256Sha256::KeyPair>> pair;
  static inline Slot<Result<EcdsaP256Sha256::Signature>> sig;
  static void run_all() {
    static const std::uint8_t msg[32] = {'t', 'e', 's', 's', 'e', 'r', 'a'};
    run("ECDSA P-256", "sign", 3, [] {
      if (!pair.full) pair.emplace([] { return EcdsaP256Sha256::generate_key(); });
      return sig.emplace([] { return EcdsaP256Sha256::sign(pair.get()->private_key, msg); }).has_value();
    });
    run("ECDSA P-256", "verify", 3, [] { return EcdsaP256Sha256::verify(pair.get()->public_key, msg, *sig.get()); });
  }
};

}  // namespace

int main() {
  write0("tessera benchmark firmware (" TESSERA_FW_TARGET " -icount shift=0): instructions, not cycles\n");
  set_entropy_source(bench_entropy);
  start_timer();
  calibrate();
  char cal[80];
  char* p = put(cal, "calibration: ");
  p = fw::format_u32(p, g_milli_insn_per_tick);
  p = put(p, " instructions per 1000 timer ticks\n");
  *p = '\0';
  write0(cal);
  // Read by scripts/fw-bench-json.py (the "compiler" of its records).
#if defined(__clang__)
  write0("compiler: clang " __clang_version__);
#else
  write0("compiler: arm-none-eabi-gcc " __VERSION__);
#endif
#if defined(__OPTIMIZE_SIZE__)
  write0(", -Os\n");
#else
  write0("\n");
#endif
  symmetric();
  KemBench<mlkem::MlKem512>::run_all("ML-KEM 512");
  KemBench<mlkem::MlKem768>::run_all("ML-KEM 768");
  KemBench<mlkem::MlKem1024>::run_all("ML-KEM 1024");
  DsaBench<MlDsa44>::run_all("ML-DSA 44");
  DsaBench<MlDsa65>::run_all("ML-DSA 65");
  DsaBench<MlDsa87>::run_all("ML-DSA 87");
  DhBench<X25519>::run_all("X25519");
  DhBench<EcdhP256>::run_all("ECDHE P-256");
  EcdsaBench::run_all();
  write0(g_failures == 0 ? "ALL PASSED\n" : "FAILURES\n");
  return g_failures == 0 ? 0 : 1;
}
