#include "hybrid_tables.hpp"

#include <cstdio>
#include <string_view>
#include <utility>

namespace tessera::bench {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string ticks(double v) { return format_ticks(v); }

// The last record of implementation/algorithm/operation (on `backend` when given).
const RunRecord* find(const std::vector<RunRecord>& records, std::string_view implementation,
                      std::string_view algorithm, std::string_view operation, const std::string* backend) {
  const RunRecord* found = nullptr;
  for (const RunRecord& r : records) {
    if (r.c.implementation == implementation && r.c.algorithm == algorithm && r.c.operation == operation &&
        (!backend || r.backend == *backend))
      found = &r;
  }
  return found;
}

using Rows = std::vector<std::pair<std::string_view, std::string_view>>;  // (algorithm, operation)

// The sum of the p50s of `rows`, 0 if one of them was not measured.
double median_sum(const std::vector<RunRecord>& records, std::string_view implementation, const Rows& rows,
                  const std::string* backend) {
  double sum = 0;
  for (const auto& [algorithm, operation] : rows) {
    const RunRecord* r = find(records, implementation, algorithm, operation, backend);
    const double cost = r ? median_cost(*r) : 0;
    if (cost <= 0) return 0;
    sum += cost;
  }
  return sum;
}

// "X25519 key gen + agree" (the rows of one half share the algorithm).
std::string describe(const Rows& rows) {
  std::string s = rows.empty() ? std::string() : std::string(rows[0].first) + " ";
  for (std::size_t i = 0; i < rows.size(); ++i) s += (i ? " + " : "") + std::string(rows[i].second);
  return s;
}

// One operation of the parts table: the hybrid's row and the rows of each half.
struct PartsOp {
  const char* label;
  const char* hybrid_operation;
  std::vector<const char*> mlkem_operations, curve_operations;
};

const std::vector<PartsOp>& parts_ops() {
  static const std::vector<PartsOp> ops{
      {"key gen", "key gen", {"key gen"}, {"key gen"}},
      {"encap", "encap", {"encap"}, {"key gen", "agree"}},
      {"decap (key object)", "decap (key object)", {"decap (key object)"}, {"agree"}},
  };
  return ops;
}

Rows rows_of(const char* algorithm, const std::vector<const char*>& operations) {
  Rows rows;
  for (const char* op : operations) rows.emplace_back(algorithm, op);
  return rows;
}

// The p50s of one row of the parts table (0: a part not measured); false if the hybrid's
// row itself was not measured.
struct PartsCosts {
  double hybrid = 0, mlkem = 0, curve = 0;
  bool complete() const { return hybrid > 0 && mlkem > 0 && curve > 0; }
  double ratio() const { return hybrid / (mlkem + curve); }
};
bool parts_costs(const std::vector<RunRecord>& records, const HybridParts& h, const PartsOp& op,
                 const std::string& backend, PartsCosts& out) {
  const RunRecord* hr = find(records, "tessera", h.hybrid, op.hybrid_operation, &backend);
  if (!hr) return false;
  out = {.hybrid = median_cost(*hr),
         .mlkem = median_sum(records, "tessera", rows_of(h.mlkem, op.mlkem_operations), &backend),
         .curve = median_sum(records, "tessera", rows_of(h.curve, op.curve_operations), &backend)};
  return true;
}

bool has_hybrid(const std::vector<RunRecord>& records, const std::string& backend) {
  for (const HybridParts& h : kHybridParts) {
    for (const RunRecord& r : records) {
      if (r.c.implementation == "tessera" && r.backend == backend && r.c.algorithm == h.hybrid) return true;
    }
  }
  return false;
}

// A TLS role: which rows of the hybrid it sums, and which share that side sends.
struct Role {
  const char* name;
  std::vector<const char*> operations;
  bool client;
};

}  // namespace

std::string hybrid_parts_table(const std::vector<RunRecord>& records, const std::string& backend) {
  if (!has_hybrid(records, backend)) return {};
  std::vector<std::vector<std::string>> rows{{"Hybrid", "Operation", "hybrid p50", "ML-KEM part", "curve part",
                                              "sum of parts", "hybrid / sum", "within +3 %"}};
  for (const HybridParts& h : kHybridParts) {
    for (const PartsOp& op : parts_ops()) {
      PartsCosts costs;
      if (!parts_costs(records, h, op, backend, costs)) continue;
      const Rows mlkem = rows_of(h.mlkem, op.mlkem_operations), curve = rows_of(h.curve, op.curve_operations);
      const double hc = costs.hybrid, mc = costs.mlkem, cc = costs.curve;
      auto part = [](double cost, const Rows& r) { return (cost > 0 ? ticks(cost) : "not run") + " (" + describe(r) + ")"; };
      std::vector<std::string> row{h.hybrid, op.label, ticks(hc), part(mc, mlkem), part(cc, curve)};
      if (costs.complete()) {
        const double ratio = costs.ratio();
        row.push_back(ticks(mc + cc));
        row.push_back(fmt("%.3f", ratio));
        row.push_back(ratio <= 1 + kHybridOverheadLimit ? "yes" : fmt("no (%+.1f %%)", (ratio - 1) * 100));
      } else {
        row.insert(row.end(), {"n/a", "n/a", "n/a"});
      }
      rows.push_back(std::move(row));
    }
  }
  return markdown(rows);
}

std::vector<double> hybrid_parts_ratios(const std::vector<RunRecord>& records, const std::string& backend) {
  std::vector<double> ratios;
  for (const HybridParts& h : kHybridParts) {
    for (const PartsOp& op : parts_ops()) {
      PartsCosts costs;
      if (parts_costs(records, h, op, backend, costs) && costs.complete()) ratios.push_back(costs.ratio());
    }
  }
  return ratios;
}

std::string hybrid_parts_legend() {
  return "Tessera only, one backend, median (p50) counter ticks per operation; parts: key gen = ML-KEM key gen + "
         "curve key gen, encap = ML-KEM encap + curve key gen + agree, decap (key object) = ML-KEM decap (key "
         "object) + curve agree; hybrid / sum should stay <= 1.03 (\"not run\": add that algorithm to the run)";
}

std::string hybrid_roles_table(const std::vector<RunRecord>& records, const std::vector<Implementation>& impls,
                               const std::string& backend) {
  if (!has_hybrid(records, backend)) return {};
  static const std::vector<Role> roles{
      {"client: key gen + decap (key object)", {"key gen", "decap (key object)"}, true},
      {"server: encap", {"encap"}, false},
  };
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header{"Hybrid", "Role", "Sends", "tessera (" + backend + ")"};
  for (const Implementation& impl : impls) {
    if (impl.name != "tessera") header.push_back(impl.name);
  }
  rows.push_back(header);
  for (const HybridParts& h : kHybridParts) {
    const RunRecord* any = nullptr;
    for (const char* op : {"key gen", "encap", "decap (key object)"}) {
      if (!any) any = find(records, "tessera", h.hybrid, op, &backend);
    }
    if (!any) continue;
    for (const Role& role : roles) {
      const Rows wanted = rows_of(h.hybrid, role.operations);
      const double t = median_sum(records, "tessera", wanted, &backend);
      const std::size_t sends = role.client ? any->c.public_key_bytes : any->c.ciphertext_bytes;
      std::vector<std::string> row{h.hybrid, role.name,
                                   std::string(role.client ? "client share " : "server share ") +
                                       std::to_string(sends) + " B",
                                   t > 0 ? "p50 " + ticks(t) + " cyc" : "n/a"};
      for (const Implementation& impl : impls) {
        if (impl.name == "tessera") continue;
        if (!impl.built) {
          row.push_back(impl.missing);
          continue;
        }
        const double p = median_sum(records, impl.name, wanted, nullptr);
        if (p <= 0) {
          row.push_back("n/a");
          continue;
        }
        std::string cell = "p50 " + ticks(p) + " cyc";
        if (t > 0) cell += fmt(" (%.2fx)", t / p);
        row.push_back(cell);
      }
      rows.push_back(std::move(row));
    }
  }
  return markdown(rows);
}

std::string hybrid_roles_legend() {
  return "median (p50) counter ticks summed over the role's operations; client share = public key bytes, server "
         "share = ciphertext bytes; in parentheses Tessera / peer, >1: the peer is faster; n/a: the implementation "
         "lacks one of the role's operations";
}

}  // namespace tessera::bench
