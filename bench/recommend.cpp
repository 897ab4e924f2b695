#include "recommend.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace tessera::bench {
namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

// Ticks as the other tables print them; per byte with 2 decimals.
std::string ticks(double v, bool per_byte) {
  if (per_byte) return fmt("%.2f", v) + " cyc/B";
  return format_ticks(v) + " cyc";
}

std::string names(const std::vector<Candidate>& cs, bool per_byte) {
  std::string s;
  for (const Candidate& c : cs) s += (s.empty() ? "" : ", ") + c.name + " (p50 " + ticks(c.p50, per_byte) + ")";
  return s;
}

}  // namespace

double Recommendation::margin() const {
  return others.empty() || fastest.empty() || fastest[0].p50 <= 0 ? 0 : others[0].p50 / fastest[0].p50 - 1;
}

std::vector<Recommendation> recommendations(const std::vector<RunRecord>& records,
                                            const std::string& tessera_backend) {
  std::vector<std::string> keys;
  std::map<std::string, std::vector<Candidate>> by_key;
  std::map<std::string, const RunRecord*> first;
  for (const RunRecord& r : records) {
    const bool tessera = r.c.implementation == "tessera";
    if (tessera && r.backend != tessera_backend) continue;
    const double p50 = median_cost(r);
    if (p50 <= 0) continue;
    const std::string key = row_key(r.c);
    if (!first.count(key)) {
      keys.push_back(key);
      first[key] = &r;
    }
    const std::string name = tessera ? "tessera (" + r.backend + ")" : r.c.implementation;
    std::vector<Candidate>& cs = by_key[key];
    // A repeated record (the same case twice) counts once: the last one, as the tables do.
    std::erase_if(cs, [&](const Candidate& c) { return c.name == name; });
    cs.push_back({name, p50});
  }
  std::vector<Recommendation> out;
  for (const std::string& key : keys) {
    std::vector<Candidate> cs = by_key[key];
    std::stable_sort(cs.begin(), cs.end(), [](const Candidate& a, const Candidate& b) { return a.p50 < b.p50; });
    Recommendation rec{.algorithm = first[key]->c.algorithm, .operation = row_operation(first[key]->c),
                       .per_byte = first[key]->c.kind == Kind::bytes, .fastest = {}, .others = {}};
    for (const Candidate& c : cs) {
      (c.p50 <= cs[0].p50 * (1 + kTieTolerance) ? rec.fastest : rec.others).push_back(c);
    }
    out.push_back(std::move(rec));
  }
  return out;
}

std::string recommendation_table(const std::vector<Recommendation>& recs) {
  if (recs.empty()) return {};
  std::vector<std::vector<std::string>> rows{{"Algorithm", "Operation", "Fastest (p50)", "Next (p50)",
                                              "Margin (next / fastest - 1)"}};
  for (const Recommendation& r : recs) {
    const bool per_byte = r.per_byte;
    std::string fastest = names(r.fastest, per_byte);
    if (r.fastest.size() > 1) fastest = "tie: " + fastest;
    const bool alone = r.fastest.size() == 1 && r.others.empty();
    rows.push_back({r.algorithm, r.operation, fastest,
                    r.others.empty() ? (alone ? "- (only one implementation measured)" : "-")
                                     : names({r.others[0]}, per_byte),
                    r.others.empty() ? "-" : fmt("+%.0f %%", r.margin() * 100)});
  }
  return markdown(rows);
}

std::string recommendation_rule(const std::string& tessera_backend) {
  return "Rule: for each algorithm and operation the lowest median (p50) counter ticks wins, among Tessera on " +
         tessera_backend +
         " and every peer that measured the row; candidates within 3 % of the fastest p50 are reported as a "
         "tie; Margin = the next candidate's p50 / the fastest p50 - 1";
}

std::string recommendation_summary(const std::vector<Recommendation>& recs) {
  std::vector<std::pair<std::string, int>> wins;  // first-seen order
  int compared = 0, ties = 0;
  for (const Recommendation& r : recs) {
    if (r.fastest.size() + r.others.size() < 2) continue;
    ++compared;
    if (r.fastest.size() > 1) {
      ++ties;
      continue;
    }
    auto it = std::find_if(wins.begin(), wins.end(), [&](const auto& w) { return w.first == r.fastest[0].name; });
    if (it == wins.end()) {
      wins.emplace_back(r.fastest[0].name, 1);
    } else {
      ++it->second;
    }
  }
  if (compared == 0) return {};
  std::stable_sort(wins.begin(), wins.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string s;
  for (std::size_t i = 0; i < wins.size(); ++i) {
    s += i == 0 ? wins[i].first + " is fastest in " + std::to_string(wins[i].second) + " of " +
                      std::to_string(compared) + " operations measured by two or more implementations"
                : ", " + wins[i].first + " in " + std::to_string(wins[i].second);
  }
  if (wins.empty()) s = "No single implementation is fastest in any of the " + std::to_string(compared) +
                        " operations measured by two or more implementations";
  if (ties > 0) s += "; " + std::to_string(ties) + (ties == 1 ? " tie" : " ties");
  return s;
}

}  // namespace tessera::bench
