// What the results were measured on: printed before them and stored in every JSON record.
#pragma once

#include <string>

namespace tessera::bench {

struct MachineInfo {
  std::string cpu;             // /proc/cpuinfo "model name" (Linux), else "unknown"
  std::string cpu_features;    // the features Tessera's backends use (cpu::feature_string)
  std::string kernel;          // uname(): "Linux 6.1.0-18-amd64 x86_64", else "unknown"
  std::string tessera_version;
  std::string compiler;        // "GNU 12.2.0"
  std::string build_type;      // CMAKE_BUILD_TYPE
  std::string build_flags;     // CMAKE_CXX_FLAGS + the build type's flags
  std::string tick_source;     // "rdtsc", ...
  double tick_rate = 0;        // counter ticks per second (measured)
};

MachineInfo machine_info();

// The system load average now, "6.72 7.95 7.30 over 2 CPUs" (1, 5, 15 minutes; "unknown"
// where getloadavg() is missing), printed with --threads: scaling needs idle cores.
std::string load_average();
// The 1-minute load average, -1 if unknown.
double load_average_1min();

}  // namespace tessera::bench
