// FrodoKEM and eFrodoKEM (FrodoKEM: Learning With Errors Key Encapsulation, preliminary
// standardization proposal submitted to ISO, 2023; "the spec" below). Frodo.Gen (Section
// 7.6), Frodo.Sample/SampleMatrix (7.5), Frodo.Pack/Unpack (7.3), Frodo.Encode/Decode
// (7.2) and the KEM (8.1-8.3), for every parameter set. The products with A go through the
// kernel table of the active backend (frodokem/kernels.hpp), A itself is generated eight
// rows at a time (AES-128 through the AES kernels of src/symmetric, SHAKE128 through the
// 8-way Keccak kernel) and never materialised whole. These are the default paths; the
// small-stack ones (TESSERA_SMALL_STACK) are in frodokem/streaming.hpp and share the
// helpers here. The key objects of the public header are in frodokem.cpp.
//
// Differs from the spec (same results):
// - A is generated in batches of 8 rows and multiplied before the next batch, both for
//   AS (dot products of rows of A with the columns of S) and for S'A (rows of A scaled by
//   columns of S' and accumulated into B'); the spec's column-wise AES variant of S'A
//   gives the same matrix.
// - Arithmetic is modulo 2^16 throughout; values are reduced mod q when packed and before
//   the comparisons of decapsulation.
// - Not in the spec: PrivateKey::from_bytes checks that an encoded private key is
//   consistent (pkh = SHAKE(pk) and S^T within the support of the error distribution).
// - B in S'B is unpacked row by row from the public key (one 8-entry row is exactly 15 or
#pragma once

#include <tessera/frodokem.hpp>
#include <tessera/sha3.hpp>

#include "common/bytes.hpp"
#include "common/ct.hpp"
#include "common/secret.hpp"
#include "frodokem/kernels.hpp"
#include "hash/keccak/keccak.hpp"
#include "symmetric/aes.hpp"

#include <bit>
#include <cstring>
#include <type_traits>

namespace tessera::frodokem::detail {

using std::size_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::uint8_t;

// T_chi, the cumulative distribution tables of the error distributions (spec Table A.1,
// Section 7.5). The last entry is 2^15 - 1.
inline constexpr uint16_t kCdf640[13] = {4643, 13363, 20579, 25843, 29227, 31145, 32103,
                                  32525, 32689, 32745, 32762, 32766, 32767};
inline constexpr uint16_t kCdf976[11] = {5638, 15915, 23689, 28571, 31116, 32217, 32613, 32731, 32760, 32766, 32767};
inline constexpr uint16_t kCdf1344[7] = {9142, 23462, 30338, 32361, 32725, 32765, 32767};

inline constexpr bool kLittleEndian = std::endian::native == std::endian::little;

// uint16 values that were written as little-endian bytes, to host order (no-op on x86/Arm).
inline void le16_to_host(uint16_t* v, size_t count) noexcept {
  if constexpr (!kLittleEndian) {
    for (size_t i = 0; i < count; ++i) v[i] = static_cast<uint16_t>(v[i] << 8 | v[i] >> 8);
  }
}

inline uint16_t load_le16(const uint8_t* p) noexcept { return static_cast<uint16_t>(p[0] | p[1] << 8); }
inline void store_le16(uint8_t* p, uint16_t v) noexcept {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
}

template <const Params& P>
struct Scheme {
  static constexpr size_t n = P.n_bytes();
  static constexpr size_t nbar = Params::nbar;
  static constexpr size_t nn = n * nbar;
  static constexpr unsigned logq = static_cast<unsigned>(P.logq);
  static constexpr unsigned kB = static_cast<unsigned>(P.b);
  static constexpr uint16_t qmask = static_cast<uint16_t>((1u << logq) - 1u);
  static constexpr size_t kSec = P.sec_bytes();
  static constexpr size_t kSeedSe = P.seed_se_bytes();
  static constexpr size_t kSalt = P.salt_bytes();
  static constexpr size_t kMu = P.mu_bytes();
  static constexpr size_t kSeedA = Params::seed_a_bytes;
  static constexpr size_t kPk = P.pk_bytes();
  static constexpr size_t kCt = P.ct_bytes();
  static constexpr size_t kC1 = P.c1_bytes();
  static constexpr size_t kC2 = P.c2_bytes();
  static_assert(kMu == kSec && n % 16 == 0);

  // SHAKE128 for FrodoKEM-640, SHAKE256 for 976 and 1344 (spec Table A.1).
  static constexpr size_t kXofRate = n == 640 ? 168 : 136;
  static tessera::detail::KeccakSponge xof() noexcept { return tessera::detail::KeccakSponge(kXofRate, 0x1F); }
  static constexpr const uint16_t* cdf = n == 640 ? kCdf640 : n == 976 ? kCdf976 : kCdf1344;
  static constexpr int cdf_len = n == 640 ? 13 : n == 976 ? 11 : 7;

  // Rows of A per batch and the row stride of the batch buffer: SHAKE128 rows are squeezed
  // in whole 168-byte blocks (ceil(2n/168) of them), AES rows are exactly n entries.
  static constexpr size_t kBatch = 8;
  static constexpr size_t kShakeRowBlocks = (2 * n + 167) / 168;
  static constexpr size_t kRowStride = P.gen == MatrixGen::shake128 ? kShakeRowBlocks * 84 : n;

  // Frodo.Gen (spec Section 7.6), eight rows at a time. seed_A is public.
  class MatrixA {
   public:
    MatrixA(const uint8_t* seed_a, const Kernels& kern) noexcept : kern_(kern) {
      if constexpr (P.gen == MatrixGen::aes128) {
        aes_ = &aes::kernels();
        aes_->expand_key(rk_, seed_a, 16);
        // The input blocks b = <i> || <j> || 0^96 of one row (step 4), but for i: written
        // once, so that rows() only puts the row index in.
        for (size_t j = 0; j < n; j += 8) {
          bytes::store_le64(in_.b + 2 * j, static_cast<uint64_t>(j) << 16);
          bytes::store_le64(in_.b + 2 * j + 8, 0);
        }
      } else {
        std::memcpy(seed_, seed_a, kSeedA);
      }
    }
    MatrixA(const MatrixA&) = delete;
    MatrixA& operator=(const MatrixA&) = delete;

    // Rows row0 .. row0+7 of A into out[r * kRowStride + j].
    void rows(size_t row0, uint16_t* out) noexcept {
      if constexpr (P.gen == MatrixGen::aes128) {
        // Algorithm Frodo.Gen with AES128, steps 3-5: A[i][j..j+8) = AES128_seedA(b) with
        // b = <i> || <j> || 0^96 (16-bit little-endian i and j), row by row from the one-row
        // input (its blocks are laid out as their outputs go).
        for (size_t r = 0; r < kBatch; ++r) {
          const uint16_t i = static_cast<uint16_t>(row0 + r);
          for (size_t j = 0; j < n; j += 8) store_le16(in_.b + 2 * j, i);
          aes_->encrypt_ecb(rk_, in_.b, reinterpret_cast<uint8_t*>(out + r * kRowStride), n / 8);
        }
      } else {
        // Algorithm Frodo.Gen with SHAKE128, steps 2-4 (see init_shake_rows).
        keccak::State8 st;
        init_shake_rows(st, row0);
        uint8_t* dst[8];
        for (size_t r = 0; r < kBatch; ++r) dst[r] = reinterpret_cast<uint8_t*>(out + r * kRowStride);
        const keccak::Kernels& kk = keccak::kernels();
        for (size_t blk = 0; blk < kShakeRowBlocks; ++blk) {
          kk.f1600_x8(st);
          kern_.extract_x8(st, dst, 21);
          for (auto& d : dst) d += 168;
        }
      }
      le16_to_host(out, kBatch * kRowStride);
    }

    // Row i = SHAKE128(<i> || seed_A, 16n) for i = row0 .. row0+7, eight instances in one
    // interleaved state: the 18-byte input and the padding (FIPS 202 pad10*1 after the SHAKE
    // suffix) are written straight into the lanes; the first permutation is the caller's.
    void init_shake_rows(keccak::State8& st, size_t row0) const noexcept {
      const uint64_t l0 = bytes::load_le64(seed_) << 16;  // input bytes 2..7
      const uint64_t l1 = bytes::load_le64(seed_ + 6);
      const uint64_t l2 = static_cast<uint64_t>(load_le16(seed_ + 14)) | uint64_t{0x1F} << 16;
      std::memset(&st, 0, sizeof st);
      for (size_t r = 0; r < kBatch; ++r) {
        st.lanes[0][r] = l0 | static_cast<uint64_t>(row0 + r);
        st.lanes[1][r] = l1;
        st.lanes[2][r] = l2;
        st.lanes[20][r] = uint64_t{1} << 63;
      }
    }

   private:
    struct AesInputs {  // one row's AES input blocks (2n bytes)
      alignas(32) uint8_t b[2 * n];
    };
    struct NoInputs {};
    const Kernels& kern_;
    const aes::Kernels* aes_ = nullptr;
    aes::RoundKeys rk_{};
    uint8_t seed_[kSeedA]{};
    [[no_unique_address]] std::conditional_t<P.gen == MatrixGen::aes128, AesInputs, NoInputs> in_;
  };

  // B = A S + E (spec Section 8.1 step 6): b holds E on entry (n x 8), st is S^T (8 x n).
  static void mul_add_as_plus_e(uint16_t* b, const uint16_t* st, const uint8_t* seed_a, const Kernels& kern) noexcept {
    MatrixA gen(seed_a, kern);
    if constexpr (P.gen == MatrixGen::shake128) {
      // SHAKE128 rows are multiplied straight out of the Keccak state, block by block.
      const keccak::Kernels& kk = keccak::kernels();
      constexpr size_t kRowLanes = n / 4;  // 2n bytes
      for (size_t i = 0; i < n; i += kBatch) {
        keccak::State8 s8;
        gen.init_shake_rows(s8, i);
        alignas(64) uint32_t acc[kDotAccWords] = {};
        for (size_t blk = 0; blk < kShakeRowBlocks; ++blk) {
          kk.f1600_x8(s8);
          const size_t lanes = kRowLanes - 21 * blk < 21 ? kRowLanes - 21 * blk : 21;
          kern.dot_lanes(acc, s8, lanes, st, n, 84 * blk);
        }
        kern.dot_finish(b + i * nbar, acc);
        secure_zero_object(acc);
      }
      return;
    }
    alignas(64) uint16_t rows[kBatch * kRowStride];
    for (size_t i = 0; i < n; i += kBatch) {
      gen.rows(i, rows);
      kern.mul_add_as(b + i * nbar, rows, kRowStride, kBatch, st, n);
    }
  }

  // B' = S' A + E' (spec Section 8.2 step 7): bp holds E' on entry (8 x n), sp is S' (8 x n).
  static void mul_add_sa_plus_e(uint16_t* bp, const uint16_t* sp, const uint8_t* seed_a, const Kernels& kern) noexcept {
    MatrixA gen(seed_a, kern);
    alignas(64) uint16_t rows[kBatch * kRowStride];
    for (size_t i = 0; i < n; i += kBatch) {
      gen.rows(i, rows);
      kern.mul_add_sa(bp, rows, kRowStride, kBatch, sp + i, n, n);
    }
  }

  // Frodo.Unpack of one group of 8 entries (15 or 16 bytes, big-endian bit order).
  static void unpack8(uint16_t out[8], const uint8_t* in) noexcept {
    if constexpr (logq == 16) {
      for (size_t k = 0; k < 8; ++k) out[k] = static_cast<uint16_t>(in[2 * k] << 8 | in[2 * k + 1]);
    } else {
      uint32_t acc = 0;
      unsigned bits = 0;
      for (size_t k = 0; k < 8; ++k) {
        while (bits < logq) {
          acc = acc << 8 | *in++;
          bits += 8;
        }
        bits -= logq;
        out[k] = static_cast<uint16_t>((acc >> bits) & qmask);
        acc &= (1u << bits) - 1u;
      }
    }
  }

  // Frodo.Pack (spec Section 7.3, Algorithm 3): logq bits per entry, most significant first.
  static void pack(uint8_t* out, const uint16_t* in, size_t count) noexcept {
    if constexpr (logq == 16) {
      for (size_t i = 0; i < count; ++i) {
        out[2 * i] = static_cast<uint8_t>(in[i] >> 8);
        out[2 * i + 1] = static_cast<uint8_t>(in[i]);
      }
    } else {
      for (size_t i = 0; i < count; i += 8) {
        uint32_t acc = 0;
        unsigned bits = 0;
        for (size_t k = 0; k < 8; ++k) {
          acc = acc << logq | (in[i + k] & qmask);
          bits += logq;
          while (bits >= 8) {
            bits -= 8;
            *out++ = static_cast<uint8_t>(acc >> bits);
          }
          acc &= (1u << bits) - 1u;
        }
      }
    }
  }

  // Frodo.Unpack (spec Section 7.3, Algorithm 4).
  static void unpack(uint16_t* out, const uint8_t* in, size_t count) noexcept {
    for (size_t i = 0; i < count; i += 8) unpack8(out + i, in + i / 8 * logq);
  }

  // Frodo.Encode (spec Section 7.2, Algorithm 1): B bits of mu per entry, times q / 2^B.
  static void encode(uint16_t out[64], const uint8_t* mu) noexcept {
    for (size_t i = 0; i < 8; ++i) {
      uint64_t t = 0;
      for (size_t j = 0; j < kB; ++j) t |= static_cast<uint64_t>(mu[i * kB + j]) << (8 * j);
      for (size_t j = 0; j < 8; ++j) {
        out[i * 8 + j] = static_cast<uint16_t>((t & ((1u << kB) - 1u)) << (logq - kB));
        t >>= kB;
      }
    }
  }

  // Frodo.Decode (spec Section 7.2, Algorithm 2): round each entry to its top B bits.
  static void decode(uint8_t* mu, const uint16_t in[64]) noexcept {
    for (size_t i = 0; i < 8; ++i) {
      uint64_t t = 0;
      for (size_t j = 0; j < 8; ++j) {
        const uint32_t v = ((in[i * 8 + j] & qmask) + (1u << (logq - kB - 1))) >> (logq - kB);
        t |= static_cast<uint64_t>(v & ((1u << kB) - 1u)) << (kB * j);
      }
      for (size_t j = 0; j < kB; ++j) mu[i * kB + j] = static_cast<uint8_t>(t >> (8 * j));
    }
  }

  // C = V + Encode(mu) with V = S'B + E'' (spec Section 8.2 steps 9-10), reduced mod q: c
  // holds E'' on entry; B is read from the packed public key one row at a time. Not inlined,
  // and its caller wipes its frame (kSbFrameBytes) after the call: the 8 x 8 accumulator
  // does not fit the registers (SSE2: 8 of the 16 xmm), so the compiler keeps rows of V,
  // which give mu from the public C, in spill slots that no object covers (found by
  // tests/unit/zeroize_frodokem_test.cpp: row 7 of V in the frame of encrypt(), when this
  // was inlined there).
  [[gnu::noinline]] static void mul_add_sb_plus_e_encode(uint16_t c[64], const uint16_t* sp, const uint8_t* b_packed,
                                                         const uint8_t* mu) noexcept {
    uint16_t acc[8][8];
    encode(&acc[0][0], mu);
    for (size_t i = 0; i < 8; ++i)
      for (size_t j = 0; j < 8; ++j) acc[i][j] = static_cast<uint16_t>(acc[i][j] + c[i * 8 + j]);
    for (size_t r = 0; r < n; ++r) {
      uint16_t brow[8];
      unpack8(brow, b_packed + r * logq);
      for (size_t i = 0; i < 8; ++i) {
        const uint32_t s = sp[i * n + r];
        for (size_t j = 0; j < 8; ++j) acc[i][j] = static_cast<uint16_t>(acc[i][j] + s * brow[j]);
      }
    }
    for (size_t i = 0; i < 8; ++i)
      for (size_t j = 0; j < 8; ++j) c[i * 8 + j] = static_cast<uint16_t>(acc[i][j] & qmask);
    secure_zero_object(acc);
  }
  // The frame of mul_add_sb_plus_e_encode (x86-64 g++ 12 -O3: up to 0x598 bytes and 6 saved
  // registers, the vectorized loops' spills), with room to spare.
  static constexpr size_t kSbFrameBytes = 2048;

  // Squeezes count 16-bit little-endian values from a sponge.
  static void squeeze16(tessera::detail::KeccakSponge& x, uint16_t* out, size_t count) noexcept {
    x.squeeze({reinterpret_cast<uint8_t*>(out), 2 * count});
    le16_to_host(out, count);
  }

  // pkh = SHAKE(pk, len_pkh) (spec Section 8.1 step 10, 8.2 step 2).
  static void hash_pk(const uint8_t* pk, uint8_t* pkh) noexcept {
    auto h = xof();
    h.absorb({pk, kPk});
    h.squeeze({pkh, kSec});
  }

  // FrodoKEM.KeyGen (spec Section 8.1) from seed_SE (len_SE) and z: pk = seed_A || b, S^T
  // (sk_st, 16-bit little-endian entries) and pkh. s goes into sk unchanged (the caller's).
  static void keygen(const uint8_t* seed_se, const uint8_t* z, uint8_t* pk, uint8_t* sk_st, uint8_t* pkh,
                     const Kernels& kern) noexcept {
    // Step 2: seed_A = SHAKE(z, len_A).
    {
      auto h = xof();
      h.absorb({z, kSeedA});
      h.squeeze({pk, kSeedA});
    }
    alignas(64) uint16_t st[nn];  // S^T
    alignas(64) uint16_t b[nn];   // E, then B = AS + E
    ZeroOnExit wipe_st(st);
    ZeroOnExit wipe_b(b);
    // Steps 3-5: r = SHAKE(0x5F || seed_SE, 2 n nbar len_chi); S^T and E by SampleMatrix.
    {
      auto h = xof();
      const uint8_t tag = 0x5F;
      h.absorb({&tag, 1});
      h.absorb({seed_se, kSeedSe});
      squeeze16(h, st, nn);
      squeeze16(h, b, nn);
    }
    kern.sample(st, nn, cdf, cdf_len);
    kern.sample(b, nn, cdf, cdf_len);
    mul_add_as_plus_e(b, st, pk, kern);  // Step 6.
    pack(pk + kSeedA, b, nn);            // Steps 7-8: pk = seed_A || Pack(B).
    // Steps 9-10: sk = s || pk || S^T || pkh with pkh = SHAKE(pk, len_pkh), kept as parts.
    for (size_t i = 0; i < nn; ++i) store_le16(sk_st + 2 * i, st[i]);
    hash_pk(pk, pkh);
  }

  // All ones unless every entry of S^T (16-bit little endian) lies in [-max_e, max_e], the
  // support of Frodo.Sample (spec Section 7.5: |e| <= the CDF table length - 1). Constant
  // time: e + max_e (mod 2^16) exceeds 2 max_e exactly for the entries outside.
  static uint32_t st_out_of_range(const uint8_t* sk_st) noexcept {
    constexpr uint32_t max_e = static_cast<uint32_t>(cdf_len - 1);
    uint32_t bad = 0;
    for (size_t i = 0; i < nn; ++i) {
      const uint32_t v = static_cast<uint16_t>(load_le16(sk_st + 2 * i) + max_e);
      bad |= (2 * max_e - v) >> 31;  // v <= 0xFFFF, so the difference wraps iff v > 2 max_e
    }
    return ~ct::mask_is_zero(bad);
  }

  // The shared part of encapsulation and decapsulation (spec Section 8.2 steps 4-10,
  // Section 8.3 steps 8-13): from seed_SE and mu, c1 = Pack(B') unpacked (bp, reduced mod q)
  // and C = V + Encode(mu) (c, reduced mod q).
  static void encrypt(const uint8_t* pk, const uint8_t* seed_se, const uint8_t* mu, uint16_t* bp, uint16_t c[64],
                      const Kernels& kern) noexcept {
    alignas(64) uint16_t sp[nn];  // S'
    ZeroOnExit wipe_sp(sp);
    // r = SHAKE(0x96 || seed_SE, (2 n nbar + nbar^2) len_chi); S', E', E''.
    {
      auto h = xof();
      const uint8_t tag = 0x96;
      h.absorb({&tag, 1});
      h.absorb({seed_se, kSeedSe});
      squeeze16(h, sp, nn);
      squeeze16(h, bp, nn);
      squeeze16(h, c, 64);
    }
    kern.sample(sp, nn, cdf, cdf_len);
    kern.sample(bp, nn, cdf, cdf_len);
    kern.sample(c, 64, cdf, cdf_len);
    mul_add_sa_plus_e(bp, sp, pk, kern);  // B' = S'A + E'.
    for (size_t i = 0; i < nn; ++i) bp[i] &= qmask;
    mul_add_sb_plus_e_encode(c, sp, pk + kSeedA, mu);  // C = V + Encode(mu), V = S'B + E''.
    secure_zero_stack(kSbFrameBytes);
  }

  // ss = SHAKE(c1 || c2 || salt || k, len_ss) (spec Section 8.2 step 12, 8.3 step 16).
  static void derive_ss(const uint8_t* ct, const uint8_t* k, uint8_t* ss) noexcept {
    auto h = xof();
    h.absorb({ct, kCt});
    h.absorb({k, kSec});
    h.squeeze({ss, kSec});
  }

  // (seed_SE || k) = SHAKE(pkh || mu || salt, len_SE + len_k) (8.2 step 3, 8.3 step 7).
  static void hash_g2(const uint8_t* pkh, const uint8_t* mu, const uint8_t* salt, uint8_t* out) noexcept {
    auto h = xof();
    h.absorb({pkh, kSec});
    h.absorb({mu, kMu});
    h.absorb({salt, kSalt});
    h.squeeze({out, kSeedSe + kSec});
  }

  // FrodoKEM.Encaps (spec Section 8.2) with mu and salt given.
  // Step 2 (pkh = SHAKE(pk, len_pkh)) was done once, when the PublicKey was made.
  static void encaps(const uint8_t* pk, const uint8_t* pkh, const uint8_t* mu, const uint8_t* salt, uint8_t* ct,
                     uint8_t* ss, const Kernels& kern) noexcept {
    uint8_t seed_se_k[kSeedSe + kSec];
    ZeroOnExit wipe_g2(seed_se_k);
    hash_g2(pkh, mu, salt, seed_se_k);  // Step 3.
    alignas(64) uint16_t bp[nn];
    uint16_t c[64];
    ZeroOnExit wipe_bp(bp);
    ZeroOnExit wipe_c(c);
    encrypt(pk, seed_se_k, mu, bp, c, kern);  // Steps 4-10.
    pack(ct, bp, nn);                         // c1 = Pack(B').
    pack(ct + kC1, c, 64);                    // c2 = Pack(C).
    if constexpr (kSalt != 0) std::memcpy(ct + kC1 + kC2, salt, kSalt);
    derive_ss(ct, seed_se_k + kSeedSe, ss);  // Step 12.
  }

  // FrodoKEM.Decaps (spec Section 8.3) with sk = s || pk || S^T || pkh given by parts.
  static void decaps(const uint8_t* s, const uint8_t* pk, const uint8_t* sk_st, const uint8_t* pkh,
                     const uint8_t* ct, uint8_t* ss, const Kernels& kern) noexcept {
    const uint8_t* salt = ct + kC1 + kC2;
    alignas(64) uint16_t bp[nn];   // B' = Unpack(c1)
    alignas(64) uint16_t st[nn];   // S^T
    alignas(64) uint16_t bpp[nn];  // B'' (re-encryption)
    uint16_t c[64], cc[64], w[64] = {};
    uint8_t mu[kMu];
    uint8_t seed_se_k[kSeedSe + kSec];
    ZeroOnExit wipe_st(st);
    ZeroOnExit wipe_bpp(bpp);
    ZeroOnExit wipe_cc(cc);
    ZeroOnExit wipe_w(w);
    ZeroOnExit wipe_mu(mu);
    ZeroOnExit wipe_g2(seed_se_k);
    unpack(bp, ct, nn);  // Step 1.
    unpack(c, ct + kC1, 64);
    for (size_t i = 0; i < nn; ++i) st[i] = load_le16(sk_st + 2 * i);
    kern.mul_add_as(w, bp, n, 8, st, n);  // Step 2: M = C - B'S (W = B'S first).
    for (size_t i = 0; i < 64; ++i) w[i] = static_cast<uint16_t>(c[i] - w[i]);
    decode(mu, w);                      // Step 3: mu' = Decode(M).
    hash_g2(pkh, mu, salt, seed_se_k);  // Step 7: seed_SE' || k'.
    encrypt(pk, seed_se_k, mu, bpp, cc, kern);  // Steps 8-13: B'', C'.
    // Steps 14-15 in constant time: k' if B' == B'' and C == C', else s.
    uint32_t diff = 0;
    for (size_t i = 0; i < nn; ++i) diff |= static_cast<uint32_t>(bp[i] ^ bpp[i]);
    for (size_t i = 0; i < 64; ++i) diff |= static_cast<uint32_t>(c[i] ^ cc[i]);
    const uint8_t equal = static_cast<uint8_t>(ct::mask_is_zero(diff));
    derive_ss_selected(ct, seed_se_k + kSeedSe, s, equal, ss);  // Step 16.
    secure_zero_stack(kSelectedFrameBytes);  // stack-wipe: derive_ss_selected
  }

  // Section 8.3 steps 15-16: ss = SHAKE(c1 || c2 || salt || k_bar, len_ss) with k_bar = k'
  // if equal (0xFF), else s (equal = 0), chosen in constant time. Not inlined, and its callers
  // wipe its frame (kSelectedFrameBytes): on 32-bit x86 the copy of s went through spill
  // slots that no object covers (tests/unit/zeroize_frodokem_test.cpp on -m32, FrodoKEM-1344).
  [[gnu::noinline]] static void derive_ss_selected(const uint8_t* ct, const uint8_t* k_prime, const uint8_t* s,
                                                   uint8_t equal, uint8_t* ss) noexcept {
    uint8_t k_bar[kSec];
    std::memcpy(k_bar, s, kSec);
    ct::cmov_bytes({k_bar, kSec}, {k_prime, kSec}, equal);
    derive_ss(ct, k_bar, ss);
    secure_zero_object(k_bar);
  }
  // Its call tree: the frame and the sponge's (whose destructor wipes below it).
  static constexpr size_t kSelectedFrameBytes = frame_wipe(4096, 1536);
};

}  // namespace tessera::frodokem::detail
