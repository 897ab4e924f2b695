// Hash_DRBG (NIST SP 800-90A Rev. 1, Section 10.1.1) and the system DRBG behind
// tessera::random_bytes().
#include <tessera/drbg.hpp>
#include <tessera/random.hpp>
#include <tessera/secret.hpp>

#include "common/bytes.hpp"
#include "common/secret.hpp"
#include "rand/drbg_internal.hpp"

#include <atomic>
#include <initializer_list>

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#include <unistd.h>
#define TESSERA_HAVE_ATFORK 1
#else
#define TESSERA_HAVE_ATFORK 0
#endif

#if defined(__linux__)
#include <sys/mman.h>
#endif
#if defined(__linux__) && defined(MADV_WIPEONFORK)
#define TESSERA_HAVE_WIPEONFORK 1
#else
#define TESSERA_HAVE_WIPEONFORK 0
#endif

namespace tessera {
namespace {

using Bytes = std::span<const std::uint8_t>;

// SP 800-90A Rev. 1, Section 10.3.1 (Hash_df): the leftmost no_of_bits_to_return bits of
// Hash(counter || no_of_bits_to_return || input_string) for counter = 1, 2, ...
// input_string is the concatenation of the given pieces (no copy is made).
template <class H>
void hash_df(std::uint8_t* out, std::size_t out_len, std::initializer_list<Bytes> input_string) noexcept {
  const std::uint32_t no_of_bits = static_cast<std::uint32_t>(8 * out_len);
  const std::uint8_t bits_be[4] = {static_cast<std::uint8_t>(no_of_bits >> 24), static_cast<std::uint8_t>(no_of_bits >> 16),
                                   static_cast<std::uint8_t>(no_of_bits >> 8), static_cast<std::uint8_t>(no_of_bits)};
  std::uint8_t temp[H::digest_bytes];
  std::uint8_t counter = 1;  // Step 3: an 8-bit counter; len <= 255 (step 2).
  for (std::size_t done = 0; done < out_len; ++counter) {
    // Step 4.1.
    H h;
    h.update(Bytes(&counter, 1));
    h.update(bits_be);
    for (Bytes piece : input_string) h.update(piece);
    h.final(temp);
    const std::size_t take = out_len - done < sizeof temp ? out_len - done : sizeof temp;
    for (std::size_t i = 0; i < take; ++i) out[done + i] = temp[i];
    done += take;
  }
  secure_zero(temp, sizeof temp);
}

// The big-endian value of bytes [n - i - w, n - i) of x (x_len bytes, right-aligned in an
// n-byte number: bytes left of x are zero), w <= 8. Lengths are public.
std::uint64_t word_be(const std::uint8_t* x, std::size_t x_len, std::size_t i, std::size_t w) noexcept {
  if (w == 8 && i + 8 <= x_len) return bytes::load_be64(x + x_len - i - 8);
  std::uint64_t b = 0;
  for (std::size_t k = i; k < i + w && k < x_len; ++k) b |= static_cast<std::uint64_t>(x[x_len - 1 - k]) << (8 * (k - i));
  return b;
}

// v = (v + x_1 + x_2 + ...) mod 2^(8 * n): all big-endian, each x right-aligned (at most n
// bytes). Eight bytes of every operand at a time from the right, the leftmost n mod 8 bytes
// as one short word (n = 55 or 111: seedlen). Every byte of v is visited whatever the
// values: the loop bounds and the branches are on public lengths, and the carries (at most
// the operand count) are computed without branches. Whole words are stored at once
// (HashDrbg<Sha256>::generate of 64 bytes: 884 -> 858 TSC ticks on Zen 4).
void add_mod(std::uint8_t* v, std::size_t n, std::initializer_list<Bytes> xs) noexcept {
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < n; i += 8) {  // i: bytes done, counted from the right
    const std::size_t w = n - i < 8 ? n - i : 8;
    std::uint64_t sum = word_be(v, n, i, w), c = 0;
    const std::uint64_t t = sum + carry;
    c += static_cast<std::uint64_t>(t < sum);
    sum = t;
    for (Bytes x : xs) {
      const std::uint64_t u = sum + word_be(x.data(), x.size(), i, w);
      c += static_cast<std::uint64_t>(u < sum);
      sum = u;
    }
    carry = c;
    if (w == 8) {
      bytes::store_be64(v + n - i - 8, sum);
    } else {
      for (std::size_t k = 0; k < w; ++k) v[n - i - 1 - k] = static_cast<std::uint8_t>(sum >> (8 * k));
    }
  }
}

// SP 800-90A Rev. 1, Table 2: max_length, max_personalization_string_length and
// max_additional_input_length are all 2^35 bits. (Unreachable with a 32-bit size_t.)
constexpr std::uint64_t kMaxInputBytes = std::uint64_t{1} << 32;
bool too_long(Bytes b) noexcept { return static_cast<std::uint64_t>(b.size()) > kMaxInputBytes; }

constexpr const char* kNotInstantiated = "Hash_DRBG (not instantiated)";
constexpr const char* kEntropyInput = "Hash_DRBG entropy input";
constexpr const char* kAdditionalInput = "Hash_DRBG additional input";
constexpr const char* kOutputLength = "Hash_DRBG output length (over 2^19 bits)";

template <class H>
void hash_of(std::uint8_t (&out)[H::digest_bytes], std::initializer_list<Bytes> pieces) noexcept {
  H h;
  for (Bytes piece : pieces) h.update(piece);
  h.final(out);
}

}  // namespace

template <class H>
HashDrbg<H>::~HashDrbg() {
  uninstantiate();
}

template <class H>
void HashDrbg<H>::uninstantiate() noexcept {
  secure_zero(v_, sizeof v_);
  secure_zero(c_, sizeof c_);
  reseed_counter_ = 0;
  instantiated_ = false;
}

template <class H>
void HashDrbg<H>::set_reseed_interval(std::uint64_t interval) noexcept {
  reseed_interval_ = interval < 1 ? 1 : interval > max_reseed_interval ? max_reseed_interval : interval;
}

// SP 800-90A Rev. 1, Section 10.1.1.2 (Hash_DRBG_Instantiate_algorithm).
template <class H>
Result<void> HashDrbg<H>::instantiate(Bytes entropy_input, Bytes nonce, Bytes personalization) noexcept {
  if (entropy_input.size() < min_entropy_bytes || too_long(entropy_input)) {
    return fail(Error::invalid_length, kEntropyInput);
  }
  if (entropy_input.size() + nonce.size() < min_entropy_bytes + min_nonce_bytes || too_long(nonce)) {
    return fail(Error::invalid_length, "Hash_DRBG nonce");
  }
  if (too_long(personalization)) return fail(Error::invalid_length, "Hash_DRBG personalization string");
  // Steps 1-3: seed_material = entropy_input || nonce || personalization_string;
  // V = seed = Hash_df(seed_material, seedlen).
  hash_df<H>(v_, seed_bytes, {entropy_input, nonce, personalization});
  // Step 4: C = Hash_df((0x00 || V), seedlen).
  const std::uint8_t zero = 0x00;
  hash_df<H>(c_, seed_bytes, {Bytes(&zero, 1), Bytes(v_)});
  // Step 5.
  reseed_counter_ = 1;
  instantiated_ = true;
  return {};
}

// SP 800-90A Rev. 1, Section 10.1.1.3 (Hash_DRBG_Reseed_algorithm).
template <class H>
Result<void> HashDrbg<H>::reseed(Bytes entropy_input, Bytes additional_input) noexcept {
  if (!instantiated_) return fail(Error::invalid_state, kNotInstantiated);
  if (entropy_input.size() < min_entropy_bytes || too_long(entropy_input)) {
    return fail(Error::invalid_length, kEntropyInput);
  }
  if (too_long(additional_input)) return fail(Error::invalid_length, kAdditionalInput);
  // Steps 1-3: seed_material = 0x01 || V || entropy_input || additional_input;
  // V = seed = Hash_df(seed_material, seedlen).
  const std::uint8_t one = 0x01;
  std::uint8_t seed[seed_bytes];
  hash_df<H>(seed, seed_bytes, {Bytes(&one, 1), Bytes(v_), entropy_input, additional_input});
  for (std::size_t i = 0; i < seed_bytes; ++i) v_[i] = seed[i];
  secure_zero(seed, sizeof seed);
  // Step 4: C = Hash_df((0x00 || V), seedlen).
  const std::uint8_t zero = 0x00;
  hash_df<H>(c_, seed_bytes, {Bytes(&zero, 1), Bytes(v_)});
  // Step 5.
  reseed_counter_ = 1;
  return {};
}

// SP 800-90A Rev. 1, Section 10.1.1.4 (Hash_DRBG_Generate_algorithm).
template <class H>
Result<void> HashDrbg<H>::generate(std::span<std::uint8_t> out, Bytes additional_input) noexcept {
  Failure bad{};
  if (!instantiated_) {
    bad = fail(Error::invalid_state, kNotInstantiated);
  } else if (out.size() > max_request_bytes) {
    bad = fail(Error::invalid_length, kOutputLength);
  } else if (too_long(additional_input)) {
    bad = fail(Error::invalid_length, kAdditionalInput);
  } else if (reseed_required()) {
    bad = fail(Error::invalid_state, "Hash_DRBG reseed counter (reseed required)");  // Step 1.
  }
  if (bad.what != nullptr) {
    secure_zero(out.data(), out.size());
    return bad;
  }
  std::uint8_t w[out_bytes];
  // Step 2: if additional_input is not Null, w = Hash(0x02 || V || additional_input) and
  // V = (V + w) mod 2^seedlen.
  if (!additional_input.empty()) {
    const std::uint8_t two = 0x02;
    hash_of<H>(w, {Bytes(&two, 1), Bytes(v_), additional_input});
    add_mod(v_, seed_bytes, {Bytes(w)});
  }
  // Step 3 (Hashgen, Section 10.1.1.4): data = V; W = Hash(data) || Hash(data + 1) || ...
  {
    std::uint8_t data[seed_bytes];
    for (std::size_t i = 0; i < seed_bytes; ++i) data[i] = v_[i];
    const std::uint8_t one = 1;
    for (std::size_t done = 0; done < out.size();) {
      hash_of<H>(w, {Bytes(data)});
      const std::size_t take = out.size() - done < out_bytes ? out.size() - done : out_bytes;
      for (std::size_t i = 0; i < take; ++i) out[done + i] = w[i];
      done += take;
      if (done < out.size()) add_mod(data, seed_bytes, {Bytes(&one, 1)});  // none after the last block
    }
    secure_zero(data, sizeof data);
  }
  // Step 4: H = Hash(0x03 || V).
  const std::uint8_t three = 0x03;
  hash_of<H>(w, {Bytes(&three, 1), Bytes(v_)});
  // Step 5: V = (V + H + C + reseed_counter) mod 2^seedlen.
  std::uint8_t counter_be[8];
  for (int i = 0; i < 8; ++i) counter_be[i] = static_cast<std::uint8_t>(reseed_counter_ >> (56 - 8 * i));
  add_mod(v_, seed_bytes, {Bytes(w), Bytes(c_), Bytes(counter_be)});
  // Step 6.
  ++reseed_counter_;
  secure_zero(w, sizeof w);
  return {};
}

// SP 800-90A Rev. 1, Section 9.3.1 (Generate function), steps 7.1-7.4 and 8, with
// prediction_resistance_request set.
template <class H>
Result<void> HashDrbg<H>::generate_with_prediction_resistance(std::span<std::uint8_t> out, Bytes entropy_input,
                                                              Bytes additional_input) noexcept {
  if (out.size() > max_request_bytes) {
    secure_zero(out.data(), out.size());
    return fail(Error::invalid_length, kOutputLength);
  }
  // Steps 7.1-7.3: reseed with the entropy input and the additional input.
  if (Result<void> r = reseed(entropy_input, additional_input); !r) {
    secure_zero(out.data(), out.size());
    return r.failure();
  }
  // Step 7.4: additional_input = Null; step 8: generate.
  return generate(out, {});
}

template class HashDrbg<Sha256>;
template class HashDrbg<Sha512>;

// The system DRBG: one Hash_DRBG<SHA-256> per thread (or per process with
// TESSERA_NO_THREADS), seeded from the entropy source (<tessera/drbg.hpp> says why SHA-256).
namespace {

using SystemDrbgType = HashDrbg<Sha256>;

constexpr std::uint64_t kSystemReseedInterval = std::uint64_t{1} << 20;
// 256 bits of entropy input and a 128-bit nonce, both from the entropy source (Section
// 8.6.7 allows the nonce to come from it).
constexpr std::size_t kEntropyBytes = SystemDrbgType::min_entropy_bytes;
constexpr std::size_t kNonceBytes = SystemDrbgType::min_nonce_bytes;

struct SystemDrbg {
  SystemDrbgType drbg;
  std::uint32_t epoch = 0;  // rand::reseed_epoch() when last (re)seeded
  std::uint64_t pid = 0;    // the process that last (re)seeded it
};

// The current process id (0 where there are no processes).
std::uint64_t current_pid() noexcept {
#if TESSERA_HAVE_ATFORK
  return static_cast<std::uint64_t>(getpid());
#else
  return 0;
#endif
}

#if TESSERA_HAVE_WIPEONFORK
// A flag byte in a page the kernel zeroes in the child of any fork (MADV_WIPEONFORK,
// Linux 4.14+); null if the kernel refuses it.
std::uint8_t* wipe_on_fork_flag() noexcept {
  static std::uint8_t* const flag = []() -> std::uint8_t* {
    const long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return nullptr;
    void* p = mmap(nullptr, static_cast<std::size_t>(page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    if (madvise(p, static_cast<std::size_t>(page), MADV_WIPEONFORK) != 0) {
      munmap(p, static_cast<std::size_t>(page));
      return nullptr;
    }
    auto* f = static_cast<std::uint8_t*>(p);
    __atomic_store_n(f, 1, __ATOMIC_RELEASE);
    return f;
  }();
  return flag;
}
#endif

// Every request checks for a fork by itself as well as through the fork handler: raw
// clone() and _Fork() do not run pthread_atfork handlers. With the wipe-on-fork flag this
// is one load (a zero flag bumps the reseed epoch, which the caller compares next);
// otherwise the process id is compared (a system call per request, ~340 TSC ticks here).
bool forked_since_seeded(const SystemDrbg& s) noexcept {
#if TESSERA_HAVE_WIPEONFORK
  if (std::uint8_t* f = wipe_on_fork_flag()) {
    if (__atomic_load_n(f, __ATOMIC_ACQUIRE) == 0) {
      rand::bump_reseed_epoch();  // first: a thread that sees the flag set sees the new epoch
      __atomic_store_n(f, 1, __ATOMIC_RELEASE);
    }
    return false;
  }
#endif
  return s.pid != current_pid();
}

#if TESSERA_HAVE_ATFORK
// In the child after fork(): every instance (only the forking thread's survives) must
// reseed before it outputs anything, so parent and child never share output.
extern "C" void tessera_drbg_atfork_child() { rand::bump_reseed_epoch(); }
#endif

SystemDrbg& system_drbg() noexcept {
#if TESSERA_HAVE_ATFORK
  static const bool atfork_registered = pthread_atfork(nullptr, nullptr, tessera_drbg_atfork_child) == 0;
  (void)atfork_registered;
#endif
#if defined(TESSERA_NO_THREADS)
  static SystemDrbg instance;
#else
  thread_local SystemDrbg instance;
#endif
  return instance;
}

// Personalization string (Section 8.7.1): not secret; it makes each instance's seed
// material distinct (process id, instance number) even if the entropy source repeated.
std::atomic<std::uint32_t> g_instances{0};

Result<void> seed(SystemDrbg& s) noexcept {
  const std::uint32_t epoch = rand::reseed_epoch();  // read first: a later bump reseeds again
  std::uint8_t material[kEntropyBytes + kNonceBytes];
  if (auto e = entropy_bytes(material); !e) return e;  // its failure says which source failed
  std::uint8_t personalization[24] = {'t', 'e', 's', 's', 'e', 'r', 'a', ' ', 'r', 'n', 'g', 0};
  const std::uint64_t pid = current_pid();
  const std::uint32_t instance = g_instances.fetch_add(1, std::memory_order_relaxed);
  for (int i = 0; i < 8; ++i) personalization[12 + i] = static_cast<std::uint8_t>(pid >> (8 * i));
  for (int i = 0; i < 4; ++i) personalization[20 + i] = static_cast<std::uint8_t>(instance >> (8 * i));
  Result<void> r = s.drbg.instantiated()
                       ? s.drbg.reseed(std::span(material), personalization)
                       : s.drbg.instantiate(std::span(material, kEntropyBytes),
                                            std::span(material + kEntropyBytes, kNonceBytes), personalization);
  secure_zero(material, sizeof material);
  if (!r) return r;
  s.drbg.set_reseed_interval(kSystemReseedInterval);
  s.epoch = epoch;
  s.pid = pid;
  return {};
}

Result<void> system_generate(std::span<std::uint8_t> out, bool prediction_resistance) noexcept {
  SystemDrbg& s = system_drbg();
  constexpr std::size_t kChunk = SystemDrbgType::max_request_bytes;
  for (std::size_t done = 0; done < out.size() || done == 0;) {
    const std::size_t n = out.size() - done < kChunk ? out.size() - done : kChunk;
    std::span<std::uint8_t> chunk = out.subspan(done, n);
    Result<void> r;
    // forked_since_seeded runs first: before the epoch is read, and on the very first
    // request too (which creates the wipe-on-fork flag before any output).
    if (forked_since_seeded(s) || !s.drbg.instantiated() || s.epoch != rand::reseed_epoch() ||
        s.drbg.reseed_required()) {
      r = seed(s);
    }
    if (r && prediction_resistance) {
      std::uint8_t fresh[kEntropyBytes];
      r = entropy_bytes(fresh);
      if (r) r = s.drbg.generate_with_prediction_resistance(chunk, fresh);
      secure_zero(fresh, sizeof fresh);
    } else if (r) {
      r = s.drbg.generate(chunk);
    }
    if (!r) {
      secure_zero(out.data(), out.size());
      return r.error() == Error::randomness_failure ? r : Result<void>(fail(Error::randomness_failure, "DRBG"));
    }
    done += n;
    if (n == 0) break;
  }
  return {};
}

}  // namespace

// The hash kernels under the DRBG (SHA-NI, the scalar rounds) spill its V and the words of
// its hashes to stack slots no object covers: wipe the frames below once the request is done
// (common/secret.hpp; tests/unit/zeroize_hash_test.cpp finds them otherwise).
Result<void> random_bytes(std::span<std::uint8_t> out) noexcept {
  Result<void> r = system_generate(out, false);
  secure_zero_stack(4096);
  return r;
}

Result<void> random_bytes_with_prediction_resistance(std::span<std::uint8_t> out) noexcept {
  Result<void> r = system_generate(out, true);
  secure_zero_stack(4096);
  return r;
}

}  // namespace tessera
