#include "report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>

namespace tessera::bench {
namespace {

[[gnu::format(printf, 1, 2)]] std::string format(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  const int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return n < 0 ? std::string() : std::string(buf, std::min<std::size_t>(static_cast<std::size_t>(n), sizeof buf - 1));
}

const char* const kRule =
    "------------------------------------------------------------------------------\n";

}  // namespace

std::string format_header(const MachineInfo& machine, const std::vector<Backend>& backends,
                          const std::vector<std::size_t>& block_sizes, double seconds) {
  std::string h = kRule;
  h += " Tessera version " + machine.tessera_version + "\n";
  h += kRule;
  h += "CPU:       " + machine.cpu + "\n";
  h += "Features:  " + (machine.cpu_features.empty() ? std::string("none") : machine.cpu_features) + "\n";
  h += "Backend:   ";
  for (std::size_t i = 0; i < backends.size(); ++i) {
    h += (i ? ", " : "") + std::string(backend_name(backends[i]));
  }
  h += " (best: " + std::string(backend_name(best_backend())) + ")\n";
  h += "Compiler:  " + machine.compiler + ", " + machine.build_type +
       (machine.build_flags.empty() ? std::string() : ", " + machine.build_flags) + "\n";
  h += format("Cycles:    %s at %.3f GHz (a constant-rate counter: core cycles only at that clock)\n",
              machine.tick_source.c_str(), machine.tick_rate / 1e9);
  std::string sizes;
  for (std::size_t s : block_sizes) sizes += (sizes.empty() ? "" : ", ") + std::to_string(s);
  // wolfCrypt prints "%.1f"; keep that unless it would hide a shorter --seconds.
  const bool tenths = std::fabs(seconds * 10 - std::round(seconds * 10)) < 1e-9;
  h += format(tenths ? "Tessera Benchmark (block bytes %s, min %.1f sec each)\n"
                     : "Tessera Benchmark (block bytes %s, min %.3g sec each)\n",
              sizes.empty() ? "n/a" : sizes.c_str(), seconds);
  return h;
}

std::string format_line(const Case& c, const Measurement& m) {
  const Summary& t = m.ticks_per_call;
  if (c.kind == Kind::bytes) {
    double amount = static_cast<double>(m.calls) * static_cast<double>(c.bytes_per_op);
    const char* unit = "bytes";
    if (amount > 1024.0 * 1024.0) {
      amount /= 1024.0 * 1024.0;
      unit = "MiB";
    } else if (amount > 1024.0) {
      amount /= 1024.0;
      unit = "KiB";
    }
    const double per_byte = static_cast<double>(c.bytes_per_op);
    return format("%-24s %5.0f %s took %5.3f seconds, %8.3f %s/s Cycles per byte = %6.2f (p50 %.2f, p99 %.2f)\n",
                  c.label.c_str(), amount, unit, m.seconds, amount / m.seconds, unit, t.mean / per_byte,
                  t.median / per_byte, t.p99 / per_byte);
  }
  const double ms_each = m.calls ? 1000.0 * m.seconds / static_cast<double>(m.calls) : 0;
  // KEMs: what goes on the wire, the client's key share (public key) and the server's reply
  // (ciphertext), appended so the wolfCrypt part of the line keeps its shape.
  const std::string shares =
      c.public_key_bytes == 0 ? std::string()
                              : format(", client share %zu B, server share %zu B", c.public_key_bytes, c.ciphertext_bytes);
  return format("%-6s %5d %8s%-2s %s %6llu ops took %5.3f sec, avg %5.3f ms, %.3f ops/sec, %.0f cycles, p50 %.0f, p90 %.0f, p99 %.0f%s\n",
                c.label.c_str(), c.strength, c.operation.c_str(), "", "",
                static_cast<unsigned long long>(m.calls), m.seconds, ms_each, m.ops_per_sec, t.mean,
                t.median, t.p90, t.p99, shares.c_str());
}

std::string format_threads_line(const Case& c, const Measurement& single, const ThreadedMeasurement& t) {
  std::string per;
  for (const Measurement& m : t.per_thread) per += (per.empty() ? "" : ", ") + format("%.0f", m.ops_per_sec);
  return format("%-6s %5d %8s x%u threads %6llu ops took %5.3f sec, %.3f ops/sec aggregate, %.2fx one thread, "
                "p50 %.0f (per thread: %s ops/sec), CPU share %.2f (one thread %.2f), %.2f per CPU-second\n",
                c.label.c_str(), c.strength, c.operation.c_str(), t.threads,
                static_cast<unsigned long long>(t.calls), t.seconds, t.ops_per_sec, thread_scaling(t, single),
                t.ticks_per_call.median, per.c_str(), thread_cpu_share(t), cpu_share(single),
                thread_cpu_efficiency(t, single));
}

void add_threads_fields(nlohmann::json& r, const Measurement& single, const ThreadedMeasurement& t) {
  nlohmann::json per = nlohmann::json::array();
  for (const Measurement& m : t.per_thread) per.push_back(m.ops_per_sec);
  r["threads"] = t.threads;
  r["threads_calls"] = t.calls;
  r["threads_seconds"] = t.seconds;
  r["threads_ops_per_sec"] = t.ops_per_sec;
  r["threads_scaling"] = thread_scaling(t, single);
  r["threads_cycles_median"] = t.ticks_per_call.median;
  r["threads_cycles_p99"] = t.ticks_per_call.p99;
  r["threads_per_thread_ops_per_sec"] = per;
  if (t.cpu_seconds > 0) r["threads_cpu_seconds"] = t.cpu_seconds;
  if (const double e = thread_cpu_efficiency(t, single); e > 0) r["threads_cpu_efficiency"] = e;
}

std::string format_list_line(const Case& c) {
  const std::string size = c.kind == Kind::bytes ? size_label(c.block_bytes) : "-";
  return format("%-10s %-16s %-10s %s\n", c.implementation.c_str(), c.algorithm.c_str(),
                c.operation.c_str(), size.c_str());
}

nlohmann::json json_record(const Case& c, Backend backend, const Measurement& m,
                           const MachineInfo& machine) {
  return json_record(c, backend_name(backend), c.acceleration ? c.acceleration(backend) : std::string(),
                     machine.tessera_version, m, machine);
}

nlohmann::json json_record(const Case& c, std::string_view backend, const std::string& acceleration,
                           const std::string& version, const Measurement& m, const MachineInfo& machine) {
  const Summary& t = m.ticks_per_call;
  nlohmann::json r = {
      {"implementation", c.implementation},
      {"algorithm", c.algorithm},
      {"operation", c.operation},
      {"kind", c.kind == Kind::bytes ? "bytes" : "ops"},
      {"implementation_version", version},
      {"backend", std::string(backend)},
      {"acceleration", acceleration},
      {"label", c.label},
      {"block_bytes", c.block_bytes},
      {"calls", m.calls},
      {"seconds", m.seconds},
      {"batch", m.batch},
      {"samples", t.samples},
      {"ops_per_sec", m.ops_per_sec},
      {"cycles_per_op", t.mean},
      {"cycles_min", t.min},
      {"cycles_median", t.median},
      {"cycles_p90", t.p90},
      {"cycles_p99", t.p99},
      {"cycles_max", t.max},
      {"cycle_counter", machine.tick_source},
      {"counter_hz", machine.tick_rate},
      {"cpu", machine.cpu},
      {"compiler", machine.compiler},
      {"build_type", machine.build_type},
      {"tessera_version", machine.tessera_version},
  };
  if (c.kind == Kind::bytes) {
    const double n = static_cast<double>(c.bytes_per_op);
    r["bytes_per_op"] = c.bytes_per_op;
    r["bytes_per_sec"] = m.ops_per_sec * n;
    r["cycles_per_byte"] = t.mean / n;
    r["cycles_per_byte_median"] = t.median / n;
    r["cycles_per_byte_p99"] = t.p99 / n;
  } else {
    r["strength"] = c.strength;
  }
  if (m.cpu_seconds > 0) r["cpu_seconds"] = m.cpu_seconds;  // this thread's CPU time over `seconds`
  if (c.message_bytes != 0) r["message_bytes"] = c.message_bytes;
  if (c.public_key_bytes != 0) {
    r["public_key_bytes"] = c.public_key_bytes;  // the client's key share
    r["ciphertext_bytes"] = c.ciphertext_bytes;  // the server's reply
  }
  return r;
}

}  // namespace tessera::bench
