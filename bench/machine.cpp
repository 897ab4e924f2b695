#include "machine.hpp"

#include "cpu/features.hpp"
#include "tessera_config.hpp"
#include "timer.hpp"

#include <sys/utsname.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

// From bench/CMakeLists.txt.
#ifndef TESSERA_BENCH_BUILD_TYPE
#define TESSERA_BENCH_BUILD_TYPE "unknown"
#endif
#ifndef TESSERA_BENCH_CXX_FLAGS
#define TESSERA_BENCH_CXX_FLAGS ""
#endif

namespace tessera::bench {
namespace {

std::string trim(std::string s) {
  const auto first = s.find_first_not_of(" \t");
  const auto last = s.find_last_not_of(" \t");
  return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    // x86: "model name : ..."; some Arm kernels: "Model name" or "Hardware".
    if (line.starts_with("model name") || line.starts_with("Model name")) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return trim(line.substr(colon + 1));
    }
  }
  return "unknown";
}

// Kernel name, release and machine: timer and scheduler behaviour (and, on Arm, which CPU
// features the kernel exposes) depend on it.
std::string kernel() {
  utsname u{};
  if (uname(&u) != 0) return "unknown";
  return std::string(u.sysname) + " " + u.release + " " + u.machine;
}

}  // namespace

MachineInfo machine_info() {
  MachineInfo m;
  m.cpu = cpu_model();
  m.cpu_features = cpu::feature_string();
  m.kernel = kernel();
  m.tessera_version = TESSERA_VERSION_STRING;
  m.compiler = TESSERA_COMPILER_ID;
  m.build_type = TESSERA_BENCH_BUILD_TYPE;
  m.build_flags = trim(TESSERA_BENCH_CXX_FLAGS);
  m.tick_source = tick_source();
  m.tick_rate = measure_tick_rate(0.02);
  return m;
}

std::string load_average() {
  double l[3];
  if (getloadavg(l, 3) != 3) return "unknown";
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.2f %.2f %.2f over %u CPUs", l[0], l[1], l[2],
                std::thread::hardware_concurrency());
  return buf;
}

double load_average_1min() {
  double l[1];
  return getloadavg(l, 1) == 1 ? l[0] : -1;
}

}  // namespace tessera::bench
