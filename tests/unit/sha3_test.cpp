// SHA-3/SHAKE beyond the ACVP files: FIPS 202 examples, incremental vs one-shot over random
// chunkings, repeated squeezes, misuse, and the batched x4/x8 sponges against single
// streams for every input length 0..1000 — each on every backend the host has.
#include <tessera/sha3.hpp>

#include "hash/shake_batch.hpp"
#include "support/backends.hpp"
#include "support/hex.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace tessera::test {
namespace {

class Sha3Unit : public PerBackend {};
TESSERA_INSTANTIATE_PER_BACKEND(Sha3Unit);

Bytes random_bytes_for_test(std::mt19937_64& rng, std::size_t n) {
  Bytes b(n);
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

// Known digests of "" and "abc" (FIPS 202 examples, also in NIST's SHA-3 example files).
TEST_P(Sha3Unit, ShortKnownAnswers) {
  const Bytes abc = {'a', 'b', 'c'};
  std::array<std::uint8_t, 28> d224{};
  std::array<std::uint8_t, 32> d256{};
  std::array<std::uint8_t, 48> d384{};
  std::array<std::uint8_t, 64> d512{};
  sha3_224(abc, d224);
  sha3_256({}, d256);
  EXPECT_EQ(to_hex(d224), "E642824C3F8CF24AD09234EE7D3C766FC9A3A5168D0C94AD73B46FDF");
  EXPECT_EQ(to_hex(d256), "A7FFC6F8BF1ED76651C14756A061D662F580FF4DE43B49FA82D80A4B80F8434A");
  sha3_384(abc, d384);
  EXPECT_EQ(to_hex(d384), "EC01498288516FC926459F58E2C6AD8DF9B473CB0FC08C2596DA7CF0E49BE4B298D88CEA927AC7F539F1EDF228376D25");
  sha3_512(abc, d512);
  EXPECT_EQ(to_hex(d512), "B751850B1A57168A5693CD924B6B096E08F621827444F70D884F5D0240D2712E10E116E9192AF3C91A7EC57647E3934057340B4CF408D5A56592F8274EEC53F0");
  Bytes out(32);
  shake128({}, out);
  EXPECT_EQ(to_hex(out), "7F9C2BA4E88F827D616045507605853ED73B8093F6EFBC88EB1A6EACFA66EF26");
  shake256({}, out);
  EXPECT_EQ(to_hex(out), "46B9DD2B0BA88D13233B3FEB743EEB243FCD52EA62B81B82B50C27646ED5762F");
}

TEST_P(Sha3Unit, IncrementalMatchesOneShotOverRandomChunkings) {
  std::mt19937_64 rng(1);
  for (std::size_t len : {0u, 1u, 71u, 72u, 73u, 135u, 136u, 137u, 167u, 168u, 169u, 500u, 2000u}) {
    const Bytes msg = random_bytes_for_test(rng, len);
    std::array<std::uint8_t, 32> one{};
    sha3_256(msg, one);
    Bytes xof_one(777);
    shake128(msg, xof_one);
    for (int trial = 0; trial < 20; ++trial) {
      Sha3_256 h;
      Shake128 x;
      std::size_t off = 0;
      while (off < len) {
        const std::size_t n = std::min<std::size_t>(len - off, rng() % 200);
        h.update(std::span(msg.data() + off, n));
        ASSERT_TRUE(x.absorb(std::span(msg.data() + off, n)));
        off += n;
      }
      std::array<std::uint8_t, 32> inc{};
      h.final(inc);
      EXPECT_EQ(inc, one) << "len " << len;
      Bytes xof_inc(777);
      std::size_t done = 0;
      while (done < xof_inc.size()) {
        const std::size_t n = std::min<std::size_t>(xof_inc.size() - done, rng() % 300);
        x.squeeze(std::span(xof_inc.data() + done, n));
        done += n;
      }
      EXPECT_EQ(xof_inc, xof_one) << "len " << len;
    }
  }
}

TEST_P(Sha3Unit, FinalResetsForTheNextMessage) {
  Sha3_512 h;
  h.update(std::vector<std::uint8_t>{1, 2, 3});
  std::array<std::uint8_t, 64> first{}, second{}, fresh{};
  h.final(first);
  h.update(std::vector<std::uint8_t>{4, 5});
  h.final(second);
  sha3_512(std::vector<std::uint8_t>{4, 5}, fresh);
  EXPECT_EQ(second, fresh);
  EXPECT_NE(first, second);
}

TEST_P(Sha3Unit, AbsorbAfterSqueezeIsRefused) {
  Shake256 x;
  ASSERT_TRUE(x.absorb(std::vector<std::uint8_t>{1}));
  Bytes out(10);
  x.squeeze(out);
  const Bytes before = out;
  auto r = x.absorb(std::vector<std::uint8_t>{2});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), Error::invalid_state);
  // The refused call changed nothing: the stream continues as if it never happened.
  Bytes next(10), expected(20);
  x.squeeze(next);
  shake256(std::vector<std::uint8_t>{1}, expected);
  EXPECT_EQ(to_hex(next), to_hex(std::span(expected).subspan(10)));
  x.reset();
  ASSERT_TRUE(x.absorb(std::vector<std::uint8_t>{2}));
}

template <class Batch, std::size_t Security>
void check_batch_against_single(std::mt19937_64& rng) {
  constexpr int N = Batch::ways;
  for (std::size_t len = 0; len <= 1000; ++len) {
    std::vector<Bytes> in(N);
    typename Batch::Inputs ip{};
    for (int j = 0; j < N; ++j) {
      in[j] = random_bytes_for_test(rng, len);
      ip[j] = in[j].data();
    }
    // Output lengths straddle block boundaries too; squeeze in two uneven pieces.
    const std::size_t out_len = 1 + (len * 7) % 700;
    const std::size_t first = out_len / 3;
    std::vector<Bytes> out(N, Bytes(out_len));
    typename Batch::Outputs op{}, op2{};
    for (int j = 0; j < N; ++j) {
      op[j] = out[j].data();
      op2[j] = out[j].data() + first;
    }
    Batch b;
    b.absorb_once(ip, len);
    b.squeeze(op, first);
    b.squeeze(op2, out_len - first);
    for (int j = 0; j < N; ++j) {
      Bytes expected(out_len);
      if constexpr (Security == 128) shake128(in[j], expected);
      else shake256(in[j], expected);
      ASSERT_EQ(out[j], expected) << "instance " << j << " input length " << len;
    }
  }
}

TEST_P(Sha3Unit, BatchedShakeMatchesSingleStreamForEveryLength) {
  std::mt19937_64 rng(2);
  check_batch_against_single<hash::Shake128x4, 128>(rng);
  check_batch_against_single<hash::Shake256x4, 256>(rng);
  check_batch_against_single<hash::Shake128x8, 128>(rng);
  check_batch_against_single<hash::Shake256x8, 256>(rng);
}

// Squeezes in random pieces of 0..40 bytes (lane-aligned or not) into output buffers at odd
// addresses: the lane-transfer kernels and the byte path must join up at every offset.
template <class Batch, std::size_t Security>
void check_batch_random_pieces(std::mt19937_64& rng) {
  constexpr int N = Batch::ways;
  for (std::size_t len : {0, 1, 7, 8, 33, 34, 66, 135, 136, 137, 167, 168, 169, 400}) {
    std::vector<Bytes> in(N);
    typename Batch::Inputs ip{};
    for (int j = 0; j < N; ++j) {
      in[j] = random_bytes_for_test(rng, len);
      ip[j] = in[j].data();
    }
    constexpr std::size_t kOut = 1000;
    std::vector<Bytes> out(N, Bytes(kOut + 1));
    Batch b;
    b.absorb_once(ip, len);
    std::size_t done = 0;
    while (done < kOut) {
      std::size_t piece = rng() % 41;
      if (piece > kOut - done) piece = kOut - done;
      typename Batch::Outputs op{};
      for (int j = 0; j < N; ++j) op[j] = out[j].data() + 1 + done;
      b.squeeze(op, piece);
      done += piece;
    }
    for (int j = 0; j < N; ++j) {
      Bytes expected(kOut);
      if constexpr (Security == 128) shake128(in[j], expected);
      else shake256(in[j], expected);
      ASSERT_EQ(Bytes(out[j].begin() + 1, out[j].end()), expected) << "instance " << j << " input length " << len;
    }
  }
}

TEST_P(Sha3Unit, BatchedShakeRandomSqueezePieces) {
  std::mt19937_64 rng(4);
  for (int rep = 0; rep < 4; ++rep) {
    check_batch_random_pieces<hash::Shake128x4, 128>(rng);
    check_batch_random_pieces<hash::Shake256x4, 256>(rng);
    check_batch_random_pieces<hash::Shake128x8, 128>(rng);
    check_batch_random_pieces<hash::Shake256x8, 256>(rng);
  }
}

TEST_P(Sha3Unit, SqueezeBlocksMatchesSqueeze) {
  std::mt19937_64 rng(3);
  hash::Shake128x4 a, b;
  Bytes in = random_bytes_for_test(rng, 34);
  hash::Shake128x4::Inputs ip{in.data(), in.data(), in.data(), in.data()};
  a.absorb_once(ip, in.size());
  b.absorb_once(ip, in.size());
  std::vector<Bytes> x(4, Bytes(3 * 168)), y(4, Bytes(3 * 168));
  a.squeeze_blocks({x[0].data(), x[1].data(), x[2].data(), x[3].data()}, 3);
  b.squeeze({y[0].data(), y[1].data(), y[2].data(), y[3].data()}, 3 * 168);
  EXPECT_EQ(x, y);
  Bytes single(3 * 168);
  shake128(in, single);
  EXPECT_EQ(x[2], single);
}

}  // namespace
}  // namespace tessera::test
