// FrodoKEM's small-stack paths (frodokem/streaming.hpp): spec Sections 8.1-8.3 with A
// generated a row at a time and no n x nbar matrix on the stack but decapsulation's B''.
//
// Differs from the default paths of frodokem/scheme.hpp (same results):
// - Frodo.Gen (Section 7.6) one row at a time, kChunk entries per step: the AES-128 blocks
//   of those columns, or the next 2 kChunk bytes of the row's SHAKE128 output.
// - Key generation samples S^T straight into the private key's encoding and packs each row
//   of B = AS + E into the public key once it is complete; E is sampled kCols rows at a
//   time from where SampleMatrix reads it in r.
// - S' is never held: row k of S' (Section 8.2 steps 4-6: entries kn .. kn + n - 1 of r) is
//   squeezed by a sponge of its own that first skips 2kn bytes of r, so that the nbar rows
//   advance together, kCols columns at a time, in the order the row-by-row products need
//   them; the last sponge goes on into E' and E''. This squeezes 56n bytes of r more than
//   the spec's one pass (213 more Keccak-f calls for FrodoKEM-640, whose SHAKE128 matrix
//   alone takes 5,120).
// - B' = S'A + E' is accumulated modulo 2^16 in the ciphertext's own bytes and packed there
//   in place. c1 is exactly 2 n nbar bytes when D = 16; for FrodoKEM-640 (D = 15) the last
//   2 n nbar - |ct| bytes of the accumulator (488, or 520 for eFrodoKEM) are a stack tail.
//   Decapsulation has no output to use: B'' takes 2 n nbar bytes of stack (10, 15.3 and
//   21 KiB), the floor for a matrix A generated row by row, and is compared with c1 in
//   constant time.
// - The products with A, S and S' are plain loops, not the kernel table's (whose shapes take
//   eight rows of A at once); the error sampler and AES are the active backend's.
#include "frodokem/streaming.hpp"

#include <tessera/sha3.hpp>

#include "common/secret.hpp"
#include "frodokem/scheme.hpp"

#include <array>
#include <cstring>

namespace tessera::frodokem::detail {
namespace {

constexpr size_t kChunk = 64;  // entries of a row of A per step (a multiple of 8: AES blocks)
constexpr size_t kCols = 16;   // columns of S' (rows of A) per step; rows of E per step

// A 16-bit accumulator entry in host order at any alignment.
inline uint16_t load16(const uint8_t* p) noexcept {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}
inline void store16(uint8_t* p, uint16_t v) noexcept { std::memcpy(p, &v, 2); }

// Frodo.Gen (spec Section 7.6), one row of A at a time in steps of up to kChunk entries.
// seed_A and A are public.
template <const Params& P>
class RowStream {
 public:
  explicit RowStream(const uint8_t* seed_a) noexcept {
    if constexpr (P.gen == MatrixGen::aes128) {
      aes_ = &aes::kernels();
      aes_->expand_key(gen_.rk, seed_a, 16);
    } else {
      std::memcpy(gen_.seed, seed_a, Params::seed_a_bytes);
    }
  }
  RowStream(const RowStream&) = delete;
  RowStream& operator=(const RowStream&) = delete;

  void start(size_t i) noexcept {
    row_ = static_cast<uint16_t>(i);
    col_ = 0;
    if constexpr (P.gen == MatrixGen::shake128) {
      // Algorithm Frodo.Gen with SHAKE128, steps 2-3: row i is SHAKE128(<i> || seed_A, 16n).
      uint8_t in[2 + Params::seed_a_bytes];
      store_le16(in, row_);
      std::memcpy(in + 2, gen_.seed, Params::seed_a_bytes);
      gen_.xof.reset();
      gen_.xof.absorb(in);
    }
  }

  // The next count entries of the row (count a multiple of 8, at most kChunk).
  void next(uint16_t* out, size_t count) noexcept {
    if constexpr (P.gen == MatrixGen::aes128) {
      // Algorithm Frodo.Gen with AES128, steps 3-5: A[i][j .. j+8) = AES128_seedA(b) with
      // b = <i> || <j> || 0^96 (16-bit little-endian i and j).
      uint8_t in[2 * kChunk] = {};
      for (size_t blk = 0; blk < count / 8; ++blk) {
        store_le16(in + 16 * blk, row_);
        store_le16(in + 16 * blk + 2, static_cast<uint16_t>(col_ + 8 * blk));
      }
      aes_->encrypt_ecb(gen_.rk, in, reinterpret_cast<uint8_t*>(out), count / 8);
    } else {
      gen_.xof.squeeze({reinterpret_cast<uint8_t*>(out), 2 * count});
    }
    le16_to_host(out, count);
    col_ += count;
  }

 private:
  struct Aes {
    aes::RoundKeys rk{};
  };
  struct Shake {
    uint8_t seed[Params::seed_a_bytes]{};
    tessera::detail::KeccakSponge xof{168, 0x1F};  // SHAKE128
  };
  std::conditional_t<P.gen == MatrixGen::aes128, Aes, Shake> gen_;
  const aes::Kernels* aes_ = nullptr;
  uint16_t row_ = 0;
  size_t col_ = 0;
};

template <const Params& P>
struct Stream {
  using S = Scheme<P>;
  using Sponge = tessera::detail::KeccakSponge;
  static constexpr size_t n = S::n, nn = S::nn, logq = S::logq;
  static_assert(n % kCols == 0 && nn % kChunk == 0);

  // The call trees of sample_st and b_rows, of encrypt, and of b_times_s hold secrets: their
  // callers wipe this much stack after them (common/secret.hpp, frame_wipe). Cortex-M:
  // arm-none-eabi-gcc 12 takes up to 2,872, 4,856 and 872 bytes at -Os, -O2 or -O3
  // (scripts/stack-usage.py, which checks every wipe at those levels in CI); x86-64 and
  // 32-bit x86 with room for SIMD frames.
  static constexpr size_t kKeygenFramesBytes = frame_wipe(8192, 3072);
  static constexpr size_t kEncryptFramesBytes = frame_wipe(8192, 5376);
  static constexpr size_t kBTimesSFramesBytes = frame_wipe(2048, 1024);
  // Scheme's derive_ss_selected and its sponge (scheme.hpp's kSelectedFrameBytes, restated
  // here for scripts/stack-usage.py, which reads a wipe's size in the caller's file).
  static constexpr size_t kSelectedFrameBytes = frame_wipe(4096, 1536);
  static_assert(kSelectedFrameBytes == S::kSelectedFrameBytes);

  // B' (encapsulation) or B'' (decapsulation): nbar x n entries modulo 2^16 in caller memory,
  // entry e at head + 2e (host order, any alignment) for e < head_entries, else at
  // tail[e - head_entries]. Indices are public.
  struct Accumulator {
    uint8_t* head;
    size_t head_entries;
    uint16_t* tail;

    void clear() noexcept {
      std::memset(head, 0, 2 * head_entries);
      for (size_t e = head_entries; e < nn; ++e) tail[e - head_entries] = 0;
    }
    uint16_t get(size_t e) const noexcept { return e < head_entries ? load16(head + 2 * e) : tail[e - head_entries]; }
    // Entries e .. e + count - 1 += s * a[0 .. count - 1].
    void add_scaled(size_t e, uint32_t s, const uint16_t* a, size_t count) noexcept {
      const size_t in_head = e >= head_entries ? 0 : (head_entries - e < count ? head_entries - e : count);
      for (size_t t = 0; t < in_head; ++t) {
        uint8_t* p = head + 2 * (e + t);
        store16(p, static_cast<uint16_t>(load16(p) + s * a[t]));
      }
      for (size_t t = in_head; t < count; ++t) {
        uint16_t& v = tail[e + t - head_entries];
        v = static_cast<uint16_t>(v + s * a[t]);
      }
    }
  };

  // The nbar rows of S' (Section 8.2 steps 4-6: the first n nbar entries of
  // r = SHAKE(0x96 || seed_SE) as an nbar x n matrix, SampleMatrix), kCols columns at a
  // time. Row k comes from a sponge of its own that first skips the 2kn bytes of r before it.
  class SPrimeColumns {
   public:
    explicit SPrimeColumns(const uint8_t* seed_se) noexcept
        : rows_{S::xof(), S::xof(), S::xof(), S::xof(), S::xof(), S::xof(), S::xof(), S::xof()} {
      static_assert(Params::nbar == 8);
      const uint8_t tag = 0x96;
      for (Sponge& r : rows_) {
        r.absorb({&tag, 1});
        r.absorb({seed_se, S::kSeedSe});
      }
      uint8_t skip[168];
      for (size_t k = 1; k < Params::nbar; ++k) {
        for (size_t left = 2 * k * n; left > 0;) {
          const size_t t = left < sizeof skip ? left : sizeof skip;
          rows_[k].squeeze({skip, t});
          left -= t;
        }
      }
      secure_zero_object(skip);
    }
    // out[k][0 .. kCols) = S'[k][c .. c + kCols) for the next kCols columns c.
    void next(uint16_t (&out)[Params::nbar][kCols], const Kernels& kern) noexcept {
      for (size_t k = 0; k < Params::nbar; ++k) S::squeeze16(rows_[k], out[k], kCols);
      kern.sample(&out[0][0], Params::nbar * kCols, S::cdf, S::cdf_len);
    }
    // Once every column is read: r after S', at E' (2 n nbar bytes in).
    Sponge& rest() noexcept { return rows_[Params::nbar - 1]; }

   private:
    std::array<Sponge, Params::nbar> rows_;
  };

  // Spec Section 8.1 steps 3-5 (first half): S^T, the first n nbar entries of r, sampled into
  // the private key's encoding (16-bit little endian), kChunk at a time.
  static void sample_st(Sponge& r, uint8_t* sk_st, const Kernels& kern) noexcept {
    uint16_t buf[kChunk];
    for (size_t e = 0; e < nn; e += kChunk) {
      S::squeeze16(r, buf, kChunk);
      kern.sample(buf, kChunk, S::cdf, S::cdf_len);
      for (size_t t = 0; t < kChunk; ++t) store_le16(sk_st + 2 * (e + t), buf[t]);
    }
    secure_zero_object(buf);
  }

  // Steps 6-8: B = A S + E row by row, each row packed into pk after seed_A once complete
  // (one 8-entry row is D bytes). r is at E (Steps 3-5, second half), read kCols rows at a time.
  [[gnu::noinline]] static void b_rows(Sponge& r, uint8_t* pk, const uint8_t* sk_st, const Kernels& kern) noexcept {
    RowStream<P> gen(pk);
    uint16_t e[kCols * 8];
    uint16_t a[kChunk];
    uint32_t acc[8];
    uint16_t row[8];
    for (size_t i0 = 0; i0 < n; i0 += kCols) {
      S::squeeze16(r, e, kCols * 8);
      kern.sample(e, kCols * 8, S::cdf, S::cdf_len);
      for (size_t ii = 0; ii < kCols; ++ii) {
        const size_t i = i0 + ii;
        for (size_t k = 0; k < 8; ++k) acc[k] = e[8 * ii + k];
        gen.start(i);
        for (size_t j0 = 0; j0 < n; j0 += kChunk) {
          const size_t count = n - j0 < kChunk ? n - j0 : kChunk;
          gen.next(a, count);
          // B[i][k] += sum_j A[i][j] S[j][k], with S[j][k] = S^T[k][j].
          for (size_t k = 0; k < 8; ++k) {
            const uint8_t* st = sk_st + 2 * (k * n + j0);
            uint32_t sum = 0;
            for (size_t j = 0; j < count; ++j) sum += static_cast<uint32_t>(a[j]) * load_le16(st + 2 * j);
            acc[k] += sum;
          }
        }
        for (size_t k = 0; k < 8; ++k) row[k] = static_cast<uint16_t>(acc[k]);
        S::pack(pk + S::kSeedA + i * logq, row, 8);
      }
    }
    secure_zero_object(e);
    secure_zero_object(acc);
    secure_zero_object(row);
  }

  // Section 8.2 steps 4-10 (Section 8.3 steps 8-13): B' = S'A + E' into acc (modulo 2^16) and
  // C = V + Encode(mu), V = S'B + E'', into c (modulo q), from seed_SE and mu. Row i of A and
  // row i of B (Unpack of one D-byte group of pk) meet column i of S' together.
  [[gnu::noinline]] static void encrypt(const uint8_t* pk, const uint8_t* seed_se, const uint8_t* mu, Accumulator acc,
                                        uint16_t c[64], const Kernels& kern) noexcept {
    SPrimeColumns columns(seed_se);  // Step 4: r = SHAKE(0x96 || seed_SE, ...).
    RowStream<P> gen(pk);
    uint16_t sp[Params::nbar][kCols];
    uint16_t a[kChunk];
    uint16_t brow[8];
    uint32_t v[64] = {};
    acc.clear();
    for (size_t i0 = 0; i0 < n; i0 += kCols) {
      columns.next(sp, kern);
      for (size_t ii = 0; ii < kCols; ++ii) {
        const size_t i = i0 + ii;
        // Step 7: B'[k][.] += S'[k][i] A[i][.].
        gen.start(i);
        for (size_t j0 = 0; j0 < n; j0 += kChunk) {
          const size_t count = n - j0 < kChunk ? n - j0 : kChunk;
          gen.next(a, count);
          for (size_t k = 0; k < 8; ++k) acc.add_scaled(k * n + j0, sp[k][ii], a, count);
        }
        // Step 9: V[k][l] += S'[k][i] B[i][l].
        S::unpack8(brow, pk + S::kSeedA + i * logq);
        for (size_t k = 0; k < 8; ++k)
          for (size_t l = 0; l < 8; ++l) v[8 * k + l] += static_cast<uint32_t>(sp[k][ii]) * brow[l];
      }
    }
    // Steps 6-7: + E', the n nbar entries of r after S', in the same row-major order as B'.
    Sponge& rest = columns.rest();
    for (size_t e = 0; e < nn; e += kChunk) {
      S::squeeze16(rest, a, kChunk);
      kern.sample(a, kChunk, S::cdf, S::cdf_len);
      acc.add_scaled(e, 1, a, kChunk);
    }
    // Steps 8-10: E'' (the last nbar^2 entries of r), C = V + E'' + Encode(mu) modulo q.
    uint16_t encoded[64];
    S::squeeze16(rest, c, 64);
    kern.sample(c, 64, S::cdf, S::cdf_len);
    S::encode(encoded, mu);
    for (size_t t = 0; t < 64; ++t) c[t] = static_cast<uint16_t>((v[t] + c[t] + encoded[t]) & S::qmask);
    secure_zero_object(sp);
    secure_zero_object(a);
    secure_zero_object(v);
    secure_zero_object(encoded);
  }

  // c1 = Frodo.Pack(B') (Section 7.3) over the accumulator it reads, whose head starts at c1:
  // group g (8 entries) is read from bytes 16g .. 16g + 15 before its D bytes at D g are
  // written, and D (g + 1) <= 16 (g + 1), so no group is overwritten before it is read.
  static void pack_c1_in_place(uint8_t* c1, const Accumulator& acc) noexcept {
    uint16_t group[8];
    for (size_t g = 0; g < nn / 8; ++g) {
      for (size_t t = 0; t < 8; ++t) group[t] = acc.get(8 * g + t);
      S::pack(c1 + g * logq, group, 8);
    }
    secure_zero_object(group);  // B' modulo 2^16 says one bit more than c1 when D = 15
  }

  // W = B'S (Section 8.3 step 2) with B' = Frodo.Unpack(c1) read a group at a time and S^T
  // from the private key's encoding.
  [[gnu::noinline]] static void b_times_s(uint16_t w[64], const uint8_t* c1, const uint8_t* sk_st) noexcept {
    uint32_t acc[64] = {};
    uint16_t group[8];
    for (size_t k = 0; k < 8; ++k) {
      for (size_t j = 0; j < n; j += 8) {
        S::unpack8(group, c1 + (k * n + j) / 8 * logq);
        for (size_t l = 0; l < 8; ++l) {
          const uint8_t* st = sk_st + 2 * (l * n + j);
          uint32_t sum = 0;
          for (size_t t = 0; t < 8; ++t) sum += static_cast<uint32_t>(group[t]) * load_le16(st + 2 * t);
          acc[8 * k + l] += sum;
        }
      }
    }
    for (size_t t = 0; t < 64; ++t) w[t] = static_cast<uint16_t>(acc[t]);
    secure_zero_object(acc);
  }
};

}  // namespace

template <const Params& P>
void Streaming<P>::keygen(const uint8_t* seed_se, const uint8_t* z, uint8_t* pk, uint8_t* sk_st, uint8_t* pkh,
                          const Kernels& kern) noexcept {
  using S = Scheme<P>;
  using St = Stream<P>;
  // Step 2: seed_A = SHAKE(z, len_A).
  {
    auto h = S::xof();
    h.absorb({z, S::kSeedA});
    h.squeeze({pk, S::kSeedA});
  }
  // Steps 3-5: r = SHAKE(0x5F || seed_SE, 2 n nbar len_chi); S^T and E by SampleMatrix.
  {
    auto r = S::xof();
    const uint8_t tag = 0x5F;
    r.absorb({&tag, 1});
    r.absorb({seed_se, S::kSeedSe});
    St::sample_st(r, sk_st, kern);
    St::b_rows(r, pk, sk_st, kern);  // Steps 6-8.
  }
  secure_zero_stack(St::kKeygenFramesBytes);
  S::hash_pk(pk, pkh);  // Steps 9-10: pkh = SHAKE(pk, len_pkh).
}

template <const Params& P>
void Streaming<P>::encaps(const uint8_t* pk, const uint8_t* pkh, const uint8_t* mu, const uint8_t* salt, uint8_t* ct,
                          uint8_t* ss, const Kernels& kern) noexcept {
  using S = Scheme<P>;
  using St = Stream<P>;
  // B' in the ciphertext's bytes, and what does not fit there (D = 15) in a tail.
  constexpr size_t kHead = 2 * S::nn <= S::kCt ? S::nn : S::kCt / 2;
  constexpr size_t kTail = S::nn - kHead;
  uint8_t seed_se_k[S::kSeedSe + S::kSec];
  uint16_t tail[kTail > 0 ? kTail : 1];
  uint16_t c[64];
  ZeroOnExit wipe_g2(seed_se_k);
  ZeroOnExit wipe_tail(tail);
  ZeroOnExit wipe_c(c);
  S::hash_g2(pkh, mu, salt, seed_se_k);  // Step 3: seed_SE || k = SHAKE(pkh || mu || salt).
  const typename St::Accumulator acc{ct, kHead, tail};
  St::encrypt(pk, seed_se_k, mu, acc, c, kern);  // Steps 4-10.
  secure_zero_stack(St::kEncryptFramesBytes);
  St::pack_c1_in_place(ct, acc);  // c1 = Pack(B').
  S::pack(ct + S::kC1, c, 64);    // c2 = Pack(C).
  if constexpr (S::kSalt != 0) std::memcpy(ct + S::kC1 + S::kC2, salt, S::kSalt);
  S::derive_ss(ct, seed_se_k + S::kSeedSe, ss);  // Step 12.
}

template <const Params& P>
void Streaming<P>::decaps(const uint8_t* s, const uint8_t* pk, const uint8_t* sk_st, const uint8_t* pkh,
                          const uint8_t* ct, uint8_t* ss, const Kernels& kern) noexcept {
  using S = Scheme<P>;
  using St = Stream<P>;
  const uint8_t* salt = ct + S::kC1 + S::kC2;
  uint16_t w[64], c[64], cc[64];
  uint8_t mu[S::kMu];
  uint8_t seed_se_k[S::kSeedSe + S::kSec];
  uint8_t bpp[2 * S::nn];  // B'' (re-encryption), modulo 2^16
  ZeroOnExit wipe_w(w);
  ZeroOnExit wipe_cc(cc);
  ZeroOnExit wipe_mu(mu);
  ZeroOnExit wipe_g2(seed_se_k);
  ZeroOnExit wipe_bpp(bpp);
  // Steps 1-3: M = C - B'S, mu' = Decode(M).
  St::b_times_s(w, ct, sk_st);
  secure_zero_stack(St::kBTimesSFramesBytes);  // stack-wipe: b_times_s
  S::unpack(c, ct + S::kC1, 64);
  for (size_t t = 0; t < 64; ++t) w[t] = static_cast<uint16_t>(c[t] - w[t]);
  S::decode(mu, w);
  S::hash_g2(pkh, mu, salt, seed_se_k);  // Step 7: seed_SE' || k'.
  St::encrypt(pk, seed_se_k, mu, typename St::Accumulator{bpp, S::nn, nullptr}, cc, kern);  // Steps 8-13.
  secure_zero_stack(St::kEncryptFramesBytes);
  // Steps 14-15 in constant time: k' if B' == B'' (modulo q) and C == C', else s.
  uint32_t diff = 0;
  uint16_t group[8];
  for (size_t g = 0; g < S::nn / 8; ++g) {
    S::unpack8(group, ct + g * S::logq);
    for (size_t t = 0; t < 8; ++t) diff |= static_cast<uint32_t>(group[t] ^ (load16(bpp + 2 * (8 * g + t)) & S::qmask));
  }
  for (size_t t = 0; t < 64; ++t) diff |= static_cast<uint32_t>(c[t] ^ cc[t]);
  const uint8_t equal = static_cast<uint8_t>(ct::mask_is_zero(diff));
  S::derive_ss_selected(ct, seed_se_k + S::kSeedSe, s, equal, ss);  // Step 16.
  secure_zero_stack(St::kSelectedFrameBytes);  // stack-wipe: derive_ss_selected
}

template struct Streaming<kFrodoKem640Aes>;
template struct Streaming<kFrodoKem640Shake>;
template struct Streaming<kFrodoKem976Aes>;
template struct Streaming<kFrodoKem976Shake>;
template struct Streaming<kFrodoKem1344Aes>;
template struct Streaming<kFrodoKem1344Shake>;
template struct Streaming<kEFrodoKem640Aes>;
template struct Streaming<kEFrodoKem640Shake>;
template struct Streaming<kEFrodoKem976Aes>;
template struct Streaming<kEFrodoKem976Shake>;
template struct Streaming<kEFrodoKem1344Aes>;
template struct Streaming<kEFrodoKem1344Shake>;

}  // namespace tessera::frodokem::detail
