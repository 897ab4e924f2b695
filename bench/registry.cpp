#include "registry.hpp"

#include <utility>

namespace tessera::bench {

std::string size_label(std::size_t bytes) {
  if (bytes != 0 && bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + "MiB";
  if (bytes != 0 && bytes % 1024 == 0) return std::to_string(bytes / 1024) + "KiB";
  return std::to_string(bytes) + "B";
}

Case bytes_case(std::string algorithm, std::string operation, std::size_t block_bytes,
                std::function<Op()> prepare, int ways, std::string label) {
  Case c;
  c.implementation = "tessera";
  c.kind = Kind::bytes;
  c.block_bytes = block_bytes;
  c.bytes_per_op = block_bytes * static_cast<std::size_t>(ways);
  c.label = (label.empty() ? algorithm : std::move(label)) + " " + size_label(block_bytes);
  c.algorithm = std::move(algorithm);
  c.operation = std::move(operation);
  c.prepare = std::move(prepare);
  return c;
}

Case ops_case(std::string algorithm, std::string operation, int strength,
              std::function<Op()> prepare, std::string label) {
  Case c;
  c.implementation = "tessera";
  c.kind = Kind::ops;
  c.strength = strength;
  c.label = label.empty() ? algorithm : std::move(label);
  c.algorithm = std::move(algorithm);
  c.operation = std::move(operation);
  c.prepare = std::move(prepare);
  return c;
}

Case peer_bytes_case(std::string implementation, std::string algorithm, std::string operation,
                     std::size_t block_bytes, std::function<Op()> prepare, std::string acceleration,
                     std::string label) {
  Case c = bytes_case(std::move(algorithm), std::move(operation), block_bytes, std::move(prepare), 1,
                      std::move(label));
  c.implementation = std::move(implementation);
  c.acceleration = [a = std::move(acceleration)](Backend) { return a; };
  return c;
}

Case peer_ops_case(std::string implementation, std::string algorithm, std::string operation,
                   int strength, std::function<Op()> prepare, std::string acceleration,
                   std::string label) {
  Case c = ops_case(std::move(algorithm), std::move(operation), strength, std::move(prepare),
                    std::move(label));
  c.implementation = std::move(implementation);
  c.acceleration = [a = std::move(acceleration)](Backend) { return a; };
  return c;
}

std::string describe_acceleration(Backend b, std::initializer_list<std::pair<const char*, bool>> parts) {
  std::string list;
  for (const auto& [name, accelerated] : parts) {
    if (!accelerated) continue;
    list += (list.empty() ? "" : ", ") + std::string(name);
  }
  if (list.empty()) return "portable";
  return std::string(backend_name(b)) + " (" + list + ")";
}

bool names_accelerated_path(const std::string& description) {
  return !description.empty() && description.rfind("portable", 0) != 0;
}

std::string combine_acceleration(Backend b, std::initializer_list<std::pair<const char*, std::string>> halves) {
  std::string list;
  for (const auto& [name, description] : halves) {
    if (!names_accelerated_path(description)) continue;
    // "<backend> (<parts>)" -> "<parts>"; halves joined with " + " (not ";",
    // which the CMake report checks would split as a list separator)
    const std::size_t open = description.find(" (");
    const std::string parts = open == std::string::npos || description.back() != ')'
                                  ? description
                                  : description.substr(open + 2, description.size() - open - 3);
    list += (list.empty() ? "" : " + ") + std::string(name) + ": " + parts;
  }
  if (list.empty()) return "portable";
  return std::string(backend_name(b)) + " (" + list + ")";
}

std::vector<Peer>& peer_registry() {
  static std::vector<Peer> peers;
  return peers;
}

const Peer* find_peer(std::string_view name) {
  for (const Peer& p : peer_registry()) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

PeerRegistration::PeerRegistration(Peer peer) { peer_registry().push_back(std::move(peer)); }

std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

Registration::Registration(std::vector<Case> cases) {
  for (Case& c : cases) registry().push_back(std::move(c));
}

}  // namespace tessera::bench
