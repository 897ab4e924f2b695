// The --tls loop: for each group and implementation, a checked warm-up handshake (it also
// records the hello sizes), timed handshakes for the configured seconds, then the same with
// a HelloRetryRequest forced. Every handshake must negotiate the group asked for.
#include "tls/run.hpp"

#include "stats.hpp"
#include "timer.hpp"
#include "tls/handshake.hpp"
#include "tls/implementations.hpp"

#include <openssl/crypto.h>

#include <algorithm>
#include <filesystem>
#include <strings.h>

namespace tessera::bench {
namespace {

// At least this many timed handshakes, whatever --seconds says (the p50s need a few).
constexpr std::size_t kMinHandshakes = 5;

// Where tessera.so is when no --tls-provider tessera:PATH says: the build tree, then the
// install prefix (both from bench/CMakeLists.txt).
std::string default_tessera_path() {
  std::error_code ec;
  for (const char* p : {TESSERA_BENCH_PROVIDER_BUILD_PATH, TESSERA_BENCH_PROVIDER_INSTALL_PATH}) {
    if (*p != '\0' && std::filesystem::is_regular_file(p, ec)) return p;
  }
  return {};
}

SSL_CTX* new_ctx(const tls::Implementation& impl, bool server, const std::string& groups) {
  SSL_CTX* ctx = SSL_CTX_new_ex(impl.libctx, impl.propq.empty() ? nullptr : impl.propq.c_str(),
                                server ? TLS_server_method() : TLS_client_method());
  if (ctx == nullptr) return nullptr;
  SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
  SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);  // full handshakes only
  SSL_CTX_set_num_tickets(ctx, 0);
  bool ok = SSL_CTX_set1_groups_list(ctx, groups.c_str()) == 1;
  if (server) ok = ok && SSL_CTX_use_certificate(ctx, impl.cert) == 1 && SSL_CTX_use_PrivateKey(ctx, impl.key) == 1;
  if (!ok) {
    SSL_CTX_free(ctx);
    return nullptr;
  }
  return ctx;
}

struct Timed {
  std::string error;  // a failed handshake or a group mismatch
  std::size_t handshakes = 0, mismatches = 0;
  double seconds = 0, client_us_p50 = 0, server_us_p50 = 0;
  Summary ticks;
  tls::Wire wire;  // from the warm-up handshake
};

Timed timed(SSL_CTX* server, SSL_CTX* client, const tls::Group& g, double seconds, double tick_rate) {
  Timed t;
  const auto check = [&](const tls::Handshake& h) {
    if (!h.ok) {
      t.error = h.error;
      return false;
    }
    if (!tls::is_group(h.client_group, g.name, g.id) || !tls::is_group(h.server_group, g.name, g.id)) {
      ++t.mismatches;
      t.error = "negotiated group " + std::to_string(h.client_group) + "/" + std::to_string(h.server_group) +
                ", not " + g.name;
      return false;
    }
    return true;
  };
  if (!check(tls::handshake(server, client, &t.wire))) return t;
  std::vector<double> client_us, server_us, total;
  const double us_per_tick = tick_rate > 0 ? 1e6 / tick_rate : 0;
  const WallClock::time_point start = WallClock::now();
  while (t.handshakes < kMinHandshakes || seconds_since(start) < seconds) {
    const tls::Handshake h = tls::handshake(server, client, nullptr);
    if (!check(h)) return t;
    ++t.handshakes;
    client_us.push_back(static_cast<double>(h.client_ticks) * us_per_tick);
    server_us.push_back(static_cast<double>(h.server_ticks) * us_per_tick);
    total.push_back(static_cast<double>(h.client_ticks + h.server_ticks));
  }
  t.seconds = seconds_since(start);
  t.client_us_p50 = summarize(client_us).median;
  t.server_us_p50 = summarize(server_us).median;
  t.ticks = summarize(total);
  return t;
}

}  // namespace

struct TlsBench::State {
  TlsConfig config;
  std::vector<std::unique_ptr<tls::Implementation>> impls;
  std::string tessera_missing;  // tessera.so not found: its rows are n/a with this reason
};

TlsBench::TlsBench() : s_(std::make_unique<State>()) {}
TlsBench::~TlsBench() = default;

bool tls_default_on() { return !default_tessera_path().empty(); }

std::string TlsBench::open(const TlsConfig& config) {
  s_->config = config;
  tls::Credentials creds;
  if (!tls::make_credentials(creds)) return "cannot make the ECDSA P-256 certificate";
  std::string error;
  // The Tessera provider first, then openssl, then the --tls-provider ones in their order.
  const auto spec = std::find_if(config.providers.begin(), config.providers.end(),
                                 [](const TlsProviderSpec& p) { return p.name == "tessera"; });
  const std::string path = spec != config.providers.end() && !spec->path.empty() ? spec->path : default_tessera_path();
  if (path.empty()) {
    s_->tessera_missing = "tessera.so not found (" + std::string(TESSERA_BENCH_PROVIDER_BUILD_PATH) + ", " +
                          TESSERA_BENCH_PROVIDER_INSTALL_PATH + "; --tls-provider tessera:PATH)";
    if (spec != config.providers.end()) return "--tls-provider tessera: " + s_->tessera_missing;
  } else if (auto impl = tls::load_provider("tessera provider", path, creds, error)) {
    s_->impls.push_back(std::move(impl));
  } else {
    return "--tls-provider tessera: " + error;
  }
  if (auto impl = tls::load_default(creds, error)) {
    s_->impls.push_back(std::move(impl));
  } else {
    return error;
  }
  for (const TlsProviderSpec& p : config.providers) {
    if (p.name == "tessera") continue;
    auto impl = p.path.empty() ? tls::load_named_provider(p.name, creds, error)
                               : tls::load_provider(p.name, p.path, creds, error);
    if (!impl) return "--tls-provider " + p.name + ": " + error;
    s_->impls.push_back(std::move(impl));
  }
  return {};
}

TlsRun TlsBench::run(const std::function<void(const TlsRow&)>& on_row) {
  TlsRun out;
  out.ran = true;
  out.openssl_version = OpenSSL_version(OPENSSL_VERSION_STRING);
  const TlsConfig& cfg = s_->config;
  std::vector<std::string> groups = cfg.groups;
  if (groups.empty()) {
    for (const char* g : kTlsGroups) {
      // X-Wing has no row unless some implementation offers it.
      const bool offered = std::any_of(s_->impls.begin(), s_->impls.end(), [&](const auto& i) { return i->find(g); });
      if (std::string(g) != "X-Wing" || offered) groups.emplace_back(g);
    }
  }
  std::vector<std::string> labels;
  if (!s_->tessera_missing.empty()) labels.push_back("tessera provider");
  for (const auto& impl : s_->impls) labels.push_back(impl->label);

  for (const std::string& name : groups) {
    for (const std::string& label : labels) {
      TlsRow row;
      row.implementation = label;
      row.group = name;
      const auto it = std::find_if(s_->impls.begin(), s_->impls.end(), [&](const auto& i) { return i->label == label; });
      if (it == s_->impls.end()) {
        row.reason = s_->tessera_missing;
        out.rows.push_back(row);
        on_row(row);
        continue;
      }
      const tls::Implementation& impl = **it;
      row.version = impl.version;
      const tls::Group* g = impl.find(name);
      if (g == nullptr) {
        row.reason = label + " does not offer the group";
        out.rows.push_back(row);
        on_row(row);
        continue;
      }
      SSL_CTX* server = new_ctx(impl, true, g->name);
      SSL_CTX* client = new_ctx(impl, false, g->name);
      // HelloRetryRequest: the client lists the decoy first (its only key share), which the
      // server does not accept.
      row.hrr_decoy = name == "X25519" ? "secp256r1" : "X25519";
      SSL_CTX* hrr_client = new_ctx(impl, false, row.hrr_decoy + ":" + g->name);
      row.status = TlsStatus::error;
      if (server == nullptr || client == nullptr || hrr_client == nullptr) {
        row.reason = "SSL_CTX setup failed (groups list '" + g->name + "')";
      } else if (const Timed t = timed(server, client, *g, cfg.seconds, cfg.tick_rate); !t.error.empty()) {
        row.reason = t.error;
        row.mismatches = t.mismatches;
      } else {
        row.status = TlsStatus::measured;
        row.handshakes = t.handshakes;
        row.seconds = t.seconds;
        row.handshakes_per_sec = per_second(static_cast<double>(t.handshakes), t.seconds);
        row.client_us_p50 = t.client_us_p50;
        row.server_us_p50 = t.server_us_p50;
        row.ticks = t.ticks;
        row.client_hello_bytes = t.wire.client_hello_bytes;
        row.server_hello_bytes = t.wire.server_hello_bytes;
        const Timed h = timed(server, hrr_client, *g, cfg.seconds / 2, cfg.tick_rate);
        row.mismatches = h.mismatches;
        if (!h.error.empty()) {
          row.hrr_error = h.error;
        } else if (h.wire.server_hellos != 2) {
          row.hrr_error = "the server sent no HelloRetryRequest";
        } else {
          row.hrr_measured = true;
          row.hrr_client_us_p50 = h.client_us_p50;
          row.hrr_server_us_p50 = h.server_us_p50;
          row.hrr_handshakes_per_sec = per_second(static_cast<double>(h.handshakes), h.seconds);
        }
      }
      SSL_CTX_free(hrr_client);
      SSL_CTX_free(client);
      SSL_CTX_free(server);
      out.rows.push_back(row);
      on_row(row);
    }
  }
  return out;
}

}  // namespace tessera::bench
