// bench/options: command-line parsing (no process exit, no output).
#include "options.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace tessera::bench {
namespace {

ParseResult parse(std::vector<std::string_view> args) { return parse_options(args); }

TEST(BenchOptions, Defaults) {
  const ParseResult r = parse({});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_DOUBLE_EQ(r.options.seconds, 1.0);
  EXPECT_TRUE(r.options.backends.empty());
  EXPECT_FALSE(r.options.list);
  EXPECT_FALSE(r.options.filter.has_value());
}

TEST(BenchOptions, ValuesBothSeparateAndInline) {
  const ParseResult r = parse({"--seconds", "0.5", "--json=out.json", "--filter", "SHA3-256 hash", "--list"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_DOUBLE_EQ(r.options.seconds, 0.5);
  EXPECT_EQ(r.options.json_path, "out.json");
  ASSERT_TRUE(r.options.filter.has_value());
  EXPECT_TRUE(std::regex_search("SHA3-256 hash", *r.options.filter));
  EXPECT_TRUE(r.options.list);
}

TEST(BenchOptions, ReportAndModeOptions) {
  const ParseResult r = parse({"--compare-backends", "--peers", "--csv", "a.csv", "--html=b.html", "--progress",
                               "--algorithm", "ML-KEM-768,ml-dsa-44"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.compare_backends);
  EXPECT_TRUE(r.options.peers);
  EXPECT_TRUE(r.options.progress);
  EXPECT_EQ(r.options.csv_path, "a.csv");
  EXPECT_EQ(r.options.html_path, "b.html");
  ASSERT_EQ(r.options.algorithms.size(), 2u);
  EXPECT_EQ(r.options.algorithms[1], "ml-dsa-44");
  EXPECT_FALSE(parse({"--compare-backends", "--backend", "portable"}).ok());
  EXPECT_FALSE(parse({"--algorithm", "A,,B"}).ok());
  EXPECT_FALSE(parse({"--html", ""}).ok());
  EXPECT_FALSE(parse({"--peers=yes"}).ok());
}

// --report measures what its sections need: the peers, and every backend unless --backend.
TEST(BenchOptions, ReportTurnsOnPeersAndAllBackends) {
  const ParseResult r = parse({"--report", "out.md", "--algorithm", "ML-KEM-768"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.options.report_path, "out.md");
  EXPECT_TRUE(r.options.peers);
  EXPECT_TRUE(r.options.compare_backends);
  EXPECT_TRUE(r.options.all_backends);
  const ParseResult one = parse({"--report=out.md", "--backend", "portable"});
  ASSERT_TRUE(one.ok()) << one.error;
  EXPECT_TRUE(one.options.peers);
  EXPECT_FALSE(one.options.compare_backends);
  EXPECT_FALSE(one.options.all_backends);
  EXPECT_FALSE(parse({"--report", ""}).ok());
  EXPECT_FALSE(parse({"--report"}).ok());
}

TEST(BenchOptions, PeerPathsAreRepeatableAndImplyPeers) {
  const ParseResult r = parse({"--peer", "openssl=/a/libcrypto.so.3", "--peer=openssl=/b/libcrypto.so.3",
                               "--peer", "liboqs=/c/liboqs.so"});
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.options.peers);
  ASSERT_EQ(r.options.peer_paths.size(), 3u);
  EXPECT_EQ(r.options.peer_paths[0].name, "openssl");
  EXPECT_EQ(r.options.peer_paths[0].path, "/a/libcrypto.so.3");
  EXPECT_EQ(r.options.peer_paths[1].path, "/b/libcrypto.so.3");
  EXPECT_EQ(r.options.peer_paths[2].name, "liboqs");
  EXPECT_EQ(r.options.peer_paths[2].path, "/c/liboqs.so");
  EXPECT_FALSE(parse({"--peer", "openssl"}).ok());
  EXPECT_FALSE(parse({"--peer", "openssl="}).ok());
  EXPECT_FALSE(parse({"--peer", "=/x.so"}).ok());
  EXPECT_FALSE(parse({"--peer"}).ok());
}

TEST(BenchOptions, QuickShortensUnlessSecondsGiven) {
  EXPECT_LT(parse({"--quick"}).options.seconds, 0.2);
  EXPECT_DOUBLE_EQ(parse({"--quick", "--seconds", "2"}).options.seconds, 2.0);
}

TEST(BenchOptions, PortableBackendAlwaysAccepted) {
  const ParseResult r = parse({"--backend", "portable"});
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.options.backends.size(), 1u);
  EXPECT_EQ(r.options.backends[0], Backend::portable);
}

TEST(BenchOptions, BadInputIsAnError) {
  EXPECT_FALSE(parse({"--bogus"}).ok());
  EXPECT_FALSE(parse({"--seconds"}).ok());
  EXPECT_FALSE(parse({"--seconds", "abc"}).ok());
  EXPECT_FALSE(parse({"--seconds", "-1"}).ok());
  EXPECT_FALSE(parse({"--seconds", "0"}).ok());
  EXPECT_FALSE(parse({"--filter", "("}).ok());
  EXPECT_FALSE(parse({"--list=yes"}).ok());
  EXPECT_FALSE(parse({"--json", ""}).ok());
  const ParseResult r = parse({"--backend", "bogus"});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find("available: portable"), std::string::npos) << r.error;
}

TEST(BenchOptions, UnavailableBackendNamesTheAvailableOnes) {
  for (Backend b : kAllBackends) {
    if (backend_available(b)) continue;
    const ParseResult r = parse({"--backend", backend_name(b)});
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error.find("not available"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find(available_backends()), std::string::npos) << r.error;
  }
}

}  // namespace
}  // namespace tessera::bench
